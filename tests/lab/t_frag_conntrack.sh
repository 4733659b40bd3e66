#!/usr/bin/env bash
# What reaches quelld inline when IP datagrams come fragmented, with and
# without conntrack in the ips namespace, and what the server receives.
#
# The client sends (tests/lab/frag_send.py, whole Ethernet frames from
# scapy), per address family, to UDP port 7000 of the server: a benign
# datagram in fragments; an "attack" datagram whose marker FRAGATTACK runs
# over two fragments (no fragment holds it; a drop rule matches the
# datagram); a datagram whose second fragment rewrites bytes of the first
# (overlap). A UDP sink on the server records what arrives.
#
# Phase "plain": the NFQUEUE rule alone. Nothing in the ips namespace uses
# conntrack, so netfilter registers no conntrack or defragmentation hooks
# there (they are per namespace, on first use, since Linux 4.10):
#   - quelld receives the fragments (stats.defrag.ipv4/ipv6.fragments > 0)
#     and reassembles them (.reassembled), raises ipv4/ipv6.frag_overlap;
#   - the drop rule matches the reassembled datagram (alert pkt_src
#     "defrag", blocked), quelld drops the fragment that completed it
#     (stats.defrag.dropped): the server never receives the attack
#     datagram (its earlier fragments were let through and expire there);
#   - the server receives the benign datagrams, never the overlapping one
#     (Linux drops overlapping fragments, RFC 5722 for IPv6).
# Phase "conntrack": the NFQUEUE rule matches on conntrack state, which
# makes the namespace register conntrack and with it nf_defrag_ipv4/ipv6
# (priority -400, before the filter table):
#   - quelld receives whole datagrams only (stats.defrag.*.fragments 0;
#     the ips kernel's Ip ReasmReqds counts the reassembly), the drop rule
#     matches the captured packet itself (pkt_src "wire/pcap"), no
#     overlap event (the kernel dropped the overlapping datagram first);
#   - the server receives the benign datagrams (refragmented on the way
#     out), not the attack nor the overlapping one.
# This is also why t_hostile.sh (a plain NFQUEUE rule) sees fragments and
# frag_overlap events inline: its ips namespace has no conntrack hooks.
#
# Needs Debian's python3-scapy (for /usr/bin/python3, or FRAG_PYTHON).
# shellcheck disable=SC2016,SC2119 # jq programs in single quotes; optional helper args
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"

CONFIG="$QUELL_TOP_SRCDIR/etc/quell.yaml"
PORT=7000
SID_ATTACK=1000801
FRAG_PYTHON="${FRAG_PYTHON:-/usr/bin/python3}"

lab_require
[ -x "$QUELL_TOP_BUILDDIR/daemon/quelld" ] || lab_fail "daemon/quelld is not built in $QUELL_TOP_BUILDDIR"
if ! "$FRAG_PYTHON" -c 'import scapy.all' >/dev/null 2>&1; then
	printf '\n*** LAB TEST CANNOT RUN: %s has no scapy (Debian: apt-get install python3-scapy) ***\n\n' \
		"$FRAG_PYTHON" >&2
	exit 99
fi
lab_setup

cat >"$LAB_TMP/frag.rules" <<EOF
drop udp any any -> any $PORT (msg:"LAB fragmented attack"; content:"FRAGATTACK"; sid:$SID_ATTACK; rev:1;)
alert udp any any -> any $PORT (msg:"LAB benign datagram"; content:"FRAG-BENIGN"; sid:1000802; rev:1;)
alert ip any any -> any any (msg:"LAB IPv4 overlap"; decode-event:ipv4.frag_overlap; sid:1000803; rev:1;)
alert ip any any -> any any (msg:"LAB IPv6 overlap"; decode-event:ipv6.frag_overlap; sid:1000804; rev:1;)
EOF

