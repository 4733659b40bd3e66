/* The shape of a rule keyword. Each keyword lives in its own file under
 * lib/detect/keywords/ and defines one
 *
 *	const struct keyword kw_<name> = { .name = ..., .setup = ..., ... };
 *
 * listed in the sorted table of registry.c. The rule parser calls setup
 * for every option of a rule; setup attaches what must be evaluated to a
 * list of the rule with rules_rule_add_match() (see enum rule_list), or
 * only records a property of the rule (msg, sid, noalert). The engine
 * then calls, per list:
 *
 *	RULE_LIST_PACKET, _MATCH, _POST, _THRESHOLD	match()
 *	RULE_LIST_BUFFER				inspect()
 *
 * A transform keyword (to_lowercase, xor, ...: lib/detect/keywords/
 * xform_*.c) sets xform and xform_room instead, and its setup attaches
 * it with detect_xform_attach() (detect/xform.h): the engine then runs
 * the rule's buffer through it before the buffer's keywords, and the
 * prefilter sees the transformed bytes.
 *
 * A keyword never sees the engine: everything it may read or change for
 * the packet at hand is in struct detect_inspect. */
#ifndef QUELL_DETECT_KEYWORDS_KEYWORD_H
#define QUELL_DETECT_KEYWORDS_KEYWORD_H

#include "core/base.h"
#include "rules/rule.h"

struct detect_tx_source;
struct flow;
struct packet;
struct rules_option;
struct rules_parser;

/* keyword flags */
#define KEYWORD_VALUE_NONE	0x01	/* "nocase;": a value is an error */
#define KEYWORD_VALUE_REQUIRED	0x02	/* "sid:1;": a value is required */
#define KEYWORD_ONCE		0x04	/* at most once per rule */
#define KEYWORD_IPONLY_COMPAT	0x08	/* the rule stays IP-only with it
					 * (hostbits, xbits), as in Suricata */

/* inspect() results */
#define DETECT_INSPECT_NOMATCH	0	/* may match from another position */
#define DETECT_INSPECT_MATCH	1
#define DETECT_INSPECT_ABORT	(-1)	/* cannot match at all: stop retrying */

/* Per-thread counters a keyword may bump (plain increments: the struct
 * belongs to one thread). */
struct detect_inspect_counters {
	uint64_t	 pcre_limit;	/* pcre hit its match limit */
	uint64_t	 backtrack_limit; /* inspection recursion cut short */
};

/* What a match function sees. buf is the inspection buffer the rule
 * selected (today the packet payload; later a stream or an app-layer
 * buffer), cursor where the previous match in it ended, for relative
 * keywords. vars are the rule's byte_extract values. */
struct detect_inspect {
	const struct packet *pkt;
	struct flow	*flow;		/* pkt->flow: NULL without tracking */
	const struct rule *rule;	/* the rule being evaluated */
	const uint8_t	*buf;
	uint32_t	 buf_len;
	uint32_t	 cursor;
	uint64_t	 vars[RULE_BYTE_VARS_MAX];
	void		*scratch;	/* the keyword's per-thread scratch */
	/* the app-layer transaction a tx rule is evaluated on (NULL for
	 * packet rules) and where it comes from (detect/tx.h) */
	void		*tx;
	const struct detect_tx_source *txsrc;
	/* buf continues past buf_len (a frame not all here yet), or
	 * began before buf (a window of a frame): a match anchored at the
	 * buffer's end (endswith), or at its start (offset, depth,
	 * startswith), cannot be decided: it does not match */
	bool		 buf_partial;
	bool		 buf_no_start;
	struct detect_inspect_counters *counters;
	bool		 silent;	/* threshold: act, but do not alert */
	int8_t		 rate_action;	/* rate_filter: the enum detect_action
					 * to apply instead, or -1 */
};

struct keyword {
	const char	*name;
	const char	*desc;
	unsigned	 flags;
	/* Applies option opt to rule r. Problems are reported through p
	 * (rules_parser_error(), rules_parser_unsupported()); returns 0, or
	 * -1 after reporting. */
	int		(*setup)(struct rules_parser *p, struct rule *r,
			    const struct rules_option *opt);
	/* Packet, match, post-match and threshold lists: true when data
	 * matches (post-match: always true, after acting). */
	bool		(*match)(struct detect_inspect *in, const void *data);
	/* Buffer list: DETECT_INSPECT_*. On a match, in->cursor is where the
	 * match ended. *resume is 0 on the first call; a keyword that could
	 * match again further on (content, pcre) sets it to the offset to
	 * search from next time, and is then called again with it when the
	 * keywords after it fail (backtracking, as Suricata). */
	int		(*inspect)(struct detect_inspect *in, const void *data,
			    uint32_t *resume);
	/* Frees what setup attached with rules_rule_add_match(). */
	void		(*free)(void *data);
	/* Optional per-thread scratch (pcre match data): made by
	 * detect_thread_new() for keywords that have thread_new. */
	void		*(*thread_new)(void);
	void		(*thread_free)(void *scratch);

	/* Transforms. xform_room: the most bytes xform() can write for an
	 * input of len bytes. xform: writes in[0..len) transformed to out
	 * and returns the output's length (scratch: the keyword's
	 * thread_new scratch, or NULL). xform_validate (optional): false
	 * when a content pat[0..len) of the transformed buffer can never
	 * match (Suricata's TransformValidate: "A" after to_lowercase).
	 * xform_key (optional, for transforms with a value): writes a
	 * text naming data to buf (room len, NUL-terminated), so that equal
	 * chains of different rules share one prefilter. */
	uint32_t	(*xform_room)(const void *data, uint32_t len);
	uint32_t	(*xform)(const void *data, const uint8_t *in,
			    uint32_t len, uint8_t *out, void *scratch);
	bool		(*xform_validate)(const void *data, const uint8_t *pat,
			    uint32_t len);
	void		(*xform_key)(const void *data, char *buf, size_t len);
};

/* An ICMP or ICMPv6 echo request or reply: the packets the decoder reads
 * an id and a sequence number from (icmp_id, icmp_seq). */
struct packet;
bool	keyword_icmp_echo(const struct packet *);

/* Whether flowbits data (kw_flowbits's) is "set": the only flowbits
 * command an ip-only rule may have (Suricata's SignatureIsIPOnly). */
bool	keyword_flowbits_sets(const void *data);

#endif
