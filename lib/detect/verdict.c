#include "core/base.h"

#include "detect/engine_int.h"
#include "detect/verdict.h"
#include "rules/rule.h"

void
detect_verdict_init(struct detect_result *res)
{
	res->verdict = DETECT_VERDICT_ACCEPT;
	res->nalerts = 0;
	res->alerts_dropped = 0;
	res->mark.set = false;
	res->mark.value = 0;
	res->mark.mask = 0;
	res->reject = 0;
	res->flow_drop = false;
	res->bypass = false;
}

/* Applying (v1, m1) then (v2, m2) to a mark x gives
 * (x & ~(m1 | m2)) | (((v1 & m1) & ~m2) | (v2 & m2)): one pair again. */
void
detect_verdict_mark(struct detect_result *res, uint32_t value, uint32_t mask)
{
	res->mark.value = (res->mark.value & ~mask) | (value & mask);
	res->mark.mask |= mask;
	res->mark.set = true;
}

void
detect_verdict_apply(struct detect_result *res, const struct detect_sig *s,
    bool alert)
{
	const struct rule *r = s->rule;
	struct detect_alert *a;

	res->reject |= s->reject;
	if (!alert || s->action == DETECT_ACTION_PASS)
		return;
	if (res->nalerts == DETECT_MAX_ALERTS) {
		res->alerts_dropped++;
		return;
	}
	a = &res->alerts[res->nalerts++];
	a->gid = r->gid;
	a->sid = r->sid;
	a->rev = r->rev;
	a->action = r->action;
	a->blocked = false;
	a->priority = r->priority;
	a->target = r->target;
	a->msg = r->msg != NULL ? r->msg : "";
	a->classtype = r->classtype;
	a->category = r->category;
}

void
detect_verdict_finish(struct detect_result *res, bool drop, bool reject)
{
	if (drop)
		res->verdict = DETECT_VERDICT_DROP;
	else if (reject)
		res->verdict = DETECT_VERDICT_REJECT;
	for (uint32_t i = 0; i < res->nalerts; i++)
		res->alerts[i].blocked = res->verdict != DETECT_VERDICT_ACCEPT;
}
