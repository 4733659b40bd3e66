#!/usr/bin/env bash
# eve to a real redis-server (in the lab's ips namespace) next to eve.json:
# quelld -r on a generated capture with three eve-log outputs, as a
# suricata.yaml lists them: a regular file, filetype redis mode rpush
# (pipelined, batches of 16) on key quell-list, filetype redis mode
# channel on quell-ch, with a redis-cli SUBSCRIBE listening, and mode xadd
# on stream quell-st trimmed to 100 entries (MAXLEN exact).
# - every alert of eve.json is in the list, byte for byte (the order of
#   events from different workers may differ between outputs);
# - the subscriber received every one of them too;
# - the stream holds the last 100, each entry's field eve one of them;
# - the redis outputs took only alerts (types: [alert]) and their
#   counters say written = alerts, nothing lost or dropped.
# shellcheck disable=SC2016
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"
. "$QUELL_TOP_SRCDIR/tests/lab/redis_lib.sh"

QUELLD="$QUELL_TOP_BUILDDIR/daemon/quelld"
GEN="$QUELL_TOP_BUILDDIR/bench/gen-traffic"

lab_require
lab_require_redis
[ -x "$GEN" ] || lab_fail "bench/gen-traffic is not built"
lab_setup

"$GEN" --seed 7 --packets 30000 --mix mixed -o "$LAB_TMP/mixed.pcap" 2>/dev/null || lab_fail "gen-traffic failed"
cat >"$LAB_TMP/t.rules" <<'RULES'
alert tcp any any -> any any (msg:"http GET"; content:"GET "; sid:1; rev:1;)
alert udp any any -> any 53 (msg:"dns query"; sid:3; rev:1;)
alert icmp any any -> any any (msg:"icmp"; sid:4; rev:1;)
RULES
cat >"$LAB_TMP/redis.yaml" <<YAML
outputs:
  - eve-log:
      enabled: yes
      filetype: regular
      filename: eve.json
      types: [alert, stats]
  - eve-log:
      enabled: yes
      filetype: redis
      types:
        - alert
      redis:
        server: 127.0.0.1
        port: $LAB_REDIS_PORT
        mode: rpush
        key: quell-list
        pipelining:
          enabled: yes
          batch-size: 16
  - eve-log:
      enabled: yes
      filetype: redis
      types: [alert]
      redis:
        server: 127.0.0.1
        port: $LAB_REDIS_PORT
        mode: channel
        key: quell-ch
  - eve-log:
      enabled: yes
      filetype: redis
      types: [alert]
      redis:
        server: 127.0.0.1
        port: $LAB_REDIS_PORT
        mode: xadd
        key: quell-st
        stream-maxlen: 100
        stream-trim-exact: yes
YAML

lab_start_redis
# The subscriber prints, per message, "message", the channel, the payload.
_lab_spawn subscriber "$LAB_NS_I" "$(readlink -f "$(command -v redis-cli)")" \
	redis-cli -h 127.0.0.1 -p "$LAB_REDIS_PORT" SUBSCRIBE quell-ch
for ((i = 0; i < 100; i++)); do
	[ "$(lab_redis PUBSUB NUMSUB quell-ch | tail -n 1)" = 1 ] && break
	sleep 0.1
done
lab_assert_eq "subscribers on quell-ch" 1 "$(lab_redis PUBSUB NUMSUB quell-ch | tail -n 1)"

mkdir -p "$LAB_TMP/log"
rc=0
lab_ips timeout 60 "$QUELLD" -c "$LAB_TMP/redis.yaml" -S "$LAB_TMP/t.rules" -l "$LAB_TMP/log" \
	-r "$LAB_TMP/mixed.pcap" >"$LAB_TMP/quelld.out" 2>"$LAB_TMP/quelld.log" || rc=$?
lab_assert_eq "quelld -r exit status" 0 "$rc"
eve="$LAB_TMP/log/eve.json"
grep '"event_type":"alert"' "$eve" | sort >"$LAB_TMP/file.alerts"
n=$(wc -l <"$LAB_TMP/file.alerts")
[ "$n" -gt 100 ] || lab_fail "only $n alerts in eve.json"

lab_redis --raw LRANGE quell-list 0 -1 | sort >"$LAB_TMP/list.alerts"
lab_assert_eq "alerts in the redis list" "$n" "$(wc -l <"$LAB_TMP/list.alerts")"
cmp -s "$LAB_TMP/file.alerts" "$LAB_TMP/list.alerts" ||
	lab_fail "the redis list differs from eve.json's alerts: $(diff "$LAB_TMP/file.alerts" "$LAB_TMP/list.alerts" | head -n 4)"
lab_log "ok: the list holds eve.json's $n alerts byte for byte"

# Pub/sub is delivered as it comes: wait (bounded) for the last message.
for ((i = 0; i < 100; i++)); do
	got=$(grep -c '^{' "$LAB_TMP/subscriber.out")
	[ "$got" -ge "$n" ] && break
	sleep 0.1
done
grep '^{' "$LAB_TMP/subscriber.out" | sort >"$LAB_TMP/ch.alerts"
lab_assert_eq "alerts the channel subscriber received" "$n" "$(wc -l <"$LAB_TMP/ch.alerts")"
cmp -s "$LAB_TMP/file.alerts" "$LAB_TMP/ch.alerts" || lab_fail "the subscriber's messages differ from eve.json's alerts"

lab_assert_eq "entries in the trimmed stream" 100 "$(lab_redis XLEN quell-st)"
# XRANGE --raw prints id, "eve", the event, per entry.
lab_redis --raw XRANGE quell-st - + | awk 'NR % 3 == 0' | sort >"$LAB_TMP/st.alerts"
lab_assert_eq "stream entries that are alerts of eve.json" 100 \
	"$(comm -12 "$LAB_TMP/file.alerts" "$LAB_TMP/st.alerts" | wc -l)"

s=$(lab_final_stat "$eve" .output.eve3.written .output.eve3.dropped) || exit 1
lab_assert_eq "stream output: written, dropped" "$n 0" "$s"
s=$(lab_final_stat "$eve" .output.eve1.written .output.eve1.lost .output.eve1.dropped \
	.output.eve2.written .output.eve2.lost .output.eve2.dropped .output.lost) || exit 1
read -r w1 l1 d1 w2 l2 d2 lost <<<"$s"
lab_assert_eq "list output: written" "$n" "$w1"
lab_assert_eq "channel output: written" "$n" "$w2"
lab_assert_eq "lost and dropped, all outputs" "0 0 0 0 0" "$l1 $d1 $l2 $d2 $lost"
echo "PASS: every alert reached eve.json, a redis list and a redis channel subscriber ($n alerts)"
