# shellcheck shell=bash disable=SC2034 # constants used by the tests
# Helpers shared by the quelld bypass lab tests (t_bypass_*.sh), sourced
# after tests/lab/lib.sh.

BYPASS_MARK=0x40000000
BYPASS_NFQ_RULE='-j NFQUEUE --queue-num 0 --queue-bypass'
BYPASS_CM_RULE="-m connmark --mark $BYPASS_MARK/$BYPASS_MARK -j ACCEPT"
# The first HTTP response of every lab download is bypassed.
BYPASS_RULE='alert tcp any 8080 -> any any (msg:"bypass the download"; flow:established,to_client; content:"HTTP/1."; bypass; sid:5; rev:1;)'
QUELLCTL="$QUELL_TOP_BUILDDIR/daemon/quellctl"

# bypass_require: what every bypass test needs besides lab_require.
bypass_require() {
	command -v conntrack >/dev/null 2>&1 ||
		_lab_cannot_run "'conntrack' not found (Debian: apt-get install conntrack)"
	[ -x "$QUELLCTL" ] || lab_fail "$QUELLCTL is not built"
}

# bypass_rules [-6]: the connmark ACCEPT rule first, then the NFQUEUE
# rule, in the ips' FORWARD chain (IPv4 and IPv6).
bypass_rules() {
	local ipt
	for ipt in lab_ipt lab_ip6t; do
		# shellcheck disable=SC2086 # rule specs are word lists
		$ipt -I FORWARD $BYPASS_NFQ_RULE || lab_fail "$ipt: insert the NFQUEUE rule"
		# shellcheck disable=SC2086
		$ipt -I FORWARD 1 $BYPASS_CM_RULE || lab_fail "$ipt: insert the connmark rule"
	done
}

# bypass_short_close: conntrack in the ips forgets a TCP connection a
# second or two after its FINs (default: TIME_WAIT 120 s), so a download
# that ends by FIN is destroyed, and gets its final record, within the
# test. Established connections keep the default timeout. Per namespace.
bypass_short_close() {
	lab_ips sysctl -qw net.netfilter.nf_conntrack_tcp_timeout_time_wait=1 \
		net.netfilter.nf_conntrack_tcp_timeout_close=1 \
		net.netfilter.nf_conntrack_tcp_timeout_fin_wait=2 \
		net.netfilter.nf_conntrack_tcp_timeout_close_wait=2 \
		net.netfilter.nf_conntrack_tcp_timeout_last_ack=2 ||
		lab_fail "cannot shorten the conntrack TCP close timeouts in the ips"
}

# bypass_small_client_window: the client's TCP receive buffer stays
# small (256 KiB at most), so a download through the ips runs at curl's
# --limit-rate instead of crossing it in a burst into socket buffers: a
# restart or a stop in its middle then meets live traffic.
bypass_small_client_window() {
	lab_client sysctl -qw net.ipv4.tcp_rmem="4096 65536 262144" ||
		lab_fail "cannot set tcp_rmem in the client"
}

# bypass_lab: the lab of the daemon bypass tests: namespaces, httpd, short
# conntrack close timeouts, a small client window, the FORWARD rules.
bypass_lab() {
	lab_require
	bypass_require
	lab_setup
	lab_start_httpd
	bypass_short_close
	bypass_small_client_window
	bypass_rules
}

# bypass_end_one_record FAMILY EVE QUEUED BYPASSED: deletes the download's
# conntrack entry (FAMILY ipv4 or ipv6), waits for its flow record, stops
# quelld, and asserts exactly one flow record for port 8080, with a
# bypassed section, whose inspected + bypassed packets equal QUEUED +
# BYPASSED (the NFQUEUE and connmark rule counters) exactly: quell
# followed the connection from its handshake, so the bypassed part is
# conntrack's total minus what quell inspected, the packets in flight at
# the bypass included. Sets BYPASS_RECORD to the record.
bypass_end_one_record() {
	local family="$1" eve="$2" q="$3" b="$4" i total
	lab_ips conntrack -f "$family" -D -p tcp --dport "$LAB_HTTP_PORT" >/dev/null 2>&1 ||
		lab_fail "conntrack -D of the download's entry"
	for ((i = 0; i < 50; i++)); do
		jq -e 'select(.event_type == "flow" and .flow.bypassed != null)' "$eve" >/dev/null 2>&1 && break
		sleep 0.2
	done
	lab_quiesce
	lab_stop_quelld || lab_fail "quelld exited with status $? after SIGTERM"
	# Exactly one: the packets still queued when the bypass landed make
	# no flow of their own (the flow table keeps a stub of the tuple).
	BYPASS_RECORD=$(jq -c 'select(.event_type == "flow" and .dest_port == '"$LAB_HTTP_PORT"')' "$eve")
	lab_assert_eq "flow records of the download" 1 "$(printf '%s\n' "$BYPASS_RECORD" | grep -c .)"
	[ "$(printf '%s' "$BYPASS_RECORD" | jq '.flow.bypassed != null')" = true ] ||
		lab_fail "the flow record has no bypassed section: $BYPASS_RECORD"
	lab_log "flow record: $(printf '%s' "$BYPASS_RECORD" | jq -c '{reason: .flow.reason, pkts: (.flow.pkts_toserver + .flow.pkts_toclient), bypassed: (.flow.bypassed.pkts_toserver + .flow.bypassed.pkts_toclient), bypassed_bytes: .flow.bypassed.bytes_toclient}')"
	total=$(printf '%s' "$BYPASS_RECORD" | jq '.flow.pkts_toserver + .flow.pkts_toclient + .flow.bypassed.pkts_toserver + .flow.bypassed.pkts_toclient')
	# Every packet of the connection crossed FORWARD through one of the
	# two rules; the download is the only TCP connection to port 8080
	# (httpd's readiness probes ran inside the server namespace).
	[ "$total" -eq $((q + b)) ] || lab_fail "inspected + bypassed packets = $total, iptables saw $((q + b))"
	lab_log "ok: inspected + bypassed = $total, iptables rules saw $((q + b))"
}

