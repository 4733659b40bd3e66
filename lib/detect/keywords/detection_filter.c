#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "detect/keywords/threshold.h"
#include "detect/threshold.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	detection_filter_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	detection_filter_match(struct detect_inspect *, const void *);

/* The rule matches only after count matches within seconds: from the
 * (count + 1)-th on, as Suricata. */
const struct keyword kw_detection_filter = {
	.name = "detection_filter",
	.desc = "match only after count matches in seconds: track "
	    "by_src|by_dst|by_rule|by_both|by_flow, count N, seconds T",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = detection_filter_setup,
	.match = detection_filter_match,
	.free = free,
};

static int
detection_filter_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct detect_threshold *t;

	if ((t = calloc(1, sizeof(*t))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	t->type = DETECT_THRESHOLD_DETECTION;
	if (detect_threshold_parse(p, r, opt, false, t) == -1) {
		free(t);
		return -1;
	}
	if (rules_rule_add_match(r, &kw_detection_filter,
	    RULE_LIST_THRESHOLD, t) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}

static bool
detection_filter_match(struct detect_inspect *in, const void *data)
{
	return detect_threshold_check(data, in->rule, in->pkt) !=
	    DETECT_THRESHOLD_DROP_MATCH;
}
