# shellcheck shell=bash disable=SC2016 # awk programs in single quotes
# quell test lab: client -- ips -- server built from network namespaces.
#
#   client (eth0) 198.18.1.2/24 2001:2:0:1::2/64
#      |  veth
#   ips    (eth0) 198.18.1.1/24 2001:2:0:1::1/64   forwarding on; iptables
#          (eth1) 198.18.2.1/24 2001:2:0:2::1/64   NFQUEUE rules live here
#      |  veth
#   server (eth0) 198.18.2.2/24 2001:2:0:2::2/64
#
# Safety: every address is in 198.18.0.0/15 or 2001:2::/48 and lives only in
# namespaces this library creates. Client and server route only those ranges
# and have no default route, so nothing can leave the lab. Every wait is
# bounded. lab_setup installs an EXIT trap that ends every process in the
# lab's namespaces and deletes them (and with them their iptables rules),
# pass or fail.
#
# Usage in a test:
#   . "$QUELL_TOP_SRCDIR/tests/lab/lib.sh"
#   lab_require            # exits 99 ("LAB TEST CANNOT RUN: ...") if impossible
#   lab_setup              # namespaces, veths, addresses, routes, trap
#   lab_start_httpd        # lab HTTP server on the server, port 8080
#   lab_ipt -I FORWARD -j NFQUEUE --queue-num 0 --queue-bypass
#   lab_start_quelld -c ... -S ... -l "$LAB_TMP/log" -q 0
#   lab_client curl ...
#   lab_stop_quelld || lab_fail "quelld exited $?"
#
# Environment:
#   QUELL_TOP_SRCDIR, QUELL_TOP_BUILDDIR  set by make check (AM_TESTS_ENVIRONMENT)
#   QUELL_KEEP_LAB=1        keep the per-test temp dir (logs, eve.json)
#   QUELL_LAB_IPTABLES=legacy|nft  iptables variant (default legacy; both
#                           deliver to NFQUEUE through the xt target here)
#   PYTHON                  python3 interpreter for httpd.py (default python3);
#                           lab_require resolves it once to LAB_PYTHON, the
#                           real executable (no pyenv shim per call)

# ---------------------------------------------------------------- constants
# shellcheck disable=SC2034 # used by the tests that source this file

LAB_CLIENT4=198.18.1.2
LAB_IPS_C4=198.18.1.1
LAB_IPS_S4=198.18.2.1
LAB_SERVER4=198.18.2.2
LAB_CLIENT6=2001:2:0:1::2
LAB_IPS_C6=2001:2:0:1::1
LAB_IPS_S6=2001:2:0:2::1
LAB_SERVER6=2001:2:0:2::2
# ... as eve.json writes them: IPv6 uncompressed, as Suricata 7
LAB_CLIENT6_EVE=2001:0002:0000:0001:0000:0000:0000:0002
LAB_SERVER6_EVE=2001:0002:0000:0002:0000:0000:0000:0002
LAB_NET4=198.18.0.0/15
LAB_NET6=2001:2::/48
LAB_HTTP_PORT=8080
# Body of every httpd.py page except /big.
LAB_HTTP_BODY='hello from the lab'

: "${QUELL_TOP_SRCDIR:=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
: "${QUELL_TOP_BUILDDIR:=$QUELL_TOP_SRCDIR}"
: "${PYTHON:=python3}"
LAB_PYTHON=

case "${QUELL_LAB_IPTABLES:-legacy}" in
legacy)	LAB_IPTABLES=iptables-legacy; LAB_IP6TABLES=ip6tables-legacy ;;
nft)	LAB_IPTABLES=iptables-nft; LAB_IP6TABLES=ip6tables-nft ;;
*)	printf '\n*** LAB TEST CANNOT RUN: QUELL_LAB_IPTABLES must be legacy or nft ***\n\n' >&2; exit 99 ;;
esac

# Unique per test run: the pid plus a random suffix, so a stale namespace of
# a dead run with a recycled pid cannot collide. At most 11 characters, so
# "<id>xy" temporary interface names stay within IFNAMSIZ (15).
LAB_ID="q$$$(printf '%03x' $((RANDOM % 4096)))"
LAB_ID="${LAB_ID:0:11}"
LAB_NS_C="${LAB_ID}c"
LAB_NS_I="${LAB_ID}i"
LAB_NS_S="${LAB_ID}s"
LAB_TMP=
LAB_SETUP_DONE=0
LAB_CLEANED=0

# Background programs started by lab_start_*: name -> pid / stderr log.
declare -A LAB_PID=()
declare -A LAB_LOG=()

# ---------------------------------------------------------------- messages

# The test's real stderr, for cleanup messages: a signal can run the EXIT
# trap while a function call has stderr redirected (lab_client cmd 2>/dev/null).
exec {LAB_STDERR}>&2

# Messages carry the seconds since the library was loaded.
LAB_T0="${EPOCHREALTIME:-0}"
lab_log() {
	local t
	t=$(awk -v a="$LAB_T0" -v b="${EPOCHREALTIME:-0}" 'BEGIN { printf "%5.1f", b - a }')
	printf 'lab: [%s] %s\n' "$t" "$*" >&2
}

# Fail the running test (exit 1; the EXIT trap cleans up).
lab_fail() {
	printf 'FAIL: %s\n' "$*" >&2
	exit 1
}

_lab_cannot_run() {
	printf '\n*** LAB TEST CANNOT RUN: %s ***\n\n' "$*" >&2
	exit 99
}

# lab_assert_eq WHAT EXPECTED ACTUAL
lab_assert_eq() {
	if [ "$2" != "$3" ]; then
		lab_fail "$1: expected '$2', got '$3'"
	fi
	lab_log "ok: $1 = $3"
}

# ---------------------------------------------------------------- commands in namespaces

