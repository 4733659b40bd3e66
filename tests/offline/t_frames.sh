#!/usr/bin/env bash
# App-layer frames and the frame keyword (Suricata 7) on the captures of
# the suricata-verify cases dns-frames, tls13-draft28-frames and
# http-gap-simple-frames-ips (tests/data/verify, MIT), with those cases'
# rules: quelld -r must give the alerts Suricata 7.0.6 gives (counted
# from its eve.json on the same captures and rules), with the eve
# "frame" object Suricata writes for them (type, direction, stream
# offset, length, payload, tx_id; ids differ: Suricata numbers a
# "stream" frame quell does not make). Malformed frame values are errors
# naming file:line and the other rules load.
set -u
top_src="${QUELL_TOP_SRCDIR:?}"
top_build="${QUELL_TOP_BUILDDIR:?}"
quelld="$top_build/daemon/quelld"
data="$top_src/tests/data/verify"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/quell-frames.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
ok() { printf 'ok: %s\n' "$*"; }
command -v jq >/dev/null || fail "jq is not installed"

cat >"$tmp/dns.rules" <<'RULES'
alert tcp any any -> any any (msg:"DNS TCP Frame"; flow:to_server; frame:dns.pdu; content:"|01 20 00 01|"; offset:2; content:"suricata"; offset:13; sid:1; rev:1;)
alert udp any any -> any any (msg:"DNS UDP Frame"; flow:to_server; frame:dns.pdu; content:"|01 20 00 01|"; offset:2; content:"suricata"; offset:13; sid:2; rev:1;)
RULES
cat >"$tmp/tls.rules" <<'RULES'
alert tls any any -> any any (flow:to_client; frame:tls.pdu; content:"|17 03 03|"; startswith; sid:1;)
alert tls any any -> any any (flow:to_server; frame:tls.pdu; content:"|17 03 03|"; startswith; sid:2;)
RULES
cat >"$tmp/http.rules" <<'RULES'
drop http any any -> any any (frame:http1.response; content:"|0d 0a|AAA"; sid:1;)
drop http any any -> any any (frame:http1.response; content:"|0d 0a|AAA"; endswith; sid:4;)
RULES

run() {	# run RULES PCAP [ARGS...]: eve.json in $tmp/out
	local rules=$1 pcap=$2
	shift 2
	rm -rf "$tmp/out"
	mkdir -p "$tmp/out"
	timeout 60 "$quelld" -c "$top_src/etc/quell.yaml" -S "$rules" \
		-l "$tmp/out" -r "$pcap" -k none "$@" >"$tmp/out/stdout" \
		2>"$tmp/out/stderr" ||
		fail "quelld -r $pcap exited $?: $(cat "$tmp/out/stderr")"
	grep -q ', 0 failed, 0 unsupported' "$tmp/out/stderr" ||
		fail "$rules: not every rule loaded: $(cat "$tmp/out/stderr")"
}
alerts() {	# alerts JQ-FILTER: how many alerts pass it
	jq -c "select(.event_type == \"alert\") | select($1)" \
		"$tmp/out/eve.json" | wc -l
}
want() {	# want WHAT JQ-FILTER N
	local got
	got=$(alerts "$2")
	[ "$got" -eq "$3" ] || fail "$1: $got alerts, want $3"
	ok "$1: $3"
}

run "$tmp/dns.rules" "$data/dns-frames-input.pcap"
want "dns.pdu over TCP, without the length prefix" '.alert.signature_id == 1 and .frame.type == "pdu" and .frame.stream_offset == 2 and .frame.length == 52 and .frame.complete' 1
want "dns.pdu of a datagram" '.alert.signature_id == 2 and .frame.type == "pdu" and .frame.length == 52 and .frame.direction == "toserver"' 1
want "dns: nothing else" 'true' 2

run "$tmp/tls.rules" "$data/tls13-draft28-frames-tls13_draft28.pcap"
want "tls.pdu to the client" '.frame.type == "pdu" and .frame.direction == "toclient" and .alert.signature_id == 1' 10
want "tls.pdu to the server" '.frame.type == "pdu" and .frame.direction == "toserver" and .alert.signature_id == 2' 7
want "the record at 737, its bytes as Suricata logs them" '.frame.stream_offset == 737 and .frame.length == 37 and .frame.payload == "FwMDACBUkdn1rkU9Kp35Pqj6bpO9i0a20Tj7PKooNVCpa+3I0A=="' 1
want "a long record's payload is its first 256 bytes" '.frame.length == 2474 and (.frame.payload | length) == 344' 1

run "$tmp/http.rules" "$data/http-gap-simple-frames-ips-input.pcap" --simulate-ips
want "http1.response dropped on the packet that brings the bytes" '.alert.signature_id == 1 and .pcap_cnt == 15 and .alert.action == "blocked" and .frame.type == "response" and .frame.direction == "toclient" and .frame.stream_offset == 150 and .frame.length == 113 and .frame.complete == false and .frame.tx_id == 1 and .tx_id == 1' 1
want "endswith on a frame not whole yet does not match" '.alert.signature_id == 4' 0
want "http: nothing else" 'true' 1

