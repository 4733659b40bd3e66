#!/usr/bin/env bash
# HTTP/1.1 through quelld inline (NFQUEUE in the ips namespace), with real
# clients (curl, a raw-socket client) and the lab's HTTP server:
# - a gzip-compressed response body is matched by file.data (the client
#   gets the page intact), and so is a chunked one (5-byte chunks, the
#   marker across chunk boundaries), and a deflate (zlib) one in 3-byte
#   chunks (libhtp 0.5.42 inflated such pieces to garbage: the glue
#   inflates single gzip/deflate layers itself);
# - a request split across segments (GET /split-at | tack ...) is blocked
#   by a drop rule on http.uri: the server never sees it, the client gets
#   no response; the same split of a harmless URI is answered;
# - a drop rule on a response body (file.data) drops the response: the
#   client never gets the body (curl times out), the alert is blocked;
# - pipelined requests on one connection, one per segment: the one before
#   the bad one is answered, the bad one (and, as Suricata drops the rest
#   of the flow, the one after it) never reaches the server; a new
#   connection is served again;
# - ET Open's emerging-user_agents.rules (tests/data/et-open) loads whole,
#   and its ChilkatUpload rule (sid 2016904) alerts on curl -A
#   ChilkatUpload/9.5 with that agent in the alert's http object;
# - eve.json is one JSON object per line; its http records carry
#   Suricata's field names and values for each request.
# shellcheck disable=SC2016 # jq programs in single quotes
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"

CONFIG="$QUELL_TOP_SRCDIR/etc/quell.yaml"
ET="$QUELL_TOP_SRCDIR/tests/data/et-open/emerging-user_agents.rules"
CLIENT="$QUELL_TOP_SRCDIR/tests/lab/http_client.py"
RULE='-j NFQUEUE --queue-num 0 --queue-bypass'

lab_require
[ -x "$QUELL_TOP_BUILDDIR/daemon/quelld" ] || lab_fail "daemon/quelld is not built in $QUELL_TOP_BUILDDIR"
command -v curl >/dev/null || _lab_cannot_run "curl not found (Debian: apt-get install curl)"
lab_setup

cat >"$LAB_TMP/http.rules" <<'EOF2'
alert http any any -> any any (msg:"LAB gzip body"; flow:established,to_client; file.data; content:"QUELL-GZIP-MARKER"; sid:1601001; rev:1;)
alert http any any -> any any (msg:"LAB chunked body"; flow:established,to_client; file.data; content:"QUELL-CHUNK-MARKER"; sid:1601002; rev:1;)
alert http any any -> any any (msg:"LAB deflate in 3-byte chunks"; flow:established,to_client; file.data; content:"QUELL-DEFLATE-MARKER"; sid:1601005; rev:1;)
drop http any any -> any any (msg:"LAB split request"; flow:established,to_server; http.uri; content:"/split-attack"; sid:1601003; rev:1;)
drop http any any -> any any (msg:"LAB pipelined request"; flow:established,to_server; http.uri; content:"/pipe-attack"; sid:1601004; rev:1;)
drop http any any -> any any (msg:"LAB bad response body"; flow:established,to_client; file.data; content:"QUELL-BAD-BODY"; sid:1601006; rev:1;)
EOF2
cat "$ET" >>"$LAB_TMP/http.rules"
logdir="$LAB_TMP/log"
mkdir -p "$logdir"

lab_start_httpd
# shellcheck disable=SC2086
lab_ipt -I FORWARD $RULE || lab_fail "insert IPv4 NFQUEUE rule"
lab_start_quelld -c "$CONFIG" -S "$LAB_TMP/http.rules" -l "$logdir" -q 0 \
	--set "vars.address-groups.HOME_NET=[198.18.1.0/24]"
grep -q 'rules: 285 loaded, 0 failed, 0 unsupported' "${LAB_LOG[quelld]}" ||
	lab_fail "the rules did not all load: $(grep 'rules:' "${LAB_LOG[quelld]}")"