lab_ns() {
	local ns="$1"
	shift
	ip netns exec "$ns" "$@"
}
lab_client() { ip netns exec "$LAB_NS_C" "$@"; }
lab_ips() { ip netns exec "$LAB_NS_I" "$@"; }
lab_server() { ip netns exec "$LAB_NS_S" "$@"; }

# iptables / ip6tables in the ips namespace. -w: the xtables lock is one file
# shared by every namespace, so parallel lab tests must wait for it.
lab_ipt() { ip netns exec "$LAB_NS_I" "$LAB_IPTABLES" -w 10 "$@"; }
lab_ip6t() { ip netns exec "$LAB_NS_I" "$LAB_IP6TABLES" -w 10 "$@"; }

# lab_ipt_counter [-6] [-t TABLE] CHAIN MATCH
# Print the packet counter of the one rule in CHAIN (filter table unless -t
# TABLE) whose `iptables -S` form contains MATCH, e.g.
#   lab_ipt_counter FORWARD '-j NFQUEUE --queue-num 0 --queue-bypass'
#   lab_ipt_counter -t mangle POSTROUTING '-m mark --mark 0x80/0x80'
# Fails unless exactly one rule matches. It runs in a command substitution,
# so write:  n=$(lab_ipt_counter FORWARD "$rule") || exit 1
lab_ipt_counter() {
	local cmd=lab_ipt out n
	local -a table=()
	if [ "${1:-}" = -6 ]; then
		cmd=lab_ip6t
		shift
	fi
	if [ "${1:-}" = -t ]; then
		table=(-t "$2")
		shift 2
	fi
	local chain="$1" match="$2"
	out=$("$cmd" "${table[@]}" -v -S "$chain") || lab_fail "$cmd ${table[*]} -v -S $chain failed"
	# "-A CHAIN [matches] -c PKTS BYTES [-j target]": iptables puts the
	# counters after the matches; drop them, match the rest.
	n=$(printf '%s\n' "$out" | awk -v chain="$chain" -v m="$match" '
		$1 == "-A" && $2 == chain {
			pkts = ""
			spec = ""
			for (i = 1; i <= NF; i++) {
				if ($i == "-c" && i + 2 <= NF) {
					pkts = $(i + 1)
					i += 2
					continue
				}
				spec = spec (spec == "" ? "" : " ") $i
			}
			if (pkts == "")
				next
			# whole words only: "--queue-num 1" must not match "--queue-num 10"
			if (index(spec " ", m " ") > 0) { found++; val = pkts }
		}
		END { if (found == 1) print val; else print "n" found + 0 }')
	case "$n" in
	n*)	lab_fail "lab_ipt_counter: ${n#n} rules in ${table[*]} $chain match '$match':
$out" ;;
	esac
	printf '%s\n' "$n"
}

# lab_settle_counter [-6] [-t TABLE] CHAIN MATCH
# Wait (at most 5 s) until the rule counter stops moving for 0.5 s, so late
# packets (final ACKs, retransmissions) are in before we compare totals.
lab_settle_counter() {
	local prev cur stable=0 i
	prev=$(lab_ipt_counter "$@") || return 1
	for ((i = 0; i < 50; i++)); do
		sleep 0.1
		cur=$(lab_ipt_counter "$@") || return 1
		if [ "$cur" = "$prev" ]; then
			stable=$((stable + 1))
			[ "$stable" -ge 5 ] && return 0
		else
			stable=0
			prev="$cur"
		fi
	done
	lab_log "counter of $* still moving after 5 s"
	return 0
}

# lab_quiesce [CHAIN [SECONDS]]: end the traffic phase before the NFQ
# consumer is stopped, so its packet count can be compared with the NFQUEUE
# rule counters exactly. Inserts a DROP at the top of CHAIN (default
# FORWARD; IPv4 and IPv6): stray late packets (retransmissions of a dropped
# request, final ACKs) no longer reach the NFQUEUE rules, whose counters
# freeze, and cannot slip past the stopped consumer to the server either
# (an ACCEPT here would let a retransmitted dropped request through). Then
# waits (at most SECONDS, default 5) until every queued packet in the ips
# has had its verdict. lab_unquiesce removes the DROPs again.
lab_quiesce() {
	local chain="${1:-FORWARD}" max="${2:-5}" i pending
	lab_ipt -I "$chain" 1 -j DROP || lab_fail "lab_quiesce: insert IPv4 DROP"
	lab_ip6t -I "$chain" 1 -j DROP || lab_fail "lab_quiesce: insert IPv6 DROP"
	for ((i = 0; i < max * 10; i++)); do
		pending=$(lab_queue_pending)
		[ "$pending" = 0 ] && return 0
		sleep 0.1
	done
	lab_fail "lab_quiesce: $pending packets still wait for a verdict after $max s"
}

# lab_unquiesce [CHAIN]: remove the DROPs lab_quiesce put at the top of
# CHAIN, for a test with several traffic phases.
lab_unquiesce() {
	local chain="${1:-FORWARD}"
	lab_ipt -D "$chain" -j DROP || lab_fail "lab_unquiesce: delete IPv4 DROP"
	lab_ip6t -D "$chain" -j DROP || lab_fail "lab_unquiesce: delete IPv6 DROP"
}

# lab_queue_pending: packets waiting for a verdict in the ips, all queues
# together (column 3 of /proc/net/netfilter/nfnetlink_queue).
lab_queue_pending() {
	lab_ips awk '{ n += $3 } END { print n + 0 }' /proc/net/netfilter/nfnetlink_queue
}

