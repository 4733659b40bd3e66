#!/usr/bin/env bash
# DNS and TLS rules inline, with real programs in the lab namespaces:
# the lab's HTTPS server (tests/lab/httpd.py over python's ssl, a
# certificate openssl makes here) and dnsmasq in the server namespace,
# curl and dig in the client's, quelld on NFQUEUE in the ips namespace
# with app-layer.protocols.tls.encryption-handling: bypass.
#
#   1. a tls.sni drop rule blocks the handshake naming blocked.lab (no
#      page, a blocked alert) while the same server answers quell.lab
#      before and www.quell.lab after it;
#   2. a tls.cert_subject rule alerts on that TLS 1.2 handshake;
#   3. a dns.query drop rule makes the lookup of bad.lab fail (dig gets
#      no answer, dnsmasq never sees the query) while ok.lab resolves;
#   4. a 40 MB HTTPS download (curl, TLS 1.3): after
#      the handshake the flow is bypassed (quellctl bypass-list says
#      why: encryption-handling), the NFQUEUE rule counter stays flat
#      while the connmark ACCEPT rule takes the packets, the download
#      completes with the right sha256, stats.tcp.bypass_encrypted counts
#      it.
set -u
. "$QUELL_TOP_SRCDIR/tests/lab/lib.sh"
lab_require
for tool in openssl dnsmasq dig curl; do
	command -v "$tool" >/dev/null 2>&1 ||
		_lab_cannot_run "'$tool' not found (Debian: apt-get install openssl dnsmasq-base bind9-dnsutils curl)"
done
lab_setup

# the certificate: CN quell.lab, valid two days
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
	-keyout "$LAB_TMP/key.pem" -out "$LAB_TMP/cert.pem" -days 2 \
	-subj "/C=XX/O=Quell Lab/CN=quell.lab" 2>/dev/null || lab_fail "openssl req"
SIZE=40000000
want_sum=$("$LAB_PYTHON" "$QUELL_TOP_SRCDIR/tests/lab/httpd.py" --print-big "$SIZE" | sha256sum | cut -d' ' -f1)

DNSMASQ=$(readlink -f "$(command -v dnsmasq)")
_lab_spawn httpsd "$LAB_NS_S" "$LAB_PYTHON" "$LAB_PYTHON" \
	"$QUELL_TOP_SRCDIR/tests/lab/httpd.py" --bind "$LAB_SERVER4" --port 443 \
	--tls-cert "$LAB_TMP/cert.pem" --tls-key "$LAB_TMP/key.pem" --log-requests
_lab_spawn dnsmasq "$LAB_NS_S" "$DNSMASQ" dnsmasq --keep-in-foreground \
	--no-resolv --no-hosts --bind-interfaces --listen-address="$LAB_SERVER4" \
	--port=53 --pid-file= --log-queries --log-facility=- \
	--address=/ok.lab/"$LAB_SERVER4" --address=/bad.lab/"$LAB_SERVER4"
for ((i = 0; i < 100; i++)); do
	lab_server curl -sk -o /dev/null --max-time 1 --resolve "quell.lab:443:$LAB_SERVER4" \
		https://quell.lab/ready && break
	sleep 0.1
done
lab_server curl -sk -o /dev/null --max-time 1 --resolve "quell.lab:443:$LAB_SERVER4" \
	https://quell.lab/ready || lab_fail "the HTTPS server does not answer inside the server namespace"
lab_server dig @"$LAB_SERVER4" ok.lab +short +tries=1 +time=2 | grep -qx "$LAB_SERVER4" ||
	lab_fail "dnsmasq does not answer inside the server namespace"

MARK=0x40000000
QUEUE="-j NFQUEUE --queue-num 0 --queue-bypass"
CONNMARK="-m connmark --mark $MARK/$MARK -j ACCEPT"
lab_ipt -I FORWARD $QUEUE
lab_ipt -I FORWARD 1 $CONNMARK
rules="$LAB_TMP/t.rules"
cat >"$rules" <<'EOF'
drop tls any any -> any any (msg:"sni blocked.lab"; tls.sni; content:"blocked.lab"; isdataat:!1,relative; sid:1; rev:1;)
alert tls any any -> any any (msg:"cert subject quell.lab"; tls.cert_subject; content:"CN=quell.lab"; sid:2; rev:1;)
drop dns any any -> any any (msg:"dns bad.lab"; dns.query; content:"bad.lab"; isdataat:!1,relative; sid:3; rev:1;)
alert dns any any -> any any (msg:"dns ok.lab"; dns.query; content:"ok.lab"; sid:4; rev:1;)
EOF
logdir="$LAB_TMP/log"
mkdir -p "$logdir"
lab_start_quelld -c "$QUELL_TOP_SRCDIR/etc/quell.yaml" -S "$rules" -l "$logdir" -q 0 \
	--set app-layer.protocols.tls.encryption-handling=bypass \
	--set bypass.poll-interval=1
grep -q 'rules: 4 loaded, 0 failed, 0 unsupported' "${LAB_LOG[quelld]}" ||
	lab_fail "the rules did not all load: $(cat "${LAB_LOG[quelld]}")"
eve="$logdir/eve.json"

