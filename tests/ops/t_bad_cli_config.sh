#!/usr/bin/env bash
# Bad command lines, configurations and rule files: each case runs quelld
# once and checks
# - its exit status (2 for usage errors, 1 for configuration and rule
#   errors, 0 where only warnings are expected),
# - the exact diagnostic lines on stderr, in order, and that no other
#   "quelld: ..." or error/warning log line appears,
# - that nothing is left behind: no process started by the case, no
#   pidfile, no binding of the case's queue (4711) in
#   /proc/net/netfilter/nfnetlink_queue.
# Every case has a timeout. Cases without -T fail before binding a queue,
# so none of them needs root.
set -u

BUILD=${QUELL_TOP_BUILDDIR:?run through make check or set QUELL_TOP_BUILDDIR}
QUELLD=$BUILD/daemon/quelld
QUEUE=4711
NFQ_PROC=/proc/net/netfilter/nfnetlink_queue

[ -x "$QUELLD" ] || { echo "t_bad_cli_config: $QUELLD is not built" >&2; exit 1; }

TMP=$(mktemp -d) || exit 1
# Processes a case left behind: their command line names our private,
# unique $TMP (every case passes --pidfile $TMP/run/...), so they are ours.
leftovers() { pgrep -f -- "$TMP/"; }
kill_leftovers() {
	local pid
	for pid in $(leftovers); do
		kill -KILL "$pid" 2>/dev/null
	done
}
# shellcheck disable=SC2317 # called by the trap
cleanup() {
	kill_leftovers
	rm -rf "$TMP"
}
trap cleanup EXIT
cd "$TMP" || exit 1
mkdir run
PIDFILE=$TMP/run/quelld.pid

ncases=0
nfailed=0

# bad_case NAME STATUS ARGS... <<EOF
# expected stderr lines
# EOF
bad_case() {
	local name=$1 want_rc=$2 rc=0 line j=0 problems=""
	local -a want got
	shift 2
	ncases=$((ncases + 1))
	mapfile -t want
	timeout --kill-after=2 10 "$QUELLD" --pidfile "$PIDFILE" "$@" \
		</dev/null >"$TMP/stdout" 2>"$TMP/stderr" || rc=$?
	mapfile -t got <"$TMP/stderr"

	[ "$rc" = "$want_rc" ] || problems+="  exit status $rc, expected $want_rc"$'\n'
	for line in "${got[@]}"; do
		if [ "$j" -lt "${#want[@]}" ] && [ "$line" = "${want[$j]}" ]; then
			j=$((j + 1))
		fi
	done
	[ "$j" = "${#want[@]}" ] ||
		problems+="  missing (in this order): ${want[$j]}"$'\n'
	for line in "${got[@]}"; do
		case $line in
		"quelld: "* | "quell[error]"* | "quell[warning]"*)
			printf '%s\n' "${want[@]}" | grep -qxF -- "$line" ||
				problems+="  unexpected: $line"$'\n'
			;;
		esac
	done
	[ -e "$PIDFILE" ] && problems+="  pidfile $PIDFILE left behind"$'\n'
	[ -e "$SOCKET" ] && problems+="  control socket $SOCKET left behind"$'\n'
	if leftovers >/dev/null; then
		problems+="  process left behind: $(pgrep -af -- "$TMP/")"$'\n'
	fi
	if [ -r "$NFQ_PROC" ] && awk -v q="$QUEUE" '$1 == q { f = 1 } END { exit !f }' "$NFQ_PROC"; then
		problems+="  queue $QUEUE left bound"$'\n'
	fi

	if [ -n "$problems" ]; then
		nfailed=$((nfailed + 1))
		printf 'not ok %d - %s\n%s  command: quelld --pidfile %s %s\n  stderr:\n' \
			"$ncases" "$name" "$problems" "$PIDFILE" "$*"
		sed 's/^/    /' "$TMP/stderr"
	else
		printf 'ok %d - %s\n' "$ncases" "$name"
	fi
	rm -f "$PIDFILE"
	kill_leftovers
}

# conf NAME: the YAML on stdin becomes NAME.
conf() { cat >"$1"; }

printf 'alert tcp any any -> any any (msg:"good"; content:"x"; sid:1; rev:1;)\n' >good.rules
conf good.yaml <<'EOF'
nfq:
  mode: accept
