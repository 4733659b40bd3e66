#!/usr/bin/env bash
# quelld -r through the stream engine, on captures scapy writes
# (tests/offline/stream_pcap.py; Debian python3-scapy, /usr/bin/python3):
# - a retransmission with other bytes raises
#   stream.reassembly_overlap_different_data: a stream-event rule fires,
#   the counter says 1, tcp.sessions 1;
# - plain -r (IDS) accepts the packet; --simulate-ips (inline) drops it
#   with an eve drop event, drop.reason "stream error" (with drop flows:
#   all: Suricata's default, start, logs only rule drops and dropped
#   flows), and accepts the rest of the connection;
# - segments out of order raise no overlap and no drop;
# - a SYN resent with another TSval, the SYN/ACK echoing the first
#   (suricata-verify bug-6269-01's capture): the SYN queue finds the SYN
#   it answers, so the connection is tracked and its HTTP request is
#   logged and alerted on, as Suricata 7.0.6 does; with
#   stream.max-syn-queued 0 the resent SYN is refused (3whs_syn_flood),
#   the session keeps the first SYN, and the request is seen too;
# - stream_size on a real capture (tests/data/verify/chdlc.pcap, an HTTP
#   GET and its response): the packets each rule alerts on are those
#   Suricata 7.0.6 alerts on with the same rules (pcap_cnt lists below).
set -u
top_src="${QUELL_TOP_SRCDIR:?}"
top_build="${QUELL_TOP_BUILDDIR:?}"
quelld="$top_build/daemon/quelld"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/quell-stream.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
ok() { printf 'ok: %s\n' "$*"; }
command -v jq >/dev/null || fail "jq is not installed"
/usr/bin/python3 -c 'import scapy' 2>/dev/null ||
	fail "python3-scapy is not installed (/usr/bin/python3)"
/usr/bin/python3 "$top_src/tests/offline/stream_pcap.py" "$tmp" ||
	fail "stream_pcap.py failed"

cat >"$tmp/t.rules" <<'RULES'
alert tcp any any -> any any (msg:"overlap with other data"; stream-event:reassembly_overlap_different_data; sid:1; rev:1;)
alert tcp any any -> any any (msg:"retransmission"; stream-event:pkt_retransmission; sid:2; rev:1;)
RULES

run() {	# run NAME PCAP ARGS...
	local name="$1" pcap="$2"
	shift 2
	mkdir -p "$tmp/$name"
	timeout 60 "$quelld" -c "$top_src/etc/quell.yaml" -S "$tmp/t.rules" \
		-l "$tmp/$name" -r "$tmp/$pcap" "$@" \
		>"$tmp/$name.out" 2>"$tmp/$name.err" ||
		fail "quelld -r $pcap $* exited $?: $(cat "$tmp/$name.err")"
}
count() {	# count NAME JQ-FILTER: matching eve records
	jq -c "select($2)" "$tmp/$1/eve.json" | wc -l
}
stat() {	# stat NAME PATH: from the last stats record
	jq -s -r "map(select(.event_type == \"stats\")) | last | .stats.$2" \
		"$tmp/$1/eve.json"
}

run ids overlap.pcap
n=$(count ids '.event_type == "alert" and .alert.signature_id == 1')
[ "$n" = 1 ] || fail "IDS: $n overlap alerts, want 1"
[ "$(stat ids decoder.event.stream.reassembly_overlap_different_data)" = 1 ] ||
	fail "IDS: decoder.event.stream.reassembly_overlap_different_data is not 1"
[ "$(stat ids tcp.sessions)" = 1 ] || fail "IDS: tcp.sessions is not 1"
[ "$(stat ids tcp.overlap_diff_data)" = 1 ] || fail "IDS: tcp.overlap_diff_data is not 1"
[ "$(count ids '.event_type == "drop"')" = 0 ] || fail "IDS: a drop event"
[ "$(stat ids capture.dropped)" = 0 ] || fail "IDS: a packet was dropped"
ok "IDS: the conflicting retransmission alerts (stream-event), nothing dropped"

run ips overlap.pcap --simulate-ips --set outputs.eve-log.types.drop.flows=all
n=$(count ips '.event_type == "alert" and .alert.signature_id == 1')
[ "$n" = 1 ] || fail "IPS: $n overlap alerts, want 1"
n=$(count ips '.event_type == "drop" and .drop.reason == "stream error"')
[ "$n" = 1 ] || fail "IPS: $n drop events with reason stream error, want 1"
[ "$(stat ips capture.dropped)" = 1 ] ||
	fail "IPS: capture.dropped is $(stat ips capture.dropped), want 1"
[ "$(stat ips tcp.inline_overlap_drop)" = 1 ] || fail "IPS: tcp.inline_overlap_drop is not 1"
[ "$(stat ips capture.accepted)" = 8 ] ||
	fail "IPS: capture.accepted is $(stat ips capture.accepted), want 8"
ok "IPS: the conflicting retransmission alone is dropped (stream error)"

run ooo ooo.pcap --simulate-ips
[ "$(count ooo '.event_type == "alert"')" = 0 ] || fail "out of order: an alert"
[ "$(stat ooo capture.dropped)" = 0 ] || fail "out of order: a drop"
[ "$(stat ooo tcp.overlap)" = 0 ] || fail "out of order: an overlap"
ok "segments out of order: no overlap, no drop"

