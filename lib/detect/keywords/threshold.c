#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "detect/keywords/threshold.h"
#include "detect/kwparse.h"
#include "detect/threshold.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	threshold_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	threshold_match(struct detect_inspect *, const void *);

/* Suricata's threshold: limit alerts on the first count matches per
 * window (later matches still act, silently), threshold on every
 * count-th, both once at the count-th; matches it holds back do not act
 * at all. See detect/threshold.h for where the counters live. */
const struct keyword kw_threshold = {
	.name = "threshold",
	.desc = "rate-limit alerts: type limit|threshold|both, track "
	    "by_src|by_dst|by_rule|by_both|by_flow, count N, seconds T",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = threshold_setup,
	.match = threshold_match,
	.free = free,
};

int
detect_threshold_parse(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt, bool want_type,
    struct detect_threshold *t)
{
	static const char *const tracks[] = { "by_src", "by_dst", "by_rule",
	    "by_both", "by_flow" };
	static const char *const types[] = { "limit", "threshold", "both" };
	struct kwparse_arg args[4], word, rest;
	unsigned seen = 0;
	int n, kw = (int)opt->name_len;
	int64_t v;

	if (r->flags & RULE_F_RATE_LIMIT) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "only one threshold or detection_filter per rule");
		return -1;
	}
	if ((n = kwparse_split(p, opt, ',', args, want_type ? 4 : 3)) == -1)
		return -1;
	for (int i = 0; i < n; i++) {
		kwparse_word(&args[i], &word, &rest);
		if (want_type && kwparse_is(&word, "type")) {
			/* Suricata 8's exponential type (with multiplier),
			 * which Suricata 7 rejects: its own rules files use
			 * it, so the rule is skipped as unsupported rather
			 * than failing the load */
			if (kwparse_is(&rest, "backoff")) {
				rules_parser_unsupported(p, "threshold backoff",
				    rest.off, rest.s, rest.len, "threshold type "
				    "backoff is Suricata 8's (quell follows 7.0)");
				return -1;
			}
			for (size_t k = 0; k < QUELL_NITEMS(types); k++)
				if (kwparse_is(&rest, types[k])) {
					t->type = (enum detect_threshold_type)k;
					seen |= 1;
				}
			if (!(seen & 1))
				goto bad;
		} else if (kwparse_is(&word, "track")) {
			for (size_t k = 0; k < QUELL_NITEMS(tracks); k++)
				if (kwparse_is(&rest, tracks[k])) {
					t->track =
					    (enum detect_threshold_track)k;
					seen |= 2;
				}
			if (!(seen & 2))
				goto bad;
		} else if (kwparse_is(&word, "count")) {
			if (!kwparse_i64(rest.s, rest.len, 1, UINT32_MAX, &v))
				goto bad;
			t->count = (uint32_t)v;
			seen |= 4;
		} else if (kwparse_is(&word, "seconds")) {
			if (!kwparse_i64(rest.s, rest.len, 1, UINT32_MAX, &v))
				goto bad;
			t->seconds = (uint32_t)v;
			seen |= 8;
		} else {
			kwparse_error(p, &args[i], "unknown %.*s option "
			    "'%.*s'", kw, opt->name, (int)(word.len > 32 ?
			    32 : word.len), word.s);
			return -1;
		}
		continue;
bad:
		kwparse_error(p, &args[i], "invalid %.*s option '%.*s'", kw,
		    opt->name, (int)(args[i].len > 48 ? 48 : args[i].len),
		    args[i].s);
		return -1;
	}
	if (seen != (want_type ? 15u : 14u)) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "%.*s needs %strack, count and seconds",
		    kw, opt->name, want_type ? "type, " : "");
		return -1;
	}
	r->flags |= RULE_F_RATE_LIMIT;
	return 0;
}

static int
threshold_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct detect_threshold *t;

	if ((t = calloc(1, sizeof(*t))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (detect_threshold_parse(p, r, opt, true, t) == -1) {
		free(t);
		return -1;
	}
	if (rules_rule_add_match(r, &kw_threshold, RULE_LIST_THRESHOLD, t) ==
	    NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}

static bool
threshold_match(struct detect_inspect *in, const void *data)
{
	switch (detect_threshold_check(data, in->rule, in->pkt)) {
	case DETECT_THRESHOLD_DROP_MATCH:
		return false;
	case DETECT_THRESHOLD_SILENT:
		in->silent = true;
		break;
	case DETECT_THRESHOLD_ALERT:
		break;
	}
	return true;
}
