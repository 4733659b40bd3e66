#include "core/base.h"

#include <netinet/in.h>

#include "core/counters.h"
#include "core/packet.h"
#include "decode/events.h"
#include "detect/applayer.h"
#include "detect/buffer.h"
#include "detect/engine.h"
#include "detect/engine_int.h"
#include "detect/inspect.h"
#include "detect/keywords/keyword.h"
#include "detect/mpm.h"
#include "detect/prefilter.h"
#include "detect/tx.h"
#include "detect/uint.h"
#include "detect/verdict.h"
#include "flow/flow.h"
#include "rules/rule.h"
#include "stream/stream.h"

#define ENGINE_MULTI_MAX	65536	/* values of a multi-buffer looked at */

/* engine_list_bytes() */
#define ENGINE_BUF_END		(-1)	/* no (more) value */
#define ENGINE_BUF_EMPTY	0	/* a value of no bytes */
#define ENGINE_BUF_OK		1

/* A thread's transformed bytes of one list, for the inspection context
 * (packet or transaction) ctx_gen and value idx: computed once, read by
 * the prefilter and every rule on the list. */
struct engine_lc {
	uint8_t		*buf;
	uint32_t	 cap;
	uint32_t	 len;
	uint32_t	 gen;
	uint32_t	 idx;
};

/* A prefilter scan remembered (engine_scan): the patterns a scan of
 * bytes[0..len) with prefilter pf met, each once, in the order of
 * their first match. The same bytes scanned again replay them instead
 * of running the matcher: HTTP repeats its short buffers (method,
 * host, user agent, header names, protocol, status) request after
 * request, and a scan's set-up costs more than a short buffer's bytes.
 * A scan that meets more than ENGINE_MEMO_PATS patterns, or bytes past
 * ENGINE_MEMO_BYTES, is not remembered. */
#define ENGINE_MEMO_SLOTS	64
#define ENGINE_MEMO_BYTES	256
#define ENGINE_MEMO_PATS	8

struct engine_memo {
	const struct detect_prefilter *pf;
	uint32_t	 len;
	uint8_t		 npat;
	bool		 valid;
	uint32_t	 pat[ENGINE_MEMO_PATS];
	uint8_t		 bytes[ENGINE_MEMO_BYTES];
};

/* A worker's scratch: everything the packet path writes. */
struct detect_thread {
	const struct detect_engine *de;
	void		*mpm_scratch;
	void		**scratch;	/* per keyword with thread_new */
	uint32_t	*cand;		/* packet prefilter candidates */
	uint32_t	 ncand;
	uint32_t	*txrules;	/* tx rules met through the packet */
	uint32_t	 ntxrules;
	uint32_t	*txcand;	/* one tx's prefilter candidates */
	uint32_t	 ntxcand;
	uint32_t	*framerules;	/* frame rules met through the packet */
	uint32_t	 nframerules;
	const struct detect_frame *frame; /* the frame being inspected */
	uint32_t	*out;		/* where engine_on_pattern appends */
	uint32_t	*nout;
	uint32_t	*pat_gen;	/* per pattern: scan that saw it */
	uint32_t	 gen;
	struct engine_memo *memo;	/* ENGINE_MEMO_SLOTS, by prefilter */
	struct engine_memo *rec;	/* being recorded by this scan */
	bool		 fresh;		/* no scan since engine_scan_begin */
	struct engine_lc *lc;		/* per list, when any has transforms */
	uint8_t		*xtmp[2];	/* between the transforms of a chain */
	uint32_t	 xtmp_cap[2];
	uint32_t	 ctx_gen;	/* current packet or tx, for lc */
	const struct detect_prefilter *pf;	/* being scanned */
	bool		 on_stream;	/* the rule just matched matched its
					 * pkt_data on the stream */
	struct detect_stats st;
	struct detect_inspect_counters kc;
};

/* Rules a tx state holds per direction without an allocation: a
 * small tx meets a handful of candidates (the ET sample on a GET: one
 * or two each way), and the array was a malloc per tx. */
#define ENGINE_TX_DONE_INLINE	8

/* Per-transaction detection state, in the parser's detect_slot: the
 * rules done with the tx per direction (matched, or the tx finished
 * without them matching). Reset when another engine finds it. */
struct detect_tx_state {
	uint64_t	 gen;		/* struct detect_engine.gen */
	bool		 complete[2];	/* nothing left to inspect */
	uint32_t	*done[2];	/* sig nums, sorted: inl[] at first */
	uint32_t	 ndone[2];
	uint32_t	 cap[2];
	uint32_t	 inl[2][ENGINE_TX_DONE_INLINE];
};

/* A drop or reject applied to the packet, kept in case a pass of a
 * transaction rule before it in engine order undoes it. */
struct engine_drop {
	const struct detect_sig *s;
	uint8_t		 act;		/* enum detect_action */
	bool		 rate_modified;
};

/* Drops and rejects of one packet a later pass can undo; past it, no
 * pass undoes them (engine_pass_cut). */
#define ENGINE_DROPS_MAX	16

/* A walk over a source's txs from an id on (engine_tx_next). */
struct engine_tx_it {
	uint64_t	 id;		/* the next tx has an id >= it */
	uint64_t	 i;		/* tx_get's index, without tx_next */
	uint64_t	 cur;		/* the id of the tx returned */
};

/* The packet being inspected and what it decided so far. */
struct engine_pkt {
	struct detect_result *res;
	struct detect_inspect in;
	bool		 drop;
	bool		 reject;
	bool		 stop;		/* a pass rule matched */
	bool		 drop_flow;	/* a drop or reject that covers the
					 * flow (DETECT_SIG_APPLY_FLOW) */
	struct engine_drop *drops;	/* ENGINE_DROPS_MAX, not zeroed */
	uint32_t	 ndrops;
	bool		 drops_lost;	/* more than ENGINE_DROPS_MAX */
};

static bool	engine_header_match(const struct rule *, const struct packet *,
		    bool);
static bool	engine_sig_match(struct detect_thread *,
		    const struct detect_sig *, struct detect_inspect *,
		    void *, uint8_t);
static bool	engine_run_list(struct detect_thread *,
		    const struct detect_sig *, enum rule_list,
		    struct detect_inspect *);
