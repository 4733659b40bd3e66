#!/usr/bin/env bash
# Real programs, real bytes, no quelld yet (issue 17 phase 1): in the lab
# namespaces, openssl s_server / s_client (TLS 1.2 and 1.3, a certificate
# made for the test) and dnsmasq / dig (UDP and TCP) talk through the ips
# namespace, dumpcap records it there, and the DNS and TLS parsers
# (tests/unit/applayer/applayer_dump) must find in each capture what the
# programs sent: the SNI, the certificate's subject, issuer, serial and
# SHA-1 fingerprint as openssl prints them, the JA3/JA3S tshark computes,
# the handshake-done signal, the DNS question and answer. Every capture is
# parsed whole and in 1-byte pieces, with the same result.
set -euo pipefail
# shellcheck source=tests/lab/lib.sh
. "$QUELL_TOP_SRCDIR/tests/lab/lib.sh"

DUMP="$QUELL_TOP_BUILDDIR/tests/unit/applayer/applayer_dump"
lab_require
for tool in openssl dumpcap tshark dnsmasq dig; do
	command -v "$tool" >/dev/null 2>&1 ||
		_lab_cannot_run "'$tool' not found (Debian: apt-get install openssl tshark dnsmasq-base bind9-dnsutils)"
done
[ -x "$DUMP" ] || _lab_cannot_run "$DUMP not built (make check builds it)"
lab_setup

# A certificate made here, valid two days, with a known serial.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes \
	-keyout "$LAB_TMP/key.pem" -out "$LAB_TMP/cert.pem" -days 2 \
	-set_serial 0x51ab2c3d -subj "/C=XX/O=Quell Lab/CN=quell.lab" 2>/dev/null ||
	lab_fail "openssl req"
want_fp=$(openssl x509 -in "$LAB_TMP/cert.pem" -noout -fingerprint -sha1 |
	sed 's/^.*=//' | tr 'A-F' 'a-f')
want_serial=$(openssl x509 -in "$LAB_TMP/cert.pem" -noout -serial |
	sed 's/^serial=//; s/../&:/g; s/:$//')

start_bg() {	# name, then the command: background in a namespace
	local name="$1"
	shift
	"$@" >"$LAB_TMP/$name.log" 2>&1 &
	LAB_PID[$name]=$!
}

stop_bg() {
	local pid="${LAB_PID[$1]}"
	kill -TERM "$pid" 2>/dev/null || true
	for _ in $(seq 50); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	kill -KILL "$pid" 2>/dev/null || true
	wait "$pid" 2>/dev/null || true
	unset "LAB_PID[$1]"
}

# capture NAME CMD...: records the ips namespace's server side while CMD
# runs in the client namespace.
capture() {
	local name="$1"
	shift
	start_bg "cap-$name" lab_ips dumpcap -q -P -i eth1 -w "$LAB_TMP/$name.pcap"
	for _ in $(seq 50); do
		[ -s "$LAB_TMP/$name.pcap" ] && break
		sleep 0.1
	done
	[ -s "$LAB_TMP/$name.pcap" ] || lab_fail "dumpcap did not start"
	lab_client "$@" >"$LAB_TMP/$name.client.log" 2>&1 || lab_fail "$name: client failed: $(tail -3 "$LAB_TMP/$name.client.log")"
	sleep 0.5
	stop_bg "cap-$name"
}

# dump PROTO CAPTURE PORT KEY: the first value of KEY; the whole and the
# 1-byte-piece runs must agree.
dump() {
	local a b
	a=$("$DUMP" "$1" "$LAB_TMP/$2.pcap" "$3" 65536 | grep -v '^parse_calls')
	b=$("$DUMP" "$1" "$LAB_TMP/$2.pcap" "$3" 1 | grep -v '^parse_calls')
	[ "$a" = "$b" ] || lab_fail "$2: whole and 1-byte runs differ"
	printf '%s\n' "$a" | awk -F'\t' -v k="$4" '$1 == k { print $2; exit }'
}

tshark_field() {	# capture, port, handshake type, field
	tshark -o tcp.reassemble_out_of_order:TRUE -d "tcp.port==$2,tls" -r "$LAB_TMP/$1.pcap" \
		-Y "tcp.port == $2 && tls.handshake.type == $3" -T fields -e "$4" 2>/dev/null | sed -n 1p
}

start_bg s_server12 lab_server openssl s_server -accept 443 -cert "$LAB_TMP/cert.pem" \
	-key "$LAB_TMP/key.pem" -www -quiet
start_bg s_server13 lab_server openssl s_server -accept 4443 -cert "$LAB_TMP/cert.pem" \
	-key "$LAB_TMP/key.pem" -www -quiet
