#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	reference_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Checked for shape and dropped: outputs do not show references yet. */
const struct keyword kw_reference = {
	.name = "reference",
	.desc = "external reference, 'type,id' (url,cve,bugtraq...)",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = reference_setup,
};

static int
reference_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	const char *comma = memchr(opt->value, ',', opt->value_len);

	if (comma == NULL || comma == opt->value ||
	    comma == opt->value + opt->value_len - 1) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid reference '%.*s': expected "
		    "'type,id'", (int)(opt->value_len > 64 ? 64 :
		    opt->value_len), opt->value);
		return -1;
	}
	return 0;
}
