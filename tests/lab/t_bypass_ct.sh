#!/usr/bin/env bash
# lib/bypass against the kernel's conntrack, without quelld: bypass_probe
# runs the bypass manager in the ips namespace, where the lab's conntrack
# table lives. For IPv4 and IPv6, with
#   FORWARD -m connmark --mark B/B -j ACCEPT      (first)
#   FORWARD -j NFQUEUE --queue-num 0 --queue-bypass
# and a rate-limited 20 MB download from the lab httpd:
# - the probe says net.netfilter.nf_conntrack_acct is on (or turned on);
# - once the probe has marked the download's conntrack entry, `conntrack -L
#   --mark B/B` lists it, the connmark ACCEPT counter grows and the NFQUEUE
#   counter does not move;
# - the download completes with the right size and checksum;
# - after `conntrack -D` of the entry the probe prints one "destroy"
#   record whose counters plus the baseline at the mark equal conntrack's
#   last figures (within a few packets);
# Then a restart: a probe marks a download and is stopped mid-way (a
# "shutdown" record), a new probe restores the entry from its mark
# ("ready restored=1"), the flow stays bypassed, and its "destroy" record
# says restored=1 and counts no more than what passed after the restart.
# The same with restart accounting "whole": the stopped probe writes no
# record for the live flow (handed_over=1), and the restored record
# carries conntrack's totals of the whole connection.
# Last, the mark method (nfq.bypass-method: mark): the probe never writes
# the conntrack mark (conntrack -L --mark lists nothing after "marked");
# once the mark is saved into the entry as CONNMARK --save-mark would
# (here conntrack -U), the flow is bypassed and accounted like the
# others, with one "destroy" record.
# shellcheck disable=SC2016 # awk programs in single quotes
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"

PROBE="$QUELL_TOP_BUILDDIR/tests/lab/bypass_probe"
MARK=0x40000000
NFQ_RULE='-j NFQUEUE --queue-num 0 --queue-bypass'
CM_MATCH="-m connmark --mark $MARK/$MARK"
SIZE=20000000
RATE=2M

lab_require
command -v conntrack >/dev/null 2>&1 ||
	_lab_cannot_run "'conntrack' not found (Debian: apt-get install conntrack)"
[ -x "$PROBE" ] || lab_fail "$PROBE is not built (make check builds it)"
lab_setup
lab_start_httpd

for ipt in lab_ipt lab_ip6t; do
	# shellcheck disable=SC2086
	$ipt -I FORWARD $NFQ_RULE || lab_fail "$ipt: insert NFQUEUE rule"
	# shellcheck disable=SC2086
	$ipt -I FORWARD 1 $CM_MATCH -j ACCEPT || lab_fail "$ipt: insert connmark rule"
done

want_sum=$("$LAB_PYTHON" "$QUELL_TOP_SRCDIR/tests/lab/httpd.py" --print-big "$SIZE" | sha256sum | cut -d' ' -f1)

# probe_start NAME ARGS...: bypass_probe in the ips; waits for "ready".
probe_start() {
	local name="$1" i
	shift
	_lab_spawn "$name" "$LAB_NS_I" "$(readlink -f "$PROBE")" "$PROBE" "$@"
	for ((i = 0; i < 100; i++)); do
		grep -q '^ready' "$LAB_TMP/$name.out" 2>/dev/null && return 0
		_lab_alive "${LAB_PID[$name]}" || break
		sleep 0.1
	done
	lab_fail "$name did not get ready (its log is below)"
}

# probe_wait_line NAME REGEX [SECONDS]: wait for a line of NAME's output.
probe_wait_line() {
	local name="$1" re="$2" max="${3:-10}" i
	for ((i = 0; i < max * 10; i++)); do
		grep -Eq "$re" "$LAB_TMP/$name.out" 2>/dev/null && return 0
		sleep 0.1
	done
	lab_fail "$name printed no line matching '$re' within $max s: $(cat "$LAB_TMP/$name.out")"
}

