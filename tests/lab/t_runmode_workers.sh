#!/usr/bin/env bash
# runmode workers (Suricata's): each NFQ reader thread inspects its own
# packets, no worker threads, no rings. Through `-j NFQUEUE
# --queue-balance 0:1 --queue-bypass` (IPv4 and IPv6) with
# `quelld -q 0:1 --runmode=workers --set threading.detect-threads=3`:
# - the log says workers mode with 2 queue threads and that
#   detect-threads is ignored; the process has the threads nfq0 and nfq1
#   and no worker thread;
# - GET /ok and ping from 16 client addresses per family pass, GET
#   /attack from each is dropped (curl times out, the server never sees
#   it) and alerted "blocked" on both queues;
# - a reload through the control socket (quellctl reload-rules) while an
#   iperf3 transfer runs: the new drop rule (/evil) blocks from every
#   address on both queues, the transfer and every GET /ok succeed;
# - no TCP packet was seen by a reader that does not own its flow
#   (--queue-balance keeps both directions on one queue);
# - shutdown (SIGTERM) during an iperf3 transfer: exit 0, queues
#   unbound, and every packet accounted for, per queue, in the final
#   stats: packets = accepted + dropped, no verdict errors, no ring-full
#   fallbacks, nothing left queued at the unbind (queue_total 0: the
#   queue stops taking packets before the last drain), and the kernel's
#   id_sequence = packets + user_dropped + kernel.failopen; the NFQUEUE rule
#   counters >= the id_sequences + queue_dropped (the rest passed by
#   --queue-bypass after the unbind); the transfer survives, and its
#   flow record (reason shutdown) was written by the flush at exit;
# - stats add up: nfq.packets/accepted/dropped are the sums of the
#   queues', decoder.pkts = nfq.packets, detect.alert = the alert events
#   in eve.json, nothing lost;
# - bypass: a `bypass` rule on 16 downloads over both queues, each
#   flow handed to the bypass manager (stats.bypass), the connmark ACCEPT
#   takes more of the transfers than quelld reads, every download whole;
# - with --queue-cpu-fanout, client on CPU 0 and server on CPU 1, the
#   packets of a flow read on the queue that did not see its SYN are
#   counted and warned about (Suricata's tcp.pkt_on_wrong_thread).
# shellcheck disable=SC2016,SC2119 # jq programs in single quotes; optional helper args
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"

CONFIG="$QUELL_TOP_SRCDIR/etc/quell.yaml"
RULE='-j NFQUEUE --queue-balance 0:1 --queue-bypass'
SID=1000002
SID2=1000003
NADDR=16

lab_require
command -v iperf3 >/dev/null || lab_fail "iperf3 is not installed"
[ -x "$QUELL_TOP_BUILDDIR/daemon/quelld" ] || lab_fail "daemon/quelld is not built in $QUELL_TOP_BUILDDIR"
[ -x "$QUELL_TOP_BUILDDIR/daemon/quellctl" ] || lab_fail "daemon/quellctl is not built in $QUELL_TOP_BUILDDIR"
lab_setup
lab_add_client_addrs "$NADDR"

rules="$LAB_TMP/drop.rules"
cat >"$rules" <<EOF
drop tcp any any -> any $LAB_HTTP_PORT (msg:"LAB attack URL"; content:"/attack"; sid:$SID; rev:1;)
EOF
logdir="$LAB_TMP/log"
mkdir -p "$logdir"
sock="$LAB_TMP/ctl.socket"
ctl() { "$QUELL_TOP_BUILDDIR/daemon/quellctl" -s "$sock" "$@"; }

lab_start_httpd
# shellcheck disable=SC2086
lab_ipt -I FORWARD $RULE || lab_fail "insert IPv4 NFQUEUE rule"
# shellcheck disable=SC2086
lab_ip6t -I FORWARD $RULE || lab_fail "insert IPv6 NFQUEUE rule"
lab_start_quelld -c "$CONFIG" -S "$rules" -l "$logdir" -q 0:1 --runmode=workers \
	--set threading.detect-threads=3 --set stats.interval=1 \
	--set "unix-command.filename=$sock"
pid=${LAB_PID[quelld]}

grep -q 'runmode workers: 2 queue threads, each inspecting its own packets (threading.detect-threads is ignored' \
	"${LAB_LOG[quelld]}" || lab_fail "quelld did not log workers mode: $(cat "${LAB_LOG[quelld]}")"
