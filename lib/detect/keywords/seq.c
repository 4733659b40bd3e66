#include "core/base.h"

#include <netinet/in.h>

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

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
	return kwparse_number_match(p, r, opt, &kw_seq, UINT32_MAX);
}

static bool
seq_match(struct detect_inspect *in, const void *data)
{
	const struct packet *p = in->pkt;
	const uint64_t *v = data;

	if (p->proto != IPPROTO_TCP || !p->l4_valid)
		return false;
	return p->tcp_seq == *v;
}
