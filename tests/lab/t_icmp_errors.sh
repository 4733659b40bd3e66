#!/usr/bin/env bash
# ICMP errors inline, as Suricata tracks them (doc/operations.md, "ICMP
# flows"): through `-j NFQUEUE --queue-balance 0:1` and `quelld -q 0 -q 1`
# (two workers), UDP datagrams from the client to a closed server port
# make the server's kernel answer "port unreachable". That error quotes
# the datagram and must be counted in the UDP flow (its flow_id on the
# ICMP alert, flow.pkts_toclient), never open an ICMP flow of its own,
# nor make the UDP flow established; two pings between the same hosts
# (two echo ids) are one ICMP flow.
# shellcheck disable=SC2016 # jq programs in single quotes
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"

CONFIG="$QUELL_TOP_SRCDIR/etc/quell.yaml"
RULE='-j NFQUEUE --queue-balance 0:1 --queue-bypass'
PORT=9999

lab_require
[ -x "$QUELL_TOP_BUILDDIR/daemon/quelld" ] || lab_fail "daemon/quelld is not built in $QUELL_TOP_BUILDDIR"
lab_setup

printf '%s\n' \
	'alert icmp any any -> any any (msg:"LAB port unreachable"; itype:3; icode:3; sid:1; rev:1;)' \
	'alert icmp any any -> any any (msg:"LAB echo request"; itype:8; sid:2; rev:1;)' \
	>"$LAB_TMP/icmp.rules"
logdir="$LAB_TMP/log"
mkdir -p "$logdir"
# shellcheck disable=SC2086
lab_ipt -I FORWARD $RULE || lab_fail "insert IPv4 NFQUEUE rule"
lab_start_quelld -c "$CONFIG" -S "$LAB_TMP/icmp.rules" -l "$logdir" -q 0 -q 1 \
	--set threading.detect-threads=2

# three datagrams to a port nobody listens on, 300 ms apart (the kernel
# rate-limits its unreachables); bounded in count and time
lab_client timeout 10 "$LAB_PYTHON" -c '
import socket, sys, time
s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
s.bind(("0.0.0.0", 40123))
for i in range(3):
    s.sendto(b"knock %d" % i, (sys.argv[1], int(sys.argv[2])))
    time.sleep(0.3)
' "$LAB_SERVER4" "$PORT" || lab_fail "the UDP client failed"
# two pings: two processes, two echo ids
lab_client ping -q -n -c 1 -W 2 "$LAB_SERVER4" >/dev/null || lab_fail "ping $LAB_SERVER4"
lab_client ping -q -n -c 1 -W 2 "$LAB_SERVER4" >/dev/null || lab_fail "second ping"

lab_settle_counter FORWARD "$RULE" || exit 1
lab_quiesce
lab_stop_quelld_ok
eve="$logdir/eve.json"
lab_eve_check "$eve"

udp_id=$(jq -r "select(.event_type == \"flow\" and .proto == \"UDP\" and .dest_port == $PORT) | .flow_id" "$eve")
[ -n "$udp_id" ] && [ "$(printf '%s\n' "$udp_id" | wc -l)" = 1 ] ||
	lab_fail "not one UDP flow record to port $PORT: '$udp_id'"
errs=$(jq -c 'select(.event_type == "alert" and .alert.signature_id == 1)' "$eve" | wc -l)
[ "$errs" -ge 1 ] || lab_fail "no port unreachable alert"
bad=$(jq -c "select(.event_type == \"alert\" and .alert.signature_id == 1 and (.flow_id != $udp_id or .direction != \"to_client\"))" "$eve")
[ -z "$bad" ] || lab_fail "an unreachable alert outside the UDP flow's to-client direction: $bad"
read -r tc st < <(jq -r "select(.event_type == \"flow\" and .flow_id == $udp_id) | \"\(.flow.pkts_toclient) \(.flow.state)\"" "$eve")
lab_assert_eq "UDP flow packets to the client (its unreachables)" "$errs" "$tc"
lab_assert_eq "UDP flow state (errors do not establish it)" new "$st"
icmp3=$(jq -c 'select(.event_type == "flow" and .proto == "ICMP" and .icmp_type == 3)' "$eve")
[ -z "$icmp3" ] || lab_fail "an unreachable opened an ICMP flow: $icmp3"
lab_log "ok: $errs port unreachable(s) counted in UDP flow $udp_id, to the client, no ICMP flow of their own"

echo_flows=$(jq -c 'select(.event_type == "flow" and .proto == "ICMP" and .icmp_type == 8)' "$eve")
lab_assert_eq "ICMP echo flows for two pings with two ids" 1 "$(printf '%s\n' "$echo_flows" | grep -c .)"
lab_assert_eq "echo requests in the one echo flow" 2 "$(printf '%s' "$echo_flows" | jq -r '.flow.pkts_toserver')"
lab_log "ok: two pings, one ICMP flow"
echo "PASS: ICMP errors join the flow they quote, two pings are one flow ($LAB_IPTABLES)"
