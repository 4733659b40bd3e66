#include "core/base.h"

#include "core/packet.h"
#include "decode/checksum.h"
#include "detect/keywords/csum.h"
#include "detect/keywords/keyword.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	igmp_csum_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	igmp_csum_match(struct detect_inspect *, const void *);

/* Suricata's igmp-csum: the IGMP checksum (decode/checksum.h: what is summed). */
const struct keyword kw_igmp_csum = {
	.name = "igmp-csum",
	.desc = "the IGMP checksum: valid or invalid",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = igmp_csum_setup,
	.match = igmp_csum_match,
	.free = free,
};

static int
igmp_csum_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return csum_setup(p, r, opt, &kw_igmp_csum);
}

static bool
igmp_csum_match(struct detect_inspect *in, const void *data)
{
	return csum_match(in->pkt, data, decode_csum_igmp);
}
