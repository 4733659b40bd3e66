#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	classtype_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Stored as given; checking it against classification.config comes with
 * the classification file loader. */
const struct keyword kw_classtype = {
	.name = "classtype",
	.desc = "class of attack, from classification.config",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_ONCE,
	.setup = classtype_setup,
};

static int
classtype_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	for (size_t i = 0; i < opt->value_len; i++) {
		char c = opt->value[i];

		if (!(c == '_' || c == '-' || (c >= 'a' && c <= 'z') ||
		    (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))) {
			rules_parser_error(p, opt->value_off, opt->value,
			    opt->value_len, "invalid classtype '%.*s'",
			    (int)(opt->value_len > 64 ? 64 : opt->value_len),
			    opt->value);
			return -1;
		}
	}
	return rules_parser_string(p, opt, &r->classtype);
}
