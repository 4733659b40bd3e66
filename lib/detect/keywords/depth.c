#include "core/base.h"

#include "detect/keywords/content.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	depth_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

const struct keyword kw_depth = {
	.name = "depth",
	.desc = "the content ends within this many bytes from offset",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = depth_setup,
};

static int
depth_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct detect_content *c = detect_content_last(p, r, opt, NULL);
	struct kwparse_arg a = { opt->value, opt->value_len, opt->value_off };

	if (c == NULL)
		return -1;
	if (c->flags & CONTENT_DEPTH) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "'depth' given twice for one content");
		return -1;
	}
	if (c->flags & (CONTENT_RELATIVE | CONTENT_STARTSWITH)) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "'depth' cannot be combined with "
		    "'distance', 'within' or 'startswith' on one content");
		return -1;
	}
	if (kwparse_value(p, r, &a, "depth", 1, 65535, &c->depth) == -1)
		return -1;
	if (c->depth.var == -1 && c->depth.v < c->len) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "depth %lld is smaller than the content "
		    "length %u", (long long)c->depth.v, c->len);
		return -1;
	}
	c->flags |= CONTENT_DEPTH;
	return 0;
}