# probe_wait_exit NAME: wait (at most 10 s) for NAME to exit by itself,
# return its status.
probe_wait_exit() {
	local name="$1" pid i rc=0
	pid="${LAB_PID[$name]}"
	for ((i = 0; i < 100; i++)); do
		_lab_alive "$pid" || break
		sleep 0.1
	done
	_lab_alive "$pid" && lab_fail "$name still runs 10 s after its record"
	wait "$pid" 2>/dev/null || rc=$?
	unset 'LAB_PID[$name]'
	return "$rc"
}

# field LINE NAME: the value of NAME=value in LINE.
field() {
	printf '%s\n' "$1" | tr ' ' '\n' | awk -F= -v k="$2" '$1 == k { print $2; exit }'
}

# ct_entry FAMILY CLIENT: conntrack's line for the download (dport 8080).
ct_entry() {
	lab_ips conntrack -L -f "ipv$1" -p tcp --dport "$LAB_HTTP_PORT" -s "$2" 2>/dev/null | head -n 1
}

# ct_counters LINE: "orig_pkts orig_bytes reply_pkts reply_bytes".
ct_counters() {
	printf '%s\n' "$1" | tr ' ' '\n' | awk -F= '
		BEGIN { n = 0 }
		$1 == "packets" { p[n] = $2 }
		$1 == "bytes" { b[n++] = $2 }
		END { print p[0] + 0, b[0] + 0, p[1] + 0, b[1] + 0 }'
}

# start_download FAMILY: background curl of /big; sets CURL_PID, CLIENT,
# SERVER, SPORT, OUT and writes the tuple to $LAB_TMP/tuple$FAMILY.
start_download() {
	local fam="$1" url line i
	if [ "$fam" = 4 ]; then
		CLIENT=$LAB_CLIENT4 SERVER=$LAB_SERVER4
		url="http://$SERVER:$LAB_HTTP_PORT/big?bytes=$SIZE"
	else
		CLIENT=$LAB_CLIENT6 SERVER=$LAB_SERVER6
		url="http://[$SERVER]:$LAB_HTTP_PORT/big?bytes=$SIZE"
	fi
	OUT="$LAB_TMP/big$fam.$RANDOM"
	lab_client curl -sS -g --max-time 40 --limit-rate "$RATE" -o "$OUT" "$url" &
	CURL_PID=$!
	SPORT=""
	for ((i = 0; i < 50; i++)); do
		line=$(ct_entry "$fam" "$CLIENT")
		SPORT=$(field "$line" sport)
		[ -n "$SPORT" ] && break
		sleep 0.1
	done
	[ -n "$SPORT" ] || lab_fail "no conntrack entry for the IPv$fam download"
	if [ "$fam" = 4 ]; then
		echo "tcp $CLIENT:$SPORT -> $SERVER:$LAB_HTTP_PORT" >"$LAB_TMP/tuple$fam"
	else
		echo "tcp [$CLIENT]:$SPORT -> [$SERVER]:$LAB_HTTP_PORT" >"$LAB_TMP/tuple$fam"
	fi
	lab_log "IPv$fam download from port $SPORT"
}

# finish_download FAMILY: wait for curl, check size and checksum.
finish_download() {
	local rc=0 size sum
	wait "$CURL_PID" || rc=$?
	lab_assert_eq "IPv$1 curl exit status" 0 "$rc"
	size=$(stat -c %s "$OUT")
	lab_assert_eq "IPv$1 download size" "$SIZE" "$size"
	sum=$(sha256sum "$OUT" | cut -d' ' -f1)
	lab_assert_eq "IPv$1 download checksum" "$want_sum" "$sum"
}

