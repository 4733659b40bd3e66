/* The stream events lib/stream raises are decode/events.h's
 * DECODE_EV_STREAM_* (one table with the decoder's, as Suricata's
 * DEvents, so the stream-event keyword reads them from p->events). The
 * stream engine counts them (decoder.event.stream.<name> in stats, as
 * Suricata with stats.stream-events on), indexed from
 * DECODE_EV_STREAM_FIRST. */
#ifndef QUELL_STREAM_EVENTS_H
#define QUELL_STREAM_EVENTS_H

#include "core/base.h"
#include "core/counters.h"
#include "decode/events.h"

#define STREAM_NEVENTS	(DECODE_EV_ALL - DECODE_EV_STREAM_FIRST)

/* "stream.pkt_retransmission" for counter i (0 .. STREAM_NEVENTS). */
static inline const char *
stream_event_name(unsigned i)
{
	return decode_event_name((enum decode_event)(DECODE_EV_STREAM_FIRST +
	    i));
}

/* counts[ev - DECODE_EV_STREAM_FIRST]++ for each stream event set in a
 * packet's events; single writer (the worker). */
static inline void
stream_events_count(uint64_t counts[STREAM_NEVENTS], const uint64_t *events)
{
	for (unsigned w = DECODE_EV_STREAM_FIRST / 64; w < DECODE_EV_WORDS;
	    w++) {
		uint64_t bits = events[w];

		while (bits != 0) {
			unsigned ev = w * 64 + (unsigned)__builtin_ctzll(bits);

			if (ev >= DECODE_EV_STREAM_FIRST && ev < DECODE_EV_ALL)
				counter_inc(&counts[ev -
				    DECODE_EV_STREAM_FIRST]);
			bits &= bits - 1;
		}
	}
}

#endif
