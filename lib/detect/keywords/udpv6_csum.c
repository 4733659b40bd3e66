#include "core/base.h"

#include "core/packet.h"
#include "decode/checksum.h"
#include "detect/keywords/csum.h"
#include "detect/keywords/keyword.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	udpv6_csum_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	udpv6_csum_match(struct detect_inspect *, const void *);
static int	udpv6_judge(const struct packet *);

/* Suricata's udpv6-csum: the UDP checksum over IPv6 (decode/checksum.h: what is summed). */
const struct keyword kw_udpv6_csum = {
	.name = "udpv6-csum",
	.desc = "the UDP checksum over IPv6: valid or invalid",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = udpv6_csum_setup,
	.match = udpv6_csum_match,
	.free = free,
};

static int
udpv6_csum_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return csum_setup(p, r, opt, &kw_udpv6_csum);
}

static bool
udpv6_csum_match(struct detect_inspect *in, const void *data)
{
	return csum_match(in->pkt, data, udpv6_judge);
}

static int
udpv6_judge(const struct packet *p)
{
	return p->ip_version == 6 ? decode_csum_udp(p) : -1;
}
