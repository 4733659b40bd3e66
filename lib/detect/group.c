#include "core/base.h"

#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>

#include "core/diag.h"
#include "detect/engine_int.h"
#include "detect/prefilter.h"
#include "rules/rule.h"

/*
 * Signature groups, as Suricata's: per protocol class and direction, the
 * port space (destination ports to the server, source ports to the
 * client; both for "<>" rules) is cut where rule port sets begin and
 * end; each piece holds the rules whose ports cover it plus the rules
 * for any port. Pieces with the same rules share a group; beyond the
 * profile's groups per class and direction (opts.toserver_groups,
 * opts.toclient_groups: Suricata's detect.profile), the smaller ones
 * merge into one (a superset is always correct: the full header is
 * checked per rule). Identical groups across classes and directions are
 * built once. Each group gets its own prefilters (prefilter.c), whose
 * matchers are shared between groups with the same pattern set.
 */

struct grp_list {
	uint32_t	*v;
	uint32_t	 n;
	uint32_t	 cap;
};

/* A distinct group being built. */
struct grp_entry {
	uint64_t	 hash;
	struct grp_list	 sigs;
	struct detect_group *g;
};

struct grp_builder {
	struct detect_engine *de;
	struct detect_prefilter_cache *cache;
	struct grp_entry *v;		/* distinct groups of the engine */
	size_t		 n;
	size_t		 cap;
	uint8_t		*classes;	/* per sig: bit per group class */
	char		 err[256];
};

static int	grp_push(struct grp_list *, uint32_t);
static uint64_t	grp_hash(const struct grp_list *);
static int	grp_intern(struct grp_builder *, struct grp_list *,
		    struct detect_group **);
static int	grp_class_dir(struct grp_builder *, enum detect_group_id,
		    uint8_t);
static bool	grp_key_any(const struct rule *, uint8_t);
static void	grp_key_ranges(const struct rule *, uint8_t,
		    const struct rules_port **, const struct rules_port **);
static int	grp_merge(const struct grp_list *, const struct grp_list *,
		    struct grp_list *);
static int	grp_cmp_size(const void *, const void *);
static bool	grp_in(const struct grp_builder *, uint32_t,
		    enum detect_group_id, uint8_t);
static int	grp_bound(uint32_t **, uint32_t *, uint32_t *, uint32_t);
static int	grp_cmp_u32(const void *, const void *);
static int	grp_cmp_entry(const void *, const void *);

enum detect_group_id
detect_engine_group_of(uint8_t ipproto)
{
	switch (ipproto) {
	case IPPROTO_TCP:
		return DETECT_GROUP_TCP;
	case IPPROTO_UDP:
		return DETECT_GROUP_UDP;
	case IPPROTO_ICMP:
		return DETECT_GROUP_ICMP;
	case IPPROTO_ICMPV6:
		return DETECT_GROUP_ICMPV6;
	default:
		return DETECT_GROUP_OTHER;
	}
}

static int
grp_push(struct grp_list *l, uint32_t v)
{
	if (l->n == l->cap) {
		uint32_t ncap = l->cap ? l->cap * 2 : 16;
		uint32_t *n = realloc(l->v, ncap * sizeof(*n));

		if (n == NULL)
			return -1;
		l->v = n;
		l->cap = ncap;
	}
	l->v[l->n++] = v;
	return 0;
}

static uint64_t
grp_hash(const struct grp_list *l)
{
	uint64_t h = 1469598103934665603ull;

	for (uint32_t i = 0; i < l->n; i++)
		h = (h ^ l->v[i]) * 1099511628211ull;
	return h ^ l->n;
}

static int
grp_cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static int
grp_cmp_entry(const void *a, const void *b)
{
	const struct grp_entry *x = a, *y = b;

	if (x->sigs.n != y->sigs.n)
		return x->sigs.n > y->sigs.n ? -1 : 1;
	return x->g->id < y->g->id ? -1 : x->g->id > y->g->id;
}

/* *out = a ∪ b, both sorted. */
static int
grp_merge(const struct grp_list *a, const struct grp_list *b,
    struct grp_list *out)
{
	uint32_t i = 0, k = 0;