cat >"$tmp/synq.rules" <<'RULES'
alert http any any -> any any (msg:"uri"; http.uri; content:"/test_lastline_blocking"; sid:1; rev:1;)
alert tcp any any -> any any (msg:"syn flood"; stream-event:3whs_syn_flood; sid:2; rev:1;)
RULES
for q in 10 0; do
	mkdir -p "$tmp/synq$q"
	timeout 60 "$quelld" -c "$top_src/etc/quell.yaml" -S "$tmp/synq.rules" \
		-l "$tmp/synq$q" -r "$top_src/tests/data/verify/bug-6269-01-input.pcap" \
		--set "stream.max-syn-queued=$q" \
		>"$tmp/synq$q.out" 2>"$tmp/synq$q.err" ||
		fail "quelld -r bug-6269-01 (max-syn-queued $q) exited $?: $(cat "$tmp/synq$q.err")"
done
n=$(count synq10 '.event_type == "http" and .http.url == "/test_lastline_blocking"')
[ "$n" = 1 ] || fail "SYN queue: $n http events for the request, want 1"
[ "$(count synq10 '.event_type == "alert" and .alert.signature_id == 1')" = 1 ] ||
	fail "SYN queue: the http.uri rule did not alert once"
[ "$(count synq10 '.event_type == "alert" and .alert.signature_id == 2')" = 0 ] ||
	fail "SYN queue: a 3whs_syn_flood alert"
ok "SYN queue: the SYN/ACK to the first of two SYNs is taken, the request seen"
[ "$(count synq0 '.event_type == "alert" and .alert.signature_id == 2')" = 1 ] ||
	fail "max-syn-queued 0: no 3whs_syn_flood alert"
[ "$(count synq0 '.event_type == "http"')" = 1 ] ||
	fail "max-syn-queued 0: the request was not logged once"
ok "max-syn-queued 0: the resent SYN is refused (3whs_syn_flood), the session keeps the first, which the SYN/ACK answers"

# stream_size: next_seq - isn per side, after the packet, as Suricata's.
# Suricata 7.0.6 on this capture and these rules alerts on (pcap_cnt):
#   3: 1-4  962: 4-16  963: 17  1: 14-17  2: 6-17  961: none
cat >"$tmp/size.rules" <<'RULES'
alert tcp any any -> any any (stream_size:client,=,961; sid:961;)
alert tcp any any -> any any (stream_size:client,=,962; sid:962;)
alert tcp any any -> any any (stream_size:client,=,963; sid:963;)
alert tcp any any -> any any (stream_size:server,>,8000; sid:1;)
alert tcp any any -> any any (stream_size:both,>,900; sid:2;)
alert tcp any any -> any any (stream_size:either,<,2; sid:3;)
RULES
mkdir -p "$tmp/size"
timeout 60 "$quelld" -k none -c "$top_src/etc/quell.yaml" -S "$tmp/size.rules" \
	-l "$tmp/size" -r "$top_src/tests/data/verify/chdlc.pcap" \
	>"$tmp/size.out" 2>"$tmp/size.err" ||
	fail "quelld -r chdlc.pcap (stream_size) exited $?: $(cat "$tmp/size.err")"
got=$(jq -r 'select(.event_type == "alert") |
    "\(.alert.signature_id) \(.pcap_cnt)"' "$tmp/size/eve.json" |
    sort -n -k1,1 -k2,2 | awk '{ a[$1] = a[$1] (a[$1] == "" ? "" : ",") $2 }
    END { for (s in a) print s ":" a[s] }' | sort -n | tr '\n' ' ')
want="1:14,15,16,17 2:6,7,8,9,10,11,12,13,14,15,16,17 3:1,2,3,4 962:4,5,6,7,8,9,10,11,12,13,14,15,16 963:17 "
[ "$got" = "$want" ] || fail "stream_size alerts (sid:pcap_cnt,...)
got  $got
want $want"
ok "stream_size alerts on the packets Suricata 7.0.6 alerts on"

# stats.stream-events: the stream events also counted as stream.<event>
# (suricata-verify 7858-stream-events, its capture from
# bug-3286-02-linux-evasion: Suricata 7.0.6 counts
# stats.stream.pkt_invalid_timestamp 2), under Suricata 7.0.6's names
# ("diff_ack"); its rules' "different_ack" spelling loads for them.
cp "$top_src/tests/data/verify/bug-3286-02-linux-evasion-with_evasion_linux.pcap" "$tmp/evasion.pcap"
run sev evasion.pcap -k none --set stats.stream-events=true
[ "$(stat sev stream.pkt_invalid_timestamp)" = 2 ] ||
	fail "stats.stream.pkt_invalid_timestamp $(stat sev stream.pkt_invalid_timestamp), want 2"
[ "$(stat sev stream.pkt_invalid_timestamp)" = "$(stat sev decoder.event.stream.pkt_invalid_timestamp)" ] ||
	fail "stream.* and decoder.event.stream.* counters differ"
[ "$(stat sev stream.est_synack_resend_with_diff_ack)" = 0 ] ||
	fail "no stats.stream.est_synack_resend_with_diff_ack: $(stat sev stream)"
run nosev evasion.pcap -k none
[ "$(stat nosev stream)" = null ] || fail "stats.stream without stats.stream-events"
cat >"$tmp/alias.rules" <<'RULES'
alert tcp any any -> any any (stream-event:3whs_synack_resend_with_diff_ack; sid:1;)
alert tcp any any -> any any (stream-event:3whs_synack_resend_with_different_ack; sid:2;)
alert tcp any any -> any any (stream-event:est_synack_resend_with_different_ack; sid:3;)
alert tcp any any -> any any (stream-event:reassembly_no_segment; sid:4;)
RULES
"$quelld" -c "$top_src/etc/quell.yaml" -T -S "$tmp/alias.rules" >"$tmp/alias.out" 2>&1 ||
	fail "Suricata 7.0.6's stream event names did not load: $(cat "$tmp/alias.out")"
ok "stats.stream-events counts stream.<event> as Suricata 7.0.6 names them; both spellings load"