# lab_queue_stat QUEUE FIELD: the kernel's own figure for QUEUE in the ips,
# from /proc/net/netfilter/nfnetlink_queue. FIELD is one of portid, waiting,
# copy_mode, copy_range, queue_dropped, user_dropped, id_sequence (the id of
# the last packet queued: ids start at 1 when the queue is bound, so this is
# how many packets the kernel handed to the consumer's socket or tried to).
# Prints "unbound" when no program holds QUEUE. Use in $(...) || exit 1.
lab_queue_stat() {
	local q="$1" field="$2" col
	case "$field" in
	portid) col=2 ;;
	waiting) col=3 ;;
	copy_mode) col=4 ;;
	copy_range) col=5 ;;
	queue_dropped) col=6 ;;
	user_dropped) col=7 ;;
	id_sequence) col=8 ;;
	*) lab_fail "lab_queue_stat: unknown field '$field'" ;;
	esac
	lab_ips awk -v q="$q" -v c="$col" '$1 == q { v = $c; found = 1 }
		END { if (found) print v; else print "unbound" }' /proc/net/netfilter/nfnetlink_queue
}

# lab_netlink_drops QUEUE: messages the kernel could not put into the
# netlink socket that holds QUEUE in the ips, as the socket layer counts
# them (the Drops column of /proc/net/netlink for the queue's portid): a
# second, independent count of the packets that took an id and never
# arrived because the socket was full (fail-open accepts, or user_dropped
# without fail-open). Kernels with the NFQ verdict hash table also refuse
# packets after their id when the table is full (65536 queued), which
# the socket does not count.
# Use in $(...) || exit 1 while the consumer still holds QUEUE.
lab_netlink_drops() {
	local q="$1" portid
	portid=$(lab_queue_stat "$q" portid) || return 1
	[ "$portid" != unbound ] || lab_fail "lab_netlink_drops: queue $q is not bound"
	# Eth 12 is NETLINK_NETFILTER; portids are unique per protocol.
	lab_ips awk -v p="$portid" '$2 == 12 && $3 == p { print $9; found = 1 }
		END { if (!found) print "none" }' /proc/net/netlink
}

# lab_queue_kernel QUEUE: the kernel's figures of QUEUE in the ips as
# "id_sequence queue_dropped user_dropped socket_drops" (socket_drops:
# lab_netlink_drops), for lab_assert_queue_accounting. Read them after
# lab_quiesce, while the consumer still holds QUEUE:
#   k0=$(lab_queue_kernel 0) || exit 1
lab_queue_kernel() {
	local q="$1" seq qd ud drops
	seq=$(lab_queue_stat "$q" id_sequence) || return 1
	[ "$seq" != unbound ] || lab_fail "lab_queue_kernel: queue $q is not bound"
	qd=$(lab_queue_stat "$q" queue_dropped) || return 1
	ud=$(lab_queue_stat "$q" user_dropped) || return 1
	drops=$(lab_netlink_drops "$q") || return 1
	printf '%s %s %s %s\n' "$seq" "$qd" "$ud" "$drops"
}

# lab_assert_queue_accounting QUEUE KERNEL EVE: every packet the kernel
# gave an id on QUEUE is accounted for, exactly: with KERNEL from
# lab_queue_kernel and quelld's final stats event in EVE,
#   id_sequence = stats.nfq.queueQ.packets + user_dropped
#                 + stats.nfq.queueQ.kernel.failopen
# (failopen: accepted by the kernel's fail-open after taking an id), and
# the drops the kernel's socket layer counted for the queue socket <=
# failopen + user_dropped (the rest, logged, the kernel's verdict hash
# table refused: see lab_netlink_drops). Sets LAB_QUEUE_SEQ,
# LAB_QUEUE_QDROP (queue_dropped: a full queue, no id, fail-open off),
# LAB_QUEUE_FAILOPEN and LAB_QUEUE_PACKETS. Packets refused by a full
# queue with fail-open take no id: the NFQUEUE rule counter minus
# id_sequence minus queue_dropped of them passed uninspected.
LAB_QUEUE_SEQ=0
LAB_QUEUE_QDROP=0
LAB_QUEUE_FAILOPEN=0
LAB_QUEUE_PACKETS=0
lab_assert_queue_accounting() {
	local q="$1" eve="$3" seq qd ud drops s p fo fseq bad
	read -r seq qd ud drops <<<"$2"
	s=$(lab_final_stat "$eve" ".nfq.queue$q.packets" ".nfq.queue$q.bad_messages" \
		".nfq.queue$q.kernel.failopen" ".nfq.queue$q.kernel.id_sequence") || exit 1
	read -r p bad fo fseq <<<"$s"
	lab_assert_eq "queue $q: final stats kernel.id_sequence vs /proc" "$seq" "$fseq"
	lab_assert_eq "queue $q: bad messages" 0 "$bad"
	lab_assert_eq "queue $q: id_sequence = packets + user_dropped + kernel.failopen ($p + $ud + $fo)" \
		"$seq" "$((p + ud + fo))"
	[ "$drops" -le "$((fo + ud))" ] ||
		lab_fail "queue $q: the queue socket's drops $drops > kernel.failopen $fo + user_dropped $ud: quelld missed lost packets"
	lab_log "ok: queue $q: socket drops $drops <= kernel.failopen + user_dropped $((fo + ud))" \
		"($((fo + ud - drops)) refused by the kernel's verdict hash table after taking an id)"
	LAB_QUEUE_SEQ=$seq
	LAB_QUEUE_QDROP=$qd
	LAB_QUEUE_FAILOPEN=$fo
	LAB_QUEUE_PACKETS=$p
}

# lab_bound_queues: the queues bound in the ips, as "queue:portid" words
# in queue order (empty when none).
lab_bound_queues() {
	lab_ips awk '{ printf "%s%s:%s", sep, $1, $2; sep = " " } END { print "" }' \
		/proc/net/netfilter/nfnetlink_queue
}

# ---------------------------------------------------------------- requirements

