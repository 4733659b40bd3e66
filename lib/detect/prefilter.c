#include "core/base.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>

#include "detect/buffer.h"
#include "detect/engine_int.h"
#include "detect/keywords/content.h"
#include "detect/mpm.h"
#include "detect/prefilter.h"
#include "rules/rule.h"

/* A matcher and the sorted fast pattern ids it was built from (pattern
 * i of the matcher is fast pattern ids[i]). */
struct pf_matcher {
	struct mpm	*mpm;		/* owned by the engine */
	uint32_t	*ids;
	uint32_t	 n;
	uint64_t	 hash;
};

/* A group's patterns may use a matcher with up to n / PF_SUPERSET_SLACK
 * more patterns than its own set. */
#define PF_SUPERSET_SLACK	4

/* Matchers already built, by pattern set. */
struct detect_prefilter_cache {
	struct pf_matcher **v;
	size_t		 n;
	size_t		 cap;
};

/* The fast pattern table while it is built: open addressing. */
struct fp_table {
	uint32_t	*slots;		/* fp id + 1, 0: empty */
	size_t		 cap;
};

static const struct detect_content *pf_choose(const struct rule *,
		    uint8_t *);
static uint64_t	pf_fp_hash(const uint8_t *, uint32_t, bool);
static int	pf_fp_add(struct detect_engine *, struct fp_table *,
		    const uint8_t *, uint32_t, bool, uint32_t *);
static uint64_t	pf_ids_hash(const uint32_t *, size_t);
static int	pf_u32_cmp(const void *, const void *);
static int	pf_index(const struct pf_matcher *, uint32_t);
static bool	pf_subset(const uint32_t *, uint32_t, const struct pf_matcher *);
static int	pf_matcher(struct detect_engine *,
		    struct detect_prefilter_cache *, uint32_t *, uint32_t,
		    const struct pf_matcher **, char *, size_t);
static int	pf_build_one(struct detect_engine *,
		    struct detect_prefilter_cache *, struct detect_prefilter *,
		    const uint32_t *, size_t, uint8_t, uint32_t, char *,
		    size_t);

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
 * content, ties to the strongest pattern, then the first. *buffer is
 * set to the chosen content's buffer. */
