#!/usr/bin/env bash
# The stream engine inline, on real connections through NFQUEUE (the lab
# httpd is the server, tests/lab/tcp_client.py the client):
# - a request sent one byte per TCP segment (TCP_NODELAY, one send() per
#   byte) that matches
#   `drop tcp ... (flow:established,to_server; content:"/attack"; ...)`
#   gets no reply and never reaches the server; the same slicing of
#   GET /ok gets its 200; the NFQUEUE rule counted at least one packet
#   per byte; eve holds a blocked alert for the rule;
# - stream.memcap too small for any session, memcap-policy drop-flow: a
#   connection's request never reaches the server, and the final stats
#   count it (exception_policy.tcp.ssn_memcap.drop_flow and
#   tcp.ssn_memcap_drop >= 1); memcap-policy ignore: the request is
#   answered and counted under .ignore;
# - a connection open before quelld (re)starts is picked up midstream
#   (stats flow.midstream >= 1) and inspected: after a restart, GET /ok2
#   on it is answered, GET /attack on it is dropped and never reaches the
#   server.
# shellcheck disable=SC2016,SC2119 # jq programs in single quotes; optional helper args
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"

CONFIG="$QUELL_TOP_SRCDIR/etc/quell.yaml"
CLIENT="$QUELL_TOP_SRCDIR/tests/lab/tcp_client.py"
RULE='-j NFQUEUE --queue-num 0 --queue-bypass'
SID=1500001

lab_require
[ -x "$QUELL_TOP_BUILDDIR/daemon/quelld" ] || lab_fail "daemon/quelld is not built in $QUELL_TOP_BUILDDIR"
[ -r "$CLIENT" ] || lab_fail "$CLIENT is missing"
lab_setup

cat >"$LAB_TMP/stream.rules" <<EOF
drop tcp any any -> any $LAB_HTTP_PORT (msg:"LAB stream attack"; flow:established,to_server; content:"/attack"; sid:$SID; rev:1;)
EOF

lab_start_httpd
# shellcheck disable=SC2086
lab_ipt -I FORWARD $RULE || lab_fail "insert IPv4 NFQUEUE rule"

client() { lab_client "$LAB_PYTHON" "$CLIENT" "$@"; }
server_saw() { grep -c "GET $1 " "$LAB_TMP/httpd.log"; }
# Between phases the FORWARD chain stays closed (lab_quiesce) until the
# next quelld has bound the queue: nothing passes uninspected through
# --queue-bypass meanwhile.
quiesced=0
start() {	# start LOGDIR ARGS...: quelld, then open the chain again
	local dir="$1"
	shift
	mkdir -p "$dir"
	lab_start_quelld -c "$CONFIG" -S "$LAB_TMP/stream.rules" -l "$dir" -q 0 "$@"
	if [ "$quiesced" = 1 ]; then
		lab_unquiesce
		quiesced=0
	fi
}
stop() {	# stop: close the chain, wait for the verdicts, stop quelld
	local rc=0
	lab_quiesce
	quiesced=1
	lab_stop_quelld || rc=$?
	lab_assert_eq "quelld exit status after SIGTERM" 0 "$rc"
}

# ---------------------------------------------------------------- 1 byte per segment
start "$LAB_TMP/log1"
before=$(lab_ipt_counter FORWARD "$RULE") || exit 1
out=$(client bytes "$LAB_SERVER4" "$LAB_HTTP_PORT" /ok) || lab_fail "tcp_client bytes /ok failed"
lab_assert_eq "GET /ok one byte per segment" "/ok 200" "$out"
lab_settle_counter FORWARD "$RULE" || exit 1
after=$(lab_ipt_counter FORWARD "$RULE") || exit 1
req=$(printf 'GET /ok HTTP/1.1\r\nHost: lab\r\nUser-Agent: quell-lab\r\n\r\n' | wc -c)
[ "$((after - before))" -ge "$req" ] ||
	lab_fail "only $((after - before)) packets queued for a $req-byte request sent a byte per segment"