# The server's UDP sink: one line per datagram, its first 16 bytes.
start_sink() {
	_lab_spawn "sink_$1" "$LAB_NS_S" "$LAB_PYTHON" "$LAB_PYTHON" -c '
import signal, socket, sys
stop = False
def on_term(sig, frame):
    global stop
    stop = True
signal.signal(signal.SIGTERM, on_term)
s = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM)
s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
s.bind(("::", int(sys.argv[1])))
s.settimeout(0.2)
print("ready", flush=True)
while not stop:
    try:
        data = s.recv(65535)
    except socket.timeout:
        continue
    except InterruptedError:
        continue
    print("got", data[:16].decode("ascii", "replace").strip(), flush=True)
' "$PORT"
	local i
	for ((i = 0; i < 100; i++)); do
		grep -q '^ready$' "$LAB_TMP/sink_$1.out" 2>/dev/null && return 0
		sleep 0.1
	done
	lab_fail "the UDP sink did not start"
}

# The client's next hop MACs (the ips' eth0), for whole frames.
gw_mac() {
	lab_client ip "$1" neigh show "$2" dev eth0 | awk '{ for (i = 1; i < NF; i++) if ($i == "lladdr") print $(i + 1) }' | head -n 1
}

ips_reasm() {
	lab_ips awk '/^Ip:/ { if (!h) { split($0, n); h = 1 } else { split($0, v);
		for (i = 2; i <= NF; i++) if (n[i] == "ReasmReqds") print v[i] } }' /proc/net/snmp
}

