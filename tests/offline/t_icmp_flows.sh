#!/usr/bin/env bash
# ICMP flows as Suricata makes them (doc/operations.md, "ICMP flows"):
# quelld -r on the captures tests/offline/icmp_pcap.py writes (Debian
# python3-scapy, /usr/bin/python3) with tests/data/icmp/icmp.rules must
# log the alert and flow events Suricata 7.0.6 logs for them
# (tests/data/icmp/suricata-7.0.6.txt: which packets share a flow, the
# flow's direction and counters, which errors have no flow, which rules
# match those).
set -u
top_src="${QUELL_TOP_SRCDIR:?}"
top_build="${QUELL_TOP_BUILDDIR:?}"
quelld="$top_build/daemon/quelld"
data="$top_src/tests/data/icmp"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/quell-icmp.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
ok() { printf 'ok: %s\n' "$*"; }
command -v jq >/dev/null || fail "jq is not installed"
/usr/bin/python3 -c 'import scapy' 2>/dev/null ||
	fail "python3-scapy is not installed (/usr/bin/python3)"
/usr/bin/python3 "$top_src/tests/offline/icmp_pcap.py" "$tmp" ||
	fail "icmp_pcap.py failed"

for name in errors echo echo6 orient; do
	mkdir -p "$tmp/$name"
	timeout 60 "$quelld" -c "$top_src/etc/quell.yaml" -S "$data/icmp.rules" \
		-l "$tmp/$name" -r "$tmp/$name.pcap" -k none \
		>"$tmp/$name.out" 2>"$tmp/$name.err" ||
		fail "quelld -r $name.pcap exited $?: $(cat "$tmp/$name.err")"
	jq -c 'select(.event_type == "alert" or .event_type == "flow") |
	    [.event_type, .alert.signature_id, .proto, .src_ip, .dest_ip,
	    .direction, .flow.pkts_toserver, .flow.pkts_toclient, .flow.state,
	    .icmp_type, .response_icmp_type, (.flow_id != null)]' \
		"$tmp/$name/eve.json" | sed "s/^/$name /"
done | LC_ALL=C sort >"$tmp/quell.txt"
LC_ALL=C sort "$data/suricata-7.0.6.txt" >"$tmp/want.txt"
diff "$tmp/want.txt" "$tmp/quell.txt" >"$tmp/diff" ||
	fail "eve differs from Suricata 7.0.6's (< Suricata, > quelld):
$(cat "$tmp/diff")"
ok "ICMP flows, errors and their alerts as Suricata 7.0.6 logs them ($(wc -l <"$tmp/want.txt") events)"
