#!/usr/bin/env bash
# quelld -r --simulate-ips on suricata-verify captures
# (tests/data/verify/README.md), expecting what Suricata 7.0.6 logs:
# - exception-policy-default-03 / -master-switch-01: with
#   exception-policy auto and stream.midstream off, a flow whose first
#   packet is the server's SYN/ACK is dropped by the midstream policy
#   (drop-flow): 9 drop events, the first (pcap_cnt 1) with drop.reason
#   "stream midstream", the other 8 "flow drop", no alert, flow.action
#   drop with flow.exception_policy stream_midstream/drop_flow;
# - http-sha256-drop-02: filesha256 with the case's hash list drops the
#   flow at the packet that ends the listed file (pcap_cnt 103, sid 2),
#   xbits set by it lets sid 3 drop the second download at pcap_cnt 135;
#   drop events per port as Suricata's (3, 4, 1, 7); the case's
#   filestore rule (sid 1) is counted unsupported, not dropped silently;
# - dropped-flow-applayer-event-logged-dcerpc: a dcerpc rule matches the
#   SMB flow (DCERPC over SMB) on its first packet and drops all 20.
set -u
top_src="${QUELL_TOP_SRCDIR:?}"
top_build="${QUELL_TOP_BUILDDIR:?}"
quelld="$top_build/daemon/quelld"
data="$top_src/tests/data/verify"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/quell-ipsdrop.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

fail() { printf 'FAIL: %s\n' "$*" >&2; exit 1; }
ok() { printf 'ok: %s\n' "$*"; }
command -v jq >/dev/null || fail "jq is not installed"

run() {	# run NAME PCAP RULES ARGS...
	local name="$1" pcap="$2" rules="$3"
	shift 3
	mkdir -p "$tmp/$name"
	timeout 60 "$quelld" -c "$top_src/etc/quell.yaml" -S "$rules" \
		-l "$tmp/$name" -r "$pcap" --simulate-ips \
		--set outputs.eve-log.types.drop.flows=all \
		--set outputs.eve-log.types.drop.alerts=yes "$@" \
		>"$tmp/$name.out" 2>"$tmp/$name.err" ||
		fail "quelld -r $pcap $* exited $?: $(cat "$tmp/$name.err")"
}
count() {	# count NAME JQ-FILTER: matching eve records
	jq -c "select($2)" "$tmp/$1/eve.json" | wc -l
}
want() {	# want NAME JQ-FILTER N WHAT
	local n
	n=$(count "$1" "$2")
	[ "$n" = "$3" ] || fail "$1: $4: $n, want $3"
}

# ------------------------------------------------ midstream exception
cat >"$tmp/mid.rules" <<'RULES'
alert ip any any -> any any (msg:"GPL ATTACK_RESPONSE id check returned root"; content:"uid=0|28|root|29|"; classtype:bad-unknown; sid:2100498; rev:7;)
RULES
run mid "$data/alert-testmyids-midstream5-input.pcap" "$tmp/mid.rules" \
	--set exception-policy=auto --set stream.midstream=false \
	--set outputs.eve-log.types.flow.exception-policy=yes
want mid '.event_type == "alert"' 0 "alerts"
want mid '.event_type == "drop"' 9 "drop events"
want mid '.event_type == "drop" and .drop.reason == "stream midstream" and .pcap_cnt == 1' 1 \
	"stream midstream drops at pcap_cnt 1"
want mid '.event_type == "drop" and .drop.reason == "flow drop"' 8 "flow drop drops"
want mid '.event_type == "flow" and .flow.action == "drop" and .flow.exception_policy[0].target == "stream_midstream" and .flow.exception_policy[0].policy == "drop_flow"' 1 \
	"flows dropped by the midstream policy"
want mid '.event_type == "http"' 0 "http records"
ok "midstream off, IPS, exception-policy auto: the SYN/ACK-first flow is dropped (stream midstream), all 9 packets"

# the shipped midstream: yes picks the session up: no exception, the
# response alerts (Suricata with --set stream.midstream=true does too)
run midon "$data/alert-testmyids-midstream5-input.pcap" "$tmp/mid.rules" \
	--set exception-policy=auto
want midon '.event_type == "alert" and .alert.signature_id == 2100498' 1 "alerts"
want midon '.event_type == "drop"' 0 "drop events"
ok "midstream on: the session is picked up and inspected, nothing dropped"

# ------------------------------------------------ filesha256 and drop
cp "$data/http-sha256-drop-02-blacklist" "$tmp/blacklist"
# the case's rules as they are: sid 1 (filestore) stays unsupported,
# counted in the load summary
cp "$data/http-sha256-drop-02.rules" "$tmp/sha.rules"
run sha "$data/http-sha256-drop-02-input.pcap" "$tmp/sha.rules" --runmode=single
want sha '.event_type == "alert" and .alert.signature_id == 2 and .pcap_cnt == 103 and .alert.action == "blocked"' 1 \
	"sid 2 alerts (blocked) at pcap_cnt 103"
want sha '.event_type == "alert" and .alert.signature_id == 2' 1 "sid 2 alerts"
want sha '.event_type == "drop" and .alert.signature_id == 2 and .pcap_cnt == 103 and .drop.reason == "rules"' 1 \
	"sid 2 drops at pcap_cnt 103"
want sha '.event_type == "alert" and .alert.signature_id == 3 and .pcap_cnt == 135' 1 \
	"sid 3 alerts at pcap_cnt 135"
want sha '.event_type == "drop" and .alert.signature_id == 3 and .pcap_cnt == 135' 1 \
	"sid 3 drops at pcap_cnt 135"