	out->n = 0;
	while (i < a->n || k < b->n) {
		uint32_t v;

		if (k == b->n || (i < a->n && a->v[i] < b->v[k]))
			v = a->v[i++];
		else if (i == a->n || b->v[k] < a->v[i])
			v = b->v[k++];
		else {
			v = a->v[i++];
			k++;
		}
		if (grp_push(out, v) == -1)
			return -1;
	}
	return 0;
}

/* The group holding exactly the sigs of l (sorted), made once per
 * engine; l is taken (emptied) when a new group keeps it. */
static int
grp_intern(struct grp_builder *b, struct grp_list *l,
    struct detect_group **out)
{
	struct detect_engine *de = b->de;
	uint64_t h = grp_hash(l);
	struct detect_group *g, **groups;
	struct grp_entry *e;

	for (size_t i = 0; i < b->n; i++) {
		e = &b->v[i];
		if (e->hash == h && e->sigs.n == l->n && (l->n == 0 ||
		    memcmp(e->sigs.v, l->v, l->n * sizeof(*l->v)) == 0)) {
			*out = e->g;
			return 0;
		}
	}
	if (b->n == b->cap) {
		size_t ncap = b->cap ? b->cap * 2 : 32;

		if ((e = realloc(b->v, ncap * sizeof(*e))) == NULL)
			return -1;
		b->v = e;
		b->cap = ncap;
	}
	if ((groups = realloc(de->groups, (de->ngroups + 1) *
	    sizeof(*groups))) == NULL)
		return -1;
	de->groups = groups;
	if ((g = calloc(1, sizeof(*g))) == NULL)
		return -1;
	g->id = (uint32_t)de->ngroups;
	g->nsigs = l->n;
	de->groups[de->ngroups++] = g;
	if (l->n > de->max_group)
		de->max_group = l->n;
	e = &b->v[b->n++];
	e->hash = h;
	e->sigs = *l;
	e->g = g;
	memset(l, 0, sizeof(*l));
	*out = g;
	return 0;
}

/* Whether r's key port set (see above) for dir is every port. */
static bool
grp_key_any(const struct rule *r, uint8_t dir)
{
	const struct rules_port *k = dir == DETECT_DIR_TO_SERVER ?
	    &r->dport : &r->sport;
	const struct rules_port *o = dir == DETECT_DIR_TO_SERVER ?
	    &r->sport : &r->dport;

	return k->any || (r->bidir && o->any);
}

static void
grp_key_ranges(const struct rule *r, uint8_t dir,
    const struct rules_port **a, const struct rules_port **b)
{
	*a = dir == DETECT_DIR_TO_SERVER ? &r->dport : &r->sport;
	*b = r->bidir ? (dir == DETECT_DIR_TO_SERVER ? &r->sport :
	    &r->dport) : NULL;
}

struct grp_piece {
	uint32_t	 start;		/* first port */
	struct grp_list	 sigs;		/* rules for specific ports */
	uint32_t	 rank;		/* distinct list index */
};

static int
grp_cmp_size(const void *a, const void *b)
{
	const struct grp_piece *x = *(const struct grp_piece *const *)a;
	const struct grp_piece *y = *(const struct grp_piece *const *)b;

	if (x->sigs.n != y->sigs.n)
		return x->sigs.n > y->sigs.n ? -1 : 1;
	return x->start < y->start ? -1 : x->start > y->start;
}

static bool
grp_in(const struct grp_builder *b, uint32_t s, enum detect_group_id cls,
    uint8_t dir)
{
	const struct rule *r = b->de->sigs[s].rule;

	if (!(b->classes[s] & (1u << cls)))
		return false;
	if (dir == DETECT_DIR_TO_SERVER)
		return !(r->flags & RULE_F_TO_CLIENT);
	return !(r->flags & RULE_F_TO_SERVER);
}