# counters_flat FAMILY: after the mark, the connmark ACCEPT rule takes
# the flow's packets and the NFQUEUE rule none. Watches for at least 1 s
# and until the flow's next packet, for up to 20 s (the download's own
# limit is 40 s): curl's rate limit pauses the transfer, and on a loaded
# host a pause of more than 5 s with the download half done, curl alive
# and the entry marked was seen (no packet on either rule meanwhile).
counters_flat() {
	local fam="$1" v=() n0 n1 c0 c1 i
	[ "$fam" = 6 ] && v=(-6)
	n0=$(lab_ipt_counter "${v[@]}" FORWARD "$NFQ_RULE") || exit 1
	c0=$(lab_ipt_counter "${v[@]}" FORWARD "$CM_MATCH -j ACCEPT") || exit 1
	sleep 1
	for ((i = 0; i < 95; i++)); do
		c1=$(lab_ipt_counter "${v[@]}" FORWARD "$CM_MATCH -j ACCEPT") || exit 1
		[ "$c1" -gt "$c0" ] && break
		sleep 0.2
	done
	[ "$i" -gt 20 ] && lab_log "IPv$fam: no packet of the flow for $((1 + i / 5)) s after the mark"
	n1=$(lab_ipt_counter "${v[@]}" FORWARD "$NFQ_RULE") || exit 1
	lab_log "IPv$fam NFQUEUE rule $n0 -> $n1, connmark ACCEPT $c0 -> $c1"
	lab_assert_eq "IPv$fam NFQUEUE rule packets after the mark" 0 "$((n1 - n0))"
	# a stalled or finished download is a different failure from a
	# bypass that does not take: say which
	[ "$c1" -gt "$c0" ] || lab_fail "IPv$fam connmark ACCEPT counter did not grow ($c0 -> $c1); download at $(stat -c %s "$OUT" 2>/dev/null || echo '?') of $SIZE bytes, curl $(kill -0 "$CURL_PID" 2>/dev/null && echo running || echo ended), conntrack: $(ct_entry "$fam" "$CLIENT")"
	lab_log "ok: IPv$fam connmark ACCEPT counter grows"
}

# near WHAT A B TOLERANCE: |A - B| <= TOLERANCE
near() {
	local d=$(($2 - $3))
	[ "$d" -lt 0 ] && d=$((-d))
	[ "$d" -le "$4" ] || lab_fail "$1: $2 and $3 differ by $d (> $4)"
	lab_log "ok: $1: $2 ~ $3 (off by $d)"
}

# ---------------------------------------------------------------- per family

for fam in 4 6; do
	name="probe$fam"
	probe_start "$name" -p 1 -t 60 -f "$LAB_TMP/tuple$fam"
	grep -Eq 'nf_conntrack_acct.*(is on|turned it on)' "$LAB_TMP/$name.log" ||
		lab_fail "$name did not log nf_conntrack_acct on: $(cat "$LAB_TMP/$name.log")"
	[ "$(lab_ips sysctl -n net.netfilter.nf_conntrack_acct)" = 1 ] ||
		lab_fail "nf_conntrack_acct is not 1 in the ips"

	start_download "$fam"
	probe_wait_line "$name" '^marked ct_id=[1-9]' 5
	lab_log "IPv$fam $(grep '^marked' "$LAB_TMP/$name.out")"
	counters_flat "$fam"
	marked=$(lab_ips conntrack -L -f "ipv$fam" --mark "$MARK/$MARK" -p tcp --dport "$LAB_HTTP_PORT" 2>/dev/null |
		grep -c "sport=$SPORT ")
	lab_assert_eq "IPv$fam entries listed by conntrack -L --mark $MARK/$MARK" 1 "$marked"
	probe_wait_line "$name" '^poll .*to_client_bytes=[1-9]' 5

	finish_download "$fam"
	sleep 0.5
	last=$(ct_entry "$fam" "$CLIENT")
	read -r op ob rp rb < <(ct_counters "$last")
	lab_log "IPv$fam conntrack's last figures: orig $op/$ob reply $rp/$rb"
	lab_ips conntrack -D -f "ipv$fam" -p tcp --sport "$SPORT" --dport "$LAB_HTTP_PORT" >/dev/null 2>&1 ||
		lab_fail "conntrack -D of the IPv$fam entry"
	probe_wait_line "$name" '^record ' 5
	rc=0
	probe_wait_exit "$name" || rc=$?
	lab_assert_eq "$name exit status" 0 "$rc"

	records=$(grep -c '^record ' "$LAB_TMP/$name.out")
	lab_assert_eq "IPv$fam records" 1 "$records"
	rec=$(grep '^record ' "$LAB_TMP/$name.out")
	base=$(grep '^baseline ' "$LAB_TMP/$name.out")
	lab_assert_eq "IPv$fam record reason" destroy "$(field "$rec" reason)"
	lab_assert_eq "IPv$fam record final" 1 "$(field "$rec" final)"
	lab_assert_eq "IPv$fam record restored" 0 "$(field "$rec" restored)"
	near "IPv$fam to-client packets (baseline + record vs conntrack)" \
		"$(($(field "$base" to_client_pkts) + $(field "$rec" to_client_pkts)))" "$rp" 3
	near "IPv$fam to-client bytes (baseline + record vs conntrack)" \
		"$(($(field "$base" to_client_bytes) + $(field "$rec" to_client_bytes)))" "$rb" 4500
	near "IPv$fam to-server packets (baseline + record vs conntrack)" \
		"$(($(field "$base" to_server_pkts) + $(field "$rec" to_server_pkts)))" "$op" 3
	[ "$(field "$rec" to_client_bytes)" -gt $((SIZE / 4)) ] ||
		lab_fail "IPv$fam: the record counts only $(field "$rec" to_client_bytes) bypassed bytes of $SIZE"
	st=$(grep '^stats ' "$LAB_TMP/$name.out")
	lab_assert_eq "IPv$fam stats bypassed" 1 "$(field "$st" bypassed)"
	lab_assert_eq "IPv$fam stats destroyed" 1 "$(field "$st" destroyed)"
	lab_assert_eq "IPv$fam stats ct_mark_failed" 0 "$(field "$st" ct_mark_failed)"
	lab_assert_eq "IPv$fam stats active" 0 "$(field "$st" active)"
