#!/usr/bin/env bash
# The flow table memcap and emergency mode in quelld, with many flows:
# the client sends NFLOWS one-datagram UDP flows (one socket, a new
# destination port per datagram; the server drops them in its INPUT
# chain, so no ICMP errors come back) through quelld with a small
# flow.memcap (FLOW_MEMCAP bytes for all workers, far less than NFLOWS
# flows need). Asserts:
# - the table met the memcap and went into emergency mode, counted
#   (stats.flow.memcap_hits, .emergency_mode_entered > 0) and made room
#   by ending flows early (stats.flow.end.forced + .timeout > 0);
# - stats.flow.memuse never passes flow.memcap (in the stats events,
#   one a second while the flows arrive, and the final one), and quelld's peak RSS (VmHWM) grows from
#   its idle RSS by less than the memcap plus RSS_SLACK: what NFLOWS
#   flows would need without the cap is several times that;
# - quelld kept up and stayed up: most datagrams made flows, it answers
#   quellctl afterwards, exits 0 at SIGTERM;
# - every packet that met the NFQUEUE rule is accounted for, exactly
#   (fail-open is off, so the kernel counts every packet it did not hand
#   over): rule counters = kernel id_sequence + queue_dropped, and
#   id_sequence = stats.nfq.packets + user_dropped + kernel.failopen with
#   kernel.failopen 0 and user_dropped = the queue socket's drops.
# Bounded: twice NFLOWS datagrams (a warm-up over 64 flows, then the
# flood), paced, at most 40 s each.
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"
. "$QUELL_TOP_SRCDIR/tests/lab/bypass_lib.sh"

NFLOWS=50000
FIRST_PORT=10000
FLOW_MEMCAP=1048576
# Memory quelld may add besides the flows: thread arenas, allocator
# slack (eve flow events, whose lines in flight to the writer are
# bounded by the output rings, not by the flow memcap, are off here).
# Without the cap NFLOWS flows need NFLOWS x flow size, 14 MiB at 288
# bytes a flow.
RSS_SLACK_KB=4096
NFQ_RULE='-j NFQUEUE --queue-num 0 --queue-bypass'

lab_require
[ -x "$QUELLCTL" ] || lab_fail "$QUELLCTL is not built"
lab_setup
# shellcheck disable=SC2086 # the rule is a word list
lab_ipt -I FORWARD $NFQ_RULE || lab_fail "insert the NFQUEUE rule"
# shellcheck disable=SC2086
lab_ip6t -I FORWARD $NFQ_RULE || lab_fail "insert the IPv6 NFQUEUE rule"
lab_server "$LAB_IPTABLES" -w 10 -A INPUT -p udp --dport "$FIRST_PORT:$((FIRST_PORT + NFLOWS - 1))" -j DROP ||
	lab_fail "server INPUT DROP rule"
: >"$LAB_TMP/empty.rules"
cat >"$LAB_TMP/quell.yaml" <<'EOF'
outputs:
  - eve-log:
      enabled: yes
      types: [stats]
EOF
logdir="$LAB_TMP/log"
mkdir -p "$logdir"
eve="$logdir/eve.json"
# fail-open off: a datagram the queue cannot take is dropped and
# counted by the kernel, so the verdict count below is exact.
lab_start_quelld -c "$LAB_TMP/quell.yaml" -S "$LAB_TMP/empty.rules" -l "$logdir" -q 0 \
	--set "flow.memcap=$FLOW_MEMCAP" --set flow.hash-size=4096 --set flow.prealloc=1000 \
	--set threading.detect-threads=2 --set nfq.fail-open=no --set stats.interval=1
pid="${LAB_PID[quelld]}"

# status_kb FIELD: a /proc/PID/status figure of quelld, in kB.
status_kb() {
	awk -v f="$1:" '$1 == f { print $2 }' "/proc/$pid/status"
}

# send_datagrams N NPORTS SIZE: N datagrams of SIZE bytes from one
# client socket to the server's ports FIRST_PORT.. (cycling over NPORTS
# of them), about 12,500 a second. Bounded: N, and 40 s.
send_datagrams() {
	ip netns exec "$LAB_NS_C" timeout 40 "$LAB_PYTHON" -c '
import socket, sys, time
dst, first, n, nports, size = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
payload = b"q" * size
sent = errors = 0
t0 = time.monotonic()
# bursts of 250, paced to 12,500 a second
for i in range(n):
    try:
        s.sendto(payload, (dst, first + i % nports))
        sent += 1
    except OSError:
        errors += 1
    if i % 250 == 249:
        time.sleep(max(0.0, t0 + (i + 1) / 12500 - time.monotonic()))
print("sent %d errors %d seconds %.2f" % (sent, errors, time.monotonic() - t0))
' "$LAB_SERVER4" "$FIRST_PORT" "$@" >"$LAB_TMP/sender.out" 2>&1 ||
		lab_fail "the sender failed: $(cat "$LAB_TMP/sender.out")"
	lab_log "sender: $(cat "$LAB_TMP/sender.out")"
}

