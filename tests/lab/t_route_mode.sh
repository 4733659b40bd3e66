#!/usr/bin/env bash
# nfq.mode=route: quelld on queue 0 hands every packet it accepts to queue 5
# (NF_QUEUE), where a second NFQ program verdicts it; with nothing on queue 5
# (nfq.route-bypass, default yes) packets pass instead of vanishing.
# Phase 1, bench/nfq_baseline on queue 5:
# - GET /ok (IPv4, IPv6), a 1 MB download (checksummed) and ping work;
# - every packet went through both programs: in quelld's stats event
#   written after the phase, exactly, kernel id_sequence of queue 0 ==
#   stats.nfq.routed + user_dropped + kernel.failopen (packets the kernel
#   accepted by fail-open, the socket being full: never routed), and
#   NFQUEUE rule counters >= id_sequence of queue 0 (the difference: a
#   full queue refused them), both logged as passed uninspected;
#   stats.nfq.routed == id_sequence of queue 5 == what the baseline says
#   it verdicted.
# Phase 2, the baseline stopped (queue 5 unbound):
# - GET /ok and ping still work;
# - quelld's final stats: routed == packets, accepted 0, dropped 0, and
#   every packet of both phases accounted for: id_sequence of queue 0 ==
#   packets + user_dropped + kernel.failopen (= the socket's drops), NFQUEUE
#   rule counters == id_sequence + what a full queue refused (>= 0).
# shellcheck disable=SC2016,SC2119 # awk/jq programs in single quotes; optional helper args
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"

CONFIG="$QUELL_TOP_SRCDIR/etc/quell.yaml"
BASELINE="$QUELL_TOP_BUILDDIR/bench/nfq_baseline"
RULE='-j NFQUEUE --queue-num 0 --queue-bypass'
BIG=1000000

lab_require
[ -x "$QUELL_TOP_BUILDDIR/daemon/quelld" ] || lab_fail "daemon/quelld is not built in $QUELL_TOP_BUILDDIR"
[ -x "$BASELINE" ] || lab_fail "$BASELINE is not built"
lab_setup

: >"$LAB_TMP/empty.rules"
logdir="$LAB_TMP/log"
mkdir -p "$logdir"
eve="$logdir/eve.json"

lab_start_httpd
lab_server "$LAB_PYTHON" "$QUELL_TOP_SRCDIR/tests/lab/httpd.py" --print-big "$BIG" >"$LAB_TMP/big.expected" ||
	lab_fail "httpd.py --print-big"
big_sum=$(sha256sum <"$LAB_TMP/big.expected" | awk '{ print $1 }')
# shellcheck disable=SC2086
lab_ipt -I FORWARD $RULE || lab_fail "insert IPv4 NFQUEUE rule"
# shellcheck disable=SC2086
lab_ip6t -I FORWARD $RULE || lab_fail "insert IPv6 NFQUEUE rule"
lab_start_nfq baseline "$BASELINE" -q 5
lab_start_quelld -c "$CONFIG" -S "$LAB_TMP/empty.rules" -l "$logdir" -q 0 \
	--set nfq.mode=route --set nfq.route-queue=5 --set stats.interval=1

# ---- phase 1: a consumer on queue 5
for base in "http://$LAB_SERVER4:$LAB_HTTP_PORT" "http://[$LAB_SERVER6]:$LAB_HTTP_PORT"; do
	body=$(lab_client curl -sS -g --max-time 5 "$base/ok") || lab_fail "curl $base/ok failed"
	lab_assert_eq "phase 1: body of $base/ok" "$LAB_HTTP_BODY" "$body"
	got=$(lab_client curl -sS -g --max-time 10 "$base/big?bytes=$BIG" | sha256sum | awk '{ print $1 }')
	lab_assert_eq "phase 1: sha256 of $base/big?bytes=$BIG" "$big_sum" "$got"
done
for dst in "$LAB_SERVER4" "$LAB_SERVER6"; do
	lab_client ping -q -n -c 3 -i 0.2 -W 2 "$dst" >/dev/null || lab_fail "phase 1: ping $dst"
done
lab_log "ok: phase 1 traffic passed quelld and the baseline"

lab_settle_counter FORWARD "$RULE" || exit 1
lab_settle_counter -6 FORWARD "$RULE" || exit 1
lab_quiesce
n1=$(( $(lab_ipt_counter FORWARD "$RULE") + $(lab_ipt_counter -6 FORWARD "$RULE") )) || exit 1
seq0=$(lab_queue_stat 0 id_sequence) || exit 1
seq5=$(lab_queue_stat 5 id_sequence) || exit 1
drop5=$(( $(lab_queue_stat 5 queue_dropped) + $(lab_queue_stat 5 user_dropped) )) || exit 1
# A stats event written after the phase ended (stats.interval=1).
lines=$(wc -l <"$eve")
for ((i = 0; i < 40; i++)); do
	sleep 0.1
	[ "$(tail -n +"$((lines + 1))" "$eve" | jq -r 'select(.event_type == "stats") | 1' | wc -l)" -ge 1 ] && break
