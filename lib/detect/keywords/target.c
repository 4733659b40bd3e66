#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	target_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Which side is the target, for eve's source/target fields. Given more
 * than once (some ET rules do), the last one counts. */
const struct keyword kw_target = {
	.name = "target",
	.desc = "which side the attack targets: src_ip or dest_ip",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = target_setup,
};

static int
target_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg a = { opt->value, opt->value_len, opt->value_off };

	if (kwparse_is(&a, "src_ip"))
		r->target = RULE_TARGET_SRC;
	else if (kwparse_is(&a, "dest_ip"))
		r->target = RULE_TARGET_DST;
	else {
		kwparse_error(p, &a, "invalid target '%.*s' (expected src_ip "
		    "or dest_ip)", (int)(a.len > 64 ? 64 : a.len), a.s);
		return -1;
	}
	return 0;
}