EOF
OK=(-c good.yaml -S good.rules)
# Cases that get past the checks keep their control socket in here too,
# not under the system's run directory.
SOCKET=$TMP/run/quell.socket
RUN=(--set "unix-command.filename=$SOCKET")

# --- command line: usage errors, exit 2 ------------------------------

bad_case "unknown long option" 2 --bogus <<'EOF'
quelld: unknown option --bogus
EOF
bad_case "unknown short option" 2 -x <<'EOF'
quelld: unknown option -x
EOF
bad_case "-c without a value" 2 -T -c <<'EOF'
quelld: option -c needs a value
EOF
bad_case "--config without a value" 2 -T --config <<'EOF'
quelld: option --config needs a value
EOF
bad_case "-q without a value" 2 -T -q <<'EOF'
quelld: option -q needs a value
EOF
bad_case "-S twice" 2 -T -c good.yaml -S good.rules -S good.rules <<'EOF'
quelld: -S given twice
EOF
bad_case "-S with -s" 2 -T -c good.yaml -S good.rules -s good.rules <<'EOF'
quelld: -S (only these rules) and -s (more rules) exclude each other
EOF
bad_case "stray argument" 2 -T "${OK[@]}" extra <<'EOF'
quelld: unexpected argument 'extra'
EOF
bad_case "-r with -q" 2 -c good.yaml -r none.pcap -q "$QUEUE" <<'EOF'
quelld: -r (offline capture) and -q (inline queue) exclude each other
EOF
bad_case "-D with -r" 2 -D -c good.yaml -r none.pcap <<'EOF'
quelld: -D makes no sense with -r
EOF
bad_case "--simulate-ips without -r" 2 --simulate-ips "${OK[@]}" -q "$QUEUE" <<'EOF'
quelld: --simulate-ips needs -r
EOF
bad_case "--group without --user" 2 --group quell "${OK[@]}" -q "$QUEUE" <<'EOF'
quelld: --group needs --user
EOF
bad_case "-k neither all nor none" 2 -k some -c good.yaml -r none.pcap <<'EOF'
quelld: -k: expected all or none, not 'some'
EOF
bad_case "--runmode neither single, workers nor autofp" 2 --runmode=fast "${OK[@]}" -q "$QUEUE" <<'EOF'
quelld: --runmode: expected single, workers or autofp, not 'fast'
EOF
bad_case "--worker-delay-us negative" 2 --worker-delay-us -1 "${OK[@]}" -q "$QUEUE" <<'EOF'
quelld: --worker-delay-us: not a number of microseconds within 0..1000000
EOF

# --- command line values checked with the configuration, exit 1 -----

bad_case "-q beyond 65535" 1 -T "${OK[@]}" -q 70000 <<'EOF'
quelld: -q: not a queue number or range A:B within 0..65535 near '70000'
quelld: configuration has errors
EOF
bad_case "-q range backwards" 1 -T "${OK[@]}" -q 5:3 <<'EOF'
quelld: -q: not a queue number or range A:B within 0..65535 near '5:3'
quelld: configuration has errors
EOF
bad_case "-q not a number" 1 -T "${OK[@]}" -q abc <<'EOF'
quelld: -q: not a queue number or range A:B within 0..65535 near 'abc'
quelld: configuration has errors
EOF
bad_case "-q more than 64 queues" 1 -T "${OK[@]}" -q 1:100 <<'EOF'
quelld: -q: more than 64 queues near '1:100'
quelld: configuration has errors
EOF
bad_case "--set bad enum" 1 -T "${OK[@]}" --set nfq.mode=bogus <<'EOF'
quelld: --set: nfq.mode: not one of accept, repeat, route near 'bogus'
quelld: configuration has errors
EOF
bad_case "--set unknown key warns with a suggestion" 0 -T "${OK[@]}" --set nfq.mdoe=repeat <<'EOF'
quelld: --set: warning: nfq.mdoe: unknown key ignored; did you mean 'nfq.mode'?
configuration OK
EOF
bad_case "--set of a Suricata key quell lacks warns why" 0 -T "${OK[@]}" --set pcap-file.checksum-checks=auto <<'EOF'
quelld: --set: warning: pcap-file.checksum-checks: Suricata setting ignored: offline reading takes -k all|none for checksums
configuration OK
EOF
bad_case "--set without =" 1 -T "${OK[@]}" --set novalue <<'EOF'
quelld: --set: expected key=value near 'novalue'
quelld: configuration has errors
EOF
bad_case "--set out of range" 1 -T "${OK[@]}" --set stats.interval=0 <<'EOF'
quelld: --set: stats.interval: not a number within 1..86400 near '0'
quelld: configuration has errors
EOF

