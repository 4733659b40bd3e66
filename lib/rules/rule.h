/* One parsed signature. The parser builds it, the ruleset owns it until
 * detect_engine_build() takes it; the detection engine reads it. */
#ifndef QUELL_RULES_RULE_H
#define QUELL_RULES_RULE_H

#include "core/base.h"
#include "rules/addr.h"
#include "rules/port.h"

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

/* A keyword instance that takes part in matching, in rule order. */
struct rule_match {
	const struct keyword *kw;
	void		*data;		/* the keyword's parsed value */
};

struct rule {
	enum rule_action action;
	uint8_t		 ip_versions;	/* RULE_IPV4 | RULE_IPV6 */
	uint8_t		 protos[32];	/* bitmap of IP protocol numbers */
	bool		 bidir;		/* "<>" */
	bool		 needs_payload;	/* has a payload keyword */
	struct rules_addr src;
	struct rules_port sport;
	struct rules_addr dst;
	struct rules_port dport;

	uint32_t	 gid;
	uint32_t	 sid;
	uint32_t	 rev;
	char		*msg;		/* unescaped; NULL when absent */
	char		*classtype;	/* NULL when absent */

	struct rule_match *matches;
	size_t		 nmatches;
	size_t		 matches_cap;

	char		*file;		/* where it was read */
	unsigned	 line;		/* first line of the rule */
	unsigned	 sid_col;	/* column of the sid value, for diags */
	bool		 has_sid;
};

/* An empty rule: all addresses/ports empty, gid 1, no matches. */
struct rule *rules_rule_new(void);
void	rules_rule_free(struct rule *);
/* Appends a match; data is then owned by the rule (freed with kw->free
 * even if this fails). 0, or -1 (ENOMEM). */
int	rules_rule_add_match(struct rule *, const struct keyword *, void *data);
bool	rules_rule_has_proto(const struct rule *, uint8_t proto);
/* "alert", "drop", ... */
const char *rules_rule_action_name(enum rule_action);

#endif
