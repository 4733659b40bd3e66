#include "core/base.h"

#include "detect/keywords/content.h"
#include "detect/keywords/keyword.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	endswith_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

const struct keyword kw_endswith = {
	.name = "endswith",
	.desc = "the previous content must end the buffer",
	.flags = KEYWORD_VALUE_NONE,
	.setup = endswith_setup,
};

static int
endswith_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct detect_content *c = detect_content_last(p, r, opt, NULL);

	if (c == NULL)
		return -1;
	if (c->flags & CONTENT_ENDSWITH) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "'endswith' given twice for one content");
		return -1;
	}
	c->flags |= CONTENT_ENDSWITH;
	return 0;
}