# IDS timing (no --simulate-ips): a request frame is inspected when its
# bytes are acknowledged and parsed, on the next packet of its
# direction, with the raw stream and http.uri rules; Suricata 7.0.6
# alerts all three at pcap_cnt 11 of this capture, none at 8 (the
# packet that brings the request's end). Then the case's drop rules
# with the urgent byte taken out (stream.reassembly.urgent.policy oob):
# all three alert once (suricata-verify tcp-urgp-01-oob), the frame
# rule's drop does not hide the other two.
cat >"$tmp/ids.rules" <<'RULES'
alert tcp any any -> any 9090 (msg:"raw"; content:"malic"; nocase; sid:1;)
alert tcp any any -> any 9090 (msg:"uri"; http.uri; content:"malic"; nocase; sid:2;)
alert tcp any any -> any 9090 (msg:"frame"; frame:http1.request; content:"malic"; nocase; sid:3;)
RULES
urg="$data/tcp-urgp-01-oob-tcp-urgent1.pcap"
run "$tmp/ids.rules" "$urg" --set stream.midstream=false
for sid in 1 2 3; do
	want "IDS: sid $sid on the packet after the request is acknowledged" ".alert.signature_id == $sid and .pcap_cnt == 11" 1
done
want "IDS: nothing else" 'true' 3
sed 's/^alert/drop/; s/"malic"/"malicious"/' "$tmp/ids.rules" >"$tmp/idsdrop.rules"
run "$tmp/idsdrop.rules" "$urg" --set stream.midstream=false \
	--set stream.reassembly.urgent.policy=oob
for sid in 1 2 3; do
	want "IDS drop rules, urgent byte out of band: sid $sid" ".alert.signature_id == $sid" 1
done

# Frames hold stream bytes only while detection needs them: on 300000
# packets of generated HTTP, TLS and DNS traffic (bench/gen-traffic, up
# to 512 flows at once, bodies up to 1 MB) and a reassembly memcap of
# 48 MB (32 MB is too little even without frames), frame rules leave
# the stream engine's memory, the app layer's flows and its
# transactions as they are without them: an open HTTP response frame
# keeps a window, not its whole body (holding whole frames, up to 1 MB
# each, drops 92686 segments at the memcap here).
gen="$top_build/bench/gen-traffic"
[ -x "$gen" ] || fail "$gen is not built"
"$gen" --seed 7 --packets 300000 --mix mixed -o "$tmp/mixed.pcap" 2>/dev/null ||
	fail "gen-traffic failed"
stats() {	# the last stats record's counters named in $1 (jq paths)
	jq -c "select(.event_type == \"stats\") | .stats | $1" \
		"$tmp/out/eve.json" | tail -1
}
sel='[.tcp.segment_memcap_drop, .tcp.reassembly_gap, .app_layer.flow, .app_layer.tx]'
cat >"$tmp/plain.rules" <<'RULES'
alert http any any -> any any (http.uri; content:"/nothere-xyz"; sid:1;)
RULES
cp "$tmp/plain.rules" "$tmp/framed.rules"
cat >>"$tmp/framed.rules" <<'RULES'
alert tls any any -> any any (frame:tls.pdu; content:"|17 03 03 ff ff|"; startswith; sid:11;)
alert udp any any -> any any (frame:dns.pdu; content:"nothere-q"; sid:12;)
alert http any any -> any any (frame:http1.response; content:"nothere-res"; sid:13;)
RULES
run "$tmp/plain.rules" "$tmp/mixed.pcap" --set stream.reassembly.memcap=48mb
plain=$(stats "$sel")
run "$tmp/framed.rules" "$tmp/mixed.pcap" --set stream.reassembly.memcap=48mb
framed=$(stats "$sel")
[ "$plain" = "$framed" ] ||
	fail "frame rules changed the stream or app layer: $plain, with frames $framed"
case "$plain" in
"[0,0,"*) ;;
*) fail "memcap drops or gaps without frames: $plain" ;;
esac
[ "$(stats '.app_layer.frames_dropped')" = 0 ] ||
	fail "frames dropped: $(stats '.app_layer.frames_dropped')"
ok "frame rules on 300000 packets, memcap 48 MB: no memcap drop, no gap, the same flows and transactions"

cat >"$tmp/bad.rules" <<'RULES'
alert udp any any -> any any (msg:"unknown type"; frame:dns.nope; content:"a"; sid:101;)
alert http any any -> any any (msg:"other protocol"; frame:tls.pdu; content:"a"; sid:102;)
alert udp any any -> any any (msg:"bare type, no protocol"; frame:pdu; content:"a"; sid:103;)
alert udp any any -> any any (msg:"no value"; frame; content:"a"; sid:104;)
alert tls any any -> any any (msg:"good"; frame:pdu; content:"a"; sid:105;)
RULES
"$quelld" -c "$top_src/etc/quell.yaml" -T -S "$tmp/bad.rules" >"$tmp/bad.out" 2>&1 &&
	fail "quelld -T accepted the malformed rules"
for line in 1 2 3 4; do
	grep -q "bad.rules:$line:" "$tmp/bad.out" ||
		fail "no error for bad.rules line $line: $(cat "$tmp/bad.out")"
done
grep -q 'rules: 1 loaded, 4 failed' "$tmp/bad.out" ||
	fail "the good rule did not load: $(cat "$tmp/bad.out")"
ok "malformed frame values: an error per line (file:line), the good rule loads"
