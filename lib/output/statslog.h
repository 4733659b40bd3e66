/* stats.log: every counter as a table at each stats interval, in
 * Suricata's stats.log layout. */
#ifndef QUELL_OUTPUT_STATSLOG_H
#define QUELL_OUTPUT_STATSLOG_H

#include "core/base.h"
#include "core/exception.h"
#include "decode/events.h"
#include "output/applayer_counters.h"
#include "output/eve.h"
#include "stream/events.h"

#include <stdio.h>

struct output_eve_stats;

/* Room for every counter output_counters_flatten() makes: 18 per queue
 * for up to 64 queues (CONFIG_MAX_QUEUES) and their total, each decoder
 * event, and the fixed ones. A smaller array silently loses the
 * counters at its end (decoder, detect, bypass) on hosts with many
 * queues. */
#define OUTPUT_COUNTERS_MAX	(18 * (64 + 1) + DECODE_EV_MAX + \
	    STREAM_NEVENTS + 16 + EXCEPTION_NCAUSES * EXCEPTION_NPOLICIES + 64 + \
	    6 * OUTPUT_EVE_MAX_TARGETS + 4 + OUTPUT_EVE_DROP_REASONS + \
	    OUTPUT_APPLAYER_COUNTERS_MAX)

struct output_counter {
	char		 name[64];
	uint64_t	 value;
};

/* Dotted counter names ("nfq.packets", "nfq.queue0.dropped",
 * "decoder.invalid", "decoder.event.ipv4.trunc_pkt", "detect.alert",
 * ...) of s into out; returns how many (at most max). */
size_t	output_counters_flatten(const struct output_eve_stats *,
	    struct output_counter *out, size_t max);
/* Appends one table to fp. */
void	output_statslog_write(FILE *fp, const struct output_eve_stats *);

#endif
