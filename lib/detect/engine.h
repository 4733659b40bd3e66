/* The detection engine: an immutable set of compiled rules, grouped by
 * protocol, direction and port, with a multi-pattern prefilter per group,
 * shared by worker threads without locks; each worker keeps a struct
 * detect_thread of scratch space. detect_packet() gives every packet a
 * verdict and the alerts that explain it. */
#ifndef QUELL_DETECT_ENGINE_H
#define QUELL_DETECT_ENGINE_H

#include "core/base.h"

#include <stdio.h>

#include "core/diag.h"
#include "core/packet.h"
#include "rules/rule.h"

struct ruleset;
struct detect_engine;
struct detect_thread;
struct detect_tx_source;

enum detect_verdict {
	DETECT_VERDICT_ACCEPT,
	DETECT_VERDICT_DROP,
	DETECT_VERDICT_REJECT,
};

/* Action classes, for the configurable action order. */
enum detect_action {
	DETECT_ACTION_PASS,
	DETECT_ACTION_DROP,
	DETECT_ACTION_REJECT,
	DETECT_ACTION_ALERT,
	DETECT_ACTION_MAX,
};

#define DETECT_MAX_ALERTS	64	/* packet-alert-max at most */
#define DETECT_ALERTS_DEFAULT	15	/* Suricata's packet-alert-max */
#define DETECT_TAGS_PER_PACKET	8	/* tagging rules applied per packet */

/* Why a packet is dropped: Suricata's drop.reason. */
enum detect_drop_reason {
	DETECT_DROP_NONE,
	DETECT_DROP_RULES,		/* "rules": a drop or reject rule */
	DETECT_DROP_FLOW,		/* "flow drop": its flow was dropped */
	DETECT_DROP_THRESHOLD,		/* "threshold detection_filter":
					 * a rate_filter's new_action */
};

/* struct detect_result.reject */
#define DETECT_REJECT_TO_SRC	0x01	/* reset/unreachable to the sender */
#define DETECT_REJECT_TO_DST	0x02	/* ... and/or to the receiver */

struct detect_alert {
	uint32_t	 num;		/* the rule's place in engine order */
	uint32_t	 gid;
	uint32_t	 sid;
	uint32_t	 rev;
	enum rule_action action;
	bool		 blocked;	/* the packet's verdict is drop/reject */
	uint8_t		 act;		/* enum detect_action this alert
					 * applied: the rule's, or its
					 * rate_filter's new_action */
	bool		 rate_modified;	/* a rate_filter changed act */
	uint8_t		 priority;	/* 1 (high) .. 255 */
	uint8_t		 target;	/* enum rule_target */
	const char	*msg;		/* points into the engine; never NULL */
	const char	*classtype;	/* NULL when the rule has none */
	const char	*category;	/* classtype description, or NULL */
	bool		 stream;	/* matched on the reassembled stream
					 * (eve's "stream": 1) */
	bool		 has_tx;	/* matched on an app-layer transaction */
	uint64_t	 tx_id;		/* ... this one (detect_tx_source) */
	bool		 has_frame;	/* matched on an app-layer frame: */
	struct {
		const char	*type;	/* "pdu" (the parser's name) */
		uint8_t		 dir;	/* DETECT_TX_* */
		uint64_t	 id;
		uint64_t	 offset; /* stream offset */
		int64_t		 len;	/* -1: not known yet */
		bool		 complete;
		bool		 has_tx;
		uint64_t	 tx_id;
		/* its bytes held when it matched: valid until the flow's
		 * next packet goes through the stream (the alert's
		 * output comes first) */
		const uint8_t	*data;
		uint32_t	 data_len;
		uint64_t	 data_offset;	/* stream offset of data */
	} frame;
	const struct rule_meta *meta;	/* metadata keyword pairs */
	uint16_t	 nmeta;
};

struct detect_result {
	enum detect_verdict verdict;
	uint32_t	 nalerts;
	uint32_t	 alerts_dropped;  /* alerts beyond packet-alert-max */
	uint32_t	 alerts_suppressed; /* matches that act silently:
					 * noalert, threshold, suppress */
	struct detect_alert alerts[DETECT_MAX_ALERTS];
	/* The first drop or reject rule that applied, logged or not (its
	 * alert goes with the drop event). */
	bool		 has_drop_alert;
	struct detect_alert drop_alert;
	uint8_t		 drop_reason;	/* enum detect_drop_reason */
	bool		 pass;		/* a pass (rule or rate_filter) decided
					 * the packet */
	/* rules with the tag keyword that matched (not held back by a
	 * rate limit): detect_tag_packet() installs their tags */
	const struct rule *tag_rules[DETECT_TAGS_PER_PACKET];
	uint32_t	 ntags;
	/* nfq_set_mark of the matching rules, composed in evaluation
	 * order: the packet mark becomes (mark & ~mask) | (value & mask).
	 * The verdict code applies it only to accepted packets. */
	struct {
		bool	 set;
		uint32_t value;
		uint32_t mask;
	} mark;
	uint8_t		 reject;	/* DETECT_REJECT_* of matching reject
					 * rules (also when a drop won) */
	bool		 flow_drop;	/* a drop/reject that covers the flow:
					 * the flow is now FLOW_F_DROP */
	bool		 bypass;	/* bypass the flow (keyword, or a
					 * flow-wide pass; see README) */
};

