#!/usr/bin/env bash
# host-os-policy end to end: quelld -r on tests/data/defrag-policies.pcap
# (tests/offline/defrag_policies.py): the Novak/Sturges overlap pattern
# sent to 13 IPv4 and 13 IPv6 hosts, each host given one of Suricata's OS
# names. A rule per possible reassembly names the policy the datagram was
# put together by. Every host reassembles as Suricata 7.0.6 does on the
# same capture with the same host-os-policy (checked against its eve.json):
# bsd, hpux10 and irix as bsd; linux and old-linux as linux; windows,
# vista and windows2k3 as windows; macos, old-solaris and hpux11 as first;
# solaris; bsd-right. A host in no block gets bsd; the last policy (no OS
# name in Suricata) through quell's own host-os-policy.last.
set -u
top_src="${QUELL_TOP_SRCDIR:?}"
top_build="${QUELL_TOP_BUILDDIR:?}"
quelld="$top_build/daemon/quelld"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
ok() { printf 'ok: %s\n' "$*"; }
command -v jq >/dev/null || fail "jq is required (quickstart installs it)"

OS=(bsd bsd-right linux windows solaris macos hpux10 irix old-linux vista windows2k3 old-solaris hpux11)
WANT=(bsd bsd-right linux windows solaris first bsd bsd linux windows windows first first)

{
	echo "host-os-policy:"
	for i in "${!OS[@]}"; do
		printf '  %s: [198.51.100.%d, "2001:db8::%x"]\n' "${OS[$i]}" $((10 + i)) $((0x10 + i))
	done
} >"$tmp/policies.yaml"

# The reassembled 192 bytes of each policy, one letter per 8-byte block
# (Suricata's defrag tests; tests/unit/defrag/test_policy.c).
rule() {
	local name=$1 blocks=$2 sid=$3 s="" i
	for ((i = 0; i < ${#blocks}; i++)); do
		s+=$(printf '%.0s'"${blocks:$i:1}" 1 2 3 4 5 6 7 8)
	done
	printf 'alert udp any any -> any 7000 (msg:"%s"; content:"%s"; depth:192; dsize:192; sid:%d;)\n' \
		"$name" "$s" "$sid"
}
{
	rule bsd AAAJJBCCCLLLMMMFFFGGHHIQ 10
	rule linux AAAJJBKKKLLLMMMFFFGGPHQQ 11
	rule windows AAAJBBCCCLLLMEEFFFGGHHIQ 12
	rule solaris AAAJBBCCCLLLMMMFFFGGHHIQ 13
	rule first AAAJBBCCCLDLMEEFFFGGHHIQ 14
	rule last AJJJJBKKKLLLMMMFNFGOPHQQ 15
	rule bsd-right AJJJBBKKKLDLMEEFNFGOPHQQ 16
} >"$tmp/policies.rules"

run() {
	local name=$1 cfg=$2
	mkdir -p "$tmp/$name"
	"$quelld" -k none -c "$cfg" -r "$top_src/tests/data/defrag-policies.pcap" \
	    -S "$tmp/policies.rules" -l "$tmp/$name" >"$tmp/$name/out" 2>&1 ||
	    fail "$name: exit $?: $(tail -3 "$tmp/$name/out")"
	# one alert per datagram, "address policy"
	jq -r 'select(.event_type == "alert") | "\(.dest_ip) \(.alert.signature)"' \
	    "$tmp/$name/eve.json" | sort
}

got=$(run hosts "$tmp/policies.yaml")
want=$(for i in "${!OS[@]}"; do
	printf '198.51.100.%d %s\n' $((10 + i)) "${WANT[$i]}"
	# eve writes IPv6 uncompressed, as Suricata
	printf '2001:0db8:0000:0000:0000:0000:0000:%04x %s\n' $((0x10 + i)) \
	    "${WANT[$i]}"
done | sort)
[ "$got" = "$want" ] || fail "host-os-policy: reassembly per host
$got
want
$want"
ok "host-os-policy: 26 hosts, each reassembled by its OS's policy"

# No block: bsd (Suricata's default), for IPv4 and IPv6 alike.
printf 'host-os-policy:\n  windows: []\n' >"$tmp/none.yaml"
got=$(run none "$tmp/none.yaml" | awk '{ print $2 }' | sort | uniq -c | sed 's/^ *//')
[ "$got" = "26 bsd" ] || fail "no block: $got, want 26 bsd"
ok "no block: every datagram bsd"

# quell's last (Suricata has no OS name for it), and the shipped file:
# windows for every IPv4 host, bsd for IPv6.
printf 'host-os-policy:\n  last: [0.0.0.0/0, "::/0"]\n' >"$tmp/last.yaml"
got=$(run last "$tmp/last.yaml" | awk '{ print $2 }' | sort | uniq -c | sed 's/^ *//')
[ "$got" = "26 last" ] || fail "last: $got, want 26 last"
ok "last: every datagram last"
got=$(run shipped "$top_src/etc/quell.yaml" | awk '{ print ($1 ~ /:/ ? "v6" : "v4"), $2 }' |
    sort | uniq -c | sed 's/^ *//')
[ "$got" = "13 v4 windows
13 v6 bsd" ] || fail "etc/quell.yaml: $got"
ok "etc/quell.yaml: IPv4 windows, IPv6 bsd (suricata.yaml's host-os-policy)"
