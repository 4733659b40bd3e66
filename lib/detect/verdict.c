#include "core/base.h"

#include "detect/engine_int.h"
#include "detect/verdict.h"
#include "rules/rule.h"

static void	verdict_fill(struct detect_alert *, const struct detect_sig *,
		    uint8_t, bool);

void
detect_verdict_init(struct detect_result *res)
{
	res->verdict = DETECT_VERDICT_ACCEPT;
	res->nalerts = 0;
	res->alerts_dropped = 0;
	res->alerts_suppressed = 0;
	res->has_drop_alert = false;
	res->drop_reason = DETECT_DROP_NONE;
	res->pass = false;
	res->ntags = 0;
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

static void
verdict_fill(struct detect_alert *a, const struct detect_sig *s, uint8_t act,
    bool rate_modified)
{
	const struct rule *r = s->rule;

	a->num = s->num;
	a->gid = r->gid;
	a->sid = r->sid;
	a->rev = r->rev;
	a->action = r->action;
	a->act = act;
	a->rate_modified = rate_modified;
	a->blocked = false;
	a->priority = r->priority;
	a->target = r->target;
	a->msg = r->msg != NULL ? r->msg : "";
	a->classtype = r->classtype;
	a->category = r->category;
	a->meta = r->meta;
	a->nmeta = r->nmeta;
	a->has_frame = false;
}

void
detect_verdict_drop(struct detect_result *res, const struct detect_sig *s,
    enum detect_action act, bool rate_modified)
{
	if (act == DETECT_ACTION_REJECT)
		res->reject |= rate_modified ? DETECT_REJECT_TO_SRC :
		    s->reject;
	if ((act == DETECT_ACTION_DROP || act == DETECT_ACTION_REJECT) &&
	    !res->has_drop_alert) {
		res->has_drop_alert = true;
		verdict_fill(&res->drop_alert, s, (uint8_t)act,
		    rate_modified);
		res->drop_reason = rate_modified ? DETECT_DROP_THRESHOLD :
		    DETECT_DROP_RULES;
	}
}

void
detect_verdict_cut(struct detect_result *res, uint32_t num)
{
	uint32_t w = 0;

	for (uint32_t i = 0; i < res->nalerts; i++)
		if (res->alerts[i].num <= num)
			res->alerts[w++] = res->alerts[i];
	res->nalerts = w;
	res->reject = 0;
	res->has_drop_alert = false;
	res->drop_reason = DETECT_DROP_NONE;
}

/* Suricata's PacketAlertFinalize on one matching rule, in engine order:
 * the rule's action (or its rate_filter's) applies to the packet; the
 * alert is listed unless the rule is silent (noalert, a threshold that
 * holds it back, a suppress) or a pass without the alert keyword, and
 * only the first max alerts are kept. */
enum detect_action
detect_verdict_apply(struct detect_result *res, const struct detect_sig *s,
    bool silent, int rate_action, unsigned max)
{
	const struct rule *r = s->rule;
	bool rate_modified = rate_action >= 0;
	enum detect_action act = rate_modified ?
	    (enum detect_action)rate_action : (enum detect_action)s->action;
	bool alert;

	detect_verdict_drop(res, s, act, rate_modified);
	if (act == DETECT_ACTION_PASS)
		res->pass = true;
	/* Suricata tags for every match its thresholds let through, also
	 * of noalert rules */
	if (r->tag != NULL && !silent && res->ntags < DETECT_TAGS_PER_PACKET)
		res->tag_rules[res->ntags++] = r;
	/* A pass rule logs nothing unless it has the alert keyword; nor does
	 * a rule a rate_filter turns into pass (measured on Suricata 7). */
	alert = !silent && !(r->flags & RULE_F_NOALERT) &&
	    (s->action != DETECT_ACTION_PASS || (r->flags & RULE_F_ALERT)) &&
	    !(rate_modified && act == DETECT_ACTION_PASS);
	if (!alert) {
		res->alerts_suppressed++;
		return act;
	}
	if (res->nalerts >= max) {
		res->alerts_dropped++;
		return act;
	}
	verdict_fill(&res->alerts[res->nalerts++], s, (uint8_t)act,
	    rate_modified);
	return act;
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
	res->drop_alert.blocked = res->verdict != DETECT_VERDICT_ACCEPT;
}
