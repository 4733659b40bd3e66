#include "core/base.h"

#include "detect/keywords/content.h"
#include "detect/keywords/keyword.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	startswith_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Short for offset:0; depth:<content length>;, as in Suricata. */
const struct keyword kw_startswith = {
	.name = "startswith",
	.desc = "the previous content must be at the start of the buffer",
	.flags = KEYWORD_VALUE_NONE,
	.setup = startswith_setup,
};

static int
startswith_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct detect_content *c = detect_content_last(p, r, opt, NULL);

	if (c == NULL)
		return -1;
	if (c->flags & (CONTENT_ABSOLUTE | CONTENT_RELATIVE)) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "'startswith' cannot be combined with depth, offset, "
		    "distance or within on one content");
		return -1;
	}
	c->flags |= CONTENT_STARTSWITH | CONTENT_DEPTH | CONTENT_OFFSET;
	c->offset.v = 0;
	c->depth.v = c->len;
	return 0;
}
