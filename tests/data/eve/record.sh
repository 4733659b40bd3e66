#!/bin/sh
# How expected.jsonl was made (not run by make check): each case of
# cases.txt through Suricata 7.0.6; its alert, drop and packet events
# without flow_id (which differs by design).
#   tests/data/eve/record.sh ../shared/peers/suricata > tests/data/eve/expected.jsonl
suricata=${1:?path to suricata}
dir=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$dir/../../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
grep -v '^#' "$dir/cases.txt" | while IFS='|' read -r name pcap rules conf ips; do
	mkdir -p "$tmp/$name"
	[ "$ips" = - ] && ips=
	"$suricata" --runmode single -k none -r "$dir/$pcap" -S "$dir/$rules" \
	    -l "$tmp/$name" -c "$dir/$conf" \
	    --set classification-file="$top/etc/classification.config" \
	    $ips >/dev/null 2>&1
	echo "== $name"
	jq -c 'select(.event_type=="alert" or .event_type=="drop" or
	    .event_type=="packet") | del(.flow_id)' "$tmp/$name/eve.json"
done
