/* Protocol names of the rule header ("tcp", "icmp", "http", ...). */
#ifndef QUELL_RULES_PROTO_H
#define QUELL_RULES_PROTO_H

#include "core/base.h"

enum rules_proto_kind {
	RULES_PROTO_PACKET,	/* matched on the packet header */
	RULES_PROTO_APP,	/* app-layer: alproto set when quell has its
				 * parser, else unsupported */
	RULES_PROTO_UNSUPPORTED, /* known to Suricata, not implemented */
};

#define RULES_PROTO_ANY		(-1)	/* every IP protocol */
#define RULES_PROTO_NONE	(-2)	/* unused slot */

struct rules_proto {
	const char	*name;
	enum rules_proto_kind kind;
	uint8_t		 ip_versions;	/* RULE_IPV4 | RULE_IPV6 */
	int		 ipproto[2];	/* IPPROTO_*, or RULES_PROTO_ANY/NONE */
	uint8_t		 alproto;	/* RULES_PROTO_APP: enum applayer_proto
					 * (lib/applayer/parser.h), 0: quell
					 * has no parser for it */
	uint32_t	 rule_flags;	/* RULE_F_* the name gives a rule:
					   tcp-pkt/udp-pkt RULE_F_PKT_ONLY,
					   tcp-stream RULE_F_STREAM_ONLY */
};

/* The entry for name[0..len) (case-insensitive), or NULL if unknown. */
const struct rules_proto *rules_proto_lookup(const char *name, size_t len);
/* The table, for tests that check it is sorted. */
size_t	rules_proto_count(void);
const struct rules_proto *rules_proto_at(size_t);

#endif
