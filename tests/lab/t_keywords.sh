#!/usr/bin/env bash
# Real traffic through the lab triggers the signature keywords of
# tests/lab/keywords.rules, and eve.json holds exactly the expected alerts
# per sid, no more, no fewer:
# - content (with nocase), pcre (relative, /i), byte_test on text
#   (string,dec) and on binary (big and little endian), flowbits
#   (set/unset with noalert on a request, isset on the response and on a
#   second request of the same connection, isnotset on a fresh one),
#   flow (established,to_server; not_established on each SYN; to_client,
#   from_server and not_established never on a request), dsize (UDP),
#   threshold limit / threshold / both and detection_filter tracked
#   by_src (IPv4 and IPv6 sources counted apart), and by_rule;
# - the traffic is a fixed list of curl requests (IPv4, some IPv6) to the
#   lab httpd and UDP datagrams (IPv4, one IPv6) to a sink, so every
#   count is exact; the rules numbered 29xx must never fire, and no sid
#   outside the file may appear;
# - every request got its answer and the sink got every datagram (quelld
#   only alerts), quelld exits 0 and its final stats count the alerts.
# shellcheck disable=SC2016,SC2119 # jq/python programs in single quotes; optional helper args
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"

CONFIG="$QUELL_TOP_SRCDIR/etc/quell.yaml"
RULES="$QUELL_TOP_SRCDIR/tests/lab/keywords.rules"
RULE='-j NFQUEUE --queue-num 0 --queue-bypass'

lab_require
[ -x "$QUELL_TOP_BUILDDIR/daemon/quelld" ] || lab_fail "daemon/quelld is not built in $QUELL_TOP_BUILDDIR"
[ -r "$CONFIG" ] || lab_fail "$CONFIG is missing"
[ -r "$RULES" ] || lab_fail "$RULES is missing"

lab_setup

# Every rule must load: a rule skipped as unsupported or failed would
# turn an expected count into a silent 0.
nrules=$(grep -c '^alert ' "$RULES")
out=$("$QUELL_TOP_BUILDDIR/daemon/quelld" -T -c "$CONFIG" -S "$RULES" -l "$LAB_TMP" 2>&1) ||
	lab_fail "quelld -T rejects $RULES: $out"
case "$out" in
*"rules: $nrules loaded, 0 failed, 0 unsupported"*) ;;
*) lab_fail "quelld -T does not load all $nrules rules of $RULES: $out" ;;
esac
lab_log "ok: quelld -T loads the $nrules rules"

# Exact counts need every data segment to cross the ips once: a TCP
# retransmission (a verdict held up on a loaded host) would be inspected
# again. So client and server do no tail loss probes and wait at least
# 3 s before retransmitting, far longer than any verdict takes.
for ns in "$LAB_NS_C" "$LAB_NS_S"; do
	lab_ns "$ns" sysctl -qw net.ipv4.tcp_early_retrans=0 || lab_fail "tcp_early_retrans in $ns"
done
if ! { lab_client ip route change "$LAB_NET4" via "$LAB_IPS_C4" dev eth0 rto_min 3s &&
	lab_client ip -6 route change "$LAB_NET6" via "$LAB_IPS_C6" dev eth0 rto_min 3s &&
	lab_server ip route change "$LAB_NET4" via "$LAB_IPS_S4" dev eth0 rto_min 3s &&
	lab_server ip -6 route change "$LAB_NET6" via "$LAB_IPS_S6" dev eth0 rto_min 3s; }; then
	lab_fail "cannot set rto_min on the lab routes"
fi
logdir="$LAB_TMP/log"
mkdir -p "$logdir"
lab_start_httpd
lab_start_udp_sink 9998 9999
# shellcheck disable=SC2086
lab_ipt -I FORWARD $RULE || lab_fail "insert IPv4 NFQUEUE rule"
# shellcheck disable=SC2086
lab_ip6t -I FORWARD $RULE || lab_fail "insert IPv6 NFQUEUE rule"
lab_start_quelld -c "$CONFIG" -S "$RULES" -l "$logdir" -q 0

B4="http://$LAB_SERVER4:$LAB_HTTP_PORT"
B6="http://[$LAB_SERVER6]:$LAB_HTTP_PORT"
CONNS=0	# TCP connections to the httpd: one SYN each (sid 2043)

