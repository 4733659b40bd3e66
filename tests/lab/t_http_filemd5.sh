#!/usr/bin/env bash
# filemd5 through quelld inline (NFQUEUE in the ips namespace), curl
# against the lab's HTTP server:
# - a response body whose MD5 is in the rule's list alerts once, with the
#   http object of its request (the list sits beside the rule file and is
#   read from there);
# - a gzip-compressed response is hashed after decompression (the body
#   as the server built it, as Suricata's file MD5 is), so the same list
#   matches it;
# - a body not listed does not alert, and a negated list alerts on it;
# - every client gets its page intact (alert rules only).
# shellcheck disable=SC2016 # jq programs in single quotes
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"

CONFIG="$QUELL_TOP_SRCDIR/etc/quell.yaml"
RULE='-j NFQUEUE --queue-num 0 --queue-bypass'

lab_require
[ -x "$QUELL_TOP_BUILDDIR/daemon/quelld" ] || lab_fail "daemon/quelld is not built in $QUELL_TOP_BUILDDIR"
command -v curl >/dev/null || _lab_cannot_run "curl not found (Debian: apt-get install curl)"
lab_setup
lab_start_httpd

page() {	# page MARKER: the /page body the server sends before encoding
	"$LAB_PYTHON" "$QUELL_TOP_SRCDIR/tests/lab/httpd.py" --print-page "$1"
}
listed=$(page QUELL-MD5-LISTED | md5sum | cut -d' ' -f1)
other=$(page QUELL-MD5-OTHER | md5sum | cut -d' ' -f1)
[ "$listed" != "$other" ] || lab_fail "the two pages have one md5"
mkdir -p "$LAB_TMP/rules"
printf '# lab md5 list\n%s lab page\n' "$listed" >"$LAB_TMP/rules/bad.md5"
cat >"$LAB_TMP/rules/md5.rules" <<'EOF2'
alert http any any -> any any (msg:"LAB listed md5"; flow:established,to_client; filemd5:bad.md5; sid:1602001; rev:1;)
alert http any any -> any any (msg:"LAB md5 not listed"; flow:established,to_client; filemd5:!bad.md5; sid:1602002; rev:1;)
EOF2
logdir="$LAB_TMP/log"
mkdir -p "$logdir"

# shellcheck disable=SC2086
lab_ipt -I FORWARD $RULE || lab_fail "insert IPv4 NFQUEUE rule"
lab_start_quelld -c "$CONFIG" -S "$LAB_TMP/rules/md5.rules" -l "$logdir" -q 0
grep -q 'rules: 2 loaded, 0 failed, 0 unsupported' "${LAB_LOG[quelld]}" ||
	lab_fail "the rules did not load: $(grep 'rules:' "${LAB_LOG[quelld]}")"

base="http://$LAB_SERVER4:$LAB_HTTP_PORT"
got=$(lab_client curl -sS --max-time 5 "$base/page?marker=QUELL-MD5-LISTED" | md5sum | cut -d' ' -f1) ||
	lab_fail "curl listed page"
lab_assert_eq "listed page (md5)" "$listed" "$got"
got=$(lab_client curl -sS --max-time 5 --compressed "$base/page?enc=gzip&marker=QUELL-MD5-LISTED" | md5sum | cut -d' ' -f1) ||
	lab_fail "curl gzip listed page"
lab_assert_eq "gzip listed page (md5)" "$listed" "$got"
got=$(lab_client curl -sS --max-time 5 "$base/page?marker=QUELL-MD5-OTHER" | md5sum | cut -d' ' -f1) ||
	lab_fail "curl other page"
lab_assert_eq "other page (md5)" "$other" "$got"

lab_settle_counter FORWARD "$RULE" || exit 1
lab_quiesce
lab_stop_quelld_ok

eve="$logdir/eve.json"
lab_eve_check "$eve"
lab_assert_eq "filemd5 alerts on the listed page" 1 "$(lab_eve_alerts "$eve" 1602001 '.app_proto == "http" and .http.url == "/page?marker=QUELL-MD5-LISTED" and .alert.action == "allowed"')"
lab_assert_eq "filemd5 alerts on the gzip listed page" 1 "$(lab_eve_alerts "$eve" 1602001 '.http.url == "/page?enc=gzip&marker=QUELL-MD5-LISTED"')"
lab_assert_eq "filemd5 alerts in all" 2 "$(lab_eve_alerts "$eve" 1602001)"
lab_assert_eq "negated filemd5 alerts on the other page" 1 "$(lab_eve_alerts "$eve" 1602002 '.http.url == "/page?marker=QUELL-MD5-OTHER"')"
lab_assert_eq "negated filemd5 alerts in all" 1 "$(lab_eve_alerts "$eve" 1602002)"
echo "PASS: filemd5 through quelld: listed, gzip-decoded and negated lists ($LAB_IPTABLES)"
