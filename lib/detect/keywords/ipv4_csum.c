#include "core/base.h"

#include "core/packet.h"
#include "decode/checksum.h"
#include "detect/keywords/csum.h"
#include "detect/keywords/keyword.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	ipv4_csum_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	ipv4_csum_match(struct detect_inspect *, const void *);

/* Suricata's ipv4-csum: the IPv4 header checksum (decode/checksum.h: what is summed). */
const struct keyword kw_ipv4_csum = {
	.name = "ipv4-csum",
	.desc = "the IPv4 header checksum: valid or invalid",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = ipv4_csum_setup,
	.match = ipv4_csum_match,
	.free = free,
};

static int
ipv4_csum_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return csum_setup(p, r, opt, &kw_ipv4_csum);
}

static bool
ipv4_csum_match(struct detect_inspect *in, const void *data)
{
	return csum_match(in->pkt, data, decode_csum_ipv4);
}
