#!/usr/bin/env bash
# Hostile traffic: quelld (fail-open, the fuzz ruleset tests/fuzz/packet.rules
# made silent, plus alerting drop rules for a marker payload) in front of a client that sends, with scapy
# (tests/lab/hostile/hostile.py, bounded counts): truncated IPv4/IPv6/L4
# headers, every IHL and bad total/payload lengths, IPv4 options with bad
# lengths, IPv6 extension header chains up to 100 long and an endless
# destination-options "loop", tiny/overlapping/duplicated fragments (v4,
# v6), TCP options of every length 0..40 and lying data offsets, ICMP and
# ICMPv6 errors quoting malformed packets, zero-window and retransmission
# storms on a real connection, then a SYN flood at the highest rate one
# raw socket produces (at most 3 s). Meanwhile a legitimate client keeps
# fetching /ok (IPv4 and IPv6) and pinging the server. Asserts:
# - every legitimate request and ping got through (fail-open, no drop of
#   legitimate traffic);
# - quelld still answers on its control socket after the attack
#   (quellctl version), exits 0 on SIGTERM, and its peak RSS (VmHWM)
#   stays under its start RSS + flow.memcap + 128 MiB;
# - the flow table stayed under flow.memcap (stats.flow.memuse of every
#   stats event; the flood opens 32768 flows, more than the 4 MiB hold);
# - quelld saw the attack: the drop rule for the marker payload fired;
# - every packet quelld read got one verdict (accepted + dropped =
#   packets) and every packet the kernel queued is accounted for, exactly,
#   whether or not the kernel had to fail open (a slow, sanitized, loaded
#   host makes it: the reader falls behind and the socket fills):
#     kernel id_sequence = stats.nfq.packets + queue0.kernel.user_dropped
#       + queue0.kernel.failopen
#   with the drops the kernel's socket layer counted for quelld's queue
#   socket (/proc/net/netlink) <= failopen + user_dropped (kernels with the
#   NFQ verdict hash table refuse a packet after its id when the table is
#   full, uncounted by the socket), and with fail-open on, queue_dropped =
#   user_dropped = 0. Packets refused by a full queue take no id: NFQUEUE
#   rule counters (v4 + v6) - id_sequence (>= 0) of them passed
#   uninspected. The test logs how many packets went through uninspected:
#   those, kernel.failopen, and the ring-full accepts.
# - the decoder counted what the attack provoked: every decoder event
#   below is non-zero in the final stats event (stats.decoder.event.*,
#   summed over readers) and in quellctl counters right after the attack
#   (decoder.event.*). IPv4 header errors (bad IHL, total length below
#   the header, truncated IPv4 headers, bad option lengths) never get
#   that far: the ips kernel drops them in ip_rcv before FORWARD, so
#   their ipv4.* counters are logged, not asserted (check_decode covers
#   them on their own).
# Needs Debian's python3-scapy (for /usr/bin/python3, or HOSTILE_PYTHON).
# shellcheck disable=SC2016,SC2119 # jq programs in single quotes; optional helper args
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"

CONFIG="$QUELL_TOP_SRCDIR/etc/quell.yaml"
RULE='-j NFQUEUE --queue-num 0 --queue-bypass'
HOSTILE_PYTHON="${HOSTILE_PYTHON:-/usr/bin/python3}"
FLOW_MEMCAP_MB=4
FLOOD_SECONDS=3
FLOOD_MAX=150000
# The most a queue holds in kernels with the NFQ verdict hash table (6.19,
# and stable kernels that took it, this lab's 6.18 among them): a larger
# nfq.queue-maxlen only moves the refusals after the packet id.
QUEUE_MAXLEN=65536
RSS_SLACK_MB=128

lab_require
if ! "$HOSTILE_PYTHON" -c 'import scapy.all' >/dev/null 2>&1; then
	printf '\n*** LAB TEST CANNOT RUN: %s cannot import scapy (Debian: apt-get install python3-scapy) ***\n\n' \
		"$HOSTILE_PYTHON" >&2
	exit 99
fi
for b in daemon/quelld daemon/quellctl; do
	[ -x "$QUELL_TOP_BUILDDIR/$b" ] || lab_fail "$b is not built in $QUELL_TOP_BUILDDIR"
done
lab_setup

# Every keyword runs on the attack (the fuzz ruleset), silently: several
# of its rules match almost every packet, and an alert per packet would
# make eve.json the bottleneck. The marker rules alert.
rules="$LAB_TMP/hostile.rules"
{
	grep -v '^#' "$QUELL_TOP_SRCDIR/tests/fuzz/packet.rules" | sed -E '/noalert/! s/\(/(noalert; /'
	echo 'drop tcp any any -> any any (msg:"LAB hostile marker tcp"; content:"hostile-attack"; sid:1000901; rev:1;)'
	echo 'drop udp any any -> any any (msg:"LAB hostile marker udp"; content:"hostile-attack"; sid:1000902; rev:1;)'
} >"$rules"
logdir="$LAB_TMP/log"
mkdir -p "$logdir"

