#!/usr/bin/env bash
# suricata-update (Debian's package) as quell's rule manager, offline: the
# ET Open sample of tests/data/et-open packed as a tarball and given as a
# file:// source, plus a local rule file, through the user's
# enable/disable/modify/drop.conf, into the rule file quelld loads
# (default-rule-path + rule-files). suricata-update runs `quelld -T` as its
# --test-command and `quellctl reload-rules` as its --reload-command.
# - run 1: the output honours every filter: the GaduGadu chat rules
#   (disable.conf re:) and emerging-tftp.rules (group:) are commented out,
#   the commented Jabber rule 2100231 is enabled (enable.conf), rule
#   2100366 (GPL ICMP_INFO PING *NIX) gets classtype attempted-recon
#   (modify.conf), local rule 9000002 becomes a drop rule (drop.conf); the
#   test command ran quelld -T on it;
# - a modify that breaks a rule: quelld -T fails, suricata-update fails and
#   leaves the rule file as it was;
# - quelld inline on that file: a ping raises 2100366 with the modified
#   class, GET /attack is dropped by 9000002;
# - run 2 disables 2100366: suricata-update reloads quelld through quellctl
#   (which answers one rule fewer than quelld loaded at start), and the
#   next pings raise no 2100366 alert.
# The test does not need quell's `requires` keyword (no rule of the sample
# uses it).
# shellcheck disable=SC2016,SC2119
set -u
. "${QUELL_TOP_SRCDIR:?run through make check or set QUELL_TOP_SRCDIR}/tests/lab/lib.sh"

QUELLD="$QUELL_TOP_BUILDDIR/daemon/quelld"
QUELLCTL="$QUELL_TOP_BUILDDIR/daemon/quellctl"
ET="$QUELL_TOP_SRCDIR/tests/data/et-open"
RULE='-j NFQUEUE --queue-num 0 --queue-bypass'

lab_require
command -v suricata-update >/dev/null 2>&1 ||
	_lab_cannot_run "suricata-update not found (Debian: apt-get install suricata-update)"
lab_setup

su="$LAB_TMP/su"
rules="$LAB_TMP/rules"
mkdir -p "$su/src/rules" "$su/data" "$rules" "$LAB_TMP/log"
cp "$ET"/*.rules "$ET"/LICENSE "$su/src/rules/"
tar -C "$su/src" -czf "$su/et-open.tar.gz" rules || lab_fail "tar the source"
cat >"$su/local.rules" <<'RULES'
alert tcp any any -> any 8080 (msg:"local attack"; flow:to_server; content:"/attack"; sid:9000002; rev:1;)
RULES
printf 're:ET CHAT GaduGadu\ngroup:emerging-tftp.rules\n' >"$su/disable.conf"
printf '2100231\n' >"$su/enable.conf"
printf '2100366 "classtype:misc-activity" "classtype:attempted-recon"\n' >"$su/modify.conf"
printf '9000002\n' >"$su/drop.conf"
sock="$LAB_TMP/quelld.socket"
cat >"$LAB_TMP/quell.yaml" <<YAML
vars:
  address-groups:
    HOME_NET: "[$LAB_SERVER4/32]"
    EXTERNAL_NET: "!\$HOME_NET"
default-rule-path: $rules
rule-files:
  - suricata.rules
classification-file: $QUELL_TOP_SRCDIR/etc/classification.config
reference-config-file: $QUELL_TOP_SRCDIR/etc/reference.config
unix-command:
  filename: $sock
YAML

# update [ARGS]: one suricata-update run, as the recipe in
# doc/operations.md has it; its output in $su/update.N.log.
runs=0
update() {
	runs=$((runs + 1))
	timeout 120 suricata-update --data-dir "$su/data" --config /dev/null \
		--suricata "$QUELLD" --suricata-version 7.0.6 --suricata-conf /nonexistent \
		--url "file://$su/et-open.tar.gz" --local "$su/local.rules" \
		--disable-conf "$su/disable.conf" --enable-conf "$su/enable.conf" \
		--modify-conf "$su/modify.conf" --drop-conf "$su/drop.conf" \
		--output "$rules" \
		--test-command "\"\$SURICATA_PATH\" -T -c $LAB_TMP/quell.yaml -S \"\$OUTPUT_FILENAME\"" \
		"$@" >"$su/update.$runs.log" 2>&1
}
line_of() { grep -E "sid: ?$1;" "$rules/suricata.rules"; }

# ---- run 1
rc=0
update --no-reload || rc=$?
[ "$rc" = 0 ] || lab_fail "suricata-update run 1 exited $rc: $(tail -n 20 "$su/update.1.log")"
grep -q "Testing Suricata configuration with" "$su/update.1.log" ||
	lab_fail "run 1 did not run the test command: $(tail -n 20 "$su/update.1.log")"
out="$rules/suricata.rules"
gg_src=$(grep -c '^alert.*msg:"ET CHAT GaduGadu' "$ET/emerging-chat.rules")
lab_assert_eq "GaduGadu rules left enabled (disable.conf re:)" 0 "$(grep -c '^alert.*msg:"ET CHAT GaduGadu' "$out")"
lab_assert_eq "GaduGadu rules commented out" "$gg_src" "$(grep -c '^# *alert.*msg:"ET CHAT GaduGadu' "$out")"
tftp=$(grep '^alert' "$ET/emerging-tftp.rules" | sed -n 's/.*sid:\([0-9]*\);.*/\1/p' | head -n 1)
case "$(line_of "$tftp")" in
"#"*) lab_log "ok: emerging-tftp.rules sid $tftp commented out (group:)" ;;
*) lab_fail "sid $tftp of emerging-tftp.rules is not disabled: $(line_of "$tftp")" ;;
esac
case "$(line_of 2100231)" in
alert*) lab_log "ok: 2100231 enabled (enable.conf)" ;;
*) lab_fail "2100231 is not enabled: $(line_of 2100231)" ;;
esac
case "$(line_of 2100366)" in
alert*classtype:attempted-recon*) lab_log "ok: 2100366 modified (modify.conf)" ;;
*) lab_fail "2100366 is not modified: $(line_of 2100366)" ;;
esac
case "$(line_of 9000002)" in
drop*) lab_log "ok: 9000002 is a drop rule (drop.conf)" ;;
*) lab_fail "9000002 is not a drop rule: $(line_of 9000002)" ;;
esac