/* detect.sgh-mpm-context: which pattern sets get a matcher (see
 * detect/prefilter.h). */
enum detect_mpm_context {
	DETECT_MPM_CONTEXT_AUTO,
	DETECT_MPM_CONTEXT_SINGLE,
	DETECT_MPM_CONTEXT_FULL,
};

/* Build options. */
struct detect_engine_opts {
	/* prefilter back end: "auto" (Hyperscan when built in and the CPU
	 * supports it, else Aho-Corasick), "hs" or "ac" */
	const char	*mpm;
	/* precedence of the action classes, highest first: Suricata's
	 * default pass, drop, reject, alert */
	enum detect_action action_order[DETECT_ACTION_MAX];
	/* port groups per protocol class and direction (Suricata's
	 * detect.profile / custom-values toserver-groups and
	 * toclient-groups); the smaller port sets beyond share one group */
	unsigned	 toserver_groups;
	unsigned	 toclient_groups;
	enum detect_mpm_context mpm_context;
	/* threads compiling matchers (detect.build-threads): 0 the online
	 * CPUs, 1 the calling thread only */
	unsigned	 build_threads;
	/* testing: one group per class and direction holding every rule,
	 * no prefilter (a linear scan: what grouping must agree with) */
	bool		 linear;
	/* alerts kept per packet (Suricata's packet-alert-max), 1 ..
	 * DETECT_MAX_ALERTS */
	unsigned	 packet_alert_max;
	/* detect.guess-applayer-tx (Suricata 7.0.7+): an alert of a packet
	 * rule in an app-layer flow names the transaction detection is at
	 * in the packet's direction when it is the flow's newest */
	bool		 guess_tx;
};

/* Suricata's detect.profile values. */
enum detect_profile {
	DETECT_PROFILE_LOW,		/* 15 to the client, 25 to the server */
	DETECT_PROFILE_MEDIUM,		/* 20, 40: the default */
	DETECT_PROFILE_HIGH,		/* 75, 75 */
	DETECT_PROFILE_CUSTOM,		/* custom-values */
};

/* The defaults: mpm "auto", Suricata's action order, profile medium. */
void	detect_engine_opts_default(struct detect_engine_opts *);
/* Sets the group counts of profile p (for CUSTOM: toclient, toserver;
 * 0 there means the medium value). */
void	detect_engine_opts_profile(struct detect_engine_opts *,
	    enum detect_profile p, unsigned toclient, unsigned toserver);
/* Sets o->action_order from names ("pass", "drop", "reject", "alert"),
 * each exactly once. 0, or -1 with errno EINVAL. */
int	detect_engine_opts_action_order(struct detect_engine_opts *o,
	    const char *const *names, size_t n);

/* Builds an engine from rs with the default options, taking ownership
 * of rs (freed also on failure). NULL with errno set (and a diag) on
 * failure. */
struct detect_engine *detect_engine_build(struct ruleset *rs,
	    struct diag_list *diags);
/* Same with options (NULL: the defaults). A prefilter back end that
 * cannot be used falls back to Aho-Corasick with a warning diag. */
struct detect_engine *detect_engine_build_opts(struct ruleset *rs,
	    const struct detect_engine_opts *, struct diag_list *diags);
void	detect_engine_free(struct detect_engine *);
size_t	detect_engine_rule_count(const struct detect_engine *);
/* "hs" or "ac": the prefilter back end in use. */
const char *detect_engine_mpm_name(const struct detect_engine *);

/* Introspection, for tests and -T: how many rules a packet of this IP
 * protocol, direction (PKT_FLOW_TO_SERVER or PKT_FLOW_TO_CLIENT) and
 * port (destination port to the server, source port to the client)
 * meets; how many of them go through the prefilter; how many distinct
 * groups and prefilter instances the engine holds. */
struct detect_engine_info {
	size_t		 groups;
	size_t		 prefilters;	/* distinct pattern sets (matchers) */
	size_t		 group_prefilters; /* per group and buffer */
	size_t		 patterns;	/* distinct fast patterns */
	size_t		 sigs_with_fast_pattern;
	size_t		 mpm_bytes;	/* what the matchers hold */
	size_t		 group_bytes;	/* groups' rule lists and maps */
	size_t		 sig_bytes;	/* compiled rules (not the parsed ones) */
	size_t		 lists;		/* inspection lists (buffer and
					 * transforms) the rules use */
	size_t		 iponly;	/* ip-only rules */
	const char	*mpm_context;	/* "single" or "full", as built */
	double		 build_seconds;	/* wall time of the build */
};
void	detect_engine_info(const struct detect_engine *,
	    struct detect_engine_info *);
