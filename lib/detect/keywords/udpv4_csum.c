#include "core/base.h"

#include "core/packet.h"
#include "decode/checksum.h"
#include "detect/keywords/csum.h"
#include "detect/keywords/keyword.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	udpv4_csum_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	udpv4_csum_match(struct detect_inspect *, const void *);
static int	udpv4_judge(const struct packet *);

/* Suricata's udpv4-csum: the UDP checksum over IPv4 (none when 0) (decode/checksum.h: what is summed). */
const struct keyword kw_udpv4_csum = {
	.name = "udpv4-csum",
	.desc = "the UDP checksum over IPv4 (none when 0): valid or invalid",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = udpv4_csum_setup,
	.match = udpv4_csum_match,
	.free = free,
};

static int
udpv4_csum_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return csum_setup(p, r, opt, &kw_udpv4_csum);
}

static bool
udpv4_csum_match(struct detect_inspect *in, const void *data)
{
	return csum_match(in->pkt, data, udpv4_judge);
}

static int
udpv4_judge(const struct packet *p)
{
	return p->ip_version == 4 ? decode_csum_udp(p) : -1;
}
