#!/usr/bin/env bash
# threshold.config, hostbits and xbits against Suricata 7.0.6: every case
# of tests/data/threshold/cases.txt (suppress, threshold/event_filter with
# each track, rate_filter with each new_action and track, sid 0, a rule's
# own threshold; hostbits and xbits set, test, toggle, unset and expiry
# across flows and hosts) runs quelld -r on its capture (multi.pcap: six
# TCP flows between four hosts over 80 s; multiu.pcap: the same as UDP)
# with drop flows: all, and the alert and drop events -- packet number,
# type, sid, alert.action, drop.reason, verdict.action, in order -- must be
# exactly those Suricata wrote (expected.txt, recorded with record.sh).
set -u
top_src="${QUELL_TOP_SRCDIR:?}"
top_build="${QUELL_TOP_BUILDDIR:?}"
quelld="$top_build/daemon/quelld"
data="$top_src/tests/data/threshold"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/quell-threshold.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
command -v jq >/dev/null || { echo "t_threshold_config: jq is not installed" >&2; exit 1; }

failed=0
n=0
while IFS='|' read -r name pcap rules ips conf; do
	case $name in '#'* | '') continue ;; esac
	n=$((n + 1))
	printf '%s\n' "$conf" >"$tmp/$name.config"
	mkdir -p "$tmp/$name"
	[ "$ips" = - ] && ips=
	# shellcheck disable=SC2086 # $ips is one option or none
	if ! timeout 60 "$quelld" --runmode single -c /dev/null \
	    --include "$data/eve-drop-all.yaml" -r "$data/$pcap" \
	    -S "$data/$rules" -l "$tmp/$name" \
	    --set threshold-file="$tmp/$name.config" \
	    --set unix-command.enabled=no $ips >"$tmp/$name.out" 2>&1; then
		echo "not ok $n - $name: quelld failed: $(tail -3 "$tmp/$name.out")"
		failed=$((failed + 1))
		continue
	fi
	# own-rate: the rule's own detection_filter wins, with a warning
	want_warn=
	[ "$name" = own-rate ] && want_warn="has a threshold or detection_filter of its own"
	got_warn=$(grep -E 'error|warning' "$tmp/$name.out")
	if { [ -z "$want_warn" ] && [ -n "$got_warn" ]; } ||
	    { [ -n "$want_warn" ] && ! grep -qF "$want_warn" "$tmp/$name.out"; }; then
		echo "not ok $n - $name: diagnostics: '${got_warn}', want '${want_warn}'"
		failed=$((failed + 1))
		continue
	fi
	jq -r 'select(.event_type=="alert" or .event_type=="drop") |
	    [.pcap_cnt, .event_type, .alert.signature_id, .alert.action,
	    .drop.reason, .verdict.action] | @text' "$tmp/$name/eve.json" \
	    >"$tmp/$name.got"
	awk -v n="== $name" '$0 == n { on = 1; next } /^== / { on = 0 } on' \
	    "$data/expected.txt" >"$tmp/$name.want"
	if ! [ -s "$tmp/$name.want" ]; then
		echo "not ok $n - $name: no expected events"
		failed=$((failed + 1))
	elif cmp -s "$tmp/$name.want" "$tmp/$name.got"; then
		echo "ok $n - $name ($(wc -l <"$tmp/$name.want") events as Suricata)"
	else
		echo "not ok $n - $name: differs from Suricata 7.0.6 (< Suricata, > quelld)"
		diff "$tmp/$name.want" "$tmp/$name.got" | head -20
		failed=$((failed + 1))
	fi
done <"$data/cases.txt"
echo "1..$n"
[ "$n" -ge 20 ] || { echo "t_threshold_config: only $n cases" >&2; exit 1; }
[ "$failed" = 0 ] || { echo "t_threshold_config: $failed of $n cases failed" >&2; exit 1; }
exit 0
