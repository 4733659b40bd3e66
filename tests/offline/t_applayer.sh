#!/usr/bin/env bash
# quelld -r through the application layer, on real captures: an HTTP one
# and a TLS one and a DNS one of suricata-verify (tests/data/verify, MIT)
# and the lab's SSH ones (tests/data/ssh). Transaction rules of each
# protocol fire once per transaction with its tx_id and its protocol's
# object, as Suricata 7.0.6 does on the same captures and rules (counts
# and fields checked here are the ones it writes); header-protocol and
# PD-only rules; app_proto in alert and flow events; the protocol
# records (http, fileinfo, tls, dns, ssh) in eve; detection-only and
# enabled: no from --set.
set -u
top_src="${QUELL_TOP_SRCDIR:?}"
top_build="${QUELL_TOP_BUILDDIR:?}"
quelld="$top_build/daemon/quelld"
data="$top_src/tests/data"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/quell-applayer.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
ok() { printf 'ok: %s\n' "$*"; }
command -v jq >/dev/null || fail "jq is not installed"

cat >"$tmp/t.rules" <<'RULES'
alert http any any -> any any (msg:"http uri"; http.uri; content:"/blah/"; sid:1;)
alert tls any any -> any any (msg:"tls sni"; tls.sni; content:"localhost"; sid:2;)
alert dns any any -> any any (msg:"dns z"; app-layer-event:dns.z_flag_set; sid:3;)
alert ssh any any -> any any (msg:"ssh software"; ssh.software; content:"OpenSSH"; sid:4;)
alert ssh any any -> any any (msg:"ssh proto"; ssh_proto; content:"2.0"; sid:5;)
alert tcp any any -> any any (msg:"pd-only ssh"; app-layer-protocol:ssh; sid:6;)
alert ssh any any -> any any (msg:"hassh server"; ssh.hassh.server; content:"e1a0b5f8d334ec70fe937b2d5ff8d0b6"; sid:7;)
alert ssh any any -> any any (msg:"softwareversion prefix"; ssh.softwareversion:OpenSSH; sid:8;)
alert tcp any any -> any any (msg:"softwareversion whole"; ssh.softwareversion:"dropbear_2022.83"; sid:9;)
alert ssh any any -> any any (msg:"protoversion 2_compat"; ssh.protoversion:2_compat; sid:10;)
alert ssh any any -> any any (msg:"protoversion 2"; ssh.protoversion:2; sid:11;)
RULES

run() {	# run NAME PCAP ARGS...
	local name="$1" pcap="$2"
	shift 2
	mkdir -p "$tmp/$name"
	timeout 60 "$quelld" -c "$top_src/etc/quell.yaml" -S "$tmp/t.rules" \
		-l "$tmp/$name" -r "$pcap" -k none "$@" \
		>"$tmp/$name.out" 2>"$tmp/$name.err" ||
		fail "quelld -r $pcap $* exited $?: $(cat "$tmp/$name.err")"
	grep -q 'rules: 11 loaded, 0 failed, 0 unsupported' "$tmp/$name.err" ||
		fail "$name: the rules did not all load: $(cat "$tmp/$name.err")"
}
count() {	# count NAME JQ-FILTER: matching eve records
	jq -c "select($2)" "$tmp/$1/eve.json" | wc -l
}
want() {	# want NAME N JQ-FILTER WHAT
	local n
	n=$(count "$1" "$3")
	[ "$n" = "$2" ] || fail "$1: $n $4, want $2"
}

run http "$data/verify/bug-78-http-uri-input.pcap"
want http 1 '.event_type == "alert" and .alert.signature_id == 1 and .tx_id == 0 and .app_proto == "http" and .http.hostname == "www.google.com" and .http.url == "/blah/"' "http.uri alerts with tx_id 0 and the http object"
want http 1 '.event_type == "alert"' "alerts"
want http 1 '.event_type == "http" and .tx_id == 0 and .http.url == "/blah/" and .http.status == 404 and .http.length == 1194 and .src_port == 37010' "http records"
want http 1 '.event_type == "fileinfo" and .fileinfo.filename == "/blah/" and .fileinfo.size == 1194 and .fileinfo.state == "CLOSED" and .http.status == 404 and .app_proto == "http" and .src_port == 80' "fileinfo records"
want http 1 '.event_type == "flow" and .app_proto == "http" and .flow.alerted == true' "flow records with app_proto http"
ok "HTTP: http.uri once on its tx, the http and fileinfo records, app_proto"

