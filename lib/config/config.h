/* The typed, validated configuration. Every key has a default, so an
 * empty file (or none) is a complete configuration. Key names follow
 * suricata.yaml; '_' and '-' are interchangeable in every key. */
#ifndef QUELL_CONFIG_CONFIG_H
#define QUELL_CONFIG_CONFIG_H

#include "core/base.h"
#include "core/diag.h"
#include "applayer/http/config.h"
#include "bypass/config.h"
#include "core/exception.h"
#include "decode/config.h"
#include "defrag/defrag.h"
#include "flow/config.h"
#include "stream/config.h"
#include "stream/policy.h"

#include <stdio.h>

#define CONFIG_MAX_QUEUES	64
#define CONFIG_ALERTS_MAX	64	/* packet-alert-max at most */

enum config_nfq_mode {
	CONFIG_NFQ_MODE_ACCEPT,
	CONFIG_NFQ_MODE_REPEAT,
	CONFIG_NFQ_MODE_ROUTE,
};

/* Suricata's runmodes, as quell maps them: single runs one worker;
 * autofp and workers both run quell's threads (a reader per queue, flows
 * pinned to workers by hash), which is Suricata's autofp. */
enum config_runmode {
	CONFIG_RUNMODE_AUTOFP,
	CONFIG_RUNMODE_SINGLE,
	CONFIG_RUNMODE_WORKERS,
};

/* outputs.eve-log.types.drop.flows */
enum config_drop_flows {
	CONFIG_DROP_FLOWS_START,	/* the first drop of each flow direction */
	CONFIG_DROP_FLOWS_ALL,		/* every dropped packet */
};

enum config_fail_policy {
	CONFIG_FAIL_ACCEPT,
	CONFIG_FAIL_DROP,
};

/* app-layer.protocols.tls.encryption-handling (suricata.yaml), in the
 * order of enum applayer_tls_encryption (lib/applayer/tls/tls.h) */
enum config_tls_encryption {
	CONFIG_TLS_ENC_DEFAULT,
	CONFIG_TLS_ENC_BYPASS,
	CONFIG_TLS_ENC_FULL,
};

/* app-layer.protocols.<proto> blocks quell reads, in the order of
 * enum config_app_slot: the general ones and DNS's per IP protocol
 * (suricata.yaml's dns.tcp, dns.udp), which win over dns.* */
enum config_app_slot {
	CONFIG_APP_HTTP,
	CONFIG_APP_TLS,
	CONFIG_APP_DNS,
	CONFIG_APP_SSH,
	CONFIG_APP_DNS_TCP,
	CONFIG_APP_DNS_UDP,
	CONFIG_APP_HTTP2,	/* accepted for suricata.yaml's sake: quell
				 * has no HTTP/2 parser, the keys do nothing */
	CONFIG_APP_SMB,		/* detected only */
	CONFIG_APP_DCERPC,	/* detected only */
	CONFIG_APP_NSLOTS,
};

/* One app-layer.protocols.<proto> block, as written (NULL: not set,
 * the next more general block or the default applies). */
struct config_app_proto {
	char		*enabled;	/* "yes" "no" "detection-only" ... */
	char		*dp;		/* detection-ports.dp: port list */
	char		*sp;		/* detection-ports.sp */
};

struct config_strlist {
	char		**items;
	size_t		  count;
};

struct config_pair {
	char		*name;
	char		*value;
};

struct config_strmap {
	struct config_pair *items;
	size_t		  count;
};

/* eve-log outputs at once: suricata.yaml's outputs list may hold
 * several, each with its own filetype and types. */
#define CONFIG_MAX_EVE		8

/* One outputs[].eve-log section. */
struct config_eve {
	bool		 enabled;
	char		*filetype;	/* regular, syslog, unix_stream, unix_dgram, redis */
	char		*filename;	/* file, or socket for unix_* */
	struct config_strlist types;

	bool		 payload;		/* payload (base64) in alerts */
	bool		 payload_printable;
	bool		 packet;		/* whole packet (base64) */
	bool		 rule_metadata;		/* alert.metadata of the rule */
	bool		 flow_metadata;		/* flowbits, flowints in events */
	bool		 verdict;		/* alert "verdict" object (default
						 * yes; Suricata's is no) */
	bool		 drop_verdict;		/* drop "verdict" object */
	bool		 drop_alerts;		/* drop events carry the alert */
	int		 drop_flows;		/* enum config_drop_flows */
	bool		 ethernet;		/* "ether" MACs when known */
	bool		 pcap_file;		/* offline: "pcap_filename" */
	bool		 tagged_packets;	/* "packet" events for tags */
	bool		 flow_exceptions;	/* flow.exception_policy */
	/* types.anomaly: enabled, types.{decode,stream,applayer}, packethdr */
	bool		 anomaly_enabled;
	bool		 anomaly_decode;
	bool		 anomaly_stream;
	bool		 anomaly_applayer;
	bool		 anomaly_packethdr;
	/* X-Forwarded-For: eve-log.xff (http records' fallback),
	 * types.alert.xff and types.http.xff (each its logger's own) */
	struct config_xff {
		bool	 enabled;
		int	 mode;		/* 0 extra-data, 1 overwrite */
		int	 deployment;	/* 0 reverse, 1 forward */
		char	*header;
	}		 xff, alert_xff, http_xff;

