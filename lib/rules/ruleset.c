#include "core/base.h"

#include <errno.h>
#include <stdio.h>

#include "rules/rule.h"
#include "rules/ruleset.h"

struct ruleset_reason {
	char		*why;
	size_t		 count;
};

/* The gid:sid index is open addressing over rule positions + 1 (0 is an
 * empty slot), kept at most half full. */
struct ruleset {
	struct rule	**rules;
	size_t		 n;
	size_t		 cap;
	uint32_t	*index;
	size_t		 index_cap;	/* power of two */
	size_t		 failed;
	size_t		 unsupported;
	struct ruleset_reason *reasons;	/* sorted when read */
	size_t		 nreasons;
	size_t		 reasons_cap;
	const struct rules_classes *classes;
	const struct rules_refs *refs;
};

static uint64_t	ruleset_hash(uint32_t, uint32_t);
static uint32_t	*ruleset_slot(const struct ruleset *, uint32_t, uint32_t);
static int	ruleset_grow_index(struct ruleset *);
static int	ruleset_reason_cmp(const void *, const void *);

struct ruleset *
rules_ruleset_new(void)
{
	return calloc(1, sizeof(struct ruleset));
}

void
rules_ruleset_free(struct ruleset *rs)
{
	if (rs == NULL)
		return;
	for (size_t i = 0; i < rs->n; i++)
		rules_rule_free(rs->rules[i]);
	free(rs->rules);
	free(rs->index);
	for (size_t i = 0; i < rs->nreasons; i++)
		free(rs->reasons[i].why);
	free(rs->reasons);
	free(rs);
}

void
rules_ruleset_set_classes(struct ruleset *rs, const struct rules_classes *c)
{
	rs->classes = c;
}

void
rules_ruleset_set_refs(struct ruleset *rs, const struct rules_refs *r)
{
	rs->refs = r;
}

const struct rules_classes *
rules_ruleset_classes(const struct ruleset *rs)
{
	return rs->classes;
}

const struct rules_refs *
rules_ruleset_refs(const struct ruleset *rs)
{
	return rs->refs;
}

void
rules_ruleset_stats(const struct ruleset *rs, struct rules_stats *st)
{
	st->loaded = rs->n;
	st->failed = rs->failed;
	st->unsupported = rs->unsupported;
}

size_t
rules_ruleset_count(const struct ruleset *rs)
{
	return rs->n;
}

const struct rule *
rules_ruleset_rule(const struct ruleset *rs, size_t i)
{
	return i < rs->n ? rs->rules[i] : NULL;
}

struct rule *
rules_ruleset_rule_mut(struct ruleset *rs, size_t i)
{
	return i < rs->n ? rs->rules[i] : NULL;
}

struct rule *
rules_ruleset_find(struct ruleset *rs, uint32_t gid, uint32_t sid)
{
	uint32_t *slot;

	if (rs->index_cap == 0)
		return NULL;
	slot = ruleset_slot(rs, gid, sid);
	return *slot != 0 ? rs->rules[*slot - 1] : NULL;
}

void
rules_ruleset_count_failed(struct ruleset *rs)
{
	rs->failed++;
}

void
rules_ruleset_count_unsupported(struct ruleset *rs, const char *why)
{
	struct ruleset_reason *n;

	rs->unsupported++;
	if (why == NULL || why[0] == '\0')
		why = "unknown";
	for (size_t i = 0; i < rs->nreasons; i++) {
		if (strcmp(rs->reasons[i].why, why) == 0) {
			rs->reasons[i].count++;
			return;
		}
	}
	if (rs->nreasons == rs->reasons_cap) {
		size_t ncap = rs->reasons_cap ? rs->reasons_cap * 2 : 16;

		if ((n = realloc(rs->reasons, ncap * sizeof(*n))) == NULL)
			return;		/* the tally is lost, not the count */
		rs->reasons = n;
		rs->reasons_cap = ncap;
	}
	if ((rs->reasons[rs->nreasons].why = strdup(why)) == NULL)
		return;
	rs->reasons[rs->nreasons++].count = 1;
}

static int
ruleset_reason_cmp(const void *a, const void *b)
{
	const struct ruleset_reason *x = a, *y = b;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return strcmp(x->why, y->why);
}