# A drop of the flow on its request stops its app layer: Suricata 7.0.6
# (--simulate-ips, the same capture and rule) writes the alert and the
# flow with action drop, and neither the http nor the fileinfo record of
# the transaction left unfinished.
printf '%s\n' 'drop http any any -> any any (msg:"drop uri"; http.uri; content:"/blah/"; sid:9;)' >"$tmp/drop.rules"
mkdir -p "$tmp/http-drop"
timeout 60 "$quelld" -c "$top_src/etc/quell.yaml" -S "$tmp/drop.rules" \
	-l "$tmp/http-drop" -r "$data/verify/bug-78-http-uri-input.pcap" -k none \
	--simulate-ips >"$tmp/http-drop.out" 2>&1 ||
	fail "quelld -r (drop) exited $?: $(cat "$tmp/http-drop.out")"
want http-drop 1 '.event_type == "alert" and .alert.signature_id == 9 and .pcap_cnt == 4' "drop alerts on the request"
want http-drop 1 '.event_type == "flow" and .flow.action == "drop"' "dropped flow records"
want http-drop 0 '.event_type == "http" or .event_type == "fileinfo"' "http or fileinfo records of the dropped flow"
ok "HTTP: a dropped flow logs no unfinished transaction, as Suricata"

run tls "$data/verify/tls-client-cert-01-tls-client-auth.pcap"
want tls 1 '.event_type == "alert" and .alert.signature_id == 2 and .tx_id == 0 and .tls.sni == "localhost" and .app_proto == "tls"' "tls.sni alerts"
want tls 1 '.event_type == "tls" and .tls.sni == "localhost" and .tls.subject == "C=HU, ST=Budapest, L=Budapest, O=TLSClientAuthSampleServer, CN=SampleServer" and .tls.client.subject != null' "tls records"
want tls 1 '.event_type == "flow" and .app_proto == "tls"' "flow records with app_proto tls"
ok "TLS: tls.sni once, the tls record with both certificates, app_proto"

# encryption-handling: the handshake of this capture ends in application
# data; bypass asks for the flow's bypass then (counted), default and full
# do not; default and bypass stop payload inspection from the first
# encrypted record on (inline, as Suricata's APP_LAYER_PARSER_NO_INSPECTION),
# full keeps it. Suricata 7.0.6 --simulate-ips on this capture alerts the
# |17 03 03| content rule on packets 13, 15, 17 with full (quell: the same
# three, with stream inspection) and on packet 13 with default and bypass:
# it still inspects the packet that carries the first encrypted record;
# quell stops before it (0)
cat >"$tmp/enc.rules" <<'RULES'
alert tcp any any -> any any (msg:"tls app data record"; content:"|17 03 03|"; sid:9;)
alert tls any any -> any any (msg:"tls sni"; tls.sni; content:"localhost"; sid:2;)
RULES
for mode in default full bypass; do
	mkdir -p "$tmp/tls-$mode"
	timeout 60 "$quelld" -c "$top_src/etc/quell.yaml" -S "$tmp/enc.rules" \
		-l "$tmp/tls-$mode" -r "$data/verify/tls-client-cert-01-tls-client-auth.pcap" \
		-k none --simulate-ips --set app-layer.protocols.tls.encryption-handling=$mode \
		>"$tmp/tls-$mode.out" 2>"$tmp/tls-$mode.err" ||
		fail "encryption-handling $mode: quelld exited $?: $(cat "$tmp/tls-$mode.err")"
	n=$(jq -c 'select(.event_type == "stats") | .stats.tcp.bypass_encrypted' "$tmp/tls-$mode/eve.json" | tail -1)
	want_n=0
	[ "$mode" = bypass ] && want_n=1
	[ "$n" = "$want_n" ] || fail "encryption-handling $mode: tcp.bypass_encrypted $n, want $want_n"
	want "tls-$mode" 1 '.event_type == "alert" and .alert.signature_id == 2' "tls.sni alerts (the handshake is inspected)"
	want_n=0
	[ "$mode" = full ] && want_n=3
	want "tls-$mode" "$want_n" '.event_type == "alert" and .alert.signature_id == 9' "payload content alerts on the encrypted records"
