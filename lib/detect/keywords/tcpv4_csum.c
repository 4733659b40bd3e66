#include "core/base.h"

#include "core/packet.h"
#include "decode/checksum.h"
#include "detect/keywords/csum.h"
#include "detect/keywords/keyword.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	tcpv4_csum_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	tcpv4_csum_match(struct detect_inspect *, const void *);
static int	tcpv4_judge(const struct packet *);

/* Suricata's tcpv4-csum: the TCP checksum over IPv4 (decode/checksum.h: what is summed). */
const struct keyword kw_tcpv4_csum = {
	.name = "tcpv4-csum",
	.desc = "the TCP checksum over IPv4: valid or invalid",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = tcpv4_csum_setup,
	.match = tcpv4_csum_match,
	.free = free,
};

static int
tcpv4_csum_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return csum_setup(p, r, opt, &kw_tcpv4_csum);
}

static bool
tcpv4_csum_match(struct detect_inspect *in, const void *data)
{
	return csum_match(in->pkt, data, tcpv4_judge);
}

static int
tcpv4_judge(const struct packet *p)
{
	return p->ip_version == 4 ? decode_csum_tcp(p) : -1;
}