# Check that this machine can run lab tests: root, network namespaces, veth,
# the chosen iptables variant with the NFQUEUE target (IPv4 and IPv6), and
# the tools the tests use. Anything missing is a hard error (exit 99), never
# a skip: a lab test that silently does not run proves nothing.
lab_require() {
	local tool probe=""

	[ "$(id -u)" = 0 ] || _lab_cannot_run "must run as root (network namespaces, iptables)"
	for tool in ip "$LAB_IPTABLES" "$LAB_IP6TABLES" sysctl curl ping jq timeout awk "$PYTHON"; do
		command -v "$tool" >/dev/null 2>&1 ||
			_lab_cannot_run "'$tool' not found (Debian: apt-get install iproute2 iptables procps curl iputils-ping jq python3)"
	done
	LAB_PYTHON=$(_lab_python_exe) || _lab_cannot_run "'$PYTHON' does not run python3 code"
	ip netns list >/dev/null 2>&1 || _lab_cannot_run "'ip netns' does not work here"
	[ -e /proc/self/ns/net ] || _lab_cannot_run "kernel without network namespaces (CONFIG_NET_NS)"

	# Probe inside a throwaway namespace so the root namespace is never touched.
	probe="${LAB_ID}p"
	if ! ip netns add "$probe" 2>/dev/null; then
		_lab_cannot_run "cannot create a network namespace (ip netns add)"
	fi
	local why=""
	if ! ip -n "$probe" link add lab0 type veth peer name lab1 2>/dev/null; then
		why="cannot create a veth pair (CONFIG_VETH)"
	elif ! ip netns exec "$probe" "$LAB_IPTABLES" -w 10 -A FORWARD -j NFQUEUE --queue-num 0 >/dev/null 2>&1; then
		why="'$LAB_IPTABLES -j NFQUEUE' rejected (needs CONFIG_NETFILTER_XT_TARGET_NFQUEUE and iptables)"
	elif ! ip netns exec "$probe" "$LAB_IP6TABLES" -w 10 -A FORWARD -j NFQUEUE --queue-num 0 >/dev/null 2>&1; then
		why="'$LAB_IP6TABLES -j NFQUEUE' rejected (needs ip6tables NFQUEUE support)"
	elif ! ip netns exec "$probe" test -r /proc/net/netfilter/nfnetlink_queue; then
		why="no /proc/net/netfilter/nfnetlink_queue (CONFIG_NETFILTER_NETLINK_QUEUE)"
	fi
	ip netns del "$probe" 2>/dev/null || true
	[ -z "$why" ] || _lab_cannot_run "$why"
	return 0
}

# ---------------------------------------------------------------- setup and cleanup

_lab_on_exit() {
	local rc=$?
	# Cleanup must run to the end whatever fails on the way.
	set +e
	exec 2>&"$LAB_STDERR"
	lab_cleanup "$rc"
	exit "$rc"
}

# lab_setup: build the topology described at the top of this file and arm
# the EXIT trap. Sets LAB_TMP (per-test temp dir).
lab_setup() {
	trap _lab_on_exit EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM

	LAB_TMP=$(mktemp -d "${TMPDIR:-/tmp}/quell-lab.XXXXXX") || lab_fail "mktemp failed"
	LAB_SETUP_DONE=1
	lab_log "namespaces $LAB_NS_C $LAB_NS_I $LAB_NS_S, temp dir $LAB_TMP, $LAB_IPTABLES"

	local ns
	for ns in "$LAB_NS_C" "$LAB_NS_I" "$LAB_NS_S"; do
		ip netns add "$ns" || lab_fail "ip netns add $ns"
		ip -n "$ns" link set lo up || lab_fail "lo up in $ns"
		# Addresses must work at once: no duplicate address detection.
		ip netns exec "$ns" sysctl -qw net.ipv6.conf.all.accept_dad=0 net.ipv6.conf.default.accept_dad=0 ||
			lab_fail "sysctl accept_dad in $ns"
	done

	# veth pairs get unique temporary names in the root namespace, move at
	# once into the lab and are renamed there.
	_lab_veth "${LAB_ID}ca" "$LAB_NS_C" eth0 "${LAB_ID}ic" "$LAB_NS_I" eth0
	_lab_veth "${LAB_ID}is" "$LAB_NS_I" eth1 "${LAB_ID}si" "$LAB_NS_S" eth0

	_lab_addr "$LAB_NS_C" eth0 "$LAB_CLIENT4/24" "$LAB_CLIENT6/64"
	_lab_addr "$LAB_NS_I" eth0 "$LAB_IPS_C4/24" "$LAB_IPS_C6/64"
	_lab_addr "$LAB_NS_I" eth1 "$LAB_IPS_S4/24" "$LAB_IPS_S6/64"
	_lab_addr "$LAB_NS_S" eth0 "$LAB_SERVER4/24" "$LAB_SERVER6/64"

	# Routes for the benchmark ranges only; no default route anywhere.
	ip -n "$LAB_NS_C" route add "$LAB_NET4" via "$LAB_IPS_C4" dev eth0 || lab_fail "client v4 route"
	ip -n "$LAB_NS_C" -6 route add "$LAB_NET6" via "$LAB_IPS_C6" dev eth0 || lab_fail "client v6 route"
	ip -n "$LAB_NS_S" route add "$LAB_NET4" via "$LAB_IPS_S4" dev eth0 || lab_fail "server v4 route"
	ip -n "$LAB_NS_S" -6 route add "$LAB_NET6" via "$LAB_IPS_S6" dev eth0 || lab_fail "server v6 route"

	lab_ips sysctl -qw net.ipv4.ip_forward=1 net.ipv6.conf.all.forwarding=1 ||
		lab_fail "enable forwarding in ips"

	# The lab must forward before any test rule exists, so a later failure
	# is quell's, not the lab's. Bounded: one ping per family, 5 tries.
	_lab_wait_ping "$LAB_SERVER4" || lab_fail "lab does not forward IPv4 (client -> server)"
	_lab_wait_ping "$LAB_SERVER6" || lab_fail "lab does not forward IPv6 (client -> server)"
	lab_log "lab ready"
	return 0
}