run_phase() {
	local mode="$1" rule logdir eve out mac4 mac6 reasm0 reasm1
	if [ "$mode" = conntrack ]; then
		# as iptables -S prints it (lab_ipt_counter matches that text)
		rule='-m conntrack --ctstate INVALID,NEW,RELATED,ESTABLISHED,UNTRACKED -j NFQUEUE --queue-num 0 --queue-bypass'
	else
		rule='-j NFQUEUE --queue-num 0 --queue-bypass'
	fi
	lab_ipt -F FORWARD || lab_fail "flush FORWARD"
	lab_ip6t -F FORWARD || lab_fail "flush IPv6 FORWARD"
	# shellcheck disable=SC2086
	lab_ipt -I FORWARD $rule || lab_fail "insert IPv4 NFQUEUE rule ($mode)"
	# shellcheck disable=SC2086
	lab_ip6t -I FORWARD $rule || lab_fail "insert IPv6 NFQUEUE rule ($mode)"
	logdir="$LAB_TMP/log-$mode"
	mkdir -p "$logdir"
	start_sink "$mode"
	lab_start_quelld -c "$CONFIG" -S "$LAB_TMP/frag.rules" -l "$logdir" -q 0 --set stats.interval=1

	lab_client ping -q -n -c 1 -W 2 "$LAB_IPS_C4" >/dev/null || lab_fail "ping $LAB_IPS_C4"
	lab_client ping -q -n -c 1 -W 2 "$LAB_IPS_C6" >/dev/null || lab_fail "ping $LAB_IPS_C6"
	mac4=$(gw_mac -4 "$LAB_IPS_C4")
	mac6=$(gw_mac -6 "$LAB_IPS_C6")
	[ -n "$mac4" ] && [ -n "$mac6" ] || lab_fail "no neighbour entry for the ips ($mac4/$mac6)"
	reasm0=$(ips_reasm)
	out=$(lab_client "$FRAG_PYTHON" "$QUELL_TOP_SRCDIR/tests/lab/frag_send.py" \
		"$LAB_CLIENT4" "$LAB_SERVER4" "$LAB_CLIENT6" "$LAB_SERVER6" "$mac4" "$mac6" "$PORT") ||
		lab_fail "frag_send.py failed: $out"
	lab_log "$mode: client $out"
	# what was queued is verdicted, what was let through has arrived
	lab_settle_counter FORWARD "$rule" || exit 1
	lab_settle_counter -6 FORWARD "$rule" || exit 1
	sleep 1
	reasm1=$(ips_reasm)
	lab_stop "sink_$mode" || lab_fail "the UDP sink failed"
	lab_stop_quelld || lab_fail "quelld exited $? ($mode)"
	lab_ipt -F FORWARD
	lab_ip6t -F FORWARD

	eve="$logdir/eve.json"
	lab_eve_check "$eve"
	local got="$LAB_TMP/sink_$mode.out"
	lab_log "$mode: the server received: $(grep '^got' "$got" | sed 's/^got //' | tr '\n' ',' )"
	lab_log "$mode: the ips kernel's Ip ReasmReqds $reasm0 -> $reasm1"
	lab_log "$mode: quelld defrag counters $(tail -n 1 "$eve" | jq -c '.stats.defrag')"
	local fam
	for fam in 4 6; do
		grep -q "^got FRAG-BENIGN-$fam" "$got" ||
			lab_fail "$mode: the server did not receive the benign IPv$fam datagram"
		grep -q "^got FRAG-OVERLAP-$fam" "$got" &&
			lab_fail "$mode: the server received the overlapping IPv$fam datagram"
	done
	grep -q '^got ATK' "$got" && lab_fail "$mode: the server received an attack datagram: $(cat "$got")"
	lab_log "ok: $mode: the server received both benign datagrams, neither attack nor overlap"

	local f4 f6 r4 r6 dropped ov4 ov6 srcs
	read -r f4 r4 f6 r6 dropped ov4 ov6 <<<"$(lab_final_stat "$eve" .defrag.ipv4.fragments \
		.defrag.ipv4.reassembled .defrag.ipv6.fragments .defrag.ipv6.reassembled .defrag.dropped \
		.decoder.event.ipv4.frag_overlap .decoder.event.ipv6.frag_overlap)"
	srcs=$(jq -r --argjson sid "$SID_ATTACK" 'select(.event_type == "alert"
		and .alert.signature_id == $sid and .alert.action == "blocked")
		| "\(.pkt_src)/\(.src_ip | test(":") | if . then 6 else 4 end)"' "$eve" | sort -u | tr '\n' ' ')
	if [ "$mode" = plain ]; then
		[ "$f4" -gt 0 ] && [ "$f6" -gt 0 ] ||
			lab_fail "plain: quelld saw no fragments (v4 $f4, v6 $f6): the kernel reassembled before NFQUEUE"
		[ "$r4" -ge 2 ] && [ "$r6" -ge 2 ] ||
			lab_fail "plain: quelld reassembled v4 $r4, v6 $r6 datagrams, want >= 2 each"
		[ "$ov4" -ge 1 ] && [ "$ov6" -ge 1 ] ||
			lab_fail "plain: no frag_overlap event (v4 $ov4, v6 $ov6)"
		[ "$dropped" -ge 2 ] || lab_fail "plain: stats.defrag.dropped $dropped, want >= 2"
		lab_assert_eq "plain: blocked attack alerts (pkt_src/family)" "defrag/4 defrag/6 " "$srcs"
		[ "$reasm1" = "$reasm0" ] || lab_fail "plain: the ips kernel reassembled ($reasm0 -> $reasm1)"
		lab_log "ok: plain: quelld got the fragments (v4 $f4, v6 $f6), reassembled them, dropped the completing fragments"
	else
		lab_assert_eq "conntrack: fragments quelld saw (v4 + v6)" 0 "$((f4 + f6))"
		lab_assert_eq "conntrack: frag_overlap events" 0 "$((ov4 + ov6))"
		lab_assert_eq "conntrack: blocked attack alerts (pkt_src/family)" "wire/pcap/4 wire/pcap/6 " "$srcs"
		[ "$reasm1" -gt "$reasm0" ] ||
			lab_fail "conntrack: the ips kernel's ReasmReqds did not grow ($reasm0 -> $reasm1)"
		lab_log "ok: conntrack: nf_defrag reassembled before NFQUEUE; quelld got whole datagrams only"
	fi
}

run_phase plain
run_phase conntrack
echo "PASS: fragments inline, with and without conntrack ($LAB_IPTABLES)"
