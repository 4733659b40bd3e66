#include "core/base.h"

#include <stdio.h>

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/keywords/xbits.h"
#include "detect/kwparse.h"
#include "detect/names.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

#define XBITS_EXPIRE_DEFAULT	30	/* Suricata's DETECT_XBITS_EXPIRE_DEFAULT */

extern const struct keyword kw_hostbits;

static int	xbits_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Suricata's xbits: named bits per host (track ip_src, ip_dst: the same
 * bits as hostbits) or per IP pair (track ip_pair: both directions share
 * them), kept in the process-wide tables of detect/hosttable.h; a set
 * lasts expire seconds (default 30) of packet time. isset/isnotset test
 * before the payload; set/unset/toggle act once the rule matched, in rule
 * order (setters run before readers). xbits:noalert silences the rule.
 * track tx needs transactions and is unsupported. */
const struct keyword kw_xbits = {
	.name = "xbits",
	.desc = "per-host or per-ip-pair bits: set|unset|toggle|isset|isnotset,"
	    "name,track ip_src|ip_dst|ip_pair[,expire N] or noalert",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_IPONLY_COMPAT,
	.setup = xbits_setup,
	.match = xbits_match,
	.free = free,
};

bool
xbits_match(struct detect_inspect *in, const void *data)
{
	const struct xbits *x = data;
	const struct packet *p = in->pkt;
	const struct ip_addr *a = x->track == XBITS_TRACK_IP_DST ? &p->dst :
	    &p->src;

	enum detect_hosttable_kind kind = x->track == XBITS_TRACK_IP_PAIR ?
	    DETECT_HOSTTABLE_IPPAIR : DETECT_HOSTTABLE_HOST;
	bool r = detect_hosttable_bit(kind, a, &p->dst, x->id, x->op,
	    x->expire, &p->ts);

	if (x->op == DETECT_HOSTBIT_ISSET || x->op == DETECT_HOSTBIT_ISNOTSET)
		return r;
	return true;
}

int
xbits_attach(struct rules_parser *p, struct rule *r, const struct keyword *kw,
    struct xbits *x)
{
	bool test = x->op == DETECT_HOSTBIT_ISSET ||
	    x->op == DETECT_HOSTBIT_ISNOTSET;

	/* The rule order follows Suricata 7's SCSigGetXbitsType, which
	 * counts hostbits only as setters and xbits only as readers (its
	 * xbits set/unset/toggle and hostbits tests order as rules without
	 * bits): measured, a rule with xbits:toggle runs after one that
	 * tests the same bit, hostbits:unset before both. */
	if (kw == &kw_hostbits) {
		if (!test)
			r->flags |= RULE_F_HOSTBITS_SET;
	} else if (test)
		r->flags |= x->track == XBITS_TRACK_IP_PAIR ?
		    RULE_F_IPPAIR_READ : RULE_F_HOSTBITS_READ;
	if (rules_rule_add_match(r, kw, test ? RULE_LIST_PACKET :
	    RULE_LIST_POST, x) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}

static int
xbits_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	static const char *const cmds[] = { "set", "unset", "toggle", "isset",
	    "isnotset" };
	struct kwparse_arg args[4], word, rest;
	struct xbits *x;
	bool tracked = false;
	int n;
	size_t k;
	int64_t v;

	if ((n = kwparse_split(p, opt, ',', args, 4)) == -1)
		return -1;
	if (n == 1 && kwparse_is(&args[0], "noalert")) {
		r->flags |= RULE_F_NOALERT;
		return 0;
	}
	for (k = 0; k < QUELL_NITEMS(cmds); k++)
		if (kwparse_is(&args[0], cmds[k]))
			break;
	if (k == QUELL_NITEMS(cmds) || n < 3 || args[1].len == 0 ||
	    args[1].len > 255) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid xbits '%.*s' (expected "
		    "set|unset|toggle|isset|isnotset,name,track "
		    "ip_src|ip_dst|ip_pair[,expire N] or noalert)",
		    (int)(opt->value_len > 64 ? 64 : opt->value_len),
		    opt->value);
		return -1;
	}
	if ((x = calloc(1, sizeof(*x))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	x->op = (enum detect_hostbit_op)k;
	x->expire = XBITS_EXPIRE_DEFAULT;
	for (int i = 2; i < n; i++) {
		kwparse_word(&args[i], &word, &rest);
		if (kwparse_is(&word, "track") && !tracked) {
			tracked = true;
			if (kwparse_is(&rest, "ip_src"))
				x->track = XBITS_TRACK_IP_SRC;
			else if (kwparse_is(&rest, "ip_dst"))
				x->track = XBITS_TRACK_IP_DST;
			else if (kwparse_is(&rest, "ip_pair"))
				x->track = XBITS_TRACK_IP_PAIR;
			else if (kwparse_is(&rest, "tx")) {
				rules_parser_unsupported(p, "xbits track tx",
				    rest.off, rest.s, rest.len, "xbits track "
				    "tx needs app-layer transactions");
				free(x);
				return -1;
			} else
				goto bad;
		} else if (kwparse_is(&word, "expire") && tracked) {
			if (!kwparse_i64(rest.s, rest.len, 1, UINT32_MAX, &v))
				goto bad;
			x->expire = (uint32_t)v;
		} else
			goto bad;
		continue;
bad:
		kwparse_error(p, &args[i], "invalid xbits option '%.*s' "
		    "(expected track ip_src|ip_dst|ip_pair, then expire N, "
		    "N > 0)", (int)(args[i].len > 48 ? 48 : args[i].len),
		    args[i].s);
		free(x);
		return -1;
	}
	if (!tracked) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "xbits needs track ip_src|ip_dst|ip_pair");
		free(x);
		return -1;
	}
	if ((x->id = detect_names_id(x->track == XBITS_TRACK_IP_PAIR ?
	    DETECT_NAMES_IPPAIRBIT : DETECT_NAMES_HOSTBIT, args[1].s,
	    args[1].len)) == 0) {
		free(x);
		rules_parser_nomem(p);
		return -1;
	}
	return xbits_attach(p, r, &kw_xbits, x);
}
