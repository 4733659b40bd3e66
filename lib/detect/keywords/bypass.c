#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	bypass_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* On match the flow is marked FLOW_F_BYPASS and detect_result.bypass
 * set: the daemon stops queueing the flow (conntrack mark). */
const struct keyword kw_bypass = {
	.name = "bypass",
	.desc = "stop inspecting the flow once the rule matched",
	.flags = KEYWORD_VALUE_NONE,
	.setup = bypass_setup,
};

static int
bypass_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	r->flags |= RULE_F_BYPASS;
	return 0;
}
