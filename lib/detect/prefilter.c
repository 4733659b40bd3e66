#include "core/base.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "detect/buffer.h"
#include "detect/engine_int.h"
#include "detect/keywords/content.h"
#include "detect/mpm.h"
#include "detect/prefilter.h"
#include "rules/rule.h"

/* A matcher being planned or built: the sorted fast pattern ids it
 * holds (pattern i of the matcher is fast pattern ids[i]). */
struct pf_matcher {
	struct mpm	*mpm;		/* once built; then owned by the engine */
	uint32_t	*ids;
	uint32_t	 n;
	uint64_t	 hash;
	uint32_t	 index;		/* in de->mpms once built */
};

/* In full mode a group's patterns may use a matcher with up to
 * n / PF_SUPERSET_SLACK more patterns than its own set. */
#define PF_SUPERSET_SLACK	4

#define PF_THREADS_MAX		8

/* The matchers planned for an engine, by pattern set; in single mode
 * one per list (single_of[list], planned on first use). */
struct detect_prefilter_cache {
	struct pf_matcher **v;
	size_t		 n;
	size_t		 cap;
	bool		 single;
	uint32_t	*single_of;	/* per list: matcher + 1, 0 none */
};

/* The fast pattern table while it is built: open addressing. */
struct fp_table {
	uint32_t	*slots;		/* fp id + 1, 0: empty */
	size_t		 cap;
};

/* Work shared by the threads compiling matchers. */
struct pf_work {
	struct detect_engine *de;
	struct detect_prefilter_cache *c;
	uint32_t	*order;		/* matcher indexes, largest first */
	_Atomic uint32_t next;
	_Atomic int	 failed;
	pthread_mutex_t	 lock;		/* err */
	char		*err;
	size_t		 errlen;
};

static const struct detect_content *pf_choose(const struct rule *,
		    uint8_t *, uint8_t *);
static uint64_t	pf_fp_hash(const uint8_t *, uint32_t, bool);
static int	pf_fp_add(struct detect_engine *, struct fp_table *,
		    const uint8_t *, uint32_t, bool, uint32_t *);
static uint64_t	pf_ids_hash(const uint32_t *, size_t);
static int	pf_u32_cmp(const void *, const void *);
static int	pf_index(const struct pf_matcher *, uint32_t);
static bool	pf_subset(const uint32_t *, uint32_t, const struct pf_matcher *);
static int	pf_plan(struct detect_prefilter_cache *, uint32_t *, uint32_t,
		    uint32_t *);
static int	pf_add(struct detect_prefilter_cache *, uint32_t *, uint32_t,
		    uint64_t, uint32_t *);
static uint32_t	*pf_list_ids(const struct detect_engine *, const uint32_t *,
		    size_t, uint16_t, uint32_t *);
static void	*pf_worker(void *);
static int	pf_build_one(struct pf_work *, uint32_t);
static int	pf_cmp_size(const void *, const void *, void *);

uint32_t
detect_prefilter_strength(const uint8_t *pat, uint32_t len)
{
	uint8_t seen[256];
	uint32_t s = 0;

	memset(seen, 0, sizeof(seen));
	for (uint32_t i = 0; i < len; i++) {
		uint8_t c = pat[i];

		if (seen[c]) {
			s++;
			continue;
		}
		seen[c] = 1;
		if (isalpha(c))
			s += 3;
		else if (isprint(c) || c == 0x00 || c == 0x01 || c == 0xff)
			s += 4;
		else
			s += 6;
	}
	return s;
}

static bool
pf_candidate(const struct rule_match *m)
{
	const struct detect_buffer *b;

	if (m->kw != &kw_content || m->list != RULE_LIST_BUFFER)
		return false;
	b = detect_buffer_get(m->buffer);
	return b != NULL && b->fp_priority > 0;
}

