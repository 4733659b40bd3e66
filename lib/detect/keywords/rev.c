#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	rev_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

const struct keyword kw_rev = {
	.name = "rev",
	.desc = "revision of the signature",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_ONCE,
	.setup = rev_setup,
};

static int
rev_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return rules_parser_u32(p, opt, 0, &r->rev);
}
