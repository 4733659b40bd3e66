#!/usr/bin/env bash
# The DNS and TLS transaction keywords (dns.opcode, dns.rrtype, dns_query,
# tls.version, ssl_version, ssl_state, tls_cert_notbefore/notafter/
# expired/valid, tls.cert_chain_len, tls.subject/issuerdn/fingerprint) on
# real captures of suricata-verify (tests/data/verify, MIT): quelld -r
# must give, per capture, the alert count of every rule that Suricata
# 7.0.6 gives on the same captures and rules (suricata -k none -r FILE
# -S RULES, counted from its eve.json), except where noted:
#   - dns.rrtype (sids 5, 6) is Suricata 8's; 7.0.6 rejects it;
#   - ssl_version:!tls1.2 (tls sid 4) is Suricata 7.0.14's reading ("not
#     1.2"); 7.0.6 matches a negated-only list never (sslv2 capture: 2);
#   - tls.fingerprint:! (sid 22) on the client-cert capture: 7.0.6 says
#     5 for one handshake, quell 2 (once per direction);
#   - ssl_state:client_hello (sid 5) on the fingerprint capture: 7.0.6
#     2, quell 1: Suricata's current_flags is one for both directions,
#     so in IDS mode the to-client packet inspected before the
#     ServerHello is parsed still sees the ClientHello; quell keeps it
#     per direction, as inline parsing leaves it.
# Malformed values are errors naming file:line; the other rules load.
set -u
top_src="${QUELL_TOP_SRCDIR:?}"
top_build="${QUELL_TOP_BUILDDIR:?}"
quelld="$top_build/daemon/quelld"
data="$top_src/tests/data/verify"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/quell-dnstls.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
ok() { printf 'ok: %s\n' "$*"; }
command -v jq >/dev/null || fail "jq is not installed"

cat >"$tmp/tls.rules" <<'RULES'
alert tls any any -> any any (msg:"v12"; tls.version:1.2; sid:1;)
alert tls any any -> any any (msg:"v13"; tls.version:1.3; sid:2;)
alert tls any any -> any any (msg:"sslv tls1.2"; ssl_version:tls1.2; sid:3;)
alert tls any any -> any any (msg:"sslv !tls1.2"; ssl_version:!tls1.2; sid:4;)
alert tls any any -> any any (msg:"ch"; ssl_state:client_hello; sid:5;)
alert tls any any -> any any (msg:"sh|ck"; ssl_state:server_hello|client_keyx; sid:6;)
alert tls any any -> any any (msg:"nb range"; tls_cert_notbefore:2018-01-01<>2019-01-01; sid:7;)
alert tls any any -> any any (msg:"na >"; tls_cert_notafter:>2020-12-01; sid:8;)
alert tls any any -> any any (msg:"na <"; tls_cert_notafter:<2020; sid:9;)
alert tls any any -> any any (msg:"expired"; tls_cert_expired; sid:10;)
alert tls any any -> any any (msg:"valid"; tls_cert_valid; sid:11;)
alert tls any any -> any any (msg:"subj"; tls.subject:"CN=www.example.org"; sid:12;)
alert tls any any -> any any (msg:"!subj"; tls.subject:!"CN=nothere"; sid:13;)
alert tls any any -> any any (msg:"issuer"; tls.issuerdn:"DigiCert SHA2"; sid:14;)
alert tls any any -> any any (msg:"fp"; tls.fingerprint:"7B:B6:98:38:69:70:36:3D:29:19:cc:57:72:84:69:84:ff:d4:a8:89"; sid:15;)
alert tls any any -> any any (msg:"chain3"; tls.cert_chain_len:3; sid:16;)
alert tls any any -> any any (msg:"nb exact"; tls_cert_notbefore:2018-11-28; sid:17;)
alert tls any any -> any any (msg:"na < ymd"; tls_cert_notafter:<2020-01-01; sid:18;)
alert tls any any -> any any (msg:"nb > epoch"; tls_cert_notbefore:>1500000000; sid:19;)
alert tls any any -> any any (msg:"ckx"; ssl_state:client_keyx; sid:20;)
alert tls any any -> any any (msg:"!ch"; ssl_state:!client_hello; sid:21;)
alert tls any any -> any any (msg:"!fp"; tls.fingerprint:!"7b:b6:98:38:69:70:36:3d:29:19:cc:57:72:84:69:84:ff:d4:a8:88"; sid:22;)
alert tls any any -> any any (msg:"issuer!"; tls.issuerdn:!"DigiCert"; sid:23;)
RULES
cat >"$tmp/dns.rules" <<'RULES'
alert dns any any -> any any (msg:"op4"; dns.opcode:4; sid:1;)
alert dns any any -> any any (msg:"op!0"; dns.opcode:!0; sid:2;)
alert dns any any -> any any (msg:"op0"; dns.opcode:0; sid:3;)
alert dns any any -> any any (msg:"dns_query"; dns_query; content:"bortzmeyer"; sid:4;)
alert dns any any -> any any (msg:"rrtype SOA"; dns.rrtype:6; sid:5;)
alert dns any any -> any any (msg:"rrtype A"; dns.rrtype:1; sid:6;)
RULES

