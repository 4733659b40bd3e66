#include "core/base.h"

#include "detect/verdict.h"
#include "rules/rule.h"

enum verdict_class { CLASS_DROP, CLASS_REJECT, CLASS_ALERT, CLASS_PASS };

static enum verdict_class verdict_class(enum rule_action);

static enum verdict_class
verdict_class(enum rule_action a)
{
	switch (a) {
	case RULE_ACTION_PASS:
		return CLASS_PASS;
	case RULE_ACTION_DROP:
		return CLASS_DROP;
	case RULE_ACTION_REJECT:
	case RULE_ACTION_REJECTSRC:
	case RULE_ACTION_REJECTDST:
	case RULE_ACTION_REJECTBOTH:
		return CLASS_REJECT;
	case RULE_ACTION_ALERT:
		break;
	}
	return CLASS_ALERT;
}

void
detect_verdict_resolve(const struct rule *const *matched, size_t n,
    struct detect_result *res)
{
	size_t count[CLASS_PASS + 1] = { 0 }, quota[CLASS_PASS + 1] = { 0 };
	size_t room = DETECT_MAX_ALERTS, total;
	bool blocked;

	res->verdict = DETECT_VERDICT_ACCEPT;
	res->nalerts = 0;
	res->alerts_dropped = 0;
	for (size_t i = 0; i < n; i++)
		count[verdict_class(matched[i]->action)]++;
	if (count[CLASS_PASS] > 0)
		return;
	if (count[CLASS_DROP] > 0)
		res->verdict = DETECT_VERDICT_DROP;
	else if (count[CLASS_REJECT] > 0)
		res->verdict = DETECT_VERDICT_REJECT;
	blocked = res->verdict != DETECT_VERDICT_ACCEPT;

	/* when alerts must be cut, keep the ones that explain the verdict */
	for (int c = CLASS_DROP; c <= CLASS_ALERT; c++) {
		quota[c] = count[c] < room ? count[c] : room;
		room -= quota[c];
	}
	for (size_t i = 0; i < n; i++) {
		const struct rule *r = matched[i];
		enum verdict_class c = verdict_class(r->action);
		struct detect_alert *a;

		if (quota[c] == 0)
			continue;
		quota[c]--;
		a = &res->alerts[res->nalerts++];
		a->gid = r->gid;
		a->sid = r->sid;
		a->rev = r->rev;
		a->action = r->action;
		a->blocked = blocked;
		a->msg = r->msg != NULL ? r->msg : "";
	}
	total = count[CLASS_DROP] + count[CLASS_REJECT] + count[CLASS_ALERT];
	res->alerts_dropped = (uint32_t)(total - res->nalerts);
}