base="http://$LAB_SERVER4:$LAB_HTTP_PORT"
page() {	# page MARKER: the /page body the server sends before encoding
	"$LAB_PYTHON" "$QUELL_TOP_SRCDIR/tests/lab/httpd.py" --print-page "$1" | md5sum
}

# gzip: curl decompresses; the body must be the page
got=$(lab_client curl -sS --max-time 5 --compressed "$base/page?enc=gzip&marker=QUELL-GZIP-MARKER" | md5sum) ||
	lab_fail "curl gzip page"
lab_assert_eq "gzip page (md5)" "$(page QUELL-GZIP-MARKER)" "$got"
# chunked, 5-byte chunks
got=$(lab_client curl -sS --max-time 5 "$base/page?chunk=5&marker=QUELL-CHUNK-MARKER" | md5sum) ||
	lab_fail "curl chunked page"
lab_assert_eq "chunked page (md5)" "$(page QUELL-CHUNK-MARKER)" "$got"
# deflate (zlib) in 3-byte chunks: libhtp 0.5.42 alone inflated garbage
got=$(lab_client curl -sS --max-time 5 --compressed "$base/page?enc=deflate&chunk=3&marker=QUELL-DEFLATE-MARKER" | md5sum) ||
	lab_fail "curl deflate page"
lab_assert_eq "deflate page in 3-byte chunks (md5)" "$(page QUELL-DEFLATE-MARKER)" "$got"

# a response body matching a drop rule: the response is dropped, curl
# times out (28) without the page; the server did answer
rc=0
lab_client curl -sS --max-time 3 -o "$LAB_TMP/bad-body" "$base/page?marker=QUELL-BAD-BODY" 2>/dev/null || rc=$?
lab_assert_eq "curl exit status for a dropped response (28 = timeout)" 28 "$rc"
if grep -q QUELL-BAD-BODY "$LAB_TMP/bad-body" 2>/dev/null; then
	lab_fail "the client received the dropped body's marker"
fi

# a request in two segments, harmless then bad
out=$(lab_client "$LAB_PYTHON" "$CLIENT" "$LAB_SERVER4" "$LAB_HTTP_PORT" \
	'GET /split-o' 'k HTTP/1.1\r\nHost: lab\r\nConnection: close\r\n\r\n')
lab_assert_eq "split harmless request: responses" "responses 1" "$(printf '%s\n' "$out" | sed -n 1p)"
out=$(lab_client "$LAB_PYTHON" "$CLIENT" "$LAB_SERVER4" "$LAB_HTTP_PORT" \
	'GET /split-at' 'tack HTTP/1.1\r\nHost: lab\r\nConnection: close\r\n\r\n')
lab_assert_eq "split bad request: responses" "responses 0" "$(printf '%s\n' "$out" | sed -n 1p)"

# pipelined, one request per segment
out=$(lab_client "$LAB_PYTHON" "$CLIENT" "$LAB_SERVER4" "$LAB_HTTP_PORT" \
	'GET /pipe-ok1 HTTP/1.1\r\nHost: lab\r\n\r\n' \
	'GET /pipe-attack HTTP/1.1\r\nHost: lab\r\n\r\n' \
	'GET /pipe-after HTTP/1.1\r\nHost: lab\r\nConnection: close\r\n\r\n')
lab_assert_eq "pipelined: responses" "responses 1" "$(printf '%s\n' "$out" | sed -n 1p)"
lab_assert_eq "pipelined: the first one's status" "HTTP/1.1 200 OK" "$(printf '%s\n' "$out" | sed -n 2p)"
body=$(lab_client curl -sS --max-time 5 "$base/pipe-ok2") || lab_fail "curl /pipe-ok2 after the drop"
lab_assert_eq "a new connection after the drop" "$LAB_HTTP_BODY" "$body"

# the ET user agent rule
body=$(lab_client curl -sS --max-time 5 -A "ChilkatUpload/9.5" "$base/ua") || lab_fail "curl -A ChilkatUpload"
lab_assert_eq "body for the ChilkatUpload agent (an alert rule)" "$LAB_HTTP_BODY" "$body"