static int	engine_base(const struct detect_buffer *,
		    const struct packet *, void *, uint8_t, uint32_t,
		    const uint8_t **, uint32_t *, const struct detect_frame *);
static int	engine_list_bytes(struct detect_thread *, uint16_t,
		    const struct packet *, void *, uint8_t, uint32_t,
		    const uint8_t **, uint32_t *);
static bool	engine_grow(uint8_t **, uint32_t *, uint32_t);
static void	engine_on_pattern(uint32_t, uint32_t, void *);
static void	engine_scan_begin(struct detect_thread *);
static void	engine_scan(struct detect_thread *,
		    const struct detect_prefilter *, const uint8_t *,
		    uint32_t, uint32_t *, uint32_t *);
static void	engine_ctx_next(struct detect_thread *);
static void	engine_tx_windows_done(const struct detect_tx_source *, void *,
		    uint8_t, int);
static void	engine_prefilter(struct detect_thread *,
		    const struct detect_group *, const struct packet *);
static void	engine_matched(struct detect_thread *, struct engine_pkt *,
		    const struct detect_sig *, const struct detect_tx_source *,
		    void *);
static bool	engine_sig_needs_payload(const struct detect_sig *);
static void	engine_frames(struct detect_thread *, struct engine_pkt *,
		    const struct detect_tx_source *, uint8_t);
static void	engine_txs(struct detect_thread *, struct engine_pkt *,
		    const struct detect_group *,
		    const struct detect_tx_source *, uint8_t);
static struct detect_tx_state *engine_tx_state(const struct detect_engine *,
		    const struct detect_tx_source *, void *);
static void	*engine_tx_next(const struct detect_tx_source *,
		    struct engine_tx_it *);
static bool	engine_tx_done(const struct detect_tx_state *, uint8_t,
		    uint32_t);
static void	engine_tx_mark(struct detect_tx_state *, uint8_t, uint32_t);
static void	engine_sort(uint32_t *, uint32_t);
static int	engine_u32_cmp(const void *, const void *);