# 1 and 2: TLS 1.2, so that the certificate is in the clear
get() {	# get NAME: GET / over TLS 1.2 naming NAME in the SNI
	lab_client curl -sS -k --tlsv1.2 --tls-max 1.2 --max-time 5 \
		--resolve "$1:443:$LAB_SERVER4" "https://$1/" 2>&1
}
out=$(get quell.lab) || lab_fail "quell.lab: no page through quelld: $out"
lab_assert_eq "quell.lab page" "$LAB_HTTP_BODY" "$out"
if out=$(get blocked.lab); then
	lab_fail "blocked.lab: the handshake went through: $out"
fi
lab_log "ok: the handshake naming blocked.lab fails (curl: $out)"
out=$(get www.quell.lab) || lab_fail "www.quell.lab after the drop: no page: $out"
lab_assert_eq "www.quell.lab page after the blocked handshake" "$LAB_HTTP_BODY" "$out"

# 3: DNS over UDP
ans=$(lab_client dig @"$LAB_SERVER4" ok.lab A +short +notcp +tries=1 +time=2) ||
	lab_fail "dig ok.lab failed: $ans"
lab_assert_eq "dig ok.lab" "$LAB_SERVER4" "$ans"
if ans=$(lab_client dig @"$LAB_SERVER4" bad.lab A +short +notcp +tries=1 +time=2); then
	[ -z "$ans" ] || lab_fail "dig bad.lab got an answer through the drop rule: $ans"
fi
lab_log "ok: bad.lab gets no answer (dig: ${ans:-timed out})"
ans=$(lab_client dig @"$LAB_SERVER4" www.ok.lab A +short +notcp +tries=1 +time=2) ||
	lab_fail "dig www.ok.lab failed after the drop: $ans"
lab_assert_eq "dig www.ok.lab after the drop" "$LAB_SERVER4" "$ans"
sleep 0.5
grep -q 'query\[A\] ok.lab' "${LAB_LOG[dnsmasq]}" || lab_fail "dnsmasq did not log the ok.lab query"
if grep -q 'bad.lab' "${LAB_LOG[dnsmasq]}"; then
	lab_fail "dnsmasq saw the bad.lab query: the drop did not stop it"
fi
lab_log "ok: dnsmasq saw ok.lab, never bad.lab"

# 4: the long download, bypassed after its handshake
out="$LAB_TMP/big.out"
q0=$(lab_ipt_counter FORWARD "$QUEUE") || exit 1
lab_client curl -sS -k --max-time 60 --limit-rate 20M -o "$out" \
	--resolve "quell.lab:443:$LAB_SERVER4" "https://quell.lab/big?bytes=$SIZE" &
curl_pid=$!
sleep 1
list=$("$QUELL_TOP_BUILDDIR/daemon/quellctl" -s "$LAB_TMP/quelld.socket" --json bypass-list) ||
	lab_fail "bypass-list failed: $list"
why=$(printf '%s' "$list" | jq -r '[.message.flows[] | select(.dest_port == 443) | .why] | first // "none"')
lab_assert_eq "bypass-list: why the HTTPS download is bypassed" encryption-handling "$why"
q_mid=$(lab_ipt_counter FORWARD "$QUEUE") || exit 1
wait "$curl_pid" || lab_fail "the HTTPS download through quelld failed"
lab_assert_eq "sha256 of the $SIZE-byte HTTPS download" "$want_sum" "$(sha256sum "$out" | cut -d' ' -f1)"
q=$(lab_ipt_counter FORWARD "$QUEUE") || exit 1
b=$(lab_ipt_counter FORWARD "$CONNMARK") || exit 1
lab_log "NFQUEUE rule: $q0 before the download, $q_mid 1 s into it, $q at its end; connmark ACCEPT: $b"
[ "$b" -gt 1000 ] || lab_fail "the connmark ACCEPT rule took only $b packets"
[ $((q - q_mid)) -le 20 ] || lab_fail "the NFQUEUE counter kept growing after the handshake: $q_mid -> $q"
[ $((q - q0)) -lt $((b / 20)) ] || lab_fail "too many packets queued ($((q - q0))) against bypassed ($b)"

lab_stop_quelld || lab_fail "quelld exited $?"
n=$(lab_eve_alerts "$eve" 1 '.alert.action == "blocked" and .tls.sni == "blocked.lab"')
lab_assert_eq "blocked alerts of the sni rule (with tls.sni)" 1 "$n"
n=$(lab_eve_alerts "$eve" 2 '.alert.action == "allowed" and (.tls.subject | test("CN=quell.lab"))')
[ "$n" -ge 2 ] || lab_fail "cert subject alerts: $n, want one per TLS 1.2 handshake that completed (2 at least)"
n=$(lab_eve_alerts "$eve" 3 '.alert.action == "blocked" and .dns.queries[0].rrname == "bad.lab"')
lab_assert_eq "blocked alerts of the dns.query rule (with the dns object)" 1 "$n"
n=$(lab_eve_alerts "$eve" 4 '.alert.action == "allowed"')
lab_assert_eq "alerts of the ok.lab rule (ok.lab and www.ok.lab)" 2 "$n"
s=$(lab_final_stat "$eve" ".tcp.bypass_encrypted") || exit 1
[ "$s" -ge 1 ] || lab_fail "stats.tcp.bypass_encrypted is $s"
lab_log "ok: stats.tcp.bypass_encrypted $s"
echo "PASS: sni drop, cert-subject alert, dns.query drop, encrypted-flow bypass"
