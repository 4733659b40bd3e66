#include "core/base.h"

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

struct id_arg {
	uint64_t	 value;
};

static int	id_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	id_match(struct detect_inspect *, const void *);

/* IPv4 only, as Suricata. */
const struct keyword kw_id = {
	.name = "id",
	.desc = "IPv4 identification field: N",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = id_setup,
	.match = id_match,
	.free = free,
};

static int
id_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg a = { opt->value, opt->value_len, opt->value_off };
	struct id_arg *v;

	if ((v = calloc(1, sizeof(*v))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (!kwparse_u64(a.s, a.len, UINT16_MAX, &v->value)) {
		free(v);
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid id '%.*s' "
		    "(expected 0..65535)",
		    (int)(opt->value_len > 64 ? 64 : opt->value_len),
		    opt->value);
		return -1;
	}
	if (rules_rule_add_match(r, &kw_id, RULE_LIST_PACKET, v) ==
	    NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}

static bool
id_match(struct detect_inspect *in, const void *data)
{
	const struct packet *p = in->pkt;
	const struct id_arg *v = data;

	if (p->ip_version != 4)
		return false;
	return p->ip_id == v->value;
}
