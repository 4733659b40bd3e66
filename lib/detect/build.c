#include "core/base.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <time.h>
#include <netinet/in.h>

#include "core/diag.h"
#include "detect/buffer.h"
#include "detect/engine.h"
#include "detect/engine_int.h"
#include "detect/keywords/keyword.h"
#include "detect/keywords/registry.h"
#include "detect/mpm.h"
#include "detect/prefilter.h"
#include "rules/rule.h"
#include "rules/ruleset.h"


static enum detect_action build_action(enum rule_action);
static uint8_t	build_reject(enum rule_action);
static int	build_sig(struct detect_engine *, struct detect_sig *,
		    const struct rule *);
static int	build_order_cmp(const void *, const void *);
static int	build_scratch(struct detect_engine *);
static uint16_t	build_scratch_of(const struct detect_engine *,
		    const struct keyword *);
static void	build_sig_free(struct detect_sig *);
static int	build_lists(struct detect_engine *);
static int	build_list_of(struct detect_engine *, const struct rule *,
		    uint8_t, uint8_t, uint16_t *);
static bool	build_iponly(const struct detect_sig *);
static void	build_frame_types(struct detect_engine *,
		    const struct detect_sig *);
static bool	build_pdonly(const struct rule *, const struct detect_sig *);

extern const struct keyword kw_app_layer_protocol;
extern const struct keyword kw_flow;

/* Tells engines apart for the per-transaction state they leave in
 * parsers' txs (a reload renumbers the rules). */
static _Atomic uint64_t build_gen;

/* The sort key of a rule, for build_order_cmp(). */
struct build_key {
	const struct rule *rule;
	size_t		 load;		/* load order */
	uint8_t		 rank;		/* action rank */
	uint8_t		 flowbits;	/* setters first */
	uint8_t		 hostbits;	/* then host bit setters */
	uint8_t		 ippair;	/* then ip-pair bit setters */
};

void
detect_engine_opts_default(struct detect_engine_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->mpm = "auto";
	o->action_order[0] = DETECT_ACTION_PASS;
	o->action_order[1] = DETECT_ACTION_DROP;
	o->action_order[2] = DETECT_ACTION_REJECT;
	o->action_order[3] = DETECT_ACTION_ALERT;
	detect_engine_opts_profile(o, DETECT_PROFILE_MEDIUM, 0, 0);
	o->packet_alert_max = DETECT_ALERTS_DEFAULT;
}

void
detect_engine_opts_profile(struct detect_engine_opts *o,
    enum detect_profile p, unsigned toclient, unsigned toserver)
{
	switch (p) {
	case DETECT_PROFILE_LOW:
		o->toclient_groups = 15;
		o->toserver_groups = 25;
		break;
	case DETECT_PROFILE_HIGH:
		o->toclient_groups = 75;
		o->toserver_groups = 75;
		break;
	case DETECT_PROFILE_CUSTOM:
		o->toclient_groups = toclient != 0 ? toclient : 20;
		o->toserver_groups = toserver != 0 ? toserver : 40;
		break;
	case DETECT_PROFILE_MEDIUM:
	default:
		o->toclient_groups = 20;
		o->toserver_groups = 40;
		break;
	}
}

int
detect_engine_opts_action_order(struct detect_engine_opts *o,
    const char *const *names, size_t n)
{
	static const char *const actions[DETECT_ACTION_MAX] = {
		[DETECT_ACTION_PASS] = "pass",
		[DETECT_ACTION_DROP] = "drop",
		[DETECT_ACTION_REJECT] = "reject",
		[DETECT_ACTION_ALERT] = "alert",
	};
	enum detect_action order[DETECT_ACTION_MAX];
	unsigned seen = 0;

	if (n != DETECT_ACTION_MAX)
		goto bad;
	for (size_t i = 0; i < n; i++) {
		size_t a;

		for (a = 0; a < DETECT_ACTION_MAX; a++)
			if (strcmp(names[i], actions[a]) == 0)
				break;
		if (a == DETECT_ACTION_MAX || (seen & (1u << a)))
			goto bad;
		seen |= 1u << a;
		order[i] = (enum detect_action)a;
	}
	memcpy(o->action_order, order, sizeof(order));
	return 0;
bad:
	errno = EINVAL;
	return -1;
}

