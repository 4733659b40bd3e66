#include "core/base.h"

#include <sys/socket.h>

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <strings.h>

#include "rules/addr.h"

enum { ADDR_V4, ADDR_V6 };

struct addr_ip {
	int		 part;	/* ADDR_V4 or ADDR_V6 */
	struct rules_u128 v;
};

static int	addr_leaf(const char *, size_t, struct rules_rangeset *, char *,
		    size_t);
static bool	addr_ip_parse(const char *, struct addr_ip *);
static int	addr_prefix(const char *, int, unsigned *);
static void	addr_cidr(struct addr_ip *, unsigned, struct rules_u128 *,
		    struct rules_u128 *);
static struct rules_u128 addr_v6_u128(const uint8_t *);

#define ADDR_LEAF_MAX	128	/* longer than any address form we accept */

static const struct rules_list_ops addr_ops = {
	.what = "address",
	.nparts = 2,
	.min = { { 0, 0 }, { 0, 0 } },
	.max = { { 0, UINT32_MAX }, { UINT64_MAX, UINT64_MAX } },
	.leaf = addr_leaf,
};

void
rules_addr_init(struct rules_addr *a)
{
	rules_rangeset_init(&a->v4);
	rules_rangeset_init(&a->v6);
	a->any = false;
	a->negated = false;
}

void
rules_addr_free(struct rules_addr *a)
{
	rules_rangeset_free(&a->v4);
	rules_rangeset_free(&a->v6);
	a->any = false;
}

int
rules_addr_parse(struct rules_addr *a, const char *s, size_t len, size_t off,
    const struct rules_vars *vars, struct rules_list_error *err)
{
	struct rules_rangeset parts[2];

	rules_rangeset_init(&parts[ADDR_V4]);
	rules_rangeset_init(&parts[ADDR_V6]);
	if (rules_list_parse(&addr_ops, vars, s, len, off, parts, err) == -1) {
		rules_rangeset_free(&parts[ADDR_V4]);
		rules_rangeset_free(&parts[ADDR_V6]);
		return -1;
	}
	rules_rangeset_move(&a->v4, &parts[ADDR_V4]);
	rules_rangeset_move(&a->v6, &parts[ADDR_V6]);
	a->negated = err->negated;
	a->any = rules_rangeset_is_full(&a->v4, addr_ops.min[ADDR_V4],
	    addr_ops.max[ADDR_V4]) && rules_rangeset_is_full(&a->v6,
	    addr_ops.min[ADDR_V6], addr_ops.max[ADDR_V6]);
	return 0;
}

bool
rules_addr_negated(const struct rules_addr *a)
{
	return a->negated;
}

bool
rules_addr_match(const struct rules_addr *a, const struct ip_addr *ip)
{
	struct rules_u128 v;

	if (a->any)
		return ip->family == AF_INET || ip->family == AF_INET6;
	if (ip->family == AF_INET) {
		v.hi = 0;
		v.lo = ntohl(ip->u.v4);
		return rules_rangeset_contains(&a->v4, v);
	}
	if (ip->family == AF_INET6)
		return rules_rangeset_contains(&a->v6,
		    addr_v6_u128(ip->u.v6));
	return false;
}

static struct rules_u128
addr_v6_u128(const uint8_t *b)
{
	struct rules_u128 v = { 0, 0 };

	for (int i = 0; i < 8; i++) {
		v.hi = v.hi << 8 | b[i];
		v.lo = v.lo << 8 | b[i + 8];
	}
	return v;
}

static bool
addr_ip_parse(const char *s, struct addr_ip *ip)
{
	struct in_addr in4;
	struct in6_addr in6;

	if (inet_pton(AF_INET, s, &in4) == 1) {
		ip->part = ADDR_V4;
		ip->v.hi = 0;
		ip->v.lo = ntohl(in4.s_addr);
		return true;
	}
	if (inet_pton(AF_INET6, s, &in6) == 1) {
		ip->part = ADDR_V6;
		ip->v = addr_v6_u128(in6.s6_addr);
		return true;
	}
	return false;
}

/* The prefix length after '/': decimal, or an IPv4 netmask with contiguous
 * ones. 0, or -1 when it is not valid for the family. */