static const struct detect_content *
pf_choose(const struct rule *r, uint8_t *buffer)
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
		uint8_t buffer = DETECT_BUFFER_PAYLOAD;

		c = pf_choose(s->rule, &buffer);
		s->fp = DETECT_NO_FP;
		s->fp_buffer = buffer;
		if (c == NULL)
			continue;
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
detect_prefilter_cache_new(void)
{
	return calloc(1, sizeof(struct detect_prefilter_cache));
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

/* The matcher over fast patterns ids[0..n) (sorted, distinct), from c or
 * built; takes ids (freed, or kept by a new cache entry). */
static int
pf_matcher(struct detect_engine *de, struct detect_prefilter_cache *c,
    uint32_t *ids, uint32_t n, const struct pf_matcher **out, char *err,
    size_t errlen)
{
	struct pf_matcher *e = NULL;
	struct mpm_pattern *pats = NULL;
	struct mpm *m, **mpms;
	uint64_t h = pf_ids_hash(ids, n);

	for (size_t i = 0; i < c->n; i++) {
		if (c->v[i]->hash == h && c->v[i]->n == n &&
		    memcmp(c->v[i]->ids, ids, n * sizeof(*ids)) == 0) {
			free(ids);
			*out = c->v[i];
			return 0;
		}
	}
	/* a matcher over a close superset serves too: its extra patterns
	 * map to no rule of this group (a lookup, never a candidate) and
	 * scanning a few more patterns costs less than another database */
	for (size_t i = 0; i < c->n; i++) {
		if (c->v[i]->n <= n + n / PF_SUPERSET_SLACK &&
		    c->v[i]->n >= n && pf_subset(ids, n, c->v[i])) {
			free(ids);
			*out = c->v[i];
			return 0;
		}
	}
	if (c->n == c->cap) {
		size_t ncap = c->cap ? c->cap * 2 : 64;
		struct pf_matcher **nv = realloc(c->v, ncap * sizeof(*nv));

		if (nv == NULL)
			goto nomem;
		c->v = nv;
		c->cap = ncap;
	}
	if ((e = calloc(1, sizeof(*e))) == NULL ||
	    (pats = calloc(n, sizeof(*pats))) == NULL)
		goto nomem;
	for (uint32_t i = 0; i < n; i++) {
		pats[i].bytes = de->fps[ids[i]].bytes;
		pats[i].len = de->fps[ids[i]].len;
		pats[i].nocase = de->fps[ids[i]].nocase;
		pats[i].id = i;
	}
	m = de->mpm_ops->build(pats, n, err, errlen);
	free(pats);
	if (m == NULL) {
		free(e);
		free(ids);
		return -1;
	}
	if ((mpms = realloc(de->mpms, (de->nmpms + 1) * sizeof(*mpms))) ==
	    NULL) {
		de->mpm_ops->free(m);
		free(e);
		e = NULL;
		goto nomem;
	}
	de->mpms = mpms;
	de->mpms[de->nmpms++] = m;
	de->mpm_bytes += de->mpm_ops->memory(m);
	if (n > de->max_patterns)
		de->max_patterns = n;
	e->mpm = m;
	e->ids = ids;
	e->n = n;
	e->hash = h;
	c->v[c->n++] = e;
	*out = e;
	return 0;
nomem:
	free(e);
	free(ids);
	snprintf(err, errlen, "out of memory building a prefilter");
	errno = ENOMEM;
	return -1;
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

/* pf for buffer from the nfp rules of sigs[0..n) whose fast pattern is
 * on it. */
static int
pf_build_one(struct detect_engine *de, struct detect_prefilter_cache *c,
    struct detect_prefilter *pf, const uint32_t *sigs, size_t n,
    uint8_t buffer, uint32_t nfp, char *err, size_t errlen)
{
	const struct pf_matcher *m;
	uint32_t *ids, *fill = NULL, nids = 0, k = 0;

	memset(pf, 0, sizeof(*pf));
	pf->buffer = buffer;
	if ((ids = malloc(nfp * sizeof(*ids))) == NULL)
		goto nomem;
	for (size_t i = 0; i < n; i++) {
		const struct detect_sig *s = &de->sigs[sigs[i]];

		if (s->fp != DETECT_NO_FP && s->fp_buffer == buffer)
			ids[nids++] = s->fp;
	}
	qsort(ids, nids, sizeof(*ids), pf_u32_cmp);
	for (uint32_t i = 0; i < nids; i++)
		if (k == 0 || ids[k - 1] != ids[i])
			ids[k++] = ids[i];
	if (pf_matcher(de, c, ids, k, &m, err, errlen) == -1)
		return -1;
	pf->mpm = m->mpm;
	pf->npat = m->n;
	pf->nsigs = nfp;
	if ((pf->sig_off = calloc(m->n + 1, sizeof(*pf->sig_off))) == NULL ||
	    (pf->sig_ids = malloc(nfp * sizeof(*pf->sig_ids))) == NULL ||
	    (fill = calloc(m->n, sizeof(*fill))) == NULL)
		goto nomem;
	for (size_t i = 0; i < n; i++) {
		const struct detect_sig *s = &de->sigs[sigs[i]];

		if (s->fp != DETECT_NO_FP && s->fp_buffer == buffer)
			pf->sig_off[pf_index(m, s->fp) + 1]++;
	}
	for (uint32_t i = 0; i < m->n; i++)
		pf->sig_off[i + 1] += pf->sig_off[i];
	for (size_t i = 0; i < n; i++) {
		const struct detect_sig *s = &de->sigs[sigs[i]];
		int x;

		if (s->fp == DETECT_NO_FP || s->fp_buffer != buffer)
			continue;
		x = pf_index(m, s->fp);
		pf->sig_ids[pf->sig_off[x] + fill[x]++] = sigs[i];
	}
	free(fill);
	return 0;
nomem:
	free(fill);
	snprintf(err, errlen, "out of memory building a prefilter");
	errno = ENOMEM;
	return -1;
}

int
detect_prefilter_group(struct detect_engine *de,
    struct detect_prefilter_cache *c, struct detect_group *g,
    const uint32_t *sigs, size_t n, char *err, size_t errlen)
{
	uint32_t nfp[DETECT_BUFFER_LIMIT] = { 0 };
	uint8_t npfs = 0;

	g->nsigs = (uint32_t)n;
	g->nalways = 0;
	g->ntx = 0;
	g->pfs = NULL;
	g->npfs = g->npkt_pfs = 0;
	if ((g->always = malloc((n ? n : 1) * sizeof(*g->always))) == NULL)
		goto nomem;
	for (size_t i = 0; i < n; i++) {
		const struct detect_sig *s = &de->sigs[sigs[i]];

		if (s->flags & DETECT_SIG_TX)
			g->ntx++;
		if (s->fp == DETECT_NO_FP)
			g->always[g->nalways++] = sigs[i];
		else if (nfp[s->fp_buffer]++ == 0)
			npfs++;
	}
	if (npfs == 0)
		return 0;
	if ((g->pfs = calloc(npfs, sizeof(*g->pfs))) == NULL)
		goto nomem;
	/* packet and stream buffers first, then transaction ones */
	for (int pass = 0; pass < 2; pass++) {
		for (uint8_t b = 0; b < DETECT_BUFFER_LIMIT; b++) {
			bool tx;

			if (nfp[b] == 0)
				continue;
			tx = detect_buffer_get(b)->scope ==
			    DETECT_BUFFER_SCOPE_TX;

			if (nfp[b] == 0 || tx != (pass == 1))
				continue;
			if (pf_build_one(de, c, &g->pfs[g->npfs], sigs, n, b,
			    nfp[b], err, errlen) == -1) {
				g->npfs++;
				return -1;
			}
			g->npfs++;
			if (!tx)
				g->npkt_pfs++;
		}
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

	for (uint8_t i = 0; i < g->npfs; i++)
		n += sizeof(g->pfs[i]) + (g->pfs[i].npat + 1) *
		    sizeof(uint32_t) + g->pfs[i].nsigs * sizeof(uint32_t);
	return n;
}
