#!/usr/bin/env bash
# TCP urgent data inline, on real connections through NFQUEUE (the lab
# httpd, Python's http.server, reads without SO_OOBINLINE, as most
# servers: the urgent byte is not in what it reads). The client
# (tests/lab/tcp_client.py urgent) sends "GET /mal", then "X" with
# MSG_OOB (a URG segment whose urgent byte is "X"), then "icious ...":
# the server reads "GET /malicious". Rules: drop on raw stream content
# "/malicious" and on http.uri "/malicious". Per
# stream.reassembly.urgent.policy:
# - inline (the default, Suricata 7.0.6's behaviour): quell inspects
#   "/malXicious", nothing matches, the request reaches the server and
#   is answered (the evasion the other policies close);
# - oob: quell takes the byte out as the server does: the request is
#   dropped (a blocked alert), no reply, the server never sees it;
#   tcp.urgent_oob_data >= 1;
# - gap: the byte is a hole: the http.uri rule (libhtp reads around it)
#   drops the request, the server never sees it;
# - drop: every URG segment is dropped (ips.drop_reason.stream_urgent
#   >= 1, the client's retransmissions of it too), the request never
#   completes, the server never sees it.
# shellcheck disable=SC2119 # optional helper args
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"

CONFIG="$QUELL_TOP_SRCDIR/etc/quell.yaml"
CLIENT="$QUELL_TOP_SRCDIR/tests/lab/tcp_client.py"
RULE='-j NFQUEUE --queue-num 0 --queue-bypass'

lab_require
[ -x "$QUELL_TOP_BUILDDIR/daemon/quelld" ] || lab_fail "daemon/quelld is not built in $QUELL_TOP_BUILDDIR"
[ -r "$CLIENT" ] || lab_fail "$CLIENT is missing"
lab_setup

printf '%s\n' \
	"drop tcp any any -> any $LAB_HTTP_PORT (msg:\"LAB urgent raw\"; flow:established,to_server; content:\"/malicious\"; sid:1500101; rev:1;)" \
	'drop http any any -> any any (msg:"LAB urgent uri"; http.uri; content:"/malicious"; sid:1500102; rev:1;)' \
	>"$LAB_TMP/urgent.rules"

lab_start_httpd
# shellcheck disable=SC2086
lab_ipt -I FORWARD $RULE || lab_fail "insert IPv4 NFQUEUE rule"

client() { lab_client "$LAB_PYTHON" "$CLIENT" "$@"; }
server_saw() { grep -c "GET $1 " "$LAB_TMP/httpd.log"; }
quiesced=0
start() {	# start LOGDIR ARGS...: quelld, then open the chain again
	local dir="$1"
	shift
	mkdir -p "$dir"
	lab_start_quelld -c "$CONFIG" -S "$LAB_TMP/urgent.rules" -l "$dir" -q 0 "$@"
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
# "GET /mal" is 8 bytes: the urgent X goes between "/mal" and "icious"
CUT=8

phase() {	# phase POLICY PATH WANT: one request with the policy
	local pol="$1" path="$2" want="$3" dir="$LAB_TMP/log-$1" out n
	start "$dir" --set "stream.reassembly.urgent.policy=$pol"
	out=$(client urgent "$LAB_SERVER4" "$LAB_HTTP_PORT" "$path" "$CUT") ||
		lab_fail "tcp_client urgent $path failed"
	lab_assert_eq "GET $path split by urgent data, policy $pol" "$path $want" "$out"
	stop
	lab_eve_check "$dir/eve.json"
	n=$(lab_final_stat "$dir/eve.json" .tcp.urg) || exit 1
	[ "$n" -ge 1 ] || lab_fail "policy $pol: tcp.urg is $n"
}
blocked() {	# blocked POLICY: eve has a blocked alert of either rule
	local n
	n=$(jq -c 'select(.event_type == "alert" and .alert.action == "blocked" and
	    (.alert.signature_id == 1500101 or .alert.signature_id == 1500102))' \
		"$LAB_TMP/log-$1/eve.json" | wc -l)
	[ "$n" -ge 1 ] || lab_fail "policy $1: no blocked alert"
}

phase inline /malicious 200
lab_assert_eq "policy inline: requests the server saw" 1 "$(server_saw /malicious)"
lab_log "ok: inline: the split request passes (quell inspected /malXicious)"

phase oob /malicious timeout
blocked oob
lab_assert_eq "policy oob: requests the server saw (all phases)" 1 "$(server_saw /malicious)"
n=$(lab_final_stat "$LAB_TMP/log-oob/eve.json" .tcp.urgent_oob_data) || exit 1
[ "$n" -ge 1 ] || lab_fail "policy oob: tcp.urgent_oob_data is $n"
lab_log "ok: oob: the request quell read as the server would is dropped"

phase gap /malicious timeout
blocked gap
lab_assert_eq "policy gap: requests the server saw (all phases)" 1 "$(server_saw /malicious)"
lab_log "ok: gap: the http.uri rule drops the request around the hole"

phase drop /malicious timeout
lab_assert_eq "policy drop: requests the server saw (all phases)" 1 "$(server_saw /malicious)"
n=$(lab_final_stat "$LAB_TMP/log-drop/eve.json" .ips.drop_reason.stream_urgent) || exit 1
[ "$n" -ge 1 ] || lab_fail "policy drop: ips.drop_reason.stream_urgent is $n"
lab_log "ok: drop: the URG segments are dropped ($n), the request never completes"
echo "PASS: urgent data inline: inline passes the split request, oob, gap and drop stop it ($LAB_IPTABLES)"
