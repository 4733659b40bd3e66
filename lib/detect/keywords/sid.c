#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	sid_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

const struct keyword kw_sid = {
	.name = "sid",
	.desc = "signature id, unique within its gid (required)",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_ONCE,
	.setup = sid_setup,
};

static int
sid_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	if (rules_parser_u32(p, opt, 1, &r->sid) == -1)
		return -1;
	r->has_sid = true;
	r->sid_col = (unsigned)opt->value_off + 1;
	return 0;
}
