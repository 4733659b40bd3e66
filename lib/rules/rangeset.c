#include "core/base.h"

#include <errno.h>

#include "rules/rangeset.h"

static int	rangeset_reserve(struct rules_rangeset *, size_t);
static int	rangeset_range_cmp(const void *, const void *);
static struct rules_u128 u128_inc(struct rules_u128);
static struct rules_u128 u128_dec(struct rules_u128);
static bool	u128_eq(struct rules_u128, struct rules_u128);

/* Hard cap on ranges per set; an expression needing more is rejected as
 * out of memory rather than growing without bound. */
#define RANGESET_MAX	(1u << 20)

void
rules_rangeset_init(struct rules_rangeset *s)
{
	memset(s, 0, sizeof(*s));
}

void
rules_rangeset_free(struct rules_rangeset *s)
{
	free(s->r);
	memset(s, 0, sizeof(*s));
}

int
rules_u128_cmp(struct rules_u128 a, struct rules_u128 b)
{
	if (a.hi != b.hi)
		return a.hi < b.hi ? -1 : 1;
	if (a.lo != b.lo)
		return a.lo < b.lo ? -1 : 1;
	return 0;
}

static bool
u128_eq(struct rules_u128 a, struct rules_u128 b)
{
	return a.hi == b.hi && a.lo == b.lo;
}

/* Callers never increment the maximum or decrement zero. */
static struct rules_u128
u128_inc(struct rules_u128 v)
{
	v.lo++;
	if (v.lo == 0)
		v.hi++;
	return v;
}

static struct rules_u128
u128_dec(struct rules_u128 v)
{
	if (v.lo == 0)
		v.hi--;
	v.lo--;
	return v;
}

static int
rangeset_reserve(struct rules_rangeset *s, size_t want)
{
	struct rules_range *n;
	size_t ncap;

	if (want <= s->cap)
		return 0;
	if (want > RANGESET_MAX) {
		errno = ENOMEM;
		return -1;
	}
	ncap = s->cap ? s->cap : 4;
	while (ncap < want)
		ncap *= 2;
	if ((n = realloc(s->r, ncap * sizeof(*n))) == NULL)
		return -1;
	s->r = n;
	s->cap = ncap;
	return 0;
}

static int
rangeset_range_cmp(const void *a, const void *b)
{
	const struct rules_range *ra = a, *rb = b;

	return rules_u128_cmp(ra->first, rb->first);
}

/* Sorts and merges overlapping or adjacent ranges. */
void
rules_rangeset_normalize(struct rules_rangeset *s)
{
	size_t out = 0;

	if (s->n < 2)
		return;
	qsort(s->r, s->n, sizeof(*s->r), rangeset_range_cmp);
	for (size_t i = 1; i < s->n; i++) {
		struct rules_range *cur = &s->r[out];
		const struct rules_range *nx = &s->r[i];

		/* adjacent when cur.last + 1 == nx.first; last may be the max */
		if (rules_u128_cmp(nx->first, cur->last) <= 0 ||
		    u128_eq(u128_inc(cur->last), nx->first)) {
			if (rules_u128_cmp(nx->last, cur->last) > 0)
				cur->last = nx->last;
		} else
			s->r[++out] = *nx;
	}
	s->n = out + 1;
}

int
rules_rangeset_add(struct rules_rangeset *s, struct rules_u128 first,
    struct rules_u128 last)
{
	if (rangeset_reserve(s, s->n + 1) == -1)
		return -1;
	s->r[s->n].first = first;
	s->r[s->n].last = last;
	s->n++;
	rules_rangeset_normalize(s);
	return 0;
}

int
rules_rangeset_union(struct rules_rangeset *dst,
    const struct rules_rangeset *src)
{
	if (rules_rangeset_append(dst, src) == -1)
		return -1;
	rules_rangeset_normalize(dst);
	return 0;
}

int
rules_rangeset_append(struct rules_rangeset *dst,
    const struct rules_rangeset *src)
{
	if (src->n == 0)
		return 0;
	if (rangeset_reserve(dst, dst->n + src->n) == -1)
		return -1;
	memcpy(dst->r + dst->n, src->r, src->n * sizeof(*src->r));
	dst->n += src->n;
	return 0;
}

int
rules_rangeset_complement(struct rules_rangeset *dst,
    const struct rules_rangeset *src, struct rules_u128 min,
    struct rules_u128 max)
{
	struct rules_u128 next = min;
	bool done = false;

	dst->n = 0;
	for (size_t i = 0; i < src->n && !done; i++) {
		const struct rules_range *r = &src->r[i];

		if (rules_u128_cmp(r->last, min) < 0)
			continue;
		if (rules_u128_cmp(r->first, max) > 0)
			break;
		if (rules_u128_cmp(r->first, next) > 0) {
			if (rangeset_reserve(dst, dst->n + 1) == -1)
				return -1;
			dst->r[dst->n].first = next;
			dst->r[dst->n].last = u128_dec(r->first);
			dst->n++;
		}
		if (rules_u128_cmp(r->last, max) >= 0)
			done = true;
		else
			next = u128_inc(r->last);
	}
	if (!done) {
		if (rangeset_reserve(dst, dst->n + 1) == -1)
			return -1;
		dst->r[dst->n].first = next;
		dst->r[dst->n].last = max;
		dst->n++;
	}
	return 0;
}

int
rules_rangeset_subtract(struct rules_rangeset *a,
    const struct rules_rangeset *b, struct rules_u128 min,
    struct rules_u128 max)
{
	struct rules_rangeset keep, out;
	size_t i = 0, j = 0;

	if (b->n == 0 || a->n == 0)
		return 0;
	rules_rangeset_init(&keep);
	rules_rangeset_init(&out);
	if (rules_rangeset_complement(&keep, b, min, max) == -1)
		goto fail;
	/* intersection of two normalized sets: a two-pointer sweep */
	while (i < a->n && j < keep.n) {
		const struct rules_range *x = &a->r[i], *y = &keep.r[j];
		struct rules_u128 lo, hi;

		lo = rules_u128_cmp(x->first, y->first) > 0 ? x->first :
		    y->first;
		hi = rules_u128_cmp(x->last, y->last) < 0 ? x->last : y->last;
		if (rules_u128_cmp(lo, hi) <= 0) {
			if (rangeset_reserve(&out, out.n + 1) == -1)
				goto fail;
			out.r[out.n].first = lo;
			out.r[out.n].last = hi;
			out.n++;
		}
		if (rules_u128_cmp(x->last, y->last) < 0)
			i++;
		else
			j++;
	}
	rules_rangeset_free(&keep);
	rules_rangeset_move(a, &out);
	return 0;
fail:
	rules_rangeset_free(&keep);
	rules_rangeset_free(&out);
	return -1;
}

void
rules_rangeset_move(struct rules_rangeset *dst, struct rules_rangeset *src)
{
	free(dst->r);
	*dst = *src;
	rules_rangeset_init(src);
}

bool
rules_rangeset_contains(const struct rules_rangeset *s, struct rules_u128 v)
{
	size_t lo = 0, hi = s->n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct rules_range *r = &s->r[mid];

		if (rules_u128_cmp(v, r->first) < 0)
			hi = mid;
		else if (rules_u128_cmp(v, r->last) > 0)
			lo = mid + 1;
		else
			return true;
	}
	return false;
}

bool
rules_rangeset_is_full(const struct rules_rangeset *s, struct rules_u128 min,
    struct rules_u128 max)
{
	return s->n == 1 && u128_eq(s->r[0].first, min) &&
	    u128_eq(s->r[0].last, max);
}
