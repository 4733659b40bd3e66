#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	metadata_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Accepted and dropped: nothing uses rule metadata yet. */
const struct keyword kw_metadata = {
	.name = "metadata",
	.desc = "free-form 'key value' pairs, ignored",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = metadata_setup,
};

static int
metadata_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return 0;
}
