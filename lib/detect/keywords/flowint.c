#include "core/base.h"

#include "detect/flowvars.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "detect/names.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

enum flowint_op { FI_SET, FI_ADD, FI_SUB, FI_EQ, FI_NE, FI_LT, FI_LE,
    FI_GT, FI_GE, FI_ISSET, FI_NOTSET };

struct flowint {
	enum flowint_op	 op;
	uint32_t	 id;
	uint32_t	 value;
	uint32_t	 value_id;	/* value is this flowint, when not 0 */
};

static int	flowint_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	flowint_match(struct detect_inspect *, const void *);

static const struct {
	const char	*s;
	enum flowint_op	 op;
} flowint_ops[] = {
	{ "=", FI_SET }, { "+", FI_ADD }, { "-", FI_SUB }, { "==", FI_EQ },
	{ "!=", FI_NE }, { "<", FI_LT }, { "<=", FI_LE }, { ">", FI_GT },
	{ ">=", FI_GE }, { "isset", FI_ISSET }, { "notset", FI_NOTSET },
	{ "isnotset", FI_NOTSET },
};

/* 32-bit counters per flow, evaluated after the payload keywords in rule
 * order; =, + and - change the flow as soon as they are reached (as
 * Suricata), and always match. An unset counter fails every comparison;
 * + and - on it start from 0. Without a flow nothing matches. */
const struct keyword kw_flowint = {
	.name = "flowint",
	.desc = "per-flow integers: name,=|+|-|==|!=|<|<=|>|>=,value|name "
	    "or name,isset|notset",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = flowint_setup,
	.match = flowint_match,
	.free = free,
};

static int
flowint_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg args[3];
	struct flowint *fi;
	size_t k;
	int n;
	uint64_t v;

	if ((n = kwparse_split(p, opt, ',', args, 3)) == -1)
		return -1;
	for (k = 0; n >= 2 && k < QUELL_NITEMS(flowint_ops); k++)
		if (kwparse_is(&args[1], flowint_ops[k].s))
			break;
	if (n < 2 || k == QUELL_NITEMS(flowint_ops) || args[0].len == 0 ||
	    (n == 3) != (flowint_ops[k].op < FI_ISSET)) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid flowint '%.*s' (expected name,"
		    "operator,value or name,isset|notset)",
		    (int)(opt->value_len > 64 ? 64 : opt->value_len),
		    opt->value);
		return -1;
	}
	if ((fi = calloc(1, sizeof(*fi))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	fi->op = flowint_ops[k].op;
	if ((fi->id = detect_names_id(DETECT_NAMES_FLOWINT, args[0].s,
	    args[0].len)) == 0)
		goto nomem;
	if (n == 3) {
		if (kwparse_u64(args[2].s, args[2].len, UINT32_MAX, &v))
			fi->value = (uint32_t)v;
		else if ((args[2].s[0] >= '0' && args[2].s[0] <= '9') ||
		    args[2].len == 0) {
			kwparse_error(p, &args[2], "invalid flowint value "
			    "'%.*s' (expected 0..4294967295 or a flowint "
			    "name)", (int)(args[2].len > 32 ? 32 :
			    args[2].len), args[2].s);
			free(fi);
			return -1;
		} else if ((fi->value_id = detect_names_id(
		    DETECT_NAMES_FLOWINT, args[2].s, args[2].len)) == 0)
			goto nomem;
	}
	r->flags |= RULE_F_NEEDS_FLOW;
	if (rules_rule_add_match(r, &kw_flowint, RULE_LIST_MATCH, fi) ==
	    NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
nomem:
	free(fi);
	rules_parser_nomem(p);
	return -1;
}

static bool
flowint_match(struct detect_inspect *in, const void *data)
{
	const struct flowint *fi = data;
	uint32_t cur = 0, val = fi->value;
	bool has;

	if (in->flow == NULL)
		return false;
	has = detect_flowvars_int_get(in->flow, fi->id, &cur);
	if (fi->op == FI_ISSET || fi->op == FI_NOTSET)
		return has == (fi->op == FI_ISSET);
	if (fi->value_id != 0 &&
	    !detect_flowvars_int_get(in->flow, fi->value_id, &val))
		return false;
	switch (fi->op) {
	case FI_SET:
		(void)detect_flowvars_int_set(in->flow, fi->id, val);
		return true;
	case FI_ADD:
		(void)detect_flowvars_int_set(in->flow, fi->id, cur + val);
		return true;
	case FI_SUB:
		(void)detect_flowvars_int_set(in->flow, fi->id, cur - val);
		return true;
	default:
		break;
	}
	if (!has)
		return false;
	switch (fi->op) {
	case FI_EQ:
		return cur == val;
	case FI_NE:
		return cur != val;
	case FI_LT:
		return cur < val;
	case FI_LE:
		return cur <= val;
	case FI_GT:
		return cur > val;
	case FI_GE:
		return cur >= val;
	default:
		return false;
	}
}
