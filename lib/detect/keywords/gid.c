#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	gid_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

const struct keyword kw_gid = {
	.name = "gid",
	.desc = "group id of the signature (default 1)",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_ONCE,
	.setup = gid_setup,
};

static int
gid_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return rules_parser_u32(p, opt, 0, &r->gid);
}
