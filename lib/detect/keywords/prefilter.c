#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	prefilter_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Suricata's prefilter: make the keyword before it the rule's prefilter
 * engine. quell prefilters on fast patterns only and decides that
 * itself; the keyword changes no match, so it is accepted as a hint. */
const struct keyword kw_prefilter = {
	.name = "prefilter",
	.desc = "prefilter on the keyword before (a hint; quell prefilters "
	    "on fast patterns)",
	.flags = KEYWORD_VALUE_NONE,
	.setup = prefilter_setup,
};

static int
prefilter_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	(void)p;
	(void)r;
	(void)opt;
	return 0;
}
