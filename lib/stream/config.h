/* Settings of the TCP stream engine, filled from YAML by lib/config
 * (stream.*, host-os-policy.*). Memory caps are process totals; the
 * run mode gives each worker its share with stream_config_per_worker(),
 * as lib/flow does, so nothing on the packet path is shared. */
#ifndef QUELL_STREAM_CONFIG_H
#define QUELL_STREAM_CONFIG_H

#include "core/base.h"
#include "stream/policy.h"

/* stream.reassembly.urgent.policy: what becomes of TCP urgent data (the
 * byte before a URG segment's urgent pointer, RFC 6093 3.1); the names
 * are Suricata's, in this order. */
enum stream_urgent_policy {
	STREAM_URGENT_INLINE,	/* the byte stays in the stream (default) */
	STREAM_URGENT_DROP,	/* inline: a URG packet is dropped before
				   TCP tracking sees it; IDS: as inline */
	STREAM_URGENT_OOB,	/* the byte is out of band: taken out of the
				   stream, as a receiver without SO_OOBINLINE
				   reads it */
	STREAM_URGENT_GAP,	/* the byte is a hole in the stream */
};
#define STREAM_URGENT_OOB_MAX	65535	/* bytes taken out per direction
					   before oob-limit-policy applies
					   (Suricata's 16-bit budget) */

struct stream_config {
	uint64_t	 memcap;	/* stream.memcap: sessions */
	uint64_t	 reassembly_memcap; /* stream.reassembly.memcap:
					   stream bytes and segments */
	uint64_t	 depth;		/* stream.reassembly.depth per
					   direction; 0 = no limit */
	unsigned	 ooo_limit;	/* stream.reassembly.out-of-order-limit:
					   segments held per direction */
	bool		 async_oneside;	/* stream.async-oneside */
	bool		 bypass;	/* stream.bypass: bypass a flow once
					   both directions reached depth */
	bool		 check_overlap_different_data;
	bool		 drop_invalid;	/* stream.drop-invalid (inline) */
	char		*inline_mode;	/* stream.inline: "auto" "yes" "no" */
	bool		 is_inline;	/* resolved by the run mode */
	enum stream_os_policy default_policy; /* for hosts in no
					   host-os-policy block */
	/* raw stream inspection (detection's view, Suricata's
	 * StreamReassembleRaw) */
	bool		 raw;		/* stream.reassembly.raw */
	unsigned	 chunk_size[2];	/* toserver-, toclient-chunk-size,
					   by FLOW_DIR_* (randomized once by
					   stream_config_chunks) */
	bool		 randomize_chunks; /* randomize-chunk-size */
	unsigned	 randomize_range; /* randomize-chunk-range, % */
	/* stream.reassembly.urgent.policy and .oob-limit-policy (the
	 * latter never oob): enum stream_urgent_policy */
	int		 urgent_policy;
	int		 urgent_oob_limit;
};

/* suricata.yaml's: memcap 64 MiB, reassembly.memcap 256 MiB, depth
 * 1 MiB, async-oneside no, bypass no, check-overlap-different-data
 * yes, drop-invalid yes, inline auto; out-of-order-limit 1024; raw yes,
 * chunk sizes 2560, randomize-chunk-size yes with range 10; urgent
 * policy and oob-limit-policy inline. */
void	stream_config_default(struct stream_config *);
/* Suricata's chunk size randomization, once at start-up: with
 * randomize_chunks each chunk size moves by up to range/2 percent either
 * way, from r (a uniform random 32-bit number); without, nothing
 * changes. Sizes below 1 become 1. */
void	stream_config_chunks(struct stream_config *, uint32_t r);
/* One worker's share: both memcaps divided by nworkers. */
void	stream_config_per_worker(struct stream_config *, unsigned nworkers);
/* stream.inline "auto" is inline when the run mode is IPS (NFQ, or
 * offline with --simulate-ips); "yes"/"no" force it. */
bool	stream_config_inline(const struct stream_config *, bool ips);

#endif
