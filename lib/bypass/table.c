#include "core/base.h"

#include <errno.h>
#include <sys/queue.h>
#include <time.h>

#include "bypass/key.h"
#include "bypass/table.h"
#include "core/bug.h"
#include "flow/flow.h"
#include "flow/table.h"

TAILQ_HEAD(bypass_entry_list, bypass_entry);

struct bypass_table {
	size_t			 cap;
	size_t			 count;
	uint64_t		 seed;
	uint32_t		 mask;		/* buckets - 1 */
	struct bypass_entry	**by_key;
	struct bypass_entry	**by_id;
	struct bypass_entry_list all;
	void			(*vars_free)(void *);
};

static struct bypass_entry **key_slot(const struct bypass_table *,
		    const struct bypass_key *);
static struct bypass_entry **id_slot(const struct bypass_table *, uint32_t);
static void	unlink_id(struct bypass_table *, struct bypass_entry *);

struct bypass_table *
bypass_table_new(size_t cap, uint64_t seed, void (*vars_free)(void *))
{
	struct bypass_table *t;
	size_t n = 16;

	if (cap < 1 || cap > 1u << 24) {
		errno = EINVAL;
		return NULL;
	}
	while (n < cap)
		n <<= 1;
	if ((t = calloc(1, sizeof(*t))) == NULL)
		return NULL;
	t->cap = cap;
	t->seed = seed;
	t->mask = (uint32_t)(n - 1);
	t->vars_free = vars_free;
	TAILQ_INIT(&t->all);
	if ((t->by_key = calloc(n, sizeof(*t->by_key))) == NULL ||
	    (t->by_id = calloc(n, sizeof(*t->by_id))) == NULL) {
		bypass_table_free(t);
		return NULL;
	}
	return t;
}

void
bypass_table_free(struct bypass_table *t)
{
	struct bypass_entry *e;

	if (t == NULL)
		return;
	if (t->by_key != NULL && t->by_id != NULL)
		while ((e = TAILQ_FIRST(&t->all)) != NULL)
			bypass_table_remove(t, e);
	free(t->by_key);
	free(t->by_id);
	free(t);
}

static struct bypass_entry **
key_slot(const struct bypass_table *t, const struct bypass_key *k)
{
	return &t->by_key[bypass_key_hash(k, t->seed) & t->mask];
}

/* Conntrack ids are already hashes (the kernel's siphash of the entry). */
static struct bypass_entry **
id_slot(const struct bypass_table *t, uint32_t id)
{
	return &t->by_id[(id ^ (uint32_t)t->seed) & t->mask];
}

int
bypass_table_add(struct bypass_table *t, const struct bypass_key *key,
    struct flow *f, enum bypass_why why, const struct timespec *when,
    struct bypass_entry **out)
{
	struct bypass_entry *e, **slot = key_slot(t, key);

	*out = NULL;
	for (e = *slot; e != NULL; e = e->key_next) {
		if (bypass_key_equal(&e->key, key)) {
			*out = e;
			errno = EEXIST;
			return -1;
		}
	}
	if (t->count >= t->cap) {
		errno = ENOSPC;
		return -1;
	}
	if ((e = calloc(1, sizeof(*e))) == NULL)
		return -1;
	if (f == NULL) {
		if ((f = calloc(1, sizeof(*f))) == NULL) {
			free(e);
			return -1;
		}
		bypass_key_to_flow(key, f);
		e->own_flow = true;
	}
	e->key = *key;
	e->flow = f;
	e->why = why;
	if (when != NULL && (when->tv_sec != 0 || when->tv_nsec != 0))
		e->when = *when;
	else
		clock_gettime(CLOCK_REALTIME, &e->when);
	e->state = BYPASS_ENTRY_PENDING;
	e->key_next = *slot;
	*slot = e;
	TAILQ_INSERT_TAIL(&t->all, e, link);
	t->count++;
	*out = e;
	return 0;
}

struct bypass_entry *
bypass_table_lookup(const struct bypass_table *t, const struct bypass_key *k)
{
	struct bypass_entry *e;

	for (e = *key_slot(t, k); e != NULL; e = e->key_next)
		if (bypass_key_equal(&e->key, k))
			return e;
	return NULL;
}

struct bypass_entry *
bypass_table_lookup_id(const struct bypass_table *t, uint32_t id)
{
	struct bypass_entry *e;

	if (id == 0)
		return NULL;
	for (e = *id_slot(t, id); e != NULL; e = e->id_next)
		if (e->ct_id == id)
			return e;
	return NULL;
}

static void
unlink_id(struct bypass_table *t, struct bypass_entry *e)
{
	struct bypass_entry **pp;

	if (e->ct_id == 0)
		return;
	for (pp = id_slot(t, e->ct_id); *pp != NULL; pp = &(*pp)->id_next) {
		if (*pp == e) {
			*pp = e->id_next;
			break;
		}
	}
	e->id_next = NULL;
	e->ct_id = 0;
}

void
bypass_table_set_ct_id(struct bypass_table *t, struct bypass_entry *e,
    uint32_t id)
{
	struct bypass_entry **slot;

	if (e->ct_id == id)
		return;
	unlink_id(t, e);
	if (id == 0)
		return;
	slot = id_slot(t, id);
	e->ct_id = id;
	e->id_next = *slot;
	*slot = e;
}

void
bypass_table_remove(struct bypass_table *t, struct bypass_entry *e)
{
	struct bypass_entry **pp;

	for (pp = key_slot(t, &e->key); *pp != NULL && *pp != e;
	    pp = &(*pp)->key_next)
		;
	BUG_ON(*pp == NULL);
	*pp = e->key_next;
	unlink_id(t, e);
	TAILQ_REMOVE(&t->all, e, link);
	t->count--;
	if (e->own_flow)
		free(e->flow);
	else
		flow_free(e->flow, t->vars_free);
	free(e);
}

struct bypass_entry *
bypass_table_next(const struct bypass_table *t,
    const struct bypass_entry *prev)
{
	if (prev == NULL)
		return TAILQ_FIRST(&t->all);
	return TAILQ_NEXT(prev, link);
}

size_t
bypass_table_count(const struct bypass_table *t)
{
	return t->count;
}

size_t
bypass_table_cap(const struct bypass_table *t)
{
	return t->cap;
}
