#!/usr/bin/env bash
# quelld -r on suricata-verify captures of each encapsulation and link
# type (tests/data/verify): the alerts, their pkt_src, tunnel and vlan,
# exactly as Suricata 7.0.6 writes them for tests/data/verify/decode.rules
# (counted from its eve.json on the same captures and rules).
set -u
top_src="${QUELL_TOP_SRCDIR:?}"
top_build="${QUELL_TOP_BUILDDIR:?}"
quelld="$top_build/daemon/quelld"
data="$top_src/tests/data/verify"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
ok() { printf 'ok: %s\n' "$*"; }
command -v jq >/dev/null || fail "jq is required (quickstart installs it)"

# name pcap expected: "count sid pkt_src tunnel.proto vlan" lines, sorted
# (rules: tests/data/verify/decode.rules, or $4)
check() {
	local name=$1 pcap=$2 want=$3 rules=${4:-decode.rules} got rc
	mkdir -p "$tmp/$name"
	"$quelld" -k none -c "$top_src/etc/quell.yaml" -r "$data/$pcap" \
	    -S "$data/$rules" -l "$tmp/$name" >"$tmp/$name/out" 2>&1
	rc=$?
	[ "$rc" = 0 ] || fail "$name: exit $rc: $(tail -3 "$tmp/$name/out")"
	got=$(jq -r 'select(.event_type == "alert") |
	    "\(.alert.signature_id) \(.pkt_src) \(.tunnel.proto) \(.vlan)"' \
	    "$tmp/$name/eve.json" | sort | uniq -c | sed 's/^ *//')
	[ "$got" = "$want" ] || fail "$name: alerts
$got
want
$want"
	ok "$name: $(printf '%s' "$want" | tr '\n' ';')"
}

check vxlan vxlan.pcap "4 1 vxlan encapsulation UDP null
4 2 vxlan encapsulation UDP null"
check erspan-typeII erspan-typeII.pcap "2 1 gre tunnel GRE [23]
2 2 gre tunnel GRE [23]"
check nsh-type1 nsh-type1.pcap "1 3 wire/pcap null null"
check nsh-type2 nsh-type2.pcap "1 3 wire/pcap null null"
check sctp sctp.pcap "1 4 wire/pcap null null"
check teredo teredo.pcap "1 5 wire/pcap null null
1 6 teredo tunnel UDP null"
# decode-teredo-01's rule (flow.age:>20 once per flow): the three flows
# of the capture that last past 20 s, as Suricata 7.0.6 (pcap_cnt 50, 51,
# 77)
check teredo-flow-age teredo.pcap "3 3 wire/pcap null null" flow-age.rules
check chdlc chdlc.pcap "1 5 wire/pcap null null"
check ipv6-atomic ipv6-atomic-toobig.pcap "5 6 wire/pcap null null"
# A corrupt second record ends the file; the first one's alert (a
# decode-event rule on a data offset of 0) is kept, the run exits 0.
check bug-6875 bug-6875-corrupt.pcap "1 7 wire/pcap null null"
grep -q "packet 2: corrupt record" "$tmp/bug-6875/out" ||
    fail "bug-6875: no warning naming packet 2: $(cat "$tmp/bug-6875/out")"
ok "bug-6875: the corrupt record is named: $(grep -o 'packet 2: corrupt record' "$tmp/bug-6875/out")"

# The tunnel object of an inner packet's alert names the outer packet
# (the first alert by time: workers write in any order).
t=$(jq -sc 'map(select(.event_type == "alert")) | sort_by(.timestamp) |
    .[0].tunnel | del(.pcap_cnt)' "$tmp/vxlan/eve.json")
[ "$t" = '{"src_ip":"192.168.203.1","src_port":45149,"dest_ip":"192.168.202.1","dest_port":4789,"proto":"UDP","depth":1,"pkt_src":"wire/pcap"}' ] ||
    fail "vxlan: tunnel object $t"
ok "vxlan: tunnel $t"

# stats.decoder: captured packets, bytes and the headers met, as Suricata
# 7.0.6 counts them on each capture (its final stats record, counters
# that are not 0: tests/data/verify/decoder-stats-suricata-7.0.6.tsv)
while IFS="$(printf '\t')" read -r pcap want; do
	mkdir -p "$tmp/stats-$pcap"
	"$quelld" -k none -c "$top_src/etc/quell.yaml" -r "$data/$pcap" \
	    -S "$data/decode.rules" -l "$tmp/stats-$pcap" >/dev/null 2>&1 ||
		fail "$pcap: quelld exited $?"
	got=$(jq -c 'select(.event_type == "stats") | .stats.decoder |
	    del(.event, .invalid, .invalid_checksum) |
	    with_entries(select(.value != 0))' "$tmp/stats-$pcap/eve.json" |
	    tail -1)
	[ "$got" = "$want" ] || fail "$pcap: stats.decoder
got  $got
want $want"
done <"$data/decoder-stats-suricata-7.0.6.tsv"
ok "stats.decoder counters as Suricata 7.0.6's on $(wc -l <"$data/decoder-stats-suricata-7.0.6.tsv") captures"

# A flow inside VXLAN whose request and reply come in outer flows of
# different source ports stays one flow with two workers: packets that
# carry a tunnel go to a worker by their addresses (suricata-verify
# vxlan-decoder-02: Suricata 7.0.6 logs one ICMP flow, 4 packets each way)
mkdir -p "$tmp/vxlan2"
"$quelld" -k none -c "$top_src/etc/quell.yaml" -r "$data/vxlan.pcap" \
    -S "$data/decode.rules" -l "$tmp/vxlan2" --set threading.detect-threads=2 \
    >/dev/null 2>&1 || fail "vxlan, two workers: quelld exited $?"
got=$(jq -c 'select(.event_type == "flow" and .proto == "ICMP") |
    [.flow.pkts_toserver, .flow.pkts_toclient]' "$tmp/vxlan2/eve.json")
[ "$got" = "[4,4]" ] || fail "vxlan, two workers: ICMP flows $got, want one [4,4]"
ok "vxlan, two workers: the inner ICMP flow is one flow of 4 packets each way"

# Fragments (tests/data/defrag-overlap.pcap, made with scapy): a UDP
# datagram in 24-byte fragments, one whose second fragment is sent twice
# at the same offset with different data (the first copy stays), and an
# IPv6 datagram in two fragments. Exactly Suricata 7.0.6's alerts on the
# same capture and rules (sid, pkt_src, ports): a fragment has no ports
# (eve shows 0, as Suricata's, also for the IPv6 ones), the udp rules
# match the datagrams only, the reassembled datagrams come with their
# ports.
mkdir -p "$tmp/defrag"
"$quelld" -k none -c "$top_src/etc/quell.yaml" -r "$top_src/tests/data/defrag-overlap.pcap" \
    -S "$top_src/tests/data/defrag.rules" -l "$tmp/defrag" >"$tmp/defrag/out" 2>&1 ||
    fail "defrag: exit $?: $(tail -3 "$tmp/defrag/out")"
got=$(jq -r 'select(.event_type == "alert") |
    "\(.alert.signature_id) \(.pkt_src) \(.src_port) \(.dest_port)"' \
    "$tmp/defrag/eve.json" | sort | uniq -c | sed 's/^ *//')
want="1 1 defrag 1111 2222
1 3 defrag 1 2
2 4 wire/pcap 0 0
1 5 defrag 1 2
2 5 defrag 1111 2222
13 5 wire/pcap 0 0"
[ "$got" = "$want" ] || fail "defrag: alerts
$got
want
$want"
ok "defrag: $(printf '%s' "$want" | tr '\n' ';')"
