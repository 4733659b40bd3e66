#!/usr/bin/env bash
# Rule reload under load: 20 reloads (SIGUSR2) while an iperf3 transfer
# and a loop of curls run through quelld. Asserts:
# - zero packets without a verdict: NFQUEUE rule counter == stats.nfq.packets
# - zero client errors: every curl and the iperf3 run succeed
# - alerts switch from the old rule set to the new one at the swap
# - a broken rule set keeps the previous rules active
# - RSS after the reloads stays near the level after the first ones
# Then a long build (20,000 bench/gen-rules rules) on the reload thread:
# - the control socket answers (counters, version) within 2 s each while
#   it builds, and traffic keeps flowing (curls succeed)
# - a second quellctl reload-rules is refused (exit 1, "in progress"),
#   a SIGUSR2 is queued (one more build after it, log line)
# - the memory figures: the log line with the old and the new engine,
#   stats.detect.engine.reload_peak_memory > 0, reloads counted
set -u
. "$QUELL_TOP_SRCDIR/tests/lab/lib.sh"
lab_require
command -v iperf3 >/dev/null || lab_fail "iperf3 is not installed"
lab_setup
lab_start_httpd

RULE="-j NFQUEUE --queue-num 0 --queue-bypass"
lab_ipt -I FORWARD $RULE
lab_ip6t -I FORWARD $RULE

rules="$LAB_TMP/reload.rules"
one='alert tcp any any -> any 8080 (msg:"rule set one"; content:"GET /one"; sid:101; rev:1;)'
two='alert tcp any any -> any 8080 (msg:"rule set two"; content:"GET /two"; sid:202; rev:1;)'
printf '%s\n' "$one" >"$rules"
logdir="$LAB_TMP/log"
mkdir -p "$logdir"
sock="$LAB_TMP/ctl/quell.socket"
lab_start_quelld -S "$rules" -l "$logdir" -q 0 --set stats.interval=1 \
	--set "unix-command.filename=$sock"

pid=${LAB_PID[quelld]}
rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status"; }
alerts() { jq -r --argjson sid "$1" 'select(.event_type == "alert" and
	.alert.signature_id == $sid) | .alert.signature_id' "$logdir/eve.json" | wc -l; }

# reload FILE_CONTENT: install the rules and signal; wait until the
# reload thread logs the result (the build runs off the main loop).
reloads=0
finished() { grep -c -E 'reload: [0-9]+ rules loaded|reload failed' "${LAB_LOG[quelld]}"; }
reload() {
	local before
	printf '%s\n' "$1" >"$rules"
	before=$(finished)
	kill -USR2 "$pid"
	# The bound only tells a hang from a slow build (reload speed is
	# bench/engine-scale's, not a test's): under ASan on a loaded 2-core
	# host a small reload once took over 10 s.
	for ((i = 0; i < 1200; i++)); do
		[ "$(finished)" -gt "$before" ] && break
		sleep 0.05
	done
	[ "$(finished)" -gt "$before" ] || lab_fail "reload $reloads did not finish within 60 s"
	reloads=$((reloads + 1))
}

lab_server iperf3 -s -1 -B "$LAB_SERVER4" >"$LAB_TMP/iperf3-server.log" 2>&1 &
sleep 0.5
lab_client timeout 30 iperf3 -c "$LAB_SERVER4" -t 12 >"$LAB_TMP/iperf3.log" 2>&1 &
iperf_pid=$!

curl_fail=0
curls=0
for ((r = 0; r < 20; r++)); do
	if [ $((r % 2)) = 0 ]; then reload "$two"; else reload "$one"; fi
	[ "$r" = 2 ] && rss_early=$(rss)
	for path in one two; do
		curls=$((curls + 1))
		lab_client curl -s -o /dev/null --max-time 5 "http://$LAB_SERVER4:$LAB_HTTP_PORT/$path" ||
			curl_fail=$((curl_fail + 1))
	done
	sleep 0.3