_lab_veth() {
	local tmp_a="$1" ns_a="$2" name_a="$3" tmp_b="$4" ns_b="$5" name_b="$6"
	ip link add "$tmp_a" type veth peer name "$tmp_b" || lab_fail "create veth $tmp_a/$tmp_b"
	ip link set "$tmp_a" netns "$ns_a" || lab_fail "move $tmp_a to $ns_a"
	ip link set "$tmp_b" netns "$ns_b" || lab_fail "move $tmp_b to $ns_b"
	ip -n "$ns_a" link set "$tmp_a" name "$name_a" || lab_fail "rename $tmp_a in $ns_a"
	ip -n "$ns_b" link set "$tmp_b" name "$name_b" || lab_fail "rename $tmp_b in $ns_b"
}

_lab_addr() {
	local ns="$1" dev="$2" a4="$3" a6="$4"
	ip netns exec "$ns" sysctl -qw "net.ipv6.conf.$dev.accept_dad=0" || lab_fail "accept_dad $dev in $ns"
	ip -n "$ns" addr add "$a4" dev "$dev" || lab_fail "addr $a4 in $ns"
	ip -n "$ns" -6 addr add "$a6" dev "$dev" nodad || lab_fail "addr $a6 in $ns"
	ip -n "$ns" link set "$dev" up || lab_fail "link $dev up in $ns"
}

_lab_wait_ping() {
	local dst="$1" i
	for ((i = 0; i < 5; i++)); do
		if lab_client ping -q -n -c 1 -W 1 "$dst" >/dev/null 2>&1; then
			return 0
		fi
		sleep 0.2
	done
	return 1
}

# End every process in namespace NS: TERM, wait up to 2 s, then KILL.
_lab_kill_ns() {
	local ns="$1" pids i
	pids=$(ip netns pids "$ns" 2>/dev/null) || return 0
	[ -n "$pids" ] || return 0
	# shellcheck disable=SC2086
	kill -TERM $pids 2>/dev/null || true
	for ((i = 0; i < 20; i++)); do
		pids=$(ip netns pids "$ns" 2>/dev/null) || pids=""
		[ -n "$pids" ] || return 0
		sleep 0.1
	done
	lab_log "killing leftover processes in $ns: $pids"
	# shellcheck disable=SC2086
	kill -KILL $pids 2>/dev/null || true
	for ((i = 0; i < 20; i++)); do
		pids=$(ip netns pids "$ns" 2>/dev/null) || pids=""
		[ -n "$pids" ] || return 0
		sleep 0.1
	done
	lab_log "processes in $ns survive SIGKILL: $pids"
	return 0
}

