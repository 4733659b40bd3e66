#include "core/base.h"

#include <errno.h>

#include "detect/keywords/keyword.h"
#include "detect/tag.h"
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
	for (size_t i = 0; i < r->nbyte_vars; i++)
		free(r->byte_vars[i]);
	for (size_t i = 0; i < r->nmeta; i++) {
		free(r->meta[i].key);
		free(r->meta[i].value);
	}
	free(r->meta);
	while (r->tag != NULL) {
		struct detect_tag *next = r->tag->next;

		free(r->tag);
		r->tag = next;
	}
	free(r->matches);
	for (size_t c = 0; c < r->nxchains; c++)
		for (size_t i = 0; i < r->xchains[c].n; i++)
			if (r->xchains[c].owned[i] &&
			    r->xchains[c].xforms[i].kw->free != NULL)
				r->xchains[c].xforms[i].kw->free(
				    r->xchains[c].xforms[i].data);
	free(r->xchains);
	free(r->msg);
	free(r->classtype);
	free(r->category);
	free(r->file);
	free(r);
}

struct rule_match *
rules_rule_add_match(struct rule *r, const struct keyword *kw,
    enum rule_list list, void *data)
{
	struct rule_match *m;

	if (r->nmatches == r->matches_cap) {
		size_t ncap = r->matches_cap ? r->matches_cap * 2 : 4;
		struct rule_match *n = realloc(r->matches, ncap * sizeof(*n));

		if (n == NULL) {
			if (kw->free != NULL)
				kw->free(data);
			return NULL;
		}
		r->matches = n;
		r->matches_cap = ncap;
	}
	m = &r->matches[r->nmatches++];
	m->kw = kw;
	m->data = data;
	m->list = (uint8_t)list;
	m->buffer = list == RULE_LIST_BUFFER ? r->buffer : 0;
	m->xchain = list == RULE_LIST_BUFFER ? r->xchain : 0;
	m->flags = 0;
	if (list == RULE_LIST_BUFFER)
		r->needs_payload = true;
	return m;
}

int
rules_rule_add_xform(struct rule *r, const struct keyword *kw, void *data)
{
	struct rule_xchain *n, *c;

	if (r->nxchains == 0) {
		if ((r->xchains = calloc(1, sizeof(*r->xchains))) == NULL)
			goto nomem;
		r->nxchains = 1;
	}
	if (r->xchains[r->xchain].n == RULE_XFORMS_MAX ||
	    r->nxchains == RULE_XCHAINS_MAX) {
		if (kw->free != NULL)
			kw->free(data);
		errno = E2BIG;
		return -1;
	}
	if ((n = realloc(r->xchains, (r->nxchains + 1) * sizeof(*n))) == NULL)
		goto nomem;
	r->xchains = n;
	c = &r->xchains[r->nxchains];
	*c = r->xchains[r->xchain];
	memset(c->owned, 0, sizeof(c->owned));
	c->xforms[c->n].kw = kw;
	c->xforms[c->n].data = data;
	c->owned[c->n++] = true;
	r->xchain = r->nxchains++;
	return 0;
nomem:
	if (kw->free != NULL)
		kw->free(data);
	errno = ENOMEM;
	return -1;
}

struct rule_match *
rules_rule_add_match_first(struct rule *r, const struct keyword *kw,
    enum rule_list list, void *data)
{
	struct rule_match m;

	if (rules_rule_add_match(r, kw, list, data) == NULL)
		return NULL;
	m = r->matches[r->nmatches - 1];
	memmove(&r->matches[1], &r->matches[0],
	    (r->nmatches - 1) * sizeof(r->matches[0]));
	r->matches[0] = m;
	return &r->matches[0];
}

void
rules_rule_remove_matches(struct rule *r, const struct keyword *kw)
{
	size_t w = 0;

	for (size_t i = 0; i < r->nmatches; i++) {
		if (r->matches[i].kw == kw) {
			if (kw->free != NULL)
				kw->free(r->matches[i].data);
			continue;
		}
		r->matches[w++] = r->matches[i];
	}
	r->nmatches = w;
}

struct rule_match *
rules_rule_last_match(struct rule *r, const struct keyword *kw)
{
	for (size_t i = r->nmatches; i > 0; i--)
		if (r->matches[i - 1].kw == kw)
			return &r->matches[i - 1];
	return NULL;
}

struct rule_match *
rules_rule_last_buffer_match(struct rule *r)
{
	for (size_t i = r->nmatches; i > 0; i--) {
		struct rule_match *m = &r->matches[i - 1];

		if (m->list == RULE_LIST_BUFFER && m->buffer == r->buffer &&
		    m->xchain == r->xchain)
			return m;
	}
	return NULL;
}

int
rules_rule_byte_var(const struct rule *r, const char *name, size_t len)
{
	for (size_t i = 0; i < r->nbyte_vars; i++)
		if (strlen(r->byte_vars[i]) == len &&
		    memcmp(r->byte_vars[i], name, len) == 0)
			return (int)i;
	return -1;
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
