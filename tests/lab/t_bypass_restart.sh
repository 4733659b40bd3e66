#!/usr/bin/env bash
# quelld restarted in the middle of a bypassed download (bypass.restore
# on, the default). A `bypass` rule bypasses a rate-limited download;
# quelld is stopped with SIGTERM and started again while it runs. The
# second quelld reads the marked conntrack entry back (bypass-list shows
# it "restored", bypass.restored = 1); the flow stays bypassed throughout
# (the NFQUEUE rule counter stays flat from the bypass to the end, the
# connmark ACCEPT counter grows); the download completes with the right
# checksum; and eve.json of the two runs accounts for it as
# bypass.restart-accounting documents:
#   split (default; IPv4 here): run 1 writes one "shutdown" record for
#     it, run 2 one "destroy" record (after the FIN) counting only what
#     passed since the restart: together they count no packet twice (at
#     most what the FORWARD rules saw) and lose at most what passed
#     from the SIGTERM to the restore (by the connmark counter);
#   whole (IPv6 here): run 1 writes no record for it, run 2 exactly one,
#     with conntrack's totals of the whole connection (what the FORWARD
#     rules saw, inspected part included).
# Both quelld runs exit 0.
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"
. "$QUELL_TOP_SRCDIR/tests/lab/bypass_lib.sh"

SIZE=16000000
RATE=2M
# Packets either side of a comparison with the FORWARD rules: the
# handshake's first packets, final ACKs in flight.
SLACK=30

bypass_lab
printf '%s\n' "$BYPASS_RULE" >"$LAB_TMP/bypass.rules"

# is_marked FAMILY SPORT: conntrack's entry carries the bypass mark.
is_marked() {
	[ "$(ct_marked "$1" "$2")" = 1 ]
}

