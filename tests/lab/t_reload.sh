#!/usr/bin/env bash
# Rule reload under load: 20 reloads (SIGUSR2) while an iperf3 transfer
# and a loop of curls run through quelld. Asserts:
# - zero packets without a verdict: NFQUEUE rule counter == stats.nfq.packets
# - zero client errors: every curl and the iperf3 run succeed
# - alerts switch from the old rule set to the new one at the swap
# - a broken rule set keeps the previous rules active
# - RSS after the reloads stays near the level after the first ones
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
lab_start_quelld -S "$rules" -l "$logdir" -q 0 --set stats.interval=1

pid=${LAB_PID[quelld]}
rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status"; }
alerts() { jq -r --argjson sid "$1" 'select(.event_type == "alert" and
	.alert.signature_id == $sid) | .alert.signature_id' "$logdir/eve.json" | wc -l; }

# reload FILE_CONTENT: install the rules and signal; wait for the log line.
reloads=0
reload() {
	local before
	printf '%s\n' "$1" >"$rules"
	before=$(grep -c 'reload' "${LAB_LOG[quelld]}")
	kill -USR2 "$pid"
	for ((i = 0; i < 100; i++)); do
		[ "$(grep -c 'reload' "${LAB_LOG[quelld]}")" -gt "$before" ] && break
		sleep 0.05
	done
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