static enum detect_action
build_action(enum rule_action a)
{
	switch (a) {
	case RULE_ACTION_PASS:
		return DETECT_ACTION_PASS;
	case RULE_ACTION_DROP:
		return DETECT_ACTION_DROP;
	case RULE_ACTION_REJECT:
	case RULE_ACTION_REJECTSRC:
	case RULE_ACTION_REJECTDST:
	case RULE_ACTION_REJECTBOTH:
		return DETECT_ACTION_REJECT;
	case RULE_ACTION_ALERT:
		break;
	}
	return DETECT_ACTION_ALERT;
}

static uint8_t
build_reject(enum rule_action a)
{
	switch (a) {
	case RULE_ACTION_REJECT:
	case RULE_ACTION_REJECTSRC:
		return DETECT_REJECT_TO_SRC;
	case RULE_ACTION_REJECTDST:
		return DETECT_REJECT_TO_DST;
	case RULE_ACTION_REJECTBOTH:
		return DETECT_REJECT_TO_SRC | DETECT_REJECT_TO_DST;
	default:
		return 0;
	}
}

/* Suricata's signature order: action (action-order), flowbits setters
 * before setter-readers before readers before the rest, the same for
 * host bits (hostbits, xbits ip_src/ip_dst), then for ip-pair bits,
 * priority (1
 * first), then load order. */
static int
build_order_cmp(const void *a, const void *b)
{
	const struct build_key *x = a, *y = b;

	if (x->rank != y->rank)
		return x->rank < y->rank ? -1 : 1;
	if (x->flowbits != y->flowbits)
		return x->flowbits < y->flowbits ? -1 : 1;
	if (x->hostbits != y->hostbits)
		return x->hostbits < y->hostbits ? -1 : 1;
	if (x->ippair != y->ippair)
		return x->ippair < y->ippair ? -1 : 1;
	if (x->rule->priority != y->rule->priority)
		return x->rule->priority < y->rule->priority ? -1 : 1;
	return x->load < y->load ? -1 : x->load > y->load;
}

static uint16_t
build_scratch_of(const struct detect_engine *de, const struct keyword *kw)
{
	for (uint16_t i = 0; i < de->nscratch; i++)
		if (de->scratch_kw[i] == kw)
			return i;
	return DETECT_SM_NO_SCRATCH;
}

/* The keywords that want per-thread scratch, registry order. */
static int
build_scratch(struct detect_engine *de)
{
	size_t n = detect_keywords_registry_count();

	if ((de->scratch_kw = calloc(n, sizeof(*de->scratch_kw))) == NULL)
		return -1;
	for (size_t i = 0; i < n; i++) {
		const struct keyword *kw = detect_keywords_registry_at(i);

		if (kw->thread_new != NULL)
			de->scratch_kw[de->nscratch++] = kw;
	}
	return 0;
}

/* Compiles r into s: its lists as arrays of detect_sm, buffer keywords
 * split per buffer with the relative-next flags set. */
