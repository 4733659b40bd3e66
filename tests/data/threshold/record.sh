#!/bin/sh
# How expected.txt was made (not run by make check): each case of
# cases.txt through Suricata 7.0.6 on its capture, eve-drop-all.yaml as
# its configuration; one line per alert and drop event.
#   tests/data/threshold/record.sh ../shared/peers/suricata > tests/data/threshold/expected.txt
suricata=${1:?path to suricata}
dir=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
grep -v '^#' "$dir/cases.txt" | while IFS='|' read -r name pcap rules ips conf; do
	printf '%s\n' "$conf" >"$tmp/t.config"
	mkdir -p "$tmp/$name"
	[ "$ips" = - ] && ips=
	"$suricata" --runmode single -k none -r "$dir/$pcap" \
	    -S "$dir/$rules" -l "$tmp/$name" -c "$dir/eve-drop-all.yaml" \
	    --set threshold-file="$tmp/t.config" $ips >/dev/null 2>&1
	echo "== $name"
	jq -r 'select(.event_type=="alert" or .event_type=="drop") |
	    [.pcap_cnt, .event_type, .alert.signature_id, .alert.action,
	    .drop.reason, .verdict.action] | @text' "$tmp/$name/eve.json"
done
