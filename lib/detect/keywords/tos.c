#include "core/base.h"

#include <stdio.h>

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

struct tos {
	uint8_t		 value;
	bool		 negated;
};

static int	tos_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	tos_match(struct detect_inspect *, const void *);

/* IPv4 only, as Suricata; "x1c" is hexadecimal. */
const struct keyword kw_tos = {
	.name = "tos",
	.desc = "IPv4 type of service byte: [!]N or [!]xHH",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = tos_setup,
	.match = tos_match,
	.free = free,
};

static int
tos_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg a = { opt->value, opt->value_len, opt->value_off };
	struct tos *t;
	uint64_t v;
	bool ok;

	if ((t = calloc(1, sizeof(*t))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (a.len > 0 && a.s[0] == '!') {
		t->negated = true;
		a.s++;
		a.len--;
	}
	if (a.len > 1 && (a.s[0] == 'x' || a.s[0] == 'X')) {
		char hex[8];

		ok = a.len <= 3;
		if (ok) {
			snprintf(hex, sizeof(hex), "0x%.*s", (int)a.len - 1,
			    a.s + 1);
			ok = kwparse_u64(hex, strlen(hex), UINT8_MAX, &v);
		}
	} else
		ok = kwparse_u64(a.s, a.len, UINT8_MAX, &v);
	if (!ok) {
		free(t);
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid tos '%.*s' (expected [!]0..255 "
		    "or [!]x00..xff)", (int)(opt->value_len > 64 ? 64 :
		    opt->value_len), opt->value);
		return -1;
	}
	t->value = (uint8_t)v;
	if (rules_rule_add_match(r, &kw_tos, RULE_LIST_PACKET, t) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}

static bool
tos_match(struct detect_inspect *in, const void *data)
{
	const struct tos *t = data;

	if (in->pkt->ip_version != 4)
		return false;
	return (in->pkt->tos == t->value) != t->negated;
}