/* Suricata's RetrieveFPForSig: the content marked fast_pattern (none
 * when it is negated); else, among the buffers of the highest fast
 * pattern priority that hold a non-negated content, the longest such
 * content, ties to the strongest pattern, then the first. *buffer and
 * *xchain are set to the chosen content's buffer and transforms. */
static const struct detect_content *
pf_choose(const struct rule *r, uint8_t *buffer, uint8_t *xchain)
{
	const struct detect_content *best = NULL;
	uint32_t max_len = 0, best_strength = 0;
	uint8_t prio = 0;

	for (size_t i = 0; i < r->nmatches; i++) {
		const struct rule_match *m = &r->matches[i];
		const struct detect_content *c = m->data;

		if (!pf_candidate(m))
			continue;
		if (c->flags & CONTENT_FAST_PATTERN) {
			*buffer = m->buffer;
			*xchain = m->xchain;
			return c->flags & CONTENT_NEGATED ? NULL : c;
		}
		if (!(c->flags & CONTENT_NEGATED) &&
		    detect_buffer_get(m->buffer)->fp_priority > prio)
			prio = detect_buffer_get(m->buffer)->fp_priority;
	}
	if (prio == 0)
		return NULL;
	for (size_t i = 0; i < r->nmatches; i++) {
		const struct rule_match *m = &r->matches[i];
		const struct detect_content *c = m->data;

		if (pf_candidate(m) && !(c->flags & CONTENT_NEGATED) &&
		    detect_buffer_get(m->buffer)->fp_priority == prio &&
		    c->len > max_len)
			max_len = c->len;
	}
	for (size_t i = 0; i < r->nmatches; i++) {
		const struct rule_match *m = &r->matches[i];
		const struct detect_content *c = m->data;
		uint32_t strength;

		if (!pf_candidate(m) || (c->flags & CONTENT_NEGATED) ||
		    detect_buffer_get(m->buffer)->fp_priority != prio ||
		    c->len < max_len)
			continue;
		strength = detect_prefilter_strength(c->pat, c->len);
		if (best == NULL || strength > best_strength) {
			best = c;
			best_strength = strength;
			*buffer = m->buffer;
			*xchain = m->xchain;
		}
	}
	return best;
}

static uint64_t
pf_fp_hash(const uint8_t *b, uint32_t len, bool nocase)
{
	uint64_t h = 1469598103934665603ull ^ (nocase ? 0x9e37 : 0);

	for (uint32_t i = 0; i < len; i++)
		h = (h ^ b[i]) * 1099511628211ull;
	return h ^ (h >> 31);
}

static int
pf_fp_add(struct detect_engine *de, struct fp_table *t, const uint8_t *b,
    uint32_t len, bool nocase, uint32_t *id)
{
	size_t i = (size_t)pf_fp_hash(b, len, nocase) & (t->cap - 1);

	for (;; i = (i + 1) & (t->cap - 1)) {
		const struct detect_fp *fp;

		if (t->slots[i] == 0)
			break;
		fp = &de->fps[t->slots[i] - 1];
		if (fp->len == len && fp->nocase == nocase &&
		    memcmp(fp->bytes, b, len) == 0) {
			*id = t->slots[i] - 1;
			return 0;
		}
	}
	*id = (uint32_t)de->nfps;
	de->fps[de->nfps].bytes = b;
	de->fps[de->nfps].len = len;
	de->fps[de->nfps].nocase = nocase;
	de->nfps++;
	t->slots[i] = *id + 1;
	return 0;
}

