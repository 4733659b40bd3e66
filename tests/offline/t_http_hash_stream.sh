#!/usr/bin/env bash
# quelld -r on suricata-verify captures (tests/data/verify, MIT), each
# expectation what Suricata 7.0.6 gives on the same capture and rules:
# - filemd5 (case filemd5): a rule whose list holds the MD5 of the
#   response body alerts once; the negated list does not; a list in
#   upper case with comments and trailing text works; a list with a short
#   digest or none, and a missing list, fail their rule naming file:line,
#   and the other rules load. The list is found beside the rule file
#   whatever the working directory. file.md5, the buffer filemd5 matches
#   on, is no sticky keyword.
# - mixed transaction and payload rules at the flow's end (case bug-28):
#   uricontent with a plain content in an alert tcp rule, on a request
#   never acknowledged, alerts on the flow-timeout pseudo packet with the
#   flow's tuple, tx_id 0 and app_proto http, as the uricontent-only ones;
#   and four such rules (tests/data/http/mixed.rules) on eight captures
#   give Suricata 7.0.6's alerts.
# - include: applied where it stands (case http-double-encoded-uri): a
#   yaml that includes one saying double-decode-path: no and then says
#   yes decodes twice (app-layer-event http.double_encoded_uri alerts);
#   the included file alone does not; Suricata's --set of the key does.
set -u
top_src="${QUELL_TOP_SRCDIR:?}"
top_build="${QUELL_TOP_BUILDDIR:?}"
quelld="$top_build/daemon/quelld"
data="$top_src/tests/data/verify"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/quell-hashstream.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
ok() { printf 'ok: %s\n' "$*"; }
command -v jq >/dev/null || fail "jq is not installed"

run() {	# run NAME RULES PCAP [ARGS...]
	local name="$1" rules="$2" pcap="$3"
	shift 3
	mkdir -p "$tmp/$name"
	(cd / && timeout 60 "$quelld" -c "$top_src/etc/quell.yaml" \
		-S "$rules" -l "$tmp/$name" -r "$pcap" -k none "$@") \
		>"$tmp/$name.out" 2>"$tmp/$name.err" ||
		fail "quelld -r $pcap $* exited $?: $(cat "$tmp/$name.err")"
}
sids() {	# sids NAME: "sid:count " of the alerts
	jq -r 'select(.event_type == "alert") | .alert.signature_id' \
		"$tmp/$1/eve.json" | sort -n | uniq -c |
		awk '{ printf "%s:%s ", $2, $1 }'
}

# ---------------------------------------------------------------- filemd5
mkdir -p "$tmp/lists"
cp "$data/filemd5-target.md5" "$tmp/lists/target.md5"
printf '# md5 list\n\n00000000000000000000000000000000 other.exe\nE19C1283C925B3206685FF522ACFE3E6\n' \
	>"$tmp/lists/upper.md5"
printf '00000000000000000000000000000000\n0000000000000000000000000000000\n' \
	>"$tmp/lists/short.md5"
printf '# nothing\n' >"$tmp/lists/empty.md5"
cat >"$tmp/lists/md5.rules" <<'RULES'
alert http any any -> any any (msg:"listed"; filemd5:target.md5; sid:1;)
alert http any any -> any any (msg:"not listed"; filemd5:!target.md5; sid:2;)
alert http any any -> any any (msg:"upper, comments"; filemd5: upper.md5; sid:3;)
alert http any any -> any any (msg:"short"; filemd5:short.md5; sid:4;)
alert http any any -> any any (msg:"empty"; filemd5:empty.md5; sid:5;)
alert http any any -> any any (msg:"missing"; filemd5:missing.md5; sid:6;)
alert http any any -> any any (msg:"internal buffer"; file.md5; content:"a"; sid:7;)
RULES
run md5 "$tmp/lists/md5.rules" "$data/filemd5-target.pcap"
grep -q 'rules: 3 loaded, 3 failed, 1 unsupported' "$tmp/md5.err" ||
	fail "filemd5 rules: $(cat "$tmp/md5.err")"
grep -q "md5.rules:4:.*short.md5:2: hash string not 32 characters" "$tmp/md5.err" ||
	fail "a short digest is not named by file:line: $(cat "$tmp/md5.err")"
grep -q "md5.rules:5:.*empty.md5: no hashes in the file" "$tmp/md5.err" ||
	fail "an empty list is not refused: $(cat "$tmp/md5.err")"
grep -q "md5.rules:6:.*cannot open hash list 'missing.md5': No such file" "$tmp/md5.err" ||
	fail "a missing list is not named: $(cat "$tmp/md5.err")"
