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
