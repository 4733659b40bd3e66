#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "rules/classification.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	classtype_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Checked against classification.config when one is loaded (an unknown
 * class is an error there, as in Suricata); the class's priority is the
 * rule's unless it has a priority option. */
const struct keyword kw_classtype = {
	.name = "classtype",
	.desc = "class of attack, from classification.config",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_ONCE,
	.setup = classtype_setup,
};

static int
classtype_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	const struct rules_classes *classes = rules_parser_classes(p);
	const struct rules_class *c = NULL;
	int n = (int)(opt->value_len > 64 ? 64 : opt->value_len);

	for (size_t i = 0; i < opt->value_len; i++) {
		char ch = opt->value[i];

		if (!(ch == '_' || ch == '-' || (ch >= 'a' && ch <= 'z') ||
		    (ch >= 'A' && ch <= 'Z') || (ch >= '0' && ch <= '9'))) {
			rules_parser_error(p, opt->value_off, opt->value,
			    opt->value_len, "invalid classtype '%.*s'", n,
			    opt->value);
			return -1;
		}
	}
	if (classes != NULL && (c = rules_classes_lookup(classes, opt->value,
	    opt->value_len)) == NULL) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "unknown classtype '%.*s': not in "
		    "classification.config", n, opt->value);
		return -1;
	}
	if (c != NULL && (r->category = strdup(c->desc)) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return rules_parser_string(p, opt, &r->classtype);
}