lab_log "ok: $((after - before)) packets queued for the $req-byte request"
out=$(client bytes "$LAB_SERVER4" "$LAB_HTTP_PORT" /attack) || lab_fail "tcp_client bytes /attack failed"
lab_assert_eq "GET /attack one byte per segment" "/attack timeout" "$out"
stop
lab_eve_check "$LAB_TMP/log1/eve.json"
lab_assert_eq "GET /attack requests the server saw" 0 "$(server_saw /attack)"
n=$(lab_eve_alerts "$LAB_TMP/log1/eve.json" "$SID" '.alert.action == "blocked"')
[ "$n" -ge 1 ] || lab_fail "no blocked alert for sid $SID in eve.json"
lab_log "ok: the sliced /attack was dropped ($n blocked alert(s)), the server never saw it"

# ---------------------------------------------------------------- stream memcap
memcap_phase() {	# memcap_phase POLICY PATH WANT
	local policy="$1" path="$2" want="$3" dir="$LAB_TMP/log-$1" out n
	start "$dir" --set stream.memcap=16 --set "stream.memcap-policy=$policy"
	out=$(client once "$LAB_SERVER4" "$LAB_HTTP_PORT" "$path") ||
		lab_fail "tcp_client once $path failed"
	lab_assert_eq "GET $path with memcap-policy $policy" "$path $want" "$out"
	stop
	lab_eve_check "$dir/eve.json"
	n=$(lab_final_stat "$dir/eve.json" ".exception_policy.tcp.ssn_memcap.${policy//-/_}") || exit 1
	[ "$n" -ge 1 ] || lab_fail "exception_policy.tcp.ssn_memcap.$policy is $n"
	n=$(lab_final_stat "$dir/eve.json" .tcp.ssn_memcap_drop) || exit 1
	[ "$n" -ge 1 ] || lab_fail "tcp.ssn_memcap_drop is $n with memcap-policy $policy"
	lab_log "ok: memcap-policy $policy applied and counted"
}
memcap_phase drop-flow /memcap-drop timeout
lab_assert_eq "GET /memcap-drop requests the server saw" 0 "$(server_saw /memcap-drop)"
memcap_phase ignore /memcap-ignore 200
lab_assert_eq "GET /memcap-ignore requests the server saw" 1 "$(server_saw /memcap-ignore)"

# ---------------------------------------------------------------- midstream after a restart
mkdir -p "$LAB_TMP/keep"
start "$LAB_TMP/log2"
client keep "$LAB_SERVER4" "$LAB_HTTP_PORT" "$LAB_TMP/keep" /ok1 /ok2 /attack \
	>"$LAB_TMP/keep.out" 2>&1 &
keep_pid=$!
for ((i = 0; i < 100; i++)); do
	[ -e "$LAB_TMP/keep/ready" ] && break
	sleep 0.1
done
[ -e "$LAB_TMP/keep/ready" ] || lab_fail "the client did not get its first reply in 10 s: $(cat "$LAB_TMP/keep.out")"
# the restart: no packet of the connection moves meanwhile (the client
# waits for go), so the new quelld first sees it with GET /ok2
stop
start "$LAB_TMP/log3"
: >"$LAB_TMP/keep/go"
rc=0
wait "$keep_pid" || rc=$?
lab_assert_eq "tcp_client keep exit status" 0 "$rc"
lab_assert_eq "replies on the connection kept across the restart" \
	"/ok1 200 /ok2 200 /attack timeout" "$(tr '\n' ' ' <"$LAB_TMP/keep.out" | sed 's/ $//')"
stop
lab_eve_check "$LAB_TMP/log3/eve.json"
n=$(lab_final_stat "$LAB_TMP/log3/eve.json" .flow.midstream) || exit 1
[ "$n" -ge 1 ] || lab_fail "flow.midstream is $n after the restart"
lab_assert_eq "GET /attack requests the server saw" 0 "$(server_saw /attack)"
lab_assert_eq "GET /ok2 requests the server saw" 1 "$(server_saw /ok2)"
n=$(lab_eve_alerts "$LAB_TMP/log3/eve.json" "$SID" '.alert.action == "blocked"')
[ "$n" -ge 1 ] || lab_fail "no blocked alert for sid $SID after the restart"
lab_log "ok: the connection picked up midstream was inspected: /attack dropped"
echo "PASS: the stream engine inline: sliced request, memcap policies, midstream pickup ($LAB_IPTABLES)"
