#!/usr/bin/env bash
# How bypassed flows end, in quelld (t_bypass.sh covers `conntrack -D`):
# - FIN: an IPv4 download bypassed by a `bypass` rule completes; its
#   conntrack entry dies after the FINs and quelld writes its final flow
#   record (reason "destroy") while it runs, exactly once, with inspected
#   plus bypassed packets equal to what the IPv4 FORWARD rules saw;
# - SIGTERM: an IPv6 download bypassed the same way is still running
#   when quelld stops; its record (reason "shutdown", exactly one) counts
#   what the IPv6 rules saw up to the stop, and its conntrack entry keeps
#   the mark (the next start restores it);
# - the final stats event counts both: 2 conntrack bypasses, 1 destroyed,
#   none active, none local; quelld exits 0.
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"
. "$QUELL_TOP_SRCDIR/tests/lab/bypass_lib.sh"

bypass_lab
printf '%s\n' "$BYPASS_RULE" >"$LAB_TMP/bypass.rules"
logdir="$LAB_TMP/log"
mkdir -p "$logdir"
eve="$logdir/eve.json"
lab_start_quelld -S "$LAB_TMP/bypass.rules" -l "$logdir" -q 0 --set bypass.poll-interval=1

FIN_SIZE=4000000
LIVE_SIZE=40000000
# The live one first, slow: it must outlast quelld.
download_start live "http://[$LAB_SERVER6]:$LAB_HTTP_PORT/big?bytes=$LIVE_SIZE" 1M
download_start fin "http://$LAB_SERVER4:$LAB_HTTP_PORT/big?bytes=$FIN_SIZE" 4M
wait_until 10 "no conntrack entry for the IPv6 download" have_ct_sport 6 "$LAB_CLIENT6"
live_sport=$(ct_sport 6 "$LAB_CLIENT6")
wait_until 10 "no conntrack entry for the IPv4 download" have_ct_sport 4 "$LAB_CLIENT4"
fin_sport=$(ct_sport 4 "$LAB_CLIENT4")
lab_log "downloads: IPv4 from port $fin_sport (ends by FIN), IPv6 from port $live_sport (alive at SIGTERM)"

download_check fin "$FIN_SIZE"
# After the FINs conntrack keeps the entry ~2 s, then its DESTROY event
# (or the next poll) makes the record.
wait_until 15 "no flow record for the finished IPv4 download while quelld runs" \
	have_flow_record "$eve" "$fin_sport" '.flow.bypassed != null'
q4=$(lab_ipt_counter FORWARD "$BYPASS_NFQ_RULE") || exit 1
b4=$(lab_ipt_counter FORWARD "$BYPASS_CM_RULE") || exit 1
rec=$(flow_records "$eve" "$fin_sport")
lab_assert_eq "flow records of the IPv4 download after its FIN" 1 "$(count_lines "$rec")"
lab_assert_eq "its reason" destroy "$(printf '%s' "$rec" | jq -r .flow.reason)"
total=$(printf '%s' "$rec" | jq '.flow.pkts_toserver + .flow.pkts_toclient + .flow.bypassed.pkts_toserver + .flow.bypassed.pkts_toclient')
near "IPv4: inspected + bypassed packets vs the FORWARD rules" "$total" $((q4 + b4)) 30
bbytes=$(printf '%s' "$rec" | jq .flow.bypassed.bytes_toclient)
[ "$bbytes" -gt $((FIN_SIZE * 8 / 10)) ] || lab_fail "IPv4: $bbytes bypassed bytes to the client, expected most of $FIN_SIZE"
[ "$(ctl_counter bypass.destroyed)" = 1 ] || lab_fail "quellctl counters: bypass.destroyed is not 1"

# The IPv6 download is still running and bypassed.
_lab_alive "${DL_PID[live]}" || lab_fail "the IPv6 download ended too early (raise LIVE_SIZE)"
lab_assert_eq "IPv6 entry marked in conntrack" 1 "$(ct_marked 6 "$live_sport")"
q6a=$(lab_ipt_counter -6 FORWARD "$BYPASS_NFQ_RULE") || exit 1
b6a=$(lab_ipt_counter -6 FORWARD "$BYPASS_CM_RULE") || exit 1
lab_stop_quelld_ok
q6b=$(lab_ipt_counter -6 FORWARD "$BYPASS_NFQ_RULE") || exit 1
b6b=$(lab_ipt_counter -6 FORWARD "$BYPASS_CM_RULE") || exit 1
_lab_alive "${DL_PID[live]}" || lab_fail "the IPv6 download ended before quelld stopped (raise LIVE_SIZE)"
lab_assert_eq "IPv6 entry still marked after the stop" 1 "$(ct_marked 6 "$live_sport")"
kill -TERM "${DL_PID[live]}" 2>/dev/null
wait "${DL_PID[live]}" 2>/dev/null

lab_eve_check "$eve"
lab_assert_eq "flow records of the IPv4 download in the end" 1 "$(count_lines "$(flow_records "$eve" "$fin_sport")")"
rec=$(flow_records "$eve" "$live_sport")
lab_assert_eq "flow records of the IPv6 download" 1 "$(count_lines "$rec")"
[ "$(printf '%s' "$rec" | jq '.flow.bypassed != null')" = true ] || lab_fail "the IPv6 record has no bypassed section: $rec"
lab_assert_eq "its reason" shutdown "$(printf '%s' "$rec" | jq -r .flow.reason)"
total=$(printf '%s' "$rec" | jq '.flow.pkts_toserver + .flow.pkts_toclient + .flow.bypassed.pkts_toserver + .flow.bypassed.pkts_toclient')
lab_log "IPv6: the FORWARD rules saw $((q6a + b6a)) packets before the stop, $((q6b + b6b)) after; the record counts $total"
if [ "$total" -lt $((q6a + b6a - 30)) ] || [ "$total" -gt $((q6b + b6b + 30)) ]; then
	lab_fail "IPv6: the shutdown record counts $total packets, the rules saw $((q6a + b6a))..$((q6b + b6b))"
fi
lab_log "ok: the shutdown record covers the IPv6 download up to the stop"

read -r conntrack destroyed active local requests < <(lab_final_stat "$eve" .bypass.conntrack .bypass.destroyed \
	.bypass.active .bypass.local .bypass.requests)
lab_assert_eq "final stats: bypass.requests" 2 "$requests"
lab_assert_eq "final stats: bypass.conntrack" 2 "$conntrack"
lab_assert_eq "final stats: bypass.destroyed" 1 "$destroyed"
lab_assert_eq "final stats: bypass.active" 0 "$active"
lab_assert_eq "final stats: bypass.local" 0 "$local"
echo "PASS: a bypassed flow ending by FIN and one alive at SIGTERM each get exactly one record"
