#include "core/base.h"

#include <netinet/in.h>

#include "core/counters.h"
#include "core/packet.h"
#include "decode/events.h"
#include "detect/buffer.h"
#include "detect/engine.h"
#include "detect/engine_int.h"
#include "detect/inspect.h"
#include "detect/keywords/keyword.h"
#include "detect/mpm.h"
#include "detect/prefilter.h"
#include "detect/verdict.h"
#include "flow/flow.h"
#include "rules/rule.h"

/* A worker's scratch: everything the packet path writes. */
struct detect_thread {
	const struct detect_engine *de;
	void		*mpm_scratch;
	void		**scratch;	/* per keyword with thread_new */
	uint32_t	*cand;		/* prefilter candidates, sig nums */
	uint32_t	 ncand;
	uint32_t	*pat_gen;	/* per pattern: scan that saw it */
	uint32_t	 gen;
	const struct detect_prefilter *pf;	/* being scanned */
	struct detect_stats st;
	struct detect_inspect_counters kc;
};

static bool	engine_header_match(const struct rule *, const struct packet *,
		    bool);
static bool	engine_sig_match(struct detect_thread *,
		    const struct detect_sig *, struct detect_inspect *);
static bool	engine_run_list(struct detect_thread *,
		    const struct detect_sig *, enum rule_list,
		    struct detect_inspect *);
static void	engine_on_pattern(uint32_t, uint32_t, void *);
static void	engine_prefilter(struct detect_thread *,
		    const struct detect_group *, const struct packet *);
static void	engine_sort(uint32_t *, uint32_t);
static int	engine_u32_cmp(const void *, const void *);

struct detect_thread *
detect_thread_new(const struct detect_engine *de)
{
	struct detect_thread *dt;

	if ((dt = calloc(1, sizeof(*dt))) == NULL)
		return NULL;
	dt->de = de;
	dt->cand = calloc(de->nsigs ? de->nsigs : 1, sizeof(*dt->cand));
	dt->pat_gen = calloc(de->max_patterns ? de->max_patterns : 1,
	    sizeof(*dt->pat_gen));
	dt->scratch = calloc(de->nscratch ? de->nscratch : 1,
	    sizeof(*dt->scratch));
	if (dt->cand == NULL || dt->pat_gen == NULL || dt->scratch == NULL)
		goto fail;
	for (uint16_t i = 0; i < de->nscratch; i++)
		if ((dt->scratch[i] = de->scratch_kw[i]->thread_new()) == NULL)
			goto fail;
	for (size_t i = 0; i < de->nmpms; i++)
		if (de->mpm_ops->scratch_grow(&dt->mpm_scratch,
		    de->mpms[i]) == -1)
			goto fail;
	return dt;
fail:
	detect_thread_free(dt);
	return NULL;
}

void
detect_thread_free(struct detect_thread *dt)
{
	if (dt == NULL)
		return;
	for (uint16_t i = 0; dt->scratch != NULL && i < dt->de->nscratch;
	    i++)
		if (dt->scratch[i] != NULL)
			dt->de->scratch_kw[i]->thread_free(dt->scratch[i]);
	if (dt->mpm_scratch != NULL)
		dt->de->mpm_ops->scratch_free(dt->mpm_scratch);
	free(dt->scratch);
	free(dt->cand);
	free(dt->pat_gen);
	free(dt);
}

void
detect_thread_stats(const struct detect_thread *dt, struct detect_stats *st)
{
	st->packets = counter_get(&dt->st.packets);
	st->flow_pass = counter_get(&dt->st.flow_pass);
	st->flow_drop = counter_get(&dt->st.flow_drop);
	st->flows_dropped = counter_get(&dt->st.flows_dropped);
	st->prefilter_scans = counter_get(&dt->st.prefilter_scans);
	st->candidates = counter_get(&dt->st.candidates);
	st->rules_checked = counter_get(&dt->st.rules_checked);
	st->matches = counter_get(&dt->st.matches);
	st->alerts = counter_get(&dt->st.alerts);
	st->rate_limited = counter_get(&dt->st.rate_limited);
	st->pcre_limit = counter_get(&dt->kc.pcre_limit);
	st->backtrack_limit = counter_get(&dt->kc.backtrack_limit);
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
	bool has_ports = p->l4_valid && (p->proto == IPPROTO_TCP ||
	    p->proto == IPPROTO_UDP || p->proto == IPPROTO_SCTP);

	if (!rules_addr_match(&r->src, src) || !rules_addr_match(&r->dst, dst))
		return false;
	if (!r->sport.any && !(has_ports && rules_port_match(&r->sport, sport)))
		return false;
	if (!r->dport.any && !(has_ports && rules_port_match(&r->dport, dport)))
		return false;
	return true;
}

