#!/usr/bin/env bash
# The bypass table cap in quelld: bypass.max-flows=2 and six parallel
# downloads from six client addresses, each bypassed by a `bypass` rule
# on its first response. Two take the table's slots (conntrack bypass,
# bypass-list shows 2); the other four fall back to local (software)
# bypass: counted (stats.bypass.table_full and .local = 4), still
# queued, accepted without inspection. Every download completes with the
# right checksum; once they ended (FIN) the table is empty again
# (bypass-list count 0, bypass.active 0), and a second wave of two
# downloads gets both slots (no slot leaked). Every packet that met the
# NFQUEUE rules is accounted for, exactly (kernel id_sequence =
# stats.nfq.packets + user_dropped + kernel.failopen, failopen +
# user_dropped = the queue socket's drops; rule counters = id_sequence +
# queue_dropped + what a full queue refused, logged with failopen as
# passed uninspected), and
# eve.json has exactly one flow record with a bypassed section per
# download; quelld exits 0.
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"
. "$QUELL_TOP_SRCDIR/tests/lab/bypass_lib.sh"

NFLOWS=6
CAP=2
SIZE=6000000
RATE=1M

bypass_lab
lab_add_client_addrs "$NFLOWS"
printf '%s\n' "$BYPASS_RULE" >"$LAB_TMP/bypass.rules"
logdir="$LAB_TMP/log"
mkdir -p "$logdir"
eve="$logdir/eve.json"
lab_start_quelld -S "$LAB_TMP/bypass.rules" -l "$logdir" -q 0 \
	--set bypass.poll-interval=1 --set "bypass.max-flows=$CAP"

# bypass_list_count: flows in quelld's bypass table.
bypass_list_count() {
	local out
	out=$(ctl bypass-list) || lab_fail "bypass-list failed: $out"
	printf '%s' "$out" | jq -r .message.count
}

# table_empty: bypass-list and bypass.active both say 0.
table_empty() {
	[ "$(bypass_list_count)" = 0 ] && [ "$(ctl_counter bypass.active)" = 0 ]
}

# counter_is NAME VALUE
counter_is() {
	[ "$(ctl_counter "$1")" = "$2" ]
}

# wave NAME FROM N: N parallel downloads from the extra client addresses
# FROM.. ; records each source address and port in SOURCES.
SOURCES=()
wave() {
	local name="$1" from="$2" n="$3" i a
	for ((i = from; i < from + n; i++)); do
		download_start "$name$i" "http://$LAB_SERVER4:$LAB_HTTP_PORT/big?bytes=$SIZE" "$RATE" \
			--interface "${LAB_CLIENT4_EXTRA[$i]}"
	done
	for ((i = from; i < from + n; i++)); do
		a="${LAB_CLIENT4_EXTRA[$i]}"
		wait_until 10 "no conntrack entry for the download from $a" have_ct_sport 4 "$a"
		SOURCES+=("$a $(ct_sport 4 "$a")")
	done
}

wave first 0 "$NFLOWS"
wait_until 10 "the $CAP slots of the bypass table were not taken" \
	counter_is bypass.requests "$CAP"
wait_until 10 "bypass.local did not reach $((NFLOWS - CAP))" counter_is bypass.local $((NFLOWS - CAP))
lab_assert_eq "bypass-list count at the cap" "$CAP" "$(bypass_list_count)"
lab_assert_eq "bypass.table_full" $((NFLOWS - CAP)) "$(ctl_counter bypass.table_full)"
lab_assert_eq "bypass.conntrack" "$CAP" "$(ctl_counter bypass.conntrack)"
lab_assert_eq "entries marked in conntrack" "$CAP" \
	"$(lab_ips conntrack -L -p tcp --dport "$LAB_HTTP_PORT" --mark "$BYPASS_MARK/$BYPASS_MARK" 2>/dev/null | grep -c sport=)"
for ((i = 0; i < NFLOWS; i++)); do
	download_check "first$i" "$SIZE"
done
wait_until 15 "the bypass table did not empty after the downloads ended" table_empty
lab_log "ok: the bypass table is empty again"

wave second 0 "$CAP"
wait_until 10 "the second wave was not bypassed by conntrack (a slot leaked?)" \
	counter_is bypass.conntrack $((2 * CAP))
lab_assert_eq "bypass.table_full after the second wave" $((NFLOWS - CAP)) "$(ctl_counter bypass.table_full)"
for ((i = 0; i < CAP; i++)); do
	download_check "second$i" "$SIZE"
done
wait_until 15 "the bypass table did not empty after the second wave" table_empty
lab_log "ok: the bypass table is empty again"

lab_quiesce
k0=$(lab_queue_kernel 0) || exit 1
q4=$(lab_ipt_counter FORWARD "$BYPASS_NFQ_RULE") || exit 1
q6=$(lab_ipt_counter -6 FORWARD "$BYPASS_NFQ_RULE") || exit 1
lab_stop_quelld_ok
lab_eve_check "$eve"
lab_assert_queue_accounting 0 "$k0" "$eve"
refused=$((q4 + q6 - LAB_QUEUE_SEQ - LAB_QUEUE_QDROP))
[ "$refused" -ge 0 ] || lab_fail "NFQUEUE rule packets $((q4 + q6)) < id_sequence $LAB_QUEUE_SEQ + queue_dropped $LAB_QUEUE_QDROP"
lab_log "ok: uninspected: $LAB_QUEUE_FAILOPEN accepted by fail-open after taking an id, $refused refused by the full queue"
read -r local full conntrack destroyed active < <(lab_final_stat "$eve" .bypass.local .bypass.table_full \
	.bypass.conntrack .bypass.destroyed .bypass.active)
lab_assert_eq "final bypass.local" $((NFLOWS - CAP)) "$local"
lab_assert_eq "final bypass.table_full" $((NFLOWS - CAP)) "$full"
lab_assert_eq "final bypass.conntrack" $((2 * CAP)) "$conntrack"
lab_assert_eq "final bypass.destroyed" $((2 * CAP)) "$destroyed"
lab_assert_eq "final bypass.active" 0 "$active"
for s in "${SOURCES[@]}"; do
	read -r addr sport <<<"$s"
	recs=$(flow_records "$eve" "$sport" ".src_ip == \"$addr\" and .flow.bypassed != null")
	lab_assert_eq "flow records of the download from $addr:$sport with a bypassed section" 1 "$(count_lines "$recs")"
done
echo "PASS: past bypass.max-flows flows are bypassed locally, counted, and the table drains to 0"