static int
addr_prefix(const char *s, int part, unsigned *prefix)
{
	unsigned bits = part == ADDR_V4 ? 32 : 128, v = 0;
	size_t n = strlen(s);

	if (part == ADDR_V4 && strchr(s, '.') != NULL) {
		struct in_addr m;
		uint32_t mask;

		if (inet_pton(AF_INET, s, &m) != 1)
			return -1;
		mask = ntohl(m.s_addr);
		if ((mask | (mask - 1)) != UINT32_MAX && mask != 0)
			return -1;
		*prefix = mask == 0 ? 0 : 32 - (unsigned)__builtin_ctz(mask);
		return 0;
	}
	if (n == 0 || n > 3)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (unsigned)(s[i] - '0');
	}
	if (v > bits)
		return -1;
	*prefix = v;
	return 0;
}

/* [first, last] of the block of ip with that prefix; host bits of ip are
 * ignored, as Suricata does. */
static void
addr_cidr(struct addr_ip *ip, unsigned prefix, struct rules_u128 *first,
    struct rules_u128 *last)
{
	struct rules_u128 mask;

	if (ip->part == ADDR_V4) {
		mask.hi = 0;
		mask.lo = prefix == 0 ? 0 :
		    (UINT32_MAX << (32 - prefix)) & UINT32_MAX;
		first->hi = last->hi = 0;
		first->lo = ip->v.lo & mask.lo;
		last->lo = first->lo | (~mask.lo & UINT32_MAX);
		return;
	}
	mask.hi = prefix == 0 ? 0 : prefix >= 64 ? UINT64_MAX :
	    UINT64_MAX << (64 - prefix);
	mask.lo = prefix <= 64 ? 0 : prefix == 128 ? UINT64_MAX :
	    UINT64_MAX << (128 - prefix);
	first->hi = ip->v.hi & mask.hi;
	first->lo = ip->v.lo & mask.lo;
	last->hi = first->hi | ~mask.hi;
	last->lo = first->lo | ~mask.lo;
}

static int
addr_leaf(const char *s, size_t len, struct rules_rangeset *parts, char *err,
    size_t errlen)
{
	char buf[ADDR_LEAF_MAX];
	struct addr_ip a, b;
	char *sep;
	unsigned prefix;
	int n = (int)(len > 64 ? 64 : len);

	if (len == 3 && strncasecmp(s, "any", 3) == 0) {
		for (int i = ADDR_V4; i <= ADDR_V6; i++)
			if (rules_rangeset_add(&parts[i], addr_ops.min[i],
			    addr_ops.max[i]) == -1)
				goto nomem;
		return 0;
	}
	if (len >= sizeof(buf))
		goto bad;
	memcpy(buf, s, len);
	buf[len] = '\0';

	if ((sep = strchr(buf, '/')) != NULL) {
		*sep++ = '\0';
		if (!addr_ip_parse(buf, &a))
			goto bad;
		if (addr_prefix(sep, a.part, &prefix) == -1) {
			snprintf(err, errlen, "invalid CIDR '%.*s': prefix "
			    "length must be 0..%d", n, s,
			    a.part == ADDR_V4 ? 32 : 128);
			return -1;
		}
		addr_cidr(&a, prefix, &a.v, &b.v);
		if (rules_rangeset_add(&parts[a.part], a.v, b.v) == -1)
			goto nomem;
		return 0;
	}
	if ((sep = strchr(buf, '-')) != NULL) {
		*sep++ = '\0';
		if (!addr_ip_parse(buf, &a) || !addr_ip_parse(sep, &b) ||
		    a.part != b.part || rules_u128_cmp(a.v, b.v) > 0) {
			snprintf(err, errlen, "invalid address range '%.*s'",
			    n, s);
			return -1;
		}
		if (rules_rangeset_add(&parts[a.part], a.v, b.v) == -1)
			goto nomem;
		return 0;
	}
	if (!addr_ip_parse(buf, &a))
		goto bad;
	if (rules_rangeset_add(&parts[a.part], a.v, a.v) == -1)
		goto nomem;
	return 0;
bad:
	snprintf(err, errlen, "invalid address '%.*s'", n, s);
	return -1;
nomem:
	snprintf(err, errlen, "out of memory");
	return -1;
}
