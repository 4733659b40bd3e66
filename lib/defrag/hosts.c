#include "core/base.h"

#include <errno.h>
#include <stdlib.h>

#include "core/addr_table.h"
#include "defrag/hosts.h"

struct defrag_hosts {
	struct addr_table blocks;	/* values: enum defrag_policy */
};

struct defrag_hosts *
defrag_hosts_new(enum defrag_policy def)
{
	struct defrag_hosts *h = calloc(1, sizeof(*h));

	if (h != NULL)
		addr_table_init(&h->blocks, (uint8_t)def);
	return h;
}

void
defrag_hosts_free(struct defrag_hosts *h)
{
	if (h == NULL)
		return;
	addr_table_fini(&h->blocks);
	free(h);
}

int
defrag_hosts_add(struct defrag_hosts *h, const char *block,
    enum defrag_policy pol)
{
	if ((unsigned)pol >= DEFRAG_NPOLICIES) {
		errno = EINVAL;
		return -1;
	}
	return addr_table_add(&h->blocks, block, (uint8_t)pol);
}

enum defrag_policy
defrag_hosts_lookup(const struct defrag_hosts *h, const struct ip_addr *dst)
{
	if (h == NULL)
		return DEFRAG_POLICY_BSD;
	return (enum defrag_policy)addr_table_lookup(&h->blocks, dst);
}