static int
grp_bound(uint32_t **bounds, uint32_t *n, uint32_t *cap, uint32_t v)
{
	if (*n == *cap) {
		uint32_t ncap = *cap ? *cap * 2 : 64;
		uint32_t *nb = realloc(*bounds, ncap * sizeof(*nb));

		if (nb == NULL)
			return -1;
		*bounds = nb;
		*cap = ncap;
	}
	(*bounds)[(*n)++] = v;
	return 0;
}

/* Builds de->map[cls][dir]. */
static int
grp_class_dir(struct grp_builder *b, enum detect_group_id cls, uint8_t dir)
{
	struct detect_engine *de = b->de;
	struct detect_port_map *map = &de->map[cls][dir];
	struct grp_list any = { 0 }, rest = { 0 }, merged = { 0 };
	struct grp_list empty = { 0 };
	struct grp_piece *pieces = NULL, **distinct = NULL;
	struct detect_group *anyg = NULL, *restg = NULL, *g;
	unsigned groups;
	uint32_t *bounds = NULL, nbounds = 0, bcap = 0;
	uint32_t npieces = 0, ndistinct = 0, limit;
	bool ports = cls == DETECT_GROUP_TCP || cls == DETECT_GROUP_UDP;
	int rc = -1;

	if (de->opts.linear) {
		/* every rule of the class and direction, whatever its ports */
		for (uint32_t s = 0; s < de->nsigs; s++)
			if (grp_in(b, s, cls, dir) && grp_push(&any, s) == -1)
				goto done;
		if ((map->start = malloc(sizeof(*map->start))) == NULL ||
		    (map->group = malloc(sizeof(*map->group))) == NULL ||
		    grp_intern(b, &any, &g) == -1)
			goto done;
		map->start[0] = 0;
		map->group[0] = g;
		map->n = 1;
		rc = 0;
		goto done;
	}
	groups = dir == DETECT_DIR_TO_SERVER ? de->opts.toserver_groups :
	    de->opts.toclient_groups;
	limit = groups > 0 ? groups - 1 : 0;
	/* the rules for any port, and where port sets begin and end */
	if (grp_bound(&bounds, &nbounds, &bcap, 0) == -1)
		goto done;
	for (uint32_t s = 0; s < de->nsigs; s++) {
		const struct rules_port *pp[2];

		if (!grp_in(b, s, cls, dir))
			continue;
		if (!ports || grp_key_any(de->sigs[s].rule, dir)) {
			if (grp_push(&any, s) == -1)
				goto done;
			continue;
		}
		grp_key_ranges(de->sigs[s].rule, dir, &pp[0], &pp[1]);
		for (int k = 0; k < 2; k++)
			for (size_t i = 0; pp[k] != NULL && i < pp[k]->set.n;
			    i++)
				if (grp_bound(&bounds, &nbounds, &bcap,
				    (uint32_t)pp[k]->set.r[i].first.lo) ==
				    -1 || grp_bound(&bounds, &nbounds, &bcap,
				    (uint32_t)pp[k]->set.r[i].last.lo + 1) ==
				    -1)
					goto done;
	}
	qsort(bounds, nbounds, sizeof(*bounds), grp_cmp_u32);
	if ((pieces = calloc(nbounds, sizeof(*pieces))) == NULL)
		goto done;
	for (uint32_t i = 0; i < nbounds && bounds[i] <= UINT16_MAX; i++)
		if (npieces == 0 || pieces[npieces - 1].start != bounds[i])
			pieces[npieces++].start = bounds[i];

	/* each specific rule into the pieces its ranges cover; rules come
	 * in order, so the lists stay sorted (a "<>" rule may reach a
	 * piece twice: the last-element check drops the repeat) */
	for (uint32_t s = 0; ports && s < de->nsigs; s++) {
		const struct rules_port *pp[2];

		if (!grp_in(b, s, cls, dir) ||
		    grp_key_any(de->sigs[s].rule, dir))
			continue;
		grp_key_ranges(de->sigs[s].rule, dir, &pp[0], &pp[1]);
		for (int k = 0; k < 2; k++) {
			for (size_t i = 0; pp[k] != NULL && i < pp[k]->set.n;
			    i++) {
				uint32_t first =
				    (uint32_t)pp[k]->set.r[i].first.lo;
				uint32_t last =
				    (uint32_t)pp[k]->set.r[i].last.lo;
				uint32_t lo = 0, hi = npieces;

				while (hi - lo > 1) {
					uint32_t mid = (lo + hi) / 2;

					if (pieces[mid].start <= first)
						lo = mid;
					else
						hi = mid;
				}
				for (uint32_t p = lo; p < npieces &&
				    pieces[p].start <= last; p++) {
					struct grp_list *l = &pieces[p].sigs;

					if (l->n > 0 && l->v[l->n - 1] == s)
						continue;
					if (grp_push(l, s) == -1)
						goto done;
				}
			}
		}
	}
	/* a "<>" rule reaching a piece through both its port fields, with
	 * other rules in between, is listed twice: sort and dedup */
	for (uint32_t p = 0; p < npieces; p++) {
		struct grp_list *l = &pieces[p].sigs;
		uint32_t k = 0;

		if (l->n > 1)
			qsort(l->v, l->n, sizeof(*l->v), grp_cmp_u32);
		for (uint32_t i = 0; i < l->n; i++)
			if (k == 0 || l->v[k - 1] != l->v[i])
				l->v[k++] = l->v[i];
		l->n = k;
	}

	/* distinct non-empty lists, largest first */
	if ((distinct = calloc(npieces ? npieces : 1, sizeof(*distinct))) ==
	    NULL)
		goto done;
	for (uint32_t p = 0; p < npieces; p++) {
		struct grp_piece *pc = &pieces[p];
		uint32_t d;

		if (pc->sigs.n == 0)
			continue;
		for (d = 0; d < ndistinct; d++)
			if (distinct[d]->sigs.n == pc->sigs.n &&
			    memcmp(distinct[d]->sigs.v, pc->sigs.v,
			    pc->sigs.n * sizeof(uint32_t)) == 0)
				break;
		if (d == ndistinct)
			distinct[ndistinct++] = pc;
	}
	if (ndistinct > 1)
		qsort(distinct, ndistinct, sizeof(*distinct), grp_cmp_size);
	for (uint32_t d = 0; d < ndistinct; d++)
		distinct[d]->rank = d;
	for (uint32_t p = 0; p < npieces; p++) {
		struct grp_piece *pc = &pieces[p];

		for (uint32_t d = 0; pc->sigs.n > 0 && d < ndistinct; d++)
			if (distinct[d]->sigs.n == pc->sigs.n &&
			    memcmp(distinct[d]->sigs.v, pc->sigs.v,
			    pc->sigs.n * sizeof(uint32_t)) == 0) {
				pc->rank = d;
				break;
			}
	}
	/* beyond the limit, the smaller lists share their union */
	for (uint32_t d = limit; d < ndistinct; d++) {
		if (grp_merge(&rest, &distinct[d]->sigs, &merged) == -1)
			goto done;
		{
			struct grp_list t = rest;

			rest = merged;
			merged = t;
		}
	}

	/* the map: one group per piece, adjacent equal ones joined */
	map->start = malloc(npieces * sizeof(*map->start));
	map->group = malloc(npieces * sizeof(*map->group));
	if (map->start == NULL || map->group == NULL)
		goto done;
	for (uint32_t p = 0; p < npieces; p++) {
		struct grp_piece *pc = &pieces[p];

		if (pc->sigs.n == 0) {
			if (anyg == NULL && (grp_merge(&any, &empty,
			    &merged) == -1 || grp_intern(b, &merged,
			    &anyg) == -1))
				goto done;
			g = anyg;
		} else if (pc->rank >= limit) {
			if (restg == NULL && (grp_merge(&any, &rest,
			    &merged) == -1 || grp_intern(b, &merged,
			    &restg) == -1))
				goto done;
			g = restg;
		} else if (grp_merge(&any, &pc->sigs, &merged) == -1 ||
		    grp_intern(b, &merged, &g) == -1)
			goto done;
		if (map->n > 0 && map->group[map->n - 1] == g)
			continue;
		map->start[map->n] = (uint16_t)pc->start;
		map->group[map->n] = g;
		map->n++;
	}
	rc = 0;
done:
	for (uint32_t p = 0; p < npieces; p++)
		free(pieces[p].sigs.v);
	free(pieces);
	free(distinct);
	free(bounds);
	free(any.v);
	free(rest.v);
	free(merged.v);
	return rc;
}

