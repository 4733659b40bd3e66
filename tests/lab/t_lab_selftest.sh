#!/usr/bin/env bash
# The lab itself works, with bench/nfq_baseline as the NFQUEUE consumer:
# - client and server have no default route and can reach nothing outside
#   198.18.0.0/15 and 2001:2::/48;
# - HTTP (small page and a 4 MB download, checksummed) and ping pass over
#   IPv4 and IPv6 through NFQUEUE rules *without* --queue-bypass, so every
#   forwarded packet needed the consumer's verdict;
# - the NFQUEUE rule counters (v4 + v6) equal the packets the baseline says
#   it verdicted, and the kernel dropped none of them.
# shellcheck disable=SC2016,SC2119 # awk/jq programs in single quotes; optional helper args
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"

BASELINE="$QUELL_TOP_BUILDDIR/bench/nfq_baseline"
RULE='-j NFQUEUE --queue-num 0'
BIG=4000000

lab_require
[ -x "$BASELINE" ] || lab_fail "$BASELINE is not built"
lab_setup

# --- containment: no default route, nothing outside the lab is routable
for ns in "$LAB_NS_C" "$LAB_NS_S"; do
	for fam in -4 -6; do
		r=$(ip -n "$ns" "$fam" route show default)
		lab_assert_eq "default route ($fam) in $ns" "" "$r"
	done
	# A route lookup only, no packet is sent.
	if ip -n "$ns" route get 192.0.2.1 >/dev/null 2>&1; then
		lab_fail "$ns can route to 192.0.2.1 (outside the lab)"
	fi
	if ip -n "$ns" -6 route get 2001:db8::1 >/dev/null 2>&1; then
		lab_fail "$ns can route to 2001:db8::1 (outside the lab)"
	fi
done
lab_log "ok: client and server route only the lab ranges"

lab_start_httpd
lab_server "$LAB_PYTHON" "$QUELL_TOP_SRCDIR/tests/lab/httpd.py" --print-big "$BIG" >"$LAB_TMP/big.expected" ||
	lab_fail "httpd.py --print-big"
big_sum=$(sha256sum <"$LAB_TMP/big.expected" | awk '{ print $1 }')

# No --queue-bypass: without a consumer these packets would be dropped.
# shellcheck disable=SC2086
lab_ipt -I FORWARD $RULE || lab_fail "insert IPv4 NFQUEUE rule"
# shellcheck disable=SC2086
lab_ip6t -I FORWARD $RULE || lab_fail "insert IPv6 NFQUEUE rule"
lab_start_nfq baseline "$BASELINE" -q 0

for url in "http://$LAB_SERVER4:$LAB_HTTP_PORT/ok" "http://[$LAB_SERVER6]:$LAB_HTTP_PORT/ok"; do
	body=$(lab_client curl -sS -g --max-time 5 "$url") || lab_fail "curl $url failed"
	lab_assert_eq "body of $url" "$LAB_HTTP_BODY" "$body"
	got=$(lab_client curl -sS -g --max-time 10 "${url%/ok}/big?bytes=$BIG" | sha256sum | awk '{ print $1 }')
	lab_assert_eq "sha256 of ${url%/ok}/big?bytes=$BIG" "$big_sum" "$got"
done
for dst in "$LAB_SERVER4" "$LAB_SERVER6"; do
	lab_client ping -q -n -c 3 -i 0.2 -W 2 "$dst" >/dev/null || lab_fail "ping $dst"
	lab_log "ok: ping $dst"
done

lab_settle_counter FORWARD "$RULE" || exit 1
lab_settle_counter -6 FORWARD "$RULE" || exit 1
lab_quiesce
# queue_dropped (col 6) and user_dropped (col 7) of queue 0 in the ips.
drops=$(lab_ips awk '$1 == 0 { print $6 + $7 }' /proc/net/netfilter/nfnetlink_queue)
lab_assert_eq "packets the kernel dropped on queue 0" 0 "$drops"

rc=0
lab_stop baseline || rc=$?
lab_assert_eq "nfq_baseline exit status" 0 "$rc"
n4=$(lab_ipt_counter FORWARD "$RULE") || exit 1
n6=$(lab_ipt_counter -6 FORWARD "$RULE") || exit 1
verdicted=$(awk '$1 == "verdicted" { print $2 }' "$LAB_TMP/baseline.out")
lab_log "rule counters: IPv4 $n4, IPv6 $n6; baseline verdicted ${verdicted:-?}"
if [ "$n4" -eq 0 ] || [ "$n6" -eq 0 ]; then
	lab_fail "no packets were queued (v4 $n4, v6 $n6)"
fi
lab_assert_eq "packets queued (v4 + v6) vs verdicted" "$((n4 + n6))" "$verdicted"
echo "PASS: lab self-test ($LAB_IPTABLES)"
