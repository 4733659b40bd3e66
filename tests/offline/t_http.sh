#!/usr/bin/env bash
# quelld -r on HTTP captures: the HTTP keywords in their Suricata forms: legacy content
# modifiers (http_uri, http_method, ...), uricontent, the older sticky
# names (http_request_line, file_data, ...), pcre's HTTP flags, bsize and
# urilen, on suricata-verify's bug-78-http-uri capture (tests/data/verify,
# MIT). The expected sids are those Suricata 7.0.6 alerts on with the same
# capture and rules (tests/data/http/keywords.rules): every rule but 13
# (urilen:>6), 17 (no Cookie) and 22 (bsize 4<>10 on "GET"), each once.
# Then detect-bsize-0's capture (an empty User-Agent): bsize:0 and a
# negated content match the empty header, as in Suricata 7. Last, the
# rules Suricata rejects are errors here too, each naming file:line.
set -u
top_src="${QUELL_TOP_SRCDIR:?}"
top_build="${QUELL_TOP_BUILDDIR:?}"
quelld="$top_build/daemon/quelld"
data="$top_src/tests/data"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/quell-httpkw.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
ok() { printf 'ok: %s\n' "$*"; }
command -v jq >/dev/null || fail "jq is not installed"

run() {	# run NAME RULES PCAP [ARGS...]
	local name="$1" rules="$2" pcap="$3"
	shift 3
	mkdir -p "$tmp/$name"
	timeout 60 "$quelld" -c "$top_src/etc/quell.yaml" -S "$rules" \
		-l "$tmp/$name" -r "$pcap" -k none "$@" >"$tmp/$name.out" \
		2>"$tmp/$name.err" ||
		fail "quelld -r $pcap $* exited $?: $(cat "$tmp/$name.err")"
}
sids() {	# sids NAME: "sid count" of the alerts, one line each
	jq -r 'select(.event_type == "alert") | .alert.signature_id' \
		"$tmp/$1/eve.json" | sort -n | uniq -c |
		awk '{ printf "%s:%s ", $2, $1 }'
}

run kw "$data/http/keywords.rules" "$data/verify/bug-78-http-uri-input.pcap"
grep -q 'rules: 22 loaded, 0 failed, 0 unsupported' "$tmp/kw.err" ||
	fail "the keyword rules did not all load: $(cat "$tmp/kw.err")"
want="1:1 2:1 3:1 4:1 5:1 6:1 7:1 8:1 9:1 10:1 11:1 12:1 14:1 15:1 16:1 18:1 19:1 20:1 21:1 "
got=$(sids kw)
[ "$got" = "$want" ] || fail "alerts (sid:count) are '$got', want '$want'"
n=$(jq -c 'select(.event_type == "alert" and .alert.signature_id == 1 and
	.app_proto == "http" and .tx_id == 0 and .http.url == "/blah/")' \
	"$tmp/kw/eve.json" | wc -l)
[ "$n" = 1 ] || fail "the http_uri alert of an 'alert tcp' rule has no http object ($n)"
ok "legacy modifiers, older sticky names, pcre HTTP flags, bsize, urilen: Suricata 7.0.6's alerts"

cat >"$tmp/b0.rules" <<'RULES'
alert http any any -> any any (http.user_agent; bsize: 0; sid:46;)
alert http any any -> any any (http.user_agent; content: !"u"; sid:47;)
alert http any any -> any any (http.user_agent; bsize: 1; sid:48;)
RULES
run b0 "$tmp/b0.rules" "$data/verify/detect-bsize-0-input.pcap"
got=$(sids b0)
[ "$got" = "46:1 47:1 " ] || fail "empty User-Agent: alerts '$got', want '46:1 47:1 '"
ok "an empty header: bsize:0 and a negated content match it, bsize:1 does not"

"$quelld" -c "$top_src/etc/quell.yaml" -T -S "$data/http/keywords-bad.rules" \
	>"$tmp/bad.out" 2>"$tmp/bad.err" && fail "quelld -T accepted keywords-bad.rules"
grep -q 'rules: 0 loaded, 5 failed, 0 unsupported' "$tmp/bad.err" ||
	fail "keywords-bad.rules: $(cat "$tmp/bad.err")"
for want in \
	"keywords-bad.rules:1:84: 'http_header' cannot follow a sticky buffer" \
	"keywords-bad.rules:2:73: bsize needs a sticky buffer before it" \
	"keywords-bad.rules:3:77: 'pcre' cannot follow a sticky buffer" \
	"keywords-bad.rules:4:64: 'http_uri' needs a preceding content" \
	"keywords-bad.rules:5:74: 'http_uri' belongs to another app-layer protocol"
do
	grep -qF "$want" "$tmp/bad.err" || fail "no '$want' in: $(cat "$tmp/bad.err")"
done
ok "the five rules Suricata 7.0.6 rejects are errors with file:line:col"

# A capture of one request segment that nothing ACKs (suricata-verify's
# http-request-line): the request is parsed at the flow's end, and
# detection runs on the flow-end pseudo packet for the transaction
# rules, as Suricata's. The packet rule (sid 9) fires on the real packet
# only, not again on the pseudo packet.
cat >"$tmp/end.rules" <<'RULES'
alert http any any -> any any (http_request_line; bsize:>10; sid:1;)
alert http any any -> any any (http_request_line; bsize:<100; sid:2;)
alert http any any -> any any (http_request_line; bsize:10<>100; sid:3;)
alert http any any -> any any (http_request_line; bsize:>100; sid:4;)
alert http any any -> any any (http_request_line; content:"GET /index.html HTTP/1.0"; sid:5;)
alert tcp any any -> any any (msg:"every packet"; sid:9;)
RULES
run end "$tmp/end.rules" "$data/verify/http-request-line-input.pcap"
got=$(sids end)
[ "$got" = "1:1 2:1 3:1 5:1 9:1 " ] ||
	fail "unACKed request: alerts '$got', want '1:1 2:1 3:1 5:1 9:1 '"
