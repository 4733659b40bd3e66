#include "core/base.h"

#include "detect/keywords/content.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	offset_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

const struct keyword kw_offset = {
	.name = "offset",
	.desc = "where in the buffer the search for the content starts",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = offset_setup,
};

static int
offset_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct detect_content *c = detect_content_last(p, r, opt, NULL);
	struct kwparse_arg a = { opt->value, opt->value_len, opt->value_off };

	if (c == NULL)
		return -1;
	if (c->flags & CONTENT_OFFSET) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "'offset' given twice for one content");
		return -1;
	}
	if (c->flags & (CONTENT_RELATIVE | CONTENT_STARTSWITH)) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "'offset' cannot be combined with "
		    "'distance', 'within' or 'startswith' on one content");
		return -1;
	}
	if (kwparse_value(p, r, &a, "offset", 0, 65535, &c->offset) == -1)
		return -1;
	c->flags |= CONTENT_OFFSET;
	return 0;
}
