#include "core/base.h"

#include "core/counters.h"
#include "decode/stats.h"

static const char *const layer_names[DECODE_NLAYERS] = {
#define DECODE_LAYER_NAME(id, name)	[DECODE_LAYER_##id] = name,
	DECODE_LAYER_LIST(DECODE_LAYER_NAME)
#undef DECODE_LAYER_NAME
};

const char *
decode_layer_name(enum decode_layer l)
{
	return (unsigned)l < DECODE_NLAYERS ? layer_names[l] : NULL;
}

void
decode_stats_count(struct decode_stats *s, const struct packet *p,
    bool captured)
{
	uint32_t seen = p->decoded;

	if (captured) {
		counter_inc(&s->pkts);
		counter_add(&s->bytes, p->len);
		if (p->len > s->max_pkt_size)
			__atomic_store_n(&s->max_pkt_size, (uint64_t)p->len,
			    __ATOMIC_RELAXED);
	}
	while (seen != 0) {
		unsigned l = (unsigned)__builtin_ctz(seen);

		counter_inc(&s->layers[l]);
		seen &= seen - 1;
	}
}

void
decode_stats_add(struct decode_stats *into, const struct decode_stats *from)
{
	uint64_t max = counter_get(&from->max_pkt_size);

	into->pkts += counter_get(&from->pkts);
	into->bytes += counter_get(&from->bytes);
	if (max > into->max_pkt_size)
		into->max_pkt_size = max;
	for (unsigned l = 0; l < DECODE_NLAYERS; l++)
		into->layers[l] += counter_get(&from->layers[l]);
}
