#include "core/base.h"

#include "core/packet.h"
#include "detect/engine.h"
#include "detect/flowvars.h"
#include "detect/hosttable.h"
#include "detect/tag.h"
#include "rules/rule.h"

uint32_t
detect_tag_list_add(struct detect_tag_entry *list, uint32_t n, uint32_t gid,
    uint32_t sid, const struct detect_tag *t, int64_t now_sec)
{
	struct detect_tag_entry *e;

	for (uint32_t i = 0; i < n; i++) {
		e = &list[i];
		if (e->gid != gid || e->sid != sid)
			continue;
		/* the same rule again: start over, a bounded number of
		 * times (Suricata's guard against endless tagging) */
		if (++e->matches < DETECT_TAG_MATCH_LIMIT) {
			e->first_sec = e->last_sec = now_sec;
			e->packets = 0;
			e->bytes = 0;
		}
		return n;
	}
	if (n == DETECT_TAG_MAX)
		return n;
	e = &list[n];
	memset(e, 0, sizeof(*e));
	e->gid = gid;
	e->sid = sid;
	e->metric = t->metric;
	e->count = t->count;
	e->first_sec = e->last_sec = now_sec;
	return n + 1;
}

bool
detect_tag_list_packet(struct detect_tag_entry *list, uint32_t *n,
    const struct packet *p)
{
	uint32_t len = p->len;	/* offline the frame, as Suricata counts */
	bool tagged = false;
	uint32_t w = 0;

	for (uint32_t i = 0; i < *n; i++) {
		struct detect_tag_entry *e = &list[i];
		bool expired = false;

		e->last_sec = p->ts.tv_sec;
		if (e->metric == DETECT_TAG_PACKETS)
			e->packets++;
		else if (e->metric == DETECT_TAG_BYTES)
			e->bytes += len;
		/* the packet that set the tag: the alert shows it */
		if (!e->skipped_first)
			e->skipped_first = true;
		else {
			switch (e->metric) {
			case DETECT_TAG_PACKETS:
				expired = e->packets > e->count;
				break;
			case DETECT_TAG_BYTES:
				expired = e->bytes > e->count;
				break;
			case DETECT_TAG_SECONDS:
				expired = e->last_sec - e->first_sec >
				    (int64_t)e->count;
				break;
			}
			tagged |= !expired;
		}
		if (!expired)
			list[w++] = *e;
	}
	*n = w;
	return tagged;
}

bool
detect_tag_packet(struct packet *p, const struct detect_result *res)
{
	bool tagged = false;

	for (uint32_t i = 0; i < res->ntags; i++) {
		const struct rule *r = res->tag_rules[i];

		for (const struct detect_tag *t = r->tag; t != NULL;
		    t = t->next) {
			if (t->type == DETECT_TAG_SESSION) {
				if (p->flow != NULL)
					detect_flowvars_tag_add(p->flow,
					    r->gid, r->sid, t, p->ts.tv_sec);
			} else
				detect_hosttable_tag_add(
				    t->dir == DETECT_TAG_SRC ? &p->src :
				    &p->dst, r->gid, r->sid, t,
				    p->ts.tv_sec);
		}
	}
	if (p->flow != NULL)
		tagged |= detect_flowvars_tag_packet(p->flow, p);
	tagged |= detect_hosttable_tag_packet(p);
	return tagged;
}
