#!/usr/bin/env bash
# The signature keyword nfq_set_mark marks exactly the packets its rule
# matches, on its own and on top of the repeat mark:
#   alert tcp any any -> any 8080 (msg:"mark http"; content:"GET";
#       nfq_set_mark:0x80/0x80; sid:1;)
# mangle POSTROUTING counter rules in the ips see the marks the packets
# leave with (IPv4 and IPv6).
# Phase A, nfq.mode=accept:
# - the rule loads (quelld -T does not call it unsupported), without a
#   warning; a rule whose mask takes the repeat bit (in repeat mode) or
#   the bypass bit makes -T warn, naming file:line, the sid and the key;
# - GET /ok works; packets with mark 0x80/0x80 == alerts for sid 1 ==
#   requests sent == stats.nfq.marked; no ping packet carries the mark
#   (while ping packets did pass).
# Phase B, nfq.mode=repeat with repeat-mark 0x1/0x1 (NFQUEUE rule with
# `-m mark ! --mark 0x1/0x1`):
# - the matching packets leave with both bits (0x81/0x81) == alerts for
#   sid 1 == requests; every repeated packet has 0x1 (counter == repeated);
#   ping packets have 0x1 but not 0x80.
# shellcheck disable=SC2016,SC2119 # awk/jq programs in single quotes; optional helper args
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"

CONFIG="$QUELL_TOP_SRCDIR/etc/quell.yaml"
RULE_A='-j NFQUEUE --queue-num 0 --queue-bypass'
RULE_B='-m mark ! --mark 0x1/0x1 -j NFQUEUE --queue-num 0 --queue-bypass'
M80='-m mark --mark 0x80/0x80'
M81='-m mark --mark 0x81/0x81'
M01='-m mark --mark 0x1/0x1'
NREQ=3	# GET requests per address family and phase

lab_require
[ -x "$QUELL_TOP_BUILDDIR/daemon/quelld" ] || lab_fail "daemon/quelld is not built in $QUELL_TOP_BUILDDIR"
lab_setup

cat >"$LAB_TMP/mark.rules" <<EOF
alert tcp any any -> any $LAB_HTTP_PORT (msg:"mark http"; content:"GET"; nfq_set_mark:0x80/0x80; sid:1;)
EOF

# The keyword must load: an unsupported keyword only warns (the rule is
# skipped), which would leave nothing to test below.
if ! out=$("$QUELL_TOP_BUILDDIR/daemon/quelld" -T -c "$CONFIG" -S "$LAB_TMP/mark.rules" -l "$LAB_TMP" 2>&1); then
	lab_fail "quelld -T rejects the nfq_set_mark rule: $out"
fi
case "$out" in
*unsupported\ keyword*nfq_set_mark* | *" 0 loaded"*)
	lab_fail "quelld does not load the nfq_set_mark rule (keyword not implemented?): $out" ;;
esac
case "$out" in
*warning*) lab_fail "quelld -T warns about the 0x80/0x80 rule: $out" ;;
esac
lab_log "ok: quelld -T loads the nfq_set_mark rule"

cat >"$LAB_TMP/clash.rules" <<EOF
alert tcp any any -> any $LAB_HTTP_PORT (msg:"takes the repeat bit"; nfq_set_mark:0x0/0x1; sid:2;)
alert tcp any any -> any $LAB_HTTP_PORT (msg:"takes the bypass bit"; nfq_set_mark:0x40000080/0x40000080; sid:3;)
EOF
out=$("$QUELL_TOP_BUILDDIR/daemon/quelld" -T -c "$CONFIG" -S "$LAB_TMP/clash.rules" -l "$LAB_TMP" \
	--set nfq.mode=repeat --set nfq.repeat-mark=0x1 --set nfq.repeat-mask=0x1 2>&1) ||
	lab_fail "quelld -T fails on mark clashes (a warning, not an error, is expected): $out"
