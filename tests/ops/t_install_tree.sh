#!/usr/bin/env bash
# `make install DESTDIR=...` installs exactly what a quell installation
# is: quelld and quellctl in sbindir; quell.yaml, classification.config,
# reference.config and rules/quell.rules under sysconfdir/quell; the
# systemd unit, the logrotate snippet, the man pages - and nothing else.
# Then:
# - the installed quelld accepts the installed configuration and rules
#   (quelld -T prints "configuration OK");
# - the installed logrotate snippet names the configured log directory and
#   pidfile, and `logrotate -d` reads it without an error;
# - `make uninstall` leaves no file behind.
# (`make distcheck` covers the rest and is too slow for a test.)
# Needs the Debian package logrotate.
set -u

SRC=${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}
BUILD=${QUELL_TOP_BUILDDIR:?run through make check or set QUELL_TOP_BUILDDIR}

fail() {
	printf 't_install_tree: FAIL: %s\n' "$*" >&2
	exit 1
}
ok() { printf 'ok: %s\n' "$*"; }

command -v logrotate >/dev/null ||
	fail "logrotate is missing: apt-get install logrotate"

TMP=$(mktemp -d) || fail "mktemp"
trap 'rm -rf "$TMP"' EXIT
DEST=$TMP/dest

# A make of our own: not the jobserver or variables of the make running
# this test.
mk() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$BUILD" "$@"
}

# The installation directories as configure set them, expanded by make.
mk -f Makefile -f - quell-print-dirs >"$TMP/dirs" 2>"$TMP/dirs.err" <<'EOF' ||
quell-print-dirs:
	@echo "sbindir=$(sbindir)"
	@echo "sysconfdir=$(sysconfdir)"
	@echo "mandir=$(mandir)"
	@echo "systemdunitdir=$(systemdunitdir)"
	@echo "localstatedir=$(localstatedir)"
	@echo "runstatedir=$(runstatedir)"
EOF
	fail "cannot read the installation directories: $(cat "$TMP/dirs.err")"
dir() { sed -n "s/^$1=//p" "$TMP/dirs"; }
sbindir=$(dir sbindir)
sysconfdir=$(dir sysconfdir)
mandir=$(dir mandir)
unitdir=$(dir systemdunitdir)
localstatedir=$(dir localstatedir)
runstatedir=$(dir runstatedir)
for d in sbindir sysconfdir mandir unitdir localstatedir runstatedir; do
	case ${!d} in
	/*) ;;
	*) fail "$d is '${!d}', not an absolute path" ;;
	esac
done

# Install what was built and tested: relinking a program here would pull
# it from under the tests running beside this one.
mapfile -t keep < <(mk -f Makefile -f - quell-print-programs 2>/dev/null <<'EOF' | tr ' ' '\n' | sed -n 's/^./-o\n&/p'
quell-print-programs:
	@echo $(sbin_PROGRAMS) $(bin_PROGRAMS)
EOF
)
[ "${#keep[@]}" -gt 0 ] || fail "cannot list the programs to install"
mk "${keep[@]}" install DESTDIR="$DEST" >"$TMP/install.log" 2>&1 ||
	fail "make install DESTDIR=$DEST: $(tail -n 20 "$TMP/install.log")"
ok "make install DESTDIR=... succeeded"

# Exactly these files, no more, no fewer.
{
	echo "$sbindir/quelld"
	echo "$sbindir/quellctl"
	echo "$sysconfdir/quell/quell.yaml"
	echo "$sysconfdir/quell/rules/quell.rules"
	echo "$sysconfdir/quell/classification.config"
	echo "$sysconfdir/quell/reference.config"
	echo "$sysconfdir/logrotate.d/quell"
	echo "$unitdir/quell.service"
	echo "$mandir/man8/quellctl.8"
	echo "$mandir/man8/quelld.8"
	echo "$mandir/man5/quell.yaml.5"
} | sort >"$TMP/expected"
(cd "$DEST" && find . ! -type d | sed 's|^\.||') | sort >"$TMP/installed"
if ! diff -u "$TMP/expected" "$TMP/installed" >"$TMP/diff"; then
	cat "$TMP/diff" >&2
	fail "installed files differ from the expected list (- missing, + unexpected)"
fi
ok "installed exactly $(wc -l <"$TMP/expected") files"

for p in quelld quellctl; do
	[ -x "$DEST$sbindir/$p" ] || fail "$sbindir/$p is not executable"
done
for f in quell/quell.yaml quell/classification.config quell/reference.config \
	quell/rules/quell.rules logrotate.d/quell; do
	mode=$(stat -c %a "$DEST$sysconfdir/$f")
	[ "$mode" = 644 ] || fail "$sysconfdir/$f has mode $mode, not 644"
done
cmp -s "$SRC/etc/quell.yaml" "$DEST$sysconfdir/quell/quell.yaml" ||
	fail "the installed quell.yaml differs from etc/quell.yaml"
cmp -s "$SRC/rules/quell.rules" "$DEST$sysconfdir/quell/rules/quell.rules" ||
	fail "the installed quell.rules differs from rules/quell.rules"
ok "programs are executable, configuration files are 0644 copies of the tree's"

# The installed daemon takes the installed configuration and rules, as the
# unit's ExecStartPre= runs it (the rule path moved into DESTDIR).
rc=0
"$DEST$sbindir/quelld" -T -c "$DEST$sysconfdir/quell/quell.yaml" \
	--set "default-rule-path=$DEST$sysconfdir/quell/rules" \
	>"$TMP/t.out" 2>&1 || rc=$?
[ "$rc" = 0 ] || fail "installed quelld -T exited $rc: $(cat "$TMP/t.out")"
grep -qx 'configuration OK' "$TMP/t.out" ||
	fail "installed quelld -T did not say 'configuration OK': $(cat "$TMP/t.out")"
grep -q 'warning' "$TMP/t.out" &&
	fail "installed configuration or rules give warnings: $(cat "$TMP/t.out")"
ok "installed quelld -T accepts the installed quell.yaml and quell.rules"

lr=$DEST$sysconfdir/logrotate.d/quell
grep -n '@[a-z]*@' "$lr" && fail "unsubstituted @placeholders@ in the logrotate snippet"
grep -qF "$localstatedir/log/quell/*.json" "$lr" ||
	fail "the logrotate snippet does not rotate $localstatedir/log/quell/*.json"
grep -qF "$runstatedir/quell/quelld.pid" "$lr" ||
	fail "the logrotate snippet does not signal the pid in $runstatedir/quell/quelld.pid"
for word in daily 'rotate 7' compress delaycompress missingok notifempty postrotate; do
	grep -qE "^[[:space:]]*$word\$" "$lr" || fail "the logrotate snippet lacks '$word'"
done
rc=0
logrotate -d -s "$TMP/logrotate.state" "$lr" >"$TMP/lr.out" 2>&1 || rc=$?
if [ "$rc" != 0 ] || grep -qi 'error' "$TMP/lr.out"; then
	cat "$TMP/lr.out" >&2
	fail "logrotate -d rejects the snippet (exit $rc)"
fi
ok "the logrotate snippet is valid and names the configured log directory and pidfile"

mk uninstall DESTDIR="$DEST" >"$TMP/uninstall.log" 2>&1 ||
	fail "make uninstall DESTDIR=$DEST: $(tail -n 20 "$TMP/uninstall.log")"
left=$(cd "$DEST" && find . ! -type d)
[ -z "$left" ] || fail "make uninstall left files behind: $left"
ok "make uninstall removes every installed file"
exit 0
