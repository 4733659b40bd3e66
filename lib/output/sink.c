#include "core/base.h"

#include <strings.h>
#include <time.h>

#include "output/sink.h"

/* Every backend, by suricata.yaml filetype. */
static const struct {
	const char			*name;
	const struct output_sink_ops	*ops;
} backends[] = {
	{ "file", &output_sink_file },
#ifdef HAVE_HIREDIS
	{ "redis", &output_sink_redis },
#endif
	{ "regular", &output_sink_file },
	{ "syslog", &output_sink_syslog },
	{ "unix_dgram", &output_sink_unix_dgram },
	{ "unix_stream", &output_sink_unix_stream },
};

const struct output_sink_ops *
output_sink_find(const char *name)
{
	for (size_t i = 0; i < QUELL_NITEMS(backends); i++)
		if (strcasecmp(backends[i].name, name) == 0)
			return backends[i].ops;
	return NULL;
}

uint64_t
output_sink_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + (uint64_t)ts.tv_nsec / 1000000;
}

void
output_sink_backoff_init(struct output_sink_backoff *b, unsigned min_ms,
    unsigned max_ms)
{
	b->min_ms = min_ms > 0 ? min_ms : 1;
	b->max_ms = max_ms >= b->min_ms ? max_ms : b->min_ms;
	b->wait_ms = 0;
	b->next_ms = 0;
}

bool
output_sink_backoff_due(const struct output_sink_backoff *b)
{
	return b->wait_ms == 0 || output_sink_now_ms() >= b->next_ms;
}

void
output_sink_backoff_failed(struct output_sink_backoff *b)
{
	if (b->wait_ms == 0)
		b->wait_ms = b->min_ms;
	else if (b->wait_ms < b->max_ms / 2)
		b->wait_ms *= 2;
	else
		b->wait_ms = b->max_ms;
	b->next_ms = output_sink_now_ms() + b->wait_ms;
}

void
output_sink_backoff_reset(struct output_sink_backoff *b)
{
	b->wait_ms = 0;
	b->next_ms = 0;
}
