#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/reference.h"
#include "rules/rule.h"

static int	reference_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Checked for shape, and its system against reference.config when one is
 * loaded (unknown: a warning, as Suricata), then dropped: outputs do not
 * show references yet. */
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
	const struct rules_refs *refs = rules_parser_refs(p);
	size_t slen;

	if (comma == NULL || comma == opt->value ||
	    comma == opt->value + opt->value_len - 1) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid reference '%.*s': expected "
		    "'type,id'", (int)(opt->value_len > 64 ? 64 :
		    opt->value_len), opt->value);
		return -1;
	}
	slen = (size_t)(comma - opt->value);
	while (slen > 0 && opt->value[slen - 1] == ' ')
		slen--;
	if (refs != NULL && rules_refs_lookup(refs, opt->value, slen) == NULL)
		rules_parser_warning(p, opt->value_off, opt->value, slen,
		    "unknown reference system '%.*s': not in reference.config",
		    (int)(slen > 64 ? 64 : slen), opt->value);
	return 0;
}