	/* types.http: extended fields, header dumps ("both", "request",
	 * "response" or NULL), custom header fields */
	bool		 http_extended;
	char		*http_dump_headers;
	struct config_strlist http_custom;
	/* types.files: digests (md5, sha1, sha256) computed and logged for
	 * every file, and libmagic's description logged, whatever the rules
	 * ask (Suricata's FileForceHashParseCfg, force-magic) */
	struct config_strlist files_force_hash;
	bool		 files_force_magic;

	char		*identity;		/* syslog */
	char		*facility;
	char		*level;
	char		*syslog_socket;

	char		*redis_server;
	unsigned	 redis_port;
	char		*redis_mode;
	char		*redis_key;
	bool		 redis_async;		/* accepted; quell is always async */
	bool		 redis_pipelining;
	unsigned	 redis_batch_size;
	unsigned	 redis_stream_maxlen;
	bool		 redis_stream_trim_exact;

	unsigned	 timeout_ms;		/* socket sinks */
	unsigned	 reconnect_min_ms;
	unsigned	 reconnect_max_ms;
	unsigned	 buffer_lines;		/* ring slots per producer */
	unsigned	 dns_version;		/* types.dns.version: 2, 3 */

	int		 list_pos;	/* item of suricata.yaml's outputs list
					 * it was read from, -1 (config_set's
					 * outputs.N.eve-log) */
};

struct quell_config {
	char		*default_log_dir;
	char		*default_rule_path;
	char		*classification_file;	/* relative: to the config's dir */
	char		*reference_file;
	char		*mpm_algo;		/* auto, hs, ac */
	char		*spm_algo;		/* auto, bm, hs: unused */
	bool		 detect_guess_tx;	/* detect.guess-applayer-tx */
	int		 detect_profile;	/* 0 low, 1 medium, 2 high,
						 * 3 custom (enum detect_profile) */
	unsigned	 detect_toclient_groups; /* custom-values */
	unsigned	 detect_toserver_groups;
	int		 detect_mpm_context;	/* 0 auto, 1 single, 2 full
						 * (enum detect_mpm_context) */
	unsigned	 detect_build_threads;	/* 0: the online CPUs */
	struct config_strlist action_order;
	struct config_strlist rule_files;
	struct config_strmap address_groups;
	struct config_strmap port_groups;

	/* eve[0] is the first outputs[].eve-log (the only one a file
	 * without an outputs list has); neve counts those configured. */
	struct config_eve eve[CONFIG_MAX_EVE];
	size_t		 neve;
	size_t		 eve_cur;		/* parsing: the section at hand */

	bool		 fast_enabled;
	char		*fast_filename;
	bool		 statslog_enabled;
	char		*statslog_filename;

	bool		 stats_enabled;
	bool		 stats_decoder_events; /* decoder.event.* in stats */
	bool		 stats_stream_events; /* stream.* event counters too */
	unsigned	 stats_interval;	/* seconds */

	enum config_nfq_mode nfq_mode;
	uint32_t	 nfq_repeat_mark;
	uint32_t	 nfq_repeat_mask;
	unsigned	 nfq_route_queue;
	bool		 nfq_route_bypass;
	uint32_t	 nfq_bypass_mark;
	uint32_t	 nfq_bypass_mask;
	bool		 nfq_fail_open;
	unsigned	 nfq_queue_maxlen;
	unsigned	 nfq_socket_rcvbuf;	/* bytes */
	enum config_fail_policy nfq_ring_full;
	uint16_t	 nfq_queues[CONFIG_MAX_QUEUES];
	size_t		 nfq_nqueues;

	struct flow_table_config flow;	/* whole process; split per worker */
	/* decoder.*: switches here, ports as written (config_decode) */
	struct decode_config decode;
	char		*decode_teredo_ports;
	char		*decode_vxlan_ports;
	char		*decode_geneve_ports;
	struct stream_config stream;	/* whole process; split per worker */
	/* host-os-policy.<name>: address blocks per overlap policy */
	struct config_strlist host_os_policy[STREAM_OS_NPOLICIES];
	char		*exception_policy;	/* master switch */
	/* per cause (core/exception.h); NULL: the master's */
	char		*exception_policies[EXCEPTION_NCAUSES];
	struct bypass_config bypass;	/* mark/mask from nfq_bypass_* */
	struct http_config http;	/* app-layer.protocols.http.libhtp */
	struct defrag_config defrag;	/* defrag.*, whole process (split per
					   packet source); hosts unset: from
					   host_os_policy (config_defrag) */

