#include "core/base.h"

#include <netinet/in.h>

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	icmp_seq_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	icmp_seq_match(struct detect_inspect *, const void *);

/* Echo request and reply only. */
const struct keyword kw_icmp_seq = {
	.name = "icmp_seq",
	.desc = "ICMP/ICMPv6 echo sequence number: N",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = icmp_seq_setup,
	.match = icmp_seq_match,
	.free = free,
};

static int
icmp_seq_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return kwparse_number_match(p, r, opt, &kw_icmp_seq, UINT16_MAX);
}

static bool
icmp_seq_match(struct detect_inspect *in, const void *data)
{
	const struct packet *p = in->pkt;
	const uint64_t *v = data;

	if (!keyword_icmp_echo(p))
		return false;
	return p->icmp_seq == *v;
}
