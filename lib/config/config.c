#include "core/base.h"

#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>

#include "config/compat.h"
#include "config/config.h"
#include "config/yaml.h"
#include "stream/hostos.h"

enum key_type {
	KEY_BOOL,
	KEY_UINT,	/* unsigned within [min, max] */
	KEY_U32,	/* 32-bit number, decimal or 0x hex: marks and masks */
	KEY_STRING,
	KEY_ENUM,
	KEY_STRLIST,
	KEY_STRMAP,
	KEY_QUEUES,
	KEY_THREADS,	/* "auto" or a count */
	KEY_CPUS,	/* CPU list: "0-3,6" */
	KEY_SIZE,	/* uint64 bytes, "128mb" style suffixes allowed */
	KEY_ENUM_STR,	/* one of names, stored as a string */
	KEY_ENUM_CI,	/* one of names, any case, stored as int */
	KEY_TRIBOOL,	/* yes/no into an int8_t that is -1 when unset */
	KEY_HTTP_SERVERS, /* libhtp server-config: a list of personalities */
};

struct key {
	const char	*path;
	enum key_type	 type;
	size_t		 offset;
	const char	*def;		/* parsed by the same code as the file */
	unsigned	 min, max;
	const char *const *names;	/* KEY_ENUM, index = value */
};

static const char *const nfq_modes[] = { "accept", "repeat", "route", NULL };
static const char *const fail_policies[] = { "accept", "drop", NULL };
static const char *const mpm_algos[] = { "auto", "hs", "ac", NULL };
static const char *const spm_algos[] = { "auto", "bm", "hs", NULL };
static const char *const mpm_contexts[] = { "auto", "single", "full",
    NULL };
static const char *const detect_profiles[] = { "low", "medium", "high",
    "custom", NULL };
static const char *const bypass_methods[] = { "conntrack", "mark", NULL };
static const char *const bypass_restarts[] = { "split", "whole", NULL };
static const char *const eve_filetypes[] = { "regular", "file", "syslog",
	"unix_stream", "unix_dgram", "redis", NULL };
static const char *const syslog_facilities[] = { "auth", "authpriv", "cron",
	"daemon", "ftp", "kern", "local0", "local1", "local2", "local3",
	"local4", "local5", "local6", "local7", "lpr", "mail", "news",
	"syslog", "user", "uucp", NULL };
static const char *const syslog_levels[] = { "emergency", "alert",
	"critical", "error", "warning", "notice", "info", "debug", NULL };
static const char *const redis_modes[] = { "list", "lpush", "rpush",
	"channel", "publish", "xadd", "stream", NULL };
static const char *const inline_modes[] = { "auto", "yes", "no", "true",
	"false", "on", "off", NULL };
static const char *const runmodes[] = { "autofp", "single", "workers", NULL };
static const char *const drop_flows[] = { "start", "all", NULL };

/* KEY_BOOL names: further words that read as yes (Suricata's auto). */
/* enum stream_urgent_policy order */
static const char *const urgent_policies[] = { "inline", "drop", "oob",
    "gap", NULL };
static const char *const auto_is_yes[] = { "auto", NULL };

/* One libhtp personality block: the keys of default-config, and of each
 * server-config entry (relative to its struct http_settings). */
#define HTTP_KEYS(X) \
	X("compression-bomb-limit", KEY_SIZE, compression_bomb_limit, 0, 0, NULL) \
	X("decompression-time-limit", KEY_UINT, decompression_time_limit, 0, 100000000, NULL) \
	X("double-decode-path", KEY_BOOL, double_decode_path, 0, 0, NULL) \
	X("double-decode-query", KEY_BOOL, double_decode_query, 0, 0, NULL) \
	X("headers-limit", KEY_UINT, headers_limit, 1, 1u << 20, NULL) \
	X("http-body-inline", KEY_ENUM, body_inline, 0, 0, http_config_body_inline_names) \
	X("lzma-enabled", KEY_BOOL, lzma_enabled, 0, 0, NULL) \
	X("lzma-memlimit", KEY_SIZE, lzma_memlimit, 0, 0, NULL) \
	X("max-tx", KEY_UINT, max_tx, 0, 1u << 24, NULL) \
	X("meta-field-limit", KEY_SIZE, meta_field_limit, 0, 0, NULL) \
	X("path-bestfit-replacement-char", KEY_STRING, path_bestfit_char, 0, 0, NULL) \
	X("path-convert-backslash-separators", KEY_TRIBOOL, path_backslash, 0, 0, NULL) \
	X("path-convert-lowercase", KEY_TRIBOOL, path_lowercase, 0, 0, NULL) \
	X("path-nul-encoded-terminates", KEY_TRIBOOL, path_nul_encoded_terminates, 0, 0, NULL) \
	X("path-nul-raw-terminates", KEY_TRIBOOL, path_nul_raw_terminates, 0, 0, NULL) \
	X("path-separators-compress", KEY_TRIBOOL, path_separators_compress, 0, 0, NULL) \
	X("path-separators-decode", KEY_TRIBOOL, path_separators_decode, 0, 0, NULL) \
	X("path-u-encoding-decode", KEY_TRIBOOL, path_u_encoding_decode, 0, 0, NULL) \
	X("path-url-encoding-invalid-handling", KEY_ENUM, path_url_invalid, 0, 0, http_config_url_invalid_names) \
	X("path-utf8-convert-bestfit", KEY_TRIBOOL, path_utf8_bestfit, 0, 0, NULL) \
	X("personality", KEY_ENUM_CI, personality, 0, 0, http_config_personalities) \
	X("query-plusspace-decode", KEY_BOOL, query_plusspace_decode, 0, 0, NULL) \
	X("randomize-inspection-range", KEY_UINT, randomize_range, 0, 100, NULL) \
	X("randomize-inspection-sizes", KEY_BOOL, randomize, 0, 0, NULL) \
	X("request-body-inspect-window", KEY_SIZE, request_inspect_window, 0, 0, NULL) \
	X("request-body-limit", KEY_SIZE, request_body_limit, 0, 0, NULL) \
	X("request-body-minimal-inspect-size", KEY_SIZE, request_inspect_min, 0, 0, NULL) \
	X("response-body-decompress-layer-limit", KEY_UINT, decompress_layer_limit, 0, 64, NULL) \
	X("response-body-inspect-window", KEY_SIZE, response_inspect_window, 0, 0, NULL) \
	X("response-body-limit", KEY_SIZE, response_body_limit, 0, 0, NULL) \
	X("response-body-minimal-inspect-size", KEY_SIZE, response_inspect_min, 0, 0, NULL) \
	X("swf-decompression.compress-depth", KEY_SIZE, swf_compress_depth, 0, 0, NULL) \
	X("swf-decompression.decompress-depth", KEY_SIZE, swf_decompress_depth, 0, 0, NULL) \
	X("swf-decompression.enabled", KEY_BOOL, swf_enabled, 0, 0, NULL) \
	X("swf-decompression.type", KEY_ENUM, swf_type, 0, 0, http_config_swf_type_names) \
	X("uri-include-all", KEY_BOOL, uri_include_all, 0, 0, NULL)

#define HTTP_LIBHTP	"app-layer.protocols.http.libhtp."
#define HTTP_DEF_KEY(name, type, f, min, max, names) \
	{ HTTP_LIBHTP "default-config." name, type, \
	    offsetof(struct quell_config, http.def.f), NULL, min, max, names },
#define HTTP_SRV_KEY(name, type, f, min, max, names) \
	{ name, type, offsetof(struct http_settings, f), NULL, min, max, names },
/* outputs.eve-log.types.http.dump-all-headers */
static const char *const eve_http_dump_names[] = { "both", "request",
	"response", NULL };
/* outputs.eve-log.types.files.force-hash (Suricata's FileForceHashParseCfg) */
static const char *const file_hash_names[] = { "md5", "sha1", "sha256",
	NULL };
static const char *const xff_modes[] = { "extra-data", "overwrite", NULL };
static const char *const xff_deployments[] = { "reverse", "forward", NULL };
static const char *const tls_encryptions[] = { "default", "bypass", "full",
	NULL };
/* app-layer.protocols.<proto>.enabled: suricata.yaml's booleans and
 * detection-only */
static const char *const app_enabled_names[] = { "yes", "no",
	"detection-only", "true", "false", "on", "off", "1", "0", NULL };

#define APP_KEYS(prefix, slot) \
	{ "app-layer.protocols." prefix ".enabled", KEY_ENUM_STR, \
	    OFF(app_protos[slot].enabled), NULL, 0, 0, app_enabled_names }, \
	{ "app-layer.protocols." prefix ".detection-ports.dp", KEY_STRING, \
	    OFF(app_protos[slot].dp), NULL, 0, 0, NULL }, \
	{ "app-layer.protocols." prefix ".detection-ports.sp", KEY_STRING, \
	    OFF(app_protos[slot].sp), NULL, 0, 0, NULL },

#define OFF(f)	offsetof(struct quell_config, f)
#define EOFF(f)	offsetof(struct config_eve, f)

