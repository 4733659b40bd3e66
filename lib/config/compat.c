#include "core/base.h"

#include "config/compat.h"

#define CAPTURE	"quell reads NFQUEUE queues (-q) and capture files (-r) only"
#define NO_APP	"quell parses HTTP/1, TLS, DNS and SSH only; not this yet"
#define ALERT_TX \
	"quell logs the matched transaction's object in every alert on one"
#define NO_BODY	"quell does not log HTTP bodies in alerts yet"
#define EVE_ONLY \
	"quell writes app-layer records to eve.json (types http, tls, ...) only"
#define NO_APP_KEY \
	"quell's parser of this protocol has no such setting"
#define NO_STREAM "quell's stream engine has no such setting"
#define NO_EVE(t) "quell does not write " t " events yet"

/* Sorted by path (strcmp); a unit test checks it. */
static const struct config_compat table[] = {
	{ "af-packet", CAPTURE, NULL },
	{ "af-xdp", CAPTURE, NULL },
	{ "app-layer", NO_APP, NULL },
	{ "app-layer.protocols.dcerpc", NO_APP_KEY, NULL },
	{ "app-layer.protocols.dns", NO_APP_KEY, NULL },
	{ "app-layer.protocols.http", NO_APP_KEY, NULL },
	{ "app-layer.protocols.smb", NO_APP_KEY, NULL },
	{ "app-layer.protocols.ssh", NO_APP_KEY, NULL },
	{ "app-layer.protocols.tls", NO_APP_KEY, NULL },
	{ "asn1-max-frames", "quell has no asn1 keyword", NULL },
	{ "autofp-scheduler", "quell always gives a flow to one worker by a "
	    "symmetric 5-tuple hash", "hash" },
	{ "capture", "capture tuning does not apply to NFQUEUE", NULL },
	{ "coredump", "quell leaves the core dump limit as it finds it", NULL },
	{ "daemon-directory", "quelld -D keeps its working directory at /",
	    NULL },
	{ "datasets", "quell has no dataset keyword yet", NULL },
	{ "decoder", "quell's decoder reads decoder.teredo/vxlan/geneve "
	    "(enabled, ports) and decoder.erspan.typeI.enabled only", NULL },
	{ "default-packet-size", "quell sizes packet buffers from the "
	    "capture", NULL },
	{ "defrag", "quell reassembles IP fragments with fixed settings "
	    "(memcap 32mb, timeout 60 s, policy bsd)", NULL },
	{ "detect.delayed-detect", "quell loads rules before reading packets; "
	    "reloads never stop inspection", NULL },
	{ "detect.grouping", "quell builds its rule groups itself", NULL },
	{ "detect.inspection-recursion-limit", "quell's content inspection "
	    "budget is fixed at 3000 retries per buffer", "3000" },
	{ "detect.prefilter", "quell prefilters on fast patterns only", "mpm" },
	{ "detect.profiling", "quell has no rule profiling", NULL },
	{ "dpdk", CAPTURE, NULL },
	{ "engine-analysis", "quelld --engine-analysis writes "
	    "rules_analysis.txt; this section's switches are not read", NULL },
	{ "flow.managers", "each quell worker manages its own flows", NULL },
	{ "flow.memcap-policy", "packets beyond flow.memcap are inspected "
	    "without a flow (Suricata's ignore)", "ignore" },
	{ "flow.recyclers", "each quell worker manages its own flows", NULL },
	{ "geoip-database", "quell has no geoip keyword", NULL },
	{ "host-mode", "quell is inline with -q and offline with -r", NULL },
	{ "host-os-policy", "quell's host-os-policy takes Suricata's policy "
	    "names (bsd, linux, windows, ...) only", NULL },
	{ "ipfw", CAPTURE, NULL },
	{ "legacy", "quell reads uricontent as Suricata 7 does", NULL },
	{ "livedev", CAPTURE, NULL },
	{ "logging", "quelld logs to stderr (and journald under systemd), to "
	    "syslog with -D; -v raises the level", NULL },
	{ "lua", "quell has no Lua support", NULL },
	{ "luajit", "quell has no Lua support", NULL },
	{ "magic-file", "quell does not extract files", NULL },
	{ "max-pending-packets", "quell sizes its rings from nfq.queue-maxlen",
	    NULL },
	{ "napatech", CAPTURE, NULL },
	{ "netmap", CAPTURE, NULL },
	{ "nflog", CAPTURE, NULL },
	{ "nfq.batchcount", "quell batches verdicts once per worker round",
	    NULL },
	{ "outputs.alert-debug", "quell writes eve.json and fast.log only",
	    NULL },
	{ "outputs.alert-prelude", "quell writes eve.json and fast.log only",
	    NULL },
	{ "outputs.drop", "drops are eve-log drop events", NULL },
	{ "outputs.eve-log.buffer-size", "quell's eve writers buffer by "
	    "lines: outputs.eve-log.buffer-lines", NULL },
	{ "outputs.eve-log.community-id", "quell does not log community_id "
	    "yet", "no" },
	{ "outputs.eve-log.community-id-seed", "quell does not log "
	    "community_id yet", NULL },
	{ "outputs.eve-log.redis", "quell's redis output reads server, port, "
	    "mode, key, async, pipelining and stream-maxlen/-trim-exact", NULL },
	{ "outputs.eve-log.rotate-interval", "rotate with SIGHUP (logrotate)",
	    NULL },
	{ "outputs.eve-log.threaded", "quell has one writer thread per eve-log "
	    "output", NULL },
	{ "outputs.eve-log.types.alert.http", ALERT_TX, "yes" },
	{ "outputs.eve-log.types.alert.http-body", NO_BODY, NULL },
	{ "outputs.eve-log.types.alert.http-body-printable", NO_BODY, NULL },
	{ "outputs.eve-log.types.alert.payload-buffer-size", "quell logs the "
	    "packet's whole payload", NULL },
	{ "outputs.eve-log.types.alert.payload-length", "quell does not log "
	    "payload_length", NULL },
	{ "outputs.eve-log.types.alert.smtp", NO_APP, NULL },
	{ "outputs.eve-log.types.alert.ssh", ALERT_TX, "yes" },
	{ "outputs.eve-log.types.alert.tls", ALERT_TX, "yes" },
	{ "outputs.eve-log.types.arp", NO_EVE("arp"), NULL },
	{ "outputs.eve-log.types.bittorrent-dht", NO_APP, NULL },
	{ "outputs.eve-log.types.dcerpc", NO_APP, NULL },
	{ "outputs.eve-log.types.dhcp", NO_APP, NULL },
	{ "outputs.eve-log.types.dnp3", NO_APP, NULL },
	{ "outputs.eve-log.types.frame", NO_APP, NULL },
	{ "outputs.eve-log.types.ftp", NO_APP, NULL },
	{ "outputs.eve-log.types.http2", NO_APP, NULL },
	{ "outputs.eve-log.types.ike", NO_APP, NULL },
	{ "outputs.eve-log.types.krb5", NO_APP, NULL },
	{ "outputs.eve-log.types.metadata", NO_EVE("metadata"), NULL },
	{ "outputs.eve-log.types.mqtt", NO_APP, NULL },
	{ "outputs.eve-log.types.netflow", "quell logs flow events, not "
	    "netflow", NULL },
	{ "outputs.eve-log.types.nfs", NO_APP, NULL },
	{ "outputs.eve-log.types.pgsql", NO_APP, NULL },
	{ "outputs.eve-log.types.quic", NO_APP, NULL },
	{ "outputs.eve-log.types.rdp", NO_APP, NULL },
	{ "outputs.eve-log.types.rfb", NO_APP, NULL },
	{ "outputs.eve-log.types.sip", NO_APP, NULL },
	{ "outputs.eve-log.types.smb", NO_APP, NULL },
	{ "outputs.eve-log.types.smtp", NO_APP, NULL },
	{ "outputs.eve-log.types.snmp", NO_APP, NULL },
	{ "outputs.eve-log.types.stats.deltas", "stats events carry totals",
	    "no" },
	{ "outputs.eve-log.types.stats.null-values", "stats events carry "
	    "every counter", NULL },
	{ "outputs.eve-log.types.stats.threads", "stats events carry totals",
	    "no" },
	{ "outputs.eve-log.types.stats.totals", "stats events carry totals",
	    "yes" },
	{ "outputs.eve-log.types.tftp", NO_APP, NULL },
	{ "outputs.fast.append", "quell always appends", "yes" },
	{ "outputs.file-store", "quell does not extract files", NULL },
	{ "outputs.http-body-data", EVE_ONLY, NULL },
	{ "outputs.http-log", EVE_ONLY, NULL },
	{ "outputs.lua", "quell has no Lua support", NULL },
	{ "outputs.pcap-log", "quell does not write capture files", NULL },
	{ "outputs.stats.append", "quell always appends", "yes" },
	{ "outputs.stats.null-values", "stats.log lists every counter", NULL },
	{ "outputs.stats.threads", "stats.log carries totals", "no" },
	{ "outputs.stats.totals", "stats.log carries totals", "yes" },
	{ "outputs.syslog", "alerts go to eve-log (filetype syslog for "
	    "syslog) and fast.log", NULL },
	{ "outputs.tcp-data", "quell does not write stream data logs", NULL },
	{ "outputs.tls-log", EVE_ONLY, NULL },
	{ "outputs.tls-store", "quell does not store certificates", NULL },
	{ "outputs.unified2-alert", "quell writes eve.json and fast.log only",
	    NULL },
	{ "pcap", CAPTURE, NULL },
	{ "pcap-file", "offline reading takes -k all|none for checksums",
	    NULL },
	{ "pcre", "quell's pcre match limits are fixed", NULL },
	{ "pfring", CAPTURE, NULL },
	{ "pid-file", "give the pidfile with --pidfile", NULL },
	{ "plugins", "quell has no plugins", NULL },
	{ "profiling", "quell has no profiling output", NULL },
	{ "reputation-categories-file", "quell has no iprep keyword yet",
	    NULL },
	{ "reputation-files", "quell has no iprep keyword yet", NULL },
	{ "security", "quell drops to CAP_NET_ADMIN with --user or run-as; it "
	    "has no landlock or seccomp settings", NULL },
	{ "spm-algo", "quell picks its single-pattern search itself", NULL },
	{ "stats.decoder-events-prefix", "decoder counters are named "
	    "decoder.event.*", "decoder.event" },
	{ "stats.exception-policy", "quell's exception policies are counted "
	    "by their own counters", NULL },
	{ "stream.checksum-validation", "TCP checksums are checked with -k "
	    "all (offline) and by the tcpv4-csum family of keywords", NULL },
	{ "stream.max-sessions", "TCP sessions are flows: see flow.memcap",
	    NULL },
	{ "stream.max-synack-queued", NO_STREAM, NULL },
	{ "stream.prealloc-sessions", "TCP sessions are flows: see "
	    "flow.prealloc", NULL },
	{ "stream.reassembly", "quell's reassembly reads depth, memcap, "
	    "memcap-policy, check-overlap-different-data, out-of-order-limit, "
	    "raw, toserver-/toclient-chunk-size, randomize-chunk-size/-range and "
	    "urgent.policy/oob-limit-policy",
	    NULL },
	{ "suricata-version", "quell reads suricata.yaml keys of Suricata 7",
	    "7.0" },
	{ "threading.cpu-affinity.management-cpu-set", "quell pins readers "
	    "and workers only: threading.cpu-affinity.readers/workers", NULL },
	{ "threading.cpu-affinity.receive-cpu-set", "give reader CPUs as "
	    "threading.cpu-affinity.readers: \"0-1\"", NULL },
	{ "threading.cpu-affinity.verdict-cpu-set", "workers send their own "
	    "verdicts: threading.cpu-affinity.workers", NULL },
	{ "threading.cpu-affinity.worker-cpu-set", "give worker CPUs as "
	    "threading.cpu-affinity.workers: \"2-5\"", NULL },
	{ "threading.detect-thread-ratio", "give a number of workers as "
	    "threading.detect-threads", NULL },
	{ "threading.set-cpu-affinity", "threads are pinned when "
	    "threading.cpu-affinity.readers/workers are set", NULL },
	{ "threading.stack-size", "quell keeps the default thread stack", NULL },
	{ "umask", "quell creates its files with fixed modes", NULL },
	{ "unix-command.filename-directory", "give the whole socket path as "
	    "unix-command.filename", NULL },
	{ "vlan", "VLAN ids are always part of quell's flow key", NULL },
	{ "vlan.use-for-tracking", "VLAN ids are always part of quell's flow "
	    "key", "true" },
};

const struct config_compat *
config_compat_find(const char *path)
{
	const struct config_compat *best = NULL;
	size_t best_len = 0;

	/* The longest entry that is path or a section above it. */
	for (size_t i = 0; i < QUELL_NITEMS(table); i++) {
		size_t len = strlen(table[i].path);

		if (strncmp(path, table[i].path, len) != 0 ||
		    (path[len] != '\0' && path[len] != '.'))
			continue;
		if (len > best_len) {
			best = &table[i];
			best_len = len;
		}
	}
	return best;
}

const struct config_compat *
config_compat_table(size_t *n)
{
	*n = QUELL_NITEMS(table);
	return table;
}
