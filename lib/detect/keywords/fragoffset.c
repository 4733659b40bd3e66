#include "core/base.h"

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/uint.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	fragoffset_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	fragoffset_match(struct detect_inspect *, const void *);

/* The fragment offset field as carried (8-byte units), as Suricata;
 * IPv6 packets match only with a fragment header (an atomic one too). */
const struct keyword kw_fragoffset = {
	.name = "fragoffset",
	.desc = "IP fragment offset field (8-byte units): N, !N, <N, >N",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_ONCE,
	.setup = fragoffset_setup,
	.match = fragoffset_match,
	.free = free,
};

static int
fragoffset_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_uint_setup(p, r, opt, &kw_fragoffset, 8191);
}

static bool
fragoffset_match(struct detect_inspect *in, const void *data)
{
	const struct packet *p = in->pkt;

	if (p->ip_version == 6 && p->frag_hdr_off == 0)
		return false;
	return detect_uint_match(data, p->frag_offset);
}
