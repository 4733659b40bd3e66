/* What hostbits and xbits share: one bit operation on the host table
 * (the packet's source or destination) or the IP-pair table. */
#ifndef QUELL_DETECT_KEYWORDS_XBITS_H
#define QUELL_DETECT_KEYWORDS_XBITS_H

#include "core/base.h"
#include "detect/hosttable.h"

struct detect_inspect;
struct keyword;
struct rule;
struct rules_parser;

enum xbits_track {
	XBITS_TRACK_IP_SRC,
	XBITS_TRACK_IP_DST,
	XBITS_TRACK_IP_PAIR,
};

struct xbits {
	enum detect_hostbit_op op;
	enum xbits_track track;
	uint32_t	 id;		/* detect/names.h HOSTBIT or IPPAIRBIT */
	uint32_t	 expire;	/* seconds a set lasts */
};

/* The bit operation on the packet's host or pair. Tests answer; the
 * changes always match (Suricata's post-match keywords do). */
bool	xbits_match(struct detect_inspect *, const void *data);
/* Attaches x to r: tests to the packet list, changes to the post-match
 * list, with the setter/reader flags the engine orders rules by. 0, or
 * -1 after reporting (x is freed either way on failure). */
int	xbits_attach(struct rules_parser *, struct rule *,
	    const struct keyword *, struct xbits *x);

#endif
