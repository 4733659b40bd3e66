#include "core/base.h"

#include "core/packet.h"
#include "decode/checksum.h"
#include "detect/keywords/csum.h"
#include "detect/keywords/keyword.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	icmpv6_csum_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	icmpv6_csum_match(struct detect_inspect *, const void *);

/* Suricata's icmpv6-csum: the ICMPv6 checksum (decode/checksum.h: what is summed). */
const struct keyword kw_icmpv6_csum = {
	.name = "icmpv6-csum",
	.desc = "the ICMPv6 checksum: valid or invalid",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = icmpv6_csum_setup,
	.match = icmpv6_csum_match,
	.free = free,
};

static int
icmpv6_csum_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return csum_setup(p, r, opt, &kw_icmpv6_csum);
}

static bool
icmpv6_csum_match(struct detect_inspect *in, const void *data)
{
	return csum_match(in->pkt, data, decode_csum_icmpv6);
}