lab_start_httpd
# The zero-window storm runs on a connection the client's kernel knows
# nothing of: keep it from resetting the server's SYN/ACK.
lab_client "$LAB_IPTABLES" -w 10 -A OUTPUT -p tcp --sport 47000 --tcp-flags RST RST -j DROP ||
	lab_fail "client: drop RSTs of the storm connection"
# shellcheck disable=SC2086
lab_ipt -I FORWARD $RULE || lab_fail "insert IPv4 NFQUEUE rule"
# shellcheck disable=SC2086
lab_ip6t -I FORWARD $RULE || lab_fail "insert IPv6 NFQUEUE rule"
# Under ASan (quickstart's sanitizer pass) freed memory waits in its
# quarantine (256 MiB by default) and counts in RSS: the more a run frees,
# the higher its peak, whatever quell keeps. A small quarantine keeps the
# memory bound below about quell's own use.
if ldd "$QUELL_TOP_BUILDDIR/daemon/quelld" 2>/dev/null | grep -q libasan; then
	export ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=16"
	lab_log "quelld is built with ASan: ASAN_OPTIONS=$ASAN_OPTIONS"
fi
lab_start_quelld -c "$CONFIG" -S "$rules" -l "$logdir" -q 0 \
	--set nfq.fail-open=yes --set nfq.queue-maxlen="$QUEUE_MAXLEN" \
	--set nfq.socket-rcvbuf=134217728 --set nfq.ring-full=accept \
	--set flow.memcap="${FLOW_MEMCAP_MB}mb" --set flow.hash-size=4096 --set flow.prealloc=1000 \
	--set stats.interval=1 --set outputs.eve-log.types=alert,drop,stats
pid=${LAB_PID[quelld]}
ctl() { timeout 5 "$QUELL_TOP_BUILDDIR/daemon/quellctl" -s "$LAB_TMP/quelld.socket" "$@"; }
ctl version >/dev/null || lab_fail "quellctl version failed before the attack"
rss0=$(awk '/^VmRSS:/ { print $2 }' "/proc/$pid/status")
lab_log "quelld pid $pid, RSS at start $((rss0 / 1024)) MiB"

# The legitimate side: fetch /ok over IPv4 and IPv6 until told to stop
# (at most 150 requests), and 60 pings at 0.2 s (12 s).
stopfile="$LAB_TMP/legit.stop"
legit() {
	local i ok=0 fail=0 body url
	for ((i = 0; i < 150; i++)); do
		if [ $((i % 2)) = 0 ]; then
			url="http://$LAB_SERVER4:$LAB_HTTP_PORT/ok"
		else
			url="http://[$LAB_SERVER6]:$LAB_HTTP_PORT/ok"
		fi
		t=$EPOCHREALTIME
		body=$(lab_client curl -sS -g --max-time 10 "$url" 2>>"$LAB_TMP/legit.err") || body=""
		printf '%s %s %s %s\n' "$t" "$EPOCHREALTIME" "$url" "${body:0:20}" >>"$LAB_TMP/legit.times"
		if [ "$body" = "$LAB_HTTP_BODY" ]; then
			ok=$((ok + 1))
		else
			fail=$((fail + 1))
			printf 'request %d (%s) at %s failed: %s\n' "$i" "$url" "$t" "$body" >>"$LAB_TMP/legit.err"
		fi
		[ -e "$stopfile" ] && [ "$i" -ge 10 ] && break
		# The test failed and the lab is gone: stop at once.
		[ -d "$LAB_TMP" ] || break
		sleep 0.1
	done
	printf '%s %s\n' "$ok" "$fail" >"$LAB_TMP/legit.out"
}
legit &
legit_pid=$!
lab_client ping -n -q -c 60 -i 0.2 -W 2 "$LAB_SERVER4" >"$LAB_TMP/ping4.out" 2>&1 &
ping4_pid=$!
lab_client ping -n -q -c 60 -i 0.2 -W 2 "$LAB_SERVER6" >"$LAB_TMP/ping6.out" 2>&1 &
ping6_pid=$!

# The attack: bounded by hostile.py's own counts and by timeout.
t0=$EPOCHREALTIME
rc=0
lab_client timeout 60 "$HOSTILE_PYTHON" "$QUELL_TOP_SRCDIR/tests/lab/hostile/hostile.py" all \
	"$LAB_CLIENT4" "$LAB_SERVER4" "$LAB_CLIENT6" "$LAB_SERVER6" --gw4 "$LAB_IPS_C4" \
	--flood-seconds "$FLOOD_SECONDS" --flood-max "$FLOOD_MAX" \
	>"$LAB_TMP/hostile.out" 2>"$LAB_TMP/hostile.log" || rc=$?
