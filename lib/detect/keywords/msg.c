#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	msg_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

const struct keyword kw_msg = {
	.name = "msg",
	.desc = "text shown with the alert",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_ONCE,
	.setup = msg_setup,
};

static int
msg_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return rules_parser_string(p, opt, &r->msg);
}
