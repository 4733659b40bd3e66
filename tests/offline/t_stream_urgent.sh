#!/usr/bin/env bash
# quelld -r with each stream.reassembly.urgent.policy, on a capture
# scapy writes (tests/offline/urgent_pcap.py; Debian python3-scapy,
# /usr/bin/python3): "GET /malic", a URG segment whose urgent byte is
# "X", then "ious HTTP/1.1 ...". Rules: raw stream content "malicious"
# (sid 1) and "malicXious" (sid 3), http.uri content "malicious" (sid 2)
# and "malicXious" (sid 4). Asserted per policy, IDS and --simulate-ips:
# - inline (the default): the byte stays: sids 3 and 4, no oob bytes;
# - oob: the byte is out of band: sids 1 and 2, tcp.urgent_oob_data 1;
# - gap: a hole: no raw match either way, the URI (libhtp reads around
#   the hole) "/malicious": sid 2, tcp.reassembly_gap 1;
# - drop, IDS: as inline; --simulate-ips: the URG packet is dropped
#   (one drop event, reason "stream urgent",
#   ips.drop_reason.stream_urgent 1, capture.dropped 1), the server's
#   ACK of it makes a gap, sid 2 alone;
# - tcp.urg counts the one URG packet every time.
set -u
top_src="${QUELL_TOP_SRCDIR:?}"
top_build="${QUELL_TOP_BUILDDIR:?}"
quelld="$top_build/daemon/quelld"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/quell-urgent.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
ok() { printf 'ok: %s\n' "$*"; }
command -v jq >/dev/null || fail "jq is not installed"
/usr/bin/python3 -c 'import scapy' 2>/dev/null ||
	fail "python3-scapy is not installed (/usr/bin/python3)"
/usr/bin/python3 "$top_src/tests/offline/urgent_pcap.py" "$tmp" ||
	fail "urgent_pcap.py failed"

cat >"$tmp/t.rules" <<'RULES'
alert tcp any any -> any 80 (msg:"raw malicious"; content:"malicious"; sid:1; rev:1;)
alert http any any -> any any (msg:"uri malicious"; http.uri; content:"malicious"; sid:2; rev:1;)
alert tcp any any -> any 80 (msg:"raw malicXious"; content:"malicXious"; sid:3; rev:1;)
alert http any any -> any any (msg:"uri malicXious"; http.uri; content:"malicXious"; sid:4; rev:1;)
RULES

run() {	# run NAME POLICY ARGS...
	local name="$1" pol="$2"
	shift 2
	mkdir -p "$tmp/$name"
	timeout 60 "$quelld" -c "$top_src/etc/quell.yaml" -S "$tmp/t.rules" \
		-l "$tmp/$name" -r "$tmp/urgent.pcap" \
		--set "stream.reassembly.urgent.policy=$pol" \
		--set outputs.eve-log.types.drop.flows=all "$@" \
		>"$tmp/$name.out" 2>"$tmp/$name.err" ||
		fail "quelld -r, policy $pol $* exited $?: $(cat "$tmp/$name.err")"
}
sids() {	# sids NAME: the sids that alerted, sorted, comma-separated
	jq -r 'select(.event_type == "alert") | .alert.signature_id' \
		"$tmp/$1/eve.json" | sort -n | paste -sd, -
}
stat() {	# stat NAME PATH: from the last stats record
	jq -s -r "map(select(.event_type == \"stats\")) | last | .stats.$2" \
		"$tmp/$1/eve.json"
}
expect() {	# expect NAME SIDS URG OOB GAP DROPPED
	local s
	s=$(sids "$1")
	[ "$s" = "$2" ] || fail "$1: alerts from sids '$s', want '$2'"
	[ "$(stat "$1" tcp.urg)" = "$3" ] ||
		fail "$1: tcp.urg is $(stat "$1" tcp.urg), want $3"
	[ "$(stat "$1" tcp.urgent_oob_data)" = "$4" ] ||
		fail "$1: tcp.urgent_oob_data is $(stat "$1" tcp.urgent_oob_data), want $4"
	[ "$(stat "$1" tcp.reassembly_gap)" = "$5" ] ||
		fail "$1: tcp.reassembly_gap is $(stat "$1" tcp.reassembly_gap), want $5"
	[ "$(stat "$1" capture.dropped)" = "$6" ] ||
		fail "$1: capture.dropped is $(stat "$1" capture.dropped), want $6"
}

for mode in ids ips; do
	args=()
	[ "$mode" = ips ] && args=(--simulate-ips)
	run "inline-$mode" inline "${args[@]}"
	expect "inline-$mode" 3,4 1 0 0 0
	run "oob-$mode" oob "${args[@]}"
	expect "oob-$mode" 1,2 1 1 0 0
	run "gap-$mode" gap "${args[@]}"
	expect "gap-$mode" 2 1 0 1 0
	ok "$mode: inline keeps the urgent byte, oob takes it out, gap leaves a hole"
done

run drop-ids drop
expect drop-ids 3,4 1 0 0 0
ok "ids: drop is inline when not inline"

run drop-ips drop --simulate-ips
expect drop-ips 2 1 0 1 1
n=$(jq -c 'select(.event_type == "drop" and .drop.reason == "stream urgent")' \
	"$tmp/drop-ips/eve.json" | wc -l)
[ "$n" = 1 ] || fail "drop-ips: $n drop events with reason stream urgent, want 1"
[ "$(stat drop-ips ips.drop_reason.stream_urgent)" = 1 ] ||
	fail "drop-ips: ips.drop_reason.stream_urgent is not 1"
ok "ips: drop drops the URG packet (stream urgent), its ACK makes a gap"