struct detect_thread *
detect_thread_new(const struct detect_engine *de)
{
	struct detect_thread *dt;
	size_t ncand = de->max_group ? de->max_group : 1;

	if ((dt = calloc(1, sizeof(*dt))) == NULL)
		return NULL;
	dt->de = de;
	/* a rule comes at most once per prefilter, and a plain pkt_data
	 * fast pattern is in two: the packet's and the stream's (the
	 * duplicates go after the sort) */
	dt->cand = calloc(2 * ncand, sizeof(*dt->cand));
	dt->txrules = calloc(ncand, sizeof(*dt->txrules));
	dt->txcand = calloc(ncand, sizeof(*dt->txcand));
	dt->framerules = calloc(ncand, sizeof(*dt->framerules));
	dt->pat_gen = calloc(de->max_patterns ? de->max_patterns : 1,
	    sizeof(*dt->pat_gen));
	dt->scratch = calloc(de->nscratch ? de->nscratch : 1,
	    sizeof(*dt->scratch));
	dt->memo = calloc(ENGINE_MEMO_SLOTS, sizeof(*dt->memo));
	if (dt->cand == NULL || dt->txrules == NULL || dt->txcand == NULL ||
	    dt->framerules == NULL || dt->pat_gen == NULL ||
	    dt->scratch == NULL || dt->memo == NULL)
		goto fail;
	if (de->nlists > DETECT_BUFFER_LIMIT && (dt->lc = calloc(de->nlists,
	    sizeof(*dt->lc))) == NULL)
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
	free(dt->txrules);
	free(dt->txcand);
	free(dt->framerules);
	free(dt->pat_gen);
	free(dt->memo);
	for (uint16_t i = 0; dt->lc != NULL && i < dt->de->nlists; i++)
		free(dt->lc[i].buf);
	free(dt->lc);
	free(dt->xtmp[0]);
	free(dt->xtmp[1]);
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
	st->alert_queue_overflow = counter_get(&dt->st.alert_queue_overflow);
	st->alerts_suppressed = counter_get(&dt->st.alerts_suppressed);
	st->rate_limited = counter_get(&dt->st.rate_limited);
	st->pcre_limit = counter_get(&dt->kc.pcre_limit);
	st->backtrack_limit = counter_get(&dt->kc.backtrack_limit);
	st->txs_inspected = counter_get(&dt->st.txs_inspected);
	st->iponly_skipped = counter_get(&dt->st.iponly_skipped);
	st->xform_nomem = counter_get(&dt->st.xform_nomem);
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
		/* As Suricata: a rate limit that silences the alert (limit
		 * reached, a suppress) ends the rate limits; the ones after
		 * it do not count this match. */
		if (l == RULE_LIST_THRESHOLD && in->silent)
			break;
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

/* Value idx of buffer b: from the packet, from tx for a transaction
 * buffer (idx > 0 only for multi-buffers), from fr for a frame buffer
 * of fr's protocol and type. ENGINE_BUF_*. */
static int
engine_base(const struct detect_buffer *b, const struct packet *p, void *tx,
    uint8_t dir, uint32_t idx, const uint8_t **buf, uint32_t *len,
    const struct detect_frame *fr)
{
	bool ok;

	*buf = NULL;
	*len = 0;
	if (b->scope == DETECT_BUFFER_SCOPE_FRAME) {
		if (fr == NULL || idx != 0 || fr->alproto != b->alproto ||
		    fr->type != b->frame_type)
			return ENGINE_BUF_END;
		*buf = fr->data;
		*len = fr->data != NULL ? fr->data_len : 0;
		return *len > 0 ? ENGINE_BUF_OK : ENGINE_BUF_EMPTY;
	}
	if (b->scope == DETECT_BUFFER_SCOPE_TX) {
		if (tx == NULL || !(b->dirs & (1u << dir)))
			return ENGINE_BUF_END;
		if (b->get_tx_multi != NULL)
			ok = b->get_tx_multi(tx, dir, idx, buf, len);
		else
			ok = idx == 0 && b->get_tx != NULL &&
			    b->get_tx(tx, dir, buf, len);
	} else
		ok = idx == 0 && b->get_pkt != NULL && b->get_pkt(p, buf, len);
	if (!ok)
		return ENGINE_BUF_END;
	if (*buf == NULL)
		*len = 0;
	return *len > 0 ? ENGINE_BUF_OK : ENGINE_BUF_EMPTY;
}

static bool
engine_grow(uint8_t **buf, uint32_t *cap, uint32_t need)
{
	uint8_t *n;
	uint32_t ncap;

	if (need <= *cap && *buf != NULL)
		return true;
	ncap = *cap ? *cap : 256;
	while (ncap < need)
		ncap = ncap > UINT32_MAX / 2 ? need : ncap * 2;
	if ((n = realloc(*buf, ncap)) == NULL)
		return false;
	*buf = n;
	*cap = ncap;
	return true;
}

/* Value idx of list: its buffer's bytes through the list's transforms,
 * computed once per inspection context (dt->ctx_gen) and value. As in
 * Suricata an empty value is not transformed (nothing inspects it).
 * ENGINE_BUF_*. */
static int
engine_list_bytes(struct detect_thread *dt, uint16_t list,
    const struct packet *p, void *tx, uint8_t dir, uint32_t idx,
    const uint8_t **buf, uint32_t *len)
{
	const struct detect_list *l = &dt->de->lists[list];
	struct engine_lc *lc;
	const uint8_t *in;
	uint32_t n;
	int rc;

	rc = engine_base(detect_buffer_get(l->buffer), p, tx, dir, idx, buf,
	    len, dt->frame);
	if (rc != ENGINE_BUF_OK || l->nxforms == 0)
		return rc;
	lc = &dt->lc[list];
	if (lc->gen == dt->ctx_gen && lc->idx == idx)
		goto done;
	in = *buf;
	n = *len;
	for (uint8_t i = 0; i < l->nxforms; i++) {
		const struct keyword *kw = l->xforms[i].kw;
		const void *data = l->xforms[i].data;
		uint32_t room = kw->xform_room(data, n);
		bool last = i + 1 == l->nxforms;
		uint8_t **out = last ? &lc->buf : &dt->xtmp[i & 1];
		uint32_t *cap = last ? &lc->cap : &dt->xtmp_cap[i & 1];

		if (!engine_grow(out, cap, room ? room : 1)) {
			counter_inc(&dt->st.xform_nomem);
			return ENGINE_BUF_END;
		}
		n = kw->xform(data, in, n, *out, l->scratch[i] !=
		    DETECT_SM_NO_SCRATCH ? dt->scratch[l->scratch[i]] : NULL);
		in = *out;
	}
	lc->len = n;
	lc->gen = dt->ctx_gen;
	lc->idx = idx;
done:
	*buf = lc->buf;
	*len = lc->len;
	return lc->len > 0 ? ENGINE_BUF_OK : ENGINE_BUF_EMPTY;
}

/* A new packet or transaction: cached transformed bytes are stale. */
static void
engine_ctx_next(struct detect_thread *dt)
{
	if (++dt->ctx_gen == 0) {
		for (uint16_t i = 0; dt->lc != NULL && i < dt->de->nlists; i++)
			dt->lc[i].gen = 0;
		dt->ctx_gen = 1;
	}
}

/* Header, packet keywords, buffers, then the match list. tx: the
 * transaction for a DETECT_SIG_TX rule. */
static bool
engine_sig_match(struct detect_thread *dt, const struct detect_sig *s,
    struct detect_inspect *in, void *tx, uint8_t dir)
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
	/* an app-layer rule matches in flows of its protocol only (a tx
	 * rule: its source's, checked by engine_txs); a PD-only rule on
	 * the packet that finished protocol detection */
	if (s->alproto != 0 && tx == NULL && (in->flow == NULL ||
	    (in->flow->alproto != s->alproto &&
	    !detect_applayer_proto_match(s->alproto, in->flow->alproto))))
		return false;
	if ((s->flags & DETECT_SIG_PDONLY) && (in->txsrc == NULL ||
	    !in->txsrc->pd_done))
		return false;
	if (tx == NULL && in->txsrc != NULL && in->txsrc->no_payload &&
	    engine_sig_needs_payload(s))
		return false;
	if (p->ip_version != 0 && !engine_header_match(r, p, false) &&
	    !(r->bidir && engine_header_match(r, p, true)))
		return false;
	counter_inc(&dt->st.rules_checked);
	in->rule = r;
	if (!engine_run_list(dt, s, RULE_LIST_PACKET, in))
		return false;
	dt->on_stream = false;
	for (uint8_t b = 0; b < s->nbufs; b++) {
		const struct detect_sig_buffer *sb = &s->bufs[b];
		bool ok = false;

		/* plain pkt_data: the packet and/or the reassembled
		 * stream, also in a transaction rule */
		if (sb->list == DETECT_BUFFER_PAYLOAD) {
			if (!detect_stream_payload(s, sb, in, dt->scratch,
			    &dt->on_stream))
				return false;
			continue;
		}
		/* as in Suricata, buffer keywords never match an empty
		 * packet buffer, not even negated ones; a transaction's
		 * buffer that exists but is empty is inspected (Suricata 7:
		 * "bsize:0" and negated contents match an empty header); on
		 * a multi-buffer they match when they match one value */
		bool empty_ok = detect_buffer_get(dt->de->lists[sb->list].
		    buffer)->scope == DETECT_BUFFER_SCOPE_TX;

		for (uint32_t idx = 0; idx < ENGINE_MULTI_MAX && !ok; idx++) {
			int rc = engine_list_bytes(dt, sb->list, p, tx, dir,
			    idx, &in->buf, &in->buf_len);

			if (rc == ENGINE_BUF_END)
				break;
			if (rc == ENGINE_BUF_EMPTY && empty_ok) {
				static const uint8_t none[1];

				in->buf = none;
				in->buf_len = 0;
			} else if (rc != ENGINE_BUF_OK)
				continue;
			ok = detect_inspect_buffer(in, sb->sms, sb->n,
			    dt->scratch);
		}
		if (!ok)
			return false;
	}
	/* flow:only_stream / no_stream: where pkt_data matched */
	if ((s->flags & DETECT_SIG_FLOW_STREAM) && !dt->on_stream)
		return false;
	if ((s->flags & DETECT_SIG_FLOW_NOSTREAM) && dt->on_stream)
		return false;
	return engine_run_list(dt, s, RULE_LIST_MATCH, in);
}