done
wait "$iperf_pid" || lab_fail "iperf3 through quelld failed during reloads: $(tail -5 "$LAB_TMP/iperf3.log")"
lab_assert_eq "curl failures during $curls requests and $reloads reloads" 0 "$curl_fail"
lab_log "iperf3: $(grep -E 'receiver' "$LAB_TMP/iperf3.log" | tail -1)"

# The 20th reload (r = 19) installed rule set one: /two must not alert now.
a1=$(alerts 101)
a2=$(alerts 202)
lab_client curl -s -o /dev/null --max-time 5 "http://$LAB_SERVER4:$LAB_HTTP_PORT/one" || lab_fail "curl /one"
lab_client curl -s -o /dev/null --max-time 5 "http://$LAB_SERVER4:$LAB_HTTP_PORT/two" || lab_fail "curl /two"
sleep 0.5
lab_assert_eq "new alerts for sid 101 (active set one) after the last reload" 1 $(($(alerts 101) - a1))
lab_assert_eq "new alerts for sid 202 (replaced set two) after the last reload" 0 $(($(alerts 202) - a2))

# A broken rule set keeps the previous rules running.
reload 'alert tcp any any -> any 99999 (msg:"broken"; sid:9;)'
grep -q "reload failed: .*reload.rules:1:.*99999" "${LAB_LOG[quelld]}" ||
	lab_fail "quelld did not report the broken rule with file:line: $(tail -3 "${LAB_LOG[quelld]}")"
a1=$(alerts 101)
lab_client curl -s -o /dev/null --max-time 5 "http://$LAB_SERVER4:$LAB_HTTP_PORT/one" || lab_fail "curl /one"
sleep 0.5
lab_assert_eq "alerts for sid 101 after a failed reload (old rules active)" 1 $(($(alerts 101) - a1))

rss_late=$(rss)
lab_log "RSS after 3 reloads ${rss_early} kB, after $reloads: ${rss_late} kB"
[ "$rss_late" -le $((rss_early + rss_early / 5 + 2048)) ] ||
	lab_fail "RSS grew from ${rss_early} kB to ${rss_late} kB over $reloads reloads"

# A long build on the reload thread: the control socket and the traffic
# go on, a second request is refused (control) or queued (signal).
gen="$QUELL_TOP_BUILDDIR/bench/gen-rules"
[ -x "$gen" ] || lab_fail "$gen missing (make builds it)"
"$gen" --seed 1 --rules 20000 -o "$LAB_TMP/big.rules" 2>/dev/null || lab_fail "gen-rules failed"
{ printf '%s\n' "$one"; cat "$LAB_TMP/big.rules"; } >"$rules"
ctl() { "$QUELL_TOP_BUILDDIR/daemon/quellctl" -s "$sock" "$@"; }
before=$(finished)
ctl reload-rules >"$LAB_TMP/big-reload.out" 2>&1 &
ctl_pid=$!
building=0 answered=0 refused=0 slow=0 curl_fail=0
for ((i = 0; i < 3000 && building == 0; i++)); do
	st=$(ctl -t 2 --json reload-status 2>/dev/null | jq -r '.message.state') || true
	[ "$st" = building ] && building=1 || sleep 0.01
done
lab_assert_eq "reload-status says building right after reload-rules" 1 "$building"
out=$(ctl -t 2 reload-rules 2>&1) && lab_fail "a second reload-rules during a build was accepted: $out"
printf '%s' "$out" | grep -q 'in progress' || lab_fail "the refused reload-rules does not say why: $out"
kill -USR2 "$pid"
deadline=$((SECONDS + 180))	# the build under ASan takes a while
while [ "$(finished)" -eq "$before" ] && [ "$SECONDS" -lt "$deadline" ]; do
	t0=$(date +%s%N)
	ctl -t 2 counters >/dev/null && ctl -t 2 version >/dev/null || lab_fail "the control socket did not answer during the build"
	t1=$(date +%s%N)
	[ $(((t1 - t0) / 1000000)) -lt 2000 ] || slow=$((slow + 1))
	lab_client curl -s -o /dev/null --max-time 5 "http://$LAB_SERVER4:$LAB_HTTP_PORT/one" || curl_fail=$((curl_fail + 1))
	answered=$((answered + 1))
