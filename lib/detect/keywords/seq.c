#include "core/base.h"

#include <netinet/in.h>

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

struct seq_arg {
	uint64_t	 value;
};

static int	seq_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	seq_match(struct detect_inspect *, const void *);

const struct keyword kw_seq = {
	.name = "seq",
	.desc = "TCP sequence number: N",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = seq_setup,
	.match = seq_match,
	.free = free,
};

static int
seq_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg a = { opt->value, opt->value_len, opt->value_off };
	struct seq_arg *v;

	if ((v = calloc(1, sizeof(*v))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (!kwparse_u64(a.s, a.len, UINT32_MAX, &v->value)) {
		free(v);
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid seq '%.*s' "
		    "(expected 0..4294967295)",
		    (int)(opt->value_len > 64 ? 64 : opt->value_len),
		    opt->value);
		return -1;
	}
	if (rules_rule_add_match(r, &kw_seq, RULE_LIST_PACKET, v) ==
	    NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}

static bool
seq_match(struct detect_inspect *in, const void *data)
{
	const struct packet *p = in->pkt;
	const struct seq_arg *v = data;

	if (p->proto != IPPROTO_TCP || !p->l4_valid)
		return false;
	return p->tcp_seq == v->value;
}