done
ev1=$(tail -n +"$((lines + 1))" "$eve" | jq -c 'select(.event_type == "stats")' | tail -n 1)
routed1=$(jq -r '.stats.nfq.routed' <<<"$ev1")
fo1=$(jq -r '.stats.nfq.queue0.kernel.failopen' <<<"$ev1")
ud1=$(jq -r '.stats.nfq.queue0.kernel.user_dropped' <<<"$ev1")
rc=0
lab_stop baseline || rc=$?
lab_assert_eq "nfq_baseline exit status" 0 "$rc"
verdicted=$(awk '$1 == "verdicted" { print $2 }' "$LAB_TMP/baseline.out")
lab_log "phase 1: NFQUEUE rules $n1, id_sequence queue 0 $seq0 queue 5 $seq5," \
	"baseline verdicted ${verdicted:-?}, quelld routed ${routed1:-?} kernel.failopen ${fo1:-?}"
[ "$n1" -gt 0 ] || lab_fail "phase 1: no packets were queued"
lab_assert_eq "phase 1: id_sequence of queue 0 = routed + user_dropped + kernel.failopen" \
	"$seq0" "$((routed1 + ud1 + fo1))"
[ "$n1" -ge "$seq0" ] || lab_fail "phase 1: NFQUEUE rule counters $n1 < id_sequence of queue 0 $seq0"
lab_log "ok: phase 1: uninspected: $fo1 accepted by fail-open, $((n1 - seq0)) refused by the full queue"
lab_assert_eq "phase 1: kernel id_sequence of queue 5 vs quelld routed" "$routed1" "$seq5"
lab_assert_eq "phase 1: packets the kernel dropped on queue 5" 0 "$drop5"
lab_assert_eq "phase 1: baseline verdicted vs kernel id_sequence of queue 5" "$seq5" "$verdicted"
lab_assert_eq "phase 1: quelld stats.nfq.routed vs baseline verdicted" "$verdicted" "$routed1"

# ---- phase 2: nothing on queue 5; route-bypass lets packets pass
lab_assert_eq "queue 5 bound after the baseline stopped" unbound "$(lab_queue_stat 5 portid)"
lab_unquiesce
for base in "http://$LAB_SERVER4:$LAB_HTTP_PORT" "http://[$LAB_SERVER6]:$LAB_HTTP_PORT"; do
	body=$(lab_client curl -sS -g --max-time 5 "$base/ok") || lab_fail "phase 2: curl $base/ok failed"
	lab_assert_eq "phase 2 (no consumer on queue 5): body of $base/ok" "$LAB_HTTP_BODY" "$body"
done
for dst in "$LAB_SERVER4" "$LAB_SERVER6"; do
	lab_client ping -q -n -c 3 -i 0.2 -W 2 "$dst" >/dev/null || lab_fail "phase 2: ping $dst"
done
lab_log "ok: phase 2 traffic passed with nothing on queue 5"

lab_settle_counter FORWARD "$RULE" || exit 1
lab_settle_counter -6 FORWARD "$RULE" || exit 1
lab_quiesce
k0=$(lab_queue_kernel 0) || exit 1
lab_stop_quelld_ok

lab_eve_check "$eve"
s=$(lab_final_stat "$eve" .nfq.packets .nfq.routed .nfq.accepted .nfq.dropped .nfq.verdict_errors) || exit 1
read -r packets routed accepted dropped verrors <<<"$s"
n=$(( $(lab_ipt_counter FORWARD "$RULE") + $(lab_ipt_counter -6 FORWARD "$RULE") )) || exit 1
lab_log "both phases: NFQUEUE rules $n; quelld packets $packets routed $routed accepted $accepted dropped $dropped"
[ "$n" -gt "$n1" ] || lab_fail "phase 2: no packets were queued"
lab_assert_queue_accounting 0 "$k0" "$eve"
refused=$((n - LAB_QUEUE_SEQ - LAB_QUEUE_QDROP))
[ "$refused" -ge 0 ] || lab_fail "NFQUEUE rule counters $n < id_sequence $LAB_QUEUE_SEQ + queue_dropped $LAB_QUEUE_QDROP"
lab_log "ok: uninspected: $LAB_QUEUE_FAILOPEN accepted by fail-open after taking an id, $refused refused by the full queue"
lab_assert_eq "stats.nfq.routed vs stats.nfq.packets" "$packets" "$routed"
lab_assert_eq "stats.nfq.accepted + dropped in route mode" 0 "$((accepted + dropped))"
lab_assert_eq "verdict errors" 0 "$verrors"
echo "PASS: route mode hands every packet to queue 5, and bypasses it when nothing listens ($LAB_IPTABLES)"
