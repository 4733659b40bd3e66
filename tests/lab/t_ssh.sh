#!/usr/bin/env bash
# SSH end to end through quelld inline: the app-layer framework's proof
# with real programs (Debian's openssh-server, openssh-client and
# dropbear-bin's dbclient).
#
# OpenSSH's sshd serves on port 2222 in the server namespace (not 22: the
# protocol is detected by its "SSH-" pattern, independent of the port);
# public-key login with keys made for the run.
# - Before quelld (no NFQUEUE rule yet), dbclient logs in and runs a
#   command: the client that will be blocked works on its own.
# - quelld inline with `drop ssh ... (flow:established,to_server;
#   ssh.software; content:"dropbear"; ...)` and alert rules on ssh.proto,
#   ssh.software to the client, ssh.hassh and app-layer-protocol:ssh.
#   OpenSSH's client logs in and its command runs; dbclient's login fails
#   and sshd never receives dbclient's banner (the segment carrying it is
#   the one dropped). Two rounds, the first over IPv4, the second over
#   IPv6, so the per-transaction counts are exact.
# - eve.json (jq): a "blocked" alert for each dbclient connection with
#   app_proto ssh and the ssh object naming dropbear; on the OpenSSH
#   connections ssh.proto, the server-software and the hassh rule once per
#   connection (one tx, tx_id 0), app-layer-protocol:ssh once per
#   direction, no rule twice on one direction of a flow; one "ssh" record
#   per OpenSSH connection with both sides' proto_version and
#   software_version as the programs announce them and hassh /
#   hassh.server (app-layer.protocols.ssh.hassh: yes) equal to what
#   tshark computes on a capture of the same connections; app_proto "ssh"
#   in the flow records; stats.app_layer.flow.ssh counts every connection.
# - Encrypted SSH: a `dsize:>0` rule to the server alerts on OpenSSH's
#   data packets up to its NEWKEYS only (tshark finds it in the capture),
#   none of the encrypted ones after, as Suricata 7's NO_INSPECTION.
# - app-layer.error-policy drop-flow: a client sending "SSH-2.0" (no
#   software version: the SSH parser's error) is answered and cut off by
#   sshd without quelld; through quelld that packet and the rest of its
#   flow are dropped (sshd never logs the bad banner nor closes), a drop
#   event with reason "applayer error", app_layer.error.ssh.parser and
#   exception_policy.app_layer.error.drop_flow counted once.
# shellcheck disable=SC2016,SC2119 # jq programs in single quotes; optional helper args
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"

CONFIG="$QUELL_TOP_SRCDIR/etc/quell.yaml"
RULE='-j NFQUEUE --queue-num 0 --queue-bypass'
PORT=2222
SID_DROP=1700001
SID_PROTO=1700002
SID_SRV=1700003
SID_HASSH=1700004
SID_ALP=1700005
SID_EVENT=1700006
SID_PAYLOAD=1700007
ROUNDS=2

lab_require
[ -x "$QUELL_TOP_BUILDDIR/daemon/quelld" ] || lab_fail "daemon/quelld is not built in $QUELL_TOP_BUILDDIR"
for tool in /usr/sbin/sshd ssh ssh-keygen dbclient dropbearkey dumpcap tshark jq; do
	command -v "$tool" >/dev/null 2>&1 ||
		_lab_cannot_run "'$tool' not found (Debian: apt-get install openssh-server openssh-client dropbear-bin tshark jq)"
done
lab_setup

# sshd's privilege separation directory, which Debian's tmpfiles.d makes at
# boot (and a container without systemd lacks). Left in place: another
# sshd may use it.
[ -d /run/sshd ] || install -d -m 0755 /run/sshd || lab_fail "cannot create /run/sshd"

