#include "core/base.h"

#include <netinet/in.h>

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	icmp_id_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	icmp_id_match(struct detect_inspect *, const void *);

/* Echo request and reply only (the packets the decoder reads an id
 * from). */
const struct keyword kw_icmp_id = {
	.name = "icmp_id",
	.desc = "ICMP/ICMPv6 echo identifier: N",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = icmp_id_setup,
	.match = icmp_id_match,
	.free = free,
};

static int
icmp_id_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return kwparse_number_match(p, r, opt, &kw_icmp_id, UINT16_MAX);
}

static bool
icmp_id_match(struct detect_inspect *in, const void *data)
{
	const struct packet *p = in->pkt;
	const uint64_t *v = data;

	if (!keyword_icmp_echo(p))
		return false;
	return p->icmp_id == *v;
}

bool
keyword_icmp_echo(const struct packet *p)
{
	return p->l4_valid && ((p->proto == IPPROTO_ICMP &&
	    (p->icmp_type == 0 || p->icmp_type == 8)) ||
	    (p->proto == IPPROTO_ICMPV6 &&
	    (p->icmp_type == 128 || p->icmp_type == 129)));
}
