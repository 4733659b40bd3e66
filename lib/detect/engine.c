#include "core/base.h"

#include <netinet/in.h>

#include "core/packet.h"
#include "detect/engine.h"
#include "detect/engine_int.h"
#include "detect/keywords/keyword.h"
#include "detect/verdict.h"
#include "rules/rule.h"

struct detect_thread {
	const struct detect_engine *de;
	const struct rule **matched;	/* room for the largest group */
};

static bool	engine_rule_match(const struct rule *, const struct packet *);
static bool	engine_header_match(const struct rule *, const struct packet *,
		    bool);

struct detect_thread *
detect_thread_new(const struct detect_engine *de)
{
	struct detect_thread *dt;

	if ((dt = calloc(1, sizeof(*dt))) == NULL)
		return NULL;
	dt->de = de;
	dt->matched = calloc(de->max_group ? de->max_group : 1,
	    sizeof(*dt->matched));
	if (dt->matched == NULL) {
		free(dt);
		return NULL;
	}
	return dt;
}

void
detect_thread_free(struct detect_thread *dt)
{
	if (dt == NULL)
		return;
	free(dt->matched);
	free(dt);
}

/* Addresses and ports in one orientation; swap reads the packet
 * backwards, for "<>" rules. Ports other than "any" only match packets
 * that carry ports (TCP, UDP with a complete header). */
static bool
engine_header_match(const struct rule *r, const struct packet *p, bool swap)
{
	const struct ip_addr *src = swap ? &p->dst : &p->src;
	const struct ip_addr *dst = swap ? &p->src : &p->dst;
	uint16_t sport = swap ? p->dport : p->sport;
	uint16_t dport = swap ? p->sport : p->dport;
	bool has_ports = p->l4_valid &&
	    (p->proto == IPPROTO_TCP || p->proto == IPPROTO_UDP);

	if (!rules_addr_match(&r->src, src) || !rules_addr_match(&r->dst, dst))
		return false;
	if (!r->sport.any && !(has_ports && rules_port_match(&r->sport, sport)))
		return false;
	if (!r->dport.any && !(has_ports && rules_port_match(&r->dport, dport)))
		return false;
	return true;
}

static bool
engine_rule_match(const struct rule *r, const struct packet *p)
{
	struct detect_inspect in;
	uint8_t ver = p->ip_version == 4 ? RULE_IPV4 : RULE_IPV6;

	if (!(r->ip_versions & ver) || !rules_rule_has_proto(r, p->proto))
		return false;
	/* as in Suricata, payload keywords never match an empty payload,
	 * not even negated ones */
	if (r->needs_payload && p->payload_len == 0)
		return false;
	if (!engine_header_match(r, p, false) &&
	    !(r->bidir && engine_header_match(r, p, true)))
		return false;

	in.pkt = p;
	in.buf = p->payload;
	in.buf_len = p->payload_len;
	in.cursor = 0;
	for (size_t i = 0; i < r->nmatches; i++) {
		const struct rule_match *m = &r->matches[i];

		if (m->kw->match != NULL && !m->kw->match(&in, m->data))
			return false;
	}
	return true;
}

void
detect_packet(struct detect_thread *dt, const struct packet *p,
    struct detect_result *res)
{
	const struct detect_group *g;
	size_t n = 0;

	if (p->ip_version != 4 && p->ip_version != 6) {
		detect_verdict_resolve(NULL, 0, res);
		return;
	}
	g = &dt->de->groups[detect_engine_group_of(p->proto)];
	for (size_t i = 0; i < g->n; i++)
		if (engine_rule_match(g->rules[i], p))
			dt->matched[n++] = g->rules[i];
	detect_verdict_resolve(dt->matched, n, res);
}
