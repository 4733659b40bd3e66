#!/usr/bin/env bash
# Route chaining two quelld side by side, as doc/operations.md's recipe:
# quelld A reads queue 0 in nfq.mode route and hands what it accepts to
# queue 1, where quelld B reads. The two configurations differ only in
# their nfq: section; neither sets a control socket, pidfile or instance
# name, and both write the same log directory.
# - both start: each gets its own control socket (quell-q0.socket,
#   quell-q1.socket in the run directory), quellctl -I reaches each, and
#   quellctl without -I refuses to guess between them;
# - A third quelld told to be instance q1 stops with an error naming
#   unix-command.filename and --instance;
# - traffic: GET /ok passes both (A alerts on it), GET /attack is dropped
#   by B (B alerts, blocked), ping passes;
# - the shared eve.json holds whole JSON lines of both, A's alerts with
#   quell.queue 0, B's with queue 1; B saw every packet A routed.
# The run directory is $RUNTIME_DIRECTORY (as systemd's RuntimeDirectory=
# sets it), the test's own, so parallel test runs do not meet.
# shellcheck disable=SC2016,SC2119
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"

QUELLD="$QUELL_TOP_BUILDDIR/daemon/quelld"
QUELLCTL="$QUELL_TOP_BUILDDIR/daemon/quellctl"
RULE='-j NFQUEUE --queue-num 0 --queue-bypass'

lab_require
[ -x "$QUELLD" ] && [ -x "$QUELLCTL" ] || lab_fail "daemon/quelld and daemon/quellctl must be built"
lab_setup

export RUNTIME_DIRECTORY="$LAB_TMP/run"
mkdir -p "$RUNTIME_DIRECTORY"
logdir="$LAB_TMP/log"
mkdir -p "$logdir"
eve="$logdir/eve.json"
cat >"$LAB_TMP/a.yaml" <<'YAML'
nfq:
  queues: [0]
  mode: route
  route-queue: 1
YAML
cat >"$LAB_TMP/b.yaml" <<'YAML'
nfq:
  queues: [1]
YAML
cat >"$LAB_TMP/a.rules" <<'RULES'
alert tcp any any -> any any (msg:"A saw GET /ok"; flow:to_server; content:"GET /ok"; sid:101; rev:1;)
RULES
cat >"$LAB_TMP/b.rules" <<'RULES'
drop tcp any any -> any any (msg:"B drops /attack"; flow:to_server; content:"/attack"; sid:202; rev:1;)
RULES

lab_start_httpd
# shellcheck disable=SC2086
lab_ipt -I FORWARD $RULE || lab_fail "insert the NFQUEUE rule"
# Queue 1 first: A's routed packets need a reader (else route-bypass
# accepts them unseen).
lab_start_nfq quelldB "$QUELLD" -c "$LAB_TMP/b.yaml" -S "$LAB_TMP/b.rules" -l "$logdir" -q 1
lab_start_nfq quelldA "$QUELLD" -c "$LAB_TMP/a.yaml" -S "$LAB_TMP/a.rules" -l "$logdir" -q 0

for q in 0 1; do
	[ -S "$RUNTIME_DIRECTORY/quell-q$q.socket" ] ||
		lab_fail "no control socket quell-q$q.socket in the run directory: $(ls "$RUNTIME_DIRECTORY")"
	out=$(lab_ips "$QUELLCTL" -I "q$q" running-config 2>&1) || lab_fail "quellctl -I q$q: $out"
	case "$out" in
	*"queues"*"$q"*) ;;
	*) lab_fail "quellctl -I q$q reached a quelld without queue $q: $out" ;;
	esac
done
lab_log "ok: two control sockets, quellctl -I reaches each"
rc=0
out=$(lab_ips "$QUELLCTL" version 2>&1) || rc=$?
lab_assert_eq "quellctl without -I, two instances: exit status" 2 "$rc"
case "$out" in
*"-I NAME"*q0*q1* | *"-I NAME"*q1*q0* | *q0*q1*"-I NAME"* | *q1*q0*"-I NAME"*) ;;
*) lab_fail "quellctl without -I did not list the instances: $out" ;;
esac

# A third quelld claiming instance q1 (on a free queue) must refuse.
rc=0
out=$(lab_ips timeout 20 "$QUELLD" -c "$LAB_TMP/b.yaml" -S "$LAB_TMP/b.rules" -l "$LAB_TMP" \
	-q 7 --instance q1 2>&1) || rc=$?
[ "$rc" != 0 ] || lab_fail "a second quelld on quell-q1.socket started"
case "$out" in
*error*unix-command.filename*"--instance NAME"*) lab_log "ok: the clash names the key: $(printf '%s' "$out" | grep unix-command | head -n 1)" ;;
*) lab_fail "the socket clash does not name unix-command.filename and --instance: $out" ;;
esac

base="http://$LAB_SERVER4:$LAB_HTTP_PORT"
body=$(lab_client curl -sS --max-time 5 "$base/ok") || lab_fail "curl $base/ok through A and B failed"
lab_assert_eq "body of /ok through both" "$LAB_HTTP_BODY" "$body"
rc=0
lab_client curl -sS --max-time 3 -o /dev/null "$base/attack" 2>/dev/null || rc=$?
lab_assert_eq "curl /attack (dropped by B): curl status" 28 "$rc"
lab_client ping -q -n -c 3 -i 0.2 -W 2 "$LAB_SERVER4" >/dev/null || lab_fail "ping through A and B"

lab_quiesce
rc=0
lab_stop quelldA || rc=$?
lab_assert_eq "quelld A exit status" 0 "$rc"
rc=0
lab_stop quelldB || rc=$?
lab_assert_eq "quelld B exit status" 0 "$rc"

lab_eve_check "$eve"
a=$(lab_eve_alerts "$eve" 101 '.quell.queue == 0')
b=$(lab_eve_alerts "$eve" 202 '.quell.queue == 1 and .alert.action == "blocked"')
[ "$a" -ge 1 ] || lab_fail "no alert of A (sid 101, queue 0) in the shared eve.json"
[ "$b" -ge 1 ] || lab_fail "no blocked alert of B (sid 202, queue 1) in the shared eve.json"
lab_log "ok: shared eve.json: $a alert(s) of A, $b of B"
routed=$(jq -s -r '[.[] | select(.event_type == "stats" and .stats.nfq.queue0 != null)] | last | .stats.nfq.routed' "$eve")
seen=$(jq -s -r '[.[] | select(.event_type == "stats" and .stats.nfq.queue1 != null)] | last | .stats.nfq.packets' "$eve")
[ "$routed" -gt 0 ] 2>/dev/null || lab_fail "A routed no packet (final stats: $routed)"
lab_assert_eq "packets B read vs packets A routed to queue 1" "$routed" "$seen"
echo "PASS: two quelld chained by route mode side by side with default paths ($LAB_IPTABLES)"
