#include "core/base.h"

#include <netinet/in.h>

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

struct icmp_id_arg {
	uint64_t	 value;
};

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
	struct kwparse_arg a = { opt->value, opt->value_len, opt->value_off };
	struct icmp_id_arg *v;

	if ((v = calloc(1, sizeof(*v))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (!kwparse_u64(a.s, a.len, UINT16_MAX, &v->value)) {
		free(v);
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid icmp_id '%.*s' "
		    "(expected 0..65535)",
		    (int)(opt->value_len > 64 ? 64 : opt->value_len),
		    opt->value);
		return -1;
	}
	if (rules_rule_add_match(r, &kw_icmp_id, RULE_LIST_PACKET, v) ==
	    NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}

static bool
icmp_id_match(struct detect_inspect *in, const void *data)
{
	const struct packet *p = in->pkt;
	const struct icmp_id_arg *v = data;

	/* echo request/reply carry an id and a sequence number */
	if (!p->l4_valid || !((p->proto == IPPROTO_ICMP &&
	    (p->icmp_type == 0 || p->icmp_type == 8)) ||
	    (p->proto == IPPROTO_ICMPV6 &&
	    (p->icmp_type == 128 || p->icmp_type == 129))))
		return false;
	return p->icmp_id == v->value;
}