# get URL... [-- CURL ARGS]: one curl, one connection, every URL in turn
# on it; each must answer with the lab body.
get() {
	local -a urls=() args=()
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		urls+=("$1")
		shift
	done
	[ "${1:-}" = -- ] && shift
	args=("$@")
	local body want="" u
	for ((u = 0; u < ${#urls[@]}; u++)); do want="$want$LAB_HTTP_BODY"; done
	body=$(lab_client curl -sS -g --max-time 5 "${args[@]}" "${urls[@]}") ||
		lab_fail "curl ${args[*]} ${urls[*]} failed"
	[ "$(printf '%s' "$body" | tr -d '\n')" = "$want" ] ||
		lab_fail "curl ${urls[*]}: unexpected body '$body'"
	CONNS=$((CONNS + 1))
}

# content, nocase
get "$B4/kw/content-abc"
get "$B4/kw/content-abc"
get "$B6/kw/content-abc"
# pcre
get "$B4/kw/pcre?id=12345"
get "$B4/kw/pcre?id=123"
# byte_test, string,dec
get "$B4/kw/bt" -- -H 'X-Len: 1500'
get "$B4/kw/bt" -- -H 'X-Len: 0500'
# flowbits: set then isset on one connection; isnotset on a fresh one;
# set, unset, isnotset on one connection
get "$B4/kw/login" "$B4/kw/after"
get "$B4/kw/after"
get "$B4/kw/login" "$B4/kw/logout" "$B4/kw/after"
# flow
get "$B4/kw/flow"
get "$B4/kw/flow"
# rate limits by source: 5 from IPv4, 3 from IPv6
for ((i = 0; i < 5; i++)); do get "$B4/kw/thr"; done
for ((i = 0; i < 3; i++)); do get "$B6/kw/thr"; done
lab_log "ok: $CONNS HTTP connections answered"

# UDP: dsize (9999) and binary byte_test (9998), one socket per family.
lab_client timeout 20 "$LAB_PYTHON" -c '
import socket, struct, sys, time
v4, v6 = sys.argv[1], sys.argv[2]
s4 = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s6 = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM)
sends = [(s4, v4, 9999, b"d" * n) for n in (64, 64, 64, 300, 300, 1000)]
sends += [(s6, v6, 9999, b"d" * 64)]
sends += [(s4, v4, 9998, b"QKW1" + struct.pack(">H", v)) for v in (2000, 2000, 500)]
for s, dst, port, data in sends:
    s.sendto(data, (dst, port))
    time.sleep(0.02)
' "$LAB_SERVER4" "$LAB_SERVER6" || lab_fail "sending the UDP datagrams failed"

lab_settle_counter FORWARD "$RULE" || exit 1
lab_settle_counter -6 FORWARD "$RULE" || exit 1
lab_quiesce
lab_stop_quelld_ok
lab_stop udpsink || lab_fail "udp sink exited $?"
lab_assert_eq "datagrams the sink got on 9999" 7 "$(lab_udp_sink_count 9999)"
lab_assert_eq "datagrams the sink got on 9998" 3 "$(lab_udp_sink_count 9998)"

eve="$logdir/eve.json"
lab_eve_check "$eve"

# Expected alerts per sid; every 29xx rule 0; nothing else may appear.
declare -A want=(
	[2001]=3 [2002]=3
	[2010]=1 [2011]=1
	[2020]=1
	[2031]=3 [2032]=1 [2033]=2
	[2040]=2 [2043]=$CONNS
	[2050]=4 [2051]=3
	[2070]=2 [2071]=1 [2072]=3
	[2060]=4 [2061]=3 [2062]=2 [2063]=2 [2064]=3
)
expected=$(for sid in "${!want[@]}"; do printf '%s %s\n' "$sid" "${want[$sid]}"; done | sort -n)
got=$(jq -r 'select(.event_type == "alert") | .alert.signature_id' "$eve" | sort -n | uniq -c |
	awk '{ print $2, $1 }')
if [ "$got" != "$expected" ]; then
	printf 'sid expected got\n' >&2
	join -a 1 -a 2 -e 0 -o 0,1.2,2.2 <(printf '%s\n' "$expected" | sort -k1,1) \
		<(printf '%s\n' "$got" | sort -k1,1) | sort -n | awk '$2 != $3 { $0 = $0 "   <--" } { print }' >&2
	lab_fail "alerts per sid in eve.json differ from the expected ones (above)"
fi
lab_log "ok: alerts per sid: $(printf '%s\n' "$expected" | awk '{ printf "%s%s:%s", sep, $1, $2; sep = " " }')"

# Where they came from: IPv6 alerts for content and the rate limits.
n6=$(jq -r 'select(.event_type == "alert" and (.src_ip | contains(":"))) | .alert.signature_id' "$eve" |
	sort -n | uniq -c | awk '{ printf "%s%s:%s", sep, $2, $1; sep = " " }')
lab_assert_eq "alerts from IPv6 sources, per sid" "2001:1 2002:1 2043:4 2050:1 2060:2 2061:1 2062:1" "$n6"

blocked=$(jq -r 'select(.event_type == "alert" and .alert.action != "allowed") | 1' "$eve" | wc -l)
lab_assert_eq "alerts not marked allowed (alert rules only)" 0 "$blocked"
total=$(jq -r 'select(.event_type == "alert") | 1' "$eve" | wc -l)
lab_assert_eq "stats.detect.alert vs alerts in eve.json" "$total" "$(lab_final_stat "$eve" .detect.alert)"
echo "PASS: content, pcre, byte_test, flowbits, flow, dsize and rate limits raise exactly the expected alerts ($LAB_IPTABLES)"
