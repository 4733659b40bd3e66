#!/usr/bin/env bash
# JA3 and JA3S of every TLS capture in tests/data/verify as quell's parser
# computes them (applayer_dump) against tshark's tls.handshake.ja3 /
# ja3_full / ja3s / ja3s_full on the same file: the first ClientHello and
# ServerHello of the flow. tshark is in quickstart's DEPS: without it the
# test cannot run (99).
set -euo pipefail

: "${QUELL_TOP_SRCDIR:?}" "${QUELL_TOP_BUILDDIR:?}"
DUMP="$QUELL_TOP_BUILDDIR/tests/unit/applayer/applayer_dump"
DATA="$QUELL_TOP_SRCDIR/tests/data/verify"

if ! command -v tshark >/dev/null 2>&1; then
	printf '\n*** TEST CANNOT RUN: tshark is missing (apt-get install tshark) ***\n\n' >&2
	exit 99
fi
[ -x "$DUMP" ] || { echo "missing $DUMP" >&2; exit 99; }

# capture, server port (not bug-1450-02: tshark stops on its malformed
# ServerHello record)
cases=(
	"tls-fingerprint-alert-input.pcap 443"
	"tls-client-cert-01-tls-client-auth.pcap 8081"
	"tls-duplicate-hello-input.pcap 8443"
	"tls13-draft28-frames-tls13_draft28.pcap 4433"
	"tls-cert-chain-len-input.pcap 443"
	"tls-random-input.pcap 443"
)
fail=0
n=0
for c in "${cases[@]}"; do
	read -r f port <<<"$c"
	ours=$("$DUMP" tls "$DATA/$f" "$port" 7)
	get() { printf '%s\n' "$ours" | awk -F'\t' -v k="$1" '$1 == k { print $2; exit }'; }
	# the flow's first ClientHello / ServerHello, as tshark sees them
	filter="tcp.port == $port"
	# (out-of-order segments reassembled, the port decoded as TLS)
	ts=(tshark -o tcp.reassemble_out_of_order:TRUE -d "tcp.port==$port,tls" -r "$DATA/$f")
	t_ja3=$("${ts[@]}" -Y "$filter && tls.handshake.type == 1" -T fields \
		-e tls.handshake.ja3 -e tls.handshake.ja3_full 2>/dev/null | sed -n 1p)
	t_ja3s=$("${ts[@]}" -Y "$filter && tls.handshake.type == 2" -T fields \
		-e tls.handshake.ja3s -e tls.handshake.ja3s_full 2>/dev/null | sed -n 1p)
	want_ja3=$(printf '%s' "$t_ja3" | cut -f1)
	want_ja3_full=$(printf '%s' "$t_ja3" | cut -f2)
	want_ja3s=$(printf '%s' "$t_ja3s" | cut -f1)
	want_ja3s_full=$(printf '%s' "$t_ja3s" | cut -f2)
	if [ -z "$want_ja3" ] || [ -z "$want_ja3s" ]; then
		echo "FAIL $f: tshark found no hello pair" >&2
		fail=1
		continue
	fi
	got_string=$(get ja3.string)
	# after a HelloRetryRequest quell's string carries both hellos
	# (Suricata 7's); tshark's first hello is its start
	case "$got_string" in
	"$want_ja3_full"|"$want_ja3_full",*) ;;
	*) echo "FAIL $f: ja3.string $got_string, tshark $want_ja3_full" >&2; fail=1 ;;
	esac
	for k in "ja3 $want_ja3" "ja3s $want_ja3s" "ja3s.string $want_ja3s_full"; do
		key=${k%% *}
		want=${k#* }
		got=$(get "$key")
		if [ "$got" != "$want" ]; then
			echo "FAIL $f: $key quell '$got' tshark '$want'" >&2
			fail=1
		fi
	done
	n=$((n + 1))
done
echo "ja3/ja3s of $n captures compared with tshark"
[ "$fail" = 0 ] && [ "$n" = "${#cases[@]}" ]
