/* IPv4 and IPv6 fragment reassembly (Suricata's defrag): fragments are
 * kept per datagram (addresses, id, protocol, tunnel depth, VLANs) until
 * they cover it, then the reassembled datagram is handed out as a
 * packet of its own (pkt_src "defrag") for the same decode, flow and
 * detection path. Overlaps are resolved by the policy of the
 * destination's host-os-policy entry (defrag/policy.h).
 *
 * Bounded: at most memcap bytes of fragments and trackers; past it a
 * fragment is ignored (event frag_ignored) and counted. A tracker not
 * completed within timeout seconds (packet time) is dropped.
 *
 * Single-threaded: one tracker per reader (fragments of one datagram
 * arrive on one queue: NFQUEUE balances by addresses). */
#ifndef QUELL_DEFRAG_DEFRAG_H
#define QUELL_DEFRAG_DEFRAG_H

#include "core/base.h"
#include "core/packet.h"
#include "defrag/policy.h"

struct defrag;

#define DEFRAG_MAX_HOSTS	64

struct defrag_host_policy {
	struct ip_addr		 addr;
	uint8_t			 prefix;	/* bits */
	enum defrag_policy	 policy;
};

struct defrag_config {
	bool			 enabled;	/* defrag.enabled... (always on) */
	uint64_t		 memcap;	/* defrag.memcap, bytes */
	uint32_t		 timeout;	/* defrag.timeout, seconds */
	uint32_t		 max_frags;	/* defrag.max-frags per datagram */
	enum defrag_policy	 default_policy; /* defrag.default-policy? bsd */
	size_t			 nhosts;	/* host-os-policy entries */
	struct defrag_host_policy hosts[DEFRAG_MAX_HOSTS];
};

struct defrag_stats {
	uint64_t	 ipv4_fragments;
	uint64_t	 ipv4_reassembled;
	uint64_t	 ipv6_fragments;
	uint64_t	 ipv6_reassembled;
	uint64_t	 memcap_hits;	/* fragments ignored at the memcap */
	uint64_t	 timeouts;	/* trackers expired incomplete */
	uint64_t	 memuse;	/* bytes held now */
};

/* Suricata's defaults: 32 MiB, 60 s, 65535 fragments, bsd. */
void	defrag_config_default(struct defrag_config *);

struct defrag *defrag_new(const struct defrag_config *);
void	defrag_free(struct defrag *);

/* p: a decoded packet with p->is_fragment. Stores its data; events
 * (frag_overlap, frag_pkt_too_large, frag_ignored, ipv6
 * frag_invalid_length) go on p. When p completes its datagram, returns
 * 1 with out filled: out->data points into a buffer of d valid until the
 * next call, capture fields from p, pkt_src PKT_SRC_DEFRAG, not yet
 * decoded. Otherwise 0. */
int	defrag_packet(struct defrag *d, struct packet *p, struct packet *out);

/* Drops trackers idle past the timeout at packet time now. */
void	defrag_expire(struct defrag *d, const struct timespec *now);

void	defrag_stats(const struct defrag *d, struct defrag_stats *st);

#endif
