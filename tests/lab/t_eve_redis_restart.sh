#!/usr/bin/env bash
# A redis consumer that hangs, dies and comes back never holds a packet,
# and every alert is accounted for. quelld inline on queue 0 alerts on
# every ICMP echo request and writes alerts to eve.json and to a real
# redis-server (rpush) in the ips namespace. Four phases of ping, each
# bounded, every reply awaited at most 1 s (ping -W 1):
#   1 redis up        every alert reaches the list
#   2 redis SIGSTOP   hung consumer: connection open, no replies
#   3 redis killed    connection refused
#   4 a new redis     quelld reconnects (backoff at most 400 ms)
# Asserts:
# - every ping of every phase was answered: no packet waited for redis
#   (a verdict held for the 300 ms send timeout and its retries would
#   cost replies within -W 1 at 100 packets a second), and the verdict
#   counters agree: NFQUEUE rule counters = stats.nfq.packets, no
#   ring-full verdicts;
# - eve.json has every alert (detect.alert) and its output lost none;
# - the redis output accounts for every alert: written + lost + dropped =
#   detect.alert, with dropped > 0 and a reconnect counted; the new
#   redis holds exactly what was written after phase 1.
# shellcheck disable=SC2016,SC2119
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"
. "$QUELL_TOP_SRCDIR/tests/lab/redis_lib.sh"

RULE='-p icmp -j NFQUEUE --queue-num 0 --queue-bypass'

lab_require
lab_require_redis
lab_setup

cat >"$LAB_TMP/t.rules" <<'RULES'
alert icmp any any -> any any (msg:"echo request"; itype:8; sid:9; rev:1;)
RULES
cat >"$LAB_TMP/q.yaml" <<YAML
stats:
  interval: 1
outputs:
  - eve-log:
      filetype: regular
      filename: eve.json
      types: [alert, stats]
  - eve-log:
      filetype: redis
      types: [alert]
      timeout-ms: 300
      reconnect-min-ms: 50
      reconnect-max-ms: 400
      redis:
        server: 127.0.0.1
        port: $LAB_REDIS_PORT
        mode: rpush
        key: quell-list
YAML
logdir="$LAB_TMP/log"
mkdir -p "$logdir"
eve="$logdir/eve.json"

lab_start_redis redis
# shellcheck disable=SC2086
lab_ipt -I FORWARD $RULE || lab_fail "insert the NFQUEUE rule"
lab_start_quelld -c "$LAB_TMP/q.yaml" -S "$LAB_TMP/t.rules" -l "$logdir" -q 0

sent=0
# pings PHASE COUNT: COUNT echo requests 10 ms apart; all must be answered.
pings() {
	local phase="$1" count="$2" out rx
	out=$(lab_client ping -n -q -c "$count" -i 0.01 -W 1 "$LAB_SERVER4" 2>&1)
	rx=$(printf '%s\n' "$out" | awk '/packets transmitted/ { print $4 }')
	sent=$((sent + count))
	lab_assert_eq "phase $phase: echo replies of $count" "$count" "${rx:-0}"
	lab_log "phase $phase: $(printf '%s\n' "$out" | grep rtt)"
}
llen() { lab_redis LLEN quell-list; }

# 1: redis up.
pings 1 40
for ((i = 0; i < 50; i++)); do
	[ "$(llen)" = 40 ] && break
	sleep 0.1
done
lab_assert_eq "phase 1: alerts in the redis list" 40 "$(llen)"

# 2: a hung consumer.
kill -STOP "${LAB_PID[redis]}" || lab_fail "SIGSTOP redis"
pings 2 100
# 3: the consumer is gone.
kill -KILL "${LAB_PID[redis]}" || lab_fail "SIGKILL redis"
wait "${LAB_PID[redis]}" 2>/dev/null
unset 'LAB_PID[redis]'
pings 3 100
# 4: a new redis; quelld reconnects within its backoff.
lab_start_redis redis2
for ((round = 0; round < 10; round++)); do
	pings 4 20
	[ "$(llen)" -gt 0 ] && break
done
[ "$(llen)" -gt 0 ] || lab_fail "phase 4: quelld did not write to the new redis"
pings 4 50

lab_quiesce
rc=0
lab_stop_quelld || rc=$?
lab_assert_eq "quelld exit status" 0 "$rc"
lab_eve_check "$eve"

s=$(lab_final_stat "$eve" .detect.alert .nfq.packets .nfq.ring_full .output.eve0.lost .output.eve0.dropped \
	.output.eve1.written .output.eve1.lost .output.eve1.dropped .output.eve1.reconnects) || exit 1
read -r alerts packets ringfull flost fdrop written lost dropped reconn <<<"$s"
queued=$(lab_ipt_counter FORWARD "$RULE") || exit 1
lab_log "alerts $alerts; redis output written $written lost $lost dropped $dropped reconnects $reconn"
lab_assert_eq "alerts raised vs echo requests sent" "$sent" "$alerts"
lab_assert_eq "stats.nfq.packets vs NFQUEUE rule counter" "$queued" "$packets"
lab_assert_eq "ring-full verdicts" 0 "$ringfull"
lab_assert_eq "alerts in eve.json" "$alerts" "$(lab_eve_alerts "$eve" 9)"
lab_assert_eq "eve.json output lost + dropped" 0 "$((flost + fdrop))"
lab_assert_eq "redis output: written + lost + dropped vs alerts" "$alerts" "$((written + lost + dropped))"
[ "$dropped" -gt 0 ] || lab_fail "the redis output dropped nothing while redis was hung and down"
[ "$reconn" -ge 1 ] || lab_fail "no reconnect counted"
lab_assert_eq "alerts in the new redis vs written after phase 1" "$((written - 40))" "$(llen)"
echo "PASS: redis hung, killed and restarted: no packet waited, $dropped alerts dropped and counted, $reconn reconnect(s)"
