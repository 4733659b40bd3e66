#include "core/base.h"

#include <errno.h>
#include <stdlib.h>

#include "core/addr_table.h"
#include "stream/hostos.h"

struct stream_hostos {
	struct addr_table blocks;	/* values: enum stream_os_policy */
};

struct stream_hostos *
stream_hostos_new(enum stream_os_policy def)
{
	struct stream_hostos *h = calloc(1, sizeof(*h));

	if (h != NULL)
		addr_table_init(&h->blocks, (uint8_t)def);
	return h;
}

void
stream_hostos_free(struct stream_hostos *h)
{
	if (h == NULL)
		return;
	addr_table_fini(&h->blocks);
	free(h);
}

int
stream_hostos_add(struct stream_hostos *h, const char *block,
    enum stream_os_policy pol)
{
	if ((unsigned)pol >= STREAM_OS_NPOLICIES) {
		errno = EINVAL;
		return -1;
	}
	return addr_table_add(&h->blocks, block, (uint8_t)pol);
}

enum stream_os_policy
stream_hostos_lookup(const struct stream_hostos *h, const struct ip_addr *a)
{
	if (h == NULL)
		return STREAM_OS_DEFAULT;
	return (enum stream_os_policy)addr_table_lookup(&h->blocks, a);
}
