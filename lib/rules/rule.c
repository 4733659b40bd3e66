#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "rules/rule.h"

struct rule *
rules_rule_new(void)
{
	struct rule *r;

	if ((r = calloc(1, sizeof(*r))) == NULL)
		return NULL;
	rules_addr_init(&r->src);
	rules_addr_init(&r->dst);
	rules_port_init(&r->sport);
	rules_port_init(&r->dport);
	r->gid = RULE_GID_DEFAULT;
	return r;
}

void
rules_rule_free(struct rule *r)
{
	if (r == NULL)
		return;
	rules_addr_free(&r->src);
	rules_addr_free(&r->dst);
	rules_port_free(&r->sport);
	rules_port_free(&r->dport);
	for (size_t i = 0; i < r->nmatches; i++)
		if (r->matches[i].kw->free != NULL)
			r->matches[i].kw->free(r->matches[i].data);
	free(r->matches);
	free(r->msg);
	free(r->classtype);
	free(r->file);
	free(r);
}

int
rules_rule_add_match(struct rule *r, const struct keyword *kw, void *data)
{
	if (r->nmatches == r->matches_cap) {
		size_t ncap = r->matches_cap ? r->matches_cap * 2 : 4;
		struct rule_match *n = realloc(r->matches, ncap * sizeof(*n));

		if (n == NULL) {
			if (kw->free != NULL)
				kw->free(data);
			return -1;
		}
		r->matches = n;
		r->matches_cap = ncap;
	}
	r->matches[r->nmatches].kw = kw;
	r->matches[r->nmatches].data = data;
	r->nmatches++;
	if (kw->flags & KEYWORD_PAYLOAD)
		r->needs_payload = true;
	return 0;
}

bool
rules_rule_has_proto(const struct rule *r, uint8_t proto)
{
	return (r->protos[proto / 8] >> (proto % 8)) & 1;
}

const char *
rules_rule_action_name(enum rule_action a)
{
	switch (a) {
	case RULE_ACTION_ALERT:
		return "alert";
	case RULE_ACTION_PASS:
		return "pass";
	case RULE_ACTION_DROP:
		return "drop";
	case RULE_ACTION_REJECT:
		return "reject";
	case RULE_ACTION_REJECTSRC:
		return "rejectsrc";
	case RULE_ACTION_REJECTDST:
		return "rejectdst";
	case RULE_ACTION_REJECTBOTH:
		return "rejectboth";
	}
	return "unknown";
}
