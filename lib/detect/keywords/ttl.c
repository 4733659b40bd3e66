#include "core/base.h"

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/uint.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	ttl_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	ttl_match(struct detect_inspect *, const void *);

const struct keyword kw_ttl = {
	.name = "ttl",
	.desc = "IP time to live (IPv6: hop limit): N, <N, >N, N-M, !N",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_ONCE,
	.setup = ttl_setup,
	.match = ttl_match,
	.free = free,
};

static int
ttl_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_uint_setup(p, r, opt, &kw_ttl, UINT8_MAX);
}

static bool
ttl_match(struct detect_inspect *in, const void *data)
{
	const struct packet *p = in->pkt;

	return detect_uint_match(data, p->ttl);
}