done
# Events raised by the server's last bytes at the flow's end: the
# flow-end pseudo packets are inspected to the server first, each after
# its own direction's rest is parsed, so the events of the certificate
# the client never acknowledged are met once, by the to-client packet
# (Suricata 7.0.6 on this capture, suricata-verify bug-1450-02: one alert
# each, direction to_client, pkt_src "stream (flow timeout)")
cat >"$tmp/tlsev.rules" <<'RULES'
alert tls any any -> any any (msg:"SURICATA TLS invalid handshake message"; flow:established; app-layer-event:tls.invalid_handshake_message; flowint:tls.anomaly.count,+,1; classtype:protocol-command-decode; sid:2230003; rev:1;)
alert tls any any -> any any (msg:"SURICATA TLS invalid certificate"; flow:established; app-layer-event:tls.invalid_certificate; flowint:tls.anomaly.count,+,1; classtype:protocol-command-decode; sid:2230004; rev:1;)
RULES
mkdir -p "$tmp/tlsev"
timeout 60 "$quelld" -c "$top_src/etc/quell.yaml" -S "$tmp/tlsev.rules" \
	-l "$tmp/tlsev" -r "$data/verify/bug-1450-02-tls_DER-incomplete-content.pcap" \
	-k none --set stream.midstream=false >"$tmp/tlsev.out" 2>"$tmp/tlsev.err" ||
	fail "tls events: quelld exited $?: $(cat "$tmp/tlsev.err")"
for sid in 2230003 2230004; do
	want tlsev 1 ".event_type == \"alert\" and .alert.signature_id == $sid and .direction == \"to_client\" and .pkt_src == \"stream (flow timeout)\"" "sid $sid alerts to the client at the flow's end"
done
want tlsev 2 '.event_type == "alert"' "alerts"
ok "TLS: events of the flow's last bytes alert once, on the to-client flow-end packet"

# A transaction logged at a TCP flow's end names Suricata's flow-timeout
# pseudo packet (suricata-verify base64-issue-5223: its http record has
# pkt_src "stream (flow timeout)" and no pcap_cnt in Suricata 7.0.6)
mkdir -p "$tmp/endlog"
timeout 60 "$quelld" -c "$top_src/etc/quell.yaml" -S /dev/null \
	-l "$tmp/endlog" -r "$data/verify/base64-issue-5223-input.pcap" \
	-k none >"$tmp/endlog.out" 2>"$tmp/endlog.err" ||
	fail "flow-end logging: quelld exited $?: $(cat "$tmp/endlog.err")"
want endlog 1 '.event_type == "http" and .http.hostname == "foo.bar" and .pkt_src == "stream (flow timeout)" and .pcap_cnt == null' "http records logged at the flow's end, on its pseudo packet"
ok "app-layer records logged at a TCP flow's end carry pkt_src stream (flow timeout)"

ok "TLS: encryption-handling bypass requests the bypass after the handshake (tcp.bypass_encrypted); default and bypass inspect no encrypted payload, full does"

run dns "$data/verify/dns-z-bit-input.pcap"
want dns 1 '.event_type == "alert" and .alert.signature_id == 3 and .tx_id == 0 and .dns.version == 3 and .dns.type == "request" and .dns.z == true and .dns.queries[0].rrname == "www.google.com" and .app_proto == "dns"' "app-layer-event:dns.z_flag_set alerts (eve dns version 3)"
want dns 1 '.event_type == "dns" and .dns.version == 3 and .dns.type == "request" and .dns.queries[0].rrname == "www.google.com" and .src_port == 42150' "dns request records"
want dns 1 '.event_type == "dns" and .dns.type == "response" and .dns.answers[0].rdata == "142.251.32.68" and .dns.grouped.A[0] == "142.251.32.68" and .src_port == 42150' "dns response records"
run dns2 "$data/verify/dns-z-bit-input.pcap" --set outputs.eve-log.types.dns.version=2
want dns2 1 '.event_type == "alert" and .alert.signature_id == 3 and .dns.query[0].z == true' "version 2 alerts"
want dns2 1 '.event_type == "dns" and .dns.type == "query" and .dns.rrname == "www.google.com" and .src_port == 42150' "version 2 dns query records"
want dns2 1 '.event_type == "dns" and .dns.version == 2 and .dns.type == "answer" and .dns.answers[0].rdata == "142.251.32.68" and .src_port == 42150' "version 2 dns answer records"
want dns 1 '.event_type == "flow" and .app_proto == "dns" and .proto == "UDP"' "flow records with app_proto dns"
stat() {	# stat NAME PATH: a number of the last stats record
	jq -r "select(.event_type == \"stats\") | .stats$2" "$tmp/$1/eve.json" | tail -n 1
}
[ "$(stat dns .app_layer.flow.dns_udp) $(stat dns .app_layer.flow.dns_tcp) $(stat dns .app_layer.tx.dns_udp)" = "1 0 1" ] ||
	fail "dns: stats.app_layer flow.dns_udp, flow.dns_tcp, tx.dns_udp are $(stat dns .app_layer.flow.dns_udp) $(stat dns .app_layer.flow.dns_tcp) $(stat dns .app_layer.tx.dns_udp), want 1 0 1"