attack_s=$(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')
[ "$rc" = 0 ] || lab_fail "hostile.py failed (status $rc): $(tail -5 "$LAB_TMP/hostile.log")"
while read -r line; do lab_log "hostile: $line"; done <"$LAB_TMP/hostile.out"
sent=$(awk '$1 == "total" { print $3 }' "$LAB_TMP/hostile.out")
lab_log "attack took $attack_s s, $sent packets"

# quelld survived and answers at once.
_lab_alive "$pid" || lab_fail "quelld died during the attack"
ver=$(ctl version) || lab_fail "quellctl version failed after the attack"
lab_log "ok: quelld answers after the attack: $ver"

# The decoder events the attack provokes (hostile.py names the kind
# that sends each), as quellctl counters shows them live.
DECODER_EVENTS=(
	tcp.pkt_too_small		# truncated TCP headers (v4, v6)
	tcp.hlen_too_small		# TCP cut inside its options; data offsets past the packet
	tcp.invalid_optlen		# data offsets below 5
	tcp.opt_invalid_len		# TCP options with length bytes 0, 1, too long
	udp.hlen_too_small		# truncated UDP headers
	icmpv4.pkt_too_small		# truncated ICMP headers
	icmpv6.pkt_too_small		# truncated ICMPv6 headers
	ipv6.exthdr_dupl_dh		# chains of destination-options headers, the loop
	ipv6.rh_type_0			# routing header type 0
	ipv6.exthdr_invalid_optlen	# option TLV that overruns its header
	ipv6.data_after_none_header	# bytes after next header 59
)
ctl counters >"$LAB_TMP/counters.out" || lab_fail "quellctl counters failed after the attack"
for ev in "${DECODER_EVENTS[@]}"; do
	case $ev in
	*.*)	key=decoder.event.$ev ;;
	*)	key=decoder.$ev ;;	# no layer: decoder.too_many_layers, as Suricata's
	esac
	n=$(awk -v k="$key" '$1 == k { print $2 }' "$LAB_TMP/counters.out")
	if [ -z "$n" ] || [ "$n" -le 0 ]; then
		lab_fail "quellctl counters: $key is '${n:-missing}' after the attack that provokes it"
	fi
done
lab_log "ok: quellctl counters show all ${#DECODER_EVENTS[@]} decoder events the attack provokes"

touch "$stopfile"
wait "$legit_pid" || true
wait "$ping4_pid" || true
wait "$ping6_pid" || true
read -r legit_ok legit_fail <"$LAB_TMP/legit.out"
[ "$legit_fail" = 0 ] || lab_fail "legitimate requests failed during the attack: $legit_fail of $((legit_ok + legit_fail)): $(head -5 "$LAB_TMP/legit.err")"
lab_log "ok: $legit_ok legitimate requests (IPv4 and IPv6) all answered during the attack"
for f in ping4 ping6; do
	loss=$(awk '/packets transmitted/ { print $4 "/" $1 }' "$LAB_TMP/$f.out")
	grep -q ' 0% packet loss' "$LAB_TMP/$f.out" || lab_fail "$f lost packets during the attack: $(cat "$LAB_TMP/$f.out")"
	lab_log "ok: $f $loss replies"
done

# Memory: peak RSS over the whole run.
hwm=$(awk '/^VmHWM:/ { print $2 }' "/proc/$pid/status")
bound=$((rss0 + FLOW_MEMCAP_MB * 1024 + RSS_SLACK_MB * 1024))
[ "$hwm" -le "$bound" ] || lab_fail "quelld peak RSS $((hwm / 1024)) MiB over the bound $((bound / 1024)) MiB"
lab_log "ok: peak RSS $((hwm / 1024)) MiB <= $((bound / 1024)) MiB (start $((rss0 / 1024)) + memcap $FLOW_MEMCAP_MB + $RSS_SLACK_MB)"

lab_quiesce FORWARD 20
kseq=$(lab_queue_stat 0 id_sequence) || exit 1
sockdrops=$(lab_netlink_drops 0) || exit 1
n4=$(lab_ipt_counter FORWARD "$RULE") || exit 1
n6=$(lab_ipt_counter -6 FORWARD "$RULE") || exit 1
lab_stop_quelld_ok

