#!/usr/bin/env bash
# quelld -r: the same decode -> detect -> output pipeline on captures.
# - the eve.json alert set is the same for 1, 2 and 4 workers
# - drop rules alert as "allowed" offline, as "blocked" with --simulate-ips
#   (which also writes drop events)
# - a truncated capture: exit status 0 as Suricata's (bug-6875, bug-1450),
#   a warning naming the packet number, and the alerts of the packets
#   before it are still logged
set -u
top_src="${QUELL_TOP_SRCDIR:?}"
top_build="${QUELL_TOP_BUILDDIR:?}"
quelld="$top_build/daemon/quelld"
gen="$top_build/bench/gen-traffic"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/quell-offline.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
ok() { printf 'ok: %s\n' "$*"; }
command -v jq >/dev/null || fail "jq is not installed"

"$gen" --seed 7 --packets 30000 --mix mixed -o "$tmp/mixed.pcap" 2>/dev/null ||
	fail "gen-traffic failed"
cat >"$tmp/t.rules" <<'RULES'
alert tcp any any -> any any (msg:"http GET"; content:"GET "; sid:1; rev:1;)
drop tcp any any -> any any (msg:"http cookie"; content:"Cookie:"; sid:2; rev:1;)
alert udp any any -> any 53 (msg:"dns query"; sid:3; rev:1;)
alert icmp any any -> any any (msg:"icmp"; sid:4; rev:1;)
RULES

run() {	# run NAME ARGS...: quelld -r into $tmp/NAME, status in $tmp/NAME.rc
	local name="$1"
	shift
	mkdir -p "$tmp/$name"
	timeout 60 "$quelld" -S "$tmp/t.rules" -l "$tmp/$name" "$@" \
		>"$tmp/$name.out" 2>"$tmp/$name.err"
	echo $? >"$tmp/$name.rc"
}
alert_set() {
	jq -c 'select(.event_type == "alert") | [.timestamp, .src_ip, .src_port,
		.dest_ip, .dest_port, .alert.signature_id, .alert.action]' \
		"$tmp/$1/eve.json" | sort
}

for n in 1 2 4; do
	run "w$n" -r "$tmp/mixed.pcap" --set threading.detect-threads=$n
	[ "$(cat "$tmp/w$n.rc")" = 0 ] || fail "quelld -r with $n workers exited $(cat "$tmp/w$n.rc"): $(cat "$tmp/w$n.err")"
	alert_set "w$n" >"$tmp/w$n.alerts"
done
count=$(wc -l <"$tmp/w1.alerts")
[ "$count" -gt 100 ] || fail "only $count alerts from the generated capture"
cmp -s "$tmp/w1.alerts" "$tmp/w2.alerts" || fail "alerts differ between 1 and 2 workers"
cmp -s "$tmp/w1.alerts" "$tmp/w4.alerts" || fail "alerts differ between 1 and 4 workers"
ok "the same $count alerts with 1, 2 and 4 workers"
packets=$(tail -n 1 "$tmp/w2/eve.json" | jq -r '.stats.capture.packets')
[ "$packets" = 30000 ] || fail "stats.capture.packets = $packets, not 30000"
ok "every packet of the capture counted"

for sid in 1 2 3 4; do
	n=$(jq -r --argjson s $sid 'select(.event_type == "alert" and .alert.signature_id == $s) | 1' "$tmp/w1/eve.json" | wc -l)
	[ "$n" -gt 0 ] || fail "no alert for sid $sid"
done
actions=$(jq -r 'select(.event_type == "alert") | .alert.action' "$tmp/w1/eve.json" | sort -u | tr '\n' ' ')
[ "$actions" = "allowed " ] || fail "offline alerts should all be allowed, got: $actions"
drops=$(jq -r 'select(.event_type == "drop") | 1' "$tmp/w1/eve.json" | wc -l)
[ "$drops" = 0 ] || fail "$drops drop events without --simulate-ips"
ok "drop rules alert as allowed offline"

run ips -r "$tmp/mixed.pcap" --simulate-ips
[ "$(cat "$tmp/ips.rc")" = 0 ] || fail "--simulate-ips run exited $(cat "$tmp/ips.rc")"
blocked=$(jq -r 'select(.event_type == "alert" and .alert.signature_id == 2 and .alert.action == "blocked") | 1' "$tmp/ips/eve.json" | wc -l)
drops=$(jq -r 'select(.event_type == "drop") | 1' "$tmp/ips/eve.json" | wc -l)
dropped=$(tail -n 1 "$tmp/ips/eve.json" | jq -r '.stats.capture.dropped')
[ "$blocked" -gt 0 ] || fail "no blocked alert for the drop rule with --simulate-ips"
[ "$drops" -gt 0 ] || fail "no drop events with --simulate-ips"
[ "$dropped" -gt 0 ] || fail "stats.capture.dropped = $dropped with --simulate-ips"
ok "--simulate-ips: $blocked blocked alerts, $drops drop events, $dropped packets dropped"

# Cut the capture in the middle of a record.
size=$(stat -c %s "$tmp/mixed.pcap")
head -c $((size / 2 + 7)) "$tmp/mixed.pcap" >"$tmp/cut.pcap"
run cut -r "$tmp/cut.pcap"
[ "$(cat "$tmp/cut.rc")" = 0 ] || fail "a truncated capture should end the run normally (exit 0, as Suricata), got $(cat "$tmp/cut.rc")"
grep -Eq "cut.pcap: packet [0-9]+: " "$tmp/cut.err" || fail "no error naming the packet: $(cat "$tmp/cut.err")"
n=$(alert_set cut | wc -l)
[ "$n" -gt 0 ] && [ "$n" -lt "$count" ] || fail "$n alerts from the truncated capture (full: $count)"
ok "truncated capture: $(grep -Eo 'packet [0-9]+: [^(]*' "$tmp/cut.err" | head -1), $n alerts kept"

run missing -r "$tmp/nonexistent.pcap"
[ "$(cat "$tmp/missing.rc")" = 1 ] || fail "a missing capture should exit 1"
grep -q "nonexistent.pcap" "$tmp/missing.err" || fail "the error does not name the file"
ok "missing capture: $(grep nonexistent "$tmp/missing.err" | head -1)"
echo "PASS: offline mode"
