#!/usr/bin/env bash
# quelld bypass end to end: a `bypass` rule on the first HTTP response of a
# long download. After the bypass the NFQUEUE rule counter stops growing
# for that flow while the connmark ACCEPT rule ahead of it takes the
# packets; the download completes with the right checksum; quellctl
# bypass-list shows the flow; after `conntrack -D` eve.json holds exactly
# one flow record for it, with a bypassed section, and inspected plus
# bypassed packets match what iptables saw (within the packets in flight
# at the bypass); quelld exits 0.
set -u
. "$QUELL_TOP_SRCDIR/tests/lab/lib.sh"
. "$QUELL_TOP_SRCDIR/tests/lab/bypass_lib.sh"
lab_require
command -v conntrack >/dev/null || lab_fail "the conntrack tool is not installed"
lab_setup
lab_start_httpd

MARK=0x40000000
QUEUE="-j NFQUEUE --queue-num 0 --queue-bypass"
CONNMARK="-m connmark --mark $MARK/$MARK -j ACCEPT"
lab_ipt -I FORWARD $QUEUE
lab_ipt -I FORWARD 1 $CONNMARK
rules="$LAB_TMP/bypass.rules"
printf '%s\n' 'alert tcp any 8080 -> any any (msg:"bypass the download"; flow:established,to_client; content:"HTTP/1."; bypass; sid:5; rev:1;)' >"$rules"
logdir="$LAB_TMP/log"
mkdir -p "$logdir"
sock="$LAB_TMP/quelld.socket"
lab_start_quelld -S "$rules" -l "$logdir" -q 0 --set bypass.poll-interval=1 \
	--set "unix-command.filename=$sock"
grep -q "conntrack" "${LAB_LOG[quelld]}" || lab_log "note: no conntrack line in the quelld log"

SIZE=30000000
want=$("$LAB_PYTHON" "$QUELL_TOP_SRCDIR/tests/lab/httpd.py" --print-big "$SIZE" | sha256sum | cut -d' ' -f1)
out="$LAB_TMP/big.bin"
lab_client curl -sS --max-time 60 --limit-rate 20M -o "$out" \
	"http://$LAB_SERVER4:$LAB_HTTP_PORT/big?bytes=$SIZE" &
curl_pid=$!
sleep 1
list=$("$QUELL_TOP_BUILDDIR/daemon/quellctl" -s "$sock" --json bypass-list) || lab_fail "bypass-list failed: $list"
n=$(printf '%s' "$list" | jq -r '.message.count')
[ "$n" -ge 1 ] || lab_fail "quellctl bypass-list shows no bypassed flow during the download: $list"
lab_log "ok: bypass-list during the download: $(printf '%s' "$list" | jq -c '.message.flows[0] | [.src_ip, .src_port, .dest_ip, .dest_port, .why]')"
q_mid=$(lab_ipt_counter FORWARD "$QUEUE") || exit 1
wait "$curl_pid" || lab_fail "the download through quelld failed"
got=$(sha256sum "$out" | cut -d' ' -f1)
lab_assert_eq "sha256 of the $SIZE-byte download" "$want" "$got"

q=$(lab_ipt_counter FORWARD "$QUEUE") || exit 1
b=$(lab_ipt_counter FORWARD "$CONNMARK") || exit 1
lab_log "NFQUEUE rule: $q_mid packets 1 s into the download, $q at its end; connmark ACCEPT: $b"
[ "$b" -gt 100 ] || lab_fail "the connmark ACCEPT rule took only $b packets"
[ $((q - q_mid)) -le 20 ] || lab_fail "the NFQUEUE counter kept growing after the bypass: $q_mid -> $q"
[ "$q" -lt $((b / 10)) ] || lab_fail "too many packets queued ($q) against bypassed ($b)"

bypass_end_one_record ipv4 "$logdir/eve.json" "$q" "$b"
bbytes=$(printf '%s' "$BYPASS_RECORD" | jq '.flow.bypassed.bytes_toclient')
[ "$bbytes" -gt $((SIZE * 9 / 10)) ] || lab_fail "bypassed bytes to the client $bbytes, expected most of $SIZE"
echo "PASS: a bypassed download leaves the queue, completes intact and is accounted once"