/* In the order of the host-os-policy.* keys below. */
/* Every key quell understands. Sorted by path for --dump-config. */
static const struct key keys[] = {
	HTTP_KEYS(HTTP_DEF_KEY)
	{ HTTP_LIBHTP "server-config", KEY_HTTP_SERVERS, OFF(http), NULL, 0, 0, NULL },
	{ "bypass.max-flows", KEY_UINT, OFF(bypass.max_flows), NULL, 1, BYPASS_MAX_FLOWS_MAX, NULL },
	{ "bypass.poll-interval", KEY_UINT, OFF(bypass.poll_interval), NULL, 1, BYPASS_POLL_MAX, NULL },
	{ "bypass.restart-accounting", KEY_ENUM, OFF(bypass.restart), NULL, 0, 0, bypass_restarts },
	{ "bypass.restore", KEY_BOOL, OFF(bypass.restore), NULL, 0, 0, NULL },
	{ "bypass.ring-size", KEY_UINT, OFF(bypass.ring_size), NULL, 1, BYPASS_RING_MAX, NULL },
	{ "app-layer.protocols.tls.encryption-handling", KEY_ENUM, OFF(tls_encryption), "default", 0, 0, tls_encryptions },
	APP_KEYS("http", CONFIG_APP_HTTP)
	APP_KEYS("tls", CONFIG_APP_TLS)
	APP_KEYS("dcerpc", CONFIG_APP_DCERPC)
	APP_KEYS("dns", CONFIG_APP_DNS)
	APP_KEYS("dns.tcp", CONFIG_APP_DNS_TCP)
	APP_KEYS("dns.udp", CONFIG_APP_DNS_UDP)
	APP_KEYS("smb", CONFIG_APP_SMB)
	APP_KEYS("ssh", CONFIG_APP_SSH)
	APP_KEYS("http2", CONFIG_APP_HTTP2)
	{ "app-layer.protocols.ssh.hassh", KEY_BOOL, OFF(ssh_hassh), "no", 0, 0, NULL },
	{ "action-order", KEY_STRLIST, OFF(action_order), "pass,drop,reject,alert", 0, 0, NULL },
	{ "app-layer.error-policy", KEY_ENUM_STR, OFF(exception_policies[EXCEPTION_CAUSE_APPLAYER_ERROR]), NULL, 0, 0, exception_policy_names },
	{ "classification-file", KEY_STRING, OFF(classification_file),
	    SYSCONFDIR "/quell/classification.config", 0, 0, NULL },
	{ "default-log-dir", KEY_STRING, OFF(default_log_dir),
	    LOCALSTATEDIR "/log/quell", 0, 0, NULL },
	{ "defrag.hash-size", KEY_UINT, OFF(defrag.hash_size), NULL, 1, 1u << 30, NULL },
	{ "defrag.max-frags", KEY_UINT, OFF(defrag.max_frags), NULL, 1, 1u << 24, NULL },
	{ "defrag.memcap", KEY_SIZE, OFF(defrag.memcap), NULL, 0, 0, NULL },
	{ "defrag.prealloc", KEY_BOOL, OFF(defrag.prealloc), NULL, 0, 0, NULL },
	{ "defrag.timeout", KEY_UINT, OFF(defrag.timeout), NULL, DEFRAG_TIMEOUT_MIN, DEFRAG_TIMEOUT_MAX, NULL },
	{ "defrag.trackers", KEY_UINT, OFF(defrag.trackers), NULL, 0, 1u << 24, NULL },
	{ "default-rule-path", KEY_STRING, OFF(default_rule_path),
	    SYSCONFDIR "/quell/rules", 0, 0, NULL },
	{ "decoder.erspan.typeI.enabled", KEY_BOOL, OFF(decode.erspan_type1), "yes", 0, 0, NULL },
	{ "decoder.geneve.enabled", KEY_BOOL, OFF(decode.geneve.enabled), "yes", 0, 0, NULL },
	{ "decoder.geneve.ports", KEY_STRING, OFF(decode_geneve_ports), "$GENEVE_PORTS", 0, 0, NULL },
	{ "decoder.teredo.enabled", KEY_BOOL, OFF(decode.teredo.enabled), "yes", 0, 0, NULL },
	{ "decoder.teredo.ports", KEY_STRING, OFF(decode_teredo_ports), "$TEREDO_PORTS", 0, 0, NULL },
	{ "decoder.vxlan.enabled", KEY_BOOL, OFF(decode.vxlan.enabled), "yes", 0, 0, NULL },
	{ "decoder.vxlan.ports", KEY_STRING, OFF(decode_vxlan_ports), "$VXLAN_PORTS", 0, 0, NULL },
	{ "detect.build-threads", KEY_UINT, OFF(detect_build_threads), "0", 0, 8, NULL },
	{ "detect.custom-values.toclient-groups", KEY_UINT, OFF(detect_toclient_groups), "20", 1, 65535, NULL },
	{ "detect.custom-values.toserver-groups", KEY_UINT, OFF(detect_toserver_groups), "40", 1, 65535, NULL },
	{ "detect.guess-applayer-tx", KEY_BOOL, OFF(detect_guess_tx), "no", 0, 0, NULL },
	{ "detect.profile", KEY_ENUM, OFF(detect_profile), "medium", 0, 0, detect_profiles },
	{ "detect.sgh-mpm-context", KEY_ENUM, OFF(detect_mpm_context), "auto", 0, 0, mpm_contexts },
	{ "flow.emergency-recovery", KEY_UINT, OFF(flow.emergency_recovery), NULL, 1, 100, NULL },
	{ "flow.hash-size", KEY_UINT, OFF(flow.hash_size), NULL, 1, 1u << 30, NULL },
	{ "flow.memcap", KEY_SIZE, OFF(flow.memcap), NULL, 0, 0, NULL },
	{ "flow.prealloc", KEY_UINT, OFF(flow.prealloc), NULL, 0, 1u << 24, NULL },
	{ "flow-timeouts.default.new", KEY_UINT, OFF(flow.timeouts[FLOW_PROTO_DEFAULT][FLOW_TIMEOUT_NEW]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.default.emergency-new", KEY_UINT, OFF(flow.emergency_timeouts[FLOW_PROTO_DEFAULT][FLOW_TIMEOUT_NEW]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.default.established", KEY_UINT, OFF(flow.timeouts[FLOW_PROTO_DEFAULT][FLOW_TIMEOUT_ESTABLISHED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.default.emergency-established", KEY_UINT, OFF(flow.emergency_timeouts[FLOW_PROTO_DEFAULT][FLOW_TIMEOUT_ESTABLISHED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.default.closed", KEY_UINT, OFF(flow.timeouts[FLOW_PROTO_DEFAULT][FLOW_TIMEOUT_CLOSED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.default.emergency-closed", KEY_UINT, OFF(flow.emergency_timeouts[FLOW_PROTO_DEFAULT][FLOW_TIMEOUT_CLOSED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.default.bypassed", KEY_UINT, OFF(flow.timeouts[FLOW_PROTO_DEFAULT][FLOW_TIMEOUT_BYPASSED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.default.emergency-bypassed", KEY_UINT, OFF(flow.emergency_timeouts[FLOW_PROTO_DEFAULT][FLOW_TIMEOUT_BYPASSED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.tcp.new", KEY_UINT, OFF(flow.timeouts[FLOW_PROTO_TCP][FLOW_TIMEOUT_NEW]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.tcp.emergency-new", KEY_UINT, OFF(flow.emergency_timeouts[FLOW_PROTO_TCP][FLOW_TIMEOUT_NEW]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.tcp.established", KEY_UINT, OFF(flow.timeouts[FLOW_PROTO_TCP][FLOW_TIMEOUT_ESTABLISHED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.tcp.emergency-established", KEY_UINT, OFF(flow.emergency_timeouts[FLOW_PROTO_TCP][FLOW_TIMEOUT_ESTABLISHED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.tcp.closed", KEY_UINT, OFF(flow.timeouts[FLOW_PROTO_TCP][FLOW_TIMEOUT_CLOSED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.tcp.emergency-closed", KEY_UINT, OFF(flow.emergency_timeouts[FLOW_PROTO_TCP][FLOW_TIMEOUT_CLOSED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.tcp.bypassed", KEY_UINT, OFF(flow.timeouts[FLOW_PROTO_TCP][FLOW_TIMEOUT_BYPASSED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.tcp.emergency-bypassed", KEY_UINT, OFF(flow.emergency_timeouts[FLOW_PROTO_TCP][FLOW_TIMEOUT_BYPASSED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.udp.new", KEY_UINT, OFF(flow.timeouts[FLOW_PROTO_UDP][FLOW_TIMEOUT_NEW]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.udp.emergency-new", KEY_UINT, OFF(flow.emergency_timeouts[FLOW_PROTO_UDP][FLOW_TIMEOUT_NEW]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.udp.established", KEY_UINT, OFF(flow.timeouts[FLOW_PROTO_UDP][FLOW_TIMEOUT_ESTABLISHED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.udp.emergency-established", KEY_UINT, OFF(flow.emergency_timeouts[FLOW_PROTO_UDP][FLOW_TIMEOUT_ESTABLISHED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.udp.closed", KEY_UINT, OFF(flow.timeouts[FLOW_PROTO_UDP][FLOW_TIMEOUT_CLOSED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.udp.emergency-closed", KEY_UINT, OFF(flow.emergency_timeouts[FLOW_PROTO_UDP][FLOW_TIMEOUT_CLOSED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.udp.bypassed", KEY_UINT, OFF(flow.timeouts[FLOW_PROTO_UDP][FLOW_TIMEOUT_BYPASSED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.udp.emergency-bypassed", KEY_UINT, OFF(flow.emergency_timeouts[FLOW_PROTO_UDP][FLOW_TIMEOUT_BYPASSED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.icmp.new", KEY_UINT, OFF(flow.timeouts[FLOW_PROTO_ICMP][FLOW_TIMEOUT_NEW]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.icmp.emergency-new", KEY_UINT, OFF(flow.emergency_timeouts[FLOW_PROTO_ICMP][FLOW_TIMEOUT_NEW]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.icmp.established", KEY_UINT, OFF(flow.timeouts[FLOW_PROTO_ICMP][FLOW_TIMEOUT_ESTABLISHED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.icmp.emergency-established", KEY_UINT, OFF(flow.emergency_timeouts[FLOW_PROTO_ICMP][FLOW_TIMEOUT_ESTABLISHED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.icmp.closed", KEY_UINT, OFF(flow.timeouts[FLOW_PROTO_ICMP][FLOW_TIMEOUT_CLOSED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.icmp.emergency-closed", KEY_UINT, OFF(flow.emergency_timeouts[FLOW_PROTO_ICMP][FLOW_TIMEOUT_CLOSED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.icmp.bypassed", KEY_UINT, OFF(flow.timeouts[FLOW_PROTO_ICMP][FLOW_TIMEOUT_BYPASSED]), NULL, 0, 31536000, NULL },
	{ "flow-timeouts.icmp.emergency-bypassed", KEY_UINT, OFF(flow.emergency_timeouts[FLOW_PROTO_ICMP][FLOW_TIMEOUT_BYPASSED]), NULL, 0, 31536000, NULL },
	{ "exception-policy", KEY_ENUM_STR, OFF(exception_policy), "auto", 0, 0, exception_policy_names },
	{ "host-os-policy.bsd", KEY_STRLIST, OFF(host_os_policy[STREAM_OS_BSD]), NULL, 0, 0, NULL },
	{ "host-os-policy.bsd-right", KEY_STRLIST, OFF(host_os_policy[STREAM_OS_BSD_RIGHT]), NULL, 0, 0, NULL },
	{ "host-os-policy.first", KEY_STRLIST, OFF(host_os_policy[STREAM_OS_FIRST]), NULL, 0, 0, NULL },
	{ "host-os-policy.hpux10", KEY_STRLIST, OFF(host_os_policy[STREAM_OS_HPUX10]), NULL, 0, 0, NULL },
	{ "host-os-policy.hpux11", KEY_STRLIST, OFF(host_os_policy[STREAM_OS_HPUX11]), NULL, 0, 0, NULL },
	{ "host-os-policy.irix", KEY_STRLIST, OFF(host_os_policy[STREAM_OS_IRIX]), NULL, 0, 0, NULL },
	{ "host-os-policy.last", KEY_STRLIST, OFF(host_os_policy[STREAM_OS_LAST]), NULL, 0, 0, NULL },
	{ "host-os-policy.linux", KEY_STRLIST, OFF(host_os_policy[STREAM_OS_LINUX]), NULL, 0, 0, NULL },
	{ "host-os-policy.macos", KEY_STRLIST, OFF(host_os_policy[STREAM_OS_MACOS]), NULL, 0, 0, NULL },
	{ "host-os-policy.old-linux", KEY_STRLIST, OFF(host_os_policy[STREAM_OS_OLD_LINUX]), NULL, 0, 0, NULL },
	{ "host-os-policy.old-solaris", KEY_STRLIST, OFF(host_os_policy[STREAM_OS_OLD_SOLARIS]), NULL, 0, 0, NULL },
	{ "host-os-policy.solaris", KEY_STRLIST, OFF(host_os_policy[STREAM_OS_SOLARIS]), NULL, 0, 0, NULL },
	{ "host-os-policy.vista", KEY_STRLIST, OFF(host_os_policy[STREAM_OS_VISTA]), NULL, 0, 0, NULL },
	{ "host-os-policy.windows", KEY_STRLIST, OFF(host_os_policy[STREAM_OS_WINDOWS]), NULL, 0, 0, NULL },
	{ "host-os-policy.windows2k3", KEY_STRLIST, OFF(host_os_policy[STREAM_OS_WINDOWS2K3]), NULL, 0, 0, NULL },
	{ "host.hash-size", KEY_UINT, OFF(host_hash_size), "4096", 1, 1u << 24, NULL },
	{ "host.memcap", KEY_SIZE, OFF(host_memcap), "32mb", 0, 0, NULL },
	{ "host.prealloc", KEY_UINT, OFF(host_prealloc), "1000", 0, 1u << 24, NULL },
	{ "ippair.hash-size", KEY_UINT, OFF(ippair_hash_size), "4096", 1, 1u << 24, NULL },
	{ "ippair.memcap", KEY_SIZE, OFF(ippair_memcap), "32mb", 0, 0, NULL },
	{ "ippair.prealloc", KEY_UINT, OFF(ippair_prealloc), "1000", 0, 1u << 24, NULL },
	{ "mpm-algo", KEY_ENUM_STR, OFF(mpm_algo), "auto", 0, 0, mpm_algos },
	{ "nfq.bypass-method", KEY_ENUM, OFF(bypass.method), NULL, 0, 0, bypass_methods },
	{ "nfq.bypass-mark", KEY_U32, OFF(nfq_bypass_mark), "0x40000000", 0, 0, NULL },
	{ "nfq.bypass-mask", KEY_U32, OFF(nfq_bypass_mask), "0x40000000", 0, 0, NULL },
	{ "nfq.fail-open", KEY_BOOL, OFF(nfq_fail_open), "yes", 0, 0, NULL },
	{ "nfq.mode", KEY_ENUM, OFF(nfq_mode), "accept", 0, 0, nfq_modes },
	{ "nfq.queue-maxlen", KEY_UINT, OFF(nfq_queue_maxlen), "4096", 1, 1u << 24, NULL },
	{ "nfq.queues", KEY_QUEUES, 0, "", 0, 0, NULL },
	{ "nfq.repeat-mark", KEY_U32, OFF(nfq_repeat_mark), "0", 0, 0, NULL },
	{ "nfq.repeat-mask", KEY_U32, OFF(nfq_repeat_mask), "0", 0, 0, NULL },
	{ "nfq.ring-full", KEY_ENUM, OFF(nfq_ring_full), "accept", 0, 0, fail_policies },
	{ "nfq.route-bypass", KEY_BOOL, OFF(nfq_route_bypass), "yes", 0, 0, NULL },
	{ "nfq.route-queue", KEY_UINT, OFF(nfq_route_queue), "0", 0, 65535, NULL },
	{ "nfq.socket-rcvbuf", KEY_UINT, OFF(nfq_socket_rcvbuf), "8388608", 65536, 1u << 30, NULL },
	{ "outputs.fast.enabled", KEY_BOOL, OFF(fast_enabled), "yes", 0, 0, NULL },
	{ "outputs.fast.filename", KEY_STRING, OFF(fast_filename), "fast.log", 0, 0, NULL },
	{ "outputs.stats.enabled", KEY_BOOL, OFF(statslog_enabled), "yes", 0, 0, NULL },
	{ "outputs.stats.filename", KEY_STRING, OFF(statslog_filename), "stats.log", 0, 0, NULL },
	{ "packet-alert-max", KEY_UINT, OFF(packet_alert_max), "15", 0, 65535, NULL },
	{ "reference-config-file", KEY_STRING, OFF(reference_file),
	    SYSCONFDIR "/quell/reference.config", 0, 0, NULL },
	{ "rule-files", KEY_STRLIST, OFF(rule_files), "quell.rules", 0, 0, NULL },
	{ "runmode", KEY_ENUM, OFF(runmode), "autofp", 0, 0, runmodes },
	{ "run-as.group", KEY_STRING, OFF(run_as_group), "", 0, 0, NULL },
	{ "run-as.user", KEY_STRING, OFF(run_as_user), "", 0, 0, NULL },
	{ "sensor-name", KEY_STRING, OFF(sensor_name), "", 0, 0, NULL },
	/* Suricata's single-pattern matcher: accepted; quell's content search
	 * is its own whatever the value */
	{ "spm-algo", KEY_ENUM_STR, OFF(spm_algo), "auto", 0, 0, spm_algos },
	{ "stats.enabled", KEY_BOOL, OFF(stats_enabled), "yes", 0, 0, NULL },
	{ "stats.decoder-events", KEY_BOOL, OFF(stats_decoder_events), "yes", 0, 0, NULL },
	{ "stats.stream-events", KEY_BOOL, OFF(stats_stream_events), "no", 0, 0, NULL },
	{ "stats.interval", KEY_UINT, OFF(stats_interval), "8", 1, 86400, NULL },
	{ "stream.async-oneside", KEY_BOOL, OFF(stream.async_oneside), NULL, 0, 0, NULL },
	{ "stream.bypass", KEY_BOOL, OFF(stream.bypass), NULL, 0, 0, NULL },
	{ "stream.bypass-after", KEY_SIZE, OFF(flow.bypass_after), NULL, 0, 0, NULL },
	{ "stream.drop-invalid", KEY_BOOL, OFF(stream.drop_invalid), NULL, 0, 0, NULL },
	{ "stream.inline", KEY_ENUM_STR, OFF(stream.inline_mode), "auto", 0, 0, inline_modes },
	{ "stream.memcap", KEY_SIZE, OFF(stream.memcap), NULL, 0, 0, NULL },
	{ "stream.memcap-policy", KEY_ENUM_STR, OFF(exception_policies[EXCEPTION_CAUSE_STREAM_MEMCAP]), NULL, 0, 0, exception_policy_names },
	{ "stream.midstream", KEY_BOOL, OFF(flow.midstream), NULL, 0, 0, NULL },
	{ "stream.liberal-timestamps", KEY_BOOL, OFF(flow.liberal_timestamps), NULL, 0, 0, NULL },
	{ "stream.max-syn-queued", KEY_UINT, OFF(flow.tcp_max_syn_queued), NULL, 0, 255, NULL },
	{ "stream.midstream-policy", KEY_ENUM_STR, OFF(exception_policies[EXCEPTION_CAUSE_MIDSTREAM]), NULL, 0, 0, exception_policy_names },
	{ "stream.reassembly.check-overlap-different-data", KEY_BOOL, OFF(stream.check_overlap_different_data), NULL, 0, 0, NULL },
	{ "stream.reassembly.depth", KEY_SIZE, OFF(stream.depth), NULL, 0, 0, NULL },
	{ "stream.reassembly.memcap", KEY_SIZE, OFF(stream.reassembly_memcap), NULL, 0, 0, NULL },
	{ "stream.reassembly.memcap-policy", KEY_ENUM_STR, OFF(exception_policies[EXCEPTION_CAUSE_REASSEMBLY_MEMCAP]), NULL, 0, 0, exception_policy_names },
	{ "stream.reassembly.out-of-order-limit", KEY_UINT, OFF(stream.ooo_limit), NULL, 1, 65536, NULL },
	{ "stream.reassembly.randomize-chunk-range", KEY_UINT, OFF(stream.randomize_range), NULL, 0, 100, NULL },
	{ "stream.reassembly.randomize-chunk-size", KEY_BOOL, OFF(stream.randomize_chunks), NULL, 0, 0, NULL },
	{ "stream.reassembly.raw", KEY_BOOL, OFF(stream.raw), NULL, 0, 0, NULL },
	{ "stream.reassembly.toclient-chunk-size", KEY_UINT, OFF(stream.chunk_size[1]), NULL, 1, 65535, NULL },
	{ "stream.reassembly.toserver-chunk-size", KEY_UINT, OFF(stream.chunk_size[0]), NULL, 1, 65535, NULL },
	{ "stream.reassembly.urgent.oob-limit-policy", KEY_ENUM, OFF(stream.urgent_oob_limit), NULL, 0, 0, urgent_policies },
	{ "stream.reassembly.urgent.policy", KEY_ENUM, OFF(stream.urgent_policy), NULL, 0, 0, urgent_policies },
	{ "threading.cpu-affinity.readers", KEY_CPUS, OFF(reader_cpus), "", 0, 0, NULL },
	{ "threading.cpu-affinity.workers", KEY_CPUS, OFF(worker_cpus), "", 0, 0, NULL },
	{ "threading.detect-threads", KEY_THREADS, OFF(detect_threads), "auto", 0, 64, NULL },
	{ "threshold-file", KEY_STRING, OFF(threshold_file),
	    SYSCONFDIR "/quell/threshold.config", 0, 0, NULL },
	{ "unix-command.enabled", KEY_BOOL, OFF(control_enabled), "yes", 0, 0, auto_is_yes },
	/* "": per instance, RUNSTATEDIR/quell/quell-<instance>.socket
	 * (daemon/instance.c). */
	{ "unix-command.filename", KEY_STRING, OFF(control_socket), "", 0, 0, NULL },
	{ "vars.address-groups", KEY_STRMAP, OFF(address_groups), NULL, 0, 0, NULL },
	{ "vars.port-groups", KEY_STRMAP, OFF(port_groups), NULL, 0, 0, NULL },
};

/* The keys of one server-config entry, besides "address". */
static const struct key http_server_keys[] = {
	HTTP_KEYS(HTTP_SRV_KEY)
};

/* An xff: section (Suricata's HttpXFFGetCfg): its keys under path. */
#define XFF_KEYS(path, f) \
	{ path ".deployment", KEY_ENUM_CI, EOFF(f.deployment), "reverse", 0, 0, xff_deployments }, \
	{ path ".enabled", KEY_BOOL, EOFF(f.enabled), "no", 0, 0, NULL }, \
	{ path ".header", KEY_STRING, EOFF(f.header), "X-Forwarded-For", 0, 0, NULL }, \
	{ path ".mode", KEY_ENUM_CI, EOFF(f.mode), "extra-data", 0, 0, xff_modes },

/* The keys of one outputs[].eve-log section: offsets are in struct
 * config_eve, and each section (eve[0..neve)) has its own values. */
static const struct key eve_keys[] = {
	{ "outputs.eve-log.buffer-lines", KEY_UINT, EOFF(buffer_lines), "16384", 16, 1u << 24, NULL },
	{ "outputs.eve-log.enabled", KEY_BOOL, EOFF(enabled), "yes", 0, 0, NULL },
	{ "outputs.eve-log.ethernet", KEY_BOOL, EOFF(ethernet), "no", 0, 0, NULL },
	{ "outputs.eve-log.facility", KEY_ENUM_STR, EOFF(facility), "local5", 0, 0, syslog_facilities },
	{ "outputs.eve-log.filename", KEY_STRING, EOFF(filename), "eve.json", 0, 0, NULL },
	{ "outputs.eve-log.filetype", KEY_ENUM_STR, EOFF(filetype), "regular", 0, 0, eve_filetypes },
	{ "outputs.eve-log.identity", KEY_STRING, EOFF(identity), "quelld", 0, 0, NULL },
	{ "outputs.eve-log.level", KEY_ENUM_STR, EOFF(level), "info", 0, 0, syslog_levels },
	{ "outputs.eve-log.metadata", KEY_BOOL, EOFF(flow_metadata), "yes", 0, 0, NULL },
	{ "outputs.eve-log.packet", KEY_BOOL, EOFF(packet), "no", 0, 0, NULL },
	{ "outputs.eve-log.payload", KEY_BOOL, EOFF(payload), "no", 0, 0, NULL },
	{ "outputs.eve-log.payload-printable", KEY_BOOL, EOFF(payload_printable), "no", 0, 0, NULL },
	{ "outputs.eve-log.pcap-file", KEY_BOOL, EOFF(pcap_file), "no", 0, 0, NULL },
	{ "outputs.eve-log.reconnect-max-ms", KEY_UINT, EOFF(reconnect_max_ms), "5000", 1, 3600000, NULL },
	{ "outputs.eve-log.reconnect-min-ms", KEY_UINT, EOFF(reconnect_min_ms), "100", 1, 3600000, NULL },
	{ "outputs.eve-log.redis.async", KEY_BOOL, EOFF(redis_async), "yes", 0, 0, NULL },
	{ "outputs.eve-log.redis.key", KEY_STRING, EOFF(redis_key), "suricata", 0, 0, NULL },
	{ "outputs.eve-log.redis.mode", KEY_ENUM_STR, EOFF(redis_mode), "list", 0, 0, redis_modes },
	{ "outputs.eve-log.redis.pipelining.batch-size", KEY_UINT, EOFF(redis_batch_size), "10", 1, 65536, NULL },
	{ "outputs.eve-log.redis.pipelining.enabled", KEY_BOOL, EOFF(redis_pipelining), "no", 0, 0, NULL },
	{ "outputs.eve-log.redis.port", KEY_UINT, EOFF(redis_port), "6379", 1, 65535, NULL },
	{ "outputs.eve-log.redis.server", KEY_STRING, EOFF(redis_server), "127.0.0.1", 0, 0, NULL },
	{ "outputs.eve-log.redis.stream-maxlen", KEY_UINT, EOFF(redis_stream_maxlen), "100000", 0, UINT32_MAX, NULL },
	{ "outputs.eve-log.redis.stream-trim-exact", KEY_BOOL, EOFF(redis_stream_trim_exact), "no", 0, 0, NULL },
	{ "outputs.eve-log.syslog-socket", KEY_STRING, EOFF(syslog_socket), "/dev/log", 0, 0, NULL },
	{ "outputs.eve-log.timeout-ms", KEY_UINT, EOFF(timeout_ms), "1000", 1, 600000, NULL },
	{ "outputs.eve-log.types", KEY_STRLIST, EOFF(types), "alert,drop,flow,stats", 0, 0, NULL },
	/* suricata.yaml's per-type form: types: [ alert: { payload: yes } ] */
	{ "outputs.eve-log.types.alert.metadata", KEY_BOOL, EOFF(rule_metadata), "yes", 0, 0, NULL },
	{ "outputs.eve-log.types.alert.packet", KEY_BOOL, EOFF(packet), NULL, 0, 0, NULL },
	{ "outputs.eve-log.types.alert.payload", KEY_BOOL, EOFF(payload), NULL, 0, 0, NULL },
	{ "outputs.eve-log.types.alert.payload-printable", KEY_BOOL, EOFF(payload_printable), NULL, 0, 0, NULL },
	{ "outputs.eve-log.types.alert.tagged-packets", KEY_BOOL, EOFF(tagged_packets), "yes", 0, 0, NULL },
	{ "outputs.eve-log.types.alert.verdict", KEY_BOOL, EOFF(verdict), "yes", 0, 0, NULL },
	XFF_KEYS("outputs.eve-log.types.alert.xff", alert_xff)
	/* Suricata's anomaly logger: applayer on, decode and stream off */
	{ "outputs.eve-log.types.anomaly.enabled", KEY_BOOL, EOFF(anomaly_enabled), "yes", 0, 0, NULL },
	{ "outputs.eve-log.types.anomaly.packethdr", KEY_BOOL, EOFF(anomaly_packethdr), "no", 0, 0, NULL },
	{ "outputs.eve-log.types.anomaly.types.applayer", KEY_BOOL, EOFF(anomaly_applayer), "yes", 0, 0, NULL },
	{ "outputs.eve-log.types.anomaly.types.decode", KEY_BOOL, EOFF(anomaly_decode), "no", 0, 0, NULL },
	{ "outputs.eve-log.types.anomaly.types.stream", KEY_BOOL, EOFF(anomaly_stream), "no", 0, 0, NULL },
	{ "outputs.eve-log.types.dns.version", KEY_UINT, EOFF(dns_version), "3", 2, 3, NULL },
	{ "outputs.eve-log.types.drop.alerts", KEY_BOOL, EOFF(drop_alerts), "no", 0, 0, NULL },
	{ "outputs.eve-log.types.drop.flows", KEY_ENUM, EOFF(drop_flows), "start", 0, 0, drop_flows },
	{ "outputs.eve-log.types.drop.verdict", KEY_BOOL, EOFF(drop_verdict), "yes", 0, 0, NULL },
	{ "outputs.eve-log.types.files.force-hash", KEY_STRLIST, EOFF(files_force_hash), NULL, 0, 0, file_hash_names },
	{ "outputs.eve-log.types.files.force-magic", KEY_BOOL, EOFF(files_force_magic), "no", 0, 0, NULL },
	{ "outputs.eve-log.types.flow.exception-policy", KEY_BOOL, EOFF(flow_exceptions), "no", 0, 0, NULL },
	{ "outputs.eve-log.types.http.custom", KEY_STRLIST, EOFF(http_custom), NULL, 0, 0, NULL },
	{ "outputs.eve-log.types.http.dump-all-headers", KEY_ENUM_STR, EOFF(http_dump_headers), NULL, 0, 0, eve_http_dump_names },
	{ "outputs.eve-log.types.http.extended", KEY_BOOL, EOFF(http_extended), "no", 0, 0, NULL },
	XFF_KEYS("outputs.eve-log.types.http.xff", http_xff)
	XFF_KEYS("outputs.eve-log.xff", xff)
};

#define NKEYS	(QUELL_NITEMS(keys) + QUELL_NITEMS(eve_keys))

/* Both tables as one: keys[] first. */
static const struct key *
key_at(size_t i)
{
	return i < QUELL_NITEMS(keys) ? &keys[i] :
	    &eve_keys[i - QUELL_NITEMS(keys)];
}

static bool
is_eve_key(const struct key *k)
{
	return k >= eve_keys && k < eve_keys + QUELL_NITEMS(eve_keys);
}

/* Suricata's default groups, so public rulesets load with the default
 * configuration. HOME_NET is the private ranges, as Suricata ships it. */
struct default_pair {
	const char	*name;
	const char	*value;
};

static const struct default_pair default_address_groups[] = {
	{ "HOME_NET", "[192.168.0.0/16,10.0.0.0/8,172.16.0.0/12]" },
	{ "EXTERNAL_NET", "!$HOME_NET" },
	{ "HTTP_SERVERS", "$HOME_NET" },
	{ "SMTP_SERVERS", "$HOME_NET" },
	{ "SQL_SERVERS", "$HOME_NET" },
	{ "DNS_SERVERS", "$HOME_NET" },
	{ "TELNET_SERVERS", "$HOME_NET" },
	{ "AIM_SERVERS", "$EXTERNAL_NET" },
	{ "DC_SERVERS", "$HOME_NET" },
	{ "DNP3_SERVER", "$HOME_NET" },
	{ "DNP3_CLIENT", "$HOME_NET" },
	{ "MODBUS_CLIENT", "$HOME_NET" },
	{ "MODBUS_SERVER", "$HOME_NET" },
	{ "ENIP_CLIENT", "$HOME_NET" },
	{ "ENIP_SERVER", "$HOME_NET" },
};

static const struct default_pair default_port_groups[] = {
	{ "HTTP_PORTS", "80" },
	{ "SHELLCODE_PORTS", "!80" },
	{ "ORACLE_PORTS", "1521" },
	{ "SSH_PORTS", "22" },
	{ "DNP3_PORTS", "20000" },
	{ "MODBUS_PORTS", "502" },
	{ "FILE_DATA_PORTS", "[$HTTP_PORTS,110,143]" },
	{ "FTP_PORTS", "21" },
	{ "GENEVE_PORTS", "6081" },
	{ "VXLAN_PORTS", "4789" },
	{ "TEREDO_PORTS", "3544" },
};

static int decode_ports(const struct quell_config *, const char *,
	    const char *, bool, struct decode_ports *, struct diag_list *);

static int apply_scalar(struct quell_config *, const struct key *,
	    const char *, const char *, unsigned, unsigned, struct diag_list *);
static int apply_scalar_at(struct quell_config *, void *, const struct key *,
	    const char *, const char *, unsigned, unsigned, struct diag_list *);
static int apply_node_at(struct quell_config *, void *, const struct key *,
	    const struct cfg_node *, struct diag_list *);
static int walk_map(struct quell_config *, const struct cfg_node *,
	    const char *, struct diag_list *);
static bool compat_warn(const char *, const char *, const char *, unsigned,
	    unsigned, struct diag_list *);

/* Where k's offset counts from: the config, or the eve-log section
 * being read for eve_keys[]. */
static void *
field_base(struct quell_config *cfg, const struct key *k)
{
	if (is_eve_key(k))
		return &cfg->eve[cfg->eve_cur];
	return cfg;
}

static void *
field(struct quell_config *cfg, const struct key *k)
{
	if (is_eve_key(k))
		return (char *)&cfg->eve[cfg->eve_cur] + k->offset;
	return (char *)cfg + k->offset;
}

/* eve: which outputs[].eve-log section, for eve_keys[]. */
static const void *
cfield(const struct quell_config *cfg, const struct key *k, size_t eve)
{
	if (is_eve_key(k))
		return (const char *)&cfg->eve[eve] + k->offset;
	return (const char *)cfg + k->offset;
}

/* Users of older and newer Suricata write repeat_mark or repeat-mark.
 * Suricata's --set addresses list items by index
 * (outputs.1.eve-log.types.2.anomaly...); quell keys eve types by name
 * and config_set picks the eve-log section, so the indexes are
 * dropped. */
static void
normalize_key(char *s)
{
	char *w = s, *comp = s;	/* comp: where w's component starts */
	bool digits = true;

	for (char *r = s;; r++) {
		if (*r != '.' && *r != '\0') {
			digits &= *r >= '0' && *r <= '9';
			*w++ = *r == '_' ? '-' : *r;
			continue;
		}
		/* drop ".N": back over it and the dot before it */
		if (digits && w > comp && comp != s)
			w = comp - 1;
		if (*r == '\0')
			break;
		*w++ = '.';
		comp = w;
		digits = true;
	}
	*w = '\0';
}

static const struct key *
key_find(const char *path)
{
	for (size_t i = 0; i < NKEYS; i++)
		if (strcmp(key_at(i)->path, path) == 0)
			return key_at(i);
	return NULL;
}

/* True when path names a section that contains known keys. */
static bool
key_is_section(const char *path)
{
	size_t len = strlen(path);

	for (size_t i = 0; i < NKEYS; i++)
		if (strncmp(key_at(i)->path, path, len) == 0 &&
		    key_at(i)->path[len] == '.')
			return true;
	return false;
}

static size_t
edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	size_t row[128];

	if (lb >= QUELL_NITEMS(row))
		return SIZE_MAX;
	for (size_t j = 0; j <= lb; j++)
		row[j] = j;
	for (size_t i = 1; i <= la; i++) {
		size_t prev = row[0];

		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t cur = row[j];
			size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
			size_t best = prev + cost;

			if (row[j] + 1 < best)
				best = row[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			row[j] = best;
			prev = cur;
		}
	}
	return row[lb];
}

static const char *
key_nearest(const char *path)
{
	const char *best = NULL;
	size_t best_d = SIZE_MAX;

	for (size_t i = 0; i < NKEYS; i++) {
		size_t d = edit_distance(path, key_at(i)->path);

		if (d < best_d) {
			best_d = d;
			best = key_at(i)->path;
		}
	}
	return best_d <= 4 ? best : NULL;
}

static int
parse_bool(const char *v, bool *out)
{
	static const char *const yes[] = { "yes", "true", "on", "1", "y" };
	static const char *const no[] = { "no", "false", "off", "0", "n" };

	for (size_t i = 0; i < QUELL_NITEMS(yes); i++) {
		if (strcasecmp(v, yes[i]) == 0) {
			*out = true;
			return 0;
		}
		if (strcasecmp(v, no[i]) == 0) {
			*out = false;
			return 0;
		}
	}
	return -1;
}

/* Whole-string unsigned number, decimal or 0x hex, at most max. */
static int
parse_number(const char *v, uint64_t max, uint64_t *out)
{
	char *end;
	unsigned long long n;

	if (*v == '\0' || *v == '-' || *v == '+' || *v == ' ')
		return -1;
	errno = 0;
	n = strtoull(v, &end, 0);
	if (errno != 0 || *end != '\0' || n > max)
		return -1;
	*out = n;
	return 0;
}

/* "", "3", "0-3,6": numbers below 1024, ranges ascending. */
static bool
valid_cpu_list(const char *v)
{
	const char *s = v;

	while (*s != '\0') {
		char *end;
		unsigned long a, b;

		if (*s < '0' || *s > '9')
			return false;
		a = strtoul(s, &end, 10);
		b = a;
		if (*end == '-') {
			if (end[1] < '0' || end[1] > '9')
				return false;
			b = strtoul(end + 1, &end, 10);
		}
		if (a > b || b >= 1024)
			return false;
		if (*end == ',' && end[1] != '\0')
			s = end + 1;
		else if (*end == '\0')
			s = end;
		else
			return false;
	}
	return true;
}

/* "134217728", "128mb", "1gb", "512kb" (case-insensitive) at most 1 TiB. */
static int
parse_size(const char *v, uint64_t *out)
{
	static const struct {
		const char	*suffix;
		uint64_t	 mult;
	} units[] = {
		{ "kb", 1ull << 10 }, { "mb", 1ull << 20 }, { "gb", 1ull << 30 },
		{ "tb", 1ull << 40 }, { "k", 1ull << 10 }, { "m", 1ull << 20 },
		{ "g", 1ull << 30 },
	};
	char num[32];
	size_t len = strlen(v), digits = 0;
	uint64_t n, mult = 1;

	while (digits < len && v[digits] >= '0' && v[digits] <= '9')
		digits++;
	if (digits == 0 || digits >= sizeof(num))
		return -1;
	if (digits < len) {
		size_t i;

		for (i = 0; i < QUELL_NITEMS(units); i++)
			if (strcasecmp(v + digits, units[i].suffix) == 0)
				break;
		if (i == QUELL_NITEMS(units))
			return -1;
		mult = units[i].mult;
	}
	memcpy(num, v, digits);
	num[digits] = '\0';
	if (parse_number(num, (1ull << 40), &n) == -1 || n > (1ull << 40) / mult)
		return -1;
	*out = n * mult;
	return 0;
}

static void
strlist_clear(struct config_strlist *l)
{
	for (size_t i = 0; i < l->count; i++)
		free(l->items[i]);
	free(l->items);
	l->items = NULL;
	l->count = 0;
}

static int
strlist_add(struct config_strlist *l, const char *s)
{
	char **n = realloc(l->items, (l->count + 1) * sizeof(*n));

	if (n == NULL)
		return -1;
	l->items = n;
	if ((l->items[l->count] = strdup(s)) == NULL)
		return -1;
	l->count++;
	return 0;
}

static void
strmap_clear(struct config_strmap *m)
{
	for (size_t i = 0; i < m->count; i++) {
		free(m->items[i].name);
		free(m->items[i].value);
	}
	free(m->items);
	m->items = NULL;
	m->count = 0;
}

/* Sets name to value, replacing an earlier value of the same name. */
static int
strmap_set(struct config_strmap *m, const char *name, const char *value)
{
	struct config_pair *n;
	char *v;

	if ((v = strdup(value)) == NULL)
		return -1;
	for (size_t i = 0; i < m->count; i++) {
		if (strcmp(m->items[i].name, name) == 0) {
			free(m->items[i].value);
			m->items[i].value = v;
			return 0;
		}
	}
	n = realloc(m->items, (m->count + 1) * sizeof(*n));
	if (n == NULL || (n[m->count].name = strdup(name)) == NULL) {
		if (n != NULL)
			m->items = n;
		free(v);
		return -1;
	}
	m->items = n;
	m->items[m->count++].value = v;
	return 0;
}

const char *
config_strmap_get(const struct config_strmap *m, const char *name)
{
	for (size_t i = 0; i < m->count; i++)
		if (strcmp(m->items[i].name, name) == 0)
			return m->items[i].value;
	return NULL;
}

static void
http_config_clear_servers(struct http_config *hc)
{
	struct http_settings def = hc->def;

	/* keep default-config, drop the list */
	hc->def.path_bestfit_char = NULL;
	http_config_clear(hc);
	hc->def = def;
}

static const struct key *
http_server_key(const char *name)
{
	for (size_t i = 0; i < QUELL_NITEMS(http_server_keys); i++)
		if (strcmp(http_server_keys[i].path, name) == 0)
			return &http_server_keys[i];
	return NULL;
}

static int
http_server_address(struct http_server *srv, const struct cfg_node *n,
    struct diag_list *dl)
{
	struct http_prefix p;

	if (n->type != CFG_NODE_SCALAR) {
		diag_add(dl, DIAG_ERROR, n->file, n->line, n->col, NULL,
		    "%sserver-config.%s.address: expected addresses",
		    HTTP_LIBHTP, srv->name);
		return -1;
	}
	if (http_config_parse_prefix(n->value, &p) == -1) {
		diag_add(dl, DIAG_ERROR, n->file, n->line, n->col, n->value,
		    "%sserver-config.%s.address: not an address or network "
		    "(\"192.168.1.0/24\", \"::1\")", HTTP_LIBHTP, srv->name);
		return -1;
	}
	return http_server_add_prefix(srv, &p);
}

/* One entry's settings: "address" and the keys of http_server_keys,
 * swf-decompression nested. */
static int
http_server_apply(struct http_server *srv, const struct cfg_node *map,
    const char *prefix, struct diag_list *dl)
{
	int rc = 0;

	for (size_t i = 0; i < map->nchildren; i++) {
		const struct cfg_node *c = map->children[i];
		char name[128];
		const struct key *k;

		snprintf(name, sizeof(name), "%s%s", prefix, c->key);
		normalize_key(name);
		if (*prefix == '\0' && strcmp(name, "address") == 0) {
			if (c->type == CFG_NODE_SEQ) {
				for (size_t j = 0; j < c->nchildren; j++)
					if (http_server_address(srv,
					    c->children[j], dl) == -1)
						rc = -1;
			} else if (http_server_address(srv, c, dl) == -1)
				rc = -1;
			continue;
		}
		if (c->type == CFG_NODE_MAP && *prefix == '\0') {
			char sub[sizeof(name) + 1];

			snprintf(sub, sizeof(sub), "%s.", name);
			if (http_server_apply(srv, c, sub, dl) == -1)
				rc = -1;
			continue;
		}
		if ((k = http_server_key(name)) == NULL) {
			diag_add(dl, DIAG_WARNING, c->file, c->line, c->col,
			    NULL, "%sserver-config.%s.%s: unknown key ignored",
			    HTTP_LIBHTP, srv->name, name);
			continue;
		}
		if (apply_node_at(NULL, &srv->s, k, c, dl) == -1)
			rc = -1;
	}
	return rc;
}

/* server-config: "- name: {address: [...], personality: ..., ...}"
 * entries; a later server-config replaces the list. Each entry starts
 * from Suricata's built-in defaults, not from default-config. */
static int
http_servers_apply(struct http_config *hc, const struct cfg_node *seq,
    struct diag_list *dl)
{
	int rc = 0;

	http_config_clear_servers(hc);
	for (size_t i = 0; i < seq->nchildren; i++) {
		const struct cfg_node *item = seq->children[i], *body;
		struct http_server *srv;

		if (item->type != CFG_NODE_MAP || item->nchildren != 1 ||
		    (body = item->children[0])->type != CFG_NODE_MAP) {
			diag_add(dl, DIAG_ERROR, item->file, item->line,
			    item->col, NULL, "%sserver-config: expected "
			    "\"- name:\" with the settings under it",
			    HTTP_LIBHTP);
			rc = -1;
			continue;
		}
		if ((srv = http_config_add_server(hc, body->key)) == NULL)
			return -1;
		srv->line = body->line;
		if (http_server_apply(srv, body, "", dl) == -1)
			rc = -1;
		else if (srv->nprefixes == 0) {
			diag_add(dl, DIAG_ERROR, body->file, body->line,
			    body->col, body->key, "%sserver-config.%s: no "
			    "address", HTTP_LIBHTP, body->key);
			rc = -1;
		}
	}
	return rc;
}

static int
queues_add(struct quell_config *cfg, const char *spec, const char *file,
    unsigned line, unsigned col, const char *what, struct diag_list *dl)
{
	uint64_t a, b;
	char buf[32];
	char *colon;

	if (strlen(spec) >= sizeof(buf))
		goto bad;
	memcpy(buf, spec, strlen(spec) + 1);
	if ((colon = strchr(buf, ':')) != NULL)
		*colon++ = '\0';
	if (parse_number(buf, 65535, &a) == -1)
		goto bad;
	b = a;
	if (colon != NULL && parse_number(colon, 65535, &b) == -1)
		goto bad;
	if (b < a)
		goto bad;
	for (uint64_t q = a; q <= b; q++) {
		bool dup = false;

		for (size_t i = 0; i < cfg->nfq_nqueues; i++)
			dup |= cfg->nfq_queues[i] == q;
		if (dup)
			continue;
		if (cfg->nfq_nqueues == CONFIG_MAX_QUEUES) {
			diag_add(dl, DIAG_ERROR, file, line, col, spec,
			    "%s: more than %d queues", what, CONFIG_MAX_QUEUES);
			return -1;
		}
		cfg->nfq_queues[cfg->nfq_nqueues++] = (uint16_t)q;
	}
	return 0;
bad:
	diag_add(dl, DIAG_ERROR, file, line, col, spec,
	    "%s: not a queue number or range A:B within 0..65535", what);
	return -1;
}

/* The field of k in base: the config itself, or one of its nested
 * blocks (a server-config entry). */
static void *
at(void *base, const struct key *k)
{
	return (char *)base + k->offset;
}

/* "a, b, c" from k->names. */
static void
enum_choices(const struct key *k, char *buf, size_t len)
{
	buf[0] = '\0';
	for (int i = 0; k->names[i] != NULL; i++) {
		strncat(buf, i ? ", " : "", len - strlen(buf) - 1);
		strncat(buf, k->names[i], len - strlen(buf) - 1);
	}
}

/* A list key with names (force-hash) takes only those, any case: true,
 * or false with the error added. */
static bool
strlist_item_ok(const struct key *k, const char *v, const char *file,
    unsigned line, unsigned col, struct diag_list *dl)
{
	char choices[128];
	size_t n = 0;

	if (k->names == NULL)
		return true;
	for (int i = 0; k->names[i] != NULL; i++)
		if (strcasecmp(v, k->names[i]) == 0)
			return true;
	choices[0] = '\0';
	for (int i = 0; k->names[i] != NULL && n < sizeof(choices); i++)
		n += (size_t)snprintf(choices + n, sizeof(choices) - n, "%s%s",
		    i > 0 ? ", " : "", k->names[i]);
	diag_add(dl, DIAG_ERROR, file, line, col, v, "%s: unknown value "
	    "'%s' (%s)", k->path, v, choices);
	return false;
}

static int
apply_scalar(struct quell_config *cfg, const struct key *k, const char *v,
    const char *file, unsigned line, unsigned col, struct diag_list *dl)
{
	return apply_scalar_at(cfg, field_base(cfg, k), k, v, file, line, col,
	    dl);
}

static int
apply_scalar_at(struct quell_config *cfg, void *base, const struct key *k,
    const char *v, const char *file, unsigned line, unsigned col,
    struct diag_list *dl)
{
	uint64_t n;
	bool b;

	switch (k->type) {
	case KEY_BOOL:
		for (int i = 0; k->names != NULL && k->names[i] != NULL; i++)
			if (strcmp(v, k->names[i]) == 0) {
				*(bool *)at(base, k) = true;
				return 0;
			}
		if (parse_bool(v, &b) == -1) {
			diag_add(dl, DIAG_ERROR, file, line, col, v,
			    "%s: not a boolean (yes/no)", k->path);
			return -1;
		}
		*(bool *)at(base, k) = b;
		return 0;
	case KEY_UINT:
		if (parse_number(v, k->max, &n) == -1 || n < k->min) {
			diag_add(dl, DIAG_ERROR, file, line, col, v,
			    "%s: not a number within %u..%u", k->path,
			    k->min, k->max);
			return -1;
		}
		*(unsigned *)at(base, k) = (unsigned)n;
		return 0;
	case KEY_U32:
		if (parse_number(v, UINT32_MAX, &n) == -1) {
			diag_add(dl, DIAG_ERROR, file, line, col, v,
			    "%s: not a 32-bit number", k->path);
			return -1;
		}
		*(uint32_t *)at(base, k) = (uint32_t)n;
		return 0;
	case KEY_THREADS:
		if (strcmp(v, "auto") == 0) {
			*(unsigned *)at(base, k) = 0;
			return 0;
		}
		if (parse_number(v, k->max, &n) == -1 || n == 0) {
			diag_add(dl, DIAG_ERROR, file, line, col, v,
			    "%s: not \"auto\" or a number within 1..%u",
			    k->path, k->max);
			return -1;
		}
		*(unsigned *)at(base, k) = (unsigned)n;
		return 0;
	case KEY_ENUM_STR:
		/* suricata.yaml writes "Info" where quell.yaml says "info";
		 * the canonical spelling is kept. */
		for (int i = 0; k->names[i] != NULL; i++) {
			if (strcasecmp(v, k->names[i]) == 0) {
				char **p = at(base, k);
				char *dup = strdup(k->names[i]);

				if (dup == NULL)
					return -1;
				free(*p);
				*p = dup;
				return 0;
			}
		}
		{
			char choices[256];

			enum_choices(k, choices, sizeof(choices));
			diag_add(dl, DIAG_ERROR, file, line, col, v,
			    "%s: not one of %s", k->path, choices);
		}
		return -1;
	case KEY_SIZE:
		if (parse_size(v, &n) == -1) {
			diag_add(dl, DIAG_ERROR, file, line, col, v,
			    "%s: not a size in bytes (e.g. 134217728 or 128mb) "
			    "up to 1tb", k->path);
			return -1;
		}
		*(uint64_t *)at(base, k) = n;
		return 0;
	case KEY_CPUS:
		if (!valid_cpu_list(v)) {
			diag_add(dl, DIAG_ERROR, file, line, col, v,
			    "%s: not a CPU list like \"0-3,6\"", k->path);
			return -1;
		}
		/* FALLTHROUGH */
	case KEY_STRING: {
		char **p = at(base, k);
		char *s = strdup(v);

		if (s == NULL)
			return -1;
		free(*p);
		*p = s;
		return 0;
	}
	case KEY_ENUM:
		for (int i = 0; k->names[i] != NULL; i++) {
			if (strcmp(v, k->names[i]) == 0) {
				*(int *)at(base, k) = i;
				return 0;
			}
		}
		{
			char choices[256];

			enum_choices(k, choices, sizeof(choices));
			diag_add(dl, DIAG_ERROR, file, line, col, v,
			    "%s: not one of %s", k->path, choices);
		}
		return -1;
	case KEY_STRLIST: {
		/* A scalar where a list is expected: "a,b" or the flow
		 * form "[a, b]" / "["a","b"]" as --set gives it. */
		struct config_strlist *l = at(base, k);
		char *copy = strdup(v), *save = NULL, *body;
		size_t blen;

		if (copy == NULL)
			return -1;
		body = copy;
		blen = strlen(body);
		if (blen >= 2 && body[0] == '[' && body[blen - 1] == ']') {
			body[blen - 1] = '\0';
			body++;
		}
		strlist_clear(l);
		for (char *t = strtok_r(body, ",", &save); t != NULL;
		    t = strtok_r(NULL, ",", &save)) {
			size_t tl;

			while (*t == ' ')
				t++;
			tl = strlen(t);
			while (tl > 0 && t[tl - 1] == ' ')
				t[--tl] = '\0';
			if (tl >= 2 && (t[0] == '"' || t[0] == '\'') &&
			    t[tl - 1] == t[0]) {
				t[tl - 1] = '\0';
				t++;
			}
			if (*t != '\0' && !strlist_item_ok(k, t, file, line,
			    col, dl)) {
				free(copy);
				return -1;
			}
			if (*t != '\0' && strlist_add(l, t) == -1) {
				free(copy);
				return -1;
			}
		}
		free(copy);
		return 0;
	}
	case KEY_QUEUES:
		cfg->nfq_nqueues = 0;
		if (*v == '\0')
			return 0;
		return queues_add(cfg, v, file, line, col, k->path, dl);
	case KEY_STRMAP:
		diag_add(dl, DIAG_ERROR, file, line, col, v,
		    "%s: expected a mapping of NAME: value", k->path);
		return -1;
	case KEY_ENUM_CI:
		for (int i = 0; k->names[i] != NULL; i++) {
			if (strcasecmp(v, k->names[i]) == 0) {
				*(int *)at(base, k) = i;
				return 0;
			}
		}
		diag_add(dl, DIAG_ERROR, file, line, col, v,
		    "%s: not a known name (see doc/configuration.md)", k->path);
		return -1;
	case KEY_TRIBOOL:
		if (parse_bool(v, &b) == -1) {
			diag_add(dl, DIAG_ERROR, file, line, col, v,
			    "%s: not a boolean (yes/no)", k->path);
			return -1;
		}
		*(int8_t *)at(base, k) = b ? 1 : 0;
		return 0;
	case KEY_HTTP_SERVERS:
		/* "server-config:" with nothing under it */
		if (*v == '\0') {
			http_config_clear_servers(at(base, k));
			return 0;
		}
		diag_add(dl, DIAG_ERROR, file, line, col, v,
		    "%s: expected a list of \"- name: {address: [...], ...}\"",
		    k->path);
		return -1;
	}
	return -1;
}

/* The eve types quell writes (the app-layer ones are the parsers'
 * names, daemon/runmode.c); a suricata.yaml names others (smtp,
 * anomaly, ...), which the compat table says why quell skips. */
static const char *const eve_types[] = { "alert", "drop", "flow", "stats",
	"http", "dns", "tls", "ssh", "files", "fileinfo", "anomaly" };

/* Adds eve type name from node c to l, or warns that quell does not
 * write it: 1 added, 0 skipped, -1 out of memory. */
static int
eve_type_add(struct config_strlist *l, const struct key *k, const char *name,
    const struct cfg_node *c, struct diag_list *dl)
{
	char path[256];

	for (size_t t = 0; t < QUELL_NITEMS(eve_types); t++)
		if (strcmp(name, eve_types[t]) == 0)
			return strlist_add(l, name) == -1 ? -1 : 1;
	snprintf(path, sizeof(path), "%s.%s", k->path, name);
	normalize_key(path);
	if (!compat_warn(path, NULL, c->file, c->line, c->col, dl))
		diag_add(dl, DIAG_WARNING, c->file, c->line, c->col, NULL,
		    "%s: unknown eve-log type ignored (quell writes alert, "
		    "drop, flow, stats, http, dns, tls, ssh, files, anomaly)",
		    path);
	return 0;
}

/* An eve-log types item written as suricata.yaml does, "- alert:" with
 * the type's options below it: the type is the item's one key, its
 * options are keys under outputs.eve-log.types.<type>. */
static void	eve_type_defaults(struct quell_config *, const char *,
	    struct diag_list *);
static void	free_field(void *, enum key_type);

static int
eve_type_item(struct quell_config *cfg, const struct key *k,
    const struct cfg_node *c, struct diag_list *dl)
{
	const struct cfg_node *t;
	char prefix[128];

	if (c->nchildren != 1) {
		diag_add(dl, DIAG_ERROR, c->file, c->line, c->col, NULL,
		    "%s: an item is a type name or one \"type:\" with its "
		    "options", k->path);
		return 0;
	}
	t = c->children[0];
	switch (eve_type_add(field(cfg, k), k, t->key, c, dl)) {
	case -1:
		return -1;
	case 0:
		return 0;
	}
	snprintf(prefix, sizeof(prefix), "%s.%s", k->path, t->key);
	eve_type_defaults(cfg, prefix, dl);
	if (t->type != CFG_NODE_MAP)
		return 0;
	walk_map(cfg, t, prefix, dl);
	return 0;
}

/* A types list replaces the one before it (an earlier file's, or an
 * include's), each type with its options: what the item does not set
 * is the default again, as when Suricata reads that list alone. A
 * "- http:" after etc/quell.yaml's "extended: yes" logs basic records. */
static void
eve_type_defaults(struct quell_config *cfg, const char *prefix,
    struct diag_list *dl)
{
	size_t plen = strlen(prefix);

	for (size_t i = 0; i < NKEYS; i++) {
		const struct key *k = key_at(i);

		if (strncmp(k->path, prefix, plen) != 0 ||
		    k->path[plen] != '.')
			continue;
		if (k->def != NULL)
			apply_scalar(cfg, k, k->def, NULL, 0, 0, dl);
		else if (k->type == KEY_BOOL)
			*(bool *)field(cfg, k) = false;
		else
			free_field(field(cfg, k), k->type);
	}
}

static int
apply_node(struct quell_config *cfg, const struct key *k,
    const struct cfg_node *n, struct diag_list *dl)
{
	return apply_node_at(cfg, field_base(cfg, k), k, n, dl);
}

static int
apply_node_at(struct quell_config *cfg, void *base, const struct key *k,
    const struct cfg_node *n, struct diag_list *dl)
{
	int rc = 0;

	if (n->type == CFG_NODE_SCALAR)
		return apply_scalar_at(cfg, base, k, n->value, n->file, n->line,
		    n->col, dl);
	switch (k->type) {
	case KEY_HTTP_SERVERS:
		if (n->type != CFG_NODE_SEQ)
			break;
		return http_servers_apply(at(base, k), n, dl);
	case KEY_STRLIST: {
		struct config_strlist *l = at(base, k);

		if (n->type != CFG_NODE_SEQ)
			break;
		strlist_clear(l);
		for (size_t i = 0; i < n->nchildren; i++) {
			const struct cfg_node *c = n->children[i];

			if (c->type == CFG_NODE_MAP &&
			    strcmp(k->path, "outputs.eve-log.types") == 0) {
				size_t before = dl->errors;

				if (eve_type_item(cfg, k, c, dl) == -1)
					return -1;
				if (dl->errors > before)
					rc = -1;
				continue;
			}
			if (c->type != CFG_NODE_SCALAR) {
				diag_add(dl, DIAG_ERROR, c->file, c->line,
				    c->col, NULL, "%s: list items must be "
				    "plain values", k->path);
				rc = -1;
				continue;
			}
			if (strcmp(k->path, "outputs.eve-log.types") == 0) {
				char prefix[128];
				int added = eve_type_add(l, k, c->value, c, dl);

				if (added == -1)
					return -1;
				snprintf(prefix, sizeof(prefix), "%s.%s",
				    k->path, c->value);
				if (added == 1)
					eve_type_defaults(cfg, prefix, dl);
				continue;
			}
			if (!strlist_item_ok(k, c->value, c->file, c->line,
			    c->col, dl)) {
				rc = -1;
				continue;
			}
			if (strlist_add(l, c->value) == -1)
				return -1;
		}
		return rc;
	}
	case KEY_QUEUES:
		if (n->type != CFG_NODE_SEQ)
			break;
		cfg->nfq_nqueues = 0;
		for (size_t i = 0; i < n->nchildren; i++) {
			const struct cfg_node *c = n->children[i];

			if (c->type != CFG_NODE_SCALAR ||
			    queues_add(cfg, c->value, c->file, c->line, c->col,
			    k->path, dl) == -1)
				rc = -1;
		}
		return rc;
	case KEY_STRMAP: {
		struct config_strmap *m = at(base, k);

		if (n->type != CFG_NODE_MAP)
			break;
		for (size_t i = 0; i < n->nchildren; i++) {
			const struct cfg_node *c = n->children[i];

			if (c->type != CFG_NODE_SCALAR) {
				diag_add(dl, DIAG_ERROR, c->file, c->line,
				    c->col, c->key, "%s.%s: expected a value",
				    k->path, c->key);
				rc = -1;
				continue;
			}
			if (strmap_set(m, c->key, c->value) == -1)
				return -1;
		}
		return rc;
	}
	default:
		break;
	}
	diag_add(dl, DIAG_ERROR, n->file, n->line, n->col, NULL,
	    "%s: expected %s", k->path,
	    k->type == KEY_STRLIST || k->type == KEY_QUEUES ? "a list" :
	    k->type == KEY_STRMAP ? "a mapping" :
	    k->type == KEY_HTTP_SERVERS ? "a list of personalities" :
	    "a single value");
	return -1;
}

/* When path is a Suricata setting quell does not act on, adds the
 * warning that says why (none when value is the one quell behaves as
 * anyway) and returns true. */
static bool
compat_warn(const char *path, const char *value, const char *file,
    unsigned line, unsigned col, struct diag_list *dl)
{
	const struct config_compat *c = config_compat_find(path);

	if (c == NULL)
		return false;
	if (value != NULL && c->quiet != NULL && strcmp(path, c->path) == 0 &&
	    strcasecmp(value, c->quiet) == 0)
		return true;
	diag_add(dl, DIAG_WARNING, file, line, col, NULL,
	    "%s: Suricata setting ignored: %s", path, c->why);
	return true;
}

/* True when the outputs list item item is an eve-log section. */
static bool
is_eve_item(const struct cfg_node *item)
{
	for (size_t i = 0; i < item->nchildren; i++) {
		char k[32];

		snprintf(k, sizeof(k), "%s", item->children[i]->key);
		normalize_key(k);
		if (strcmp(k, "eve-log") == 0)
			return true;
	}
	return false;
}

static int
walk_entry(struct quell_config *cfg, const struct cfg_node *c,
    const char *prefix, struct diag_list *dl)
{
	char path[256];
	const struct key *k;
	const char *near;

	snprintf(path, sizeof(path), "%s%s%s", prefix, *prefix ? "." : "",
	    c->key);
	normalize_key(path);
	/* Top-level include: is applied by load_root where it stands. */
	if (strcmp(path, "include") == 0)
		return 0;
	if ((k = key_find(path)) != NULL)
		return apply_node(cfg, k, c, dl);
	if (key_is_section(path)) {
		if (c->type == CFG_NODE_MAP)
			return walk_map(cfg, c, path, dl);
		/* suricata.yaml's outputs: a list of one-key mappings. */
		if (c->type == CFG_NODE_SEQ) {
			size_t neve = 0;
			int rc = 0;

			for (size_t i = 0; i < c->nchildren; i++) {
				const struct cfg_node *item = c->children[i];

				if (item->type != CFG_NODE_MAP) {
					diag_add(dl, DIAG_ERROR, item->file,
					    item->line, item->col, NULL,
					    "%s: expected a mapping", path);
					rc = -1;
					continue;
				}
				/* The n-th eve-log of the list is eve[n]. */
				if (strcmp(path, "outputs") == 0 &&
				    is_eve_item(item)) {
					if (neve == CONFIG_MAX_EVE) {
						diag_add(dl, DIAG_ERROR,
						    item->file, item->line,
						    item->col, NULL, "outputs: "
						    "more than %d eve-log "
						    "outputs", CONFIG_MAX_EVE);
						rc = -1;
						continue;
					}
					cfg->eve[neve].list_pos = (int)i;
					cfg->eve_cur = neve++;
					if (cfg->neve < neve)
						cfg->neve = neve;
				}
				if (walk_map(cfg, item, path, dl) == -1)
					rc = -1;
				cfg->eve_cur = 0;
			}
			return rc;
		}
		/* "nfq:" with every key commented out, as suricata.yaml
		 * ships it: an empty section */
		if (c->type == CFG_NODE_SCALAR && (c->value[0] == '\0' ||
		    strcmp(c->value, "~") == 0 || strcmp(c->value, "null") == 0))
			return 0;
		diag_add(dl, DIAG_ERROR, c->file, c->line, c->col, c->value,
		    "%s: expected a section", path);
		return -1;
	}
	if (compat_warn(path, c->type == CFG_NODE_SCALAR ? c->value : NULL,
	    c->file, c->line, c->col, dl))
		return 0;
	if ((near = key_nearest(path)) != NULL)
		diag_add(dl, DIAG_WARNING, c->file, c->line, c->col, NULL,
		    "%s: unknown key ignored; did you mean '%s'?", path, near);
	else
		diag_add(dl, DIAG_WARNING, c->file, c->line, c->col, NULL,
		    "%s: unknown key ignored", path);
	return 0;
}

static int
walk_map(struct quell_config *cfg, const struct cfg_node *map,
    const char *prefix, struct diag_list *dl)
{
	int rc = 0;

	for (size_t i = 0; i < map->nchildren; i++)
		if (walk_entry(cfg, map->children[i], prefix, dl) == -1)
			rc = -1;
	return rc;
}

struct quell_config *
config_new(void)
{
	struct quell_config *cfg = calloc(1, sizeof(*cfg));
	struct diag_list dl;

	if (cfg == NULL)
		return NULL;
	flow_config_default(&cfg->flow);
	stream_config_default(&cfg->stream);
	defrag_config_default(&cfg->defrag);
	bypass_config_default(&cfg->bypass);
	http_config_default(&cfg->http);
	diag_list_init(&dl);
	for (size_t i = 0; i < NKEYS; i++) {
		const struct key *k = key_at(i);

		if (k->def == NULL)
			continue;
		if (!is_eve_key(k)) {
			apply_scalar(cfg, k, k->def, NULL, 0, 0, &dl);
			continue;
		}
		for (cfg->eve_cur = 0; cfg->eve_cur < CONFIG_MAX_EVE;
		    cfg->eve_cur++)
			apply_scalar(cfg, k, k->def, NULL, 0, 0, &dl);
		cfg->eve_cur = 0;
	}
	cfg->neve = 1;
	for (size_t i = 0; i < CONFIG_MAX_EVE; i++)
		cfg->eve[i].list_pos = -1;
	for (size_t i = 0; i < QUELL_NITEMS(default_address_groups); i++)
		strmap_set(&cfg->address_groups, default_address_groups[i].name,
		    default_address_groups[i].value);
	for (size_t i = 0; i < QUELL_NITEMS(default_port_groups); i++)
		strmap_set(&cfg->port_groups, default_port_groups[i].name,
		    default_port_groups[i].value);
	if (dl.errors > 0 || cfg->eve[0].filename == NULL) {
		diag_list_free(&dl);
		config_free(cfg);
		return NULL;
	}
	diag_list_free(&dl);
	return cfg;
}

static void
free_field(void *f, enum key_type type)
{
	switch (type) {
	case KEY_STRING:
	case KEY_CPUS:
	case KEY_ENUM_STR:
		free(*(char **)f);
		*(char **)f = NULL;
		break;
	case KEY_STRLIST:
		strlist_clear(f);
		break;
	case KEY_HTTP_SERVERS:
		http_config_clear(f);
		break;
	case KEY_STRMAP:
		strmap_clear(f);
		break;
	default:
		break;
	}
}

void
config_free(struct quell_config *cfg)
{
	if (cfg == NULL)
		return;
	for (size_t i = 0; i < NKEYS; i++) {
		const struct key *k = key_at(i);

		if (!is_eve_key(k)) {
			free_field(field(cfg, k), k->type);
			continue;
		}
		/* The types.alert.* aliases share their fields (freed with
		 * the keys they alias). */
		if (strncmp(k->path, "outputs.eve-log.types.alert.", 28) == 0 &&
		    strncmp(k->path, "outputs.eve-log.types.alert.xff.", 32) != 0)
			continue;
		for (cfg->eve_cur = 0; cfg->eve_cur < CONFIG_MAX_EVE;
		    cfg->eve_cur++)
			free_field(field(cfg, k), k->type);
	}
	free(cfg);
}

/*
 * include: bounds. Each level multiplies: a file that includes 8 others,
 * 8 levels deep, is 8^8 loads, and `quelld -T` would never finish. So the
 * chain is at most CONFIG_MAX_INCLUDE_DEPTH files deep, at most
 * CONFIG_MAX_INCLUDE_FILES files are included in all (a file included
 * twice counts twice), and a file that includes one of the files that
 * are including it is a cycle, reported with the chain that leads there.
 */
#define CONFIG_MAX_INCLUDE_DEPTH	8
#define CONFIG_MAX_INCLUDE_FILES	64

struct include_level {
	const char	*path;
	dev_t		 dev;		/* identity of a real file, so */
	ino_t		 ino;		/* "./a.yaml" and "a.yaml" are one */
	bool		 have_id;
};

struct include_ctx {
	const struct config_include_reader *reader;	/* NULL: files */
	unsigned	 depth;		/* levels in chain[] */
	unsigned	 nfiles;	/* included so far, the first not counted */
	bool		 capped;	/* nfiles hit the cap: stop, report once */
	struct include_level chain[CONFIG_MAX_INCLUDE_DEPTH + 1];
};

static int load_file(struct quell_config *, struct include_ctx *,
	    const char *, struct diag_list *);

static void
include_identify(const struct include_ctx *ic, struct include_level *lv,
    const char *path)
{
	struct stat st;

	lv->path = path;
	lv->have_id = false;
	if (ic->reader == NULL && stat(path, &st) == 0) {
		lv->dev = st.st_dev;
		lv->ino = st.st_ino;
		lv->have_id = true;
	}
}

static bool
include_same(const struct include_level *a, const struct include_level *b)
{
	if (a->have_id && b->have_id)
		return a->dev == b->dev && a->ino == b->ino;
	return strcmp(a->path, b->path) == 0;
}

/* Appends s to buf (len bytes, at *off), cutting what does not fit. */
static void
include_append(char *buf, size_t len, size_t *off, const char *s)
{
	size_t n = strlen(s);

	if (*off + 1 >= len)
		return;
	if (n > len - *off - 1)
		n = len - *off - 1;
	memcpy(buf + *off, s, n);
	*off += n;
	buf[*off] = '\0';
}

/* "a.yaml -> b.yaml -> a.yaml": the chain from chain[from] to path. */
static void
include_chain(const struct include_ctx *ic, unsigned from, const char *path,
    char *buf, size_t len)
{
	size_t off = 0;

	buf[0] = '\0';
	for (unsigned i = from; i < ic->depth; i++) {
		include_append(buf, len, &off, ic->chain[i].path);
		include_append(buf, len, &off, " -> ");
	}
	include_append(buf, len, &off, path);
}

static int
load_include(struct quell_config *cfg, struct include_ctx *ic,
    const char *from, const struct cfg_node *n, struct diag_list *dl)
{
	char path[4096], chain[1024];
	struct include_level lv;
	const char *slash;
	int plen;

	/* Past the file cap, one error was enough. */
	if (ic->capped)
		return -1;
	if (n->type != CFG_NODE_SCALAR || n->value[0] == '\0') {
		diag_add(dl, DIAG_ERROR, n->file, n->line, n->col, NULL,
		    "include: expected a file name or a list of them");
		return -1;
	}
	/* Relative names are relative to the including file. */
	slash = strrchr(from, '/');
	if (n->value[0] == '/' || slash == NULL)
		plen = snprintf(path, sizeof(path), "%s", n->value);
	else
		plen = snprintf(path, sizeof(path), "%.*s/%s",
		    (int)(slash - from), from, n->value);
	/* Cut short, it would name another file. */
	if (plen < 0 || (size_t)plen >= sizeof(path)) {
		diag_add(dl, DIAG_ERROR, n->file, n->line, n->col, NULL,
		    "include: file name longer than %zu bytes",
		    sizeof(path) - 1);
		return -1;
	}
	include_identify(ic, &lv, path);
	for (unsigned i = 0; i < ic->depth; i++) {
		if (!include_same(&ic->chain[i], &lv))
			continue;
		include_chain(ic, i, path, chain, sizeof(chain));
		diag_add(dl, DIAG_ERROR, n->file, n->line, n->col, NULL,
		    "include: cycle: %s", chain);
		return -1;
	}
	if (ic->depth > CONFIG_MAX_INCLUDE_DEPTH) {
		diag_add(dl, DIAG_ERROR, n->file, n->line, n->col, n->value,
		    "include: more than %d levels", CONFIG_MAX_INCLUDE_DEPTH);
		return -1;
	}
	if (ic->nfiles >= CONFIG_MAX_INCLUDE_FILES) {
		ic->capped = true;
		diag_add(dl, DIAG_ERROR, n->file, n->line, n->col, n->value,
		    "include: more than %d files in all",
		    CONFIG_MAX_INCLUDE_FILES);
		return -1;
	}
	ic->nfiles++;
	return load_file(cfg, ic, path, dl);
}

/* Applies root (from path, owned here) top to bottom. As in Suricata
 * (its docs: "the contents of the include file are inlined at the level
 * of the include statement"), an include: is applied where it stands:
 * keys after it override the included files, keys before it are
 * overridden by them. */
static int
load_root(struct quell_config *cfg, struct include_ctx *ic,
    const char *path, struct cfg_node *root, struct diag_list *dl)
{
	int rc = 0;

	if (root == NULL)
		return -1;
	include_identify(ic, &ic->chain[ic->depth], root->file);
	ic->depth++;
	for (size_t i = 0; i < root->nchildren; i++) {
		const struct cfg_node *c = root->children[i];

		if (strcmp(c->key, "include") != 0) {
			if (walk_entry(cfg, c, "", dl) == -1)
				rc = -1;
			continue;
		}
		if (ic->capped)
			continue;
		if (c->type == CFG_NODE_SEQ) {
			for (size_t j = 0; j < c->nchildren; j++)
				if (load_include(cfg, ic, path, c->children[j],
				    dl) == -1)
					rc = -1;
		} else if (load_include(cfg, ic, path, c, dl) == -1)
			rc = -1;
	}
	ic->depth--;
	config_yaml_free(root);
	return rc;
}

static int
load_file(struct quell_config *cfg, struct include_ctx *ic, const char *path,
    struct diag_list *dl)
{
	struct cfg_node *root;
	size_t len;
	const char *text;

	if (ic->reader == NULL)
		root = config_yaml_load_file(path, dl);
	else if ((text = ic->reader->text(ic->reader->ctx, path, &len)) ==
	    NULL) {
		diag_add(dl, DIAG_ERROR, path, 0, 0, NULL, "cannot open: %s",
		    strerror(ENOENT));
		return -1;
	} else
		root = config_yaml_load_string(path, text, len, dl);
	return load_root(cfg, ic, path, root, dl);
}

int
config_load_file(struct quell_config *cfg, const char *path,
    struct diag_list *dl)
{
	struct include_ctx ic = { .reader = NULL };

	return load_file(cfg, &ic, path, dl);
}

int
config_load_string(struct quell_config *cfg, const char *name,
    const char *text, struct diag_list *dl)
{
	struct cfg_node *root;
	int rc;

	/* No file system behind a string: include: is not followed. */
	if ((root = config_yaml_load_string(name, text, strlen(text),
	    dl)) == NULL)
		return -1;
	rc = walk_map(cfg, root, "", dl);
	config_yaml_free(root);
	return rc;
}

int
config_load_reader(struct quell_config *cfg, const char *name,
    const struct config_include_reader *reader, struct diag_list *dl)
{
	struct include_ctx ic = { .reader = reader };

	return load_file(cfg, &ic, name, dl);
}

/* Suricata's --set outputs.N.eve-log.KEY: N counts the outputs list's
 * items, so the eve-log section is the one read from item N; 0 (the
 * first) when no section came from there. */
static size_t
set_eve_section(const struct quell_config *cfg, const char *path)
{
	const char *end;
	unsigned long n;

	if (strncmp(path, "outputs.", 8) != 0 || path[8] < '0' ||
	    path[8] > '9')
		return 0;
	n = strtoul(path + 8, (char **)&end, 10);
	if (strncmp(end, ".eve-log.", 9) != 0 &&
	    strncmp(end, ".eve_log.", 9) != 0)
		return 0;
	for (size_t i = 0; i < cfg->neve; i++)
		if (cfg->eve[i].list_pos >= 0 &&
		    (unsigned long)cfg->eve[i].list_pos == n)
			return i;
	return 0;
}

int
config_set(struct quell_config *cfg, const char *assignment,
    struct diag_list *dl)
{
	char path[256];
	const char *eq = strchr(assignment, '=');
	const struct key *k;
	const char *near;
	size_t len, eve;

	if (eq == NULL || eq == assignment ||
	    (len = (size_t)(eq - assignment)) >= sizeof(path)) {
		diag_add(dl, DIAG_ERROR, "--set", 0, 0, assignment,
		    "expected key=value");
		return -1;
	}
	memcpy(path, assignment, len);
	path[len] = '\0';
	eve = set_eve_section(cfg, path);
	normalize_key(path);
	/* vars.address-groups.NAME=value sets one group. */
	if (strncmp(path, "vars.address-groups.", 20) == 0 ||
	    strncmp(path, "vars.port-groups.", 17) == 0) {
		bool addr = path[5] == 'a';
		const char *name = assignment + (addr ? 20 : 17);
		char nbuf[128];
		size_t nlen = (size_t)(eq - name);

		if (nlen == 0 || nlen >= sizeof(nbuf))
			goto unknown;
		memcpy(nbuf, name, nlen);
		nbuf[nlen] = '\0';
		return strmap_set(addr ? &cfg->address_groups :
		    &cfg->port_groups, nbuf, eq + 1);
	}
	/* outputs.eve-log[N].key=value: the N-th eve-log (from 0), as
	 * --dump-config names it. */
	if (strncmp(path, "outputs.eve-log[", 16) == 0) {
		char *end;
		unsigned long n = strtoul(path + 16, &end, 10);
		int rc;

		if (end == path + 16 || end[0] != ']' || end[1] != '.' ||
		    n >= CONFIG_MAX_EVE) {
			diag_add(dl, DIAG_ERROR, "--set", 0, 0, NULL,
			    "%s: outputs.eve-log[N]: N is 0..%d", path,
			    CONFIG_MAX_EVE - 1);
			return -1;
		}
		memmove(path + 15, end + 1, strlen(end + 1) + 1);
		if ((k = key_find(path)) == NULL || !is_eve_key(k))
			goto unknown;
		cfg->eve_cur = n;
		if (cfg->neve <= n)
			cfg->neve = n + 1;
		rc = apply_scalar(cfg, k, eq + 1, "--set", 0, 0, dl);
		cfg->eve_cur = 0;
		return rc;
	}
	if ((k = key_find(path)) != NULL && is_eve_key(k) && eve != 0) {
		int rc;

		cfg->eve_cur = eve;
		rc = apply_scalar(cfg, k, eq + 1, "--set", 0, 0, dl);
		cfg->eve_cur = 0;
		return rc;
	}
	if (k != NULL)
		return apply_scalar(cfg, k, eq + 1, "--set", 0, 0, dl);
unknown:
	/* As in a file: a key quell does not know is a warning, so a
	 * Suricata command line runs with what quell has. */
	if (compat_warn(path, eq + 1, "--set", 0, 0, dl))
		return 0;
	if ((near = key_nearest(path)) != NULL)
		diag_add(dl, DIAG_WARNING, "--set", 0, 0, NULL,
		    "%s: unknown key ignored; did you mean '%s'?", path, near);
	else
		diag_add(dl, DIAG_WARNING, "--set", 0, 0, NULL,
		    "%s: unknown key ignored", path);
	return 0;
}

int
config_add_queues(struct quell_config *cfg, const char *spec,
    struct diag_list *dl)
{
	return queues_add(cfg, spec, NULL, 0, 0, "-q", dl);
}

static void
check_log_name(struct diag_list *dl, const char *key, const char *name)
{
	if (name[0] == '\0' || strchr(name, '/') != NULL ||
	    strcmp(name, "..") == 0)
		diag_add(dl, DIAG_ERROR, NULL, 0, 0, name, "%s: must be a plain "
		    "file name inside the log directory", key);
}

/* One eve-log section: its file or socket, and that no two regular
 * ones write the same file. */
static void
check_eve(const struct quell_config *cfg, size_t i, struct diag_list *dl)
{
	const struct config_eve *e = &cfg->eve[i];
	char key[96];

	if (!e->enabled)
		return;
	if (i == 0)
		snprintf(key, sizeof(key), "outputs.eve-log.filename");
	else
		snprintf(key, sizeof(key), "outputs.eve-log[%zu].filename", i);
	if (strcmp(e->filetype, "regular") == 0 ||
	    strcmp(e->filetype, "file") == 0) {
		check_log_name(dl, key, e->filename);
		for (size_t j = 0; j < i; j++) {
			const struct config_eve *o = &cfg->eve[j];

			char other[32] = "";

			if (j > 0)
				snprintf(other, sizeof(other), "[%zu]", j);
			if (o->enabled && (strcmp(o->filetype, "regular") == 0 ||
			    strcmp(o->filetype, "file") == 0) &&
			    strcmp(o->filename, e->filename) == 0)
				diag_add(dl, DIAG_ERROR, NULL, 0, 0,
				    e->filename, "%s: outputs.eve-log%s writes "
				    "this file already; give each its own "
				    "filename", key, other);
		}
	} else if ((strcmp(e->filetype, "unix_stream") == 0 ||
	    strcmp(e->filetype, "unix_dgram") == 0) && e->filename[0] == '\0')
		diag_add(dl, DIAG_ERROR, NULL, 0, 0, NULL, "%s: the socket to "
		    "write to is required with filetype %s", key, e->filetype);
#ifndef HAVE_HIREDIS
	if (strcmp(e->filetype, "redis") == 0)
		diag_add(dl, DIAG_ERROR, NULL, 0, 0, "redis",
		    "outputs.eve-log.filetype: this quelld was built without "
		    "hiredis (install libhiredis-dev and rebuild)");
#endif
}

/* host-os-policy blocks must be addresses or CIDR blocks; the midstream
 * policy acts on whole flows, and with midstream on only pass-flow or
 * ignore make sense (as Suricata checks). */
static void
check_stream(const struct quell_config *cfg, struct diag_list *dl)
{
	struct stream_hostos *h = stream_hostos_new(STREAM_OS_DEFAULT);
	const char *mp = cfg->exception_policies[EXCEPTION_CAUSE_MIDSTREAM];

	for (int pol = 0; h != NULL && pol < STREAM_OS_NPOLICIES; pol++) {
		const struct config_strlist *l = &cfg->host_os_policy[pol];

		for (size_t i = 0; i < l->count; i++)
			if (stream_hostos_add(h, l->items[i],
			    (enum stream_os_policy)pol) == -1)
				diag_add(dl, DIAG_ERROR, NULL, 0, 0,
				    l->items[i], "host-os-policy.%s: \"%s\" is "
				    "not an address or CIDR block",
				    stream_policy_name((enum stream_os_policy)pol),
				    l->items[i]);
	}
	stream_hostos_free(h);
	if (mp != NULL && (strcmp(mp, "drop-packet") == 0 ||
	    strcmp(mp, "pass-packet") == 0))
		diag_add(dl, DIAG_ERROR, NULL, 0, 0, mp,
		    "stream.midstream-policy: %s is not valid (the policy "
		    "applies to whole flows)", mp);
	/* Suricata 7 says so (an init error: fatal only with
	 * --init-errors-fatal) and applies the policy to the sessions it
	 * picks up midstream; so does quell */
	else if (mp != NULL && cfg->flow.midstream &&
	    strcmp(mp, "pass-flow") != 0 && strcmp(mp, "ignore") != 0 &&
	    strcmp(mp, "auto") != 0)
		diag_add(dl, DIAG_WARNING, NULL, 0, 0, mp,
		    "stream.midstream-policy: %s is not one of Suricata's "
		    "policies with stream.midstream on (pass-flow or ignore); "
		    "it applies to the sessions picked up midstream", mp);
}

int
config_validate(const struct quell_config *cfg, struct diag_list *dl)
{
	size_t before = dl->errors;

	if (cfg->nfq_mode == CONFIG_NFQ_MODE_REPEAT &&
	    cfg->nfq_repeat_mark == 0)
		diag_add(dl, DIAG_ERROR, NULL, 0, 0, NULL,
		    "nfq.repeat-mark: required (non-zero) when nfq.mode is "
		    "repeat");
	if (cfg->nfq_mode == CONFIG_NFQ_MODE_REPEAT &&
	    (cfg->nfq_repeat_mark & ~cfg->nfq_repeat_mask) != 0)
		diag_add(dl, DIAG_ERROR, NULL, 0, 0, NULL,
		    "nfq.repeat-mark: 0x%x has bits outside nfq.repeat-mask "
		    "0x%x", cfg->nfq_repeat_mark, cfg->nfq_repeat_mask);
	if (cfg->nfq_mode == CONFIG_NFQ_MODE_REPEAT &&
	    (cfg->nfq_repeat_mask & cfg->nfq_bypass_mask) != 0)
		diag_add(dl, DIAG_ERROR, NULL, 0, 0, NULL,
		    "nfq.repeat-mask 0x%x overlaps nfq.bypass-mask 0x%x",
		    cfg->nfq_repeat_mask, cfg->nfq_bypass_mask);
	if ((cfg->nfq_bypass_mark & ~cfg->nfq_bypass_mask) != 0)
		diag_add(dl, DIAG_ERROR, NULL, 0, 0, NULL,
		    "nfq.bypass-mark: 0x%x has bits outside nfq.bypass-mask "
		    "0x%x", cfg->nfq_bypass_mark, cfg->nfq_bypass_mask);
	{
		const char *why = flow_config_check(&cfg->flow);

		if (why != NULL)
			diag_add(dl, DIAG_ERROR, NULL, 0, 0, NULL, "%s", why);
	}
	{
		struct decode_config dc;

		(void)config_decode(cfg, &dc, dl);
	}
	{
		struct defrag_config dc;
		struct defrag_hosts *h = NULL;

		if (config_defrag(cfg, 1, &dc, &h, NULL) == 0) {
			const char *why = defrag_config_check(&dc);

			if (why != NULL)
				diag_add(dl, DIAG_ERROR, NULL, 0, 0, NULL, "%s",
				    why);
		}
		defrag_hosts_free(h);
	}
	/* Suricata: the limit of oob cannot be oob */
	if (cfg->stream.urgent_oob_limit == STREAM_URGENT_OOB)
		diag_add(dl, DIAG_ERROR, NULL, 0, 0, NULL,
		    "stream.reassembly.urgent.oob-limit-policy: not one of "
		    "inline, drop, gap");
	/* Suricata falls back to 15 for 0 (and takes up to 65535) */
	if (cfg->packet_alert_max == 0)
		diag_add(dl, DIAG_WARNING, NULL, 0, 0, NULL, "packet-alert-max: "
		    "0 is not valid, the default 15 applies");
	else if (cfg->packet_alert_max > CONFIG_ALERTS_MAX)
		diag_add(dl, DIAG_WARNING, NULL, 0, 0, NULL, "packet-alert-max: "
		    "%u alerts per packet: quell keeps at most %d",
		    cfg->packet_alert_max, CONFIG_ALERTS_MAX);
	for (size_t i = 0; i < cfg->neve; i++)
		check_eve(cfg, i, dl);
	check_stream(cfg, dl);
	check_log_name(dl, "outputs.fast.filename", cfg->fast_filename);
	check_log_name(dl, "outputs.stats.filename", cfg->statslog_filename);
	return dl->errors > before ? -1 : 0;
}

/* A decoder.<proto>.ports value: a port list or one $PORT_GROUP of
 * vars.port-groups (one level, as Suricata resolves it here). */
static int
decode_ports(const struct quell_config *cfg, const char *key, const char *v,
    bool any_ok, struct decode_ports *out, struct diag_list *dl)
{
	const char *val = v;

	if (v != NULL && v[0] == '$') {
		val = config_strmap_get(&cfg->port_groups, v + 1);
		if (val == NULL) {
			if (dl != NULL)
				diag_add(dl, DIAG_ERROR, NULL, 0, 0, NULL,
				    "%s: unknown port group '%s'", key, v);
			return -1;
		}
	}
	if (val == NULL || decode_config_ports_parse(out, val) == -1 ||
	    (out->any && !any_ok)) {
		if (dl != NULL)
			diag_add(dl, DIAG_ERROR, NULL, 0, 0, NULL,
			    "%s: '%s' is not a port list (\"4789\", "
			    "\"[4789, 8472]\"%s)", key, val != NULL ? val : "",
			    any_ok ? " or \"any\"" : "");
		return -1;
	}
	return 0;
}

int
config_decode(const struct quell_config *cfg, struct decode_config *out,
    struct diag_list *dl)
{
	int rc = 0;

	*out = cfg->decode;
	if (decode_ports(cfg, "decoder.teredo.ports", cfg->decode_teredo_ports,
	    true, &out->teredo, dl) == -1)
		rc = -1;
	if (decode_ports(cfg, "decoder.vxlan.ports", cfg->decode_vxlan_ports,
	    false, &out->vxlan, dl) == -1)
		rc = -1;
	if (decode_ports(cfg, "decoder.geneve.ports", cfg->decode_geneve_ports,
	    false, &out->geneve, dl) == -1)
		rc = -1;
	out->teredo.enabled = cfg->decode.teredo.enabled;
	out->vxlan.enabled = cfg->decode.vxlan.enabled;
	out->geneve.enabled = cfg->decode.geneve.enabled;
	/* As Suricata 7, which logs the same and decodes type I anyway. */
	if (!cfg->decode.erspan_type1 && dl != NULL)
		diag_add(dl, DIAG_WARNING, NULL, 0, 0, NULL,
		    "decoder.erspan.typeI.enabled: ERSPAN type I is no longer "
		    "configurable and always decoded; ignored");
	out->erspan_type1 = true;
	return rc;
}

int
config_defrag(const struct quell_config *cfg, unsigned nsources,
    struct defrag_config *out, struct defrag_hosts **hosts,
    struct diag_list *dl)
{
	struct defrag_hosts *h;
	int rc = 0;

	*hosts = NULL;
	*out = cfg->defrag;
	defrag_config_per_instance(out, nsources);
	/* An address in no block: bsd, Suricata's default policy. */
	if ((h = defrag_hosts_new(DEFRAG_POLICY_BSD)) == NULL) {
		if (dl != NULL)
			diag_add(dl, DIAG_ERROR, NULL, 0, 0, NULL,
			    "host-os-policy: out of memory");
		return -1;
	}
	/* the same host-os-policy lists as the stream engine's, by name */
	for (int i = 0; i < STREAM_OS_NPOLICIES; i++) {
		const struct config_strlist *l = &cfg->host_os_policy[i];
		const char *name = stream_policy_name((enum stream_os_policy)i);
		int pol = defrag_policy_lookup(name);

		for (size_t j = 0; j < l->count; j++) {
			if (defrag_hosts_add(h, l->items[j],
			    (enum defrag_policy)pol) == 0)
				continue;
			if (dl != NULL)
				diag_add(dl, DIAG_ERROR, NULL, 0, 0, NULL,
				    "host-os-policy.%s: \"%s\" is "
				    "not an address or CIDR block", name,
				    l->items[j]);
			rc = -1;
		}
	}
	if (rc == -1) {
		defrag_hosts_free(h);
		return -1;
	}
	out->hosts = h;
	*hosts = h;
	return 0;
}

bool
config_eve_type_enabled(const struct quell_config *cfg, const char *type)
{
	for (size_t i = 0; i < cfg->neve; i++) {
		const struct config_eve *e = &cfg->eve[i];

		if (!e->enabled)
			continue;
		if (strcmp(type, "anomaly") == 0 && !e->anomaly_enabled)
			continue;
		for (size_t j = 0; j < e->types.count; j++)
			if (strcmp(e->types.items[j], type) == 0)
				return true;
	}
	return false;
}

static const char *
key_type_name(const struct key *k)
{
	switch (k->type) {
	case KEY_BOOL:
		return "bool";
	case KEY_UINT:
		return "number";
	case KEY_U32:
		return "32-bit number";
	case KEY_STRING:
		return "string";
	case KEY_ENUM:
	case KEY_ENUM_STR:
	case KEY_ENUM_CI:
		return "one of";
	case KEY_TRIBOOL:
		return "bool (unset: libhtp's default)";
	case KEY_HTTP_SERVERS:
		return "list of server personalities";
	case KEY_STRLIST:
		return "list";
	case KEY_STRMAP:
		return "mapping";
	case KEY_QUEUES:
		return "queue list";
	case KEY_THREADS:
		return "auto or number";
	case KEY_CPUS:
		return "CPU list";
	case KEY_SIZE:
		return "size";
	}
	return "?";
}

size_t
config_key_count(void)
{
	return NKEYS;
}

const char *
config_key_at(size_t i, const char **type, const char **def)
{
	if (i >= NKEYS)
		return NULL;
	if (type != NULL)
		*type = key_type_name(key_at(i));
	if (def != NULL)
		*def = key_at(i)->def;
	return key_at(i)->path;
}

static void dump_key(const struct quell_config *, const struct key *,
	    size_t, const char *, FILE *);

void
config_dump(const struct quell_config *cfg, FILE *fp)
{
	for (size_t i = 0; i < NKEYS; i++) {
		const struct key *k = key_at(i);
		char path[128];

		if (!is_eve_key(k)) {
			dump_key(cfg, k, 0, k->path, fp);
			continue;
		}
		if (k->def == NULL)
			continue;
		/* outputs.eve-log.X for the first, outputs.eve-log[N].X
		 * for the others, as --set takes them. */
		for (size_t e = 0; e < cfg->neve; e++) {
			if (e == 0)
				snprintf(path, sizeof(path), "%s", k->path);
			else
				snprintf(path, sizeof(path),
				    "outputs.eve-log[%zu]%s", e,
				    k->path + strlen("outputs.eve-log"));
			dump_key(cfg, k, e, path, fp);
		}
	}
}

static void
dump_key(const struct quell_config *cfg, const struct key *k, size_t eve,
    const char *path, FILE *fp)
{
	const void *f = cfield(cfg, k, eve);

	fprintf(fp, "%s:", path);
	switch (k->type) {
	case KEY_BOOL:
		fprintf(fp, " %s\n", *(const bool *)f ? "yes" : "no");
		break;
	case KEY_UINT:
		fprintf(fp, " %u\n", *(const unsigned *)f);
		break;
	case KEY_THREADS:
		if (*(const unsigned *)f == 0)
			fprintf(fp, " auto\n");
		else
			fprintf(fp, " %u\n", *(const unsigned *)f);
		break;
	case KEY_U32:
		fprintf(fp, " 0x%x\n", *(const uint32_t *)f);
		break;
	case KEY_SIZE:
		fprintf(fp, " %llu\n",
		    (unsigned long long)*(const uint64_t *)f);
		break;
	case KEY_STRING:
	case KEY_CPUS:
	case KEY_ENUM_STR:
		if (*(char *const *)f == NULL)
			fprintf(fp, " ~\n");
		else
			fprintf(fp, " \"%s\"\n", *(char *const *)f);
		break;
	case KEY_ENUM:
	case KEY_ENUM_CI:
		if (*(const int *)f < 0)
			fprintf(fp, " ~\n");
		else
			fprintf(fp, " %s\n", k->names[*(const int *)f]);
		break;
	case KEY_TRIBOOL:
		fprintf(fp, " %s\n", *(const int8_t *)f < 0 ? "~" :
		    *(const int8_t *)f ? "yes" : "no");
		break;
	case KEY_HTTP_SERVERS: {
		const struct http_config *hc = f;

		fprintf(fp, "\n");
		for (size_t j = 0; j < hc->nservers; j++)
			fprintf(fp, "  - %s: personality %s, %zu address(es), "
			    "request-body-limit %llu, response-body-limit "
			    "%llu\n", hc->servers[j].name,
			    http_config_personalities[
			    hc->servers[j].s.personality],
			    hc->servers[j].nprefixes, (unsigned long long)
			    hc->servers[j].s.request_body_limit,
			    (unsigned long long)
			    hc->servers[j].s.response_body_limit);
		break;
	}
	case KEY_STRLIST: {
		const struct config_strlist *l = f;

		fprintf(fp, " [");
		for (size_t j = 0; j < l->count; j++)
			fprintf(fp, "%s\"%s\"", j ? ", " : "",
			    l->items[j]);
		fprintf(fp, "]\n");
		break;
	}
	case KEY_QUEUES:
		fprintf(fp, " [");
		for (size_t j = 0; j < cfg->nfq_nqueues; j++)
			fprintf(fp, "%s%u", j ? ", " : "",
			    cfg->nfq_queues[j]);
		fprintf(fp, "]\n");
		break;
	case KEY_STRMAP: {
		const struct config_strmap *m = f;

		fprintf(fp, "\n");
		for (size_t j = 0; j < m->count; j++)
			fprintf(fp, "  %s: \"%s\"\n", m->items[j].name,
			    m->items[j].value);
		break;
	}
	}
}
