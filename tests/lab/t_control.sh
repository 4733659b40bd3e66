#!/usr/bin/env bash
# quellctl against a running quelld: version, counters --json (parses),
# queues -i 1 (live per-queue rates while traffic flows), reload-rules
# (ok, and a broken rule set: exit 1 with file:line, old rules stay),
# random and oversized input on the socket (the daemon stays up and
# answers the next command), shutdown (quelld exits 0). Socket mode 0660.
set -u
. "$QUELL_TOP_SRCDIR/tests/lab/lib.sh"
lab_require
lab_setup
lab_start_httpd
RULE="-j NFQUEUE --queue-num 0 --queue-bypass"
lab_ipt -I FORWARD $RULE
rules="$LAB_TMP/ctl.rules"
# itype makes it a packet rule, inspected on every echo request: all the
# pings between the two hosts are one ICMP flow (Suricata keys ICMP flows
# without the echo id), where a rule without packet keywords is ip-only
# and alerts once per direction.
printf '%s\n' 'alert icmp any any -> any any (msg:"ping"; itype:8; sid:1; rev:1;)' >"$rules"
logdir="$LAB_TMP/log"
mkdir -p "$logdir"
sock="$LAB_TMP/ctl/quell.socket"
lab_start_quelld -S "$rules" -l "$logdir" -q 0 --set "unix-command.filename=$sock"
ctl() { "$QUELL_TOP_BUILDDIR/daemon/quellctl" -s "$sock" -t 10 "$@"; }

lab_assert_eq "socket mode" 660 "$(stat -c %a "$sock")"
v=$(ctl version) || lab_fail "quellctl version failed: $v"
lab_log "ok: quellctl version: $v"

lab_client ping -n -c 5 -i 0.2 -W 2 "$LAB_SERVER4" >/dev/null || lab_fail "ping through quelld failed"
json=$(ctl --json counters) || lab_fail "quellctl --json counters failed"
pk=$(printf '%s' "$json" | jq -e -r '.message["nfq.packets"]') || lab_fail "counters --json does not parse: $json"
[ "$pk" -ge 10 ] || lab_fail "nfq.packets = $pk after 5 pings"
lab_log "ok: counters --json parses, nfq.packets = $pk"

# queues -i 1 while a ping flood runs: per-queue rates and kernel figures.
lab_client ping -n -c 60 -i 0.05 -W 2 "$LAB_SERVER4" >/dev/null &
pinger=$!
table=$(ctl queues -i 1 -c 3) || lab_fail "quellctl queues -i 1 failed: $table"
wait "$pinger"
printf '%s\n' "$table" | sed 's/^/    /'
rate=$(printf '%s\n' "$table" | awk '$1 == "0" { r = $2 } END { print r + 0 }')
[ "${rate%.*}" -gt 0 ] || lab_fail "no packet rate for queue 0 in: $table"
printf '%s\n' "$table" | grep -qi 'drop' || lab_fail "no kernel drop columns in: $table"
lab_log "ok: quellctl queues -i 1 shows queue 0 at $rate pkts/s"

out=$(ctl reload-rules) || lab_fail "reload-rules failed: $out"
lab_log "ok: reload-rules: $out"
printf '%s\n' 'alert tcp any any -> any 70000 (msg:"bad port"; sid:2;)' >"$rules"
rc=0
out=$(ctl reload-rules 2>&1) || rc=$?
lab_assert_eq "quellctl reload-rules exit status for a broken rule set" 1 "$rc"
printf '%s\n' "$out" | grep -q "ctl.rules:1:.*70000" || lab_fail "no file:line in: $out"
lab_log "ok: broken rules reported: $out"
printf '%s\n' 'alert icmp any any -> any any (msg:"ping"; itype:8; sid:1; rev:1;)' >"$rules"
before=$(jq -r 'select(.event_type == "alert" and .alert.signature_id == 1) | 1' "$logdir/eve.json" | wc -l)
lab_client ping -n -c 2 -i 0.2 -W 2 "$LAB_SERVER4" >/dev/null || lab_fail "ping failed"
sleep 0.5
after=$(jq -r 'select(.event_type == "alert" and .alert.signature_id == 1) | 1' "$logdir/eve.json" | wc -l)
[ "$after" -gt "$before" ] || lab_fail "the old rules stopped alerting after the failed reload"
lab_log "ok: the old rules still alert after the failed reload"

# Hostile input: random bytes, NULs, a 2 MiB line, many clients at once.
"$LAB_PYTHON" - "$sock" <<'PY' || lab_fail "the fuzzing client failed"
import os, random, socket, sys
path = sys.argv[1]
rng = random.Random(1234)
for i in range(300):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(5)
    s.connect(path)
    n = rng.choice([1, 10, 100, 1000, 70000])
    data = bytes(rng.getrandbits(8) for _ in range(n))
    if i % 3 == 0:
        data += b"\n"
    try:
        s.sendall(data)
        s.shutdown(socket.SHUT_WR)
        s.recv(65536)
    except OSError:
        pass
    s.close()
s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
s.settimeout(5)
s.connect(path)
try:
    s.sendall(b"x" * (2 << 20) + b"\n")
except OSError:
    pass
s.close()
PY
v=$(ctl version) || lab_fail "quelld does not answer after the fuzzing"
lab_log "ok: after 300 random requests and a 2 MiB line quelld answers: $v"
lab_ips kill -0 "${LAB_PID[quelld]}" || lab_fail "quelld died"

lab_quiesce
out=$(ctl shutdown) || lab_fail "quellctl shutdown failed: $out"
for ((i = 0; i < 100; i++)); do _lab_alive "${LAB_PID[quelld]}" || break; sleep 0.1; done
lab_stop_quelld || lab_fail "quelld exited with status $? after quellctl shutdown"
[ ! -e "$sock" ] || lab_fail "the control socket was left behind"
echo "PASS: quellctl version, counters, queues -i, reload-rules, fuzzing, shutdown"
