#include "core/base.h"

#include "detect/flowvars.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "detect/names.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

enum flowbits_cmd { FB_SET, FB_UNSET, FB_TOGGLE, FB_ISSET, FB_ISNOTSET };

#define FLOWBITS_NAMES_MAX	8

struct flowbits {
	enum flowbits_cmd cmd;
	bool		 any;		/* names joined by '|' */
	uint8_t		 n;
	uint32_t	 ids[FLOWBITS_NAMES_MAX];
};

static int	flowbits_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	flowbits_match(struct detect_inspect *, const void *);
static int	flowbits_names(struct rules_parser *,
		    const struct kwparse_arg *, struct flowbits *);

/* Named bits per flow. isset/isnotset test them before the payload;
 * set/unset/toggle act once the whole rule matched (in rule evaluation
 * order: setters run before readers). "a|b" tests any, "a&b" all. A
 * packet without a flow fails every test and changes nothing. Names map
 * to process-wide ids (detect/names.h), so bits survive rule reloads. */
const struct keyword kw_flowbits = {
	.name = "flowbits",
	.desc = "per-flow named bits: set|unset|toggle|isset|isnotset,"
	    "name[&name|name] or noalert",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = flowbits_setup,
	.match = flowbits_match,
	.free = free,
};

bool
keyword_flowbits_sets(const void *data)
{
	return ((const struct flowbits *)data)->cmd == FB_SET;
}

static int
flowbits_names(struct rules_parser *p, const struct kwparse_arg *a,
    struct flowbits *fb)
{
	size_t start = 0;
	char sep = 0;

	for (size_t i = 0; i <= a->len; i++) {
		struct kwparse_arg name;

		if (i < a->len && a->s[i] != '|' && a->s[i] != '&')
			continue;
		if (i < a->len) {
			if (sep != 0 && a->s[i] != sep) {
				kwparse_error(p, a, "flowbits cannot mix '|' "
				    "and '&'");
				return -1;
			}
			sep = a->s[i];
		}
		name.s = a->s + start;
		name.len = i - start;
		name.off = a->off + start;
		while (name.len > 0 && name.s[0] == ' ') {
			name.s++;
			name.len--;
		}
		while (name.len > 0 && name.s[name.len - 1] == ' ')
			name.len--;
		if (name.len == 0 || name.len > 256) {
			kwparse_error(p, a, "flowbits: %s flowbit name",
			    name.len == 0 ? "empty" : "too long a");
			return -1;
		}
		if (fb->n == FLOWBITS_NAMES_MAX) {
			kwparse_error(p, a, "more than %d flowbits in one "
			    "option", FLOWBITS_NAMES_MAX);
			return -1;
		}
		if ((fb->ids[fb->n++] = detect_names_id(DETECT_NAMES_FLOWBIT,
		    name.s, name.len)) == 0) {
			rules_parser_nomem(p);
			return -1;
		}
		start = i + 1;
	}
	fb->any = sep == '|';
	if (fb->any && fb->cmd != FB_ISSET && fb->cmd != FB_ISNOTSET) {
		kwparse_error(p, a, "'|' is only for isset and isnotset");
		return -1;
	}
	return 0;
}

static int
flowbits_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	static const char *const cmds[] = { "set", "unset", "toggle",
	    "isset", "isnotset" };
	struct kwparse_arg args[2];
	struct flowbits *fb;
	size_t k;
	int n;

	if ((n = kwparse_split(p, opt, ',', args, 2)) == -1)
		return -1;
	if (n == 1 && kwparse_is(&args[0], "noalert")) {
		r->flags |= RULE_F_NOALERT;
		return 0;
	}
	for (k = 0; k < QUELL_NITEMS(cmds); k++)
		if (kwparse_is(&args[0], cmds[k]))
			break;
	if (k == QUELL_NITEMS(cmds) || n != 2) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid flowbits '%.*s' (expected "
		    "set|unset|toggle|isset|isnotset,name or noalert)",
		    (int)(opt->value_len > 64 ? 64 : opt->value_len),
		    opt->value);
		return -1;
	}
	if ((fb = calloc(1, sizeof(*fb))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	fb->cmd = (enum flowbits_cmd)k;
	if (flowbits_names(p, &args[1], fb) == -1) {
		free(fb);
		return -1;
	}
	if (fb->cmd == FB_ISSET || fb->cmd == FB_ISNOTSET)
		r->flags |= RULE_F_FLOWBITS_READ | RULE_F_NEEDS_FLOW;
	else
		r->flags |= RULE_F_FLOWBITS_SET;
	if (rules_rule_add_match(r, &kw_flowbits, fb->cmd == FB_ISSET ||
	    fb->cmd == FB_ISNOTSET ? RULE_LIST_PACKET : RULE_LIST_POST,
	    fb) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}

static bool
flowbits_match(struct detect_inspect *in, const void *data)
{
	const struct flowbits *fb = data;
	unsigned set = 0;

	if (in->flow == NULL)
		return fb->cmd != FB_ISSET && fb->cmd != FB_ISNOTSET;
	for (uint8_t i = 0; i < fb->n; i++) {
		uint32_t id = fb->ids[i];

		switch (fb->cmd) {
		case FB_SET:
			(void)detect_flowvars_bit_set(in->flow, id);
			break;
		case FB_UNSET:
			detect_flowvars_bit_unset(in->flow, id);
			break;
		case FB_TOGGLE:
			if (detect_flowvars_bit_isset(in->flow, id))
				detect_flowvars_bit_unset(in->flow, id);
			else
				(void)detect_flowvars_bit_set(in->flow, id);
			break;
		case FB_ISSET:
		case FB_ISNOTSET:
			set += detect_flowvars_bit_isset(in->flow, id);
			break;
		}
	}
	switch (fb->cmd) {
	case FB_ISSET:
		return fb->any ? set > 0 : set == fb->n;
	case FB_ISNOTSET:
		return fb->any ? set < fb->n : set == 0;
	default:
		return true;
	}
}
