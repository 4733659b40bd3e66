#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	tag_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Tagging (logging the packets after an alert) needs packet logging,
 * which quell lacks: the rule loads, with a warning, and tags nothing. */
const struct keyword kw_tag = {
	.name = "tag",
	.desc = "tag the session or host (accepted, no effect)",
	.setup = tag_setup,
};

static int
tag_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	rules_parser_warning(p, opt->name_off, opt->name, opt->name_len,
	    "'tag' is not supported and has no effect");
	return 0;
}
