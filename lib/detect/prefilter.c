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

/* Matchers already built, by pattern set. */
struct detect_prefilter_cache {
	struct detect_prefilter_matcher *v;
	size_t		 n;
	size_t		 cap;
};

/* The fast pattern table while it is built: open addressing. */
struct fp_table {
	uint32_t	*slots;		/* fp id + 1, 0: empty */
	size_t		 cap;
};

static const struct detect_content *pf_choose(const struct rule *);
static uint64_t	pf_fp_hash(const uint8_t *, uint32_t, bool);
static int	pf_fp_add(struct detect_engine *, struct fp_table *,
		    const uint8_t *, uint32_t, bool, uint32_t *);
static uint64_t	pf_ids_hash(const uint32_t *, size_t);
static int	pf_u32_cmp(const void *, const void *);
static int	pf_index(const struct detect_prefilter_matcher *, uint32_t);

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

/* Suricata's RetrieveFPForSig for the payload buffer. */
static const struct detect_content *
pf_choose(const struct rule *r)
{
	const struct detect_content *best = NULL;
	uint32_t max_len = 0, best_strength = 0;

	for (size_t i = 0; i < r->nmatches; i++) {
		const struct rule_match *m = &r->matches[i];
		const struct detect_content *c = m->data;

		if (m->kw != &kw_content || m->buffer != DETECT_BUFFER_PAYLOAD)
			continue;
		if (c->flags & CONTENT_FAST_PATTERN)
			return c->flags & CONTENT_NEGATED ? NULL : c;
		if (!(c->flags & CONTENT_NEGATED) && c->len > max_len)
			max_len = c->len;
	}
	for (size_t i = 0; i < r->nmatches; i++) {
		const struct rule_match *m = &r->matches[i];
		const struct detect_content *c = m->data;
		uint32_t strength;

		if (m->kw != &kw_content || m->buffer !=
		    DETECT_BUFFER_PAYLOAD || (c->flags & CONTENT_NEGATED) ||
		    c->len < max_len)
			continue;
		strength = detect_prefilter_strength(c->pat, c->len);
		if (best == NULL || strength > best_strength) {
			best = c;
			best_strength = strength;
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
	de->fps[de->nfps].buffer = DETECT_BUFFER_PAYLOAD;
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
		const struct detect_content *c = pf_choose(s->rule);
		const uint8_t *b;
		uint32_t len;

		s->fp = DETECT_NO_FP;
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

/* One matcher per protocol class and direction at most: the cache is
 * sized for that and never grows, so the entries it hands out stay put. */
struct detect_prefilter_cache *
detect_prefilter_cache_new(void)
{
	struct detect_prefilter_cache *c;

	if ((c = calloc(1, sizeof(*c))) == NULL)
		return NULL;
	c->cap = DETECT_GROUP_MAX * DETECT_DIR_MAX;
	if ((c->v = calloc(c->cap, sizeof(*c->v))) == NULL) {
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
	for (size_t i = 0; i < c->n; i++)
		free(c->v[i].ids);
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
	return h;
}

int
detect_prefilter_matcher(struct detect_engine *de,
    struct detect_prefilter_cache *c, const uint32_t *sigs, size_t n,
    const struct detect_prefilter_matcher **out, char *err, size_t errlen)
{
	struct detect_prefilter_matcher *e;
	struct mpm_pattern *pats = NULL;
	struct mpm *m, **mpms;
	uint32_t *ids = NULL, nids = 0;
	uint64_t h;

	*out = NULL;
	if ((ids = malloc((n ? n : 1) * sizeof(*ids))) == NULL)
		goto nomem;
	for (size_t i = 0; i < n; i++)
		if (de->sigs[sigs[i]].fp != DETECT_NO_FP)
			ids[nids++] = de->sigs[sigs[i]].fp;
	if (nids == 0) {
		free(ids);
		return 0;
	}
	qsort(ids, nids, sizeof(*ids), pf_u32_cmp);
	{
		uint32_t k = 0;

		for (uint32_t i = 0; i < nids; i++)
			if (k == 0 || ids[k - 1] != ids[i])
				ids[k++] = ids[i];
		nids = k;
	}
	h = pf_ids_hash(ids, nids);
	for (size_t i = 0; i < c->n; i++) {
		if (c->v[i].hash == h && c->v[i].n == nids &&
		    memcmp(c->v[i].ids, ids, nids * sizeof(*ids)) == 0) {
			free(ids);
			*out = &c->v[i];
			return 0;
		}
	}
	if (c->n == c->cap) {
		snprintf(err, errlen, "too many distinct prefilters");
		errno = E2BIG;
		free(ids);
		return -1;
	}
	if ((pats = calloc(nids, sizeof(*pats))) == NULL)
		goto nomem;
	for (uint32_t i = 0; i < nids; i++) {
		pats[i].bytes = de->fps[ids[i]].bytes;
		pats[i].len = de->fps[ids[i]].len;
		pats[i].nocase = de->fps[ids[i]].nocase;
		pats[i].id = i;
	}
	m = de->mpm_ops->build(pats, nids, err, errlen);
	free(pats);
	if (m == NULL) {
		free(ids);
		return -1;
	}
	if ((mpms = realloc(de->mpms, (de->nmpms + 1) * sizeof(*mpms))) ==
	    NULL) {
		de->mpm_ops->free(m);
		goto nomem;
	}
	de->mpms = mpms;
	de->mpms[de->nmpms++] = m;
	if (nids > de->max_patterns)
		de->max_patterns = nids;
	e = &c->v[c->n++];
	e->mpm = m;
	e->ids = ids;
	e->n = nids;
	e->hash = h;
	*out = e;
	return 0;
nomem:
	free(ids);
	snprintf(err, errlen, "out of memory building a prefilter");
	errno = ENOMEM;
	return -1;
}

/* The matcher's pattern index of fast pattern fp (which it holds). */
static int
pf_index(const struct detect_prefilter_matcher *m, uint32_t fp)
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

int
detect_prefilter_group(struct detect_engine *de, struct detect_group *g,
    const uint32_t *sigs, size_t n, const struct detect_prefilter_matcher *m,
    char *err, size_t errlen)
{
	struct detect_prefilter *pf = NULL;
	uint32_t *fill = NULL;
	size_t nfp = 0;

	g->nsigs = (uint32_t)n;
	g->nalways = 0;
	g->pf = NULL;
	if ((g->always = malloc((n ? n : 1) * sizeof(*g->always))) == NULL)
		goto nomem;
	for (size_t i = 0; i < n; i++) {
		if (de->sigs[sigs[i]].fp == DETECT_NO_FP)
			g->always[g->nalways++] = sigs[i];
		else
			nfp++;
	}
	if (nfp == 0)
		return 0;
	if (m == NULL) {
		snprintf(err, errlen, "prefilter: group without a matcher");
		errno = EINVAL;
		return -1;
	}
	if ((pf = calloc(1, sizeof(*pf))) == NULL ||
	    (pf->sig_off = calloc(m->n + 1, sizeof(*pf->sig_off))) == NULL ||
	    (pf->sig_ids = malloc(nfp * sizeof(*pf->sig_ids))) == NULL ||
	    (fill = calloc(m->n, sizeof(*fill))) == NULL)
		goto nomem;
	pf->mpm = m->mpm;
	pf->npat = m->n;
	for (size_t i = 0; i < n; i++) {
		uint32_t fp = de->sigs[sigs[i]].fp;
		int k;

		if (fp == DETECT_NO_FP)
			continue;
		if ((k = pf_index(m, fp)) == -1) {
			snprintf(err, errlen, "prefilter: pattern missing "
			    "from its matcher");
			errno = EINVAL;
			goto fail;
		}
		pf->sig_off[k + 1]++;
	}
	for (uint32_t i = 0; i < m->n; i++)
		pf->sig_off[i + 1] += pf->sig_off[i];
	for (size_t i = 0; i < n; i++) {
		uint32_t fp = de->sigs[sigs[i]].fp;
		int k;

		if (fp == DETECT_NO_FP)
			continue;
		k = pf_index(m, fp);
		pf->sig_ids[pf->sig_off[k] + fill[k]++] = sigs[i];
	}
	free(fill);
	g->pf = pf;
	return 0;
nomem:
	snprintf(err, errlen, "out of memory building a prefilter");
	errno = ENOMEM;
fail:
	free(fill);
	detect_prefilter_free(pf);
	return -1;
}

void
detect_prefilter_free(struct detect_prefilter *pf)
{
	if (pf == NULL)
		return;
	free(pf->sig_off);
	free(pf->sig_ids);
	free(pf);
}
