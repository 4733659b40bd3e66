#include "core/base.h"

#include <arpa/inet.h>
#include <sys/socket.h>

#include <errno.h>
#include <stdlib.h>

#include "defrag/hosts.h"

struct hosts_entry {
	uint8_t		 family;
	uint8_t		 prefix;	/* bits */
	uint8_t		 addr[16];	/* network order, host bits zero */
	uint8_t		 policy;
};

struct defrag_hosts {
	struct hosts_entry *v;
	size_t		 n;
	size_t		 cap;
	enum defrag_policy def;
};

static void	hosts_mask(uint8_t *, unsigned, unsigned);
static bool	hosts_match(const uint8_t *, const uint8_t *, unsigned);

static void
hosts_mask(uint8_t *a, unsigned len, unsigned prefix)
{
	for (unsigned i = 0; i < len; i++) {
		unsigned keep = prefix >= 8 * (i + 1) ? 8 :
		    prefix > 8 * i ? prefix - 8 * i : 0;

		a[i] &= (uint8_t)(0xff00u >> keep);
	}
}

static bool
hosts_match(const uint8_t *a, const uint8_t *net, unsigned prefix)
{
	unsigned full = prefix / 8, rest = prefix % 8;

	if (memcmp(a, net, full) != 0)
		return false;
	return rest == 0 ||
	    ((a[full] ^ net[full]) & (uint8_t)(0xff00u >> rest)) == 0;
}

struct defrag_hosts *
defrag_hosts_new(enum defrag_policy def)
{
	struct defrag_hosts *h = calloc(1, sizeof(*h));

	if (h != NULL)
		h->def = def;
	return h;
}

void
defrag_hosts_free(struct defrag_hosts *h)
{
	if (h == NULL)
		return;
	free(h->v);
	free(h);
}

int
defrag_hosts_add(struct defrag_hosts *h, const char *block,
    enum defrag_policy pol)
{
	struct hosts_entry e;
	char buf[INET6_ADDRSTRLEN + 8];
	const char *slash;
	unsigned max;
	size_t alen;

	if ((unsigned)pol >= DEFRAG_NPOLICIES || strlen(block) >= sizeof(buf)) {
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
	e.policy = (uint8_t)pol;
	hosts_mask(e.addr, max / 8, e.prefix);
	if (h->n == h->cap) {
		size_t cap = h->cap != 0 ? 2 * h->cap : 8;
		struct hosts_entry *v = realloc(h->v, cap * sizeof(*v));

		if (v == NULL)
			return -1;
		h->v = v;
		h->cap = cap;
	}
	h->v[h->n++] = e;
	return 0;
}

enum defrag_policy
defrag_hosts_lookup(const struct defrag_hosts *h, const struct ip_addr *dst)
{
	const uint8_t *bytes;
	const struct hosts_entry *best = NULL;

	if (h == NULL)
		return DEFRAG_POLICY_BSD;
	if (dst->family != AF_INET && dst->family != AF_INET6)
		return h->def;
	bytes = dst->family == AF_INET ? (const uint8_t *)&dst->u.v4 :
	    dst->u.v6;
	for (size_t i = 0; i < h->n; i++) {
		const struct hosts_entry *e = &h->v[i];

		if (e->family == dst->family &&
		    hosts_match(bytes, e->addr, e->prefix) &&
		    (best == NULL || e->prefix > best->prefix))
			best = e;
	}
	return best != NULL ? (enum defrag_policy)best->policy : h->def;
}