lab_settle_counter FORWARD "$RULE" || exit 1
lab_quiesce
lab_stop_quelld_ok

# what the server saw
log="$LAB_TMP/httpd.log"
for u in /split-ok /pipe-ok1 /pipe-ok2 /ua "/page?marker=QUELL-BAD-BODY"; do
	grep -q "\"GET $u " "$log" || lab_fail "the server never saw $u: $(cat "$log")"
done
for u in /split-attack /pipe-attack /pipe-after; do
	if grep -q "$u" "$log"; then
		lab_fail "the server received $u: $(grep "$u" "$log")"
	fi
done
lab_log "ok: the server saw the harmless requests and none of the blocked ones"

eve="$logdir/eve.json"
lab_eve_check "$eve"
lab_assert_eq "gzip file.data alerts" 1 "$(lab_eve_alerts "$eve" 1601001 '.app_proto == "http" and .alert.action == "allowed" and .http.url == "/page?enc=gzip&marker=QUELL-GZIP-MARKER"')"
lab_assert_eq "chunked file.data alerts" 1 "$(lab_eve_alerts "$eve" 1601002 '.http.url == "/page?chunk=5&marker=QUELL-CHUNK-MARKER"')"
lab_assert_eq "deflate (3-byte chunks) file.data alerts" 1 "$(lab_eve_alerts "$eve" 1601005 '.http.url == "/page?enc=deflate&chunk=3&marker=QUELL-DEFLATE-MARKER"')"
lab_assert_eq "blocked split-request alerts" 1 "$(lab_eve_alerts "$eve" 1601003 '.alert.action == "blocked" and .http.url == "/split-attack"')"
lab_assert_eq "blocked pipelined alerts" 1 "$(lab_eve_alerts "$eve" 1601004 '.alert.action == "blocked" and .http.url == "/pipe-attack" and .tx_id == 1')"
lab_assert_eq "blocked response-body alerts" 1 "$(lab_eve_alerts "$eve" 1601006 '.alert.action == "blocked" and .http.url == "/page?marker=QUELL-BAD-BODY" and .http.status == 200')"
lab_assert_eq "ET ChilkatUpload alerts" 1 "$(lab_eve_alerts "$eve" 2016904 '.alert.signature == "ET USER_AGENTS User-Agent (ChilkatUpload)" and .http.http_user_agent == "ChilkatUpload/9.5" and .src_ip == "'"$LAB_CLIENT4"'"')"
total=$(jq -c 'select(.event_type == "alert")' "$eve" | wc -l)
lab_assert_eq "alerts in all" 7 "$total"

# eve http records: Suricata's field names and values
n=$(jq -c --arg h "$LAB_SERVER4" 'select(.event_type == "http" and
	.http.hostname == $h and .http.url == "/page?enc=gzip&marker=QUELL-GZIP-MARKER" and
	(.http.http_user_agent | startswith("curl/")) and
	.http.http_method == "GET" and .http.protocol == "HTTP/1.1" and
	.http.status == 200 and .http.http_content_type == "text/plain" and
	(.http.length | type) == "number" and .http.length > 0 and
	.tx_id == 0 and .dest_port == '"$LAB_HTTP_PORT"')' "$eve" | wc -l)
lab_assert_eq "http record of the gzip page" 1 "$n"
n=$(jq -c 'select(.event_type == "http" and .http.url == "/ua" and .http.http_user_agent == "ChilkatUpload/9.5" and .http.status == 200 and .http.length == 19)' "$eve" | wc -l)
lab_assert_eq "http record of /ua" 1 "$n"
n=$(jq -c 'select(.event_type == "http" and .http.url == "/pipe-ok1" and .tx_id == 0 and .http.status == 200)' "$eve" | wc -l)
lab_assert_eq "http record of the first pipelined request" 1 "$n"
echo "PASS: HTTP through quelld: gzip and chunked bodies, split and pipelined requests blocked alone, ET user agent, eve http ($LAB_IPTABLES)"