n=$(jq -c 'select(.event_type == "alert" and .alert.signature_id == 5 and
	.tx_id == 0 and .app_proto == "http" and .http.url == "/index.html" and
	.src_port == 6666 and .dest_port == 63)' "$tmp/end/eve.json" | wc -l)
[ "$n" = 1 ] || fail "the flow-end alert lacks its tx, http object or addresses ($n)"
ok "a request parsed at the flow's end is inspected there (flow-end pseudo packet), packet rules are not run again"

# filename and fileext (file.name, nocase; fileext: ".ext" at the end),
# plain and negated, on a PDF download (/~regit/r.pdf): Suricata 7.0.6's
# alerts on suricata-verify's filename-01 and fileext-01.
cat >"$tmp/file.rules" <<'RULES'
alert tcp any any -> any any (filename:"R.PDF"; sid:1;)
alert tcp any any -> any any (filename:!"S.PDF"; sid:2;)
alert tcp any any -> any any (filename:!"r.pdf"; sid:3;)
alert tcp any any -> any any (fileext:"pDf"; sid:4;)
alert tcp any any -> any any (fileext:!"doc"; sid:5;)
alert tcp any any -> any any (fileext:!"PDF"; sid:6;)
alert tcp any any -> any any (fileext:"df"; sid:7;)
alert http any any -> any any (file.name; content:"/~regit/"; startswith; sid:8;)
RULES
run file "$tmp/file.rules" "$data/verify/filemagic-flowbits-pdf-dl.pcap"
got=$(sids file)
[ "$got" = "1:1 2:1 4:1 5:1 8:1 " ] ||
	fail "filename/fileext: alerts '$got', want '1:1 2:1 4:1 5:1 8:1 '"
ok "filename, fileext and file.name on a downloaded file, negated too"

# eve http options (outputs.eve-log.types.http): extended off gives the
# basic fields; dump-all-headers and custom fill request_headers and
# response_headers. The objects are what Suricata 7.0.6 writes for the
# same capture and options.
want_basic='{"hostname":"www.google.com","url":"/blah/","http_user_agent":"Wget/1.11.4","http_content_type":"text/html"}'
want_dump='{"hostname":"www.google.com","url":"/blah/","http_user_agent":"Wget/1.11.4","http_content_type":"text/html","http_method":"GET","protocol":"HTTP/1.0","status":404,"length":1194,"request_headers":[{"name":"User-Agent","value":"Wget/1.11.4"},{"name":"Accept","value":"*/*"},{"name":"Host","value":"www.google.com"},{"name":"Connection","value":"Keep-Alive"}],"response_headers":[{"name":"Date","value":"Fri, 16 Oct 2009 16:44:16 GMT"},{"name":"Server","value":"gws"}]}'
run basic "$data/http/keywords.rules" "$data/verify/bug-78-http-uri-input.pcap" \
	--set outputs.eve-log.types.http.extended=no
got=$(jq -c 'select(.event_type == "http") | .http' "$tmp/basic/eve.json")
[ "$got" = "$want_basic" ] || fail "extended: no: http is $got, want $want_basic"
run dump "$data/http/keywords.rules" "$data/verify/bug-78-http-uri-input.pcap" \
	--set outputs.eve-log.types.http.dump-all-headers=request \
	--set 'outputs.eve-log.types.http.custom=[Accept, date, Server]'
got=$(jq -c 'select(.event_type == "http") | .http' "$tmp/dump/eve.json")
[ "$got" = "$want_dump" ] || fail "dump-all-headers request + custom: http is $got, want $want_dump"
ok "eve http: extended off, dump-all-headers and custom as Suricata 7.0.6 writes them"

# base64_decode / base64_data on a url-encoded cookie (suricata-verify
# base64-issue-5223, plus sids 5 and 6 of ours): decoding stops at '%',
# a last group of 2 characters gives its byte, offset and bytes, bsize on
# the decoded bytes; Suricata 7.0.6 alerts on 1, 2, 3, 4 and 6.
run b64 "$data/http/base64.rules" "$data/verify/base64-issue-5223-input.pcap"
got=$(sids b64)
[ "$got" = "1:1 2:1 3:1 4:1 6:1 " ] ||
	fail "base64: alerts '$got', want '1:1 2:1 3:1 4:1 6:1 '"
printf 'alert http any any -> any any (http.cookie; base64_data; content:"a"; sid:1;)\n' >"$tmp/b64bad.rules"
"$quelld" -c "$top_src/etc/quell.yaml" -T -S "$tmp/b64bad.rules" \
	>/dev/null 2>"$tmp/b64bad.err" && fail "base64_data without base64_decode loaded"
grep -qF "b64bad.rules:1:45: base64_data needs a base64_decode before it" "$tmp/b64bad.err" ||
	fail "base64_data without base64_decode: $(cat "$tmp/b64bad.err")"
ok "base64_decode and base64_data as Suricata 7.0.6; base64_data alone is an error"