int
detect_prefilter_select(struct detect_engine *de)
{
	struct fp_table t;

	t.cap = 64;
	while (t.cap < de->nsigs * 2 + 2)
		t.cap *= 2;
	if ((t.slots = calloc(t.cap, sizeof(*t.slots))) == NULL ||
	    (de->fps = calloc(de->nsigs ? de->nsigs : 1,
	    sizeof(*de->fps))) == NULL) {
		free(t.slots);
		errno = ENOMEM;
		return -1;
	}
	for (size_t i = 0; i < de->nsigs; i++) {
		struct detect_sig *s = &de->sigs[i];
		const struct detect_content *c;
		const uint8_t *b;
		uint32_t len;
		uint8_t buffer = DETECT_BUFFER_PAYLOAD, xchain = 0;

		c = pf_choose(s->rule, &buffer, &xchain);
		s->fp = DETECT_NO_FP;
		s->fp_list = buffer;
		if (c == NULL)
			continue;
		/* the list of the rule buffer the content is in */
		for (uint8_t k = 0; k < s->nbufs; k++)
			if (s->bufs[k].id == buffer &&
			    s->bufs[k].xchain == xchain)
				s->fp_list = s->bufs[k].list;
		b = c->pat;
		len = c->len;
		if (c->flags & CONTENT_FP_CHOP) {
			b += c->fp_off;
			len = c->fp_len;
		}
		(void)pf_fp_add(de, &t, b, len, c->flags & CONTENT_NOCASE,
		    &s->fp);
	}
	free(t.slots);
	return 0;
}

struct detect_prefilter_cache *
detect_prefilter_cache_new(const struct detect_engine *de)
{
	struct detect_prefilter_cache *c = calloc(1, sizeof(*c));

	if (c == NULL)
		return NULL;
	c->single = de->mpm_context == DETECT_MPM_CONTEXT_SINGLE;
	if (c->single && (c->single_of = calloc(de->nlists ? de->nlists : 1,
	    sizeof(*c->single_of))) == NULL) {
		free(c);
		return NULL;
	}
	return c;
}

void
detect_prefilter_cache_free(struct detect_prefilter_cache *c)
{
	if (c == NULL)
		return;
	for (size_t i = 0; i < c->n; i++) {
		free(c->v[i]->ids);
		free(c->v[i]);
	}
	free(c->v);
	free(c->single_of);
	free(c);
}

static int
pf_u32_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static uint64_t
pf_ids_hash(const uint32_t *ids, size_t n)
{
	uint64_t h = 1469598103934665603ull;

	for (size_t i = 0; i < n; i++)
		h = (h ^ ids[i]) * 1099511628211ull;
	return h ^ n;
}

/* Whether ids[0..n) (sorted) are all in m. */
static bool
pf_subset(const uint32_t *ids, uint32_t n, const struct pf_matcher *m)
{
	uint32_t k = 0;

	for (uint32_t i = 0; i < n; i++) {
		while (k < m->n && m->ids[k] < ids[i])
			k++;
		if (k == m->n || m->ids[k] != ids[i])
			return false;
		k++;
	}
	return true;
}

