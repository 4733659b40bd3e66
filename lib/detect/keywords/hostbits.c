#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "detect/keywords/xbits.h"
#include "detect/kwparse.h"
#include "detect/names.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

#define HOSTBITS_EXPIRE		300	/* seconds, as Suricata's */

static int	hostbits_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Suricata's hostbits: named bits per host, cmd,name[,src|dst], the
 * packet's source by default; the same bits as xbits with track
 * ip_src/ip_dst (see xbits.c), lasting 300 seconds. "both" is an error,
 * as in Suricata. hostbits:noalert silences the rule. */
const struct keyword kw_hostbits = {
	.name = "hostbits",
	.desc = "per-host bits: set|unset|toggle|isset|isnotset,name[,src|dst] "
	    "or noalert",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_IPONLY_COMPAT,
	.setup = hostbits_setup,
	.match = xbits_match,
	.free = free,
};

static int
hostbits_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	static const char *const cmds[] = { "set", "unset", "toggle", "isset",
	    "isnotset" };
	struct kwparse_arg args[3];
	struct xbits *x;
	size_t k;
	int n;

	if ((n = kwparse_split(p, opt, ',', args, 3)) == -1)
		return -1;
	if (n == 1 && kwparse_is(&args[0], "noalert")) {
		r->flags |= RULE_F_NOALERT;
		return 0;
	}
	for (k = 0; k < QUELL_NITEMS(cmds); k++)
		if (kwparse_is(&args[0], cmds[k]))
			break;
	if (k == QUELL_NITEMS(cmds) || n < 2 || args[1].len == 0 ||
	    args[1].len > 255 || (n == 3 && !kwparse_is(&args[2], "src") &&
	    !kwparse_is(&args[2], "dst"))) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid hostbits '%.*s' (expected "
		    "set|unset|toggle|isset|isnotset,name[,src|dst] or "
		    "noalert)", (int)(opt->value_len > 64 ? 64 :
		    opt->value_len), opt->value);
		return -1;
	}
	if ((x = calloc(1, sizeof(*x))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	x->op = (enum detect_hostbit_op)k;
	x->track = n == 3 && kwparse_is(&args[2], "dst") ?
	    XBITS_TRACK_IP_DST : XBITS_TRACK_IP_SRC;
	x->expire = HOSTBITS_EXPIRE;
	if ((x->id = detect_names_id(DETECT_NAMES_HOSTBIT, args[1].s,
	    args[1].len)) == 0) {
		free(x);
		rules_parser_nomem(p);
		return -1;
	}
	return xbits_attach(p, r, &kw_hostbits, x);
}