got=$(sids md5)
[ "$got" = "1:1 3:1 " ] || fail "filemd5 alerts (sid:count) '$got', want '1:1 3:1 '"
n=$(jq -c 'select(.event_type == "alert" and .alert.signature_id == 1 and
	.app_proto == "http" and .tx_id == 0)' "$tmp/md5/eve.json" | wc -l)
[ "$n" = 1 ] || fail "the filemd5 alert is not on the http tx 0 ($n)"
ok "filemd5: listed, negated, list format, bad lists named by file:line (Suricata 7.0.6's alerts)"

# ---------------------------------------------------------------- bug-28
run b28 "$data/bug-28-test.rules" "$data/bug-28-input.pcap"
got=$(sids b28)
want="2001340:1 2001341:1 2001342:1 2001343:1 "
[ "$got" = "$want" ] || fail "bug-28 alerts '$got', want '$want'"
n=$(jq -c 'select(.event_type == "alert" and .src_ip == "192.168.2.7" and
	.src_port == 1041 and .dest_ip == "208.75.250.50" and .dest_port == 80
	and .proto == "TCP" and .tx_id == 0 and .app_proto == "http" and
	.pkt_src == "stream (flow timeout)")' "$tmp/b28/eve.json" | wc -l)
[ "$n" = 4 ] || fail "bug-28: $n of 4 alerts carry the flow's tuple, tx 0, app_proto http"
ok "uricontent + content in alert tcp rules: matched on the stream at the flow's end"

# ------------------------------------------- tx rules with pkt_data, table
# tests/data/http/mixed.rules (a tx buffer and a pkt_data content in each
# rule) on each capture: the alerts (sid:count) Suricata 7.0.6 gives with
# the same rules and arguments (before quell matched the pkt_data part on
# the packet's own payload only and alerted on none of these but one)
while read -r pcap want args; do
	want=${want//,/ }
	name=mixed-${pcap%.pcap}
	# shellcheck disable=SC2086 # args: zero or more words
	run "$name" "$top_src/tests/data/http/mixed.rules" "$data/$pcap" $args
	got=$(sids "$name")
	[ "$got" = "$want " ] || fail "mixed rules on $pcap: alerts '$got', want '$want '"
done <<'TABLE'
bug-78-http-uri-input.pcap 1:1,2:1
detect-bsize-0-input.pcap 1:1,2:1
http-request-line-input.pcap 1:1,2:1,4:1 --set stream.midstream=true
filemagic-flowbits-pdf-dl.pcap 1:1,2:1,3:1
base64-issue-5223-input.pcap 1:1,2:1
filemd5-target.pcap 1:1,2:1,3:1
bug-28-input.pcap 1:1,2:1
http-double-encoded-uri-input.pcap 1:1,2:1
TABLE
ok "transaction rules with pkt_data keywords: Suricata 7.0.6's alerts on 8 captures"

# ---------------------------------------------------------------- include order
cat >"$tmp/base.yaml" <<'YAML'
%YAML 1.1
---
app-layer:
  protocols:
    http:
      libhtp:
        default-config:
          double-decode-path: no
          double-decode-query: no
YAML
cat >"$tmp/case.yaml" <<'YAML'
%YAML 1.1
---
include: base.yaml
app-layer:
  protocols:
    http:
      libhtp:
        default-config:
          double-decode-path: yes
          double-decode-query: yes
YAML
cat >"$tmp/dd.rules" <<'RULES'
alert http any any -> any any (msg:"double encoded"; flow:established,to_server; app-layer-event:http.double_encoded_uri; sid:1;)
RULES
run dd "$tmp/dd.rules" "$data/http-double-encoded-uri-input.pcap" \
	--include "$tmp/case.yaml"
[ "$(sids dd)" = "1:1 " ] || fail "double decoding after include: alerts '$(sids dd)'"
run dd0 "$tmp/dd.rules" "$data/http-double-encoded-uri-input.pcap" \
	--include "$tmp/base.yaml"
[ "$(sids dd0)" = "" ] || fail "no double decoding: alerts '$(sids dd0)'"
run dd1 "$tmp/dd.rules" "$data/http-double-encoded-uri-input.pcap" \
	--set app-layer.protocols.http.libhtp.default-config.double-decode-path=yes
[ "$(sids dd1)" = "1:1 " ] || fail "double decoding with --set: alerts '$(sids dd1)'"
ok "keys after include: override the included file (double-decode-path); --set sets it too"
