#include "core/base.h"

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/uint.h"
#include "flow/flow.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	flow_age_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	flow_age_match(struct detect_inspect *, const void *);

/* Suricata 7's flow.age: the flow's age in whole seconds, its last
 * packet's second minus its first's (SCTIME_SECS(lastts) -
 * SCTIME_SECS(startts)); a packet without a flow fails. */
const struct keyword kw_flow_age = {
	.name = "flow.age",
	.desc = "flow age in seconds: N, <N, >N, N-M, !N",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_ONCE,
	.setup = flow_age_setup,
	.match = flow_age_match,
	.free = free,
};

static int
flow_age_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	if (detect_uint_setup(p, r, opt, &kw_flow_age, UINT32_MAX) == -1)
		return -1;
	r->flags |= RULE_F_NEEDS_FLOW;
	return 0;
}

static bool
flow_age_match(struct detect_inspect *in, const void *data)
{
	const struct flow *f = in->flow;

	if (f == NULL || f->last_ts.tv_sec < f->first_ts.tv_sec)
		return false;
	return detect_uint_match(data, (uint64_t)(f->last_ts.tv_sec -
	    f->first_ts.tv_sec));
}