# record_total RECORD: inspected plus bypassed packets of an eve flow record.
record_total() {
	printf '%s' "$1" | jq '.flow.pkts_toserver + .flow.pkts_toclient +
		(.flow.bypassed.pkts_toserver // 0) + (.flow.bypassed.pkts_toclient // 0)'
}

# restart_phase MODE FAMILY: one download, one restart, checked as above.
restart_phase() {
	local mode="$1" fam="$2" client url sport v=() log1 log2 rc
	local q_mid q_end b_mid b_stop b_start b_end list rec1 rec2 n1 n2 sum
	if [ "$fam" = 4 ]; then
		client=$LAB_CLIENT4
		url="http://$LAB_SERVER4:$LAB_HTTP_PORT/big?bytes=$SIZE"
	else
		client=$LAB_CLIENT6
		url="http://[$LAB_SERVER6]:$LAB_HTTP_PORT/big?bytes=$SIZE"
		v=(-6)
	fi
	log1="$LAB_TMP/$mode.run1"
	log2="$LAB_TMP/$mode.run2"
	mkdir -p "$log1" "$log2"
	lab_log "---- restart accounting $mode, IPv$fam"
	lab_start_quelld -S "$LAB_TMP/bypass.rules" -l "$log1" -q 0 \
		--set bypass.poll-interval=1 --set "bypass.restart-accounting=$mode"
	download_start "$mode" "$url" "$RATE"
	wait_until 10 "no conntrack entry for the IPv$fam download" have_ct_sport "$fam" "$client"
	sport=$(ct_sport "$fam" "$client")
	wait_until 10 "quelld did not mark the download's conntrack entry" is_marked "$fam" "$sport"
	# Some bypassed traffic before the stop.
	sleep 1
	q_mid=$(lab_ipt_counter "${v[@]}" FORWARD "$BYPASS_NFQ_RULE") || exit 1
	b_mid=$(lab_ipt_counter "${v[@]}" FORWARD "$BYPASS_CM_RULE") || exit 1
	rc=0
	lab_stop_quelld || rc=$?
	lab_assert_eq "$mode: run 1 exit status after SIGTERM" 0 "$rc"
	b_stop=$(lab_ipt_counter "${v[@]}" FORWARD "$BYPASS_CM_RULE") || exit 1
	_lab_alive "${DL_PID[$mode]}" || lab_fail "$mode: the download ended before the restart (raise SIZE)"
	lab_assert_eq "$mode: entry still marked while no quelld runs" 1 "$(ct_marked "$fam" "$sport")"

	lab_start_quelld -S "$LAB_TMP/bypass.rules" -l "$log2" -q 0 \
		--set bypass.poll-interval=1 --set "bypass.restart-accounting=$mode"
	b_start=$(lab_ipt_counter "${v[@]}" FORWARD "$BYPASS_CM_RULE") || exit 1
	lab_log "$mode: connmark ACCEPT counter $b_mid before the stop, $b_stop after it, $b_start once run 2 restored"
	list=$(ctl bypass-list) || lab_fail "bypass-list failed: $list"
	lab_log "$mode: run 2 bypass-list: $list"
	lab_assert_eq "$mode: run 2 bypass-list: restored flows from port $sport" 1 \
		"$(printf '%s' "$list" | jq --argjson sp "$sport" '[.message.flows[] | select(.src_port == $sp and .restored)] | length')"
	lab_assert_eq "$mode: run 2 bypass.restored" 1 "$(ctl_counter bypass.restored)"
	_lab_alive "${DL_PID[$mode]}" || lab_fail "$mode: the download ended before run 2 started (raise SIZE)"

	download_check "$mode" "$SIZE"
	wait_until 15 "$mode: run 2 wrote no record after the download's FIN" \
		have_flow_record "$log2/eve.json" "$sport"
	rc=0
	lab_stop_quelld || rc=$?
	lab_assert_eq "$mode: run 2 exit status after SIGTERM" 0 "$rc"
	q_end=$(lab_ipt_counter "${v[@]}" FORWARD "$BYPASS_NFQ_RULE") || exit 1
	b_end=$(lab_ipt_counter "${v[@]}" FORWARD "$BYPASS_CM_RULE") || exit 1
	lab_log "$mode: NFQUEUE rule $q_mid packets after the bypass, $q_end at the end; connmark ACCEPT $b_end"
	[ $((q_end - q_mid)) -le 2 ] || lab_fail "$mode: the NFQUEUE counter grew after the bypass: $q_mid -> $q_end"
	[ "$b_end" -gt $((b_start + 50)) ] ||
		lab_fail "$mode: the connmark ACCEPT counter grew only from $b_start to $b_end after the restart"
	lab_log "ok: $mode: the flow stayed bypassed across the restart"

	lab_eve_check "$log1/eve.json"
	lab_eve_check "$log2/eve.json"
	rec1=$(flow_records "$log1/eve.json" "$sport")
	rec2=$(flow_records "$log2/eve.json" "$sport")
	n1=$(count_lines "$rec1")
	n2=$(count_lines "$rec2")
	lab_log "$mode: run 1 record: $rec1"
	lab_log "$mode: run 2 record: $rec2"
	lab_assert_eq "$mode: run 2 records of the download" 1 "$n2"
	lab_assert_eq "$mode: run 2 record reason" destroy "$(printf '%s' "$rec2" | jq -r .flow.reason)"
	[ "$(printf '%s' "$rec2" | jq '.flow.bypassed != null')" = true ] || lab_fail "$mode: run 2 record has no bypassed section"
	lab_assert_eq "$mode: run 2 final bypass.restored" 1 "$(lab_final_stat "$log2/eve.json" .bypass.restored)"
	lab_assert_eq "$mode: run 2 final bypass.destroyed" 1 "$(lab_final_stat "$log2/eve.json" .bypass.destroyed)"
	case "$mode" in
	split)
		lab_assert_eq "split: run 1 records of the download" 1 "$n1"
		lab_assert_eq "split: run 1 record reason" shutdown "$(printf '%s' "$rec1" | jq -r .flow.reason)"
		sum=$(($(record_total "$rec1") + $(record_total "$rec2")))
		lab_log "split: run 1 + run 2 count $sum packets; the FORWARD rules saw $((q_end + b_end)), $((b_start - b_mid)) of them from the SIGTERM to the restore"
		[ "$sum" -le $((q_end + b_end + SLACK)) ] ||
			lab_fail "split: packets counted twice: the records sum to $sum, the rules saw $((q_end + b_end))"
		[ "$sum" -ge $((q_end + b_end - (b_start - b_mid) - SLACK)) ] ||
			lab_fail "split: packets lost: the records sum to $sum, the rules saw $((q_end + b_end)) ($((b_start - b_mid)) during the restart)"
		lab_log "ok: split: no packet counted twice, none lost beyond the restart gap"
		[ "$(printf '%s' "$rec2" | jq .flow.bypassed.bytes_toclient)" -gt $((SIZE / 4)) ] ||
			lab_fail "split: run 2 counts too little of the download after the restart: $rec2"
		;;
	whole)
		lab_assert_eq "whole: run 1 records of the download (handed over)" 0 "$n1"
		near "whole: run 2's record vs the FORWARD rules (the whole connection)" \
			"$(record_total "$rec2")" $((q_end + b_end)) "$SLACK"
		;;
	esac
}

restart_phase split 4
restart_phase whole 6
echo "PASS: a bypassed download survives a quelld restart, stays bypassed and is accounted once (split and whole)"
