#!/usr/bin/env bash
# quelld --user nobody: after binding its queue it runs as nobody with
# CAP_NET_ADMIN and no other capability (ground truth: /proc/PID/status),
# still verdicts traffic (a drop rule blocks, other traffic passes),
# reloads rules on SIGUSR2, tells systemd READY / RELOADING / READY /
# STOPPING over $NOTIFY_SOCKET, writes and removes its pidfile, and exits 0.
set -u
. "$QUELL_TOP_SRCDIR/tests/lab/lib.sh"
lab_require
id nobody >/dev/null 2>&1 || lab_fail "no user 'nobody' on this machine"
lab_setup
lab_start_httpd

RULE="-j NFQUEUE --queue-num 0 --queue-bypass"
lab_ipt -I FORWARD $RULE
rules="$LAB_TMP/priv.rules"
printf '%s\n' 'drop tcp any any -> any 8080 (msg:"blocked path"; content:"/attack"; sid:7; rev:1;)' >"$rules"
logdir="$LAB_TMP/log"
rundir="$LAB_TMP/run"
mkdir -p "$logdir" "$rundir"
# The directories belong to the run user, as systemd's LogsDirectory= and
# RuntimeDirectory= would make them.
chown nobody "$logdir" "$rundir"
chmod 711 "$LAB_TMP"
pidfile="$rundir/quelld.pid"

# A stand-in for systemd's notify socket.
notify="$LAB_TMP/notify.sock"
"$QUELL_TOP_BUILDDIR/tests/lab/sdnotify_listen" -t 60 "$notify" \
	>"$LAB_TMP/notify.out" 2>"$LAB_TMP/notify.err" &
listener=$!
for ((i = 0; i < 50; i++)); do [ -S "$notify" ] && break; sleep 0.1; done
[ -S "$notify" ] || lab_fail "sdnotify_listen did not bind $notify"
chmod 666 "$notify"

NOTIFY_SOCKET="$notify" lab_start_quelld -S "$rules" -l "$logdir" -q 0 \
	--user nobody --pidfile "$pidfile"
pid=${LAB_PID[quelld]}
[ "$(cat "$pidfile")" = "$pid" ] || lab_fail "pidfile holds '$(cat "$pidfile")', quelld is $pid"

status="/proc/$pid/status"
uids=$(awk '/^Uid:/ { print $2, $3, $4, $5 }' "$status")
nobody=$(id -u nobody)
lab_assert_eq "Uid (real, effective, saved, fs)" "$nobody $nobody $nobody $nobody" "$uids"
# CAP_NET_ADMIN is capability 12: 0x1000.
for set in CapEff CapPrm; do
	lab_assert_eq "$set" 0000000000001000 "$(awk -v s="$set:" '$1 == s { print $2 }' "$status")"
done
lab_assert_eq "CapInh" 0000000000000000 "$(awk '$1 == "CapInh:" { print $2 }' "$status")"
lab_assert_eq "CapAmb" 0000000000000000 "$(awk '$1 == "CapAmb:" { print $2 }' "$status")"
lab_assert_eq "NoNewPrivs" 1 "$(awk '$1 == "NoNewPrivs:" { print $2 }' "$status")"
# Every thread, not just the main one: workers send verdicts.
for t in /proc/"$pid"/task/*; do
	lab_assert_eq "CapEff of thread ${t##*/}" 0000000000001000 \
		"$(awk '$1 == "CapEff:" { print $2 }' "$t/status")"
done

body=$(lab_client curl -s --max-time 5 "http://$LAB_SERVER4:$LAB_HTTP_PORT/ok") || lab_fail "curl /ok failed"
lab_assert_eq "body of /ok through unprivileged quelld" "$LAB_HTTP_BODY" "$body"
rc=0
lab_client curl -s -o /dev/null --max-time 3 "http://$LAB_SERVER4:$LAB_HTTP_PORT/attack" || rc=$?
lab_assert_eq "curl status for /attack (28 = timeout: dropped)" 28 "$rc"

printf '%s\n' 'drop tcp any any -> any 8080 (msg:"blocked other path"; content:"/other"; sid:8; rev:1;)' >"$rules"
kill -USR2 "$pid"
for ((i = 0; i < 100; i++)); do grep -q 'reload: 1 rules loaded' "${LAB_LOG[quelld]}" && break; sleep 0.1; done
grep -q 'reload: 1 rules loaded' "${LAB_LOG[quelld]}" || lab_fail "no reload as nobody: $(tail -3 "${LAB_LOG[quelld]}")"
body=$(lab_client curl -s --max-time 5 "http://$LAB_SERVER4:$LAB_HTTP_PORT/attack") || lab_fail "/attack still blocked after the reload"
lab_log "ok: after the reload /attack passes"

lab_quiesce
lab_stop_quelld || lab_fail "quelld exited with status $? after SIGTERM"
[ ! -e "$pidfile" ] || lab_fail "pidfile $pidfile left behind"
lab_log "ok: pidfile removed"
kill -TERM "$listener" 2>/dev/null
wait "$listener" 2>/dev/null
seq=$(cut -f1 "$LAB_TMP/notify.out" | grep -E '^(READY|RELOADING|STOPPING)=1$' | tr '\n' ' ')
lab_assert_eq "sd_notify sequence" "READY=1 RELOADING=1 READY=1 STOPPING=1 " "$seq"
echo "PASS: quelld --user nobody keeps only CAP_NET_ADMIN and still verdicts, reloads, stops"
