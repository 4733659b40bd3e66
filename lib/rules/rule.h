/* One parsed signature. The parser builds it, the ruleset owns it until
 * detect_engine_build() takes it; the detection engine reads it. */
#ifndef QUELL_RULES_RULE_H
#define QUELL_RULES_RULE_H

#include "core/base.h"
#include "rules/addr.h"
#include "rules/port.h"

struct detect_tag;
struct keyword;

enum rule_action {
	RULE_ACTION_ALERT,
	RULE_ACTION_PASS,
	RULE_ACTION_DROP,
	RULE_ACTION_REJECT,
	RULE_ACTION_REJECTSRC,
	RULE_ACTION_REJECTDST,
	RULE_ACTION_REJECTBOTH,
};

#define RULE_IPV4	0x01
#define RULE_IPV6	0x02

#define RULE_GID_DEFAULT	1
#define RULE_PRIORITY_DEFAULT	3	/* no priority and no classtype's */

/* Where a keyword instance takes part in matching. The engine evaluates
 * the lists in this order; within a list, in rule order. */
enum rule_list {
	RULE_LIST_PACKET,	/* header, flow, flowbits tests: cheap, first */
	RULE_LIST_BUFFER,	/* content & co. on an inspection buffer */
	RULE_LIST_MATCH,	/* after the buffers, in rule order (flowint) */
	RULE_LIST_POST,		/* once the rule matched (flowbits set) */
	RULE_LIST_THRESHOLD,	/* rate limits, last: they count matches */
	RULE_LIST_MAX,
};

/* struct rule_match.flags */
#define RULE_MATCH_RELATIVE	0x01	/* starts where the previous match of
					 * its buffer ended */

/* A keyword instance that takes part in matching, in rule order. */
struct rule_match {
	const struct keyword *kw;
	void		*data;		/* the keyword's parsed value */
	uint8_t		 list;		/* enum rule_list */
	uint8_t		 buffer;	/* RULE_LIST_BUFFER: buffer id */
	uint8_t		 flags;		/* RULE_MATCH_* */
	uint8_t		 xchain;	/* RULE_LIST_BUFFER: the transforms
					 * the buffer goes through first: an
					 * index in rule.xchains, 0 none */
};

#define RULE_XFORMS_MAX		16	/* per chain (Suricata's
					 * DETECT_TRANSFORMS_MAX) */
#define RULE_XCHAINS_MAX	32	/* chains per rule */

/* A transform of a rule's buffer (to_lowercase, xor:...): the keyword
 * and its parsed value (freed with kw->free). */
struct rule_xform {
	const struct keyword *kw;
	void		*data;
};

/* The transforms a buffer of the rule goes through, in order; a
 * transform keyword starts a new chain: the current one plus itself.
 * Chain 0 is the empty chain. Data is shared between a chain and the
 * chains made from it: only the chain that added a transform owns it
 * (owned[i]). */
struct rule_xchain {
	uint8_t		 n;
	struct rule_xform xforms[RULE_XFORMS_MAX];
	bool		 owned[RULE_XFORMS_MAX];
};

/* struct rule.flags */
#define RULE_F_NOALERT		0x0001	/* match, act, but do not alert */
#define RULE_F_BYPASS		0x0002	/* bypass the flow on match */
#define RULE_F_MARK		0x0004	/* nfq_set_mark */
#define RULE_F_TO_SERVER	0x0008	/* flow keyword: only to the server */
#define RULE_F_TO_CLIENT	0x0010	/* flow keyword: only to the client */
#define RULE_F_FLOWBITS_SET	0x0020	/* sets/unsets/toggles a flowbit */
#define RULE_F_FLOWBITS_READ	0x0040	/* tests a flowbit */
#define RULE_F_FAST_PATTERN	0x0080	/* a content has fast_pattern */
#define RULE_F_RATE_LIMIT	0x0100	/* threshold or detection_filter */
#define RULE_F_NEEDS_FLOW	0x0200	/* cannot match without a flow */
#define RULE_F_ALERT		0x0400	/* alert keyword: a pass rule alerts */
#define RULE_F_HOSTBITS_SET	0x0800	/* sets host bits */
#define RULE_F_HOSTBITS_READ	0x1000	/* tests host bits */
#define RULE_F_PKT_ONLY		0x2000	/* tcp-pkt/udp-pkt or dsize: matches
					 * the packet, never the stream */
