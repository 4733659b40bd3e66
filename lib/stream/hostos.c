#include "core/base.h"

#include <arpa/inet.h>
#include <sys/socket.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stream/hostos.h"

struct hostos_entry {
	uint8_t		 family;
	uint8_t		 prefix;	/* bits */
	uint8_t		 addr[16];	/* network order, host bits zero */
	uint8_t		 policy;
};

struct stream_hostos {
	struct hostos_entry *v;
	size_t		 n;
	size_t		 cap;
	enum stream_os_policy def;
};

static void
mask_bits(uint8_t *a, unsigned len, unsigned prefix)
{
	for (unsigned i = 0; i < len; i++) {
		unsigned keep = prefix >= 8 * (i + 1) ? 8 :
		    prefix > 8 * i ? prefix - 8 * i : 0;

		a[i] &= (uint8_t)(0xff00u >> keep);
	}
}

static bool
prefix_match(const uint8_t *a, const uint8_t *net, unsigned prefix)
{
	unsigned full = prefix / 8, rest = prefix % 8;

	if (memcmp(a, net, full) != 0)
		return false;
	if (rest == 0)
		return true;
	return ((a[full] ^ net[full]) & (uint8_t)(0xff00u >> rest)) == 0;
}

struct stream_hostos *
stream_hostos_new(enum stream_os_policy def)
{
	struct stream_hostos *h = calloc(1, sizeof(*h));

	if (h != NULL)
		h->def = def;
	return h;
}

void
stream_hostos_free(struct stream_hostos *h)
{
	if (h == NULL)
		return;
	free(h->v);
	free(h);
}

int
stream_hostos_add(struct stream_hostos *h, const char *block,
    enum stream_os_policy pol)
{
	struct hostos_entry e;
	char buf[INET6_ADDRSTRLEN + 8];
	const char *slash;
	unsigned max, prefix;
	size_t alen;

	if ((unsigned)pol >= STREAM_OS_NPOLICIES ||
	    strlen(block) >= sizeof(buf)) {
		errno = EINVAL;
		return -1;
	}
	memset(&e, 0, sizeof(e));
	slash = strchr(block, '/');
	alen = slash != NULL ? (size_t)(slash - block) : strlen(block);
	memcpy(buf, block, alen);
	buf[alen] = '\0';
	if (inet_pton(AF_INET, buf, e.addr) == 1) {
		e.family = AF_INET;
		max = 32;
	} else if (inet_pton(AF_INET6, buf, e.addr) == 1) {
		e.family = AF_INET6;
		max = 128;
	} else {
		errno = EINVAL;
		return -1;
	}
	prefix = max;
	if (slash != NULL) {
		char *end;
		unsigned long v;

		errno = 0;
		v = strtoul(slash + 1, &end, 10);
		if (slash[1] == '\0' || *end != '\0' || errno != 0 || v > max) {
			errno = EINVAL;
			return -1;
		}
		prefix = (unsigned)v;
	}
	e.prefix = (uint8_t)prefix;
	e.policy = (uint8_t)pol;
	mask_bits(e.addr, max / 8, prefix);
	if (h->n == h->cap) {
		size_t cap = h->cap != 0 ? 2 * h->cap : 8;
		struct hostos_entry *v = realloc(h->v, cap * sizeof(*v));

		if (v == NULL)
			return -1;
		h->v = v;
		h->cap = cap;
	}
	h->v[h->n++] = e;
	return 0;
}

enum stream_os_policy
stream_hostos_lookup(const struct stream_hostos *h, const struct ip_addr *a)
{
	const uint8_t *bytes;
	int best = -1;

	if (h == NULL)
		return STREAM_OS_DEFAULT;
	if (a->family != AF_INET && a->family != AF_INET6)
		return h->def;
	bytes = a->family == AF_INET ? (const uint8_t *)&a->u.v4 : a->u.v6;
	for (size_t i = 0; i < h->n; i++) {
		const struct hostos_entry *e = &h->v[i];

		if (e->family != a->family || !prefix_match(bytes, e->addr,
		    e->prefix))
			continue;
		if (best < 0 || e->prefix > h->v[best].prefix)
			best = (int)i;
	}
	return best < 0 ? h->def : (enum stream_os_policy)h->v[best].policy;
}