ssh-keygen -q -t ed25519 -N '' -f "$LAB_TMP/host_key" || lab_fail "ssh-keygen (host key)"
ssh-keygen -q -t ed25519 -N '' -f "$LAB_TMP/id_openssh" || lab_fail "ssh-keygen (client key)"
dropbearkey -t ed25519 -f "$LAB_TMP/id_dropbear" >/dev/null 2>&1 || lab_fail "dropbearkey"
{
	cat "$LAB_TMP/id_openssh.pub"
	dropbearkey -y -f "$LAB_TMP/id_dropbear" | grep '^ssh-'
} >"$LAB_TMP/authorized_keys" || lab_fail "authorized_keys"
cat >"$LAB_TMP/sshd_config" <<EOF
ListenAddress $LAB_SERVER4:$PORT
ListenAddress [$LAB_SERVER6]:$PORT
HostKey $LAB_TMP/host_key
PidFile $LAB_TMP/sshd.pid
AuthorizedKeysFile $LAB_TMP/authorized_keys
StrictModes no
UsePAM no
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
LogLevel DEBUG1
EOF
/usr/sbin/sshd -t -f "$LAB_TMP/sshd_config" || lab_fail "sshd -t rejects the test's sshd_config"
_lab_spawn sshd "$LAB_NS_S" /usr/sbin/sshd /usr/sbin/sshd -D -e -f "$LAB_TMP/sshd_config"
for ((i = 0; i < 50; i++)); do
	lab_server ss -Hltn "sport = :$PORT" | grep -q LISTEN && break
	sleep 0.1
done
lab_server ss -Hltn "sport = :$PORT" | grep -q LISTEN || lab_fail "sshd does not listen on $PORT (log: $(tail -3 "$LAB_TMP/sshd.log"))"

# What the programs announce: "OpenSSH_9.2p1" (ssh -V: "OpenSSH_9.2p1
# Debian-2+deb12u10, OpenSSL ..."; sshd of the same package says the same).
openssh_sw=$(ssh -V 2>&1 | awk '{ print $1 }')
case "$openssh_sw" in OpenSSH_*) ;; *) lab_fail "cannot read ssh -V: $openssh_sw" ;; esac

# Bounded logins (timeout), never prompting (BatchMode, -y -y takes the
# host key, no agent, no config of the host's user): login_X TAG [SECONDS]
# to $server (round 1 IPv4, round 2 IPv6).
server=$LAB_SERVER4
login_openssh() {
	timeout 10 ip netns exec "$LAB_NS_C" ssh -F /dev/null -o BatchMode=yes \
		-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null \
		-o ConnectTimeout=5 -o IdentitiesOnly=yes -i "$LAB_TMP/id_openssh" \
		-p "$PORT" "root@$server" "echo quell-ok-$1" 2>>"$LAB_TMP/ssh-client.log"
}
login_dropbear() {
	timeout "$2" ip netns exec "$LAB_NS_C" dbclient -y -y -T \
		-i "$LAB_TMP/id_dropbear" -p "$PORT" "root@$server" \
		"echo quell-ok-$1" </dev/null 2>>"$LAB_TMP/dbclient.log"
}

# A client of bash's /dev/tcp: reads sshd's banner, sends one that is no
# SSH banner ("SSH-2.0" without a software version: the parser's error),
# then a second line; prints "closed" when sshd closed the connection
# (end of stream) within 3 s (it does, after telling the client "Invalid
# SSH identification string"), "open" otherwise.
bad_banner() {
	timeout 10 ip netns exec "$LAB_NS_C" bash -c '
		exec 3<>"/dev/tcp/$1/$2" || exit 1
		IFS= read -r -t 5 banner <&3 || exit 1
		printf "SSH-2.0\r\n" >&3
		sleep 0.3
		printf "SSH-2.0-again\r\n" >&3 2>/dev/null
		if timeout 3 cat <&3 >/dev/null; then echo closed; else echo open; fi' \
		bad "$LAB_SERVER4" "$PORT"
}

out=$(bad_banner) || lab_fail "the bad-banner client could not talk to sshd"
lab_assert_eq "sshd's answer to a bad banner without quelld" closed "$out"
grep -q "Bad remote protocol version identification: 'SSH-2.0'" "$LAB_TMP/sshd.log" ||
	lab_fail "sshd's log lacks its bad-banner line: $(tail -3 "$LAB_TMP/sshd.log")"

