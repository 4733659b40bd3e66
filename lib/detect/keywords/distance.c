#include "core/base.h"

#include "detect/keywords/content.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	distance_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

const struct keyword kw_distance = {
	.name = "distance",
	.desc = "the content starts this far after the previous match",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = distance_setup,
};

static int
distance_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct rule_match *m;
	struct detect_content *c = detect_content_last(p, r, opt, &m);
	struct kwparse_arg a = { opt->value, opt->value_len, opt->value_off };

	if (c == NULL)
		return -1;
	if (c->flags & CONTENT_DISTANCE) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "'distance' given twice for one content");
		return -1;
	}
	if (c->flags & (CONTENT_ABSOLUTE)) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "'distance' cannot be combined with "
		    "'depth', 'offset' or 'startswith' on one content");
		return -1;
	}
	if (kwparse_value(p, r, &a, "distance", -65535, 65535,
	    &c->distance) == -1)
		return -1;
	c->flags |= CONTENT_DISTANCE;
	m->flags |= RULE_MATCH_RELATIVE;
	return 0;
}