static int
build_sig(struct detect_engine *de, struct detect_sig *s,
    const struct rule *r)
{
	uint16_t count[RULE_LIST_MAX] = { 0 };
	bool has_matches = false, has_payload = false;

	s->rule = r;
	s->action = (uint8_t)build_action(r->action);
	s->reject = build_reject(r->action);
	for (size_t i = 0; i < r->nmatches; i++) {
		const struct rule_match *m = &r->matches[i];

		count[m->list]++;
		if (m->list == RULE_LIST_BUFFER) {
			bool seen = false;

			for (uint8_t b = 0; b < s->nbufs; b++)
				if (s->bufs[b].id == m->buffer &&
				    s->bufs[b].xchain == m->xchain)
					seen = true;
			if (!seen) {
				struct detect_sig_buffer *nb;

				if (s->nbufs == UINT8_MAX)
					return -1;
				if ((nb = realloc(s->bufs, (s->nbufs + 1) *
				    sizeof(*nb))) == NULL)
					return -1;
				s->bufs = nb;
				memset(&s->bufs[s->nbufs], 0, sizeof(*nb));
				s->bufs[s->nbufs].id = m->buffer;
				s->bufs[s->nbufs].xchain = m->xchain;
				if (build_list_of(de, r, m->buffer, m->xchain,
				    &s->bufs[s->nbufs].list) == -1)
					return -1;
				s->nbufs++;
			}
		}
		if ((m->list == RULE_LIST_PACKET || m->list ==
		    RULE_LIST_BUFFER || m->list == RULE_LIST_MATCH) &&
		    !(m->kw->flags & KEYWORD_IPONLY_COMPAT))
			has_matches = true;
		if (m->list == RULE_LIST_BUFFER &&
		    m->buffer == DETECT_BUFFER_PAYLOAD)
			has_payload = true;
	}
	/* a flow direction alone adds no match (keywords/flow.c), yet
	 * makes a packet rule of it, as in Suricata */
	{
		uint32_t dirs = r->flags & (RULE_F_TO_SERVER |
		    RULE_F_TO_CLIENT);

		if (dirs != 0 && dirs != (RULE_F_TO_SERVER | RULE_F_TO_CLIENT))
			has_matches = true;
	}
	for (int l = 0; l < RULE_LIST_MAX; l++) {
		if (l == RULE_LIST_BUFFER || count[l] == 0)
			continue;
		if ((s->lists[l] = calloc(count[l], sizeof(*s->lists[l]))) ==
		    NULL)
			return -1;
	}
	for (uint8_t b = 0; b < s->nbufs; b++) {
		uint16_t n = 0;

		for (size_t i = 0; i < r->nmatches; i++)
			if (r->matches[i].list == RULE_LIST_BUFFER &&
			    r->matches[i].buffer == s->bufs[b].id &&
			    r->matches[i].xchain == s->bufs[b].xchain)
				n++;
		if ((s->bufs[b].sms = calloc(n, sizeof(*s->bufs[b].sms))) ==
		    NULL)
			return -1;
	}
	for (size_t i = 0; i < r->nmatches; i++) {
		const struct rule_match *m = &r->matches[i];
		struct detect_sm *sm;

		if (m->list == RULE_LIST_BUFFER) {
			struct detect_sig_buffer *sb = NULL;

			for (uint8_t b = 0; b < s->nbufs; b++)
				if (s->bufs[b].id == m->buffer &&
				    s->bufs[b].xchain == m->xchain)
					sb = &s->bufs[b];
			/* a relative keyword makes its predecessor in the
			 * same buffer retry on failure */
			if ((m->flags & RULE_MATCH_RELATIVE) && sb->n > 0)
				sb->sms[sb->n - 1].flags |=
				    DETECT_SM_RELATIVE_NEXT;
			sm = &sb->sms[sb->n++];
		} else
			sm = &s->lists[m->list][s->nlist[m->list]++];
		sm->kw = m->kw;
		sm->data = m->data;
		sm->scratch = build_scratch_of(de, m->kw);
	}
	for (uint8_t b = 0; b < s->nbufs; b++) {
		const struct detect_buffer *db = detect_buffer_get(
		    s->bufs[b].id);

		if (db->scope == DETECT_BUFFER_SCOPE_TX) {
			s->flags |= DETECT_SIG_TX;
			s->alproto = db->alproto;
		}
		if (db->scope == DETECT_BUFFER_SCOPE_FRAME) {
			s->flags |= DETECT_SIG_FRAME;
			s->alproto = db->alproto;
		}
	}
	if (r->alproto != 0)
		s->alproto = r->alproto;
	if ((r->flags & RULE_F_TX) && r->alproto != 0 &&
	    !(s->flags & DETECT_SIG_FRAME))
		s->flags |= DETECT_SIG_TX;
	/* a rule on frames and transactions: Suricata evaluates it as a
	 * frame rule */
	if (s->flags & DETECT_SIG_FRAME)
		s->flags &= (uint16_t)~DETECT_SIG_TX;
	if (build_pdonly(r, s))
		s->flags |= DETECT_SIG_PDONLY;
	if (!(s->flags & DETECT_SIG_FRAME))
		detect_stream_flags(s);
	/* a transaction rule with pkt_data keywords (uricontent and a
	 * plain content on alert tcp): Suricata adds a stream inspection
	 * engine to its tx engines, so the pkt_data part matches the
	 * reassembled stream; quell tries the packet's payload too, as it
	 * did before the stream was looked at */
	if ((s->flags & DETECT_SIG_TX) && (s->flags & DETECT_SIG_STREAM))
		s->flags |= DETECT_SIG_PACKET;
	if (build_iponly(s))
		s->flags |= DETECT_SIG_IPONLY;
	/* Suricata applies a drop or pass to the whole flow for IP-only
	 * (and like IP-only) and PD-only rules and for matches on the TCP
	 * stream: inline it inspects the stream as each segment comes, so
	 * a TCP rule on the payload that does not need the packet (dsize,
	 * tcp-pkt) covers the flow, and so does an app-layer (transaction)
	 * rule. */
	if (!has_matches || (s->flags & (DETECT_SIG_IPONLY |
	    DETECT_SIG_PDONLY | DETECT_SIG_TX | DETECT_SIG_FRAME)) ||
	    (has_payload && rules_rule_has_proto(r, IPPROTO_TCP) &&
	    !(r->flags & RULE_F_PKT_ONLY)))
		s->flags |= DETECT_SIG_APPLY_FLOW;
	return 0;
}