done
[ "$(finished)" -gt "$before" ] || lab_fail "the long build did not finish ($answered control rounds)"
lab_log "control socket answered $answered rounds of counters+version and curls during the long build"
[ "$answered" -ge 1 ] || lab_fail "the build finished before the control socket was asked anything"
lab_assert_eq "control replies over 2 s during the build" 0 "$slow"
lab_assert_eq "curl failures during the build" 0 "$curl_fail"
wait "$ctl_pid" || lab_fail "quellctl reload-rules (waiting for the build) failed: $(cat "$LAB_TMP/big-reload.out")"
grep -q '20001 rules loaded' "$LAB_TMP/big-reload.out" || lab_fail "quellctl reload-rules printed: $(cat "$LAB_TMP/big-reload.out")"
grep -q 'reload [0-9]* queued behind the running build' "${LAB_LOG[quelld]}" ||
	lab_fail "the SIGUSR2 during the build was not queued: $(tail -5 "${LAB_LOG[quelld]}")"
# the queued one runs after it
deadline=$((SECONDS + 180))
while [ "$(finished)" -lt $((before + 2)) ] && [ "$SECONDS" -lt "$deadline" ]; do sleep 0.1; done
[ "$(finished)" -ge $((before + 2)) ] || lab_fail "the queued reload did not run"
grep -q 'with the old and the new engine' "${LAB_LOG[quelld]}" || lab_fail "no reload memory line in the log"
lab_log "$(grep 'with the old and the new engine' "${LAB_LOG[quelld]}" | tail -1)"
sleep 1.5	# a stats interval
peak=$(jq -r 'select(.event_type == "stats") | .stats.detect.engine.reload_peak_memory' "$logdir/eve.json" | tail -1)
nrel=$(jq -r 'select(.event_type == "stats") | .stats.detect.engine.reloads' "$logdir/eve.json" | tail -1)
nref=$(jq -r 'select(.event_type == "stats") | .stats.detect.engine.reloads_refused' "$logdir/eve.json" | tail -1)
[ "${peak:-0}" -gt 0 ] || lab_fail "stats.detect.engine.reload_peak_memory is ${peak:-missing}"
lab_assert_eq "stats.detect.engine.reloads (20 good ones, the long one, the queued one)" 22 "$nrel"
lab_assert_eq "stats.detect.engine.reloads_failed (the broken set)" 1 "$(jq -r 'select(.event_type == "stats") | .stats.detect.engine.reloads_failed' "$logdir/eve.json" | tail -1)"
lab_assert_eq "stats.detect.engine.reloads_refused" 1 "$nref"
a1=$(alerts 101)
lab_client curl -s -o /dev/null --max-time 5 "http://$LAB_SERVER4:$LAB_HTTP_PORT/one" || lab_fail "curl /one"
sleep 0.5
lab_assert_eq "alerts for sid 101 with the 20,001-rule set" 1 $(($(alerts 101) - a1))

lab_quiesce
lab_stop_quelld || lab_fail "quelld exited with status $? after SIGTERM"
eve="$logdir/eve.json"
read -r packets accepted dropped < <(tail -n 1 "$eve" |
	jq -r '.stats.nfq | "\(.packets) \(.accepted) \(.dropped)"')
n4=$(lab_ipt_counter FORWARD "$RULE") || exit 1
n6=$(lab_ipt_counter -6 FORWARD "$RULE") || exit 1
lab_assert_eq "stats.nfq.packets vs NFQUEUE rule counters" $((n4 + n6)) "$packets"
lab_assert_eq "accepted + dropped" "$packets" $((accepted + dropped))
echo "PASS: $reloads rule reloads under traffic, no packet without a verdict, no client error"