# lab_cleanup [RC]: end everything the lab started, delete the namespaces
# (their iptables rules go with them) and the temp dir (kept with
# QUELL_KEEP_LAB=1). With RC != 0, print the lab's logs first. Idempotent.
lab_cleanup() {
	local rc="${1:-0}" ns dev f pid
	[ "$LAB_CLEANED" = 1 ] && return 0
	LAB_CLEANED=1
	[ "$LAB_SETUP_DONE" = 1 ] || return 0

	if [ "$rc" != 0 ] && [ -n "$LAB_TMP" ] && [ -d "$LAB_TMP" ]; then
		for f in "$LAB_TMP"/*.log; do
			[ -f "$f" ] || continue
			printf -- '----- %s (last 60 lines)\n' "$f" >&2
			tail -n 60 "$f" >&2
		done
		printf -- '----- end of lab logs\n' >&2
	fi
	for ns in "$LAB_NS_C" "$LAB_NS_I" "$LAB_NS_S"; do
		_lab_kill_ns "$ns"
	done
	# Reap our own background children quietly (all ended above).
	for pid in "${LAB_PID[@]}"; do
		wait "$pid" 2>/dev/null || true
	done
	for ns in "$LAB_NS_C" "$LAB_NS_I" "$LAB_NS_S"; do
		if [ -e "/run/netns/$ns" ]; then
			ip netns del "$ns" 2>/dev/null || lab_log "could not delete namespace $ns"
		fi
	done
	# A setup that failed half way may leave a temporary veth behind.
	for dev in "${LAB_ID}ca" "${LAB_ID}ic" "${LAB_ID}is" "${LAB_ID}si"; do
		if ip link show "$dev" >/dev/null 2>&1; then
			ip link del "$dev" 2>/dev/null || true
		fi
	done
	if [ -n "$LAB_TMP" ] && [ -d "$LAB_TMP" ]; then
		if [ "${QUELL_KEEP_LAB:-0}" = 1 ]; then
			lab_log "kept $LAB_TMP"
		else
			rm -rf -- "$LAB_TMP"
		fi
	fi
	return 0
}

# ---------------------------------------------------------------- background programs

# _lab_spawn NAME NS EXE CMD ARGS...: start CMD in namespace NS in the
# background, stdout to $LAB_TMP/NAME.out, stderr to $LAB_TMP/NAME.log.
# EXE is the canonical path of the program's executable (/proc/PID/exe).
# Its real pid is taken from `ip netns pids` (the kernel's view): the new
# process in NS running EXE. (`ip netns exec` execs, so that normally is $!,
# but wrappers that fork are handled too.)
# Sets LAB_PID[NAME] and LAB_LOG[NAME].
_lab_spawn() {
	local name="$1" ns="$2" want="$3"
	shift 3
	local before pid="" p i exe
	before=" $(ip netns pids "$ns" | tr '\n' ' ') "
	LAB_LOG[$name]="$LAB_TMP/$name.log"
	ip netns exec "$ns" "$@" >"$LAB_TMP/$name.out" 2>"${LAB_LOG[$name]}" </dev/null &
	local spawned=$!
	for ((i = 0; i < 50; i++)); do
		for p in $(ip netns pids "$ns"); do
			case "$before" in *" $p "*) continue ;; esac
			exe=$(readlink "/proc/$p/exe" 2>/dev/null) || continue
			if [ "$exe" = "$want" ]; then
				pid="$p"
				break
			fi
		done
		[ -n "$pid" ] && break
		_lab_alive "$spawned" || break
		# A wrapper (shell script, interpreter shim) that execs the program
		# never shows EXE: after 1 s take $! if it lives in NS.
		if [ "$i" -ge 10 ]; then
			case " $(ip netns pids "$ns" | tr '\n' ' ') " in
			*" $spawned "*)
				pid="$spawned"
				lab_log "$name: pid $pid runs $(readlink "/proc/$pid/exe" 2>/dev/null), not $want"
				break
				;;
			esac
		fi
		sleep 0.1
	done
	if [ -z "$pid" ]; then
		local st=0
		wait "$spawned" 2>/dev/null || st=$?
		lab_fail "$name did not start (exit status $st; its log is below)"
	fi
	LAB_PID[$name]="$pid"
	lab_log "$name started, pid $pid"
}

# _lab_wait_queues NAME NS Q...: wait (at most 10 s) until every queue Q is
# bound in NS (listed in /proc/net/netfilter/nfnetlink_queue).
_lab_wait_queues() {
	local name="$1" ns="$2"
	shift 2
	local i q bound missing
	for ((i = 0; i < 100; i++)); do
		bound=" $(ip netns exec "$ns" awk '{ printf "%s ", $1 }' /proc/net/netfilter/nfnetlink_queue) "
		missing=""
		for q in "$@"; do
			case "$bound" in *" $q "*) ;; *) missing="$missing $q" ;; esac
		done
		if [ -z "$missing" ]; then
			lab_log "$name bound queue(s) $*"
			return 0
		fi
		if ! _lab_alive "${LAB_PID[$name]}"; then
			lab_fail "$name died before binding queue(s)$missing (its log is below)"
		fi
		sleep 0.1
	done
	lab_fail "$name did not bind queue(s)$missing within 10 s (its log is below)"
}

# True while PID runs (an exited child that was not reaped yet, a zombie,
# does not count).
_lab_alive() {
	local state
	state=$(awk '{ print $3 }' "/proc/$1/stat" 2>/dev/null) || return 1
	[ -n "$state" ] && [ "$state" != Z ]
}

# Queue numbers from "-q N", "-qN", "--queue N", "--queue=N" in an argument
# list, one per line; a range "A:B" gives A..B.
_lab_queue_args() {
	local next=0 a v
	for a in "$@"; do
		v=""
		if [ "$next" = 1 ]; then
			v="$a"
			next=0
		else
			case "$a" in
			-q | --queue) next=1 ;;
			-q[0-9]*) v="${a#-q}" ;;
			--queue=*) v="${a#--queue=}" ;;
			esac
		fi
		case "$v" in
		"") ;;
		*:*) seq "${v%%:*}" "${v#*:}" ;;
		*) printf '%s\n' "$v" ;;
		esac
	done
}

# lab_start_nfq NAME BINARY ARGS...: start an NFQUEUE consumer in the ips
# namespace and wait until it has bound every queue given with -q.
lab_start_nfq() {
	local name="$1" bin="$2"
	shift 2
	local -a queues
	[ -x "$bin" ] || lab_fail "$bin not built (run make first)"
	mapfile -t queues < <(_lab_queue_args "$@")
	[ "${#queues[@]}" -gt 0 ] || lab_fail "lab_start_nfq $name: no -q QUEUE given"
	_lab_spawn "$name" "$LAB_NS_I" "$(readlink -f "$bin")" "$bin" "$@"
	_lab_wait_queues "$name" "$LAB_NS_I" "${queues[@]}"
}

# lab_stop NAME: SIGTERM the program, wait up to 10 s for it to exit and
# return its exit status (124 if it had to be killed).
lab_stop() {
	local name="$1" pid i rc
	pid="${LAB_PID[$name]:-}"
	[ -n "$pid" ] || lab_fail "lab_stop: $name was not started"
	kill -TERM "$pid" 2>/dev/null || true
	for ((i = 0; i < 100; i++)); do
		_lab_alive "$pid" || break
		sleep 0.1
	done
	if _lab_alive "$pid"; then
		lab_log "$name (pid $pid) still running 10 s after SIGTERM; killing it"
		kill -KILL "$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
		rc=124
	else
		rc=0
		wait "$pid" 2>/dev/null || rc=$?
	fi
	unset 'LAB_PID[$name]'
	[ "$rc" = 0 ] || lab_log "$name exited with status $rc (see $name.log)"
	return "$rc"
}

# lab_start_quelld ARGS...: quelld in the ips namespace, stderr in
# $LAB_TMP/quelld.log; waits until its -q queues are bound.
lab_start_quelld() {
	# Each test's own control socket, so tests can run in parallel; a
	# later --set of the caller wins.
	lab_start_nfq quelld "$QUELL_TOP_BUILDDIR/daemon/quelld" \
		--set "unix-command.filename=$LAB_TMP/quelld.socket" "$@"
}

# lab_stop_quelld: SIGTERM quelld, return its exit status (must be 0).
lab_stop_quelld() {
	lab_stop quelld
}

# lab_stop_quelld_ok: the same, and the test fails unless quelld exited 0.
lab_stop_quelld_ok() {
	local rc=0
	lab_stop_quelld || rc=$?
	lab_assert_eq "quelld exit status after SIGTERM" 0 "$rc"
}

# The real executable behind $PYTHON (which may be a wrapper or a shim).
_lab_python_exe() {
	"$PYTHON" -c 'import os, sys; assert sys.version_info >= (3, 6); print(os.path.realpath(sys.executable))' 2>/dev/null
}

# lab_start_httpd [PORT]: the lab HTTP server on the server, listening on
# all its addresses (IPv4 and IPv6), requests logged to $LAB_TMP/httpd.log.
# Waits (at most 10 s) until it accepts connections.
lab_start_httpd() {
	local port="${1:-$LAB_HTTP_PORT}" i
	if [ -z "$LAB_PYTHON" ]; then
		LAB_PYTHON=$(_lab_python_exe) || lab_fail "$PYTHON does not run"
	fi
	_lab_spawn httpd "$LAB_NS_S" "$LAB_PYTHON" "$LAB_PYTHON" \
		"$QUELL_TOP_SRCDIR/tests/lab/httpd.py" --bind :: --port "$port" --log-requests
	for ((i = 0; i < 100; i++)); do
		# From inside the server namespace: never crosses the ips.
		if lab_server curl -s -o /dev/null --max-time 1 "http://$LAB_SERVER4:$port/ready" &&
			lab_server curl -s -o /dev/null --max-time 1 -g "http://[$LAB_SERVER6]:$port/ready"; then
			lab_log "httpd accepts on port $port"
			return 0
		fi
		_lab_alive "${LAB_PID[httpd]}" || break
		sleep 0.1
	done
	lab_fail "lab httpd did not accept connections within 10 s (its log is below)"
}

# ---------------------------------------------------------------- more client addresses

# lab_add_client_addrs N: give the client N more addresses per family, all
# on its eth0, in the client subnet: 198.18.1.10 .. 198.18.1.(9+N) and
# 2001:2:0:1::1:0 .. 2001:2:0:1::1:(N-1) (hex). The kernel's
# --queue-balance hashes addresses only, so traffic from several source
# addresses is what spreads over several queues. Sets the arrays
# LAB_CLIENT4_EXTRA and LAB_CLIENT6_EXTRA. Use them as source addresses
# with `curl --interface ADDR` or `ping -I ADDR`.
LAB_CLIENT4_EXTRA=()
LAB_CLIENT6_EXTRA=()
lab_add_client_addrs() {
	local n="$1" i a4 a6
	if [ "$n" -lt 1 ] || [ "$n" -gt 200 ]; then lab_fail "lab_add_client_addrs: N must be 1..200"; fi
	: >"$LAB_TMP/client-addrs.batch"
	for ((i = 0; i < n; i++)); do
		a4="198.18.1.$((10 + i))"
		a6="2001:2:0:1::1:$(printf '%x' "$i")"
		printf 'addr add %s/24 dev eth0\naddr add %s/64 dev eth0 nodad\n' "$a4" "$a6" \
			>>"$LAB_TMP/client-addrs.batch"
		LAB_CLIENT4_EXTRA+=("$a4")
		LAB_CLIENT6_EXTRA+=("$a6")
	done
	ip -n "$LAB_NS_C" -batch "$LAB_TMP/client-addrs.batch" || lab_fail "cannot add the client addresses"
	lab_log "client has $n more addresses per family (${LAB_CLIENT4_EXTRA[0]}.., ${LAB_CLIENT6_EXTRA[0]}..)"
}

# ---------------------------------------------------------------- UDP traffic

# lab_udp_blast [-n NS] [-s SRC] DST PORT COUNT [SIZE]
# Send exactly COUNT UDP datagrams of SIZE payload bytes (default 18, the
# smallest that makes a 64-byte Ethernet frame over IPv4) from namespace NS
# (default the client) to DST:PORT, as fast as one python3 loop can, from
# one socket (one flow). Bounded in count and, by timeout, in time (30 s).
# Prints "sent S errors E seconds T" (a send that fails, e.g. ENOBUFS, is
# counted as an error and not retried).
lab_udp_blast() {
	local ns="$LAB_NS_C" src=""
	while [ $# -gt 0 ]; do
		case "$1" in
		-n) ns="$2"; shift 2 ;;
		-s) src="$2"; shift 2 ;;
		*) break ;;
		esac
	done
	local dst="$1" port="$2" count="$3" size="${4:-18}"
	if [ "$count" -lt 1 ] || [ "$count" -gt 10000000 ]; then lab_fail "lab_udp_blast: COUNT must be 1..10000000"; fi
	[ -n "$LAB_PYTHON" ] || LAB_PYTHON=$(_lab_python_exe) || lab_fail "$PYTHON does not run"
	ip netns exec "$ns" timeout 30 "$LAB_PYTHON" -c '
import socket, sys, time
dst, port, count, size, src = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
fam = socket.AF_INET6 if ":" in dst else socket.AF_INET
s = socket.socket(fam, socket.SOCK_DGRAM)
if src:
    s.bind((src, 0))
s.connect((dst, port))
payload = b"q" * size
send = s.send
sent = errors = 0
t0 = time.monotonic()
for _ in range(count):
    try:
        send(payload)
        sent += 1
    except OSError:
        errors += 1
print("sent %d errors %d seconds %.3f" % (sent, errors, time.monotonic() - t0))
' "$dst" "$port" "$count" "$size" "$src"
}

# lab_start_udp_sink PORT...: a UDP receiver on the server, bound to every
# address (IPv4 and IPv6) on each PORT; lab_stop udpsink makes it write
# "PORT COUNT" lines (datagrams received per port) to $LAB_TMP/udpsink.out.
# Its receive buffers are as large as the kernel allows root (32 MiB).
lab_start_udp_sink() {
	[ $# -ge 1 ] || lab_fail "lab_start_udp_sink: no port"
	[ -n "$LAB_PYTHON" ] || LAB_PYTHON=$(_lab_python_exe) || lab_fail "$PYTHON does not run"
	_lab_spawn udpsink "$LAB_NS_S" "$LAB_PYTHON" "$LAB_PYTHON" -c '
import selectors, signal, socket, sys
SO_RCVBUFFORCE = getattr(socket, "SO_RCVBUFFORCE", 33)
stop = False
def on_term(sig, frame):
    global stop
    stop = True
signal.signal(signal.SIGTERM, on_term)
signal.signal(signal.SIGINT, on_term)
sel = selectors.DefaultSelector()
counts = {}
for port in map(int, sys.argv[1:]):
    s = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM)
    s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
    try:
        s.setsockopt(socket.SOL_SOCKET, SO_RCVBUFFORCE, 32 << 20)
    except OSError:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 32 << 20)
    s.bind(("::", port))
    s.setblocking(False)
    sel.register(s, selectors.EVENT_READ, port)
    counts[port] = 0
print("ready", flush=True)
while not stop:
    for key, _ in sel.select(0.2):
        while True:
            try:
                key.fileobj.recv(65535)
            except (BlockingIOError, InterruptedError):
                break
            counts[key.data] += 1
for port in sorted(counts):
    print(port, counts[port])
sys.stdout.flush()
' "$@"
	local i
	for ((i = 0; i < 100; i++)); do
		grep -q '^ready$' "$LAB_TMP/udpsink.out" 2>/dev/null && {
			lab_log "udp sink listens on port(s) $*"
			return 0
		}
		_lab_alive "${LAB_PID[udpsink]}" || break
		sleep 0.1
	done
	lab_fail "udp sink did not start within 10 s (its log is below)"
}

# lab_udp_sink_count PORT: after lab_stop udpsink, datagrams it received
# on PORT.
lab_udp_sink_count() {
	awk -v p="$1" '$1 == p { print $2; found = 1 } END { if (!found) print "none" }' "$LAB_TMP/udpsink.out"
}

# ---------------------------------------------------------------- eve.json
# lab_server_url SRC: the lab server's HTTP URL base in SRC's address
# family.
lab_server_url() {
	case "$1" in
	*:*) printf 'http://[%s]:%s' "$LAB_SERVER6" "$LAB_HTTP_PORT" ;;
	*) printf 'http://%s:%s' "$LAB_SERVER4" "$LAB_HTTP_PORT" ;;
	esac
}

# lab_curl_all PATH MAXTIME: one curl process in the client fetching PATH
# from every address of the caller's srcs array at once (--parallel, one
# --next group per source address); the body of source i in
# $LAB_TMP/body.i; prints "EXITCODE INDEX" per transfer.
lab_curl_all() {
	local path="$1" max="$2" i
	local -a args=(--parallel --parallel-immediate --parallel-max "${#srcs[@]}")
	for i in "${!srcs[@]}"; do
		[ "$i" = 0 ] || args+=(--next)
		args+=(-s -g --max-time "$max" --interface "${srcs[$i]}" -o "$LAB_TMP/body.$i"
			-w "%{exitcode} $i\n" "$(lab_server_url "${srcs[$i]}")$path")
	done
	lab_client curl "${args[@]}"
}


# lab_ping_all_start: one echo request from every address of the
# caller's srcs array to the server of its family, in the background
# (bounded by ping -W 3); lab_ping_all_wait fails unless each got its
# reply.
LAB_PING_PIDS=()
lab_ping_all_start() {
	local src dst
	LAB_PING_PIDS=()
	for src in "${srcs[@]}"; do
		case "$src" in
		*:*) dst="$LAB_SERVER6" ;;
		*) dst="$LAB_SERVER4" ;;
		esac
		lab_client ping -q -n -c 1 -W 3 -I "$src" "$dst" >/dev/null 2>&1 &
		LAB_PING_PIDS+=("$!")
	done
}
lab_ping_all_wait() {
	local i
	for i in "${!LAB_PING_PIDS[@]}"; do
		wait "${LAB_PING_PIDS[$i]}" || lab_fail "ping from ${srcs[$i]} got no reply"
	done
}

# lab_eve_check EVE: eve.json exists, every line is a JSON object and the
# last one is a stats event (quelld writes a final one at exit).
lab_eve_check() {
	local eve="$1" lines objects last
	[ -s "$eve" ] || lab_fail "$eve is missing or empty"
	lines=$(wc -l <"$eve")
	objects=$(jq -R -r 'fromjson | type == "object"' "$eve" | grep -c '^true$')
	lab_assert_eq "eve.json lines that are JSON objects" "$lines" "$objects"
	last=$(tail -n 1 "$eve" | jq -r '.event_type')
	lab_assert_eq "event_type of the last eve.json line" stats "$last"
}

# lab_final_stat EVE PATH...: the numbers at PATH (jq paths below .stats,
# e.g. .nfq.packets .nfq.queue0.kernel.id_sequence) in the final stats
# event, space separated. Fails if one is missing or not a number. Use as
#   read -r p a < <(lab_final_stat "$eve" .nfq.packets .nfq.accepted) ...
# or v=$(lab_final_stat "$eve" .nfq.packets) || exit 1
lab_final_stat() {
	local eve="$1" path out
	shift
	local -a vals=()
	for path in "$@"; do
		out=$(tail -n 1 "$eve" | jq -r ".stats$path | if type == \"number\" then . else \"missing\" end" 2>/dev/null)
		case "$out" in
		"" | *[!0-9]*) lab_fail "final stats event: .stats$path is ${out:-unreadable}: $(tail -n 1 "$eve")" ;;
		esac
		vals+=("$out")
	done
	printf '%s\n' "${vals[*]}"
}

# lab_eve_alerts EVE SID [FILTER]: number of alert events for SID, with an
# optional extra jq condition (e.g. '.alert.action == "blocked"').
lab_eve_alerts() {
	local eve="$1" sid="$2" filter="${3:-true}"
	jq -r --argjson sid "$sid" "select(.event_type == \"alert\" and .alert.signature_id == \$sid and ($filter)) | 1" "$eve" |
		wc -l
}
