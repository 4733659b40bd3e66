#include "core/base.h"

#include <string.h>

#include "stream/config.h"

void
stream_config_default(struct stream_config *c)
{
	memset(c, 0, sizeof(*c));
	c->memcap = 64ull << 20;
	c->reassembly_memcap = 256ull << 20;
	c->depth = 1ull << 20;
	c->ooo_limit = 1024;
	c->check_overlap_different_data = true;
	c->drop_invalid = true;
	c->default_policy = STREAM_OS_DEFAULT;
	c->raw = true;
	c->chunk_size[0] = c->chunk_size[1] = 2560;
	c->randomize_chunks = true;
	c->randomize_range = 10;
}

void
stream_config_chunks(struct stream_config *c, uint32_t r)
{
	if (!c->randomize_chunks)
		return;
	for (int d = 0; d < 2; d++) {
		/* Suricata: size += size * (r / RAND_MAX - 0.5) * range / 100 */
		double f = ((double)r / 4294967295.0 - 0.5) *
		    (double)c->randomize_range / 100.0;
		double v = (double)c->chunk_size[d] * (1.0 + f);

		c->chunk_size[d] = v < 1.0 ? 1 : (uint32_t)v;
		/* the other direction gets its own draw */
		r = r * 1103515245u + 12345u;
	}
}

void
stream_config_per_worker(struct stream_config *c, unsigned nworkers)
{
	if (nworkers < 2)
		return;
	c->memcap /= nworkers;
	c->reassembly_memcap /= nworkers;
}

bool
stream_config_inline(const struct stream_config *c, bool ips)
{
	const char *m = c->inline_mode;

	if (m == NULL || strcmp(m, "auto") == 0)
		return ips;
	return strcmp(m, "yes") == 0 || strcmp(m, "true") == 0 ||
	    strcmp(m, "on") == 0 || strcmp(m, "1") == 0;
}
