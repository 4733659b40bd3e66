/* stats.app_layer: see applayer_counters.h. */
#include "core/base.h"

#include <stdio.h>

#include "applayer/registry.h"
#include "output/applayer_counters.h"
#include "output/statslog.h"

static size_t
put(struct output_counter *out, size_t n, size_t max, const char *kind,
    const char *proto, const char *suffix, uint64_t v)
{
	if (n >= max)
		return n;
	snprintf(out[n].name, sizeof(out[n].name), "app_layer.%s.%s%s", kind,
	    proto, suffix);
	out[n].value = v;
	return n + 1;
}

static size_t
one(struct output_counter *out, size_t n, size_t max, const char *name,
    uint64_t flows, uint64_t txs, uint64_t gap, uint64_t alloc,
    uint64_t parser, uint64_t internal)
{
	n = put(out, n, max, "flow", name, "", flows);
	n = put(out, n, max, "tx", name, "", txs);
	n = put(out, n, max, "error", name, ".gap", gap);
	n = put(out, n, max, "error", name, ".alloc", alloc);
	n = put(out, n, max, "error", name, ".parser", parser);
	return put(out, n, max, "error", name, ".internal", internal);
}

size_t
output_applayer_counters(const struct applayer_stats *a,
    struct output_counter *out, size_t max)
{
	size_t n = 0;
	char name[32];

	for (int pr = 0; pr < APPLAYER_PROTO_MAX; pr++) {
		const struct applayer_parser *ap =
		    applayer_registry_get((enum applayer_proto)pr);
		const char *pn = applayer_proto_name((enum applayer_proto)pr);

		if (ap == NULL || pn == NULL)
			continue;
		if (ap->stats_name != NULL)
			pn = ap->stats_name;
		if (!(ap->ipprotos & APPLAYER_IPPROTO_TCP) ||
		    !(ap->ipprotos & APPLAYER_IPPROTO_UDP)) {
			n = one(out, n, max, pn, a->flows[pr], a->txs[pr],
			    a->err_gap[pr], a->err_alloc[pr], a->err_parser[pr],
			    a->err_internal[pr]);
			continue;
		}
		snprintf(name, sizeof(name), "%s_tcp", pn);
		n = one(out, n, max, name, a->flows[pr] - a->flows_udp[pr],
		    a->txs[pr] - a->txs_udp[pr], a->err_gap[pr],
		    a->err_alloc[pr] - a->err_alloc_udp[pr],
		    a->err_parser[pr] - a->err_parser_udp[pr],
		    a->err_internal[pr] - a->err_internal_udp[pr]);
		snprintf(name, sizeof(name), "%s_udp", pn);
		n = one(out, n, max, name, a->flows_udp[pr], a->txs_udp[pr],
		    0, a->err_alloc_udp[pr], a->err_parser_udp[pr],
		    a->err_internal_udp[pr]);
	}
	n = put(out, n, max, "flow", "failed_tcp", "", a->failed_tcp);
	n = put(out, n, max, "flow", "failed_udp", "", a->failed_udp);
	if (n >= max)
		return n;
	snprintf(out[n].name, sizeof(out[n].name), "app_layer.frames_dropped");
	out[n].value = a->frames_dropped;
	return n + 1;
}
