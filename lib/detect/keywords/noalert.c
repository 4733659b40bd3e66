#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	noalert_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* The rule still acts (drop, flowbits, marks); it only logs nothing. */
const struct keyword kw_noalert = {
	.name = "noalert",
	.desc = "match and act without an alert",
	.flags = KEYWORD_VALUE_NONE,
	.setup = noalert_setup,
};

static int
noalert_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	r->flags |= RULE_F_NOALERT;
	return 0;
}
