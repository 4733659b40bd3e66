#!/usr/bin/env bash
# quelld reads two queues at once and verdicts every packet of both:
# - `-j NFQUEUE --queue-balance 0:1 --queue-bypass` (IPv4 and IPv6) and
#   `quelld -q 0:1 --set threading.detect-threads=2`;
# - the kernel balances on addresses only (not ports), so the client talks
#   from 16 addresses per family (HTTP and ping from each): both queues
#   carry packets;
# - every packet is accounted for: per queue, exactly, the kernel's
#   id_sequence (packets it gave an id there) = stats.nfq.queueN.packets
#   + user_dropped + kernel.failopen (accepted by fail-open, the socket
#   being full; = the socket's drops), and the NFQUEUE rule counters (v4 +
#   v6) = the id_sequences + queue_dropped + packets a full queue refused
#   (>= 0, logged as passed uninspected with kernel.failopen); the totals
#   are the sums of the queues, and packets == accepted + dropped per
#   queue and in all;
# - each queue reports whether the kernel has the NFQ conntrack glue;
# - a drop rule still blocks its flow: GET /attack from every address times
#   out, never reaches the server, and is alerted "blocked" on both queues.
# shellcheck disable=SC2016,SC2119 # awk/jq programs in single quotes; optional helper args
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"

CONFIG="$QUELL_TOP_SRCDIR/etc/quell.yaml"
RULE='-j NFQUEUE --queue-balance 0:1 --queue-bypass'
SID=1000002
NADDR=16

lab_require
[ -x "$QUELL_TOP_BUILDDIR/daemon/quelld" ] || lab_fail "daemon/quelld is not built in $QUELL_TOP_BUILDDIR"
lab_setup
lab_add_client_addrs "$NADDR"

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
lab_start_quelld -c "$CONFIG" -S "$LAB_TMP/drop.rules" -l "$logdir" -q 0:1 \
	--set threading.detect-threads=2

# Each queue says whether the kernel has the NFQ conntrack glue (for the
# bypass mark on the verdict); this lab's kernel has not, so the queues
# fall back to ctnetlink and still open.
for q in 0 1; do
	grep -q "queue $q: conntrack glue (NFQA_CT) \(available\|not in this kernel\)" "${LAB_LOG[quelld]}" ||
		lab_fail "quelld did not report the conntrack glue of queue $q: $(cat "${LAB_LOG[quelld]}")"
done
lab_log "ok: $(grep -m1 'conntrack glue' "${LAB_LOG[quelld]}")"

srcs=("${LAB_CLIENT4_EXTRA[@]}" "${LAB_CLIENT6_EXTRA[@]}")

# From every client address: GET /ok (the body must come back) and one
# ping, over IPv4 and IPv6, all at once; bounded by curl's and ping's
# timeouts.
lab_ping_all_start
out=$(lab_curl_all /ok 5)
while read -r code i; do
	[ "$code" = 0 ] || lab_fail "curl /ok from ${srcs[$i]}: exit status $code"
	body=$(cat "$LAB_TMP/body.$i")
	[ "$body" = "$LAB_HTTP_BODY" ] || lab_fail "body of /ok from ${srcs[$i]}: '$body'"
done <<<"$out"
lab_assert_eq "GET /ok transfers" "${#srcs[@]}" "$(printf '%s\n' "$out" | grep -c .)"
lab_ping_all_wait
lab_log "ok: GET /ok and ping from ${#srcs[@]} client addresses"

# GET /attack from every address at once: each must time out (28).
out=$(lab_curl_all /attack 3)
while read -r code i; do
	[ "$code" = 28 ] || lab_fail "curl /attack from ${srcs[$i]}: exit status $code, expected 28 (timeout)"
done <<<"$out"
lab_assert_eq "GET /attack transfers" "${#srcs[@]}" "$(printf '%s\n' "$out" | grep -c .)"
lab_log "ok: GET /attack timed out from all ${#srcs[@]} addresses"

# No lab_settle_counter: the client keeps retransmitting the dropped
# requests, so the counters would not settle for seconds; lab_quiesce
# freezes them, which is all the comparisons below need.
lab_quiesce
# The kernel's own per-queue figures, while quelld still holds the queues.
declare -A kq kseq
for q in 0 1; do
	kq[$q]=$(lab_queue_kernel "$q") || exit 1
	kseq[$q]=${kq[$q]%% *}
