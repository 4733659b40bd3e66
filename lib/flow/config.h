/* Settings of a flow table, filled from YAML by lib/config (flow.*,
 * flow-timeouts.*, stream.midstream, stream.bypass-after). Values are
 * per table: the run mode divides the configured totals among its
 * workers with flow_config_per_table(). */
#ifndef QUELL_FLOW_CONFIG_H
#define QUELL_FLOW_CONFIG_H

#include "core/base.h"

/* Protocol classes with their own timeouts (flow-timeouts.<name>). */
enum flow_proto {
	FLOW_PROTO_DEFAULT,	/* everything not below */
	FLOW_PROTO_TCP,
	FLOW_PROTO_UDP,
	FLOW_PROTO_ICMP,	/* ICMP and ICMPv6 */
};
#define FLOW_PROTO_COUNT	4

/* Timeout kinds (flow-timeouts.<proto>.<name>, emergency-<name>). */
enum flow_timeout_kind {
	FLOW_TIMEOUT_NEW,
	FLOW_TIMEOUT_ESTABLISHED,
	FLOW_TIMEOUT_CLOSED,
	FLOW_TIMEOUT_BYPASSED,
};
#define FLOW_TIMEOUT_KINDS	4

struct flow_table_config {
	uint64_t	 memcap;	/* bytes: buckets, flows and spares */
	uint32_t	 hash_size;	/* buckets; rounded up to a power of 2 */
	uint32_t	 prealloc;	/* flows allocated up front, kept spare */
	uint32_t	 emergency_recovery; /* leave emergency mode when use
					   falls to (100 - this)% of memcap */
	bool		 midstream;	/* pick up TCP sessions already open */
	/* TCP tracking (tcp_state.h struct flow_tcp_config) */
	bool		 async_oneside;	/* stream.async-oneside */
	bool		 tcp_inline;	/* stream.inline, resolved */
	unsigned	 tcp_max_syn_queued; /* stream.max-syn-queued, 0..255 */
	bool		 tcp_urgent_drop; /* inline, with
					   stream.reassembly.urgent.policy
					   drop */
	bool		 tcp_midstream_drops; /* the midstream exception
					   policy drops (or rejects) */
	bool		 liberal_timestamps; /* stream.liberal-timestamps */
	uint64_t	 bypass_after;	/* set FLOW_F_BYPASS once a flow's bytes
					   (both ways) reach this; 0 = off */
	/* seconds, [proto][kind] */
	uint32_t	 timeouts[FLOW_PROTO_COUNT][FLOW_TIMEOUT_KINDS];
	uint32_t	 emergency_timeouts[FLOW_PROTO_COUNT][FLOW_TIMEOUT_KINDS];
};

/* Totals as suricata.yaml ships them: flow.memcap 128 MiB, hash-size
 * 65536, prealloc 10000, emergency-recovery 30, midstream on, no
 * bypass-after, and suricata's flow-timeouts. */
void	flow_config_default(struct flow_table_config *);
/* NULL when cfg is usable, else what is wrong with it (a static
 * string naming the YAML key). */
const char *flow_config_check(const struct flow_table_config *);
/* Turns totals into one table's share: memcap, hash_size and prealloc
 * divided by ntables (hash_size and memcap at least 1). */
void	flow_config_per_table(struct flow_table_config *, unsigned int ntables);

/* YAML names: "default" "tcp" "udp" "icmp"; "new" "established"
 * "closed" "bypassed". NULL when out of range. */
const char *flow_config_proto_name(enum flow_proto);
const char *flow_config_timeout_name(enum flow_timeout_kind);

#endif
