#include "core/base.h"

#include "core/packet.h"
#include "decode/checksum.h"
#include "detect/keywords/csum.h"
#include "detect/keywords/keyword.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	icmpv4_csum_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	icmpv4_csum_match(struct detect_inspect *, const void *);

/* Suricata's icmpv4-csum: the ICMP checksum (decode/checksum.h: what is summed). */
const struct keyword kw_icmpv4_csum = {
	.name = "icmpv4-csum",
	.desc = "the ICMP checksum: valid or invalid",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = icmpv4_csum_setup,
	.match = icmpv4_csum_match,
	.free = free,
};

static int
icmpv4_csum_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return csum_setup(p, r, opt, &kw_icmpv4_csum);
}

static bool
icmpv4_csum_match(struct detect_inspect *in, const void *data)
{
	return csum_match(in->pkt, data, decode_csum_icmpv4);
}
