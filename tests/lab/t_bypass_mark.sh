#!/usr/bin/env bash
# nfq.bypass-method: mark, with the README's CONNMARK recipe, end to end:
#   mangle POSTROUTING -m mark --mark B/B -j CONNMARK --save-mark (B bits)
#   FORWARD -m connmark --mark B/B -j ACCEPT                      (first)
#   FORWARD -j NFQUEUE --queue-num 0 --queue-bypass
# A `bypass` rule fires on the first response of a long IPv6 download:
# - quelld never writes the conntrack mark itself: only the verdict of the
#   bypassing packet carries B, and CONNMARK --save-mark moves it to the
#   connection (the save-mark rule's counter is > 0);
# - after that the NFQUEUE counter stays flat while the connmark ACCEPT
#   counter grows; the download completes with the right sha256;
# - after `conntrack -D` eve.json holds exactly one flow record for it,
#   with a bypassed section, and inspected + bypassed packets match what
#   iptables saw (within the packets in flight at the bypass);
# - stats.bypass.conntrack counts it, quelld exits 0.
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"
. "$QUELL_TOP_SRCDIR/tests/lab/bypass_lib.sh"
lab_require
command -v conntrack >/dev/null || lab_fail "the conntrack tool is not installed"
lab_setup
lab_start_httpd

MARK=0x40000000
QUEUE="-j NFQUEUE --queue-num 0 --queue-bypass"
CONNMARK="-m connmark --mark $MARK/$MARK -j ACCEPT"
SAVE="-m mark --mark $MARK/$MARK -j CONNMARK --save-mark --nfmask $MARK --ctmask $MARK"
# shellcheck disable=SC2086
{
	lab_ip6t -I FORWARD $QUEUE &&
		lab_ip6t -I FORWARD 1 $CONNMARK &&
		lab_ip6t -t mangle -A POSTROUTING $SAVE
} || lab_fail "cannot install the CONNMARK recipe"

rules="$LAB_TMP/bypass.rules"
printf '%s\n' 'alert tcp any 8080 -> any any (msg:"bypass the download"; flow:established,to_client; content:"HTTP/1."; bypass; sid:5; rev:1;)' >"$rules"
logdir="$LAB_TMP/log"
mkdir -p "$logdir"
lab_start_quelld -S "$rules" -l "$logdir" -q 0 --set nfq.bypass-method=mark \
	--set bypass.poll-interval=1

SIZE=20000000
want=$("$LAB_PYTHON" "$QUELL_TOP_SRCDIR/tests/lab/httpd.py" --print-big "$SIZE" | sha256sum | cut -d' ' -f1)
out="$LAB_TMP/big.bin"
lab_client curl -sS -g --max-time 60 --limit-rate 10M -o "$out" \
	"http://[$LAB_SERVER6]:$LAB_HTTP_PORT/big?bytes=$SIZE" &
curl_pid=$!
sleep 1
q_mid=$(lab_ipt_counter -6 FORWARD "$QUEUE") || exit 1
wait "$curl_pid" || lab_fail "the download through quelld failed"
got=$(sha256sum "$out" | cut -d' ' -f1)
lab_assert_eq "sha256 of the $SIZE-byte download" "$want" "$got"

q=$(lab_ipt_counter -6 FORWARD "$QUEUE") || exit 1
b=$(lab_ipt_counter -6 FORWARD "$CONNMARK") || exit 1
saved=$(lab_ipt_counter -6 -t mangle POSTROUTING "CONNMARK") || exit 1
lab_log "NFQUEUE rule: $q_mid packets 1 s into the download, $q at its end; connmark ACCEPT: $b; save-mark: $saved"
[ "$saved" -ge 1 ] || lab_fail "no packet left the ips with the bypass mark: the verdict did not carry it"
[ "$b" -gt 100 ] || lab_fail "the connmark ACCEPT rule took only $b packets"
[ $((q - q_mid)) -le 20 ] || lab_fail "the NFQUEUE counter kept growing after the bypass: $q_mid -> $q"
[ "$q" -lt $((b / 10)) ] || lab_fail "too many packets queued ($q) against bypassed ($b)"
lab_log "ok: the verdict's mark, saved by CONNMARK, took the flow out of the queue"

eve="$logdir/eve.json"
bypass_end_one_record ipv6 "$eve" "$q" "$b"
ct=$(lab_final_stat "$eve" .bypass.conntrack) || exit 1
[ "$ct" -ge 1 ] || lab_fail "stats.bypass.conntrack is $ct"
echo "PASS: mark method: the verdict's mark, saved by CONNMARK, bypasses and the flow is accounted once"
