/* IPv4 and IPv6 fragment reassembly, as Suricata's defrag: fragments
 * are kept per datagram (addresses, id, IPv4 protocol, tunnel depth,
 * VLANs) in a tracker; when one completes its datagram, the datagram is
 * handed out as a packet of its own (pkt_src "defrag") for the same
 * decode, flow and detection path, right after the fragment. Overlaps
 * are resolved by the destination's host-os-policy (defrag/policy.h,
 * defrag/hosts.h).
 *
 * Bounded by the defrag section of the configuration: at most memcap
 * bytes of buckets, trackers and fragments and max_frags fragments;
 * past either, the least recently used other datagram is dropped to make
 * room, and a fragment that still does not fit is ignored (event
 * frag_ignored). A tracker with no fragment for timeout seconds (packet
 * time) is dropped.
 *
 * Single-threaded: one instance per packet source. */
#ifndef QUELL_DEFRAG_DEFRAG_H
#define QUELL_DEFRAG_DEFRAG_H

#include "core/base.h"
#include "core/packet.h"
#include "decode/config.h"
#include "defrag/hosts.h"
#include "defrag/policy.h"

struct defrag;

#define DEFRAG_TIMEOUT_MIN	1
#define DEFRAG_TIMEOUT_MAX	86400

struct defrag_config {
	uint64_t	 memcap;	/* defrag.memcap, bytes */
	uint32_t	 hash_size;	/* defrag.hash-size, buckets (rounded
					   up to a power of two) */
	uint32_t	 trackers;	/* defrag.trackers: allocated up front
					   with prealloc */
	uint32_t	 max_frags;	/* defrag.max-frags: fragments held */
	bool		 prealloc;	/* defrag.prealloc */
	uint32_t	 timeout;	/* defrag.timeout, seconds */
	/* host-os-policy; NULL: bsd for every host. Shared, read-only,
	 * outlives the instance. */
	const struct defrag_hosts *hosts;
};

struct defrag_stats {
	uint64_t	 ipv4_fragments;	/* defrag.ipv4.fragments */
	uint64_t	 ipv4_reassembled;	/* defrag.ipv4.reassembled */
	uint64_t	 ipv6_fragments;
	uint64_t	 ipv6_reassembled;
	uint64_t	 max_frag_hits;		/* no tracker to be had */
	uint64_t	 ignored;		/* fragments not stored: memcap
						   or max-frags */
	uint64_t	 evicted;		/* datagrams dropped for room */
	uint64_t	 timeouts;		/* datagrams expired incomplete */
	uint64_t	 memuse;		/* bytes held now */
	uint64_t	 frag_bytes;		/* of which fragments */
	uint64_t	 frags;			/* fragments held now */
	uint64_t	 trackers;		/* datagrams tracked now */
};

/* suricata.yaml's values: 32 MiB, 65536 buckets, 65535 trackers
 * preallocated, 65535 fragments, 60 s. */
void	defrag_config_default(struct defrag_config *);
/* NULL when c is usable, else what is wrong (naming the key). */
const char *defrag_config_check(const struct defrag_config *c);
/* One of n instances' share: memcap, hash_size, trackers and max_frags
 * divided by n (each at least 1). */
void	defrag_config_per_instance(struct defrag_config *c, unsigned n);

/* NULL with errno: EINVAL (defrag_config_check), ENOMEM. */
struct defrag *defrag_new(const struct defrag_config *);
void	defrag_free(struct defrag *);

/* p: a decoded packet. A fragment is stored (its events frag_overlap,
 * frag_pkt_too_large, frag_ignored go on p). When it completes its
 * datagram, returns 1 with out filled: data points into a buffer of d
 * valid until the next call, link IPV4/IPV6, capture fields, time,
 * depth and root from p, pkt_src PKT_SRC_DEFRAG, not decoded yet
 * (decode_packet_inherit from p keeps p's VLANs). Otherwise 0. */
int	defrag_packet(struct defrag *d, struct packet *p, struct packet *out);

/* A fragment's datagram and, as Suricata, the datagram inside it when
 * that is itself a fragment (an IPv6 datagram carrying another fragment
 * header: nested fragmentation), up to DEFRAG_MAX_NEST deep. */
#define DEFRAG_MAX_NEST	4

struct defrag_chain {
	unsigned	 n;
	/* pkt[0] the datagram p completed, pkt[i + 1] the one pkt[i]
	 * completed; each decoded (decode_packet_inherit, cfg, p's VLANs),
	 * valid until the next call into d */
	struct packet	 pkt[DEFRAG_MAX_NEST];
};

/* defrag_packet on p, decoding what it completes, and again on that
 * while it is a fragment. A datagram whose IP layer does not decode
 * ends the chain and is left out (Suricata drops it). Returns c->n: 0
 * when p completed nothing. Suricata inspects the innermost first. */
unsigned defrag_run(struct defrag *d, struct packet *p,
	    const struct decode_config *cfg, struct defrag_chain *c);

/* Drops datagrams idle for the timeout at packet time now. */
void	defrag_expire(struct defrag *d, const struct timespec *now);

void	defrag_stats(const struct defrag *d, struct defrag_stats *st);

#endif