int
detect_group_build(struct detect_engine *de, struct diag_list *diags)
{
	struct grp_builder b;
	int rc = -1;

	memset(&b, 0, sizeof(b));
	b.de = de;
	if ((b.cache = detect_prefilter_cache_new(de)) == NULL ||
	    (b.classes = calloc(de->nsigs ? de->nsigs : 1, 1)) == NULL)
		goto done;
	for (uint32_t s = 0; s < de->nsigs; s++)
		for (unsigned proto = 0; proto < 256; proto++)
			if (rules_rule_has_proto(de->sigs[s].rule,
			    (uint8_t)proto))
				b.classes[s] |= (uint8_t)(1u <<
				    detect_engine_group_of((uint8_t)proto));
	for (int cls = 0; cls < DETECT_GROUP_MAX; cls++)
		for (uint8_t dir = 0; dir < DETECT_DIR_MAX; dir++)
			if (grp_class_dir(&b, (enum detect_group_id)cls,
			    dir) == -1)
				goto done;
	/* prefilters: planned largest groups first (a smaller group's
	 * pattern set may then use a matcher planned over a close
	 * superset), compiled together, then mapped */
	if (b.n > 1)
		qsort(b.v, b.n, sizeof(*b.v), grp_cmp_entry);
	for (size_t i = 0; i < b.n; i++)
		if (detect_prefilter_group_plan(de, b.cache, b.v[i].g,
		    b.v[i].sigs.v, b.v[i].sigs.n, b.err, sizeof(b.err)) == -1)
			goto done;
	if (detect_prefilter_build_matchers(de, b.cache,
	    de->opts.build_threads, b.err, sizeof(b.err)) == -1)
		goto done;
	for (size_t i = 0; i < b.n; i++) {
		if (detect_prefilter_group_map(de, b.cache, b.v[i].g,
		    b.v[i].sigs.v, b.v[i].sigs.n, b.err, sizeof(b.err)) == -1)
			goto done;
		de->pf_bytes += detect_prefilter_group_bytes(b.v[i].g);
	}
	rc = 0;
done:
	if (rc == -1)
		diag_add(diags, DIAG_ERROR, NULL, 0, 0, NULL, "%s",
		    b.err[0] != '\0' ? b.err : "out of memory grouping rules");
	for (size_t i = 0; i < b.n; i++)
		free(b.v[i].sigs.v);
	free(b.v);
	free(b.classes);
	detect_prefilter_cache_free(b.cache);
	return rc;
}

void
detect_group_free(struct detect_engine *de)
{
	for (size_t i = 0; i < de->ngroups; i++) {
		free(de->groups[i]->always);
		detect_prefilter_group_free(de->groups[i]);
		free(de->groups[i]);
	}
	free(de->groups);
	de->groups = NULL;
	de->ngroups = 0;
	for (int c = 0; c < DETECT_GROUP_MAX; c++) {
		for (int d = 0; d < DETECT_DIR_MAX; d++) {
			free(de->map[c][d].start);
			free(de->map[c][d].group);
			de->map[c][d].start = NULL;
			de->map[c][d].group = NULL;
			de->map[c][d].n = 0;
		}
	}
}

const struct detect_group *
detect_group_lookup(const struct detect_engine *de, uint8_t ipproto,
    uint8_t dir, uint16_t port)
{
	const struct detect_port_map *map =
	    &de->map[detect_engine_group_of(ipproto)][dir];
	uint32_t lo = 0, hi = map->n;

	if (map->n == 0)
		return NULL;
	while (hi - lo > 1) {
		uint32_t mid = (lo + hi) / 2;

		if (map->start[mid] <= port)
			lo = mid;
		else
			hi = mid;
	}
	return map->group[lo];
}