done

# ---------------------------------------------------------------- restart

probe_start probeA -p 1 -t 60 -n -f "$LAB_TMP/tupleR"
start_download 4
mv "$LAB_TMP/tuple4" "$LAB_TMP/tupleR"
probe_wait_line probeA '^marked ct_id=[1-9]' 5
sleep 1
rc=0
lab_stop probeA || rc=$?
lab_assert_eq "probeA exit status after SIGTERM" 0 "$rc"
recA=$(grep '^record ' "$LAB_TMP/probeA.out")
lab_assert_eq "probeA record reason" shutdown "$(field "$recA" reason)"
still=$(lab_ips conntrack -L -f ipv4 --mark "$MARK/$MARK" -p tcp --dport "$LAB_HTTP_PORT" 2>/dev/null | grep -c "sport=$SPORT ")
lab_assert_eq "entries still marked after probeA stopped" 1 "$still"

probe_start probeB -p 1 -t 60
lab_assert_eq "probeB restored entries" "ready restored=1" "$(head -n 1 "$LAB_TMP/probeB.out")"
counters_flat 4
finish_download 4
sleep 0.5
read -r op ob rp rb < <(ct_counters "$(ct_entry 4 "$CLIENT")")
lab_ips conntrack -D -f ipv4 -p tcp --sport "$SPORT" --dport "$LAB_HTTP_PORT" >/dev/null 2>&1 ||
	lab_fail "conntrack -D of the restarted entry"
probe_wait_line probeB '^record ' 5
rc=0
probe_wait_exit probeB || rc=$?
lab_assert_eq "probeB exit status" 0 "$rc"
recB=$(grep '^record ' "$LAB_TMP/probeB.out")
lab_assert_eq "probeB record reason" destroy "$(field "$recB" reason)"
lab_assert_eq "probeB record restored" 1 "$(field "$recB" restored)"
lab_assert_eq "probeB record ct id (the entry probeA marked)" "$(field "$recA" ct_id)" "$(field "$recB" ct_id)"
baseA=$(grep '^baseline ' "$LAB_TMP/probeA.out")
total=$(($(field "$baseA" to_client_bytes) + $(field "$recA" to_client_bytes) + $(field "$recB" to_client_bytes)))
lab_log "restart: baseline $(field "$baseA" to_client_bytes) + before stop $(field "$recA" to_client_bytes) + after restart $(field "$recB" to_client_bytes) = $total of conntrack's $rb"
[ "$total" -le "$rb" ] || lab_fail "restart: bytes counted twice ($total > $rb)"
[ "$(field "$recB" to_client_bytes)" -gt 0 ] || lab_fail "restart: nothing counted after the restart"
# ---------------------------------------------------------------- restart, whole