want sha '.event_type == "drop" and .src_port == 35824' 3 "drops from port 35824"
want sha '.event_type == "drop" and .dest_port == 35824' 4 "drops to port 35824"
want sha '.event_type == "drop" and .src_port == 35820' 1 "drops from port 35820"
want sha '.event_type == "drop" and .dest_port == 35820' 7 "drops to port 35820"
grep -q 'rules: 2 loaded, 0 failed, 1 unsupported .*filestore 1' "$tmp/sha.err" ||
	fail "sha: the filestore rule is not counted unsupported: $(cat "$tmp/sha.err")"
ok "filesha256: the listed file drops its flow (sid 2 at 103), xbits drops the next (sid 3 at 135), drop events per port as Suricata's"

# ------------------------------------------------ dcerpc rule, SMB flow
# dropped-flow-applayer-event-logged-dcerpc (Suricata 8.0.4's counts:
# the rule matches on the first packet, so all 20 are dropped)
cat >"$tmp/dce.rules" <<'RULES'
drop dcerpc any any -> any any (msg:"dcerpc rule"; sid:1;)
RULES
run dce "$data/dcerpc-3109-input.pcap" "$tmp/dce.rules" \
	--set stream.midstream=true -k none
want dce '.event_type == "alert"' 1 "alerts"
want dce '.event_type == "alert" and .pcap_cnt == 1 and .app_proto == "smb" and .alert.action == "blocked"' 1 \
	"alerts at pcap_cnt 1 on the smb flow"
want dce '.event_type == "drop"' 20 "drop events"
want dce '.event_type == "drop" and .drop.reason == "flow drop"' 19 "flow drop drops"
want dce '.event_type == "flow" and .app_proto == "smb" and .flow.action == "drop"' 1 \
	"smb flows dropped"
v=$(jq -s -r 'map(select(.event_type == "stats")) | last |
	"\(.stats.app_layer.flow.smb) \(.stats.app_layer.flow.dcerpc_tcp)"' \
	"$tmp/dce/eve.json")
[ "$v" = "1 0" ] || fail "dce: app_layer.flow smb, dcerpc_tcp: $v, want 1 0"
ok "a dcerpc rule matches the SMB flow (DCERPC over SMB) and drops it from its first packet"

# an smb rule matches it too; a dcerpc rule does not match other flows
cat >"$tmp/smb.rules" <<'RULES'
alert smb any any -> any any (msg:"smb"; flow:to_server; sid:2;)
alert tls any any -> any any (msg:"tls"; sid:3;)
alert dcerpc any any -> any any (msg:"dcerpc"; sid:4;)
RULES
run smb "$data/dcerpc-3109-input.pcap" "$tmp/smb.rules" \
	--set stream.midstream=true -k none
n=$(count smb '.event_type == "alert" and .alert.signature_id == 2')
[ "$n" -ge 1 ] || fail "smb: the smb rule did not alert"
want smb '.event_type == "alert" and .alert.signature_id == 3' 0 "tls alerts on SMB"
run dcehttp "$data/alert-testmyids-midstream5-input.pcap" "$tmp/smb.rules" \
	--set stream.midstream=true
want dcehttp '.event_type == "alert" and .alert.signature_id == 4' 0 "dcerpc alerts on HTTP"
want dcehttp '.event_type == "alert" and .alert.signature_id == 2' 0 "smb alerts on HTTP"
ok "smb rules match the SMB flow; dcerpc and smb rules do not match an HTTP flow"

# app-layer-protocol compares as AppProtoEquals too: dcerpc holds on the
# SMB flow (Suricata 7.0.6, IDS: sids 5 and 6 alert on pcap_cnt 3 and 4,
# the packets that finished detection each way; !dcerpc never)
cat >"$tmp/alp.rules" <<'RULES'
alert tcp any any -> any any (msg:"alp dcerpc"; app-layer-protocol:dcerpc; sid:5;)
alert tcp any any -> any any (msg:"alp smb"; app-layer-protocol:smb; sid:6;)
alert tcp any any -> any any (msg:"alp !dcerpc"; app-layer-protocol:!dcerpc; sid:7;)
RULES
# IDS mode (Suricata 7.0.6 --simulate-ips alerts PD-only rules again on
# packets 3 and 4 after 1 and 2; quell on 1 and 2 only)
mkdir -p "$tmp/alp"
timeout 60 "$quelld" -c "$top_src/etc/quell.yaml" -S "$tmp/alp.rules" \
	-l "$tmp/alp" -r "$data/dcerpc-3109-input.pcap" -k none \
	--set stream.midstream=true >"$tmp/alp.out" 2>"$tmp/alp.err" ||
	fail "quelld alp exited $?: $(cat "$tmp/alp.err")"
v=$(jq -c 'select(.event_type == "alert") | [.pcap_cnt, .alert.signature_id]' \
	"$tmp/alp/eve.json" | tr -d '\n')
[ "$v" = "[3,5][3,6][4,5][4,6]" ] ||
	fail "alp: alerts $v, want Suricata's [3,5][3,6][4,5][4,6]"
ok "app-layer-protocol:dcerpc matches the SMB flow, as Suricata's"

# app-layer.protocols.smb.enabled: no turns SMB detection off: the flow
# is failed, the dcerpc rule does not match
run dceoff "$data/dcerpc-3109-input.pcap" "$tmp/dce.rules" \
	--set stream.midstream=true -k none \
	--set app-layer.protocols.smb.enabled=no
want dceoff '.event_type == "alert"' 0 "alerts with smb off"
want dceoff '.event_type == "drop"' 0 "drops with smb off"
want dceoff '.event_type == "flow" and .app_proto == "failed"' 1 "failed flows with smb off"
ok "app-layer.protocols.smb.enabled: no leaves the flow undetected"
