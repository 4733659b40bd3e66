#include "core/base.h"

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/uint.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	dsize_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	dsize_match(struct detect_inspect *, const void *);

/* Also matches packets without payload (dsize:0). */
const struct keyword kw_dsize = {
	.name = "dsize",
	.desc = "payload size: N, <N, >N, N<>M, !N",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_ONCE,
	.setup = dsize_setup,
	.match = dsize_match,
	.free = free,
};

static int
dsize_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	/* Suricata: dsize needs the packet, so the rule never matches the
	 * stream (its drop or pass stays with the packet). */
	r->flags |= RULE_F_PKT_ONLY;
	return detect_uint_setup(p, r, opt, &kw_dsize, UINT16_MAX);
}

static bool
dsize_match(struct detect_inspect *in, const void *data)
{
	const struct packet *p = in->pkt;

	return detect_uint_match(data, p->payload_len);
}