extern const struct keyword kw_flowbits;
extern const struct keyword kw_threshold;
extern const struct keyword kw_detection_filter;
extern const struct keyword kw_tag;

/* The frame types s inspects: parsers record only those. */
static void
build_frame_types(struct detect_engine *de, const struct detect_sig *s)
{
	for (uint8_t b = 0; b < s->nbufs; b++) {
		const struct detect_buffer *db = detect_buffer_get(
		    s->bufs[b].id);

		if (db->scope == DETECT_BUFFER_SCOPE_FRAME &&
		    db->alproto < DETECT_FRAME_PROTOS && db->frame_type < 32)
			de->frame_types[db->alproto] |= 1u << db->frame_type;
	}
}

/*
 * Suricata's SignatureIsIPOnly(): a rule of addresses, ports and
 * protocol only. No buffer keyword (content & co., any sticky buffer),
 * no keyword in the packet and match lists but flowbits set, threshold
 * and detection_filter (Suricata's SIGMATCH_IPONLY_COMPAT ones; tag
 * lives in its own list), no flow direction (flow:to_server alone
 * makes a packet rule) and no negated address (Suricata's "like
 * ip-only": a packet rule). Such a rule is inspected only on the first
 * packet of each direction of a flow (detect/engine.c).
 */
static bool
build_iponly(const struct detect_sig *s)
{
	const struct rule *r = s->rule;
	uint32_t dirs = r->flags & (RULE_F_TO_SERVER | RULE_F_TO_CLIENT);

	/* an app-layer rule ("alert http", a tx buffer, an event) never
	 * is: Suricata's SignatureIsIPOnly wants no alproto */
	if (s->nbufs > 0 || r->alproto != 0 || (r->flags & RULE_F_TX) ||
	    (dirs != 0 && dirs != (RULE_F_TO_SERVER | RULE_F_TO_CLIENT)) ||
	    rules_addr_negated(&r->src) || rules_addr_negated(&r->dst))
		return false;
	for (size_t i = 0; i < r->nmatches; i++) {
		const struct rule_match *m = &r->matches[i];

		if (m->list == RULE_LIST_BUFFER)
			return false;
		if (m->list != RULE_LIST_PACKET && m->list !=
		    RULE_LIST_MATCH && m->list != RULE_LIST_POST &&
		    m->list != RULE_LIST_THRESHOLD)
			continue;
		if (m->kw == &kw_flowbits) {
			if (!keyword_flowbits_sets(m->data))
				return false;
		} else if (m->kw != &kw_threshold &&
		    m->kw != &kw_detection_filter && m->kw != &kw_tag)
			return false;
	}
	return true;
}