eve="$logdir/eve.json"
lab_eve_check "$eve"
s=$(lab_final_stat "$eve" .nfq.packets .nfq.accepted .nfq.dropped .nfq.verdict_errors .nfq.bad_messages \
	.nfq.ring_full .nfq.enobufs .nfq.queue0.kernel.queue_dropped .nfq.queue0.kernel.user_dropped \
	.nfq.queue0.kernel.failopen .nfq.queue0.kernel.id_sequence \
	.flow.memuse .flow.memcap_hits .flow.emergency_mode_entered .flow.total) || exit 1
read -r packets accepted dropped verrors badmsg ring_full enobufs kqd kud kfo fkseq memuse memcap_hits emerg flows <<<"$s"
lab_log "final stats: packets $packets accepted $accepted dropped $dropped ring_full $ring_full" \
	"enobufs $enobufs bad_messages $badmsg verdict_errors $verrors; flows $flows memuse $memuse" \
	"memcap_hits $memcap_hits emergency $emerg"
lab_log "decoder counters: $(tail -n 1 "$eve" | jq -c '.stats.decoder')"
lab_log "defrag counters: $(tail -n 1 "$eve" | jq -c '.stats.defrag')"
evs=""
for ev in "${DECODER_EVENTS[@]}"; do
	case $ev in
	*.*)	jkey=.decoder.event.$ev ;;
	*)	jkey=.decoder.$ev ;;	# decoder.too_many_layers, as Suricata's
	esac
	n=$(lab_final_stat "$eve" "$jkey") || exit 1
	[ "$n" -gt 0 ] || lab_fail "stats$jkey is 0 in the final stats event, but the attack provokes it"
	evs+=" $ev=$n"
done
lab_log "ok: decoder events counted:$evs"
lab_log "NFQUEUE rules: v4 $n4 v6 $n6; kernel id_sequence $kseq queue_dropped $kqd user_dropped $kud," \
	"socket drops $sockdrops; quelld kernel.failopen $kfo"

lab_assert_eq "accepted + dropped" "$packets" "$((accepted + dropped))"
lab_assert_eq "verdict errors" 0 "$verrors"
# The flow table over the run (a stats event every second).
maxuse=$(jq 'select(.event_type == "stats") | .stats.flow.memuse' "$eve" | sort -n | tail -n 1)
maxactive=$(jq 'select(.event_type == "stats") | .stats.flow.active' "$eve" | sort -n | tail -n 1)
[ "$maxuse" -le $((FLOW_MEMCAP_MB * 1024 * 1024)) ] ||
	lab_fail "flow table memuse reached $maxuse bytes, over flow.memcap ${FLOW_MEMCAP_MB} MiB"
lab_log "ok: flow table at most $maxuse bytes, $maxactive flows (flow.memcap ${FLOW_MEMCAP_MB} MiB;" \
	"memcap hits $memcap_hits, emergency mode entered $emerg times)"
marker=$(jq -r 'select(.event_type == "alert" and (.alert.signature_id == 1000901 or .alert.signature_id == 1000902))
	| .alert.signature_id' "$eve" | wc -l)
[ "$marker" -gt 0 ] || lab_fail "no alert for the hostile marker payload: quelld did not inspect the attack"
lab_log "ok: $marker alerts for the hostile marker payload; $dropped packets dropped"
# Every packet that took an id: read by quelld, or not delivered (fail-open
# accepts, user_dropped), as the kernel's socket layer counted them too.
lab_assert_eq "bad messages" 0 "$badmsg"
lab_assert_eq "final stats kernel.id_sequence vs /proc" "$kseq" "$fkseq"
lab_assert_eq "kernel id_sequence = stats.nfq.packets + user_dropped + kernel.failopen" \
	"$kseq" "$((packets + kud + kfo))"
[ "$sockdrops" -le "$((kfo + kud))" ] ||
	lab_fail "quelld's queue socket drops $sockdrops > kernel.failopen $kfo + user_dropped $kud: quelld missed lost packets"
lab_log "ok: socket drops $sockdrops <= kernel.failopen + user_dropped $((kfo + kud))" \
	"($((kfo + kud - sockdrops)) refused by the kernel's verdict hash table after taking an id)"
lab_assert_eq "queue_dropped + user_dropped (fail-open)" 0 "$((kqd + kud))"
full=$((n4 + n6 - kseq - kqd))
[ "$full" -ge 0 ] || lab_fail "NFQUEUE rule counters $((n4 + n6)) < id_sequence $kseq + queue_dropped $kqd"
lab_log "ok: uninspected: $kfo accepted by fail-open after taking an id, $full refused by the full queue" \
	"and accepted by fail-open (rule counters - id_sequence), $ring_full accepted by nfq.ring-full;" \
	"of $((n4 + n6)) queued"
echo "PASS: quelld survived $sent hostile packets, let $legit_ok legitimate requests through and accounted for every packet ($((kfo + full + ring_full)) uninspected) ($LAB_IPTABLES)"