/* Pattern id met: its rules, once per engine_scan_begin(). */
static void
engine_pattern(struct detect_thread *dt, uint32_t id)
{
	const struct detect_prefilter *pf = dt->pf;
	int64_t slot;

	if (dt->pat_gen[id] == dt->gen)
		return;
	dt->pat_gen[id] = dt->gen;
	if (dt->rec != NULL) {
		if (dt->rec->npat < ENGINE_MEMO_PATS)
			dt->rec->pat[dt->rec->npat] = id;
		/* one past the room: not remembered (engine_scan) */
		if (dt->rec->npat <= ENGINE_MEMO_PATS)
			dt->rec->npat++;
	}
	if ((slot = detect_prefilter_slot(pf, id)) < 0)
		return;
	for (uint32_t k = pf->sig_off[slot]; k < pf->sig_off[slot + 1]; k++)
		dt->out[(*dt->nout)++] = pf->sig_ids[k];
}

static void
engine_on_pattern(uint32_t id, uint32_t end, void *arg)
{
	engine_pattern(arg, id);
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

/* Starts the scans of one prefilter (every value of a multi-buffer is
 * one scan): a pattern seen in one of them adds its rules once. */
static void
engine_scan_begin(struct detect_thread *dt)
{
	if (++dt->gen == 0) {
		memset(dt->pat_gen, 0, dt->de->max_patterns *
		    sizeof(*dt->pat_gen));
		dt->gen = 1;
	}
	dt->fresh = true;
}

/* Appends to out the rules of pf whose pattern occurs in buf. A rule
 * has one fast pattern, on one list: it is appended at most once per
 * engine_scan_begin(). The same bytes as pf's last remembered scan
 * replay its patterns (struct engine_memo): the same rules, since a
 * pattern's rules are appended on its first match only; a scan is
 * remembered when it is the first since engine_scan_begin(), so that
 * it sees every pattern it meets as a first match. */
static void
engine_scan(struct detect_thread *dt, const struct detect_prefilter *pf,
    const uint8_t *buf, uint32_t len, uint32_t *out, uint32_t *nout)
{
	struct engine_memo *m = &dt->memo[((uintptr_t)pf / sizeof(*pf)) %
	    ENGINE_MEMO_SLOTS];

	dt->pf = pf;
	dt->out = out;
	dt->nout = nout;
	counter_inc(&dt->st.prefilter_scans);
	if (len <= ENGINE_MEMO_BYTES && m->valid && m->pf == pf &&
	    m->len == len && memcmp(m->bytes, buf, len) == 0) {
		for (uint8_t k = 0; k < m->npat; k++)
			engine_pattern(dt, m->pat[k]);
		dt->fresh = false;
		return;
	}
	if (len <= ENGINE_MEMO_BYTES && dt->fresh) {
		m->valid = false;
		m->pf = pf;
		m->len = len;
		m->npat = 0;
		if (len > 0)
			memcpy(m->bytes, buf, len);
		dt->rec = m;
	}
	dt->fresh = false;
	dt->de->mpm_ops->scan(pf->mpm, dt->mpm_scratch, buf, len,
	    engine_on_pattern, dt);
	if (dt->rec != NULL) {
		dt->rec->valid = dt->rec->npat <= ENGINE_MEMO_PATS;
		dt->rec = NULL;
	}
}

/* Fills dt->cand with the rules whose fast pattern is in one of the
 * packet's buffers, sorted. */
static void
engine_prefilter(struct detect_thread *dt, const struct detect_group *g,
    const struct packet *p)
{
	dt->ncand = 0;
	for (uint8_t i = 0; i < g->npkt_pfs; i++) {
		const uint8_t *buf;
		uint32_t len;

		/* the stream's prefilter scans every piece p brings (without
		 * any, its buffer is the payload the stream did not take) */
		if (g->pfs[i].buffer == DETECT_BUFFER_STREAM &&
		    p->raw != NULL) {
			engine_scan_begin(dt);
			for (uint8_t k = 0; k < p->raw->nblocks; k++)
				engine_scan(dt, &g->pfs[i],
				    p->raw->blocks[k].data,
				    p->raw->blocks[k].len, dt->cand,
				    &dt->ncand);
			continue;
		}
		if (engine_list_bytes(dt, g->pfs[i].list, p, NULL, 0, 0, &buf,
		    &len) != ENGINE_BUF_OK)
			continue;
		engine_scan_begin(dt);
		engine_scan(dt, &g->pfs[i], buf, len, dt->cand, &dt->ncand);
	}
	counter_add(&dt->st.candidates, dt->ncand);
	engine_sort(dt->cand, dt->ncand);
}

/* Applies a drop or reject to the packet and keeps it for
 * engine_pass_cut. */
static void
engine_drop_add(struct engine_pkt *ep, const struct detect_sig *s,
    enum detect_action act, bool rate_modified)
{
	if (act == DETECT_ACTION_DROP)
		ep->drop = true;
	else
		ep->reject = true;
	ep->drop_flow |= (s->flags & DETECT_SIG_APPLY_FLOW) != 0;
	if (ep->ndrops == ENGINE_DROPS_MAX) {
		ep->drops_lost = true;
		return;
	}
	ep->drops[ep->ndrops].s = s;
	ep->drops[ep->ndrops].act = (uint8_t)act;
	ep->drops[ep->ndrops].rate_modified = rate_modified;
	ep->ndrops++;
}

/* A pass of rule num: the alerts, drops and rejects of the rules after
 * it in engine order are undone, as Suricata's PacketAlertFinalize
 * discards the alert queue after a pass. Past ENGINE_DROPS_MAX drops on
 * one packet they are kept (the alerts still go). */
static void
engine_pass_cut(struct engine_pkt *ep, uint32_t num)
{
	struct detect_result *res = ep->res;
	uint32_t w = 0;

	if (ep->drops_lost)
		return;
	detect_verdict_cut(res, num);
	ep->drop = ep->reject = ep->drop_flow = false;
	for (uint32_t i = 0; i < ep->ndrops; i++) {
		const struct engine_drop *d = &ep->drops[i];

		if (d->s->num > num)
			continue;
		detect_verdict_drop(res, d->s, (enum detect_action)d->act,
		    d->rate_modified);
		if (d->act == DETECT_ACTION_DROP)
			ep->drop = true;
		else
			ep->reject = true;
		ep->drop_flow |= (d->s->flags & DETECT_SIG_APPLY_FLOW) != 0;
		ep->drops[w++] = *d;
	}
	ep->ndrops = w;
}

extern const struct keyword kw_dsize;	/* keywords/dsize.c */

/* Whether s needs the packet's payload, as Suricata's
 * SIG_MASK_REQUIRE_PAYLOAD: a payload or stream buffer, or a dsize that
 * an empty payload does not satisfy. */
static bool
engine_sig_needs_payload(const struct detect_sig *s)
{
	for (uint8_t b = 0; b < s->nbufs; b++) {
		const struct detect_buffer *db = detect_buffer_get(
		    s->bufs[b].id);

		if (s->bufs[b].id == DETECT_BUFFER_PAYLOAD || (db != NULL &&
		    db->scope == DETECT_BUFFER_SCOPE_STREAM))
			return true;
	}
	for (uint16_t i = 0; i < s->nlist[RULE_LIST_PACKET]; i++) {
		const struct detect_sm *sm = &s->lists[RULE_LIST_PACKET][i];

		if (sm->kw == &kw_dsize && !detect_uint_match(sm->data, 0))
			return true;
	}
	return false;
}

/* Whether an alert of s, no tx rule, names the source's payload tx:
 * Suricata 7 logs a transaction with a TCP stream match (a rule with
 * payload content) and with a UDP rule of an app-layer protocol. */
static bool
engine_payload_tx(const struct detect_sig *s, const struct packet *p,
    const struct detect_tx_source *src)
{
	if (src == NULL || src->payload_tx == NULL || p->flow == NULL)
		return false;
	if (p->proto == IPPROTO_UDP)
		return s->alproto != 0;
	if (p->proto != IPPROTO_TCP)
		return false;
	for (uint8_t b = 0; b < s->nbufs; b++) {
		const struct detect_buffer *db = detect_buffer_get(
		    s->bufs[b].id);

		if (s->bufs[b].id == DETECT_BUFFER_PAYLOAD || (db != NULL &&
		    db->scope == DETECT_BUFFER_SCOPE_STREAM))
			return true;
	}
	return false;
}

/* detect.guess-applayer-tx, as Suricata's IsOnlyTxInDirection: the
 * transaction detection is at in the packet's direction, when no newer
 * one exists (the only live one that way). */
static bool
engine_guess_tx(const struct packet *p, const struct detect_tx_source *src,
    uint64_t *id)
{
	uint64_t n, newest;
	void *tx;

	if (src == NULL || src->payload_tx == NULL || src->tx_count == NULL ||
	    p->flow == NULL || !src->payload_tx(p->flow,
	    (p->flow_flags & PKT_FLOW_TO_CLIENT) ? DETECT_TX_TOCLIENT :
	    DETECT_TX_TOSERVER, id) || (n = src->tx_count(src->state)) == 0 ||
	    (tx = src->tx_get(src->state, n - 1)) == NULL)
		return false;
	newest = src->tx_id(src->state, tx);
	return newest == *id;
}

/* A rule matched (on tx when not NULL): post-match actions, rate limit,
 * then the verdict and the alert. */
static void
engine_matched(struct detect_thread *dt, struct engine_pkt *ep,
    const struct detect_sig *s, const struct detect_tx_source *src,
    void *tx)
{
	struct detect_result *res = ep->res;
	struct flow *f = ep->in.flow;
	uint32_t before = res->nalerts;
	unsigned max = dt->de->opts.packet_alert_max;
	enum detect_action act;

	counter_inc(&dt->st.matches);
	ep->in.silent = false;
	ep->in.rate_action = -1;
	(void)engine_run_list(dt, s, RULE_LIST_POST, &ep->in);
	if (s->rule->flags & RULE_F_MARK)
		detect_verdict_mark(res, s->rule->mark_value,
		    s->rule->mark_mask);
	if (s->rule->flags & RULE_F_BYPASS) {
		res->bypass = true;
		if (f != NULL)
			f->flags |= FLOW_F_BYPASS;
	}
	if (!engine_run_list(dt, s, RULE_LIST_THRESHOLD, &ep->in)) {
		counter_inc(&dt->st.rate_limited);
		return;
	}
	/* the action applied: the rule's, or its rate_filter's */
	act = detect_verdict_apply(res, s, ep->in.silent, ep->in.rate_action,
	    max != 0 ? max : DETECT_ALERTS_DEFAULT);
	if (res->nalerts > before) {
		struct detect_alert *a = &res->alerts[res->nalerts - 1];

		a->has_tx = tx != NULL;
		a->stream = tx == NULL && dt->on_stream;
		a->tx_id = tx != NULL && src->tx_id != NULL ?
		    src->tx_id(src->state, tx) : 0;
		if (dt->frame != NULL) {
			const struct detect_frame *fr = dt->frame;

			a->has_frame = true;
			a->frame.type = fr->type_name;
			a->frame.dir = fr->dir;
			a->frame.id = fr->id;
			a->frame.offset = fr->offset;
			a->frame.len = fr->len;
			a->frame.complete = fr->complete;
			a->frame.has_tx = fr->has_tx;
			a->frame.tx_id = fr->tx_id;
			a->frame.data = fr->data;
			a->frame.data_len = fr->data_len;
			a->frame.data_offset = fr->data_offset;
			a->has_tx = fr->has_tx;
			a->tx_id = fr->tx_id;
		}
		if (tx == NULL && dt->frame == NULL && engine_payload_tx(s,
		    ep->in.pkt,
		    ep->in.txsrc) && ep->in.txsrc->payload_tx(ep->in.pkt->flow,
		    (ep->in.pkt->flow_flags & PKT_FLOW_TO_CLIENT) ?
		    DETECT_TX_TOCLIENT : DETECT_TX_TOSERVER, &a->tx_id))
			a->has_tx = true;
		else if (tx == NULL && dt->de->opts.guess_tx)
			a->has_tx = engine_guess_tx(ep->in.pkt, ep->in.txsrc,
			    &a->tx_id);
	}
	switch (act) {
	case DETECT_ACTION_DROP:
	case DETECT_ACTION_REJECT:
		engine_drop_add(ep, s, act, ep->in.rate_action >= 0);
		break;
	case DETECT_ACTION_PASS:
		/* a transaction rule's pass comes after the packet rules
		 * were applied; Suricata's alert queue, in engine order,
		 * stops at it: the rules after it neither alert nor drop */
		if (tx != NULL)
			engine_pass_cut(ep, s->num);
		if ((s->flags & DETECT_SIG_APPLY_FLOW) && f != NULL &&
		    !(f->flags & FLOW_F_DROP)) {
			f->flags |= FLOW_F_PASS | FLOW_F_BYPASS;
			res->bypass = true;
		}
		ep->stop = true;
		break;
	default:
		break;
	}
}

static struct detect_tx_state *
engine_tx_state(const struct detect_engine *de,
    const struct detect_tx_source *src, void *tx)
{
	void **slot = src->detect_slot != NULL ?
	    src->detect_slot(src->ctx, tx) : NULL;
	struct detect_tx_state *ts;

	if (slot == NULL)
		return NULL;
	if ((ts = *slot) == NULL) {
		if ((ts = calloc(1, sizeof(*ts))) == NULL)
			return NULL;
		for (int d = 0; d < 2; d++) {
			ts->done[d] = ts->inl[d];
			ts->cap[d] = ENGINE_TX_DONE_INLINE;
		}
		*slot = ts;
	}
	if (ts->gen != de->gen) {
		for (int d = 0; d < 2; d++) {
			ts->ndone[d] = 0;
			ts->complete[d] = false;
		}
		ts->gen = de->gen;
	}
	return ts;
}

static bool
engine_tx_done(const struct detect_tx_state *ts, uint8_t dir, uint32_t num)
{
	uint32_t lo = 0, hi = ts->ndone[dir];

	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;

		if (ts->done[dir][mid] < num)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < ts->ndone[dir] && ts->done[dir][lo] == num;
}

/* Records num as done; on ENOMEM the rule is inspected again later
 * (a repeated alert rather than a lost one). */
static void
engine_tx_mark(struct detect_tx_state *ts, uint8_t dir, uint32_t num)
{
	uint32_t k;

	if (ts->ndone[dir] == ts->cap[dir]) {
		uint32_t ncap = ts->cap[dir] * 2;
		uint32_t *n;

		if (ts->done[dir] == ts->inl[dir]) {
			if ((n = malloc(ncap * sizeof(*n))) == NULL)
				return;
			memcpy(n, ts->inl[dir], sizeof(ts->inl[dir]));
		} else if ((n = realloc(ts->done[dir], ncap *
		    sizeof(*n))) == NULL)
			return;
		ts->done[dir] = n;
		ts->cap[dir] = ncap;
	}
	for (k = ts->ndone[dir]; k > 0 && ts->done[dir][k - 1] > num; k--)
		ts->done[dir][k] = ts->done[dir][k - 1];
	ts->done[dir][k] = num;
	ts->ndone[dir]++;
}

void
detect_tx_state_free(void *state)
{
	struct detect_tx_state *ts = state;

	if (ts == NULL)
		return;
	for (int d = 0; d < 2; d++)
		if (ts->done[d] != ts->inl[d])
			free(ts->done[d]);
	free(ts);
}

/* Every progressive buffer of src's protocol whose progress tx reached
 * in dir: its windows (each value the getter gives now) are inspected,
 * so the parser may move on (detect_buffer_tx_inspected_fn). */
static void
engine_tx_windows_done(const struct detect_tx_source *src, void *tx,
    uint8_t dir, int progress)
{
	size_t n;
	const unsigned *ids = detect_buffer_windowed(&n);

	for (size_t i = 0; i < n; i++) {
		const struct detect_buffer *b = detect_buffer_get(ids[i]);
		const uint8_t *buf;
		uint32_t len;

		if (b->alproto != src->alproto ||
		    !(b->dirs & (1u << dir)) || progress < b->progress[dir])
			continue;
		for (uint32_t idx = 0; idx < ENGINE_MULTI_MAX; idx++) {
			if (engine_base(b, NULL, tx, dir, idx, &buf, &len,
			    NULL) == ENGINE_BUF_END)
				break;
			b->tx_inspected(tx, dir, idx);
		}
	}
}

/* The next tx of src from it->id on, oldest first; NULL past the
 * last. Without tx_next (or tx_id) through tx_get from index 0, the
 * ids below it->id skipped. */
static void *
engine_tx_next(const struct detect_tx_source *src, struct engine_tx_it *it)
{
	uint64_t id = it->id;
	void *tx;

	if (src->tx_next != NULL) {
		if ((tx = src->tx_next(src->state, &id)) != NULL) {
			it->cur = id;
			it->id = id + 1;
		}
		return tx;
	}
	for (uint64_t n = src->tx_count(src->state); it->i < n;) {
		if ((tx = src->tx_get(src->state, it->i++)) == NULL)
			continue;
		id = src->tx_id != NULL ? src->tx_id(src->state, tx) :
		    it->i - 1;
		if (id < it->id)
			continue;
		it->cur = id;
		it->id = id + 1;
		return tx;
	}
	return NULL;
}

/* The group's transaction rules against each tx of src: those met
 * through the packet (no fast pattern, or one on a packet buffer:
 * dt->txrules) and those a tx buffer's prefilter selects. The walk
 * starts at the first tx not done with in dir (src->walk), and moves
 * that position past the leading txs it finds done. */
static void
engine_txs(struct detect_thread *dt, struct engine_pkt *ep,
    const struct detect_group *g, const struct detect_tx_source *src,
    uint8_t dir)
{
	const struct detect_engine *de = dt->de;
	struct engine_tx_it it = { 0 };
	uint64_t *walk = src->tx_id != NULL && dir < 2 ? src->walk : NULL;
	uint64_t from = 0;
	bool lead = true;
	void *tx;

	/* another engine's position counts for nothing: its tx states are
	 * reset (engine_tx_state) and every tx is inspected again */
	if (walk != NULL && walk[0] == de->gen)
		from = walk[1 + dir];
	it.id = from;
	while (!ep->stop && (tx = engine_tx_next(src, &it)) != NULL) {
		struct detect_tx_state *ts;
		int progress;
		bool complete;
		uint32_t ia = 0, ic = 0;

		if ((ts = engine_tx_state(de, src, tx)) == NULL) {
			lead = false;
			continue;
		}
		if (ts->complete[dir]) {
			if (lead)
				from = it.cur + 1;
			continue;
		}
		counter_inc(&dt->st.txs_inspected);
		progress = src->progress(tx, dir);
		complete = progress >= src->complete[dir];
		/* a tx waiting for the other side (a pipelined request's
		 * response): no rule of the group is ready for it yet */
		if (!complete && progress < g->tx_ready[dir]) {
			engine_tx_windows_done(src, tx, dir, progress);
			lead = false;
			continue;
		}
		engine_ctx_next(dt);
		dt->ntxcand = 0;
		for (uint8_t i = g->npkt_pfs; i < g->npfs; i++) {
			const struct detect_buffer *b = detect_buffer_get(
			    g->pfs[i].buffer);

			if (b->alproto != src->alproto ||
			    !(b->dirs & (1u << dir)) ||
			    progress < b->progress[dir])
				continue;
			engine_scan_begin(dt);
			for (uint32_t idx = 0; idx < ENGINE_MULTI_MAX; idx++) {
				const uint8_t *buf;
				uint32_t len;
				int rc = engine_list_bytes(dt, g->pfs[i].list,
				    ep->in.pkt, tx, dir, idx, &buf, &len);

				if (rc == ENGINE_BUF_END)
					break;
				if (rc == ENGINE_BUF_OK)
					engine_scan(dt, &g->pfs[i], buf, len,
					    dt->txcand, &dt->ntxcand);
			}
		}
		counter_add(&dt->st.candidates, dt->ntxcand);
		engine_sort(dt->txcand, dt->ntxcand);
		while ((ia < dt->ntxrules || ic < dt->ntxcand) && !ep->stop) {
			const struct detect_sig *s;
			uint32_t num;
			bool ready = true;

			if (ic == dt->ntxcand || (ia < dt->ntxrules &&
			    dt->txrules[ia] < dt->txcand[ic]))
				num = dt->txrules[ia++];
			else
				num = dt->txcand[ic++];
			s = &de->sigs[num];
			if (s->alproto != src->alproto ||
			    engine_tx_done(ts, dir, num))
				continue;
			for (uint8_t b = 0; b < s->nbufs && !complete; b++) {
				const struct detect_buffer *db =
				    detect_buffer_get(s->bufs[b].id);

				if (db->scope == DETECT_BUFFER_SCOPE_TX &&
				    progress < db->progress[dir])
					ready = false;
			}
			if (!ready)
				continue;
			ep->in.tx = tx;
			if (engine_sig_match(dt, s, &ep->in, tx, dir)) {
				engine_tx_mark(ts, dir, num);
				engine_matched(dt, ep, s, src, tx);
			} else if (complete)
				engine_tx_mark(ts, dir, num);
		}
		engine_tx_windows_done(src, tx, dir, progress);
		if (complete)
			ts->complete[dir] = true;
		if (lead && complete)
			from = it.cur + 1;
		else
			lead = false;
	}
	ep->in.tx = NULL;
	if (walk != NULL) {
		walk[0] = de->gen;
		walk[1 + dir] = from;
	}
}

/* Whether s, a frame rule, inspects frames of fr's protocol and type. */
static bool
engine_frame_sig_on(const struct detect_sig *s, const struct detect_frame *fr)
{
	for (uint8_t b = 0; b < s->nbufs; b++) {
		const struct detect_buffer *db = detect_buffer_get(
		    s->bufs[b].id);

		if (db->scope == DETECT_BUFFER_SCOPE_FRAME &&
		    db->alproto == fr->alproto && db->frame_type == fr->type)
			return true;
	}
	return false;
}

static bool
engine_frame_done(const struct detect_frame *fr, uint32_t num)
{
	for (uint8_t i = 0; i < *fr->ndet && i < DETECT_FRAME_DET_MAX; i++)
		if (fr->det[i] == num)
			return true;
	return false;
}

/* The frame rules met through the packet (dt->framerules) against each
 * frame of the packet's direction (Suricata's DetectRunFrames): a rule
 * alerts once per frame; a frame not all here yet is inspected with
 * what is, and again as it grows, with endswith undecided. */
static void
engine_frames(struct detect_thread *dt, struct engine_pkt *ep,
    const struct detect_tx_source *src, uint8_t dir)
{
	const struct detect_engine *de = dt->de;
	struct detect_frame fr;

	for (uint32_t idx = 0; idx < ENGINE_MULTI_MAX && !ep->stop; idx++) {
		if (!src->frame_get(ep->in.pkt, dir, idx, &fr))
			break;
		if (fr.data == NULL || fr.data_len == 0)
			continue;
		engine_ctx_next(dt);
		dt->frame = &fr;
		ep->in.buf_partial = !fr.complete;
		ep->in.buf_no_start = !fr.start;
		for (uint32_t k = 0; k < dt->nframerules && !ep->stop; k++) {
			uint32_t num = dt->framerules[k];
			const struct detect_sig *s = &de->sigs[num];

			if (!engine_frame_sig_on(s, &fr) ||
			    engine_frame_done(&fr, num))
				continue;
			if (!engine_sig_match(dt, s, &ep->in, NULL, dir))
				continue;
			if (*fr.ndet < DETECT_FRAME_DET_MAX)
				fr.det[(*fr.ndet)++] = num;
			engine_matched(dt, ep, s, NULL, NULL);
		}
		dt->frame = NULL;
		ep->in.buf_partial = false;
		ep->in.buf_no_start = false;
	}
}

bool
detect_thread_wants_frames(const struct detect_thread *dt)
{
	return dt->de->nframe_sigs > 0;
}

uint32_t
detect_thread_frame_types(const struct detect_thread *dt, uint16_t alproto)
{
	return alproto < DETECT_FRAME_PROTOS ? dt->de->frame_types[alproto] :
	    0;
}

bool
detect_thread_uses_buffer(const struct detect_thread *dt, const char *name)
{
	const struct detect_engine *de = dt->de;
	const struct detect_buffer *b = detect_buffer_lookup(name,
	    strlen(name));
	unsigned id;

	if (b == NULL)
		return false;
	id = detect_buffer_id_of(b);
	for (size_t i = 0; i < de->nsigs; i++)
		for (uint8_t k = 0; k < de->sigs[i].nbufs; k++)
			if (de->sigs[i].bufs[k].id == id)
				return true;
	return false;
}

bool
detect_packet_wants_stream(const struct detect_thread *dt,
    const struct packet *p)
{
	const struct detect_group *g;
	uint16_t port = 0;
	uint8_t dir;

	dir = (p->flow_flags & PKT_FLOW_TO_CLIENT) ? DETECT_DIR_TO_CLIENT :
	    DETECT_DIR_TO_SERVER;
	if (p->l4_valid && (p->proto == IPPROTO_TCP ||
	    p->proto == IPPROTO_UDP))
		port = dir == DETECT_DIR_TO_SERVER ? p->dport : p->sport;
	g = detect_group_lookup(dt->de, p->proto, dir, port);
	return g != NULL && g->nstream > 0;
}

void
detect_packet(struct detect_thread *dt, const struct packet *p,
    struct detect_result *res)
{
	detect_packet_tx(dt, p, NULL, res);
}

void
detect_packet_tx(struct detect_thread *dt, const struct packet *p,
    const struct detect_tx_source *src, struct detect_result *res)
{
	const struct detect_engine *de = dt->de;
	const struct detect_group *g;
	struct engine_pkt ep;
	struct engine_drop drops[ENGINE_DROPS_MAX];
	struct flow *f = p->flow;
	uint32_t ia = 0, ic = 0, iponly_flag;
	uint16_t port = 0;
	uint8_t dir;
	bool iponly_done;

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
	/* Suricata's ip-only rules see the first packet of each flow
	 * direction only (every packet without a flow) */
	iponly_flag = dir == DETECT_DIR_TO_SERVER ? FLOW_F_IPONLY_TS :
	    FLOW_F_IPONLY_TC;
	iponly_done = f != NULL && (f->flags & iponly_flag);
	if (f != NULL)
		f->flags |= iponly_flag;
	if ((g = detect_group_lookup(de, p->proto, dir, port)) == NULL)
		return;
	engine_ctx_next(dt);
	engine_prefilter(dt, g, p);

	memset(&ep, 0, sizeof(ep));
	ep.drops = drops;
	ep.res = res;
	ep.in.pkt = p;
	ep.in.flow = f;
	ep.in.counters = &dt->kc;
	ep.in.txsrc = src;
	dt->ntxrules = 0;
	dt->nframerules = 0;
	/* the prefilter's candidates and the always-evaluated rules, merged
	 * in engine order; transaction rules wait for the txs */
	while ((ia < g->nalways || ic < dt->ncand) && !ep.stop) {
		const struct detect_sig *s;
		uint32_t num;

		if (ic == dt->ncand || (ia < g->nalways &&
		    g->always[ia] < dt->cand[ic]))
			num = g->always[ia++];
		else {
			num = dt->cand[ic++];
			/* a rule on the packet's and the stream's prefilter,
			 * or on several pieces of the stream, comes once */
			while (ic < dt->ncand && dt->cand[ic] == num)
				ic++;
		}
		s = &de->sigs[num];
		/* frame rules wait for the frames */
		if (s->flags & DETECT_SIG_FRAME) {
			dt->framerules[dt->nframerules++] = num;
			continue;
		}
		/* a flow's end brings only its stream */
		if ((p->stream_flags & PKT_STREAM_EOF) &&
		    !(s->flags & DETECT_SIG_STREAM))
			continue;
		if (s->flags & DETECT_SIG_TX) {
			dt->txrules[dt->ntxrules++] = num;
			continue;
		}
		/* a flow-end pseudo packet is for the transactions only */
		if (p->pseudo)
			continue;
		if ((s->flags & DETECT_SIG_IPONLY) && iponly_done) {
			counter_inc(&dt->st.iponly_skipped);
			continue;
		}
		if (engine_sig_match(dt, s, &ep.in, NULL, dir))
			engine_matched(dt, &ep, s, NULL, NULL);
	}
	/* a flow's end inspects what its stream still holds, not its
	 * transactions */
	if (p->stream_flags & PKT_STREAM_EOF)
		;
	else if (src != NULL && src->tx_count != NULL && g->ntx > 0 &&
	    !ep.stop)
		engine_txs(dt, &ep, g, src, dir);
	else if (src != NULL && src->tx_count != NULL) {
		/* no rule inspects the txs here: their windows are done */
		struct engine_tx_it it = { 0 };
		void *tx;

		while ((tx = engine_tx_next(src, &it)) != NULL)
			engine_tx_windows_done(src, tx, dir,
			    src->progress(tx, dir));
	}

	if (src != NULL && src->frame_get != NULL && dt->nframerules > 0 &&
	    !ep.stop)
		engine_frames(dt, &ep, src, dir);

	detect_verdict_finish(res, ep.drop, ep.reject);
	counter_add(&dt->st.alerts, res->nalerts);
	counter_add(&dt->st.alert_queue_overflow, res->alerts_dropped);
	counter_add(&dt->st.alerts_suppressed, res->alerts_suppressed);
	if (f != NULL && res->nalerts > 0)
		f->flags |= FLOW_F_ALERTED;
	if (f != NULL && (ep.drop || ep.reject) && ep.drop_flow) {
		if (!(f->flags & (FLOW_F_DROP | FLOW_F_PASS))) {
			f->flags |= FLOW_F_DROP;
			counter_inc(&dt->st.flows_dropped);
		}
		res->flow_drop = true;
	}
}