#define RULE_F_IPPAIR_SET	0x4000	/* sets ip-pair bits */
#define RULE_F_IPPAIR_READ	0x8000	/* tests ip-pair bits */
#define RULE_F_TX		0x10000	/* evaluated per app-layer transaction
					 * of its alproto even without a tx
					 * buffer (app-layer-event of a
					 * parser's event) */
/* TCP packet vs stream inspection of pkt_data (Suricata's
 * SIG_FLAG_REQUIRE_PACKET/STREAM sources; lib/detect/stream.c decides;
 * RULE_F_PKT_ONLY above is one of them) */
#define RULE_F_STREAM_ONLY	0x20000	/* protocol tcp-stream */
#define RULE_F_FLOW_STREAM	0x40000	/* flow:only_stream */
#define RULE_F_FLOW_NOSTREAM	0x80000	/* flow:no_stream */
#define RULE_F_STREAM_SIZE	0x100000 /* stream_size: packets too */

enum rule_target {
	RULE_TARGET_NONE,
	RULE_TARGET_SRC,
	RULE_TARGET_DST,
};

#define RULE_BYTE_VARS_MAX	8	/* byte_extract variables per rule */
#define RULE_META_MAX		64	/* metadata pairs per rule */

/* One "key value" of the metadata keyword, as eve's alert.metadata
 * lists them. */
struct rule_meta {
	char		*key;
	char		*value;
};

struct rule {
	enum rule_action action;
	uint8_t		 ip_versions;	/* RULE_IPV4 | RULE_IPV6 */
	uint8_t		 protos[32];	/* bitmap of IP protocol numbers */
	bool		 bidir;		/* "<>" */
	bool		 needs_payload;	/* has a payload keyword */
	/* the app-layer protocol the rule is about (enum applayer_proto,
	 * lib/applayer/parser.h; 0 none): from the header ("alert http"),
	 * a transaction buffer or app-layer-event. A rule matches only in
	 * flows of that protocol. */
	uint8_t		 alproto;
	struct rules_addr src;
	struct rules_port sport;
	struct rules_addr dst;
	struct rules_port dport;

	uint32_t	 gid;
	uint32_t	 sid;
	uint32_t	 rev;
	uint32_t	 flags;		/* RULE_F_* */
	uint8_t		 priority;	/* 1..255, 0: not given */
	uint8_t		 target;	/* enum rule_target */
	uint8_t		 buffer;	/* parsing: the buffer of content */
	uint8_t		 xchain;	/* parsing: its transforms (xchains) */
	bool		 xforms_ok;	/* parsing: a sticky buffer keyword
					 * set the buffer: transforms may
					 * follow (Suricata: "transforms must
					 * directly follow stickybuffers") */
	struct rule_xchain *xchains;	/* [0] the empty chain; nxchains */
	uint8_t		 nxchains;
	char		*msg;		/* unescaped; NULL when absent */
	char		*classtype;	/* NULL when absent */
	char		*category;	/* the classtype's description, when
					 * classification.config is loaded */
	struct rule_meta *meta;		/* metadata keyword pairs, in order */
	struct detect_tag *tag;		/* tag keyword, or NULL */
	uint16_t	 nmeta;
	uint32_t	 mark_value;	/* nfq_set_mark */
	uint32_t	 mark_mask;

	struct rule_match *matches;
	size_t		 nmatches;
	size_t		 matches_cap;

	/* byte_extract variable names, in definition order */
	char		*byte_vars[RULE_BYTE_VARS_MAX];
	uint8_t		 nbyte_vars;

	char		*file;		/* where it was read */
	unsigned	 line;		/* first line of the rule */
	unsigned	 sid_col;	/* column of the sid value, for diags */
	bool		 has_sid;
};

/* An empty rule: all addresses/ports empty, gid 1, no matches. */
struct rule *rules_rule_new(void);
void	rules_rule_free(struct rule *);
/* Appends a match to list (for RULE_LIST_BUFFER: to the rule's current
 * buffer); data is then owned by the rule (freed with kw->free even if
 * this fails). The new match, or NULL (ENOMEM). */
struct rule_match *rules_rule_add_match(struct rule *, const struct keyword *,
	    enum rule_list, void *data);
/* Appends transform kw (data owned by the rule from here on, freed with
 * kw->free even if this fails) to the current buffer: the buffer's
 * later keywords see it transformed. 0, or -1 with errno ENOMEM, or
 * E2BIG past RULE_XFORMS_MAX or RULE_XCHAINS_MAX. */
int	rules_rule_add_xform(struct rule *, const struct keyword *kw,
	    void *data);
/* rules_rule_add_match, but before every other match: threshold.config's
 * suppress runs ahead of the rule's own rate limits. */
struct rule_match *rules_rule_add_match_first(struct rule *,
	    const struct keyword *, enum rule_list, void *data);
/* Removes (and frees) every match of keyword kw. */
void	rules_rule_remove_matches(struct rule *, const struct keyword *kw);
/* The last match of keyword kw (any list), or NULL. */
struct rule_match *rules_rule_last_match(struct rule *, const struct keyword *);
/* The last match of the rule's current buffer (and transforms), or
 * NULL: what a relative keyword is relative to. */
struct rule_match *rules_rule_last_buffer_match(struct rule *);
/* Index of byte_extract variable name[0..len), or -1. */
int	rules_rule_byte_var(const struct rule *, const char *name, size_t len);
bool	rules_rule_has_proto(const struct rule *, uint8_t proto);
/* "alert", "drop", ... */
const char *rules_rule_action_name(enum rule_action);

#endif
