#!/usr/bin/env bash
# quelld --engine-analysis writes rules_analysis.txt to the log dir (-l)
# and exits 0, without reading traffic; on three rules it reports:
# - the fast pattern with its buffer: "GET" on pkt_data for a rule that
#   also has a longer tcp.hdr content (Suricata's priorities), the tcp.hdr
#   pattern for a header-only rule;
# - a warning for a rule without content;
# - the port groups and a summary counting the 3 rules;
# and exits 1 when the log directory cannot be written.
set -u
top_src="${QUELL_TOP_SRCDIR:?}"
top_build="${QUELL_TOP_BUILDDIR:?}"
quelld="$top_build/daemon/quelld"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/quell-analysis.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
ok() { printf 'ok: %s\n' "$*"; }
[ -x "$quelld" ] || fail "$quelld is not built"

cat >"$tmp/t.rules" <<'RULES'
alert tcp any any -> any 80 (msg:"get"; content:"GET"; tcp.hdr; content:"|00 50 00 00 00 01|"; sid:1;)
alert tcp any any -> any any (msg:"mss"; tcp.hdr; content:"|02 04 05 b4|"; sid:2;)
alert tcp any any -> any 22 (msg:"syn"; flags:S; sid:3;)
RULES

out=$("$quelld" -c "$top_src/etc/quell.yaml" -S "$tmp/t.rules" -l "$tmp" --engine-analysis 2>&1) ||
	fail "--engine-analysis exited non-zero: $out"
f="$tmp/rules_analysis.txt"
[ -s "$f" ] || fail "no $f"
case "$out" in
*"engine analysis written to $f"*) ok "quelld names the report" ;;
*) fail "quelld does not name the report: $out" ;;
esac
expect() {
	grep -qF -- "$1" "$f" || fail "report lacks '$1'"
	ok "report has '$1'"
}
expect 'fast pattern: "GET" buffer pkt_data length 3'
expect 'fast pattern: "|02 04 05 b4|" buffer tcp.hdr length 4'
expect 'warning: no content: the rule is evaluated on every packet'
expect 'tcp to_server ports 80-80: group'
expect 'rules: 3; with a fast pattern: 2; without: 1 (1 with no content at all)'
expect 'profile: toserver-groups 40, toclient-groups 20'
grep -q '^  prefilter tcp.hdr: 1 patterns (1 of the group.s), 1 rules' "$f" ||
	fail "no tcp.hdr prefilter in the groups"
ok "groups list a tcp.hdr prefilter"
"$quelld" -c "$top_src/etc/quell.yaml" -S "$tmp/t.rules" --set detect.profile=low \
	-l "$tmp" --engine-analysis 2>/dev/null || fail "profile low fails"
expect 'profile: toserver-groups 25, toclient-groups 15'

if "$quelld" -c "$top_src/etc/quell.yaml" -S "$tmp/t.rules" -l "$tmp/missing/dir" \
	--engine-analysis >/dev/null 2>&1; then
	fail "an unwritable log dir still exits 0"
fi
ok "an unwritable log dir exits 1"
