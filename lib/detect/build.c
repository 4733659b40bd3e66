#include "core/base.h"

#include <errno.h>
#include <netinet/in.h>

#include "core/diag.h"
#include "detect/engine.h"
#include "detect/engine_int.h"
#include "rules/rule.h"
#include "rules/ruleset.h"

static bool	build_in_group(const struct rule *, enum detect_group_id);

enum detect_group_id
detect_engine_group_of(uint8_t ipproto)
{
	switch (ipproto) {
	case IPPROTO_TCP:
		return DETECT_GROUP_TCP;
	case IPPROTO_UDP:
		return DETECT_GROUP_UDP;
	case IPPROTO_ICMP:
		return DETECT_GROUP_ICMP;
	case IPPROTO_ICMPV6:
		return DETECT_GROUP_ICMPV6;
	default:
		return DETECT_GROUP_OTHER;
	}
}

/* Whether r can match a packet whose protocol maps to group g. */
static bool
build_in_group(const struct rule *r, enum detect_group_id g)
{
	for (unsigned proto = 0; proto < 256; proto++)
		if (detect_engine_group_of((uint8_t)proto) == g &&
		    rules_rule_has_proto(r, (uint8_t)proto))
			return true;
	return false;
}

struct detect_engine *
detect_engine_build(struct ruleset *rs, struct diag_list *diags)
{
	struct detect_engine *de;

	if (rs == NULL) {
		errno = EINVAL;
		return NULL;
	}
	if ((de = calloc(1, sizeof(*de))) == NULL)
		goto nomem;
	rules_ruleset_take(rs, &de->rules, &de->nrules);
	rules_ruleset_free(rs);
	rs = NULL;

	for (int g = 0; g < DETECT_GROUP_MAX; g++) {
		struct detect_group *grp = &de->groups[g];
		size_t n = 0;

		for (size_t i = 0; i < de->nrules; i++)
			n += build_in_group(de->rules[i], g);
		if (n == 0)
			continue;
		if ((grp->rules = calloc(n, sizeof(*grp->rules))) == NULL)
			goto nomem;
		for (size_t i = 0; i < de->nrules; i++)
			if (build_in_group(de->rules[i], g))
				grp->rules[grp->n++] = de->rules[i];
		if (grp->n > de->max_group)
			de->max_group = grp->n;
	}
	return de;
nomem:
	rules_ruleset_free(rs);
	detect_engine_free(de);
	diag_add(diags, DIAG_ERROR, NULL, 0, 0, NULL,
	    "out of memory building the detection engine");
	errno = ENOMEM;
	return NULL;
}

void
detect_engine_free(struct detect_engine *de)
{
	if (de == NULL)
		return;
	for (int g = 0; g < DETECT_GROUP_MAX; g++)
		free(de->groups[g].rules);
	for (size_t i = 0; i < de->nrules; i++)
		rules_rule_free(de->rules[i]);
	free(de->rules);
	free(de);
}

size_t
detect_engine_rule_count(const struct detect_engine *de)
{
	return de->nrules;
}
