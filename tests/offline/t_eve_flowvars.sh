#!/usr/bin/env bash
# pcre captures into flowvars and eve's metadata.flowvars as Suricata
# 7.0.6 writes them, on suricata-verify's eve-metadata capture with the
# rule of its eve-metadata-04-flowvar case:
#   pcre:"/^(.*)\/(\d+\.\d+)/VG, flow:key,flow:value" on the User-Agent
#   "Mozilla/5.0 (X11; ...)"
# Suricata writes metadata {"flowvars":[{"key":"Mozilla"},{"value":"5.0"}]}
# in the alert (pcap_cnt 5), the http record and the flow record; with
# outputs.eve-log.metadata off, none of them has it.
set -u
top_src="${QUELL_TOP_SRCDIR:?}"
top_build="${QUELL_TOP_BUILDDIR:?}"
quelld="$top_build/daemon/quelld"
pcap="$top_src/tests/data/verify/eve-metadata-01-alert-http-session.pcap"
rules="$top_src/tests/data/eve/flowvar.rules"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/quell-flowvars.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
command -v jq >/dev/null || { echo "t_eve_flowvars: jq is not installed" >&2; exit 1; }

n=0
failed=0
run() {
	local name=$1
	shift
	mkdir -p "$tmp/$name"
	timeout 60 "$quelld" --runmode single -c /dev/null -r "$pcap" \
	    -S "$rules" -l "$tmp/$name" --set stream.midstream=true \
	    --set unix-command.enabled=no \
	    --set classification-file="$top_src/etc/classification.config" \
	    --set reference-config-file="$top_src/etc/reference.config" \
	    --set outputs.eve-log.types=alert,http,flow "$@" \
	    >"$tmp/$name.out" 2>&1 || {
		echo "quelld failed in $name: $(tail -3 "$tmp/$name.out")" >&2
		exit 1
	}
}
check() {
	local got
	n=$((n + 1))
	got=$(jq -c "$3" "$tmp/$1/eve.json" | tr '\n' ' ')
	got=${got% }
	if [ "$got" = "$4" ]; then
		echo "ok $n - $1: $2"
	else
		echo "not ok $n - $1: $2: want '$4' got '$got'"
		failed=$((failed + 1))
	fi
}
M='{"flowvars":[{"key":"Mozilla"},{"value":"5.0"}]}'
run on
check on "the alert carries the captures" \
    'select(.event_type=="alert") | [.pcap_cnt, .alert.signature_id, .metadata]' \
    "[5,1,$M]"
check on "the http record carries them" \
    'select(.event_type=="http") | .metadata' "$M"
check on "the flow record carries them" \
    'select(.event_type=="flow") | .metadata' "$M"
run off --set outputs.eve-log.metadata=no
check off "metadata off: no record has it" \
    'select(.metadata != null) | .event_type' ""
check off "metadata off: the alert is still there" \
    'select(.event_type=="alert") | .alert.signature_id' "1"
echo "1..$n"
[ "$failed" = 0 ] || { echo "t_eve_flowvars: $failed of $n checks failed" >&2; exit 1; }
exit 0
