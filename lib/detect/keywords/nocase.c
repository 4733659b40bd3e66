#include "core/base.h"

#include "detect/keywords/content.h"
#include "detect/keywords/keyword.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	nocase_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

const struct keyword kw_nocase = {
	.name = "nocase",
	.desc = "the previous content matches regardless of ASCII case",
	.flags = KEYWORD_VALUE_NONE,
	.setup = nocase_setup,
};

static int
nocase_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct detect_content *c = detect_content_last(p, r, opt, NULL);

	if (c == NULL)
		return -1;
	if (c->flags & CONTENT_NOCASE) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "'nocase' given twice for one content");
		return -1;
	}
	c->flags |= CONTENT_NOCASE;
	/* matching compares lowercased buffer bytes with these */
	for (uint32_t i = 0; i < c->len; i++)
		if (c->pat[i] >= 'A' && c->pat[i] <= 'Z')
			c->pat[i] = (uint8_t)(c->pat[i] - 'A' + 'a');
	return 0;
}
