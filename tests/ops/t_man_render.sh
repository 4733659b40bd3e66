#!/usr/bin/env bash
# The manual pages render without a single warning, both through groff with
# every warning on (-ww) and through `man -l` as a reader sees them at 80
# columns, and they keep up with the daemon: every long option `quelld -h`
# prints appears in quelld.8, every key `quelld --dump-config` prints
# appears in quell.yaml.5.
# Needs the Debian packages groff-base and man-db.
set -u
export LC_ALL=C.UTF-8

SRC=${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}
BUILD=${QUELL_TOP_BUILDDIR:?run through make check or set QUELL_TOP_BUILDDIR}
QUELLD=$BUILD/daemon/quelld
PAGES=(quelld.8 quellctl.8 quell.yaml.5)

fail() {
	printf 't_man_render: FAIL: %s\n' "$*" >&2
	exit 1
}

for tool in groff man; do
	command -v "$tool" >/dev/null ||
		fail "$tool is missing: apt-get install groff-base man-db"
done
[ -x "$QUELLD" ] || fail "$QUELLD is not built"

TMP=$(mktemp -d) || fail "mktemp"
trap 'rm -rf "$TMP"' EXIT

for page in "${PAGES[@]}"; do
	src=$SRC/man/$page
	[ -r "$src" ] || fail "$src is missing"

	LC_ALL=C.UTF-8 groff -man -Tutf8 -ww -z "$src" 2>"$TMP/groff.err"
	if [ -s "$TMP/groff.err" ]; then
		cat "$TMP/groff.err" >&2
		fail "groff warns about $page"
	fi

	rc=0
	LC_ALL=C.UTF-8 MANWIDTH=80 MANPAGER=cat PAGER=cat \
		man --warnings -l "$src" >"$TMP/page.txt" 2>"$TMP/man.err" || rc=$?
	[ "$rc" = 0 ] || fail "man -l $page exited $rc"
	if [ -s "$TMP/man.err" ]; then
		cat "$TMP/man.err" >&2
		fail "man -l warns about $page"
	fi
	grep -q '^NAME' "$TMP/page.txt" || fail "man -l $page: no NAME section"
	grep -q '^SEE ALSO' "$TMP/page.txt" || fail "man -l $page: no SEE ALSO section"
	# Nothing wider than the terminal it was formatted for (characters,
	# not bytes: the page is UTF-8).
	n=0
	while IFS= read -r line; do
		n=$((n + 1))
		[ "${#line}" -le 80 ] ||
			fail "$page renders wider than 80 columns: line $n has ${#line}"
	done <"$TMP/page.txt"
	printf 'ok: %s renders cleanly\n' "$page"
done

# In roff source a '-' in an option or key is written '\-'.
roff() { printf '%s' "$1" | sed 's/-/\\-/g'; }

"$QUELLD" -h >"$TMP/help.txt" 2>&1 || fail "quelld -h exited non-zero"
grep -oE -- '--[a-z][a-z0-9-]*' "$TMP/help.txt" | sort -u >"$TMP/options"
[ -s "$TMP/options" ] || fail "no long option found in quelld -h"
while IFS= read -r opt; do
	grep -qF -- "$(roff "$opt")" "$SRC/man/quelld.8" ||
		fail "quelld.8 does not document $opt (from quelld -h)"
done <"$TMP/options"
printf 'ok: quelld.8 documents all %s long options of quelld -h\n' "$(wc -l <"$TMP/options")"

# quellctl.8 names every command quellctl -h lists.
QUELLCTL=$BUILD/daemon/quellctl
"$QUELLCTL" -h >"$TMP/ctl-help.txt" 2>&1
awk '/^  [a-z][a-z-]+ / { print $1 }' "$TMP/ctl-help.txt" | sort -u >"$TMP/commands"
[ -s "$TMP/commands" ] || fail "no command found in quellctl -h"
while IFS= read -r cmd; do
	grep -qF -- "$(roff "$cmd")" "$SRC/man/quellctl.8" ||
		fail "quellctl.8 does not document the command $cmd (from quellctl -h)"
done <"$TMP/commands"
printf 'ok: quellctl.8 documents all %s commands of quellctl -h\n' "$(wc -l <"$TMP/commands")"

"$QUELLD" --dump-config -c "$SRC/etc/quell.yaml" >"$TMP/dump.txt" 2>"$TMP/dump.err" ||
	fail "quelld --dump-config exited non-zero: $(cat "$TMP/dump.err")"
grep -oE '^[a-z][a-z0-9.-]*:' "$TMP/dump.txt" | tr -d ':' | sort -u >"$TMP/keys"
[ -s "$TMP/keys" ] || fail "no key found in quelld --dump-config"
while IFS= read -r key; do
	case $key in
	flow-timeouts.*.*)
		# Documented once for every protocol: .BI flow\-timeouts. proto .KIND
		# (and the protocol named in the text).
		proto=${key#flow-timeouts.}
		kind=${proto#*.}
		proto=${proto%%.*}
		grep -qxF -- ".BI flow\\-timeouts. proto .$(roff "$kind")" "$SRC/man/quell.yaml.5" ||
			fail "quell.yaml.5 does not document flow-timeouts.<proto>.$kind"
		grep -qw -- "$proto" "$SRC/man/quell.yaml.5" ||
			fail "quell.yaml.5 does not name the flow-timeouts protocol $proto"
		;;
	*)
		grep -qF -- "$(roff "$key")" "$SRC/man/quell.yaml.5" ||
			fail "quell.yaml.5 does not document $key (from quelld --dump-config)"
		;;
	esac
done <"$TMP/keys"
printf 'ok: quell.yaml.5 documents all %s keys of quelld --dump-config\n' "$(wc -l <"$TMP/keys")"
exit 0