ok "DNS: a parser event on its tx, request and response records (eve versions 3 and 2), app_proto, stats.app_layer dns_udp"

run ssh "$data/ssh/ssh-openssh.pcap" --set app-layer.protocols.ssh.hassh=yes
want ssh 1 '.event_type == "alert" and .alert.signature_id == 4 and .tx_id == 0 and .ssh.client.software_version == "OpenSSH_9.2p1"' "ssh.software alerts"
want ssh 2 '.event_type == "alert" and .alert.signature_id == 5' "ssh_proto alerts (one per direction)"
want ssh 2 '.event_type == "alert" and .alert.signature_id == 6 and .app_proto == "ssh" and (has("tx_id") | not)' "PD-only alerts (each direction's detecting packet, no tx)"
want ssh 1 '.event_type == "alert" and .alert.signature_id == 7 and .src_port == 22' "ssh.hassh.server alerts (to the client)"
want ssh 1 '.event_type == "ssh" and .tx_id == 0 and .ssh.client.hassh.hash == "472b5de333ad665af5cbf10ff892c4df" and .ssh.server.hassh.hash == "e1a0b5f8d334ec70fe937b2d5ff8d0b6" and .ssh.server.software_version == "dropbear_2022.83"' "ssh records with hassh"
want ssh 1 '.event_type == "flow" and .app_proto == "ssh"' "flow records with app_proto ssh"
# the older keywords compare whole values, as Suricata 7.0.6 (sid 8 and
# 11 do not match there either)
want ssh 0 '.event_type == "alert" and (.alert.signature_id == 8 or .alert.signature_id == 11)' "ssh.softwareversion:OpenSSH and ssh.protoversion:2 alerts"
want ssh 1 '.event_type == "alert" and .alert.signature_id == 9 and .src_port == 22 and .tx_id == 0 and .app_proto == "ssh"' "ssh.softwareversion:dropbear_2022.83 alerts (the server's)"
want ssh 2 '.event_type == "alert" and .alert.signature_id == 10 and .tx_id == 0' "ssh.protoversion:2_compat alerts (one per direction)"
[ "$(stat ssh .app_layer.flow.ssh) $(stat ssh .app_layer.tx.ssh) $(stat ssh .app_layer.error.ssh.parser)" = "1 1 0" ] ||
	fail "ssh: stats.app_layer flow.ssh, tx.ssh, error.ssh.parser are not 1 1 0"
ok "SSH: buffers and the older names, ssh.softwareversion, ssh.protoversion, PD-only, hassh, the ssh record"

