#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	priority_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Overrides the classtype's priority; also orders rule evaluation among
 * rules of one action (lower first), as Suricata. */
const struct keyword kw_priority = {
	.name = "priority",
	.desc = "alert priority, 1 (highest) to 255",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_ONCE,
	.setup = priority_setup,
};

static int
priority_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	uint32_t v;

	if (rules_parser_u32(p, opt, 1, &v) == -1)
		return -1;
	if (v > 255) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid priority '%u' (expected 1..255)",
		    v);
		return -1;
	}
	r->priority = (uint8_t)v;
	return 0;
}