out=$(login_dropbear pre 10) || lab_fail "without quelld, dbclient cannot log in: $(tail -3 "$LAB_TMP/dbclient.log")"
lab_assert_eq "dbclient's command without quelld" quell-ok-pre "$out"
grep -q 'remote software version dropbear' "$LAB_TMP/sshd.log" ||
	lab_fail "sshd's log does not show dbclient's banner (LogLevel DEBUG1 changed?)"
lab_log "ok: dbclient logs in without quelld"
sshd_lines=$(wc -l <"$LAB_TMP/sshd.log")

cat >"$LAB_TMP/ssh.rules" <<EOF
drop ssh any any -> any any (msg:"LAB dropbear client"; flow:established,to_server; ssh.software; content:"dropbear"; sid:$SID_DROP; rev:1;)
alert ssh any any -> any any (msg:"LAB ssh 2.0 client"; flow:to_server; ssh.proto; content:"2.0"; sid:$SID_PROTO; rev:1;)
alert ssh any any -> any any (msg:"LAB OpenSSH server"; flow:to_client; ssh_software; content:"OpenSSH_"; startswith; sid:$SID_SRV; rev:1;)
alert ssh any any -> any any (msg:"LAB client hassh"; ssh.hassh; content:!"-"; isdataat:31; sid:$SID_HASSH; rev:1;)
alert tcp any any -> any any (msg:"LAB app-layer ssh"; app-layer-protocol:ssh; sid:$SID_ALP; rev:1;)
alert ssh any any -> any any (msg:"LAB ssh invalid banner"; app-layer-event:ssh.invalid_banner; sid:$SID_EVENT; rev:1;)
alert tcp any any -> any $PORT (msg:"LAB data to the ssh server"; flow:to_server,established; dsize:>0; sid:$SID_PAYLOAD; rev:1;)
EOF
logdir="$LAB_TMP/log"
mkdir -p "$logdir"
# shellcheck disable=SC2086
lab_ipt -I FORWARD $RULE || lab_fail "insert the NFQUEUE rule"
# shellcheck disable=SC2086
lab_ip6t -I FORWARD $RULE || lab_fail "insert the IPv6 NFQUEUE rule"
lab_start_quelld -c "$CONFIG" -S "$LAB_TMP/ssh.rules" -l "$logdir" -q 0 \
	--set app-layer.protocols.ssh.hassh=yes --set app-layer.error-policy=drop-flow
_lab_spawn dumpcap "$LAB_NS_I" "$(readlink -f "$(command -v dumpcap)")" \
	dumpcap -q -P -i eth1 -f "tcp port $PORT" -w "$LAB_TMP/ssh.pcap"
for ((i = 0; i < 50; i++)); do
	[ -s "$LAB_TMP/ssh.pcap" ] && break
	sleep 0.1
done
[ -s "$LAB_TMP/ssh.pcap" ] || lab_fail "dumpcap did not start"

for ((r = 1; r <= ROUNDS; r++)); do
	if [ "$r" = 2 ]; then server=$LAB_SERVER6; else server=$LAB_SERVER4; fi
	out=$(login_openssh "$r") || lab_fail "OpenSSH login $r through quelld failed: $(tail -3 "$LAB_TMP/ssh-client.log")"
	lab_assert_eq "OpenSSH client's command $r through quelld" "quell-ok-$r" "$out"
	rc=0
	out=$(login_dropbear "$r" 6) || rc=$?
	[ "$rc" != 0 ] || lab_fail "dbclient $r logged in through quelld: $out"
	lab_log "ok: round $r: OpenSSH logs in, dbclient fails (exit $rc)"
done

# The parser error: app-layer.error-policy drop-flow drops the packet
# with the bad banner and the rest of the flow, so sshd never sees it and
# never closes the connection.
out=$(bad_banner) || lab_fail "the bad-banner client could not talk to sshd through quelld"
lab_assert_eq "sshd's answer to a bad banner through quelld (drop-flow)" open "$out"

lab_settle_counter FORWARD "$RULE" || exit 1
lab_settle_counter -6 FORWARD "$RULE" || exit 1
lab_quiesce
lab_stop dumpcap || true
lab_stop_quelld_ok

