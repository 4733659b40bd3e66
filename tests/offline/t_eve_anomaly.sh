#!/usr/bin/env bash
# eve "anomaly" records as Suricata 7.0.6 writes them. Each case runs
# quelld -r with Suricata's anomaly settings and compares the anomaly
# lines, without flow_id, with the very lines Suricata wrote on the same
# capture (tests/data/eve/anomaly-expected.jsonl, made with
# `suricata -r PCAP -S /dev/null -k none` and the same --set keys, jq -c
# 'select(.event_type=="anomaly") | del(.flow_id)'):
#   decode-packethdr  types.decode + packethdr on the IPv6 capture: two
#                     decoder.ipv6.zero_len_padn with the packet's first
#                     32 bytes
#   applayer          the defaults (applayer only) on dns-invalid-opcode:
#                     DNS invalid_opcode each way, layer proto_parser,
#                     tx_id 0 and 1
# and checks that what is off stays off: decode records without
# types.decode, applayer records with types.applayer no, everything with
# anomaly enabled no.
set -u
top_src="${QUELL_TOP_SRCDIR:?}"
top_build="${QUELL_TOP_BUILDDIR:?}"
quelld="$top_build/daemon/quelld"
data="$top_src/tests/data"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/quell-anomaly.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
command -v jq >/dev/null || { echo "t_eve_anomaly: jq is not installed" >&2; exit 1; }
export TZ=UTC

n=0
failed=0
A=outputs.eve-log.types.anomaly
# run NAME PCAP SET...: anomaly lines of quelld -r into $tmp/NAME.got
run() {
	local name=$1 pcap=$2 a
	shift 2
	local args=()
	for a in "$@"; do args+=(--set "$a"); done
	mkdir -p "$tmp/$name"
	timeout 60 "$quelld" --runmode single -c /dev/null \
	    -r "$data/verify/$pcap" -S /dev/null -l "$tmp/$name" -k none \
	    --set unix-command.enabled=no \
	    --set outputs.eve-log.types=alert,anomaly "${args[@]}" \
	    >"$tmp/$name.out" 2>&1 || {
		echo "quelld failed in $name: $(tail -3 "$tmp/$name.out")" >&2
		exit 1
	}
	jq -c 'select(.event_type=="anomaly") | del(.flow_id)' \
	    "$tmp/$name/eve.json" >"$tmp/$name.got"
}
same() {
	n=$((n + 1))
	awk -v n="== $1" '$0 == n { on = 1; next } /^== / { on = 0 } on' \
	    "$data/eve/anomaly-expected.jsonl" >"$tmp/$1.want"
	if [ -s "$tmp/$1.want" ] && cmp -s "$tmp/$1.want" "$tmp/$1.got"; then
		echo "ok $n - $1: $(wc -l <"$tmp/$1.want") lines as Suricata's"
	else
		echo "not ok $n - $1: differs from Suricata 7.0.6 (< Suricata, > quelld)"
		diff "$tmp/$1.want" "$tmp/$1.got" | head -10
		failed=$((failed + 1))
	fi
}
none() {
	n=$((n + 1))
	if [ -f "$tmp/$1.got" ] && ! [ -s "$tmp/$1.got" ]; then
		echo "ok $n - $1: $2"
	else
		echo "not ok $n - $1: $2: got $(wc -l <"$tmp/$1.got") lines"
		failed=$((failed + 1))
	fi
}
run decode-packethdr ipv6-atomic-toobig.pcap "$A.types.decode=yes" \
    "$A.packethdr=yes"
same decode-packethdr
run applayer dns-invalid-opcode-input.pcap
same applayer
run decode-off ipv6-atomic-toobig.pcap
none decode-off "types.decode off (the default): no decode records"
run applayer-off dns-invalid-opcode-input.pcap "$A.types.applayer=no"
none applayer-off "types.applayer no: no applayer records"
run disabled dns-invalid-opcode-input.pcap "$A.enabled=no" \
    "$A.types.decode=yes"
none disabled "anomaly enabled no: no records"
echo "1..$n"
[ "$failed" = 0 ] || { echo "t_eve_anomaly: $failed of $n checks failed" >&2; exit 1; }
exit 0
