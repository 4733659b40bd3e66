#include "core/base.h"

#include <arpa/inet.h>
#include <sys/socket.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "core/addr_table.h"

struct addr_table_entry {
	uint8_t		 family;
	uint8_t		 prefix;	/* bits */
	uint8_t		 addr[16];	/* network order, host bits zero */
	uint8_t		 value;
};

static void	mask_bits(uint8_t *, unsigned, unsigned);
static bool	prefix_match(const uint8_t *, const uint8_t *, unsigned);

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
	return rest == 0 ||
	    ((a[full] ^ net[full]) & (uint8_t)(0xff00u >> rest)) == 0;
}

void
addr_table_init(struct addr_table *t, uint8_t def)
{
	memset(t, 0, sizeof(*t));
	t->def = def;
}

void
addr_table_fini(struct addr_table *t)
{
	free(t->v);
	t->v = NULL;
	t->n = t->cap = 0;
}

int
addr_table_add(struct addr_table *t, const char *block, uint8_t value)
{
	struct addr_table_entry e;
	char buf[INET6_ADDRSTRLEN + 8];
	const char *slash;
	unsigned max;
	size_t alen;

	if (strlen(block) >= sizeof(buf)) {
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
	e.prefix = (uint8_t)max;
	if (slash != NULL) {
		char *end;
		unsigned long v;

		errno = 0;
		v = strtoul(slash + 1, &end, 10);
		if (slash[1] < '0' || slash[1] > '9' || *end != '\0' ||
		    errno != 0 || v > max) {
			errno = EINVAL;
			return -1;
		}
		e.prefix = (uint8_t)v;
	}
	e.value = value;
	mask_bits(e.addr, max / 8, e.prefix);
	if (t->n == t->cap) {
		size_t cap = t->cap != 0 ? 2 * t->cap : 8;
		struct addr_table_entry *v = realloc(t->v, cap * sizeof(*v));

		if (v == NULL)
			return -1;
		t->v = v;
		t->cap = cap;
	}
	t->v[t->n++] = e;
	return 0;
}

uint8_t
addr_table_lookup(const struct addr_table *t, const struct ip_addr *a)
{
	const struct addr_table_entry *best = NULL;
	const uint8_t *bytes;

	if (a->family != AF_INET && a->family != AF_INET6)
		return t->def;
	bytes = a->family == AF_INET ? (const uint8_t *)&a->u.v4 : a->u.v6;
	for (size_t i = 0; i < t->n; i++) {
		const struct addr_table_entry *e = &t->v[i];

		if (e->family == a->family &&
		    prefix_match(bytes, e->addr, e->prefix) &&
		    (best == NULL || e->prefix > best->prefix))
			best = e;
	}
	return best != NULL ? best->value : t->def;
}
