#include "core/base.h"

#include <netinet/in.h>

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

struct window_arg {
	uint64_t	 value;
	bool		 negated;
};

static int	window_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	window_match(struct detect_inspect *, const void *);

const struct keyword kw_window = {
	.name = "window",
	.desc = "TCP window size: [!]N",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = window_setup,
	.match = window_match,
	.free = free,
};

static int
window_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg a = { opt->value, opt->value_len, opt->value_off };
	struct window_arg *v;

	if ((v = calloc(1, sizeof(*v))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (true && a.len > 0 && a.s[0] == '!') {
		v->negated = true;
		a.s++;
		a.len--;
	}
	if (!kwparse_u64(a.s, a.len, UINT16_MAX, &v->value)) {
		free(v);
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid window '%.*s' "
		    "(expected [!]0..65535)",
		    (int)(opt->value_len > 64 ? 64 : opt->value_len),
		    opt->value);
		return -1;
	}
	if (rules_rule_add_match(r, &kw_window, RULE_LIST_PACKET, v) ==
	    NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}

static bool
window_match(struct detect_inspect *in, const void *data)
{
	const struct packet *p = in->pkt;
	const struct window_arg *v = data;

	if (p->proto != IPPROTO_TCP || !p->l4_valid)
		return false;
	return (p->tcp_window == v->value) != v->negated;
}
