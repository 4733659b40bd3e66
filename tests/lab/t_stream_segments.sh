#!/usr/bin/env bash
# Hand-made TCP segments (tests/lab/tcp_segments.py, scapy, from the lab
# client) through quelld inline to the lab httpd, a real Linux receiver:
# - a retransmission that overlaps bytes already sent with other bytes:
#   the server's request is GET /overlap (Linux keeps what it has); quelld
#   inspects that stream: an alert rule on "/overlap" fires, one on the
#   bytes a naive reassembly would take ("/aterlap") does not; the
#   conflicting retransmission is dropped and counted
#   (tcp.inline_overlap_drop, a drop event with reason "stream error");
# - out-of-order delivery: "ack HTTP/1.1..." before "GET /att": the drop
#   rule on "/attack" (flow:established,to_server) drops the segment that
#   completes it, the server never gets GET /attack, eve has a blocked
#   alert.
# Needs Debian's python3-scapy (/usr/bin/python3, or SEG_PYTHON).
# shellcheck disable=SC2016,SC2119 # jq programs in single quotes; optional helper args
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"

CONFIG="$QUELL_TOP_SRCDIR/etc/quell.yaml"
SEND="$QUELL_TOP_SRCDIR/tests/lab/tcp_segments.py"
SEG_PYTHON="${SEG_PYTHON:-/usr/bin/python3}"
RULE='-j NFQUEUE --queue-num 0 --queue-bypass'

lab_require
[ -x "$QUELL_TOP_BUILDDIR/daemon/quelld" ] || lab_fail "daemon/quelld is not built in $QUELL_TOP_BUILDDIR"
"$SEG_PYTHON" -c 'import scapy' 2>/dev/null ||
	lab_fail "python3-scapy is not installed for $SEG_PYTHON (quickstart installs it)"
lab_setup

cat >"$LAB_TMP/seg.rules" <<EOF
alert tcp any any -> any $LAB_HTTP_PORT (msg:"LAB stream as the receiver sees it"; flow:established,to_server; content:"GET /overlap"; sid:1600001; rev:1;)
alert tcp any any -> any $LAB_HTTP_PORT (msg:"LAB stream as it is not"; flow:established,to_server; content:"/aterlap"; sid:1600002; rev:1;)
drop tcp any any -> any $LAB_HTTP_PORT (msg:"LAB out of order attack"; flow:established,to_server; content:"/attack"; sid:1600003; rev:1;)
EOF

lab_start_httpd
# shellcheck disable=SC2086
lab_ipt -I FORWARD $RULE || lab_fail "insert IPv4 NFQUEUE rule"
# the client's kernel has no socket for scapy's connections: keep it from
# resetting them
lab_client "$LAB_IPTABLES" -w 10 -I OUTPUT -p tcp --tcp-flags RST RST \
	--dport "$LAB_HTTP_PORT" -j DROP || lab_fail "client OUTPUT RST rule"
mkdir -p "$LAB_TMP/log"
# drop events of every dropped packet (Suricata's default, flows start,
# logs those of rules and dropped flows only)
lab_start_quelld -c "$CONFIG" -S "$LAB_TMP/seg.rules" -l "$LAB_TMP/log" -q 0 \
	--set outputs.eve-log.types.drop.flows=all

send() {	# send SPORT SCENARIO
	local out
	out=$(lab_client timeout 20 "$SEG_PYTHON" "$SEND" "$LAB_CLIENT4" \
		"$LAB_SERVER4" "$LAB_HTTP_PORT" "$1" "$2" 2>&1) ||
		lab_fail "tcp_segments.py $2 failed: $out"
	lab_log "tcp_segments.py $2: $(printf '%s' "$out" | tr '\n' ' ')"
}
send 40001 overlap
send 40002 ooo
lab_quiesce
lab_stop_quelld_ok

eve="$LAB_TMP/log/eve.json"
lab_eve_check "$eve"
lab_assert_eq "GET /overlap requests the server saw" 1 "$(grep -c 'GET /overlap ' "$LAB_TMP/httpd.log")"
lab_assert_eq "GET /aterlap requests the server saw" 0 "$(grep -c 'aterlap' "$LAB_TMP/httpd.log")"
lab_assert_eq "alerts on the stream as the receiver sees it" 1 "$(lab_eve_alerts "$eve" 1600001)"
lab_assert_eq "alerts on the stream as it is not" 0 "$(lab_eve_alerts "$eve" 1600002)"
n=$(lab_final_stat "$eve" .tcp.inline_overlap_drop) || exit 1
[ "$n" -ge 1 ] || lab_fail "tcp.inline_overlap_drop is $n"
n=$(jq -r 'select(.event_type == "drop" and .drop.reason == "stream error") | 1' "$eve" | wc -l)
[ "$n" -ge 1 ] || lab_fail "no drop event with reason stream error"
lab_log "ok: the overlapping retransmission with other bytes was dropped; the stream inspected is the receiver's"

lab_assert_eq "GET /attack requests the server saw" 0 "$(grep -c '/attack' "$LAB_TMP/httpd.log")"
n=$(lab_eve_alerts "$eve" 1600003 '.alert.action == "blocked"')
[ "$n" -ge 1 ] || lab_fail "no blocked alert for the out-of-order /attack"
lab_log "ok: the out-of-order request was reassembled and its completing segment dropped"
echo "PASS: overlapping retransmission and out-of-order segments inspected as the receiver sees them ($LAB_IPTABLES)"