for want in "clash.rules:1: warning: sid 2: nfq_set_mark mask 0x1 overlaps nfq.repeat-mask 0x1" \
	"clash.rules:2: warning: sid 3: nfq_set_mark mask 0x40000080 overlaps nfq.bypass-mask 0x40000000"; do
	case "$out" in
	*"$want"*) ;;
	*) lab_fail "quelld -T does not warn '$want': $out" ;;
	esac
done
lab_log "ok: quelld -T warns about nfq_set_mark masks taking the repeat or bypass bit"

lab_start_httpd

# Mark counters in mangle POSTROUTING: after the filter verdict, as the
# packets leave the ips. No target: they only count. Each is named by a
# comment, which is how mangle_count finds it. Only forwarded packets
# count (source address not the ips' own): a packet the ips' kernel sends
# on behalf of a marked one (an IPv6 neighbour solicitation, seen on a
# loaded host) can carry that packet's mark without quell having
# verdicted it.
FWD='-m addrtype ! --src-type LOCAL'
for ipt in lab_ipt lab_ip6t; do
	icmp=icmp
	[ "$ipt" = lab_ip6t ] && icmp=ipv6-icmp
	# shellcheck disable=SC2086
	{
		"$ipt" -t mangle -A POSTROUTING $FWD $M80 -m comment --comment lab-m80 &&
			"$ipt" -t mangle -A POSTROUTING $FWD $M81 -m comment --comment lab-m81 &&
			"$ipt" -t mangle -A POSTROUTING $FWD $M01 -m comment --comment lab-m01 &&
			"$ipt" -t mangle -A POSTROUTING $FWD -p "$icmp" $M80 -m comment --comment lab-icmp-m80 &&
			"$ipt" -t mangle -A POSTROUTING $FWD -p "$icmp" -m comment --comment lab-icmp
	} || lab_fail "$ipt: cannot add the mangle POSTROUTING counters"
done

# mangle_count NAME: the counter of the POSTROUTING rule with comment
# lab-NAME (v4 + v6).
mangle_count() {
	local a b
	a=$(lab_ipt_counter -t mangle POSTROUTING "--comment lab-$1") || exit 1
	b=$(lab_ipt_counter -6 -t mangle POSTROUTING "--comment lab-$1") || exit 1
	printf '%s\n' "$((a + b))"
}

# traffic PHASE: NREQ GET /ok and 3 pings per family.
traffic() {
	local phase="$1" base dst i body
	for base in "http://$LAB_SERVER4:$LAB_HTTP_PORT" "http://[$LAB_SERVER6]:$LAB_HTTP_PORT"; do
		for ((i = 0; i < NREQ; i++)); do
			body=$(lab_client curl -sS -g --max-time 5 "$base/ok") || lab_fail "phase $phase: curl $base/ok failed"
			[ "$body" = "$LAB_HTTP_BODY" ] || lab_fail "phase $phase: body of $base/ok: '$body'"
		done
	done
	for dst in "$LAB_SERVER4" "$LAB_SERVER6"; do
		lab_client ping -q -n -c 3 -i 0.2 -W 2 "$dst" >/dev/null || lab_fail "phase $phase: ping $dst"
	done
	lab_log "ok: phase $phase: $NREQ x GET /ok and 3 pings per family"
}

# ---- phase A: accept mode
logA="$LAB_TMP/logA"
mkdir -p "$logA"
for ipt in lab_ipt lab_ip6t; do
	# shellcheck disable=SC2086
	"$ipt" -I FORWARD $RULE_A || lab_fail "$ipt: insert NFQUEUE rule"
