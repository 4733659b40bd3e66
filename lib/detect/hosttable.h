/* Named bits per host and per IP pair: Suricata's host table (hostbits,
 * xbits track ip_src/ip_dst) and IP-pair table (xbits track ip_pair).
 *
 * A host is seen by every worker (flows are split by hash, hosts are
 * not), so the tables are process-wide and shared: each is 64 shards,
 * each shard a mutex over its buckets and its share of the memcap (the
 * memcap is split evenly). A bit operation locks one shard for one short
 * lookup and update, never across anything that blocks. Bits expire on
 * packet time (offline runs are deterministic) with Suricata 7's
 * measured semantics: only a test sees that a bit expired (and removes
 * it); setting a bit that is there, expired or not, keeps its expiry;
 * toggling one that is there removes it. An entry whose bits are gone
 * is freed at once; at the memcap a new key takes the entry of a host
 * whose bits have all expired, else the set fails and is counted. The
 * tables outlive rule reloads (bits set before a SIGUSR2 stay set), like
 * flowbits. */
#ifndef QUELL_DETECT_HOSTTABLE_H
#define QUELL_DETECT_HOSTTABLE_H

#include "core/base.h"

#include <time.h>

struct ip_addr;

enum detect_hosttable_kind {
	DETECT_HOSTTABLE_HOST,		/* key: one address */
	DETECT_HOSTTABLE_IPPAIR,	/* key: two addresses, either order */
	DETECT_HOSTTABLE_KINDS,
};

struct detect_hosttable_config {
	uint64_t	 memcap;	/* bytes, all shards */
	unsigned	 hash_size;	/* buckets, all shards */
	unsigned	 prealloc;	/* entries allocated up front */
};

enum detect_hostbit_op {
	DETECT_HOSTBIT_SET,
	DETECT_HOSTBIT_UNSET,
	DETECT_HOSTBIT_TOGGLE,
	DETECT_HOSTBIT_ISSET,
	DETECT_HOSTBIT_ISNOTSET,
};

struct detect_hosttable_stats {
	uint64_t	 entries;	/* hosts (pairs) in the table */
	uint64_t	 memuse;	/* bytes */
	uint64_t	 memcap_hits;	/* sets refused at the memcap */
};

/* Suricata's defaults: 32 MiB, 4096 buckets, 1000 preallocated. */
void	detect_hosttable_config_default(struct detect_hosttable_config *);
/* (Re)builds the table of kind with c, dropping what it held. Call at
 * start, before any worker runs; a table used before is built with the
 * defaults. 0, or -1 (ENOMEM, or EINVAL when prealloc does not fit the
 * memcap). */
int	detect_hosttable_configure(enum detect_hosttable_kind,
	    const struct detect_hosttable_config *);
/* Applies op on bit id of host a (HOST) or of the pair a, b (IPPAIR) at
 * packet time now; a set expires expire seconds later. Tests (ISSET,
 * ISNOTSET) return their answer (an expired bit is unset first); the
 * changes return true, also when there was nothing to unset, and false
 * when a new key could not be stored (memory, memcap). */
bool	detect_hosttable_bit(enum detect_hosttable_kind, const struct ip_addr *a,
	    const struct ip_addr *b, uint32_t id, enum detect_hostbit_op op,
	    uint32_t expire, const struct timespec *now);
/* Host tags (tag:host; see detect/tag.h): add the tag of gid:sid to host
 * a; count p against the tags of its source and destination hosts (true
 * when one tags it). Lookups happen only while some host has a tag. */
struct detect_tag;
struct packet;
void	detect_hosttable_tag_add(const struct ip_addr *a, uint32_t gid,
	    uint32_t sid, const struct detect_tag *, int64_t now_sec);
bool	detect_hosttable_tag_packet(const struct packet *);
void	detect_hosttable_stats(enum detect_hosttable_kind,
	    struct detect_hosttable_stats *);
/* Forgets every entry of both tables (tests). */
void	detect_hosttable_reset(void);

#endif