# Alerts of rules that are no tx rules name a transaction as Suricata 7's
# do: a TCP payload (stream) match the oldest tx detection is not done
# with in its direction, a UDP rule of an app-layer protocol likewise;
# a rule without payload content and a UDP rule without protocol none.
cat >"$tmp/payload.rules" <<'RULES'
alert tcp any any -> any any (msg:"tcp payload"; flow:to_server; content:"SSH-2.0-"; sid:21;)
alert ssh any any -> any any (msg:"ssh payload"; flow:to_client; content:"dropbear"; sid:22;)
alert tcp any any -> any any (msg:"no payload"; flow:to_server; flags:S; sid:23;)
alert dns any any -> any any (msg:"dns payload"; content:"google"; sid:24;)
alert udp any any -> any any (msg:"udp payload"; content:"google"; sid:25;)
RULES
prun() {	# prun NAME PCAP ARGS...: quelld -r with $prules (payload.rules)
	local name="$1" pcap="$2"
	shift 2
	mkdir -p "$tmp/$name"
	timeout 60 "$quelld" -c "$top_src/etc/quell.yaml" -S "$tmp/${prules:-payload.rules}" \
		-l "$tmp/$name" -r "$pcap" -k none "$@" >"$tmp/$name.out" 2>"$tmp/$name.err" ||
		fail "quelld -r $pcap $* exited $?: $(cat "$tmp/$name.err")"
}
prun ssh-payload "$data/ssh/ssh-openssh.pcap" --simulate-ips
# Inline, stream rules see the bytes before their packet too, so the
# banners match again on later packets: Suricata 7.0.6 --simulate-ips on
# this capture alerts sid 21 on pcap_cnt 4, 8, 10 (tx 0) and 13 (tx 1),
# sid 22 on 6 and 12 (tx 0); quell alerts as it does on those with tx 0
# (not on 13).
want ssh-payload 3 '.event_type == "alert" and .alert.signature_id == 21 and .tx_id == 0 and .ssh.client.software_version == "OpenSSH_9.2p1"' "tcp payload alerts with the ssh tx (inline)"
want ssh-payload 2 '.event_type == "alert" and .alert.signature_id == 22 and .tx_id == 0 and .ssh.server.software_version == "dropbear_2022.83"' "ssh payload alerts with the ssh tx (inline)"
want ssh-payload 1 '.event_type == "alert" and .alert.signature_id == 23 and (has("tx_id") | not) and (has("ssh") | not)' "alerts without payload and without a tx"
prun dns-payload "$data/verify/dns-z-bit-input.pcap"
want dns-payload 2 '.event_type == "alert" and .alert.signature_id == 24 and has("tx_id") and .dns != null' "dns payload alerts with a tx"
want dns-payload 2 '.event_type == "alert" and .alert.signature_id == 25 and (has("tx_id") | not) and (has("dns") | not)' "udp payload alerts without a tx"
ok "payload alerts: the transaction as Suricata 7 names it"

# Once both sides sent NEWKEYS the SSH flow is encrypted: rules that need
# the payload (here a dsize above 0) no longer see its packets, header
# rules and a dsize 0 satisfies still do. The counts are Suricata
# 7.0.6's on the same captures and rules.
cat >"$tmp/enc.rules" <<'RULES'
alert tcp any any -> any any (msg:"big to server"; flow:to_server,established; dsize:>60; sid:26;)
alert tcp any any -> any any (msg:"psh to server"; flow:to_server,established; flags:PA; sid:27;)
alert tcp any any -> any any (msg:"dsize small or empty"; flow:to_server,established; dsize:<2; sid:28;)
RULES
prules=enc.rules prun enc-openssh "$data/ssh/ssh-openssh.pcap"
prules=enc.rules prun enc-dropbear "$data/ssh/ssh-dropbear.pcap"
while read -r cap big psh small; do
	want "enc-$cap" "$big" '.event_type == "alert" and .alert.signature_id == 26' "dsize:>60 alerts (none after NEWKEYS)"
	want "enc-$cap" "$psh" '.event_type == "alert" and .alert.signature_id == 27' "flags:PA alerts (all)"
	want "enc-$cap" "$small" '.event_type == "alert" and .alert.signature_id == 28' "dsize:<2 alerts (all)"
done <<'COUNTS'
openssh 1 6 3
dropbear 2 12 4
COUNTS
ok "SSH after NEWKEYS: no payload inspection, as Suricata 7"

run ssh-detonly "$data/ssh/ssh-openssh.pcap" --set app-layer.protocols.ssh.enabled=detection-only
want ssh-detonly 2 '.event_type == "alert" and .alert.signature_id == 6' "PD-only alerts with detection-only"
want ssh-detonly 0 '.event_type == "alert" and .alert.signature_id != 6' "tx alerts with detection-only"
want ssh-detonly 0 '.event_type == "ssh"' "ssh records with detection-only"
want ssh-detonly 1 '.event_type == "flow" and .app_proto == "ssh"' "flows named ssh with detection-only"
ok "SSH detection-only: named, not parsed"

run ssh-off "$data/ssh/ssh-openssh.pcap" --set app-layer.protocols.ssh.enabled=no
want ssh-off 0 '.event_type == "alert"' "alerts with ssh off"
want ssh-off 1 '.event_type == "flow" and .app_proto == "failed"' "failed flows with ssh off"
ok "SSH enabled: no: the flow is failed"
