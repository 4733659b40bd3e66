#!/usr/bin/env bash
# nfq.mode=repeat: quelld gives NF_REPEAT with mark bit 0x1, so each packet
# is queued once and then meets the rest of the ruleset:
#   FORWARD 1  -m mark ! --mark 0x1/0x1 -j NFQUEUE --queue-num 0 --queue-bypass
#           2  -m mark --mark 0x1/0x1                    (counts, no target)
#           3  -p udp --dport 9 -j DROP                  (the ruleset below)
# (IPv4 and IPv6), quelld with a drop rule for GET /attack.
# - GET /ok works, GET /attack times out and never reaches the server;
# - UDP to port 9 never reaches the server while UDP to port 5001 all does;
# - every packet is accounted for, exactly: kernel id_sequence ==
#   stats.nfq.packets + user_dropped + kernel.failopen, and none passed
#   uninspected (kernel.failopen == 0, NFQUEUE rule counters ==
#   id_sequence): the kernel's fail-open accepts instead of repeating, so
#   such a packet would skip the rules below and the checks that follow
#   could not hold; each packet was queued exactly once: NFQUEUE rule
#   counters == stats.nfq.packets == repeated + dropped (accepted 0);
# - every repeated packet came back marked and met the rules below: the
#   counting rule's counter == stats.nfq.repeated, and the DROP rule counted
#   exactly the UDP datagrams sent to port 9.
# shellcheck disable=SC2016,SC2119 # awk/jq programs in single quotes; optional helper args
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"

CONFIG="$QUELL_TOP_SRCDIR/etc/quell.yaml"
RULE_Q='-m mark ! --mark 0x1/0x1 -j NFQUEUE --queue-num 0 --queue-bypass'
RULE_COUNT='-m mark --mark 0x1/0x1'
RULE_DROP9='-p udp -m udp --dport 9 -j DROP'
SID=1000002
NUDP=100	# datagrams per port and address family

lab_require
[ -x "$QUELL_TOP_BUILDDIR/daemon/quelld" ] || lab_fail "daemon/quelld is not built in $QUELL_TOP_BUILDDIR"
lab_setup

cat >"$LAB_TMP/drop.rules" <<EOF
drop tcp any any -> any $LAB_HTTP_PORT (msg:"LAB attack URL"; content:"/attack"; sid:$SID; rev:1;)
EOF
logdir="$LAB_TMP/log"
mkdir -p "$logdir"

lab_start_httpd
lab_start_udp_sink 9 5001
for ipt in lab_ipt lab_ip6t; do
	# shellcheck disable=SC2086
	{
		"$ipt" -A FORWARD $RULE_Q &&
			"$ipt" -A FORWARD $RULE_COUNT &&
			"$ipt" -A FORWARD $RULE_DROP9
	} || lab_fail "$ipt: cannot add the FORWARD rules"
done
lab_start_quelld -c "$CONFIG" -S "$LAB_TMP/drop.rules" -l "$logdir" -q 0 \
	--set nfq.mode=repeat --set nfq.repeat-mark=0x1 --set nfq.repeat-mask=0x1

for base in "http://$LAB_SERVER4:$LAB_HTTP_PORT" "http://[$LAB_SERVER6]:$LAB_HTTP_PORT"; do
	body=$(lab_client curl -sS -g --max-time 5 "$base/ok") || lab_fail "curl $base/ok failed"
	lab_assert_eq "body of $base/ok" "$LAB_HTTP_BODY" "$body"
	rc=0
	lab_client curl -sS -g --max-time 2 -o /dev/null "$base/attack" 2>/dev/null || rc=$?
	lab_assert_eq "curl exit status for $base/attack (28 = timeout)" 28 "$rc"
done
for dst in "$LAB_SERVER4" "$LAB_SERVER6"; do
	lab_client ping -q -n -c 3 -i 0.2 -W 2 "$dst" >/dev/null || lab_fail "ping $dst"
	for port in 9 5001; do
		out=$(lab_udp_blast "$dst" "$port" "$NUDP") || lab_fail "UDP to $dst port $port: $out"
		case "$out" in
		"sent $NUDP errors 0 "*) ;;
		*) lab_fail "UDP to $dst port $port: $out" ;;
		esac
	done
