#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	alert_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Suricata's "alert then pass": a pass rule with alert logs an alert
 * for the packet it passes (its verdict says pass). On the other actions,
 * which alert anyway, it changes nothing. */
const struct keyword kw_alert = {
	.name = "alert",
	.desc = "a pass rule alerts too",
	.flags = KEYWORD_VALUE_NONE,
	.setup = alert_setup,
};

static int
alert_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	(void)p;
	(void)opt;
	r->flags |= RULE_F_ALERT;
	return 0;
}
