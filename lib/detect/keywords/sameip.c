#include "core/base.h"

#include <sys/socket.h>

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	sameip_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	sameip_match(struct detect_inspect *, const void *);

const struct keyword kw_sameip = {
	.name = "sameip",
	.desc = "source and destination address are the same",
	.flags = KEYWORD_VALUE_NONE | KEYWORD_ONCE,
	.setup = sameip_setup,
	.match = sameip_match,
};

static int
sameip_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	if (rules_rule_add_match(r, &kw_sameip, RULE_LIST_PACKET, NULL) ==
	    NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}

static bool
sameip_match(struct detect_inspect *in, const void *data)
{
	const struct ip_addr *s = &in->pkt->src, *d = &in->pkt->dst;

	if (s->family != d->family)
		return false;
	if (s->family == AF_INET)
		return s->u.v4 == d->u.v4;
	return memcmp(s->u.v6, d->u.v6, sizeof(s->u.v6)) == 0;
}
