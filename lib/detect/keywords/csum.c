#include "core/base.h"

#include <strings.h>

#include "core/packet.h"
#include "detect/keywords/csum.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

int
csum_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt, const struct keyword *kw)
{
	struct kwparse_arg a = { opt->value, opt->value_len, opt->value_off };
	struct kwparse_arg v = a;
	bool *valid;

	if (v.len >= 2 && v.s[0] == '"' && v.s[v.len - 1] == '"') {
		v.s++;
		v.len -= 2;
	}
	if (!kwparse_is(&v, "valid") && !kwparse_is(&v, "invalid")) {
		kwparse_error(p, &a, "invalid %s '%.*s' (expected valid or "
		    "invalid)", kw->name, (int)(a.len > 64 ? 64 : a.len), a.s);
		return -1;
	}
	if ((valid = malloc(sizeof(*valid))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	/* As Suricata's DetectCsumParseArg, which compares the value as
	 * written: "valid" in quotes asks for an invalid checksum. */
	*valid = kwparse_is(&a, "valid");
	if (rules_rule_add_match(r, kw, RULE_LIST_PACKET, valid) == NULL) {
		free(valid);
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}

bool
csum_match(const struct packet *p, const void *data,
    int (*judge)(const struct packet *))
{
	bool valid = *(const bool *)data;
	int rc;

	/* judge first: without the header there is nothing to match */
	if ((rc = judge(p)) == -1)
		return false;
	if (p->ignore_checksum)
		return valid;
	return (rc == 1) == valid;
}
