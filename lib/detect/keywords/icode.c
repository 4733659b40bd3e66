#include "core/base.h"

#include <netinet/in.h>

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/uint.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	icode_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	icode_match(struct detect_inspect *, const void *);

const struct keyword kw_icode = {
	.name = "icode",
	.desc = "ICMP/ICMPv6 code: N, <N, >N, N-M, !N",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_ONCE,
	.setup = icode_setup,
	.match = icode_match,
	.free = free,
};

static int
icode_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_uint_setup(p, r, opt, &kw_icode, UINT8_MAX);
}

static bool
icode_match(struct detect_inspect *in, const void *data)
{
	const struct packet *p = in->pkt;

	if ((p->proto != IPPROTO_ICMP && p->proto != IPPROTO_ICMPV6) ||
	    !p->l4_valid)
		return false;
	return detect_uint_match(data, p->icmp_code);
}