# Warm-up: quelld's reader-to-worker rings are circular arenas of 8 MiB
# whose pages RSS counts once a packet touched them. As many larger
# datagrams over 64 flows go round them first, so what the flood adds to
# RSS below is the flows' memory, not the rings'.
send_datagrams "$NFLOWS" 64 400
for ((i = 0; i < 50; i++)); do
	[ "$(lab_queue_pending)" = 0 ] && break
	sleep 0.1
done
sleep 0.5
rss0=$(status_kb VmRSS)
lab_log "quelld after the warm-up: VmRSS $rss0 kB"

send_datagrams "$NFLOWS" "$NFLOWS" 1
_lab_alive "$pid" || lab_fail "quelld died during the flood"

lab_quiesce
k0=$(lab_queue_kernel 0) || exit 1
# Still answering its control socket after the flood.
up=$(ctl uptime) || lab_fail "quelld does not answer quellctl after the flood: $up"
hwm=$(status_kb VmHWM)
q4=$(lab_ipt_counter FORWARD "$NFQ_RULE") || exit 1
q6=$(lab_ipt_counter -6 FORWARD "$NFQ_RULE") || exit 1
lab_stop_quelld_ok

lab_eve_check "$eve"
# Sampled each second (stats.interval=1) while the flows came, and at the end.
samples=$(jq -r 'select(.event_type == "stats") | .stats.flow.memuse' "$eve" | grep -c .)
max_memuse=$(jq -r 'select(.event_type == "stats") | .stats.flow.memuse' "$eve" | sort -n | tail -n 1)
read -r kqd kud < <(lab_final_stat "$eve" .nfq.queue0.kernel.queue_dropped .nfq.queue0.kernel.user_dropped)
lab_assert_queue_accounting 0 "$k0" "$eve"
lab_assert_eq "kernel.failopen with fail-open off" 0 "$LAB_QUEUE_FAILOPEN"
lab_assert_eq "NFQUEUE rule packets (IPv4 + IPv6) = id_sequence + queue_dropped" $((q4 + q6)) $((LAB_QUEUE_SEQ + kqd))
read -r total hits entered forced timeout < <(lab_final_stat "$eve" .flow.total .flow.memcap_hits \
	.flow.emergency_mode_entered .flow.end.forced .flow.end.timeout)
lab_log "flows: total $total, memcap_hits $hits, emergency_mode_entered $entered, ended forced $forced, timeout $timeout"
lab_log "flow.memuse: at most $max_memuse in $samples stats events; memcap $FLOW_MEMCAP"
[ "$samples" -ge 3 ] || lab_fail "only $samples stats events: memuse was not sampled during the flood"
[ "$total" -ge $((NFLOWS * 8 / 10)) ] ||
	lab_fail "only $total flows of $NFLOWS made it into the table (kernel drops $((kqd + kud)))"
[ "$hits" -gt 0 ] || lab_fail "stats.flow.memcap_hits is 0"
[ "$entered" -ge 1 ] || lab_fail "stats.flow.emergency_mode_entered is 0"
[ $((forced + timeout)) -gt 0 ] || lab_fail "no flow ended early to make room"
[ "$max_memuse" -le "$FLOW_MEMCAP" ] || lab_fail "flow.memuse reached $max_memuse, above the memcap $FLOW_MEMCAP"
lab_log "ok: memcap met, emergency mode entered and counted, flow.memuse within the memcap"
growth=$((hwm - rss0))
lab_log "RSS: after the warm-up $rss0 kB, peak $hwm kB (+$growth kB); bound: memcap $((FLOW_MEMCAP / 1024)) kB + $RSS_SLACK_KB kB"
[ "$growth" -le $((FLOW_MEMCAP / 1024 + RSS_SLACK_KB)) ] ||
	lab_fail "quelld's peak RSS grew by $growth kB, more than the memcap plus $RSS_SLACK_KB kB"
echo "PASS: $NFLOWS flows against a $FLOW_MEMCAP-byte flow.memcap: emergency mode, bounded memory, every packet verdicted"
