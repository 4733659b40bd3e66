#include "core/base.h"

#include <netinet/in.h>

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

struct ack_arg {
	uint64_t	 value;
};

static int	ack_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	ack_match(struct detect_inspect *, const void *);

const struct keyword kw_ack = {
	.name = "ack",
	.desc = "TCP acknowledgement number: N",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = ack_setup,
	.match = ack_match,
	.free = free,
};

static int
ack_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg a = { opt->value, opt->value_len, opt->value_off };
	struct ack_arg *v;

	if ((v = calloc(1, sizeof(*v))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (!kwparse_u64(a.s, a.len, UINT32_MAX, &v->value)) {
		free(v);
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid ack '%.*s' "
		    "(expected 0..4294967295)",
		    (int)(opt->value_len > 64 ? 64 : opt->value_len),
		    opt->value);
		return -1;
	}
	if (rules_rule_add_match(r, &kw_ack, RULE_LIST_PACKET, v) ==
	    NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}

static bool
ack_match(struct detect_inspect *in, const void *data)
{
	const struct packet *p = in->pkt;
	const struct ack_arg *v = data;

	if (p->proto != IPPROTO_TCP || !p->l4_valid)
		return false;
	return p->tcp_ack == v->value;
}