# --- configuration files, exit 1 -------------------------------------

bad_case "missing configuration file" 1 -T -c missing.yaml -S good.rules <<'EOF'
quelld: missing.yaml: cannot open: No such file or directory
quelld: configuration has errors
EOF

conf mark.yaml <<'EOF'
nfq:
  repeat-mark: 0x1ffffffff
EOF
bad_case "mark wider than 32 bits" 1 -T -c mark.yaml -S good.rules <<'EOF'
quelld: mark.yaml:2:3: nfq.repeat-mark: not a 32-bit number near '0x1ffffffff'
quelld: configuration has errors
EOF

conf mark_.yaml <<'EOF'
nfq:
  repeat_mark: 0x1ffffffff
EOF
bad_case "underscore key spelling, same check" 1 -T -c mark_.yaml -S good.rules <<'EOF'
quelld: mark_.yaml:2:3: nfq.repeat-mark: not a 32-bit number near '0x1ffffffff'
quelld: configuration has errors
EOF

conf syntax.yaml <<'EOF'
nfq:
  mode: [accept
EOF
bad_case "YAML syntax error" 1 -T -c syntax.yaml -S good.rules <<'EOF'
quelld: syntax.yaml:3:1: YAML syntax: did not find expected ',' or ']' while parsing a flow sequence
quelld: configuration has errors
EOF

printf 'nfq:\n\tmode: accept\n' >tab.yaml
bad_case "tab indentation" 1 -T -c tab.yaml -S good.rules <<'EOF'
quelld: tab.yaml:2:1: YAML syntax: found character that cannot start any token while scanning for the next token
quelld: configuration has errors
EOF

conf top.yaml <<'EOF'
- nfq
- stats
EOF
bad_case "top level is a list" 1 -T -c top.yaml -S good.rules <<'EOF'
quelld: top.yaml:1:1: top level must be a mapping of sections
quelld: configuration has errors
EOF

conf section.yaml <<'EOF'
nfq: yes
EOF
bad_case "value where a section belongs" 1 -T -c section.yaml -S good.rules <<'EOF'
quelld: section.yaml:1:1: nfq: expected a section near 'yes'
quelld: configuration has errors
EOF

conf bool.yaml <<'EOF'
nfq:
  fail-open: maybe
EOF
bad_case "bad boolean" 1 -T -c bool.yaml -S good.rules <<'EOF'
quelld: bool.yaml:2:3: nfq.fail-open: not a boolean (yes/no) near 'maybe'
quelld: configuration has errors
EOF

conf enum.yaml <<'EOF'
nfq:
  mode: drop
EOF
bad_case "bad enum" 1 -T -c enum.yaml -S good.rules <<'EOF'
quelld: enum.yaml:2:3: nfq.mode: not one of accept, repeat, route near 'drop'
quelld: configuration has errors
EOF

conf list.yaml <<'EOF'
nfq:
  mode: [accept, repeat]
EOF
bad_case "list where a value belongs" 1 -T -c list.yaml -S good.rules <<'EOF'
quelld: list.yaml:2:3: nfq.mode: expected a single value
quelld: configuration has errors
EOF

conf types.yaml <<'EOF'
outputs:
  - eve-log:
      types: {alert: yes}
EOF
bad_case "mapping where a list belongs" 1 -T -c types.yaml -S good.rules <<'EOF'
quelld: types.yaml:3:7: outputs.eve-log.types: expected a list
quelld: configuration has errors
EOF

conf vars.yaml <<'EOF'
vars:
  address-groups: 10.0.0.0/8
EOF
bad_case "value where a mapping belongs" 1 -T -c vars.yaml -S good.rules <<'EOF'
quelld: vars.yaml:2:3: vars.address-groups: expected a mapping of NAME: value near '10.0.0.0/8'
quelld: configuration has errors
EOF

conf routeq.yaml <<'EOF'
nfq:
  route-queue: 70000
EOF
bad_case "route-queue out of range" 1 -T -c routeq.yaml -S good.rules <<'EOF'
quelld: routeq.yaml:2:3: nfq.route-queue: not a number within 0..65535 near '70000'
quelld: configuration has errors
EOF

conf negative.yaml <<'EOF'
nfq:
  route-queue: -1
EOF
bad_case "negative number" 1 -T -c negative.yaml -S good.rules <<'EOF'
quelld: negative.yaml:2:3: nfq.route-queue: not a number within 0..65535 near '-1'
quelld: configuration has errors
EOF

conf maxlen.yaml <<'EOF'
nfq:
  queue-maxlen: 0
EOF
bad_case "queue-maxlen zero" 1 -T -c maxlen.yaml -S good.rules <<'EOF'
quelld: maxlen.yaml:2:3: nfq.queue-maxlen: not a number within 1..16777216 near '0'
quelld: configuration has errors
EOF

conf rcvbuf.yaml <<'EOF'
nfq:
  socket-rcvbuf: 1000
EOF
bad_case "socket-rcvbuf too small" 1 -T -c rcvbuf.yaml -S good.rules <<'EOF'
quelld: rcvbuf.yaml:2:3: nfq.socket-rcvbuf: not a number within 65536..1073741824 near '1000'
quelld: configuration has errors
EOF

conf interval.yaml <<'EOF'
stats:
  interval: soon
EOF
bad_case "word where a number belongs" 1 -T -c interval.yaml -S good.rules <<'EOF'
quelld: interval.yaml:2:3: stats.interval: not a number within 1..86400 near 'soon'
quelld: configuration has errors
EOF

conf queues.yaml <<'EOF'
nfq:
  queues: [0, 70000]
EOF
bad_case "nfq.queues item out of range" 1 -T -c queues.yaml -S good.rules <<'EOF'
quelld: queues.yaml:2:15: nfq.queues: not a queue number or range A:B within 0..65535 near '70000'
quelld: configuration has errors
EOF

conf threads.yaml <<'EOF'
threading:
  detect-threads: 100
EOF
bad_case "detect-threads beyond 64" 1 -T -c threads.yaml -S good.rules <<'EOF'
quelld: threads.yaml:2:3: threading.detect-threads: not "auto" or a number within 1..64 near '100'
quelld: configuration has errors
EOF

conf cpus.yaml <<'EOF'
threading:
  cpu-affinity:
    workers: "3-1"
EOF
bad_case "CPU list backwards" 1 -T -c cpus.yaml -S good.rules <<'EOF'
quelld: cpus.yaml:3:5: threading.cpu-affinity.workers: not a CPU list like "0-3,6" near '3-1'
quelld: configuration has errors
EOF

conf evefile.yaml <<'EOF'
outputs:
  - eve-log:
      filename: ../eve.json
EOF
bad_case "eve file name with a directory" 1 -T -c evefile.yaml -S good.rules <<'EOF'
quelld: outputs.eve-log.filename: must be a plain file name inside the log directory near '../eve.json'
quelld: configuration has errors
EOF

conf repeat.yaml <<'EOF'
nfq:
  mode: repeat
EOF
bad_case "repeat mode without a mark" 1 -T -c repeat.yaml -S good.rules <<'EOF'
quelld: nfq.repeat-mark: required (non-zero) when nfq.mode is repeat
quelld: configuration has errors
EOF

conf outside.yaml <<'EOF'
nfq:
  mode: repeat
  repeat-mark: 0x3
  repeat-mask: 0x1
EOF
bad_case "repeat mark outside its mask" 1 -T -c outside.yaml -S good.rules <<'EOF'
quelld: nfq.repeat-mark: 0x3 has bits outside nfq.repeat-mask 0x1
quelld: configuration has errors
EOF

conf overlap.yaml <<'EOF'
nfq:
  mode: repeat
  repeat-mark: 0x40000000
  repeat-mask: 0x40000000
EOF
bad_case "repeat mask overlaps bypass mask" 1 -T -c overlap.yaml -S good.rules <<'EOF'
quelld: nfq.repeat-mask 0x40000000 overlaps nfq.bypass-mask 0x40000000
quelld: configuration has errors
EOF

conf bypass.yaml <<'EOF'
nfq:
  bypass-mark: 0x1
EOF
bad_case "bypass mark outside its mask" 1 -T -c bypass.yaml -S good.rules <<'EOF'
quelld: nfq.bypass-mark: 0x1 has bits outside nfq.bypass-mask 0x40000000
quelld: configuration has errors
EOF

conf many.yaml <<'EOF'
nfq:
  mode: drop
  fail-open: maybe
stats:
  interval: 0
EOF
bad_case "every error of a file is reported" 1 -T -c many.yaml -S good.rules <<'EOF'
quelld: many.yaml:2:3: nfq.mode: not one of accept, repeat, route near 'drop'
quelld: many.yaml:3:3: nfq.fail-open: not a boolean (yes/no) near 'maybe'
quelld: many.yaml:5:3: stats.interval: not a number within 1..86400 near '0'
quelld: configuration has errors
EOF

# include: a cycle names the files that lead to it; a fan-out (each file
# includes the next 8 times, 8 levels: 8^8 loads) stops at 64 included
# files within the case's 10 s timeout, with one error.
conf cycle-a.yaml <<'EOF'
stats:
  interval: 5
include: cycle-b.yaml
EOF
conf cycle-b.yaml <<'EOF'
include:
  - ./cycle-a.yaml
EOF
bad_case "include cycle names the chain" 1 -T -c cycle-a.yaml -S good.rules <<'EOF'
quelld: cycle-b.yaml:2:5: include: cycle: cycle-a.yaml -> cycle-b.yaml -> ./cycle-a.yaml
quelld: configuration has errors
EOF
for i in 0 1 2 3 4 5 6 7; do
	n=fan$((i + 1)).yaml
	printf 'include: [%s, %s, %s, %s, %s, %s, %s, %s]\n' \
		"$n" "$n" "$n" "$n" "$n" "$n" "$n" "$n" >"fan$i.yaml"
done
printf 'stats:\n  interval: 9\n' >fan8.yaml
bad_case "include fan-out stops at 64 files" 1 -T -c fan0.yaml -S good.rules <<'EOF'
quelld: fan7.yaml:1:44: include: more than 64 files in all near 'fan8.yaml'
quelld: configuration has errors
EOF

# --- warnings only: -T passes -----------------------------------------

conf typo.yaml <<'EOF'
nfq:
  mdoe: accept
EOF
bad_case "unknown key warns with a suggestion" 0 -T -c typo.yaml -S good.rules <<'EOF'
quelld: typo.yaml:2:3: warning: nfq.mdoe: unknown key ignored; did you mean 'nfq.mode'?
configuration OK
EOF

conf suricata.yaml <<'EOF'
app-layer:
  protocols:
    http:
      enabled: yes
      memcap: 64mb
outputs:
  - eve-log:
      types:
        - alert:
            payload: yes
        - smtp
stream:
  reassembly:
    depth: 1mb
    segment-prealloc: 2048
EOF
bad_case "a suricata.yaml snippet names what it ignores" 0 -T -c suricata.yaml -S good.rules <<'EOF'
quelld: suricata.yaml:5:7: warning: app-layer.protocols.http.memcap: Suricata setting ignored: quell's parser of this protocol has no such setting
quelld: suricata.yaml:11:11: warning: outputs.eve-log.types.smtp: Suricata setting ignored: quell parses HTTP/1, TLS, DNS and SSH only; not this yet
quelld: suricata.yaml:15:5: warning: stream.reassembly.segment-prealloc: Suricata setting ignored: quell's reassembly reads depth, memcap, memcap-policy, check-overlap-different-data, out-of-order-limit, raw, toserver-/toclient-chunk-size, randomize-chunk-size/-range and urgent.policy/oob-limit-policy
configuration OK
EOF

conf unknown.yaml <<'EOF'
zzzzzzzzzz: 1
EOF
bad_case "unknown key far from any warns without one" 0 -T -c unknown.yaml -S good.rules <<'EOF'
quelld: unknown.yaml:1:1: warning: zzzzzzzzzz: unknown key ignored
configuration OK
EOF

# --- rule files, exit 1 with -T ---------------------------------------

cat >bad.rules <<'EOF'
alert tcp any any -> any any (msg:"no end"; sid:10
foo tcp any any -> any any (msg:"bad action"; sid:11;)
alert tcp any any -> any any (msg:"fine"; content:"y"; sid:12;)
alert tcp any any -> any 99999 (msg:"bad port"; sid:13;)
alert tcp $NOPE any -> any any (msg:"bad var"; sid:14;)
alert tcp any any -> any any (msg:"dup"; sid:12;)
EOF
bad_case "rule file with errors" 1 -T -c good.yaml -S bad.rules <<'EOF'
quelld: bad.rules:1:30: unterminated rule options: missing ')' at the end near '('
quelld: bad.rules:2:1: unknown action 'foo' near 'foo'
quelld: bad.rules:4:26: invalid port '99999' near '99999'
quelld: bad.rules:5:11: unknown variable '$NOPE' near '$NOPE'
quelld: bad.rules:6:46: duplicate sid 12 (gid 1), first defined at bad.rules:3 near '12'
quelld: rules have errors
EOF
bad_case "missing rule file" 1 -T -c good.yaml -S missing.rules <<'EOF'
quelld: missing.rules: cannot open rule file: No such file or directory
quelld: rules have errors
EOF

# --- without -T: the daemon stops before binding its queue -------------

bad_case "bad configuration never half-starts" 1 "${RUN[@]}" -c enum.yaml -S good.rules -q "$QUEUE" <<'EOF'
quelld: enum.yaml:2:3: nfq.mode: not one of accept, repeat, route near 'drop'
quelld: configuration has errors
EOF
bad_case "bad configuration with -D never forks a daemon" 1 -D "${RUN[@]}" -c enum.yaml -S good.rules -q "$QUEUE" <<'EOF'
quelld: enum.yaml:2:3: nfq.mode: not one of accept, repeat, route near 'drop'
quelld: configuration has errors
EOF
bad_case "unwritable log directory stops before the queue" 1 "${RUN[@]}" "${OK[@]}" -q "$QUEUE" -l "$TMP/no/such/dir" <<EOF
quell[warning] main: cannot open $TMP/no/such/dir/eve.json: No such file or directory
EOF
bad_case "with -D, a failure after the fork still reaches stderr" 1 -D "${RUN[@]}" "${OK[@]}" -q "$QUEUE" -l "$TMP/no/such/dir" <<EOF
quell[warning] main: cannot open $TMP/no/such/dir/eve.json: No such file or directory
EOF

# --- user, group and pidfile: refused before anything is bound ---------

bad_case "unknown user" 1 --user quell-no-such-user "${RUN[@]}" "${OK[@]}" -q "$QUEUE" <<'EOF'
quelld: user 'quell-no-such-user': no such user
EOF
bad_case "unknown group" 1 --user root --group quell-no-such-group "${RUN[@]}" "${OK[@]}" -q "$QUEUE" <<'EOF'
quelld: group 'quell-no-such-group': no such group
EOF
bad_case "pidfile in a missing directory" 1 "${RUN[@]}" "${OK[@]}" -q "$QUEUE" --pidfile "$TMP/no/quelld.pid" <<EOF
quell[error] main: $TMP/no/quelld.pid: cannot create: No such file or directory
EOF

# A live process in the pidfile: quelld refuses and leaves the file alone.
# (The later --pidfile wins over the one bad_case puts first.)
sleep 60 &
live=$!
printf '%s\n' "$live" >live.pid
bad_case "pidfile of a live process" 1 "${RUN[@]}" "${OK[@]}" -q "$QUEUE" --pidfile "$TMP/live.pid" <<EOF
quell[error] main: $TMP/live.pid: quelld already running as pid $live
EOF
if [ "$(cat live.pid)" != "$live" ]; then
	echo "not ok - the pidfile of a live process was changed: $(cat live.pid)"
	nfailed=$((nfailed + 1))
fi
kill "$live" 2>/dev/null
wait "$live" 2>/dev/null

# A stale pidfile is taken over, and removed again when the start fails.
printf 'garbage\n' >stale.pid
bad_case "stale pidfile is replaced, then removed on failure" 1 "${RUN[@]}" "${OK[@]}" -q "$QUEUE" --pidfile "$TMP/stale.pid" -l "$TMP/no/such/dir" <<EOF
quell[warning] main: $TMP/stale.pid: replaced stale pidfile (it holds no process id)
quell[warning] main: cannot open $TMP/no/such/dir/eve.json: No such file or directory
EOF
if [ -e stale.pid ]; then
	echo "not ok - stale pidfile left behind: $(cat stale.pid)"
	nfailed=$((nfailed + 1))
fi

echo "1..$ncases"
if [ "$ncases" -lt 30 ]; then
	echo "t_bad_cli_config: only $ncases cases, the issue asks for 30 or more" >&2
	exit 1
fi
if [ "$nfailed" -gt 0 ]; then
	echo "t_bad_cli_config: $nfailed of $ncases cases failed" >&2
	exit 1
fi
exit 0