# ---- a modify that breaks a rule: the test command refuses it
cp "$out" "$LAB_TMP/good.rules"
cp "$su/modify.conf" "$su/modify.good"
printf '2100366 "depth:32;" "depth:lots;"\n' >>"$su/modify.conf"
rc=0
update --no-reload || rc=$?
[ "$rc" != 0 ] || lab_fail "suricata-update accepted a rule file quelld -T rejects"
grep -q "sid:2100366" "$out" && cmp -s "$out" "$LAB_TMP/good.rules" ||
	lab_fail "a failed test left $out changed"
lab_log "ok: quelld -T rejected the broken rule (suricata-update exit $rc), the rule file is unchanged"
cp "$su/modify.good" "$su/modify.conf"

# ---- quelld on what suricata-update wrote
lab_start_httpd
# shellcheck disable=SC2086
lab_ipt -I FORWARD $RULE || lab_fail "insert the NFQUEUE rule"
lab_start_nfq quelld "$QUELLD" -c "$LAB_TMP/quell.yaml" -l "$LAB_TMP/log" -q 0
eve="$LAB_TMP/log/eve.json"
lab_client ping -n -q -c 3 -i 0.2 -W 2 "$LAB_SERVER4" >/dev/null || lab_fail "ping"
rc=0
lab_client curl -sS --max-time 3 -o /dev/null "http://$LAB_SERVER4:$LAB_HTTP_PORT/attack" 2>/dev/null || rc=$?
lab_assert_eq "curl /attack (drop.conf made 9000002 drop): curl status" 28 "$rc"
for ((i = 0; i < 50; i++)); do
	[ "$(lab_eve_alerts "$eve" 2100366)" -ge 3 ] && [ "$(lab_eve_alerts "$eve" 9000002)" -ge 1 ] && break
	sleep 0.1
done
lab_assert_eq "alerts of 2100366 for 3 pings" 3 "$(lab_eve_alerts "$eve" 2100366)"
lab_assert_eq "2100366 alerts with the modified class" 3 \
	"$(lab_eve_alerts "$eve" 2100366 '.alert.category == "Attempted Information Leak"')"
[ "$(lab_eve_alerts "$eve" 9000002 '.alert.action == "blocked"')" -ge 1 ] || lab_fail "no blocked alert of 9000002"

# ---- run 2: disable 2100366; suricata-update reloads quelld
printf '2100366\n' >>"$su/disable.conf"
rc=0
update --reload-command "$QUELLCTL -s $sock reload-rules" || rc=$?
[ "$rc" = 0 ] || lab_fail "suricata-update run 2 exited $rc: $(tail -n 20 "$su/update.$runs.log")"
grep -q "Running $QUELLCTL" "$su/update.$runs.log" || lab_fail "run 2 did not run the reload command"
case "$(line_of 2100366)" in
"#"*) ;;
*) lab_fail "run 2 did not disable 2100366: $(line_of 2100366)" ;;
esac
# quelld loaded N rules at start; after the reload, one fewer.
before=$(grep -o 'rules: [0-9]* loaded' "${LAB_LOG[quelld]}" | head -n 1 | awk '{ print $2 }')
after=$(sed -n 's/^\([0-9]*\) rules loaded.*/\1/p' "$su/update.$runs.log" | tail -n 1)
lab_assert_eq "rules loaded after the reload (quellctl's reply) vs at start - 1" "$((before - 1))" "${after:-none}"
lab_client ping -n -q -c 3 -i 0.2 -W 2 "$LAB_SERVER4" >/dev/null || lab_fail "ping after the reload"
lab_quiesce
rc=0
lab_stop quelld || rc=$?
lab_assert_eq "quelld exit status" 0 "$rc"
lab_assert_eq "alerts of 2100366 after it was disabled and reloaded" 3 "$(lab_eve_alerts "$eve" 2100366)"
echo "PASS: suricata-update feeds quelld: filters honoured, quelld -T as test command, quellctl reload-rules as reload command"
