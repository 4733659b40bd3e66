/* The list grammar shared by rule addresses and ports:
 *
 *	expr := ['!'] atom
 *	atom := '[' expr {',' expr} ']' | '$' NAME | leaf
 *
 * A list is the union of its plain items (or everything, when it has none)
 * minus the union of its negated items; a negated expression outside a list
 * is the complement. Variables expand to their value, parsed the same way.
 * What a leaf is ("10.0.0.0/8", "1024:") and the universe it lives in come
 * from a struct rules_list_ops; the result is one range set per part (IPv4
 * and IPv6 for addresses, one for ports). */
#ifndef QUELL_RULES_LIST_H
#define QUELL_RULES_LIST_H

#include "core/base.h"
#include "rules/rangeset.h"

struct rules_vars;

#define RULES_LIST_PARTS_MAX	2
#define RULES_LIST_DEPTH_MAX	16	/* nested lists plus variables */

struct rules_list_ops {
	const char	*what;		/* "address", "port": used in messages */
	size_t		 nparts;
	struct rules_u128 min[RULES_LIST_PARTS_MAX];
	struct rules_u128 max[RULES_LIST_PARTS_MAX];
	/* Adds leaf s[0..len) to parts; -1 with a message in err. */
	int		(*leaf)(const char *s, size_t len,
			    struct rules_rangeset *parts, char *err,
			    size_t errlen);
};

struct rules_list_error {
	char		 msg[256];
	char		 token[128];
	size_t		 off;		/* in the rule text */
	bool		 negated;	/* out, also on success: the field
					 * negates somewhere, variables
					 * included (Suricata's
					 * src/dst_contains_negation) */
};

/* Parses the field s[0..len), found at offset off of the rule, into parts
 * (ops->nparts initialized sets). An expression matching nothing is an
 * error. 0, or -1 with err filled (parts then hold nothing). */
int	rules_list_parse(const struct rules_list_ops *, const struct rules_vars *,
	    const char *s, size_t len, size_t off, struct rules_rangeset *parts,
	    struct rules_list_error *err);

#endif