done
lab_stop_quelld_ok
left=$(lab_bound_queues)
lab_assert_eq "queues still bound after quelld exited" "" "$left"

if grep -q '/attack' "$LAB_TMP/httpd.log"; then
	lab_fail "the server received /attack: $(grep -c '/attack' "$LAB_TMP/httpd.log") times"
fi
lab_log "ok: the server never received /attack"

eve="$logdir/eve.json"
lab_eve_check "$eve"
s=$(lab_final_stat "$eve" .nfq.packets .nfq.accepted .nfq.dropped .nfq.ring_full \
	.nfq.queue0.packets .nfq.queue0.accepted .nfq.queue0.dropped \
	.nfq.queue1.packets .nfq.queue1.accepted .nfq.queue1.dropped) || exit 1
read -r packets accepted dropped ring_full p0 a0 d0 p1 a1 d1 <<<"$s"
n4=$(lab_ipt_counter FORWARD "$RULE") || exit 1
n6=$(lab_ipt_counter -6 FORWARD "$RULE") || exit 1
lab_log "rule counters: IPv4 $n4, IPv6 $n6; quelld: packets $packets (queue0 $p0, queue1 $p1)" \
	"accepted $accepted dropped $dropped ring_full $ring_full; kernel id_sequence queue0 ${kseq[0]} queue1 ${kseq[1]}"

[ "$p0" -gt 0 ] || lab_fail "queue 0 carried no packets (queue 1: $p1)"
[ "$p1" -gt 0 ] || lab_fail "queue 1 carried no packets (queue 0: $p0)"
lab_log "ok: both queues carried packets"
refused=$((n4 + n6))
uninspected=0
for q in 0 1; do
	lab_assert_queue_accounting "$q" "${kq[$q]}" "$eve"
	refused=$((refused - LAB_QUEUE_SEQ - LAB_QUEUE_QDROP))
	uninspected=$((uninspected + LAB_QUEUE_FAILOPEN))
done
[ "$refused" -ge 0 ] || lab_fail "NFQUEUE rule counters $((n4 + n6)) < the queues' id_sequence + queue_dropped"
lab_log "ok: uninspected: $uninspected accepted by fail-open after taking an id, $refused refused by a full queue" \
	"(rule counters - id_sequences - queue_dropped)"
lab_assert_eq "queue0.packets + queue1.packets" "$packets" "$((p0 + p1))"
lab_assert_eq "queue0.accepted + queue1.accepted" "$accepted" "$((a0 + a1))"
lab_assert_eq "queue0.dropped + queue1.dropped" "$dropped" "$((d0 + d1))"
lab_assert_eq "queue 0: accepted + dropped" "$p0" "$((a0 + d0))"
lab_assert_eq "queue 1: accepted + dropped" "$p1" "$((a1 + d1))"
lab_assert_eq "ring-full fallbacks" 0 "$ring_full"
[ "$dropped" -ge "${#srcs[@]}" ] ||
	lab_fail "stats.nfq.dropped is $dropped, expected >= ${#srcs[@]} (one /attack per address)"

# Every address got its /attack blocked, and the blocks happened on both
# queues (quell.queue of the alert).
nsrc=$(jq -r --argjson sid "$SID" 'select(.event_type == "alert" and .alert.signature_id == $sid
		and .alert.action == "blocked") | .src_ip' "$eve" |
	"$LAB_PYTHON" -c 'import ipaddress, sys
print(len({str(ipaddress.ip_address(l.strip())) for l in sys.stdin if l.strip()}))')
lab_assert_eq "client addresses with a blocked /attack alert" "${#srcs[@]}" "$nsrc"
qs=$(jq -r --argjson sid "$SID" 'select(.event_type == "alert" and .alert.signature_id == $sid
		and .alert.action == "blocked") | .quell.queue' "$eve" | sort -u | tr '\n' ' ')
lab_assert_eq "queues of the blocked alerts" "0 1 " "$qs"
echo "PASS: quelld verdicts every packet on queues 0 and 1 and still drops /attack ($LAB_IPTABLES)"