probe_start probeC -p 1 -t 60 -n -R whole -f "$LAB_TMP/tupleW"
start_download 4
mv "$LAB_TMP/tuple4" "$LAB_TMP/tupleW"
probe_wait_line probeC '^marked ct_id=[1-9]' 5
sleep 1
rc=0
lab_stop probeC || rc=$?
lab_assert_eq "probeC exit status after SIGTERM" 0 "$rc"
lab_assert_eq "probeC records (whole: none for a live flow)" 0 "$(grep -c '^record ' "$LAB_TMP/probeC.out")"
lab_assert_eq "probeC flows handed over" 1 "$(field "$(grep '^stats ' "$LAB_TMP/probeC.out")" handed_over)"
probe_start probeD -p 1 -t 60 -R whole
lab_assert_eq "probeD restored entries" "ready restored=1" "$(head -n 1 "$LAB_TMP/probeD.out")"
finish_download 4
sleep 0.5
read -r op ob rp rb < <(ct_counters "$(ct_entry 4 "$CLIENT")")
lab_ips conntrack -D -f ipv4 -p tcp --sport "$SPORT" --dport "$LAB_HTTP_PORT" >/dev/null 2>&1 ||
	lab_fail "conntrack -D of the handed-over entry"
probe_wait_line probeD '^record ' 5
rc=0
probe_wait_exit probeD || rc=$?
lab_assert_eq "probeD exit status" 0 "$rc"
recD=$(grep '^record ' "$LAB_TMP/probeD.out")
lab_assert_eq "probeD record reason" destroy "$(field "$recD" reason)"
lab_assert_eq "probeD record restored" 1 "$(field "$recD" restored)"
near "whole: to-client bytes of the one record vs conntrack" "$(field "$recD" to_client_bytes)" "$rb" 4500
near "whole: to-client packets of the one record vs conntrack" "$(field "$recD" to_client_pkts)" "$rp" 3
near "whole: to-server packets of the one record vs conntrack" "$(field "$recD" to_server_pkts)" "$op" 3
# ---------------------------------------------------------------- mark method

probe_start probeM -p 1 -t 60 -M mark -f "$LAB_TMP/tupleM"
start_download 4
mv "$LAB_TMP/tuple4" "$LAB_TMP/tupleM"
probe_wait_line probeM '^marked ct_id=[1-9]' 5
sleep 0.3
none=$(lab_ips conntrack -L -f ipv4 --mark "$MARK/$MARK" -p tcp --dport "$LAB_HTTP_PORT" 2>/dev/null | grep -c "sport=$SPORT ")
lab_assert_eq "mark method: entries the probe marked in conntrack" 0 "$none"
lab_ips conntrack -U -f ipv4 -p tcp --sport "$SPORT" --dport "$LAB_HTTP_PORT" --mark "$MARK" >/dev/null 2>&1 ||
	lab_fail "conntrack -U --mark (the save-mark stand-in)"
counters_flat 4
finish_download 4
sleep 0.5
read -r op ob rp rb < <(ct_counters "$(ct_entry 4 "$CLIENT")")
lab_ips conntrack -D -f ipv4 -p tcp --sport "$SPORT" --dport "$LAB_HTTP_PORT" >/dev/null 2>&1 ||
	lab_fail "conntrack -D of the mark-method entry"
probe_wait_line probeM '^record ' 5
rc=0
probe_wait_exit probeM || rc=$?
lab_assert_eq "probeM exit status" 0 "$rc"
recM=$(grep '^record ' "$LAB_TMP/probeM.out")
baseM=$(grep '^baseline ' "$LAB_TMP/probeM.out")
lab_assert_eq "mark method: record reason" destroy "$(field "$recM" reason)"
near "mark method: to-client bytes (baseline + record vs conntrack)" \
	"$(($(field "$baseM" to_client_bytes) + $(field "$recM" to_client_bytes)))" "$rb" 4500
echo "PASS: lib/bypass marks, counts and restores conntrack entries over IPv4 and IPv6 ($LAB_IPTABLES)"