/* The list of rule r's buffer with transform chain xchain: a plain
 * buffer's own, or a derived one interned by its chain's key. */
static int
build_list_of(struct detect_engine *de, const struct rule *r, uint8_t buffer,
    uint8_t xchain, uint16_t *out)
{
	const struct rule_xchain *c;
	struct detect_list *nl, *l;
	char key[1024], part[256];
	size_t off;

	if (xchain == 0 || r->xchains == NULL || r->xchains[xchain].n == 0) {
		*out = buffer;
		return 0;
	}
	c = &r->xchains[xchain];
	off = (size_t)snprintf(key, sizeof(key), "%u", buffer);
	for (uint8_t i = 0; i < c->n && off < sizeof(key); i++) {
		part[0] = '\0';
		if (c->xforms[i].kw->xform_key != NULL)
			c->xforms[i].kw->xform_key(c->xforms[i].data, part,
			    sizeof(part));
		off += (size_t)snprintf(key + off, sizeof(key) - off,
		    "|%s(%s)", c->xforms[i].kw->name, part);
	}
	for (uint16_t i = DETECT_BUFFER_LIMIT; i < de->nlists; i++)
		if (strcmp(de->lists[i].key, key) == 0) {
			*out = i;
			return 0;
		}
	if (de->nlists == UINT16_MAX)
		return -1;
	if ((nl = realloc(de->lists, (de->nlists + 1) * sizeof(*nl))) == NULL)
		return -1;
	de->lists = nl;
	l = &de->lists[de->nlists];
	memset(l, 0, sizeof(*l));
	l->buffer = buffer;
	l->nxforms = c->n;
	l->xforms = c->xforms;
	if ((l->key = strdup(key)) == NULL ||
	    (l->scratch = calloc(c->n, sizeof(*l->scratch))) == NULL) {
		free(l->key);
		return -1;
	}
	for (uint8_t i = 0; i < c->n; i++)
		l->scratch[i] = build_scratch_of(de, c->xforms[i].kw);
	*out = de->nlists++;
	return 0;
}

/* The plain lists: list i is buffer i untransformed. */
static int
build_lists(struct detect_engine *de)
{
	if ((de->lists = calloc(DETECT_BUFFER_LIMIT, sizeof(*de->lists))) ==
	    NULL)
		return -1;
	for (uint16_t i = 0; i < DETECT_BUFFER_LIMIT; i++)
		de->lists[i].buffer = (uint8_t)i;
	de->nlists = DETECT_BUFFER_LIMIT;
	return 0;
}

/* Suricata's SignatureIsPDOnly: app-layer-protocol, and besides it only
 * flow (direction) and post-match or rate keywords; no buffer, no
 * protocol of its own. */
static bool
build_pdonly(const struct rule *r, const struct detect_sig *s)
{
	bool pd = false;

	if (r->alproto != 0 || s->nbufs > 0 || (r->flags & RULE_F_TX))
		return false;
	for (size_t i = 0; i < r->nmatches; i++) {
		const struct rule_match *m = &r->matches[i];

		if (m->list == RULE_LIST_POST || m->list ==
		    RULE_LIST_THRESHOLD)
			continue;
		if (m->kw == &kw_app_layer_protocol)
			pd = true;
		else if (m->kw != &kw_flow)
			return false;
	}
	return pd;
}

static void
build_sig_free(struct detect_sig *s)
{
	for (int l = 0; l < RULE_LIST_MAX; l++)
		free(s->lists[l]);
	for (uint8_t b = 0; b < s->nbufs; b++)
		free(s->bufs[b].sms);
	free(s->bufs);
}

struct detect_engine *
detect_engine_build(struct ruleset *rs, struct diag_list *diags)
{
	return detect_engine_build_opts(rs, NULL, diags);
}