	enum config_tls_encryption tls_encryption;
	struct config_app_proto app_protos[CONFIG_APP_NSLOTS];
	bool		 ssh_hassh;	/* app-layer.protocols.ssh.hassh */

	unsigned	 detect_threads;	/* 0 = auto */
	char		*reader_cpus;		/* CPU list "0-3,6"; empty: no pinning */
	char		*worker_cpus;

	int		 runmode;		/* enum config_runmode */
	char		*sensor_name;		/* eve "host"; "" none */
	unsigned	 packet_alert_max;	/* alerts kept per packet */
	char		*threshold_file;	/* threshold.config */

	uint64_t	 host_memcap;		/* host table (hostbits, ...) */
	unsigned	 host_hash_size;
	unsigned	 host_prealloc;
	uint64_t	 ippair_memcap;		/* ip pair table (xbits) */
	unsigned	 ippair_hash_size;
	unsigned	 ippair_prealloc;

	bool		 control_enabled;	/* Suricata's "auto" is yes */
	char		*control_socket;

	char		*run_as_user;
	char		*run_as_group;
};

/* The decoder settings with decoder.<proto>.ports resolved (port
 * groups included) into out. Returns -1 with diagnostics in dl (may be
 * NULL) on a bad port list; config_validate reports the same. */
int	config_decode(const struct quell_config *cfg, struct decode_config *out,
	    struct diag_list *dl);

/* The host-os-policy table for reassembly (*hosts, the caller frees
 * it with defrag_hosts_free) and the defrag settings for one of
 * nsources packet sources into out. Returns -1 with diagnostics in dl
 * (may be NULL) on an address that is not one, or ENOMEM;
 * config_validate reports the same. */
int	config_defrag(const struct quell_config *cfg, unsigned nsources,
	    struct defrag_config *out, struct defrag_hosts **hosts,
	    struct diag_list *dl);

/* Defaults for every key. Returns NULL only on allocation failure. */
struct quell_config *config_new(void);
void	config_free(struct quell_config *);

/* Applies a YAML file over cfg. Problems are added to dl with
 * file:line:col and the key path; unknown keys are warnings naming the
 * nearest known key. A top-level `include: FILE` (or a list) applies
 * further files where it stands, in order, relative to this file's
 * directory (Suricata's order: keys after the include override it); a
 * later value wins. Includes nest at most 8 levels, 64
 * files are included in all, and a cycle is an error that names the
 * chain of files. Returns -1 if any error was found. */
int	config_load_file(struct quell_config *, const char *path,
	    struct diag_list *);
int	config_load_string(struct quell_config *, const char *name,
	    const char *text, struct diag_list *);
/* Where config_load_reader finds the text of a file: text() returns
 * the bytes of path (len set) or NULL when there is none. Lets tests and
 * the fuzz target express include: without touching the file system. */
struct config_include_reader {
	const char	*(*text)(void *ctx, const char *path, size_t *len);
	void		*ctx;
};
/* config_load_file with reader in place of the file system: name is
 * loaded with its includes where they stand, with the same bounds (8
 * levels, 64 included files in all, no cycles). */
int	config_load_reader(struct quell_config *, const char *name,
	    const struct config_include_reader *, struct diag_list *);
/* One "key=value" override, as --set gives it. */
int	config_set(struct quell_config *, const char *assignment,
	    struct diag_list *);
/* Adds a queue number or an "A:B" range, as -q gives it. */
int	config_add_queues(struct quell_config *, const char *spec,
	    struct diag_list *);
/* Checks relations between keys (marks that overlap, repeat without a
 * mark). Call once after everything is applied. */
int	config_validate(const struct quell_config *, struct diag_list *);
/* Prints the effective configuration as YAML-ish "key: value" lines. */
void	config_dump(const struct quell_config *, FILE *);

/* True when an enabled eve-log output takes events of type (anomaly:
 * and has types.anomaly.enabled). */
bool	config_eve_type_enabled(const struct quell_config *, const char *type);

/* The key table, for the documentation check and --list-config-keys:
 * the i-th key's dotted path (suricata.yaml's, '-' spelling), a short
 * type name ("bool", "uint 1..86400", "list", ...) and its default as
 * the file would write it (NULL: computed, see the module). NULL path
 * past the end. */
const char *config_key_at(size_t i, const char **type, const char **def);
size_t	config_key_count(void);
const char *config_strmap_get(const struct config_strmap *, const char *name);

#endif
