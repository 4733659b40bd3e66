#!/usr/bin/env bash
# quelld drops a TCP request that matches a drop rule, inline, over IPv4 and
# IPv6, and lets everything else through:
# - with `-j NFQUEUE --queue-num 0 --queue-bypass` in the ips and the rule
#   `drop tcp any any -> any 8080 (content:"/attack"; sid:1000002)`,
#   GET /ok returns the known body, GET /attack times out and never reaches
#   the server, ping passes;
# - quelld exits 0 on SIGTERM;
# - its final stats event counts exactly the packets the NFQUEUE rules
#   queued (packets == accepted + dropped, dropped >= 1);
# - eve.json is one JSON object per line and holds a "blocked" alert for sid
#   1000002 from the client, for each address family.
# shellcheck disable=SC2016,SC2119 # awk/jq programs in single quotes; optional helper args
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"

CONFIG="$QUELL_TOP_SRCDIR/etc/quell.yaml"
RULE='-j NFQUEUE --queue-num 0 --queue-bypass'
SID=1000002

lab_require
[ -x "$QUELL_TOP_BUILDDIR/daemon/quelld" ] || lab_fail "daemon/quelld is not built in $QUELL_TOP_BUILDDIR"
[ -r "$CONFIG" ] || lab_fail "$CONFIG is missing"
lab_setup

cat >"$LAB_TMP/drop.rules" <<EOF
drop tcp any any -> any $LAB_HTTP_PORT (msg:"LAB attack URL"; content:"/attack"; sid:$SID; rev:1;)
EOF
logdir="$LAB_TMP/log"
mkdir -p "$logdir"

lab_start_httpd
# shellcheck disable=SC2086
lab_ipt -I FORWARD $RULE || lab_fail "insert IPv4 NFQUEUE rule"
# shellcheck disable=SC2086
lab_ip6t -I FORWARD $RULE || lab_fail "insert IPv6 NFQUEUE rule"
lab_start_quelld -c "$CONFIG" -S "$LAB_TMP/drop.rules" -l "$logdir" -q 0

for base in "http://$LAB_SERVER4:$LAB_HTTP_PORT" "http://[$LAB_SERVER6]:$LAB_HTTP_PORT"; do
	body=$(lab_client curl -sS -g --max-time 5 "$base/ok") || lab_fail "curl $base/ok failed"
	lab_assert_eq "body of $base/ok" "$LAB_HTTP_BODY" "$body"
	rc=0
	lab_client curl -sS -g --max-time 3 -o /dev/null "$base/attack" 2>/dev/null || rc=$?
	# 28 = timed out: the connection was set up, the request was dropped.
	lab_assert_eq "curl exit status for $base/attack (28 = timeout)" 28 "$rc"
done
for dst in "$LAB_SERVER4" "$LAB_SERVER6"; do
	lab_client ping -q -n -c 3 -i 0.2 -W 2 "$dst" >/dev/null || lab_fail "ping $dst"
	lab_log "ok: ping $dst"
done

lab_settle_counter FORWARD "$RULE" || exit 1
lab_settle_counter -6 FORWARD "$RULE" || exit 1
lab_quiesce
lab_stop_quelld_ok

# The server saw /ok and never /attack.
grep -q 'GET /ok ' "$LAB_TMP/httpd.log" || lab_fail "httpd never saw GET /ok"
if grep -q '/attack' "$LAB_TMP/httpd.log"; then
	lab_fail "the server received /attack: $(grep '/attack' "$LAB_TMP/httpd.log")"
fi
lab_log "ok: the server never received /attack"

eve="$logdir/eve.json"
[ -s "$eve" ] || lab_fail "$eve is missing or empty"
lines=$(wc -l <"$eve")
objects=$(jq -R -r 'fromjson | type == "object"' "$eve" | grep -c '^true$')
lab_assert_eq "eve.json lines that are JSON objects" "$lines" "$objects"

last=$(tail -n 1 "$eve" | jq -r '.event_type')
lab_assert_eq "event_type of the last eve.json line" stats "$last"
read -r packets accepted dropped < <(tail -n 1 "$eve" |
	jq -r '.stats.nfq | "\(.packets) \(.accepted) \(.dropped)"')
case "$packets$accepted$dropped" in
*[!0-9]* | "") lab_fail "final stats event lacks stats.nfq.{packets,accepted,dropped}: $(tail -n 1 "$eve")" ;;
esac
n4=$(lab_ipt_counter FORWARD "$RULE") || exit 1
n6=$(lab_ipt_counter -6 FORWARD "$RULE") || exit 1
lab_log "rule counters: IPv4 $n4, IPv6 $n6; quelld: packets $packets accepted $accepted dropped $dropped"
lab_assert_eq "stats.nfq.packets vs NFQUEUE rule counters (v4 + v6)" "$((n4 + n6))" "$packets"
lab_assert_eq "accepted + dropped" "$packets" "$((accepted + dropped))"
[ "$dropped" -ge 2 ] || lab_fail "stats.nfq.dropped is $dropped, expected >= 2 (one /attack per family)"

# Blocked alerts for the drop rule, by source address (normalised, so the
# IPv6 text form quelld chooses does not matter).
srcs=$(jq -r --argjson sid "$SID" 'select(.event_type == "alert"
		and .alert.signature_id == $sid and .alert.action == "blocked"
		and .dest_port == '"$LAB_HTTP_PORT"' and .proto == "TCP") | .src_ip' "$eve" |
	"$LAB_PYTHON" -c 'import ipaddress, sys
print(" ".join(sorted({str(ipaddress.ip_address(l.strip())) for l in sys.stdin if l.strip()})))') ||
	lab_fail "cannot read the alerts in $eve"
lab_assert_eq "sources of blocked alerts for sid $SID" "$LAB_CLIENT4 $LAB_CLIENT6" "$srcs"
echo "PASS: quelld drops /attack over IPv4 and IPv6 ($LAB_IPTABLES)"
