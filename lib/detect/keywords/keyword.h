/* The shape of a rule keyword. Each keyword lives in its own file under
 * lib/detect/keywords/ and defines one
 *
 *	const struct keyword kw_<name> = { .name = ..., .setup = ..., ... };
 *
 * listed in the sorted table of registry.c. The rule parser calls setup
 * for every option of a rule; the engine calls match for the keywords
 * that setup attached to the rule with rules_rule_add_match(). */
#ifndef QUELL_DETECT_KEYWORDS_KEYWORD_H
#define QUELL_DETECT_KEYWORDS_KEYWORD_H

#include "core/base.h"

struct packet;
struct rule;
struct rules_option;
struct rules_parser;

/* keyword flags */
#define KEYWORD_VALUE_NONE	0x01	/* "nocase;": a value is an error */
#define KEYWORD_VALUE_REQUIRED	0x02	/* "sid:1;": a value is required */
#define KEYWORD_ONCE		0x04	/* at most once per rule */
#define KEYWORD_PAYLOAD		0x08	/* inspects the packet payload */

/* What a match function inspects. Today the buffer is the packet payload;
 * later it is whichever inspection buffer the keyword applies to (a
 * normalized URI, a TLS SNI, ...). cursor is where the previous match of a
 * chain ended, for relative keywords (distance, within). */
struct detect_inspect {
	const struct packet *pkt;
	const uint8_t	*buf;
	uint32_t	 buf_len;
	uint32_t	 cursor;
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
	/* true when data matches in, which it may advance (cursor). NULL
	 * for keywords that only describe the rule (msg, sid). */
	bool		(*match)(struct detect_inspect *in, const void *data);
	/* Frees what setup attached with rules_rule_add_match(). */
	void		(*free)(void *data);
};

#endif