# ctl ARGS...: quellctl --json against the running quelld; prints the reply.
ctl() {
	"$QUELLCTL" -s "$LAB_TMP/quelld.socket" --json "$@"
}

# ctl_counter NAME: one counter of `quellctl counters` (e.g. bypass.active).
ctl_counter() {
	local out v
	out=$(ctl counters) || lab_fail "quellctl counters failed: $out"
	v=$(printf '%s' "$out" | jq -r --arg k "$1" '.message[$k] // "missing"')
	case "$v" in
	"" | *[!0-9]*) lab_fail "quellctl counters: $1 is $v" ;;
	esac
	printf '%s\n' "$v"
}

# wait_until SECONDS WHAT CMD...: run CMD every 0.2 s until it succeeds;
# fail the test with WHAT after SECONDS.
wait_until() {
	local max="$1" what="$2" i
	shift 2
	for ((i = 0; i < max * 5; i++)); do
		"$@" && return 0
		sleep 0.2
	done
	lab_fail "$what (waited $max s)"
}

# download_start NAME URL RATE [CURL ARGS...]: curl in the client in the
# background, body to $LAB_TMP/NAME.body; sets DL_PID[NAME].
declare -A DL_PID=()
download_start() {
	local name="$1" url="$2" rate="$3"
	shift 3
	lab_client curl -sS -g --max-time 50 --limit-rate "$rate" "$@" -o "$LAB_TMP/$name.body" "$url" \
		2>"$LAB_TMP/$name.curl" &
	DL_PID[$name]=$!
}

# download_check NAME BYTES: wait for the download, check its checksum.
download_check() {
	local name="$1" size="$2" rc=0 want got
	wait "${DL_PID[$name]}" || rc=$?
	[ "$rc" = 0 ] || lab_fail "download $name: curl exit status $rc: $(cat "$LAB_TMP/$name.curl")"
	want=$("$LAB_PYTHON" "$QUELL_TOP_SRCDIR/tests/lab/httpd.py" --print-big "$size" | sha256sum | cut -d' ' -f1)
	got=$(sha256sum "$LAB_TMP/$name.body" | cut -d' ' -f1)
	lab_assert_eq "sha256 of download $name ($size bytes)" "$want" "$got"
}

# ct_sport FAMILY CLIENT: source port of the client's download in
# conntrack (empty while there is none).
ct_sport() {
	lab_ips conntrack -L -f "ipv$1" -p tcp --dport "$LAB_HTTP_PORT" -s "$2" 2>/dev/null |
		tr ' ' '\n' | awk -F= '$1 == "sport" { print $2; exit }'
}

# have_ct_sport FAMILY CLIENT: true once conntrack has the download.
have_ct_sport() {
	[ -n "$(ct_sport "$1" "$2")" ]
}

# ct_marked FAMILY SPORT: 1 if conntrack's entry of the download from
# SPORT carries the bypass mark, else 0.
ct_marked() {
	lab_ips conntrack -L -f "ipv$1" -p tcp --dport "$LAB_HTTP_PORT" --sport "$2" \
		--mark "$BYPASS_MARK/$BYPASS_MARK" 2>/dev/null | grep -c "sport=$2 "
}

# flow_records EVE SPORT [FILTER]: the eve flow events of the download
# from SPORT to the lab httpd (one JSON object per line), with an optional
# extra jq condition.
flow_records() {
	jq -c --argjson sp "$2" --argjson dp "$LAB_HTTP_PORT" \
		"select(.event_type == \"flow\" and .src_port == \$sp and .dest_port == \$dp and (${3:-true}))" "$1"
}

# have_flow_record EVE SPORT [FILTER]: true once eve has such a record.
have_flow_record() {
	[ -n "$(flow_records "$@" 2>/dev/null)" ]
}

# count_lines TEXT: number of non-empty lines.
count_lines() {
	printf '%s\n' "$1" | grep -c .
}

# near WHAT A B TOLERANCE: |A - B| <= TOLERANCE
near() {
	local d=$(($2 - $3))
	[ "$d" -lt 0 ] && d=$((-d))
	[ "$d" -le "$4" ] || lab_fail "$1: $2 and $3 differ by $d (> $4)"
	lab_log "ok: $1: $2 ~ $3 (off by $d)"
}