done
lab_start_quelld -c "$CONFIG" -S "$LAB_TMP/mark.rules" -l "$logA" -q 0
traffic A
lab_settle_counter FORWARD "$RULE_A" || exit 1
lab_settle_counter -6 FORWARD "$RULE_A" || exit 1
lab_quiesce
rc=0
lab_stop_quelld || rc=$?
lab_assert_eq "phase A: quelld exit status after SIGTERM" 0 "$rc"
lab_eve_check "$logA/eve.json"
alertsA=$(lab_eve_alerts "$logA/eve.json" 1)
markedA=$(lab_final_stat "$logA/eve.json" .nfq.marked) || exit 1
m80=$(mangle_count m80) || exit 1
icmp80=$(mangle_count icmp-m80) || exit 1
icmp=$(mangle_count icmp) || exit 1
lab_log "phase A: alerts sid 1 $alertsA, stats.nfq.marked $markedA, packets leaving with 0x80: $m80" \
	"(ICMP $icmp80 of $icmp)"
lab_assert_eq "phase A: alerts for sid 1 (one per GET request)" "$((2 * NREQ))" "$alertsA"
lab_assert_eq "phase A: packets leaving with mark 0x80/0x80 vs alerts for sid 1" "$alertsA" "$m80"
lab_assert_eq "phase A: stats.nfq.marked vs alerts for sid 1" "$alertsA" "$markedA"
[ "$icmp" -gt 0 ] || lab_fail "phase A: no ICMP packet left the ips"
lab_assert_eq "phase A: ICMP packets leaving with mark 0x80/0x80" 0 "$icmp80"

# ---- phase B: repeat mode, both marks
for ipt in lab_ipt lab_ip6t; do
	# shellcheck disable=SC2086
	{
		"$ipt" -D FORWARD $RULE_A &&
			"$ipt" -I FORWARD $RULE_B &&
			"$ipt" -t mangle -Z POSTROUTING
	} || lab_fail "$ipt: cannot switch to the repeat-mode rules"
done
lab_unquiesce
logB="$LAB_TMP/logB"
mkdir -p "$logB"
lab_start_quelld -c "$CONFIG" -S "$LAB_TMP/mark.rules" -l "$logB" -q 0 \
	--set nfq.mode=repeat --set nfq.repeat-mark=0x1 --set nfq.repeat-mask=0x1
traffic B
lab_settle_counter FORWARD "$RULE_B" || exit 1
lab_settle_counter -6 FORWARD "$RULE_B" || exit 1
lab_quiesce
rc=0
lab_stop_quelld || rc=$?
lab_assert_eq "phase B: quelld exit status after SIGTERM" 0 "$rc"
lab_eve_check "$logB/eve.json"
alertsB=$(lab_eve_alerts "$logB/eve.json" 1)
s=$(lab_final_stat "$logB/eve.json" .nfq.packets .nfq.repeated .nfq.dropped) || exit 1
read -r packets repeated dropped <<<"$s"
m81=$(mangle_count m81) || exit 1
m80=$(mangle_count m80) || exit 1
m01=$(mangle_count m01) || exit 1
icmp80=$(mangle_count icmp-m80) || exit 1
icmp=$(mangle_count icmp) || exit 1
lab_log "phase B: alerts sid 1 $alertsB, quelld packets $packets repeated $repeated;" \
	"leaving with 0x81 $m81, 0x80 $m80, 0x1 $m01 (ICMP with 0x80: $icmp80 of $icmp)"
lab_assert_eq "phase B: alerts for sid 1 (one per GET request)" "$((2 * NREQ))" "$alertsB"
lab_assert_eq "phase B: packets leaving with both bits 0x81/0x81 vs alerts" "$alertsB" "$m81"
lab_assert_eq "phase B: packets leaving with 0x80/0x80 vs alerts" "$alertsB" "$m80"
lab_assert_eq "phase B: packets leaving with the repeat mark 0x1/0x1 vs stats.nfq.repeated" "$repeated" "$m01"
lab_assert_eq "phase B: repeated vs packets (nothing dropped)" "$packets" "$((repeated + dropped))"
[ "$icmp" -gt 0 ] || lab_fail "phase B: no ICMP packet left the ips"
lab_assert_eq "phase B: ICMP packets leaving with mark 0x80/0x80" 0 "$icmp80"
echo "PASS: nfq_set_mark marks exactly the matching packets, alone and with the repeat mark ($LAB_IPTABLES)"
