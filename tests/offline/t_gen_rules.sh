#!/usr/bin/env bash
# The benchmark's synthetic rules (bench/gen-rules) are fit for the
# figures quoted from them, and both prefilter back ends agree end to end:
# - 3000 generated rules all load: "3000 loaded, 0 failed, 0 unsupported";
# - on generated benign HTTP (bench/gen-traffic) they alert rarely, as
#   real rule sets do on clean traffic (fewer than 1 alert per 100
#   packets), but not never (a few rules are made to match, so the alert
#   path is part of the measured cost);
# - quelld -r gives the same alert set (packet, sid) with the built-in
#   Aho-Corasick and with Hyperscan (when built in).
set -u
top_src="${QUELL_TOP_SRCDIR:?}"
top_build="${QUELL_TOP_BUILDDIR:?}"
quelld="$top_build/daemon/quelld"
gen_rules="$top_build/bench/gen-rules"
gen_traffic="$top_build/bench/gen-traffic"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/quell-genrules.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
NRULES=3000
NPKT=20000

fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
ok() { printf 'ok: %s\n' "$*"; }
command -v jq >/dev/null || fail "jq is not installed"
for b in "$quelld" "$gen_rules" "$gen_traffic"; do
	[ -x "$b" ] || fail "$b is not built"
done

"$gen_rules" --seed 1 --rules "$NRULES" -o "$tmp/gen.rules" || fail "gen-rules failed"
"$gen_traffic" --seed 7 --packets "$NPKT" --mix http -o "$tmp/http.pcap" 2>/dev/null ||
	fail "gen-traffic failed"

# The benchmark's HOME_NET: gen-traffic's servers are inside it.
home='vars.address-groups.HOME_NET=[198.19.0.0/16,2001:2:0:2::/64]'
out=$("$quelld" -T -c "$top_src/etc/quell.yaml" -S "$tmp/gen.rules" -l "$tmp" --set "$home" 2>&1) ||
	fail "quelld -T rejects the generated rules: $out"
case "$out" in
*"rules: $NRULES loaded, 0 failed, 0 unsupported"*) ok "quelld -T loads all $NRULES generated rules" ;;
*) fail "quelld -T does not load all $NRULES generated rules: $out" ;;
esac

backends="ac"
"$quelld" --build-info 2>/dev/null | grep -qi "^prefilter:.*hyperscan" && backends="ac hs"
for be in $backends; do
	mkdir -p "$tmp/$be"
	timeout 120 "$quelld" -c "$top_src/etc/quell.yaml" -S "$tmp/gen.rules" -l "$tmp/$be" \
		--set "$home" --set "mpm-algo=$be" -r "$tmp/http.pcap" >"$tmp/$be.out" 2>&1 ||
		fail "quelld -r with mpm-algo=$be: $(cat "$tmp/$be.out")"
	jq -c 'select(.event_type == "alert") | [.pcap_cnt // .timestamp, .src_ip, .src_port,
		.dest_ip, .dest_port, .alert.signature_id]' "$tmp/$be/eve.json" | sort >"$tmp/$be.alerts" ||
		fail "eve.json of mpm-algo=$be does not parse"
	n=$(wc -l <"$tmp/$be.alerts")
	[ "$n" -gt 0 ] || fail "mpm-algo=$be: no alert at all on $NPKT packets (the generator's matching rules did not match)"
	[ "$((n * 100))" -lt "$NPKT" ] ||
		fail "mpm-algo=$be: $n alerts on $NPKT benign packets (at least 1 per 100): the rules are not realistic"
	ok "mpm-algo=$be: $n alerts on $NPKT packets of benign HTTP"
done
if [ "$backends" = "ac hs" ]; then
	cmp -s "$tmp/ac.alerts" "$tmp/hs.alerts" ||
		fail "Aho-Corasick and Hyperscan alert differently: $(diff "$tmp/ac.alerts" "$tmp/hs.alerts" | head -n 10)"
	ok "Aho-Corasick and Hyperscan give the same $(wc -l <"$tmp/hs.alerts") alerts"
else
	printf 'note: quelld is built without Hyperscan: only Aho-Corasick ran\n'
fi