done
lab_log "ok: GET /ok, ping and $NUDP UDP datagrams per port and family sent"

lab_settle_counter FORWARD "$RULE_Q" || exit 1
lab_settle_counter -6 FORWARD "$RULE_Q" || exit 1
lab_quiesce
k0=$(lab_queue_kernel 0) || exit 1
read -r kseq kd1 kd2 _ <<<"$k0"
lab_stop_quelld_ok
rc=0
lab_stop udpsink || rc=$?
lab_assert_eq "udp sink exit status" 0 "$rc"

eve="$logdir/eve.json"
lab_eve_check "$eve"
s=$(lab_final_stat "$eve" .nfq.packets .nfq.accepted .nfq.dropped .nfq.repeated .nfq.ring_full .nfq.verdict_errors) ||
	exit 1
read -r packets accepted dropped repeated ring_full verrors <<<"$s"
q4=$(lab_ipt_counter FORWARD "$RULE_Q") || exit 1
q6=$(lab_ipt_counter -6 FORWARD "$RULE_Q") || exit 1
c4=$(lab_ipt_counter FORWARD "$RULE_COUNT") || exit 1
c6=$(lab_ipt_counter -6 FORWARD "$RULE_COUNT") || exit 1
d4=$(lab_ipt_counter FORWARD "$RULE_DROP9") || exit 1
d6=$(lab_ipt_counter -6 FORWARD "$RULE_DROP9") || exit 1
lab_log "rule counters: NFQUEUE $q4 + $q6, marked $c4 + $c6, DROP udp/9 $d4 + $d6;" \
	"quelld: packets $packets repeated $repeated dropped $dropped accepted $accepted; kernel id_sequence $kseq"

lab_assert_queue_accounting 0 "$k0" "$eve"
lab_log "uninspected: $LAB_QUEUE_FAILOPEN accepted by fail-open after taking an id," \
	"$((q4 + q6 - kseq - kd1)) refused by the full queue (rule counters - id_sequence - queue_dropped)"
lab_assert_eq "packets the kernel accepted by fail-open (they skip the rules below)" 0 "$LAB_QUEUE_FAILOPEN"
lab_assert_eq "packets the kernel dropped on queue 0" 0 "$((kd1 + kd2))"
lab_assert_eq "NFQUEUE rule counters (v4 + v6) vs kernel id_sequence (no full queue)" "$((q4 + q6))" "$kseq"
lab_assert_eq "stats.nfq.packets vs NFQUEUE rule counters (v4 + v6)" "$((q4 + q6))" "$packets"

# What the server received.
if grep -q '/attack' "$LAB_TMP/httpd.log"; then
	lab_fail "the server received /attack: $(grep '/attack' "$LAB_TMP/httpd.log")"
fi
lab_log "ok: the server never received /attack"
lab_assert_eq "UDP datagrams the server got on port 9 (dropped by the ruleset below)" 0 "$(lab_udp_sink_count 9)"
lab_assert_eq "UDP datagrams the server got on port 5001" "$((2 * NUDP))" "$(lab_udp_sink_count 5001)"
lab_assert_eq "repeated + dropped" "$packets" "$((repeated + dropped))"
lab_assert_eq "stats.nfq.accepted in repeat mode" 0 "$accepted"
lab_assert_eq "ring-full fallbacks" 0 "$ring_full"
lab_assert_eq "verdict errors" 0 "$verrors"
[ "$dropped" -ge 2 ] || lab_fail "stats.nfq.dropped is $dropped, expected >= 2 (one /attack per family)"
lab_assert_eq "counting rule (mark 0x1/0x1) vs stats.nfq.repeated" "$repeated" "$((c4 + c6))"
lab_assert_eq "DROP udp/9 counter (IPv4) vs datagrams sent" "$NUDP" "$d4"
lab_assert_eq "DROP udp/9 counter (IPv6) vs datagrams sent" "$NUDP" "$d6"
echo "PASS: repeat mode queues each packet once and the ruleset below applies ($LAB_IPTABLES)"