# The queues are bound before the threads start (and name themselves).
for ((i = 0; i < 100; i++)); do
	names=$(cat /proc/"$pid"/task/*/comm | sort)
	[ "$(grep -c '^nfq[01]$' <<<"$names")" = 2 ] && break
	sleep 0.1
done
nnfq=$(grep -c '^nfq[01]$' <<<"$names")
nworker=$(grep -c '^worker' <<<"$names")
names=$(tr '\n' ' ' <<<"$names")
lab_assert_eq "nfq threads in workers mode (threads: $names)" 2 "$nnfq"
lab_assert_eq "worker threads in workers mode (threads: $names)" 0 "$nworker"
lab_log "ok: threads $names"

# expect_all PATH CODE MAXTIME: every address's transfer ends with CODE
# (0: and the body came back).
expect_all() {
	local path="$1" want="$2" out code i
	out=$(lab_curl_all "$path" "$3")
	while read -r code i; do
		[ "$code" = "$want" ] || lab_fail "curl $path from ${srcs[$i]}: exit status $code, expected $want"
		if [ "$want" = 0 ]; then
			[ "$(cat "$LAB_TMP/body.$i")" = "$LAB_HTTP_BODY" ] || lab_fail "body of $path from ${srcs[$i]}"
		fi
	done <<<"$out"
	lab_assert_eq "GET $path transfers" "${#srcs[@]}" "$(printf '%s\n' "$out" | grep -c .)"
}

# blocked_queues SID: the queues (quell.queue) of SID's blocked alerts.
blocked_queues() {
	jq -r --argjson sid "$1" 'select(.event_type == "alert" and .alert.signature_id == $sid
		and .alert.action == "blocked") | .quell.queue' "$logdir/eve.json" | sort -u | tr '\n' ' '
}
# blocked_srcs SID: client addresses with a blocked alert for SID.
blocked_srcs() {
	jq -r --argjson sid "$1" 'select(.event_type == "alert" and .alert.signature_id == $sid
		and .alert.action == "blocked") | .src_ip' "$logdir/eve.json" |
		"$LAB_PYTHON" -c 'import ipaddress, sys
print(len({str(ipaddress.ip_address(l.strip())) for l in sys.stdin if l.strip()}))'
}

srcs=("${LAB_CLIENT4_EXTRA[@]}" "${LAB_CLIENT6_EXTRA[@]}")

lab_ping_all_start
expect_all /ok 0 5
lab_ping_all_wait
lab_log "ok: GET /ok and ping from ${#srcs[@]} client addresses"
expect_all /attack 28 3
lab_log "ok: GET /attack timed out from all ${#srcs[@]} addresses"

# Reload through the control socket while iperf3 runs through both
# queues' readers (one flow: one queue) and GET /ok goes on.
lab_server iperf3 -s -1 -B "$LAB_SERVER4" >"$LAB_TMP/iperf3-server.log" 2>&1 &
sleep 0.5
lab_client timeout 30 iperf3 -c "$LAB_SERVER4" -t 6 >"$LAB_TMP/iperf3.log" 2>&1 &
iperf_pid=$!
sleep 1
cat >>"$rules" <<EOF
drop tcp any any -> any $LAB_HTTP_PORT (msg:"LAB evil URL"; content:"/evil"; sid:$SID2; rev:1;)
EOF
timeout 120 "$QUELL_TOP_BUILDDIR/daemon/quellctl" -s "$sock" reload-rules >"$LAB_TMP/reload.out" 2>&1 ||
	lab_fail "quellctl reload-rules failed: $(cat "$LAB_TMP/reload.out")"
grep -q '2 rules loaded' "$LAB_TMP/reload.out" || lab_fail "quellctl reload-rules printed: $(cat "$LAB_TMP/reload.out")"
expect_all /ok 0 5
expect_all /evil 28 3
wait "$iperf_pid" || lab_fail "iperf3 through quelld failed during the reload: $(tail -5 "$LAB_TMP/iperf3.log")"
lab_log "ok: reload under traffic: $(tail -1 "$LAB_TMP/reload.out"); iperf3 and GET /ok went on, /evil blocked"

# Shutdown while a transfer runs: SIGTERM 2 s into a 6 s iperf3. The
# client still retransmits the dropped requests; after the unbind
# --queue-bypass would let them through, so HTTP stops at the ips first
# (before the NFQUEUE rules; the transfer is iperf3's port).
lab_ipt -I FORWARD 1 -p tcp --dport "$LAB_HTTP_PORT" -j DROP || lab_fail "insert IPv4 HTTP DROP"
lab_ip6t -I FORWARD 1 -p tcp --dport "$LAB_HTTP_PORT" -j DROP || lab_fail "insert IPv6 HTTP DROP"
lab_server iperf3 -s -1 -B "$LAB_SERVER4" >"$LAB_TMP/iperf3-server2.log" 2>&1 &
sleep 0.5
lab_client timeout 30 iperf3 -c "$LAB_SERVER4" -t 6 >"$LAB_TMP/iperf3-2.log" 2>&1 &
iperf_pid=$!
sleep 2
p_before=$(ctl --json counters | jq -r '.message["nfq.packets"]') || lab_fail "quellctl counters failed"
sleep 0.3
p_mid=$(ctl --json counters | jq -r '.message["nfq.packets"]') || lab_fail "quellctl counters failed"
[ "$p_mid" -gt "$p_before" ] || lab_fail "no traffic through quelld before the shutdown ($p_before, $p_mid packets)"
rc=0
lab_stop_quelld || rc=$?
lab_assert_eq "quelld exit status after SIGTERM under traffic" 0 "$rc"
left=$(lab_bound_queues)
lab_assert_eq "queues still bound after quelld exited" "" "$left"
wait "$iperf_pid" || lab_fail "iperf3 did not survive quelld's shutdown: $(tail -5 "$LAB_TMP/iperf3-2.log")"
lab_log "ok: shutdown at $p_mid packets, during a transfer, which went on past the unbind"

if grep -q -E '/attack|/evil' "$LAB_TMP/httpd.log"; then
	lab_fail "the server received a blocked request: $(grep -E '/attack|/evil' "$LAB_TMP/httpd.log" | head -3)"
fi
lab_log "ok: the server never received /attack or /evil"
lab_assert_eq "client addresses with a blocked /attack alert" "${#srcs[@]}" "$(blocked_srcs $SID)"
lab_assert_eq "queues of the blocked /attack alerts" "0 1 " "$(blocked_queues $SID)"
lab_assert_eq "client addresses with a blocked /evil alert (after the reload)" "${#srcs[@]}" "$(blocked_srcs $SID2)"
lab_assert_eq "queues of the blocked /evil alerts" "0 1 " "$(blocked_queues $SID2)"
grep -q "another queue's reader" "${LAB_LOG[quelld]}" &&
	lab_fail "packets on the wrong queue thread with --queue-balance: $(grep "another queue's reader" "${LAB_LOG[quelld]}")"

eve="$logdir/eve.json"
lab_eve_check "$eve"
s=$(lab_final_stat "$eve" .nfq.packets .nfq.accepted .nfq.dropped .nfq.ring_full .detect.alert .decoder.pkts) || exit 1
read -r packets accepted dropped ring_full alerts dpkts <<<"$s"
lab_assert_eq "decoder.pkts = nfq.packets (each packet read is decoded once)" "$packets" "$dpkts"
lab_assert_eq "ring-full fallbacks" 0 "$ring_full"
n4=$(lab_ipt_counter FORWARD "$RULE") || exit 1
n6=$(lab_ipt_counter -6 FORWARD "$RULE") || exit 1
seqs=0
sp=0 sa=0 sd=0
for q in 0 1; do
	s=$(lab_final_stat "$eve" ".nfq.queue$q.packets" ".nfq.queue$q.accepted" ".nfq.queue$q.dropped" \
		".nfq.queue$q.verdict_errors" ".nfq.queue$q.kernel.id_sequence" ".nfq.queue$q.kernel.user_dropped" \
		".nfq.queue$q.kernel.failopen" ".nfq.queue$q.kernel.queue_total" ".nfq.queue$q.kernel.queue_dropped") || exit 1
	read -r p a d ve seq ud fo qt qd <<<"$s"
	[ "$p" -gt 0 ] || lab_fail "queue $q carried no packets"
	lab_assert_eq "queue $q: packets = accepted + dropped ($a + $d)" "$p" "$((a + d))"
	lab_assert_eq "queue $q: verdict errors" 0 "$ve"
	lab_assert_eq "queue $q: packets still queued when quelld unbound (verdicts lost)" 0 "$qt"
	lab_assert_eq "queue $q: id_sequence = packets + user_dropped + failopen ($p + $ud + $fo)" \
		"$seq" "$((p + ud + fo))"
	lab_log "ok: queue $q: $p packets read, $a accepted, $d dropped; kernel: id_sequence $seq," \
		"user_dropped $ud, failopen $fo, still queued $qt, queue_dropped $qd"
	seqs=$((seqs + seq + qd))
	sp=$((sp + p)) sa=$((sa + a)) sd=$((sd + d))
done
[ $((n4 + n6)) -ge "$seqs" ] || lab_fail "NFQUEUE rule counters $((n4 + n6)) < the queues' id_sequence + queue_dropped $seqs"
lab_log "ok: NFQUEUE rule counters $((n4 + n6)) = $seqs queued + $((n4 + n6 - seqs)) passed by --queue-bypass after the unbind"
lab_assert_eq "nfq.packets = sum of the queues'" "$sp" "$packets"
lab_assert_eq "nfq.accepted = sum of the queues'" "$sa" "$accepted"
lab_assert_eq "nfq.dropped = sum of the queues'" "$sd" "$dropped"
lab_assert_eq "detect.alert = alert events in eve.json" "$alerts" \
	"$(jq -r 'select(.event_type == "alert") | 1' "$eve" | wc -l)"
# The queue threads flushed their flow tables at shutdown: the transfer
# that was running has its flow record.
nshut=$(jq -r --arg s "$LAB_SERVER4" 'select(.event_type == "flow" and .flow.reason == "shutdown"
	and .dest_ip == $s and .dest_port == 5201) | 1' "$eve" | wc -l)
[ "$nshut" -ge 1 ] || lab_fail "no flow record (reason shutdown) of the iperf3 transfer running at the shutdown"
lab_log "ok: $nshut flow records of the iperf3 connections with reason shutdown"

# Bypass in workers mode: a `bypass` rule on the first response of 16
# downloads (one per IPv4 client address, so over both queues); each
# queue's thread hands its flows to the bypass manager, conntrack marks
# them, the connmark ACCEPT ahead of the NFQUEUE rule takes the rest of
# the transfer. The drop rules stay (the client still retransmits the
# requests dropped above).
MARK=0x40000000
CONNMARK="-m connmark --mark $MARK/$MARK -j ACCEPT"
lab_ipt -D FORWARD -p tcp --dport "$LAB_HTTP_PORT" -j DROP || lab_fail "delete IPv4 HTTP DROP"
lab_ip6t -D FORWARD -p tcp --dport "$LAB_HTTP_PORT" -j DROP || lab_fail "delete IPv6 HTTP DROP"
# shellcheck disable=SC2086
lab_ipt -I FORWARD 1 $CONNMARK || lab_fail "insert the connmark ACCEPT"
brules="$LAB_TMP/bypass.rules"
{ cat "$rules"; printf '%s\n' "alert tcp any $LAB_HTTP_PORT -> any any (msg:\"bypass the download\"; flow:established,to_client; content:\"HTTP/1.\"; bypass; sid:5; rev:1;)"; } >"$brules"
logdir3="$LAB_TMP/log3"
mkdir -p "$logdir3"
lab_start_quelld -c "$CONFIG" -S "$brules" -l "$logdir3" -q 0:1 --runmode=workers --set bypass.poll-interval=1
BIG=$((2 << 20))
srcs=("${LAB_CLIENT4_EXTRA[@]}")
out=$(lab_curl_all "/big?bytes=$BIG" 20)
while read -r code i; do
	[ "$code" = 0 ] || lab_fail "download from ${srcs[$i]} with bypass: exit status $code"
	lab_assert_eq "bytes downloaded by ${srcs[$i]}" "$BIG" "$(stat -c %s "$LAB_TMP/body.$i")"
done <<<"$out"
rc=0
lab_stop_quelld || rc=$?
lab_assert_eq "quelld exit status (bypass phase)" 0 "$rc"
s=$(lab_final_stat "$logdir3/eve.json" .bypass.requests .bypass.conntrack .bypass.local \
	.nfq.queue0.packets .nfq.queue1.packets) || exit 1
read -r breq bct blocal bq0 bq1 <<<"$s"
lab_log "bypass phase: requests $breq, conntrack $bct, local $blocal; packets read: queue0 $bq0, queue1 $bq1"
[ "$breq" -ge "${#srcs[@]}" ] || lab_fail "bypass requests $breq < ${#srcs[@]} downloads"
[ $((bct + blocal)) -ge "${#srcs[@]}" ] || lab_fail "bypassed flows $((bct + blocal)) < ${#srcs[@]} downloads"
if [ "$bq0" = 0 ] || [ "$bq1" = 0 ]; then lab_fail "the downloads did not use both queues ($bq0, $bq1)"; fi
# shellcheck disable=SC2086
nconn=$(lab_ipt_counter FORWARD "$CONNMARK") || exit 1
[ "$nconn" -gt $((bq0 + bq1)) ] ||
	lab_fail "the connmark ACCEPT took $nconn packets, quelld read $((bq0 + bq1)): the bypass did not take the transfers"
lab_log "ok: bypass: $nconn packets passed by conntrack mark, $((bq0 + bq1)) read by quelld"
# shellcheck disable=SC2086
lab_ipt -D FORWARD $CONNMARK || lab_fail "delete the connmark ACCEPT"

# --queue-cpu-fanout: the queue follows the CPU that forwards the packet.
# The client (curl) runs on CPU 0, the server on CPU 1, so a request and
# its SYN take queue 0 and the server's data queue 1, whose reader did
# not see the flow start: counted (Suricata's tcp.pkt_on_wrong_thread),
# warned once, and the count logged at exit.
[ "$(nproc)" -ge 2 ] || _lab_cannot_run "the --queue-cpu-fanout phase needs 2 CPUs, this host has $(nproc)"
FANOUT='-j NFQUEUE --queue-balance 0:1 --queue-bypass --queue-cpu-fanout'
# shellcheck disable=SC2086
lab_ipt -D FORWARD $RULE || lab_fail "delete IPv4 NFQUEUE rule"
# shellcheck disable=SC2086
lab_ipt -I FORWARD $FANOUT || lab_fail "insert IPv4 NFQUEUE fanout rule"
taskset -a -p -c 1 "${LAB_PID[httpd]}" >/dev/null || lab_fail "cannot pin the httpd to CPU 1"
logdir2="$LAB_TMP/log2"
mkdir -p "$logdir2"
lab_start_quelld -c "$CONFIG" -S "$rules" -l "$logdir2" -q 0:1 --runmode=workers
# Each queue's thread sees half of such a flow, so it may drop what it
# cannot place (the documented reason to keep --queue-balance): the
# transfers' outcome is logged, not asserted.
ok=0
for ((i = 0; i < 3; i++)); do
	lab_client taskset -c 0 curl -s -o /dev/null --max-time 3 "http://$LAB_SERVER4:$LAB_HTTP_PORT/ok" &&
		ok=$((ok + 1))
done
rc=0
lab_stop_quelld || rc=$?
lab_assert_eq "quelld exit status (fanout phase)" 0 "$rc"
lab_log "fanout phase: $ok of 3 GET /ok completed; drops by reason:" \
	"$(tail -n 1 "$logdir2/eve.json" | jq -c '.stats.ips.drop_reason // {}')," \
	"drop events: $(jq -r 'select(.event_type == "drop") | "\(.proto) \(.src_port)->\(.dest_port) \(.drop.reason // "")"' "$logdir2/eve.json" | sort | uniq -c | head -5 | tr '\n' ';')"
grep -q "a TCP packet of a flow another queue's reader tracks" "${LAB_LOG[quelld]}" ||
	lab_fail "no wrong-thread warning with --queue-cpu-fanout: $(tail -20 "${LAB_LOG[quelld]}")"
n=$(sed -n "s/.*queue [01]: \([0-9]*\) TCP packets of flows another queue's reader tracks.*/\1/p" "${LAB_LOG[quelld]}" |
	awk '{ n += $1 } END { print n + 0 }')
[ "$n" -gt 0 ] || lab_fail "no wrong-thread count at exit: $(tail -20 "${LAB_LOG[quelld]}")"
lab_log "ok: --queue-cpu-fanout: $n TCP packets read on a queue whose thread did not see their flow start"
echo "PASS: runmode workers on queues 0 and 1: drops, reload and shutdown under traffic, every packet verdicted, bypass, wrong-queue packets counted ($LAB_IPTABLES)"