size_t	detect_engine_group_size(const struct detect_engine *,
	    uint8_t ipproto, uint8_t dir, uint16_t port, size_t *prefiltered);

/* Per-thread scratch; the engine must outlive it. NULL (ENOMEM). */
struct detect_thread *detect_thread_new(const struct detect_engine *);
void	detect_thread_free(struct detect_thread *);

/* Per-thread counters; any thread may read them (relaxed loads). */
struct detect_stats {
	uint64_t	 packets;	/* through detect_packet */
	uint64_t	 flow_pass;	/* skipped: flow already passed */
	uint64_t	 flow_drop;	/* dropped: flow already dropped */
	uint64_t	 flows_dropped;	/* flows turned FLOW_F_DROP */
	uint64_t	 prefilter_scans;
	uint64_t	 candidates;	/* rules the prefilter let through */
	uint64_t	 rules_checked;	/* rules fully evaluated */
	uint64_t	 matches;	/* rules that matched */
	uint64_t	 alerts;
	uint64_t	 alert_queue_overflow; /* beyond packet-alert-max */
	uint64_t	 alerts_suppressed; /* noalert, threshold, suppress */
	uint64_t	 rate_limited;	/* matches a threshold held back */
	uint64_t	 pcre_limit;	/* pcre stopped by its match limit */
	uint64_t	 backtrack_limit; /* content backtracking cut short */
	uint64_t	 txs_inspected;	/* transactions looked at */
	uint64_t	 iponly_skipped; /* ip-only rules not evaluated: not
					 * the flow direction's first packet */
	uint64_t	 xform_nomem;	/* transformed buffers not made (no
					 * memory): treated as absent */
};
void	detect_thread_stats(const struct detect_thread *,
	    struct detect_stats *);

/* Matches p against the rules its group holds and fills res.
 *
 * A packet without a decoded IP layer matches nothing. A packet whose
 * flow is FLOW_F_PASS is accepted, one whose flow is FLOW_F_DROP
 * dropped, both without inspection or alerts (and counted).
 *
 * Otherwise candidate rules (the group's rules without fast pattern,
 * plus those whose fast pattern the prefilter found) are evaluated in
 * engine order: by action class (action order), then flowbits setters
 * before readers, then priority, then load order. A matching rule runs
 * its post-match actions (flowbits, marks), then its rate limits
 * (suppress, threshold, detection_filter, rate_filter: a rate_filter
 * may change the action); what passes is applied: drop and reject block
 * the packet, alerts are listed (noalert rules act silently), and a pass
 * accepts the packet, silences everything after it and stops inspection
 * (a pass rule with the alert keyword alerts first). The first
 * opts.packet_alert_max alerts are kept, the rest counted. A drop or a
 * pass of an IP-only rule, or on TCP of a rule that Suricata matches on
 * the stream (payload content, not dsize or tcp-pkt), covers the flow:
 * res->flow_drop, or the flow is passed. */
void	detect_packet(struct detect_thread *, const struct packet *,
	    struct detect_result *res);

/* Whether the engine has frame rules (the frame keyword): parsers then
 * record frames (applayer_ctx_set_frames). */
bool	detect_thread_wants_frames(const struct detect_thread *);
/* The frame types (bit per the parser's type index) its frame rules
 * inspect of app-layer protocol alproto: parsers record only those. */
uint32_t detect_thread_frame_types(const struct detect_thread *,
	    uint16_t alproto);

/* Whether a loaded rule inspects the buffer called name (internal ones
 * included: "file.md5" for filemd5): parsers then compute what it
 * holds (applayer_ctx_set_needs). */
bool	detect_thread_uses_buffer(const struct detect_thread *,
	    const char *name);

/* Whether the rules p meets (its group) inspect the reassembled
 * stream: when not, the pipeline turns raw stream inspection off for
 * the direction (Suricata's DISABLE_RAW from the first rule group). */
bool	detect_packet_wants_stream(const struct detect_thread *,
	    const struct packet *);

/* As detect_packet(), and for a packet of a flow with an app-layer
 * parser: the rules on transaction buffers are evaluated against the
 * transactions src gives (detect/tx.h). src NULL: detect_packet(). */
void	detect_packet_tx(struct detect_thread *, const struct packet *,
	    const struct detect_tx_source *src, struct detect_result *res);

/* Writes Suricata-style engine analysis of de to f: per rule its fast
 * pattern, buffer, groups and warnings; then the groups with their
 * rules, prefilters and sizes. -1 on a write error. */
int	detect_engine_analysis(const struct detect_engine *de, FILE *f);

/* The flow table's free callback for struct flow.detect_vars. */
void	detect_flow_vars_free(void *);

#endif