start_bg dnsmasq lab_server dnsmasq --keep-in-foreground --no-resolv --no-hosts \
	--bind-interfaces --listen-address="$LAB_SERVER4" --port=53 --pid-file= \
	--address=/quell.lab/"$LAB_SERVER4" --log-facility=-
sleep 1

get() {
	printf 'GET / HTTP/1.0\r\n\r\n' | timeout 10 openssl s_client -connect "$LAB_SERVER4:$1" \
		-servername quell.lab "$2" -ign_eof -quiet
}
capture tls12 bash -c "$(declare -f get); LAB_SERVER4=$LAB_SERVER4 get 443 -tls1_2"
capture tls13 bash -c "$(declare -f get); LAB_SERVER4=$LAB_SERVER4 get 4443 -tls1_3"
capture dnsudp dig @"$LAB_SERVER4" quell.lab A +notcp +tries=1 +time=3
capture dnstcp dig @"$LAB_SERVER4" www.quell.lab A +tcp +tries=1 +time=3

# TLS 1.2: everything in the clear up to the ChangeCipherSpec
lab_assert_eq "tls12 sni" quell.lab "$(dump tls tls12 443 sni)"
lab_assert_eq "tls12 version" "TLS 1.2" "$(dump tls tls12 443 version)"
lab_assert_eq "tls12 subject" "C=XX, O=Quell Lab, CN=quell.lab" "$(dump tls tls12 443 subject)"
lab_assert_eq "tls12 issuer" "C=XX, O=Quell Lab, CN=quell.lab" "$(dump tls tls12 443 issuer)"
lab_assert_eq "tls12 serial (openssl x509 -serial)" "$want_serial" "$(dump tls tls12 443 serial)"
lab_assert_eq "tls12 fingerprint (openssl x509 -fingerprint)" "$want_fp" "$(dump tls tls12 443 fingerprint)"
lab_assert_eq "tls12 ja3 (tshark)" "$(tshark_field tls12 443 1 tls.handshake.ja3)" "$(dump tls tls12 443 ja3)"
lab_assert_eq "tls12 ja3 string (tshark)" "$(tshark_field tls12 443 1 tls.handshake.ja3_full)" "$(dump tls tls12 443 ja3.string)"
lab_assert_eq "tls12 ja3s (tshark)" "$(tshark_field tls12 443 2 tls.handshake.ja3s)" "$(dump tls tls12 443 ja3s)"
lab_assert_eq "tls12 handshake done" yes "$(dump tls tls12 443 handshake_done)"
lab_assert_eq "tls12 events" "" "$(dump tls tls12 443 event)"

# TLS 1.3: the certificate is encrypted; hellos and JA3/JA4 are not
lab_assert_eq "tls13 sni" quell.lab "$(dump tls tls13 4443 sni)"
lab_assert_eq "tls13 version" "TLS 1.3" "$(dump tls tls13 4443 version)"
lab_assert_eq "tls13 subject" "" "$(dump tls tls13 4443 subject)"
lab_assert_eq "tls13 ja3 (tshark)" "$(tshark_field tls13 4443 1 tls.handshake.ja3)" "$(dump tls tls13 4443 ja3)"
lab_assert_eq "tls13 ja3s (tshark)" "$(tshark_field tls13 4443 2 tls.handshake.ja3s)" "$(dump tls tls13 4443 ja3s)"
ja4=$(dump tls tls13 4443 ja4)
case "$ja4" in
t13d*_*_*) lab_log "ok: tls13 ja4 $ja4" ;;
*) lab_fail "tls13 ja4: $ja4" ;;
esac
lab_assert_eq "tls13 handshake done" yes "$(dump tls tls13 4443 handshake_done)"
lab_assert_eq "tls13 events" "" "$(dump tls tls13 4443 event)"

# DNS over UDP and TCP: dnsmasq's answer
lab_assert_eq "dns udp query" "quell.lab 1" "$(dump dns dnsudp 53 query)"
lab_assert_eq "dns udp answer" "quell.lab 1" "$(dump dns dnsudp 53 answer)"
"$DUMP" dns "$LAB_TMP/dnsudp.pcap" 53 | grep -q '"rdata":"198.18.2.2"' ||
	lab_fail "dns udp: no answer record with 198.18.2.2"
lab_assert_eq "dns tcp query" "www.quell.lab 1" "$(dump dns dnstcp 53 query)"
"$DUMP" dns "$LAB_TMP/dnstcp.pcap" 53 | grep -q '"rdata":"198.18.2.2"' ||
	lab_fail "dns tcp: no answer record with 198.18.2.2"
lab_assert_eq "dns tcp events" "" "$(dump dns dnstcp 53 event)"
lab_log "PASS"
