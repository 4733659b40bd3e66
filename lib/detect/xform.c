#include "core/base.h"

#include <errno.h>

#include "detect/keywords/keyword.h"
#include "detect/xform.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

bool
detect_xform_is_space(uint8_t c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' ||
	    c == '\f' || c == '\r';
}

int
detect_xform_attach(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt, const struct keyword *kw, void *data)
{
	if (!r->xforms_ok) {
		if (kw->free != NULL)
			kw->free(data);
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "transforms must directly follow stickybuffers: '%s' "
		    "after %s", kw->name, r->buffer == 0 ?
		    "pkt_data or no buffer" : "no sticky buffer");
		return -1;
	}
	if (rules_rule_add_xform(r, kw, data) == -1) {
		if (errno == E2BIG)
			rules_parser_error(p, opt->name_off, opt->name,
			    opt->name_len, "too many transforms (at most %d "
			    "per buffer, %d chains per rule)",
			    RULE_XFORMS_MAX, RULE_XCHAINS_MAX - 1);
		else
			rules_parser_nomem(p);
		return -1;
	}
	return 0;
}

const char *
detect_xform_check_content(const struct rule *r, const uint8_t *pat,
    uint32_t len)
{
	const struct rule_xchain *c;

	if (r->xchain == 0 || r->xchains == NULL)
		return NULL;
	c = &r->xchains[r->xchain];
	for (uint8_t i = 0; i < c->n; i++) {
		const struct keyword *kw = c->xforms[i].kw;

		if (kw->xform_validate != NULL &&
		    !kw->xform_validate(c->xforms[i].data, pat, len))
			return kw->name;
	}
	return NULL;
}

char *
detect_xform_quoted(struct rules_parser *p, const struct rules_option *opt)
{
	char *s;

	if (!opt->has_value || opt->value_len < 2 || opt->value[0] != '"' ||
	    opt->value[opt->value_len - 1] != '"') {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid formatting to %.*s keyword: "
		    "value must be double quoted", (int)opt->name_len,
		    opt->name);
		return NULL;
	}
	/* as Suricata, the text between the quotes as written: a regex
	 * keeps its backslashes */
	if ((s = strndup(opt->value + 1, opt->value_len - 2)) == NULL)
		rules_parser_nomem(p);
	return s;
}
