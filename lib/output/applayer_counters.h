/* The app-layer framework's counters under Suricata 7's names, for eve's
 * stats.app_layer and for stats.log / quellctl counters alike. */
#ifndef QUELL_OUTPUT_APPLAYER_COUNTERS_H
#define QUELL_OUTPUT_APPLAYER_COUNTERS_H

#include "core/base.h"
#include "applayer/applayer.h"

struct output_counter;

/* At most this many (per protocol: flow, tx and four errors, twice for
 * a protocol on TCP and UDP; and the two failed counters). */
#define OUTPUT_APPLAYER_COUNTERS_MAX	(APPLAYER_PROTO_MAX * 12 + 3)

/* "app_layer.flow.<proto>" (<proto>_tcp and <proto>_udp for a protocol
 * on both), "app_layer.flow.failed_tcp", "app_layer.flow.failed_udp",
 * "app_layer.tx.<proto>", "app_layer.error.<proto>.{gap,alloc,parser,
 * internal}" of every registered parser into out; how many (at most
 * max). */
size_t	output_applayer_counters(const struct applayer_stats *,
	    struct output_counter *out, size_t max);

#endif
