#!/usr/bin/env bash
# quelld refuses to start on a queue another program holds, says which
# queue and why, and leaves nothing behind:
# - bench/nfq_baseline holds queue 0 in the ips (an NFQUEUE rule without
#   --queue-bypass sends forwarded traffic to it);
# - `quelld -q 1 -q 0` (queue 1 is free and bound first) exits non-zero
#   within 5 s, with an error naming queue 0 as already bound by another
#   program (and not blaming a missing capability: the test runs as root);
#   the same for `quelld -q 0`;
# - afterwards queue 1 is not bound, queue 0 is still the baseline's (same
#   netlink portid), and traffic still flows through the baseline.
# shellcheck disable=SC2016,SC2119 # awk/jq programs in single quotes; optional helper args
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"

CONFIG="$QUELL_TOP_SRCDIR/etc/quell.yaml"
BASELINE="$QUELL_TOP_BUILDDIR/bench/nfq_baseline"
QUELLD="$QUELL_TOP_BUILDDIR/daemon/quelld"
RULE='-j NFQUEUE --queue-num 0'
WANT='queue 0: already bound by another program'

lab_require
[ -x "$QUELLD" ] || lab_fail "daemon/quelld is not built in $QUELL_TOP_BUILDDIR"
[ -x "$BASELINE" ] || lab_fail "$BASELINE is not built"
lab_setup

: >"$LAB_TMP/empty.rules"
lab_start_httpd
# shellcheck disable=SC2086
lab_ipt -I FORWARD $RULE || lab_fail "insert IPv4 NFQUEUE rule"
lab_start_nfq baseline "$BASELINE" -q 0
holder=$(lab_bound_queues)
lab_log "bound before: $holder"
body=$(lab_client curl -sS --max-time 5 "http://$LAB_SERVER4:$LAB_HTTP_PORT/ok") ||
	lab_fail "curl /ok through the baseline failed"
lab_assert_eq "body of /ok through the baseline" "$LAB_HTTP_BODY" "$body"

for qargs in "-q 1 -q 0" "-q 0"; do
	logdir="$LAB_TMP/log${qargs// /}"
	mkdir -p "$logdir"
	t0=$EPOCHREALTIME
	rc=0
	# Its own control socket (as lab_start_quelld gives one): another
	# quelld on the machine answering on the default path made it stop
	# on that before it ever tried queue 0.
	# shellcheck disable=SC2086 # $qargs is a list of arguments
	lab_ips timeout 10 "$QUELLD" -c "$CONFIG" -S "$LAB_TMP/empty.rules" -l "$logdir" $qargs \
		--set "unix-command.filename=$LAB_TMP/quelld.socket" \
		>"$LAB_TMP/quelld.out" 2>"$LAB_TMP/quelld-busy.log" || rc=$?
	secs=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
	err=$(cat "$LAB_TMP/quelld-busy.log")
	lab_log "quelld $qargs: exit status $rc after $secs s: $err"
	[ "$rc" != 0 ] || lab_fail "quelld $qargs started although queue 0 is taken"
	[ "$rc" != 124 ] || lab_fail "quelld $qargs was still running after 10 s"
	awk -v s="$secs" 'BEGIN { exit !(s < 5) }' || lab_fail "quelld $qargs took $secs s to give up"
	case "$err" in
	*"$WANT"*) ;;
	*) lab_fail "quelld $qargs: expected an error containing '$WANT', got: $err" ;;
	esac
	case "$err" in
	*CAP_NET_ADMIN*) lab_fail "quelld $qargs blames a missing capability although it runs as root: $err" ;;
	esac
	lab_log "ok: quelld $qargs refused queue 0 with '$WANT'"
	lab_assert_eq "queues bound after quelld $qargs gave up (queue:portid)" "$holder" "$(lab_bound_queues)"
done

# The baseline still owns queue 0 and verdicts the traffic.
body=$(lab_client curl -sS --max-time 5 "http://$LAB_SERVER4:$LAB_HTTP_PORT/ok") ||
	lab_fail "curl /ok through the baseline failed after quelld's attempts"
lab_assert_eq "body of /ok through the baseline afterwards" "$LAB_HTTP_BODY" "$body"
lab_settle_counter FORWARD "$RULE" || exit 1
lab_quiesce
rc=0
lab_stop baseline || rc=$?
lab_assert_eq "nfq_baseline exit status" 0 "$rc"
n=$(lab_ipt_counter FORWARD "$RULE") || exit 1
verdicted=$(awk '$1 == "verdicted" { print $2 }' "$LAB_TMP/baseline.out")
lab_assert_eq "packets queued vs verdicted by the baseline" "$n" "$verdicted"
echo "PASS: quelld refuses a queue another program holds and leaves it alone ($LAB_IPTABLES)"
