#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	nfq_set_mark_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Recorded on the rule; the engine composes the marks of the matching
 * rules into detect_result.mark, which the verdict applies to accepted
 * packets. */
const struct keyword kw_nfq_set_mark = {
	.name = "nfq_set_mark",
	.desc = "set the packet mark on accept: VALUE[/MASK] (decimal or 0x "
	    "hex; mask defaults to 0xffffffff)",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_ONCE,
	.setup = nfq_set_mark_setup,
};

static int
nfq_set_mark_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg args[2];
	uint64_t value, mask = UINT32_MAX;
	int n;

	if ((n = kwparse_split(p, opt, '/', args, 2)) == -1)
		return -1;
	if (!kwparse_u64(args[0].s, args[0].len, UINT32_MAX, &value) ||
	    (n == 2 && !kwparse_u64(args[1].s, args[1].len, UINT32_MAX,
	    &mask))) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid nfq_set_mark '%.*s' (expected "
		    "VALUE[/MASK], 32-bit decimal or 0x hex)",
		    (int)(opt->value_len > 64 ? 64 : opt->value_len),
		    opt->value);
		return -1;
	}
	r->mark_value = (uint32_t)value;
	r->mark_mask = (uint32_t)mask;
	r->flags |= RULE_F_MARK;
	return 0;
}