counts() {	# counts RULES PCAP: "sid:n sid:n ..." of quelld -r
	local out="$tmp/out.$$"
	rm -rf "$out"
	mkdir -p "$out"
	timeout 60 "$quelld" -c "$top_src/etc/quell.yaml" -S "$1" -l "$out" \
		-r "$2" -k none >"$out/stdout" 2>"$out/stderr" ||
		fail "quelld -r $2 exited $?: $(cat "$out/stderr")"
	grep -q ', 0 failed, 0 unsupported' "$out/stderr" ||
		fail "$1: not every rule loaded: $(cat "$out/stderr")"
	jq -r 'select(.event_type == "alert") | .alert.signature_id' "$out/eve.json" |
		sort -n | uniq -c | awk '{ printf "%s%s:%s", sep, $2, $1; sep = " " }'
}
want() {	# want RULES PCAP "sid:n ..."
	local got
	got=$(counts "$tmp/$1" "$data/$2")
	[ "$got" = "$3" ] || fail "$2 ($1): alerts $got, want $3"
	ok "$2: $3"
}

want tls.rules tls-cert-chain-len-input.pcap "1:2 3:2 5:1 6:2 7:1 8:1 11:1 12:1 13:1 14:1 15:1 16:1 17:1 19:1 20:1 21:2 22:1"
want tls.rules sslv2-tls-upgrade-01-ssl-v2-s1.pcap "4:2 5:1 6:1 11:1 13:1 18:1 20:1 21:2 22:1 23:1"
want tls.rules tls-client-cert-01-tls-client-auth.pcap "1:2 3:2 5:1 6:1 7:1 11:1 13:2 18:1 19:1 20:1 21:2 22:2 23:2"
want tls.rules tls-fingerprint-alert-input.pcap "1:2 3:2 5:1 6:1 11:1 13:1 16:1 18:1 20:1 21:2 22:1 23:1"
want tls.rules tls-random-input.pcap "1:2 3:2 5:1 6:1 8:1 11:1 13:1 20:1 21:2 22:1 23:1"
want dns.rules dns-opcode-dns-notify.pcap "1:2 2:2 4:1 5:2"
want dns.rules dns-z-bit-input.pcap "3:2 6:2"
want dns.rules issue-4759-tcpdns.pcap "3:4 6:4"
want dns.rules bug-2158-public-ex1_section8_Sofacy.pcap "3:4 6:4"
want dns.rules dns-invalid-opcode-input.pcap "2:2 6:2"

# malformed values: errors with file:line, the good rule still loads
cat >"$tmp/bad.rules" <<'RULES'
alert tls any any -> any any (msg:"bad version"; tls.version:1.4; sid:101;)
alert tls any any -> any any (msg:"bad ssl_version"; ssl_version:tls1.2,tls1.2; sid:102;)
alert tls any any -> any any (msg:"bad ssl_state"; ssl_state:client_hello|nope; sid:103;)
alert tls any any -> any any (msg:"bad date"; tls_cert_notafter:2015-13-01; sid:104;)
alert tls any any -> any any (msg:"bad fingerprint"; tls.fingerprint:"7b:b6"; sid:105;)
alert dns any any -> any any (msg:"bad opcode"; dns.opcode:16; sid:106;)
alert http any any -> any any (msg:"wrong protocol"; tls.version:1.2; sid:107;)
alert tls any any -> any any (msg:"good"; tls.version:1.2; sid:108;)
RULES
"$quelld" -c "$top_src/etc/quell.yaml" -T -S "$tmp/bad.rules" >"$tmp/bad.out" 2>&1 &&
	fail "quelld -T accepted the malformed rules"
for line in 1 2 3 4 5 6 7; do
	grep -q "bad.rules:$line:" "$tmp/bad.out" || fail "no error for bad.rules line $line: $(cat "$tmp/bad.out")"
done
grep -q 'rules: 1 loaded, 7 failed' "$tmp/bad.out" || fail "the good rule did not load: $(cat "$tmp/bad.out")"
ok "malformed values: an error per line (file:line), the good rule loads"
