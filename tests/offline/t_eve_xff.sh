#!/usr/bin/env bash
# X-Forwarded-For in eve.json as Suricata 7.0.6 writes it, on
# suricata-verify's xff capture (request header "X-Forwarded-For:
# 10.2.2.2, 10.3.3.3", an alert on the response body, to the client).
# The values are Suricata's on the same capture, rules and settings:
#   types.alert.xff overwrite reverse  -> alert dest_ip 10.3.3.3
#   types.alert.xff overwrite forward  -> alert dest_ip 10.2.2.2
#   types.alert.xff extra-data reverse -> alert.xff 10.3.3.3, dest_ip kept
#   eve-log.xff extra-data forward     -> http record xff 10.2.2.2; the
#                                         alert has none (Suricata's alert
#                                         logger reads types.alert.xff only)
#   defaults (xff off)                 -> no xff anywhere, addresses kept
set -u
top_src="${QUELL_TOP_SRCDIR:?}"
top_build="${QUELL_TOP_BUILDDIR:?}"
quelld="$top_build/daemon/quelld"
pcap="$top_src/tests/data/verify/http-xff-eve-reverse-overwrite-test.pcap"
rules="$top_src/tests/data/eve/xff.rules"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/quell-xff.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
command -v jq >/dev/null || { echo "t_eve_xff: jq is not installed" >&2; exit 1; }

n=0
failed=0
# run NAME SET... : quelld -r with --set SET..., eve in $tmp/NAME
run() {
	local name=$1 a
	shift
	local args=()
	for a in "$@"; do args+=(--set "$a"); done
	mkdir -p "$tmp/$name"
	if ! timeout 60 "$quelld" --runmode single -c /dev/null -r "$pcap" \
	    -S "$rules" -l "$tmp/$name" -k none \
	    --set unix-command.enabled=no \
	    --set classification-file="$top_src/etc/classification.config" \
	    --set reference-config-file="$top_src/etc/reference.config" \
	    --set outputs.eve-log.types=alert,http "${args[@]}" \
	    >"$tmp/$name.out" 2>&1; then
		echo "quelld failed in $name: $(tail -3 "$tmp/$name.out")" >&2
		return 1
	fi
}
# check NAME WHAT JQ WANT: one line of jq output over eve.json is WANT
check() {
	local got
	n=$((n + 1))
	got=$(jq -c "$3" "$tmp/$1/eve.json" | tr '\n' ' ')
	got=${got% }
	if [ "$got" = "$4" ]; then
		echo "ok $n - $1: $2"
	else
		echo "not ok $n - $1: $2: want '$4' got '$got'"
		failed=$((failed + 1))
	fi
}
A='select(.event_type=="alert")'
H='select(.event_type=="http")'
AX=outputs.eve-log.types.alert.xff

run rev-over "$AX.enabled=yes" "$AX.mode=overwrite" "$AX.deployment=reverse" || exit 1
check rev-over "overwrite reverse: dest_ip is the last address" \
    "$A | [.src_ip, .dest_ip, .alert.xff, .direction]" \
    '["82.165.177.154","10.3.3.3",null,"to_client"]'
run fwd-over "$AX.enabled=yes" "$AX.mode=overwrite" "$AX.deployment=forward" || exit 1
check fwd-over "overwrite forward: dest_ip is the first address" \
    "$A | [.src_ip, .dest_ip, .alert.xff]" \
    '["82.165.177.154","10.2.2.2",null]'
run extra "$AX.enabled=yes" || exit 1
check extra "extra-data reverse: alert.xff, addresses kept" \
    "$A | [.src_ip, .dest_ip, .alert.xff, .xff]" \
    '["82.165.177.154","10.16.1.11","10.3.3.3",null]'
run parent outputs.eve-log.xff.enabled=yes outputs.eve-log.xff.deployment=forward || exit 1
check parent "eve-log.xff: the http record's xff, the header kept in http.xff" \
    "$H | [.src_ip, .xff, .http.xff]" \
    '["10.16.1.11","10.2.2.2","10.2.2.2, 10.3.3.3"]'
check parent "eve-log.xff: the alert has none" \
    "$A | [.dest_ip, .alert.xff, .xff]" '["10.16.1.11",null,null]'
run off || exit 1
check off "xff off: no xff, addresses kept" \
    "[.xff, .alert.xff] | select(. != [null, null])" ""
check off "xff off: the alert's addresses" "$A | [.src_ip, .dest_ip]" \
    '["82.165.177.154","10.16.1.11"]'
echo "1..$n"
[ "$failed" = 0 ] || { echo "t_eve_xff: $failed of $n checks failed" >&2; exit 1; }
exit 0
