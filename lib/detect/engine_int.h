/* Engine internals shared by build.c (construction) and engine.c (the
 * packet path). Not for use outside lib/detect. */
#ifndef QUELL_DETECT_ENGINE_INT_H
#define QUELL_DETECT_ENGINE_INT_H

#include "core/base.h"

struct rule;

/* Rules are grouped by the packet's IP protocol so a packet only walks
 * rules that can match it; "ip" rules are in every group. */
enum detect_group_id {
	DETECT_GROUP_TCP,
	DETECT_GROUP_UDP,
	DETECT_GROUP_ICMP,
	DETECT_GROUP_ICMPV6,
	DETECT_GROUP_OTHER,
	DETECT_GROUP_MAX,
};

struct detect_group {
	const struct rule **rules;	/* load order */
	size_t		 n;
};

struct detect_engine {
	struct rule	**rules;	/* owned, load order */
	size_t		 nrules;
	struct detect_group groups[DETECT_GROUP_MAX];
	size_t		 max_group;	/* largest group's n */
};

enum detect_group_id detect_engine_group_of(uint8_t ipproto);

#endif
