#!/usr/bin/env bash
# eve to local sockets, each read by a real listener (eve_listen.py):
# quelld -r on a generated capture with four eve-log outputs: a regular
# file, filetype unix_stream, filetype unix_dgram and filetype syslog
# (facility local3, level notice, identity quell-test) on a socket the
# test listens on in place of /dev/log.
# - the stream and datagram readers received every alert of eve.json,
#   byte for byte;
# - every syslog message is "<157>Mmm dd hh:mm:ss quell-test[PID]: "
#   (157 = local3 * 8 + notice) followed by one of eve.json's alerts, and
#   there is one per alert;
# - an eve-log to a socket nobody listens on loses its events, counted
#   as dropped, while the file output loses nothing.
set -u
top_src="${QUELL_TOP_SRCDIR:?}"
top_build="${QUELL_TOP_BUILDDIR:?}"
quelld="$top_build/daemon/quelld"
gen="$top_build/bench/gen-traffic"
py=/usr/bin/python3
tmp=$(mktemp -d "${TMPDIR:-/tmp}/quell-sockets.XXXXXX")
pids=()
cleanup() {
	local p
	for p in "${pids[@]}"; do
		kill -TERM "$p" 2>/dev/null
		wait "$p" 2>/dev/null
	done
	rm -rf "$tmp"
}
trap cleanup EXIT

fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
ok() { printf 'ok: %s\n' "$*"; }
cannot_run() { printf '\n*** TEST CANNOT RUN: %s ***\n\n' "$*" >&2; exit 99; }
command -v jq >/dev/null || cannot_run "jq is not installed"
[ -x "$py" ] || cannot_run "$py is missing (Debian: python3)"

"$gen" --seed 11 --packets 20000 --mix mixed -o "$tmp/mixed.pcap" 2>/dev/null || fail "gen-traffic failed"
cat >"$tmp/t.rules" <<'RULES'
alert tcp any any -> any any (msg:"http GET"; content:"GET "; sid:1; rev:1;)
alert icmp any any -> any any (msg:"icmp"; sid:4; rev:1;)
RULES

listen() {	# listen KIND NAME: start a listener on $tmp/NAME.sock
	"$py" "$top_src/tests/offline/eve_listen.py" "$1" "$tmp/$2.sock" "$tmp/$2.got" 60 \
		>"$tmp/$2.ready" 2>"$tmp/$2.err" &
	pids+=($!)
	for ((i = 0; i < 100; i++)); do
		grep -q ready "$tmp/$2.ready" 2>/dev/null && return 0
		sleep 0.05
	done
	fail "listener $2 did not start: $(cat "$tmp/$2.err")"
}
listen stream stream
listen dgram dgram
listen dgram syslog

cat >"$tmp/q.yaml" <<YAML
outputs:
  - eve-log:
      filename: eve.json
      types: [alert, stats]
  - eve-log:
      filetype: unix_stream
      filename: $tmp/stream.sock
      types: [alert]
  - eve-log:
      filetype: unix_dgram
      filename: $tmp/dgram.sock
      types: [alert]
  - eve-log:
      filetype: syslog
      identity: quell-test
      facility: local3
      level: Notice
      syslog-socket: $tmp/syslog.sock
      types: [alert]
  - eve-log:
      filetype: unix_dgram
      filename: $tmp/nobody.sock
      types: [alert]
YAML
mkdir -p "$tmp/log"
timeout 60 "$quelld" -c "$tmp/q.yaml" -S "$tmp/t.rules" -l "$tmp/log" -r "$tmp/mixed.pcap" \
	>"$tmp/quelld.out" 2>"$tmp/quelld.err" || fail "quelld -r exited $?: $(cat "$tmp/quelld.err")"
eve="$tmp/log/eve.json"
grep '"event_type":"alert"' "$eve" | sort >"$tmp/file.alerts"
n=$(wc -l <"$tmp/file.alerts")
[ "$n" -gt 100 ] || fail "only $n alerts in eve.json"

# Delivery is done when quelld exits (it flushes every output); the
# listeners may still be reading what the kernel holds: wait, bounded.
for name in stream dgram syslog; do
	for ((i = 0; i < 100; i++)); do
		[ "$(wc -l <"$tmp/$name.got" 2>/dev/null || echo 0)" -ge "$n" ] && break
		sleep 0.05
	done
done
sort "$tmp/stream.got" >"$tmp/stream.sorted"
cmp -s "$tmp/file.alerts" "$tmp/stream.sorted" ||
	fail "unix_stream reader got $(wc -l <"$tmp/stream.got") lines, not eve.json's $n alerts"
ok "unix_stream: all $n alerts"
sort "$tmp/dgram.got" >"$tmp/dgram.sorted"
cmp -s "$tmp/file.alerts" "$tmp/dgram.sorted" ||
	fail "unix_dgram reader got $(wc -l <"$tmp/dgram.got") datagrams, not eve.json's $n alerts"
ok "unix_dgram: all $n alerts"

bad=$(grep -Ecv '^<157>[A-Z][a-z]{2} [ 0-9][0-9] [0-9]{2}:[0-9]{2}:[0-9]{2} quell-test\[[0-9]+\]: \{' "$tmp/syslog.got")
[ "$bad" = 0 ] || fail "$bad syslog messages without the RFC 3164 header: $(head -n 1 "$tmp/syslog.got")"
sed -E 's/^<157>[^]]*\]: //' "$tmp/syslog.got" | sort >"$tmp/syslog.sorted"
cmp -s "$tmp/file.alerts" "$tmp/syslog.sorted" ||
	fail "syslog listener got $(wc -l <"$tmp/syslog.got") messages, not eve.json's $n alerts"
ok "syslog: all $n alerts, <157> (local3.notice), identity quell-test"

last=$(tail -n 1 "$eve")
read -r w1 w2 w3 d4 w4 flost < <(jq -r '.stats.output | "\(.eve1.written) \(.eve2.written) \(.eve3.written) \(.eve4.dropped) \(.eve4.written) \(.eve0.lost + .eve0.dropped)"' <<<"$last")
[ "$w1 $w2 $w3" = "$n $n $n" ] || fail "written counters $w1 $w2 $w3, not $n each"
[ "$d4" = "$n" ] && [ "$w4" = 0 ] || fail "the socket nobody reads: dropped $d4 written $w4, expected $n and 0"
[ "$flost" = 0 ] || fail "the file output lost $flost"
ok "no listener: $d4 alerts dropped and counted; the file output lost none"
echo "PASS: eve to unix_stream, unix_dgram and syslog sockets"
