/* Decoder events: one bit each in struct packet.events. Names follow
 * Suricata's decoder event names (decoder.ipv4.trunc_pkt, ...); each is
 * also a counter, decoder.event.<name> in stats as in Suricata's. */
#ifndef QUELL_DECODE_EVENTS_H
#define QUELL_DECODE_EVENTS_H

#include "core/base.h"
#include "core/counters.h"

enum decode_event {
	DECODE_EV_IPV4_PKT_TOO_SMALL,
	DECODE_EV_IPV4_HLEN_TOO_SMALL,
	DECODE_EV_IPV4_IPLEN_SMALLER_THAN_HLEN,
	DECODE_EV_IPV4_TRUNC_PKT,
	DECODE_EV_IPV4_OPT_INVALID,
	DECODE_EV_IPV4_WRONG_IP_VER,
	DECODE_EV_IPV6_PKT_TOO_SMALL,
	DECODE_EV_IPV6_TRUNC_PKT,
	DECODE_EV_IPV6_TRUNC_EXTHDR,
	DECODE_EV_IPV6_EXTHDR_TOO_MANY,
	DECODE_EV_IPV6_WRONG_IP_VER,
	DECODE_EV_TCP_PKT_TOO_SMALL,
	DECODE_EV_TCP_HLEN_TOO_SMALL,
	DECODE_EV_TCP_INVALID_OPTLEN,
	DECODE_EV_UDP_PKT_TOO_SMALL,
	DECODE_EV_UDP_HLEN_INVALID,
	DECODE_EV_ICMPV4_PKT_TOO_SMALL,
	DECODE_EV_ICMPV6_PKT_TOO_SMALL,
	DECODE_EV_UNKNOWN_IP_VERSION,	/* also: empty buffer, no version */
	DECODE_EV_IPV4_WITH_ICMPV6,	/* IPv4 carrying proto 58 */
	DECODE_EV_IPV6_WITH_ICMPV4,	/* IPv6 carrying proto 1 */
	DECODE_EV_IPV6_EXTHDR_INVALID_OPTLEN, /* hop-by-hop/dst option TLV */
	DECODE_EV_IPV6_EXTHDR_RH_TYPE_0, /* deprecated routing type 0 */
	DECODE_EV_IPV6_DATA_AFTER_NONE_HEADER, /* bytes after next header 59 */
	DECODE_EV_MAX
};

_Static_assert(DECODE_EV_MAX <= 64, "decoder events must fit struct packet.events");

/* "ipv4.trunc_pkt" etc., for counters and eve; NULL for out-of-range. */
const char *decode_event_name(enum decode_event);

static inline void
decode_event_set(uint64_t *events, enum decode_event ev)
{
	*events |= (uint64_t)1 << ev;
}

static inline bool
decode_event_has(uint64_t events, enum decode_event ev)
{
	return (events & ((uint64_t)1 << ev)) != 0;
}

/* Per-thread event counters, counts[ev] for each event set in events
 * (a packet's p->events after decode_packet). The calling thread is the
 * only writer (core/counters.h), so the stats thread may read while it
 * runs; a packet without events costs one test. */
static inline void
decode_events_count(uint64_t counts[DECODE_EV_MAX], uint64_t events)
{
	while (events != 0) {
		unsigned ev = (unsigned)__builtin_ctzll(events);

		if (ev < DECODE_EV_MAX)
			counter_inc(&counts[ev]);
		events &= events - 1;
	}
}

/* sum[ev] += counts[ev] for every event: the stats thread adds up the
 * counters of each thread that decodes. */
static inline void
decode_events_sum(uint64_t sum[DECODE_EV_MAX],
    const uint64_t counts[DECODE_EV_MAX])
{
	for (unsigned ev = 0; ev < DECODE_EV_MAX; ev++)
		sum[ev] += counter_get(&counts[ev]);
}

#endif