struct detect_engine *
detect_engine_build_opts(struct ruleset *rs,
    const struct detect_engine_opts *opts, struct diag_list *diags)
{
	struct detect_engine *de;
	struct build_key *keys = NULL;
	uint8_t rank[DETECT_ACTION_MAX];
	const char *what = "out of memory building the detection engine";
	int saved = ENOMEM;
	struct timespec t0, t1;

	if (rs == NULL) {
		errno = EINVAL;
		return NULL;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if ((de = calloc(1, sizeof(*de))) == NULL)
		goto fail;
	if (opts != NULL)
		de->opts = *opts;
	else
		detect_engine_opts_default(&de->opts);
	rules_ruleset_take(rs, &de->rules, &de->nrules);
	rules_ruleset_free(rs);
	rs = NULL;

	if ((de->mpm_ops = mpm_lookup(de->opts.mpm)) == NULL) {
		diag_add(diags, DIAG_WARNING, NULL, 0, 0, NULL,
		    "prefilter '%s' not available; using 'ac'",
		    de->opts.mpm != NULL ? de->opts.mpm : "(null)");
		de->mpm_ops = &mpm_ac_ops;
	} else if (!de->mpm_ops->usable()) {
		diag_add(diags, DIAG_WARNING, NULL, 0, 0, NULL,
		    "prefilter '%s' cannot run on this CPU; using 'ac'",
		    de->mpm_ops->name);
		de->mpm_ops = &mpm_ac_ops;
	}
	if (build_scratch(de) == -1 || build_lists(de) == -1)
		goto fail;
	if (de->opts.mpm_context == DETECT_MPM_CONTEXT_AUTO)
		de->mpm_context = de->mpm_ops == &mpm_ac_ops ?
		    DETECT_MPM_CONTEXT_SINGLE : DETECT_MPM_CONTEXT_FULL;
	else
		de->mpm_context = (uint8_t)de->opts.mpm_context;

	/* evaluation order */
	for (int i = 0; i < DETECT_ACTION_MAX; i++)
		rank[de->opts.action_order[i]] = (uint8_t)i;
	if ((keys = calloc(de->nrules ? de->nrules : 1, sizeof(*keys))) ==
	    NULL || (de->sigs = calloc(de->nrules ? de->nrules : 1,
	    sizeof(*de->sigs))) == NULL)
		goto fail;
	for (size_t i = 0; i < de->nrules; i++) {
		const struct rule *r = de->rules[i];
		uint32_t fb = r->flags & (RULE_F_FLOWBITS_SET |
		    RULE_F_FLOWBITS_READ);
		uint32_t hb = r->flags & (RULE_F_HOSTBITS_SET |
		    RULE_F_HOSTBITS_READ);
		uint32_t pb = r->flags & (RULE_F_IPPAIR_SET |
		    RULE_F_IPPAIR_READ);

		keys[i].rule = r;
		keys[i].load = i;
		keys[i].rank = rank[build_action(r->action)];
		keys[i].flowbits = fb == RULE_F_FLOWBITS_SET ? 0 :
		    fb == (RULE_F_FLOWBITS_SET | RULE_F_FLOWBITS_READ) ? 1 :
		    fb == RULE_F_FLOWBITS_READ ? 2 : 3;
		keys[i].hostbits = hb == RULE_F_HOSTBITS_SET ? 0 :
		    hb == (RULE_F_HOSTBITS_SET | RULE_F_HOSTBITS_READ) ? 1 :
		    hb == RULE_F_HOSTBITS_READ ? 2 : 3;
		keys[i].ippair = pb == RULE_F_IPPAIR_SET ? 0 :
		    pb == (RULE_F_IPPAIR_SET | RULE_F_IPPAIR_READ) ? 1 :
		    pb == RULE_F_IPPAIR_READ ? 2 : 3;
	}
	if (de->nrules > 1)
		qsort(keys, de->nrules, sizeof(*keys), build_order_cmp);
	for (size_t i = 0; i < de->nrules; i++) {
		de->sigs[i].num = (uint32_t)i;
		de->nsigs++;
		if (build_sig(de, &de->sigs[i], keys[i].rule) == -1)
			goto fail;
		if (de->sigs[i].flags & DETECT_SIG_FRAME) {
			de->nframe_sigs++;
			build_frame_types(de, &de->sigs[i]);
		}
	}
	free(keys);
	keys = NULL;

	if (detect_prefilter_select(de) == -1)
		goto fail;
	if (de->opts.linear)
		for (size_t i = 0; i < de->nsigs; i++)
			de->sigs[i].fp = DETECT_NO_FP;
	de->gen = atomic_fetch_add(&build_gen, 1) + 1;
	if (detect_group_build(de, diags) == -1) {
		saved = errno != 0 ? errno : ENOMEM;
		what = NULL;	/* reported */
		goto fail;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	de->build_seconds = (double)(t1.tv_sec - t0.tv_sec) +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	return de;
fail:
	free(keys);
	rules_ruleset_free(rs);
	detect_engine_free(de);
	if (what != NULL)
		diag_add(diags, DIAG_ERROR, NULL, 0, 0, NULL, "%s", what);
	errno = saved;
	return NULL;
}

void
detect_engine_free(struct detect_engine *de)
{
	if (de == NULL)
		return;
	detect_group_free(de);
	for (size_t i = 0; i < de->nmpms; i++)
		de->mpm_ops->free(de->mpms[i]);
	free(de->mpms);
	for (size_t i = 0; i < de->nsigs; i++)
		build_sig_free(&de->sigs[i]);
	free(de->sigs);
	free(de->fps);
	for (uint16_t i = 0; de->lists != NULL && i < de->nlists; i++) {
		free(de->lists[i].key);
		free(de->lists[i].scratch);
	}
	free(de->lists);
	free(de->scratch_kw);
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

const char *
detect_engine_mpm_name(const struct detect_engine *de)
{
	return de->mpm_ops->name;
}

void
detect_engine_info(const struct detect_engine *de,
    struct detect_engine_info *info)
{
	memset(info, 0, sizeof(*info));
	info->groups = de->ngroups;
	info->prefilters = de->nmpms;
	info->patterns = de->nfps;
	info->mpm_bytes = de->mpm_bytes;
	info->lists = de->nlists - DETECT_BUFFER_LIMIT;
	info->mpm_context = de->mpm_context == DETECT_MPM_CONTEXT_SINGLE ?
	    "single" : "full";
	info->build_seconds = de->build_seconds;
	info->group_bytes = de->pf_bytes;
	for (size_t i = 0; i < de->ngroups; i++)
		info->group_prefilters += de->groups[i]->npfs;
	for (size_t i = 0; i < de->nsigs; i++) {
		const struct detect_sig *s = &de->sigs[i];

		if (s->fp != DETECT_NO_FP)
			info->sigs_with_fast_pattern++;
		if (s->flags & DETECT_SIG_IPONLY)
			info->iponly++;
		info->sig_bytes += sizeof(*s) + s->nbufs * sizeof(*s->bufs);
		for (uint8_t b = 0; b < s->nbufs; b++)
			info->sig_bytes += s->bufs[b].n * sizeof(struct detect_sm);
		for (int l = 0; l < RULE_LIST_MAX; l++)
			info->sig_bytes += s->nlist[l] *
			    sizeof(struct detect_sm);
	}
}

size_t
detect_engine_group_size(const struct detect_engine *de, uint8_t ipproto,
    uint8_t dir, uint16_t port, size_t *prefiltered)
{
	const struct detect_group *g = detect_group_lookup(de, ipproto,
	    dir == PKT_FLOW_TO_CLIENT ? DETECT_DIR_TO_CLIENT :
	    DETECT_DIR_TO_SERVER, port);

	if (prefiltered != NULL)
		*prefiltered = g != NULL ? g->nsigs - g->nalways : 0;
	return g != NULL ? g->nsigs : 0;
}