# Ground truth at the server: since quelld started, sshd saw OpenSSH's
# banner ROUNDS times and dbclient's never.
after=$(tail -n "+$((sshd_lines + 1))" "$LAB_TMP/sshd.log")
n=$(grep -c "remote software version $openssh_sw" <<<"$after")
lab_assert_eq "OpenSSH banners sshd received through quelld" "$ROUNDS" "$n"
if grep -q 'remote software version dropbear' <<<"$after"; then
	lab_fail "sshd received dbclient's banner through quelld"
fi
lab_log "ok: sshd never received dbclient's banner"
n=$(grep -c "Bad remote protocol version identification" <<<"$after")
lab_assert_eq "bad banners sshd received through quelld" 0 "$n"

eve="$logdir/eve.json"
lab_eve_check "$eve"

# The drop: one blocked alert per dbclient connection (the flow is dropped
# after it: its retransmissions raise no more), on the client's packet.
n=$(lab_eve_alerts "$eve" "$SID_DROP" '.alert.action == "blocked" and .app_proto == "ssh"
	and (.src_ip == "'"$LAB_CLIENT4"'" or .src_ip == "'"$LAB_CLIENT6_EVE"'") and .dest_port == '"$PORT"'
	and (.ssh.client.software_version | startswith("dropbear_"))')
lab_assert_eq "blocked alerts for dbclient (sid $SID_DROP)" "$ROUNDS" "$n"
n=$(lab_eve_alerts "$eve" "$SID_DROP")
lab_assert_eq "alerts of sid $SID_DROP in all" "$ROUNDS" "$n"
srcs=$(jq -r --argjson sid "$SID_DROP" 'select(.event_type == "alert" and .alert.signature_id == $sid) | .src_ip' "$eve" | sort | tr '\n' ' ')
lab_assert_eq "sources of the blocked dbclient alerts (IPv4 and IPv6)" "$LAB_CLIENT4 $LAB_CLIENT6_EVE " "$srcs"

# The ssh records of the OpenSSH connections, and their client ports.
jq -c --arg sw "$openssh_sw" 'select(.event_type == "ssh" and
	.ssh.client.software_version == $sw)' "$eve" >"$LAB_TMP/ssh-openssh.json"
n=$(wc -l <"$LAB_TMP/ssh-openssh.json")
lab_assert_eq "eve ssh records of OpenSSH connections" "$ROUNDS" "$n"
n=$(jq -r --arg sw "$openssh_sw" --argjson port "$PORT" 'select(.tx_id == 0
	and (.src_ip == "'"$LAB_CLIENT4"'" or .src_ip == "'"$LAB_CLIENT6_EVE"'") and .dest_port == $port and .proto == "TCP"
	and .ssh.client.proto_version == "2.0" and .ssh.server.proto_version == "2.0"
	and .ssh.server.software_version == $sw
	and (.ssh.client.hassh.hash | test("^[0-9a-f]{32}$"))
	and (.ssh.server.hassh.hash | test("^[0-9a-f]{32}$"))
	and (.ssh.client.hassh.string | contains(";"))
	and (.ssh.server.hassh.string | contains(";"))) | 1' "$LAB_TMP/ssh-openssh.json" | wc -l)
lab_assert_eq "OpenSSH ssh records with every field as announced" "$ROUNDS" "$n"
ports=$(jq -s -c 'map(.src_port)' "$LAB_TMP/ssh-openssh.json")
# An alert of an OpenSSH connection, either direction.
OPENSSH='(.src_port as $p | any($ports[]; . == $p)) or (.dest_port as $p | any($ports[]; . == $p))'
openssh_alerts() {	# sid, extra condition
	jq -r --argjson ports "$ports" --argjson sid "$1" 'select(.event_type == "alert"
		and .alert.signature_id == $sid and ('"$OPENSSH"') and ('"${2:-true}"')) | 1' "$eve" | wc -l
}