size_t
rules_ruleset_unsupported_reasons(const struct ruleset *rs)
{
	return rs->nreasons;
}

const char *
rules_ruleset_unsupported_reason(const struct ruleset *rs, size_t i,
    size_t *count)
{
	/* sorted when read (the order depends only on the tally) */
	qsort(rs->reasons, rs->nreasons, sizeof(*rs->reasons),
	    ruleset_reason_cmp);
	if (i >= rs->nreasons)
		return NULL;
	if (count != NULL)
		*count = rs->reasons[i].count;
	return rs->reasons[i].why;
}

const char *
rules_ruleset_unsupported_summary(const struct ruleset *rs, char *buf,
    size_t len)
{
	size_t off = 0;

	if (len == 0)
		return buf;
	buf[0] = '\0';
	for (size_t i = 0; i < rs->nreasons; i++) {
		size_t count = 0;
		const char *why = rules_ruleset_unsupported_reason(rs, i,
		    &count);
		int n = snprintf(buf + off, len - off, "%s%s %zu",
		    i > 0 ? ", " : "", why, count);

		if (n < 0 || (size_t)n >= len - off) {
			if (len >= 4)
				memcpy(buf + len - 4, "...", 4);
			break;
		}
		off += (size_t)n;
	}
	return buf;
}

static uint64_t
ruleset_hash(uint32_t gid, uint32_t sid)
{
	uint64_t h = (uint64_t)gid << 32 | sid;

	/* splitmix64 finalizer */
	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 27;
	h *= 0x94d049bb133111ebULL;
	h ^= h >> 31;
	return h;
}

/* The slot holding gid:sid, or the empty slot where it would go. */
static uint32_t *
ruleset_slot(const struct ruleset *rs, uint32_t gid, uint32_t sid)
{
	size_t mask = rs->index_cap - 1;
	size_t i = (size_t)ruleset_hash(gid, sid) & mask;

	for (;;) {
		uint32_t *slot = &rs->index[i];
		const struct rule *r;

		if (*slot == 0)
			return slot;
		r = rs->rules[*slot - 1];
		if (r->gid == gid && r->sid == sid)
			return slot;
		i = (i + 1) & mask;
	}
}

static int
ruleset_grow_index(struct ruleset *rs)
{
	size_t ncap = rs->index_cap ? rs->index_cap * 2 : 64;
	uint32_t *old = rs->index;

	if (ncap > UINT32_MAX) {
		errno = ENOMEM;
		return -1;
	}
	if ((rs->index = calloc(ncap, sizeof(*rs->index))) == NULL) {
		rs->index = old;
		return -1;
	}
	rs->index_cap = ncap;
	for (size_t i = 0; i < rs->n; i++)
		*ruleset_slot(rs, rs->rules[i]->gid, rs->rules[i]->sid) =
		    (uint32_t)i + 1;
	free(old);
	return 0;
}

int
rules_ruleset_add(struct ruleset *rs, struct rule *r, const struct rule **dup)
{
	uint32_t *slot;

	*dup = NULL;
	if ((rs->n + 1) * 2 > rs->index_cap && ruleset_grow_index(rs) == -1)
		return -1;
	slot = ruleset_slot(rs, r->gid, r->sid);
	if (*slot != 0) {
		*dup = rs->rules[*slot - 1];
		errno = EEXIST;
		return -1;
	}
	if (rs->n == rs->cap) {
		size_t ncap = rs->cap ? rs->cap * 2 : 64;
		struct rule **n = realloc(rs->rules, ncap * sizeof(*n));

		if (n == NULL)
			return -1;
		rs->rules = n;
		rs->cap = ncap;
	}
	rs->rules[rs->n++] = r;
	*slot = (uint32_t)rs->n;
	return 0;
}

void
rules_ruleset_take(struct ruleset *rs, struct rule ***rules, size_t *n)
{
	*rules = rs->rules;
	*n = rs->n;
	rs->rules = NULL;
	rs->n = 0;
	rs->cap = 0;
	free(rs->index);
	rs->index = NULL;
	rs->index_cap = 0;
}
