#include "core/base.h"

#include "detect/keywords/content.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	within_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

const struct keyword kw_within = {
	.name = "within",
	.desc = "the content ends within this many bytes of the previous match",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = within_setup,
};

static int
within_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct rule_match *m;
	struct detect_content *c = detect_content_last(p, r, opt, &m);
	struct kwparse_arg a = { opt->value, opt->value_len, opt->value_off };

	if (c == NULL)
		return -1;
	if (c->flags & CONTENT_WITHIN) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "'within' given twice for one content");
		return -1;
	}
	if (c->flags & (CONTENT_ABSOLUTE)) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "'within' cannot be combined with "
		    "'depth', 'offset' or 'startswith' on one content");
		return -1;
	}
	if (kwparse_value(p, r, &a, "within", 1, 65535, &c->within) == -1)
		return -1;
	if (c->within.var == -1 && c->within.v < c->len) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "within %lld is smaller than the content "
		    "length %u", (long long)c->within.v, c->len);
		return -1;
	}
	c->flags |= CONTENT_WITHIN;
	m->flags |= RULE_MATCH_RELATIVE;
	return 0;
}