static bool
engine_run_list(struct detect_thread *dt, const struct detect_sig *s,
    enum rule_list l, struct detect_inspect *in)
{
	for (uint16_t i = 0; i < s->nlist[l]; i++) {
		const struct detect_sm *sm = &s->lists[l][i];

		in->scratch = sm->scratch != DETECT_SM_NO_SCRATCH ?
		    dt->scratch[sm->scratch] : NULL;
		if (!sm->kw->match(in, sm->data))
			return false;
	}
	return true;
}

extern const struct keyword kw_decode_event;

/* A rule for packets that decoded no IP layer: decode-event in its
 * packet list and addresses and ports "any". */
static bool
engine_sig_on_events(const struct detect_sig *s)
{
	const struct rule *r = s->rule;
	bool ev = false;

	if (!r->src.any || !r->dst.any || !r->sport.any || !r->dport.any)
		return false;
	for (uint16_t i = 0; i < s->nlist[RULE_LIST_PACKET]; i++)
		ev |= s->lists[RULE_LIST_PACKET][i].kw == &kw_decode_event;
	return ev;
}

/* Header, packet keywords, buffers, then the match list. */
static bool
engine_sig_match(struct detect_thread *dt, const struct detect_sig *s,
    struct detect_inspect *in)
{
	const struct rule *r = s->rule;
	const struct packet *p = in->pkt;
	uint8_t ver = p->ip_version == 4 ? RULE_IPV4 : RULE_IPV6;

	if (p->ip_version == 0 && !engine_sig_on_events(s))
		return false;
	if (p->ip_version == 0)
		ver = r->ip_versions;
	if (!(r->ip_versions & ver) || !rules_rule_has_proto(r, p->proto))
		return false;
	if (p->ip_version != 0 && !engine_header_match(r, p, false) &&
	    !(r->bidir && engine_header_match(r, p, true)))
		return false;
	counter_inc(&dt->st.rules_checked);
	in->rule = r;
	if (!engine_run_list(dt, s, RULE_LIST_PACKET, in))
		return false;
	for (uint8_t b = 0; b < s->nbufs; b++) {
		/* as in Suricata, buffer keywords never match an empty
		 * buffer, not even negated ones */
		detect_buffer_get(s->bufs[b].id)->get(p, &in->buf,
		    &in->buf_len);
		if (in->buf_len == 0 || !detect_inspect_buffer(in,
		    s->bufs[b].sms, s->bufs[b].n, dt->scratch))
			return false;
	}
	return engine_run_list(dt, s, RULE_LIST_MATCH, in);
}

static void
engine_on_pattern(uint32_t id, uint32_t end, void *arg)
{
	struct detect_thread *dt = arg;
	const struct detect_prefilter *pf = dt->pf;

	if (dt->pat_gen[id] == dt->gen)
		return;
	dt->pat_gen[id] = dt->gen;
	for (uint32_t k = pf->sig_off[id]; k < pf->sig_off[id + 1]; k++)
		dt->cand[dt->ncand++] = pf->sig_ids[k];
}

static int
engine_u32_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* Candidates are few: insertion sort, qsort past a handful. */
static void
engine_sort(uint32_t *v, uint32_t n)
{
	if (n > 32) {
		qsort(v, n, sizeof(*v), engine_u32_cmp);
		return;
	}
	for (uint32_t i = 1; i < n; i++) {
		uint32_t x = v[i], k = i;

		for (; k > 0 && v[k - 1] > x; k--)
			v[k] = v[k - 1];
		v[k] = x;
	}
}

/* Fills dt->cand with the rules whose fast pattern is in the payload,
 * sorted. */
static void
engine_prefilter(struct detect_thread *dt, const struct detect_group *g,
    const struct packet *p)
{
	dt->ncand = 0;
	if (g->pf == NULL || p->payload == NULL || p->payload_len == 0)
		return;
	if (++dt->gen == 0) {
		memset(dt->pat_gen, 0, dt->de->max_patterns *
		    sizeof(*dt->pat_gen));
		dt->gen = 1;
	}
	dt->pf = g->pf;
	counter_inc(&dt->st.prefilter_scans);
	dt->de->mpm_ops->scan(g->pf->mpm, dt->mpm_scratch, p->payload,
	    p->payload_len, engine_on_pattern, dt);
	counter_add(&dt->st.candidates, dt->ncand);
	engine_sort(dt->cand, dt->ncand);
}