# Transaction rules: once per connection (SSH has one tx, tx_id 0) and
# direction, on OpenSSH's connections; what dbclient's dropped flows
# show depends on which banner crossed quelld first (the server's
# banner, or dbclient's KEXINIT in its banner's segment, may come after
# the drop: a dropped flow is not inspected any more).
n=$(openssh_alerts "$SID_PROTO" '.tx_id == 0 and .app_proto == "ssh" and (.src_ip == "'"$LAB_CLIENT4"'" or .src_ip == "'"$LAB_CLIENT6_EVE"'")')
lab_assert_eq "ssh.proto alerts on OpenSSH connections" "$ROUNDS" "$n"
n=$(openssh_alerts "$SID_SRV" '.tx_id == 0 and (.src_ip == "'"$LAB_SERVER4"'" or .src_ip == "'"$LAB_SERVER6_EVE"'")
	and .ssh.server.software_version == "'"$openssh_sw"'"')
lab_assert_eq "ssh_software to-client alerts on OpenSSH connections" "$ROUNDS" "$n"
n=$(openssh_alerts "$SID_HASSH" '(.src_ip == "'"$LAB_CLIENT4"'" or .src_ip == "'"$LAB_CLIENT6_EVE"'")')
lab_assert_eq "ssh.hassh alerts on OpenSSH connections" "$ROUNDS" "$n"
# app-layer-protocol: once per direction.
n=$(openssh_alerts "$SID_ALP" '.app_proto == "ssh"')
lab_assert_eq "app-layer-protocol:ssh alerts on OpenSSH connections" "$((2 * ROUNDS))" "$n"
# Nothing but the packet rule alerts more than once per direction of a flow.
n=$(jq -r --argjson sid "$SID_PAYLOAD" 'select(.event_type == "alert" and .alert.signature_id != $sid) | "\(.alert.signature_id) \(.src_port) \(.dest_port)"' "$eve" | sort | uniq -d | wc -l)
lab_assert_eq "rule/direction pairs that alerted twice" 0 "$n"

# hassh as tshark computes it on the same connections, by client port.
tshark -n -r "$LAB_TMP/ssh.pcap" -d "tcp.port==$PORT,ssh" -Y 'ssh.kex.hassh' \
	-T fields -e tcp.srcport -e ssh.kex.hassh 2>/dev/null | sort -u >"$LAB_TMP/hassh.tshark"
tshark -n -r "$LAB_TMP/ssh.pcap" -d "tcp.port==$PORT,ssh" -Y 'ssh.kex.hasshserver' \
	-T fields -e tcp.dstport -e ssh.kex.hasshserver 2>/dev/null | sort -u >"$LAB_TMP/hasshserver.tshark"
jq -r '"\(.src_port)\t\(.ssh.client.hassh.hash)"' "$LAB_TMP/ssh-openssh.json" | sort -u >"$LAB_TMP/hassh.quell"
jq -r '"\(.src_port)\t\(.ssh.server.hassh.hash)"' "$LAB_TMP/ssh-openssh.json" | sort -u >"$LAB_TMP/hasshserver.quell"
n=$(wc -l <"$LAB_TMP/hassh.quell")
lab_assert_eq "client ports with a hassh" "$ROUNDS" "$n"
# tshark may also see dbclient's KEXINIT (in its banner's dropped segment),
# so compare on OpenSSH's ports only (join).
want=$(join -t "$(printf '\t')" "$LAB_TMP/hassh.quell" "$LAB_TMP/hassh.tshark" | awk -F'\t' '$2 == $3' | wc -l)
lab_assert_eq "client hassh equal to tshark's ssh.kex.hassh" "$ROUNDS" "$want"
want=$(join -t "$(printf '\t')" "$LAB_TMP/hasshserver.quell" "$LAB_TMP/hasshserver.tshark" | awk -F'\t' '$2 == $3' | wc -l)
lab_assert_eq "server hassh equal to tshark's ssh.kex.hasshserver" "$ROUNDS" "$want"

# Encrypted SSH: once both sides sent NEWKEYS the flow's payload is not
# inspected (Suricata's NO_INSPECTION): a rule needing payload alerts on
# the client's data packets up to its NEWKEYS (tshark decodes the
# message codes of the clear part of the capture), never on the
# encrypted ones after it (authentication, the session, its command).
for port in $(jq -r '.src_port' "$LAB_TMP/ssh-openssh.json"); do
	nk=$(tshark -n -r "$LAB_TMP/ssh.pcap" -d "tcp.port==$PORT,ssh" \
		-Y "tcp.srcport == $port and ssh.message_code == 21" -T fields -e frame.number 2>/dev/null | head -n 1)
	[ -n "$nk" ] || lab_fail "no client NEWKEYS in the capture for port $port"
	pre=$(tshark -n -r "$LAB_TMP/ssh.pcap" -Y "tcp.srcport == $port and tcp.len > 0 and frame.number <= $nk" 2>/dev/null | wc -l)
	all=$(tshark -n -r "$LAB_TMP/ssh.pcap" -Y "tcp.srcport == $port and tcp.len > 0" 2>/dev/null | wc -l)
	n=$(jq -r --argjson sid "$SID_PAYLOAD" --argjson p "$port" 'select(.event_type == "alert"
		and .alert.signature_id == $sid and .src_port == $p) | 1' "$eve" | wc -l)
	lab_log "client port $port: $all data packets, $pre up to its NEWKEYS, $n payload alerts"
	if [ "$n" -lt 1 ] || [ "$n" -gt "$pre" ]; then
		lab_fail "port $port: $n payload alerts, want 1..$pre (the data packets up to NEWKEYS)"
	fi
	[ "$all" -ge "$((pre + 3))" ] ||
		lab_fail "port $port: only $all data packets, $pre before NEWKEYS: no encrypted session to check"
done
lab_log "ok: no payload alerts on the encrypted part of the OpenSSH connections"

# Flow records say ssh; the stats count the ssh flows (every connection
# through quelld was detected).
n=$(jq -r --argjson port "$PORT" 'select(.event_type == "flow" and .dest_port == $port
	and .app_proto == "ssh") | 1' "$eve" | wc -l)
lab_assert_eq "flow records with app_proto ssh" "$((2 * ROUNDS + 1))" "$n"
read -r flows failed perr < <(lab_final_stat "$eve" .app_layer.flow.ssh \
	.app_layer.flow.failed_tcp .app_layer.error.ssh.parser) || exit 1
lab_assert_eq "stats.app_layer.flow.ssh" "$((2 * ROUNDS + 1))" "$flows"
lab_assert_eq "stats.app_layer.flow.failed_tcp" 0 "$failed"
lab_assert_eq "stats.app_layer.error.ssh.parser (the bad banner)" 1 "$perr"
read -r pdrop pign < <(lab_final_stat "$eve" .exception_policy.app_layer.error.drop_flow \
	.exception_policy.app_layer.error.ignore) || exit 1
lab_assert_eq "stats.exception_policy.app_layer.error.drop_flow" 1 "$pdrop"
lab_assert_eq "stats.exception_policy.app_layer.error.ignore" 0 "$pign"
# The packet is dropped with Suricata's reason, and, as Suricata's
# drop-flow does, not inspected: the parser's invalid_banner event rule
# does not alert (with the policy ignore it would). The flow ends as
# dropped.
n=$(jq -r --argjson port "$PORT" 'select(.event_type == "drop" and .drop.reason == "applayer error"
	and (.src_ip == "'"$LAB_CLIENT4"'" or .src_ip == "'"$LAB_CLIENT6_EVE"'") and .dest_port == $port) | 1' "$eve" | wc -l)
lab_assert_eq "drop events with reason applayer error" 1 "$n"
n=$(lab_eve_alerts "$eve" "$SID_EVENT")
lab_assert_eq "app-layer-event:ssh.invalid_banner alerts (packet not inspected)" 0 "$n"
n=$(jq -r 'select(.event_type == "flow" and .app_proto == "ssh" and .flow.action == "drop") | 1' "$eve" | wc -l)
lab_assert_eq "ssh flow records with flow.action drop (dbclient's and the bad banner's)" "$((ROUNDS + 1))" "$n"
echo "PASS: quelld blocks the dropbear client by ssh.software and lets OpenSSH's through; eve ssh records as announced, hassh as tshark's"
