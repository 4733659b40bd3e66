#include "core/base.h"

#include <stdio.h>
#include <strings.h>

#include "rules/port.h"

static int	port_leaf(const char *, size_t, struct rules_rangeset *, char *,
		    size_t);
static bool	port_number(const char *, size_t, uint64_t *);

static const struct rules_list_ops port_ops = {
	.what = "port",
	.nparts = 1,
	.min = { { 0, 0 } },
	.max = { { 0, UINT16_MAX } },
	.leaf = port_leaf,
};

void
rules_port_init(struct rules_port *p)
{
	rules_rangeset_init(&p->set);
	p->any = false;
}

void
rules_port_free(struct rules_port *p)
{
	rules_rangeset_free(&p->set);
	p->any = false;
}

int
rules_port_parse(struct rules_port *p, const char *s, size_t len, size_t off,
    const struct rules_vars *vars, struct rules_list_error *err)
{
	struct rules_rangeset set;

	rules_rangeset_init(&set);
	if (rules_list_parse(&port_ops, vars, s, len, off, &set, err) == -1) {
		rules_rangeset_free(&set);
		return -1;
	}
	rules_rangeset_move(&p->set, &set);
	p->any = rules_rangeset_is_full(&p->set, port_ops.min[0],
	    port_ops.max[0]);
	return 0;
}

bool
rules_port_match(const struct rules_port *p, uint16_t port)
{
	struct rules_u128 v = { 0, port };

	return p->any || rules_rangeset_contains(&p->set, v);
}

/* Decimal digits only, at most 5 of them: no sign, no blanks. */
static bool
port_number(const char *s, size_t len, uint64_t *v)
{
	*v = 0;
	if (len == 0 || len > 5)
		return false;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		*v = *v * 10 + (uint64_t)(s[i] - '0');
	}
	return *v <= UINT16_MAX;
}

static int
port_leaf(const char *s, size_t len, struct rules_rangeset *parts, char *err,
    size_t errlen)
{
	struct rules_u128 first = { 0, 0 }, last = { 0, UINT16_MAX };
	const char *colon;
	int n = (int)(len > 64 ? 64 : len);

	if (len == 3 && strncasecmp(s, "any", 3) == 0)
		goto add;
	if ((colon = memchr(s, ':', len)) == NULL) {
		if (!port_number(s, len, &first.lo)) {
			snprintf(err, errlen, "invalid port '%.*s'", n, s);
			return -1;
		}
		last = first;
		goto add;
	}
	{
		size_t llen = (size_t)(colon - s), rlen = len - llen - 1;

		if ((llen == 0 && rlen == 0) ||
		    (llen > 0 && !port_number(s, llen, &first.lo)) ||
		    (rlen > 0 && !port_number(colon + 1, rlen, &last.lo))) {
			snprintf(err, errlen, "invalid port range '%.*s'", n,
			    s);
			return -1;
		}
		if (first.lo > last.lo) {
			snprintf(err, errlen, "invalid port range '%.*s': "
			    "start is above end", n, s);
			return -1;
		}
	}
add:
	if (rules_rangeset_add(&parts[0], first, last) == -1) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}