/* The matcher's pattern index of fast pattern fp (which it holds). */
static int
pf_index(const struct pf_matcher *m, uint32_t fp)
{
	uint32_t lo = 0, hi = m->n;

	while (lo < hi) {
		uint32_t mid = (lo + hi) / 2;

		if (m->ids[mid] < fp)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < m->n && m->ids[lo] == fp ? (int)lo : -1;
}

/* The distinct fast patterns on list of the sigs[0..n), sorted; *np
 * their count. NULL (ENOMEM). */
static uint32_t *
pf_list_ids(const struct detect_engine *de, const uint32_t *sigs, size_t n,
    uint16_t list, uint32_t *np)
{
	uint32_t *ids, k = 0, nids = 0;

	if ((ids = malloc((n ? n : 1) * sizeof(*ids))) == NULL)
		return NULL;
	for (size_t i = 0; i < n; i++) {
		const struct detect_sig *s = &de->sigs[sigs != NULL ? sigs[i] :
		    i];

		if (detect_stream_sig_on(s, list))
			ids[nids++] = s->fp;
	}
	qsort(ids, nids, sizeof(*ids), pf_u32_cmp);
	for (uint32_t i = 0; i < nids; i++)
		if (k == 0 || ids[k - 1] != ids[i])
			ids[k++] = ids[i];
	*np = k;
	return ids;
}

/* Adds a planned matcher over ids[0..n) (taken). */
static int
pf_add(struct detect_prefilter_cache *c, uint32_t *ids, uint32_t n,
    uint64_t h, uint32_t *out)
{
	struct pf_matcher *e;

	if (c->n == c->cap) {
		size_t ncap = c->cap ? c->cap * 2 : 64;
		struct pf_matcher **nv = realloc(c->v, ncap * sizeof(*nv));

		if (nv == NULL)
			goto nomem;
		c->v = nv;
		c->cap = ncap;
	}
	if ((e = calloc(1, sizeof(*e))) == NULL)
		goto nomem;
	e->ids = ids;
	e->n = n;
	e->hash = h;
	*out = (uint32_t)c->n;
	c->v[c->n++] = e;
	return 0;
nomem:
	free(ids);
	errno = ENOMEM;
	return -1;
}

/* Full mode: the matcher for fast patterns ids[0..n) (sorted, distinct),
 * planned or found; takes ids. */
static int
pf_plan(struct detect_prefilter_cache *c, uint32_t *ids, uint32_t n,
    uint32_t *out)
{
	uint64_t h = pf_ids_hash(ids, n);

	for (size_t i = 0; i < c->n; i++) {
		if (c->v[i]->hash == h && c->v[i]->n == n &&
		    memcmp(c->v[i]->ids, ids, n * sizeof(*ids)) == 0) {
			free(ids);
			*out = (uint32_t)i;
			return 0;
		}
	}
	/* a matcher over a close superset serves too: its extra patterns
	 * map to no rule of this group (one bit test, never a candidate)
	 * and scanning a few more patterns costs less than another
	 * database */
	for (size_t i = 0; i < c->n; i++) {
		if (c->v[i]->n <= n + n / PF_SUPERSET_SLACK &&
		    c->v[i]->n >= n && pf_subset(ids, n, c->v[i])) {
			free(ids);
			*out = (uint32_t)i;
			return 0;
		}
	}
	return pf_add(c, ids, n, h, out);
}

/* g->tx_ready: the lowest progress, per direction, at which a tx rule
 * of sigs[0..n) is ready (its tx buffers' highest progress, as
 * engine_txs decides it) or its fast pattern's tx buffer is scanned. */
static void
group_tx_ready(struct detect_engine *de, struct detect_group *g,
    const uint32_t *sigs, size_t n)
{
	for (int d = 0; d < 2; d++)
		g->tx_ready[d] = INT_MAX;
	for (size_t i = 0; i < n; i++) {
		const struct detect_sig *s = &de->sigs[sigs[i]];

		if (!(s->flags & DETECT_SIG_TX))
			continue;
		for (int d = 0; d < 2; d++) {
			int ready = 0;

			for (uint8_t b = 0; b < s->nbufs; b++) {
				const struct detect_buffer *db =
				    detect_buffer_get(s->bufs[b].id);

				if (db->scope == DETECT_BUFFER_SCOPE_TX &&
				    db->progress[d] > ready)
					ready = db->progress[d];
			}
			if (s->fp != DETECT_NO_FP) {
				const struct detect_buffer *fb =
				    detect_buffer_get(de->lists[
				    s->fp_list].buffer);

				if (fb->scope == DETECT_BUFFER_SCOPE_TX &&
				    fb->progress[d] < ready)
					ready = fb->progress[d];
			}
			if (ready < g->tx_ready[d])
				g->tx_ready[d] = ready;
		}
	}
}

int
detect_prefilter_group_plan(struct detect_engine *de,
    struct detect_prefilter_cache *c, struct detect_group *g,
    const uint32_t *sigs, size_t n, char *err, size_t errlen)
{
	uint32_t *nfp = NULL;
	uint16_t npfs = 0;

	g->nsigs = (uint32_t)n;
	g->nalways = 0;
	g->ntx = 0;
	g->niponly = 0;
	g->nstream = 0;
	g->pfs = NULL;
	g->npfs = g->npkt_pfs = 0;
	if ((g->always = malloc((n ? n : 1) * sizeof(*g->always))) == NULL ||
	    (nfp = calloc(de->nlists, sizeof(*nfp))) == NULL)
		goto nomem;
	for (size_t i = 0; i < n; i++) {
		const struct detect_sig *s = &de->sigs[sigs[i]];

		if (s->flags & DETECT_SIG_TX)
			g->ntx++;
		if (s->flags & DETECT_SIG_IPONLY)
			g->niponly++;
		if (s->flags & DETECT_SIG_STREAM)
			g->nstream++;
		if (s->fp == DETECT_NO_FP) {
			g->always[g->nalways++] = sigs[i];
			continue;
		}
		/* plain pkt_data fast patterns of TCP rules go to the
		 * stream's prefilter, the packet's, or both
		 * (detect_stream_sig_on) */
		if (s->fp_list == DETECT_BUFFER_PAYLOAD) {
			static const uint8_t pb[2] = { DETECT_BUFFER_PAYLOAD,
			    DETECT_BUFFER_STREAM };

			for (int k = 0; k < 2; k++)
				if (detect_stream_sig_on(s, pb[k]) &&
				    nfp[pb[k]]++ == 0)
					npfs++;
		} else if (nfp[s->fp_list]++ == 0)
			npfs++;
	}
	group_tx_ready(de, g, sigs, n);
	if (npfs > UINT8_MAX) {
		snprintf(err, errlen, "a group's rules use %u prefilter "
		    "lists (at most %u)", npfs, UINT8_MAX);
		free(nfp);
		errno = E2BIG;
		return -1;
	}
	if (npfs == 0) {
		free(nfp);
		return 0;
	}
	if ((g->pfs = calloc(npfs, sizeof(*g->pfs))) == NULL)
		goto nomem;
	/* packet and stream lists first, then transaction ones */
	for (int pass = 0; pass < 2; pass++) {
		for (uint16_t l = 0; l < de->nlists; l++) {
			struct detect_prefilter *pf;
			uint32_t *ids, nids;
			bool tx;

			if (nfp[l] == 0)
				continue;
			tx = detect_buffer_get(de->lists[l].buffer)->scope ==
			    DETECT_BUFFER_SCOPE_TX;
			if (tx != (pass == 1))
				continue;
			pf = &g->pfs[g->npfs++];
			pf->list = l;
			pf->buffer = de->lists[l].buffer;
			pf->nsigs = nfp[l];
			if (!tx)
				g->npkt_pfs++;
			if (c->single && c->single_of[l] != 0) {
				pf->matcher = c->single_of[l] - 1;
				continue;
			}
			/* single: every rule's patterns on the list */
			if ((ids = pf_list_ids(de, c->single ? NULL : sigs,
			    c->single ? de->nsigs : n, l, &nids)) == NULL)
				goto nomem;
			if (c->single) {
				if (pf_add(c, ids, nids, 0, &pf->matcher) ==
				    -1)
					goto nomem;
				c->single_of[l] = pf->matcher + 1;
			} else if (pf_plan(c, ids, nids, &pf->matcher) == -1)
				goto nomem;
		}
	}
	free(nfp);
	return 0;
nomem:
	free(nfp);
	snprintf(err, errlen, "out of memory building a prefilter");
	errno = ENOMEM;
	return -1;
}

/* Largest first, so that the longest compile starts first. */
static int
pf_cmp_size(const void *a, const void *b, void *arg)
{
	const struct detect_prefilter_cache *c = arg;
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	if (c->v[x]->n != c->v[y]->n)
		return c->v[x]->n > c->v[y]->n ? -1 : 1;
	return x < y ? -1 : x > y;
}

static int
pf_build_one(struct pf_work *w, uint32_t i)
{
	struct pf_matcher *e = w->c->v[i];
	struct mpm_pattern *pats;
	char err[256];

	if ((pats = calloc(e->n ? e->n : 1, sizeof(*pats))) == NULL) {
		snprintf(err, sizeof(err), "out of memory building a "
		    "prefilter");
		goto fail;
	}
	for (uint32_t k = 0; k < e->n; k++) {
		const struct detect_fp *fp = &w->de->fps[e->ids[k]];

		pats[k].bytes = fp->bytes;
		pats[k].len = fp->len;
		pats[k].nocase = fp->nocase;
		pats[k].id = k;
	}
	e->mpm = w->de->mpm_ops->build(pats, e->n, err, sizeof(err));
	free(pats);
	if (e->mpm == NULL)
		goto fail;
	return 0;
fail:
	pthread_mutex_lock(&w->lock);
	if (atomic_fetch_add(&w->failed, 1) == 0)
		snprintf(w->err, w->errlen, "%s", err);
	pthread_mutex_unlock(&w->lock);
	return -1;
}

static void *
pf_worker(void *arg)
{
	struct pf_work *w = arg;
	uint32_t k;

	while (atomic_load(&w->failed) == 0 &&
	    (k = atomic_fetch_add(&w->next, 1)) < w->c->n)
		(void)pf_build_one(w, w->order[k]);
	return NULL;
}

int
detect_prefilter_build_matchers(struct detect_engine *de,
    struct detect_prefilter_cache *c, unsigned threads, char *err,
    size_t errlen)
{
	pthread_t tids[PF_THREADS_MAX];
	struct pf_work w;
	unsigned nt = 0;
	struct mpm **mpms;
	int rc = -1;

	memset(&w, 0, sizeof(w));
	w.de = de;
	w.c = c;
	w.err = err;
	w.errlen = errlen;
	pthread_mutex_init(&w.lock, NULL);
	if (c->n == 0)
		rc = 0;
	if (c->n == 0 || (w.order = calloc(c->n, sizeof(*w.order))) == NULL)
		goto done;
	for (uint32_t i = 0; i < c->n; i++)
		w.order[i] = i;
	qsort_r(w.order, c->n, sizeof(*w.order), pf_cmp_size, c);
	if (threads == 0) {
		long ncpu = sysconf(_SC_NPROCESSORS_ONLN);

		threads = ncpu > 0 ? (unsigned)ncpu : 1;
	}
	if (threads > PF_THREADS_MAX)
		threads = PF_THREADS_MAX;
	if (threads > c->n)
		threads = (unsigned)c->n;
	/* the calling thread is one of them; a thread that cannot start
	 * leaves its share to the others */
	for (unsigned t = 1; t < threads; t++)
		if (pthread_create(&tids[nt], NULL, pf_worker, &w) == 0)
			nt++;
	(void)pf_worker(&w);
	for (unsigned t = 0; t < nt; t++)
		pthread_join(tids[t], NULL);
	if (atomic_load(&w.failed) != 0) {
		errno = EINVAL;
		goto done;
	}
	if ((mpms = realloc(de->mpms, (de->nmpms + c->n) *
	    sizeof(*mpms))) == NULL) {
		snprintf(err, errlen, "out of memory building a prefilter");
		errno = ENOMEM;
		goto done;
	}
	de->mpms = mpms;
	for (uint32_t i = 0; i < c->n; i++) {
		struct pf_matcher *e = c->v[i];

		e->index = (uint32_t)de->nmpms;
		de->mpms[de->nmpms++] = e->mpm;
		e->mpm = NULL;
		de->mpm_bytes += de->mpm_ops->memory(de->mpms[e->index]);
		if (e->n > de->max_patterns)
			de->max_patterns = e->n;
	}
	rc = 0;
done:
	/* on failure, what was built is not the engine's yet */
	for (uint32_t i = 0; rc == -1 && i < c->n; i++) {
		if (c->v[i]->mpm != NULL)
			de->mpm_ops->free(c->v[i]->mpm);
		c->v[i]->mpm = NULL;
	}
	free(w.order);
	pthread_mutex_destroy(&w.lock);
	return rc;
}

int
detect_prefilter_group_map(struct detect_engine *de,
    struct detect_prefilter_cache *c, struct detect_group *g,
    const uint32_t *sigs, size_t n, char *err, size_t errlen)
{
	for (uint8_t p = 0; p < g->npfs; p++) {
		struct detect_prefilter *pf = &g->pfs[p];
		const struct pf_matcher *m = c->v[pf->matcher];
		uint32_t *own, nown, *fill = NULL, words;

		pf->mpm = de->mpms[m->index];
		pf->npat = m->n;
		if ((own = pf_list_ids(de, sigs, n, pf->list, &nown)) == NULL)
			goto nomem;
		pf->nown = nown;
		words = (m->n + 63) / 64;
		if (nown < m->n) {
			uint32_t r = 0;

			if ((pf->bits = calloc(words ? words : 1,
			    sizeof(*pf->bits))) == NULL ||
			    (pf->rank = calloc(words ? words : 1,
			    sizeof(*pf->rank))) == NULL) {
				free(own);
				goto nomem;
			}
			for (uint32_t k = 0; k < nown; k++) {
				int x = pf_index(m, own[k]);

				pf->bits[x >> 6] |= 1ull << (x & 63);
			}
			for (uint32_t w = 0; w < words; w++) {
				pf->rank[w] = r;
				r += (uint32_t)__builtin_popcountll(
				    pf->bits[w]);
			}
		}
		free(own);
		if ((pf->sig_off = calloc(nown + 1, sizeof(*pf->sig_off))) ==
		    NULL || (pf->sig_ids = malloc(pf->nsigs *
		    sizeof(*pf->sig_ids))) == NULL ||
		    (fill = calloc(nown ? nown : 1, sizeof(*fill))) == NULL)
			goto nomem;
		for (size_t i = 0; i < n; i++) {
			const struct detect_sig *s = &de->sigs[sigs[i]];

			if (detect_stream_sig_on(s, pf->list))
				pf->sig_off[detect_prefilter_slot(pf,
				    (uint32_t)pf_index(m, s->fp)) + 1]++;
		}
		for (uint32_t k = 0; k < nown; k++)
			pf->sig_off[k + 1] += pf->sig_off[k];
		for (size_t i = 0; i < n; i++) {
			const struct detect_sig *s = &de->sigs[sigs[i]];
			int64_t x;

			if (!detect_stream_sig_on(s, pf->list))
				continue;
			x = detect_prefilter_slot(pf,
			    (uint32_t)pf_index(m, s->fp));
			pf->sig_ids[pf->sig_off[x] + fill[x]++] = sigs[i];
		}
		free(fill);
	}
	return 0;
nomem:
	snprintf(err, errlen, "out of memory building a prefilter");
	errno = ENOMEM;
	return -1;
}

void
detect_prefilter_group_free(struct detect_group *g)
{
	for (uint8_t i = 0; g->pfs != NULL && i < g->npfs; i++) {
		free(g->pfs[i].bits);
		free(g->pfs[i].rank);
		free(g->pfs[i].sig_off);
		free(g->pfs[i].sig_ids);
	}
	free(g->pfs);
	g->pfs = NULL;
	g->npfs = 0;
}

size_t
detect_prefilter_group_bytes(const struct detect_group *g)
{
	size_t n = sizeof(*g) + g->nsigs * sizeof(uint32_t);

	for (uint8_t i = 0; i < g->npfs; i++) {
		const struct detect_prefilter *pf = &g->pfs[i];
		size_t words = pf->bits != NULL ? (pf->npat + 63) / 64 : 0;

		n += sizeof(*pf) + words * (sizeof(uint64_t) +
		    sizeof(uint32_t)) + (pf->nown + 1) * sizeof(uint32_t) +
		    pf->nsigs * sizeof(uint32_t);
	}
	return n;
}