void
detect_packet(struct detect_thread *dt, const struct packet *p,
    struct detect_result *res)
{
	const struct detect_engine *de = dt->de;
	const struct detect_group *g;
	struct detect_inspect in;
	struct flow *f = p->flow;
	uint32_t ia = 0, ic = 0;
	uint16_t port = 0;
	uint8_t dir;
	bool drop = false, reject = false;

	detect_verdict_init(res);
	counter_inc(&dt->st.packets);
	/* A packet without IP is inspected only for its decoder events,
	 * by pkthdr/ip rules that match on them (engine_sig_match), as
	 * Suricata's decoder-event rule group. */
	if (p->ip_version != 4 && p->ip_version != 6 &&
	    !decode_event_any(p->events))
		return;
	if (f != NULL && (f->flags & FLOW_F_PASS)) {
		counter_inc(&dt->st.flow_pass);
		return;
	}
	if (f != NULL && (f->flags & FLOW_F_DROP)) {
		counter_inc(&dt->st.flow_drop);
		res->verdict = DETECT_VERDICT_DROP;
		return;
	}
	dir = (p->flow_flags & PKT_FLOW_TO_CLIENT) ? DETECT_DIR_TO_CLIENT :
	    DETECT_DIR_TO_SERVER;
	if (p->l4_valid && (p->proto == IPPROTO_TCP ||
	    p->proto == IPPROTO_UDP))
		port = dir == DETECT_DIR_TO_SERVER ? p->dport : p->sport;
	if ((g = detect_group_lookup(de, p->proto, dir, port)) == NULL)
		return;
	engine_prefilter(dt, g, p);

	memset(&in, 0, sizeof(in));
	in.pkt = p;
	in.flow = f;
	in.counters = &dt->kc;
	/* the prefilter's candidates and the always-evaluated rules, merged
	 * in engine order */
	while (ia < g->nalways || ic < dt->ncand) {
		const struct detect_sig *s;
		uint32_t num;

		if (ic == dt->ncand || (ia < g->nalways &&
		    g->always[ia] < dt->cand[ic]))
			num = g->always[ia++];
		else
			num = dt->cand[ic++];
		s = &de->sigs[num];
		if (!engine_sig_match(dt, s, &in))
			continue;
		counter_inc(&dt->st.matches);
		in.silent = false;
		(void)engine_run_list(dt, s, RULE_LIST_POST, &in);
		if (s->rule->flags & RULE_F_MARK)
			detect_verdict_mark(res, s->rule->mark_value,
			    s->rule->mark_mask);
		if (s->rule->flags & RULE_F_BYPASS) {
			res->bypass = true;
			if (f != NULL)
				f->flags |= FLOW_F_BYPASS;
		}
		if (!engine_run_list(dt, s, RULE_LIST_THRESHOLD, &in)) {
			counter_inc(&dt->st.rate_limited);
			continue;
		}
		detect_verdict_apply(res, s, !in.silent &&
		    !(s->rule->flags & RULE_F_NOALERT));
		if (s->action == DETECT_ACTION_DROP)
			drop = true;
		else if (s->action == DETECT_ACTION_REJECT)
			reject = true;
		else if (s->action == DETECT_ACTION_PASS) {
			if ((s->flags & DETECT_SIG_FLOW_PASS) && f != NULL &&
			    !(f->flags & FLOW_F_DROP)) {
				f->flags |= FLOW_F_PASS | FLOW_F_BYPASS;
				res->bypass = true;
			}
			break;
		}
	}
	detect_verdict_finish(res, drop, reject);
	counter_add(&dt->st.alerts, res->nalerts);
	if (f != NULL && res->nalerts > 0)
		f->flags |= FLOW_F_ALERTED;
	if (f != NULL && (drop || reject) && p->proto == IPPROTO_TCP) {
		if (!(f->flags & (FLOW_F_DROP | FLOW_F_PASS))) {
			f->flags |= FLOW_F_DROP;
			counter_inc(&dt->st.flows_dropped);
		}
		res->flow_drop = true;
	}
}
