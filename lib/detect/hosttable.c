#include "core/base.h"

#include <errno.h>
#include <pthread.h>

#include "core/packet.h"
#include "detect/hosttable.h"
#include "detect/tag.h"

#define HT_SHARDS	64
#define HT_INLINE_BITS	4	/* most hosts carry a bit or two */
#define HT_BITS_MAX	1024	/* named bits per host, as per flow */

struct ht_bit {
	uint32_t	 id;
	uint64_t	 expire_ns;	/* packet time */
};

struct ht_entry {
	struct ht_entry	*next;
	struct ip_addr	 a;
	struct ip_addr	 b;		/* IPPAIR; zero for HOST */
	uint16_t	 nbits;
	uint16_t	 capbits;
	struct ht_bit	*bits;		/* inl, or a heap array */
	struct ht_bit	 inl[HT_INLINE_BITS];
	struct detect_tag_entry *tags;	/* HOST: tag:host, or NULL */
	uint32_t	 ntags;
};

struct ht_shard {
	pthread_mutex_t	 lock;
	struct ht_entry	**buckets;
	unsigned	 nbuckets;
	struct ht_entry	*free;		/* preallocated or recycled */
	uint64_t	 memuse;
	uint64_t	 memcap;
	uint64_t	 entries;
	uint64_t	 memcap_hits;
};

struct ht_table {
	struct ht_shard	 shards[HT_SHARDS];
	bool		 built;		/* __atomic */
};

/* Process-wide on purpose (see hosttable.h). */
static struct ht_table ht_tables[DETECT_HOSTTABLE_KINDS];
static pthread_mutex_t ht_build_lock = PTHREAD_MUTEX_INITIALIZER;
/* Host tags in the table: while 0 a packet looks none up. */
static uint64_t ht_tags;		/* __atomic */

static void	ht_clear(struct ht_table *);
static int	ht_build(struct ht_table *,
		    const struct detect_hosttable_config *);
static struct ht_table *ht_get(enum detect_hosttable_kind);
static uint64_t	ht_hash(const struct ip_addr *, const struct ip_addr *);
static bool	ht_addr_eq(const struct ip_addr *, const struct ip_addr *);
static bool	ht_dead(const struct ht_entry *, uint64_t);
static void	ht_release(struct ht_shard *, struct ht_entry *);
static struct ht_entry *ht_take(struct ht_shard *, uint64_t);
static struct ht_bit *ht_bit_find(struct ht_entry *, uint32_t);
static bool	ht_bit_add(struct ht_shard *, struct ht_entry *, uint32_t,
		    uint64_t);
static void	ht_bit_del(struct ht_entry *, struct ht_bit *);

void
detect_hosttable_config_default(struct detect_hosttable_config *c)
{
	c->memcap = 32ull << 20;
	c->hash_size = 4096;
	c->prealloc = 1000;
}

static void
ht_clear(struct ht_table *t)
{
	for (size_t i = 0; i < HT_SHARDS; i++) {
		struct ht_shard *s = &t->shards[i];
		struct ht_entry *e, *n;

		for (unsigned b = 0; b < s->nbuckets; b++)
			for (e = s->buckets[b]; e != NULL; e = n) {
				n = e->next;
				if (e->bits != e->inl)
					free(e->bits);
				free(e->tags);
				free(e);
			}
		for (e = s->free; e != NULL; e = n) {
			n = e->next;
			free(e);
		}
		free(s->buckets);
		s->buckets = NULL;
		s->free = NULL;
		s->nbuckets = 0;
		s->memuse = s->entries = s->memcap_hits = 0;
	}
}

static int
ht_build(struct ht_table *t, const struct detect_hosttable_config *c)
{
	unsigned per = c->hash_size / HT_SHARDS;

	if (c->prealloc > 0 &&
	    (uint64_t)c->prealloc * sizeof(struct ht_entry) > c->memcap) {
		errno = EINVAL;
		return -1;
	}
	for (size_t i = 0; i < HT_SHARDS; i++) {
		struct ht_shard *s = &t->shards[i];

		s->nbuckets = per > 0 ? per : 1;
		s->memcap = c->memcap / HT_SHARDS;
		if ((s->buckets = calloc(s->nbuckets, sizeof(*s->buckets))) ==
		    NULL)
			goto nomem;
		for (unsigned k = i; k < c->prealloc; k += HT_SHARDS) {
			struct ht_entry *e = calloc(1, sizeof(*e));

			if (e == NULL)
				goto nomem;
			e->next = s->free;
			s->free = e;
			s->memuse += sizeof(*e);
		}
	}
	return 0;
nomem:
	ht_clear(t);
	errno = ENOMEM;
	return -1;
}

int
detect_hosttable_configure(enum detect_hosttable_kind kind,
    const struct detect_hosttable_config *c)
{
	struct ht_table *t = &ht_tables[kind];
	int rc;

	pthread_mutex_lock(&ht_build_lock);
	if (__atomic_load_n(&t->built, __ATOMIC_ACQUIRE))
		ht_clear(t);
	else
		for (size_t i = 0; i < HT_SHARDS; i++)
			pthread_mutex_init(&t->shards[i].lock, NULL);
	rc = ht_build(t, c);
	__atomic_store_n(&t->built, rc == 0, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&ht_build_lock);
	return rc;
}

/* The table, built with the defaults on first use. */
static struct ht_table *
ht_get(enum detect_hosttable_kind kind)
{
	struct ht_table *t = &ht_tables[kind];
	struct detect_hosttable_config c;

	if (__atomic_load_n(&t->built, __ATOMIC_ACQUIRE))
		return t;
	detect_hosttable_config_default(&c);
	pthread_mutex_lock(&ht_build_lock);
	if (!t->built) {
		for (size_t i = 0; i < HT_SHARDS; i++)
			pthread_mutex_init(&t->shards[i].lock, NULL);
		__atomic_store_n(&t->built, ht_build(t, &c) == 0,
		    __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&ht_build_lock);
	return t->built ? t : NULL;
}

static uint64_t
ht_hash(const struct ip_addr *a, const struct ip_addr *b)
{
	uint64_t h = 1469598103934665603ull;

	h = (h ^ a->family) * 1099511628211ull;
	for (size_t i = 0; i < 16; i++)
		h = (h ^ a->u.v6[i]) * 1099511628211ull;
	h = (h ^ b->family) * 1099511628211ull;
	for (size_t i = 0; i < 16; i++)
		h = (h ^ b->u.v6[i]) * 1099511628211ull;
	return h ^ (h >> 31);
}

/* The family is part of the key: an IPv4 address never meets the IPv6
 * address with the same first bytes (Suricata 7.0.6 had that bug). */
static bool
ht_addr_eq(const struct ip_addr *x, const struct ip_addr *y)
{
	return x->family == y->family &&
	    memcmp(x->u.v6, y->u.v6, sizeof(x->u.v6)) == 0;
}

static bool
ht_dead(const struct ht_entry *e, uint64_t now)
{
	if (e->ntags > 0)
		return false;
	for (uint16_t i = 0; i < e->nbits; i++)
		if (e->bits[i].expire_ns >= now)
			return false;
	return true;
}

/* Back to the shard's free list; called with the lock held. */
static void
ht_release(struct ht_shard *s, struct ht_entry *e)
{
	if (e->bits != e->inl) {
		free(e->bits);
		s->memuse -= (uint64_t)e->capbits * sizeof(struct ht_bit);
	}
	if (e->tags != NULL) {
		free(e->tags);
		s->memuse -= DETECT_TAG_MAX * sizeof(*e->tags);
		__atomic_sub_fetch(&ht_tags, e->ntags, __ATOMIC_RELAXED);
	}
	e->tags = NULL;
	e->ntags = 0;
	e->bits = e->inl;
	e->capbits = HT_INLINE_BITS;
	e->nbits = 0;
	e->next = s->free;
	s->free = e;
	s->entries--;
}

/* A free entry for a new key: the free list, a new allocation within
 * the memcap, or a dead entry of the shard. NULL when none. */
static struct ht_entry *
ht_take(struct ht_shard *s, uint64_t now)
{
	struct ht_entry *e = s->free;

	if (e != NULL) {
		s->free = e->next;
		goto done;
	}
	if (s->memuse + sizeof(*e) <= s->memcap &&
	    (e = calloc(1, sizeof(*e))) != NULL) {
		s->memuse += sizeof(*e);
		goto done;
	}
	for (unsigned b = 0; b < s->nbuckets && e == NULL; b++)
		for (struct ht_entry **pp = &s->buckets[b]; *pp != NULL;
		    pp = &(*pp)->next)
			if (ht_dead(*pp, now)) {
				e = *pp;
				*pp = e->next;
				ht_release(s, e);
				e = s->free;
				s->free = e->next;
				break;
			}
	if (e == NULL)
		return NULL;
done:
	s->entries++;
	e->bits = e->inl;
	e->capbits = HT_INLINE_BITS;
	e->nbits = 0;
	return e;
}

static struct ht_bit *
ht_bit_find(struct ht_entry *e, uint32_t id)
{
	for (uint16_t i = 0; i < e->nbits; i++)
		if (e->bits[i].id == id)
			return &e->bits[i];
	return NULL;
}

static bool
ht_bit_add(struct ht_shard *s, struct ht_entry *e, uint32_t id,
    uint64_t expire)
{
	if (e->nbits == e->capbits) {
		uint16_t ncap = (uint16_t)(e->capbits * 2);
		uint64_t grow = (uint64_t)ncap * sizeof(struct ht_bit);
		struct ht_bit *n;

		if (ncap > HT_BITS_MAX || s->memuse + grow > s->memcap ||
		    (n = malloc(grow)) == NULL)
			return false;
		memcpy(n, e->bits, e->nbits * sizeof(*n));
		if (e->bits != e->inl) {
			free(e->bits);
			s->memuse -= (uint64_t)e->capbits *
			    sizeof(struct ht_bit);
		}
		s->memuse += grow;
		e->bits = n;
		e->capbits = ncap;
	}
	e->bits[e->nbits].id = id;
	e->bits[e->nbits].expire_ns = expire;
	e->nbits++;
	return true;
}

static void
ht_bit_del(struct ht_entry *e, struct ht_bit *b)
{
	*b = e->bits[--e->nbits];
}

bool
detect_hosttable_bit(enum detect_hosttable_kind kind, const struct ip_addr *a,
    const struct ip_addr *b, uint32_t id, enum detect_hostbit_op op,
    uint32_t expire, const struct timespec *ts)
{
	struct ht_table *t = ht_get(kind);
	uint64_t now = (uint64_t)ts->tv_sec * 1000000000ull +
	    (uint64_t)ts->tv_nsec;
	uint64_t until = now + (uint64_t)expire * 1000000000ull;
	struct ip_addr ka = *a, kb;
	struct ht_entry *e, **pp;
	struct ht_shard *s;
	struct ht_bit *bit;
	uint64_t h;
	bool ok = true;

	if (t == NULL)
		return op == DETECT_HOSTBIT_ISNOTSET;
	memset(&kb, 0, sizeof(kb));
	if (kind == DETECT_HOSTTABLE_IPPAIR) {
		/* one entry for both directions: the lower address first */
		bool swap = a->family != b->family ? a->family > b->family :
		    memcmp(a->u.v6, b->u.v6, sizeof(a->u.v6)) > 0;

		ka = swap ? *b : *a;
		kb = swap ? *a : *b;
	}
	h = ht_hash(&ka, &kb);
	s = &t->shards[h % HT_SHARDS];
	pthread_mutex_lock(&s->lock);
	pp = &s->buckets[(h / HT_SHARDS) % s->nbuckets];
	for (e = *pp; e != NULL; e = *pp) {
		if (ht_addr_eq(&e->a, &ka) && ht_addr_eq(&e->b, &kb))
			break;
		pp = &e->next;
	}
	bit = e != NULL ? ht_bit_find(e, id) : NULL;
	/* Only a test sees that a bit expired, and removes it (as
	 * Suricata's HostBitIsset). */
	if (bit != NULL && bit->expire_ns < now &&
	    (op == DETECT_HOSTBIT_ISSET || op == DETECT_HOSTBIT_ISNOTSET)) {
		ht_bit_del(e, bit);
		bit = NULL;
	}
	switch (op) {
	case DETECT_HOSTBIT_ISSET:
		ok = bit != NULL;
		break;
	case DETECT_HOSTBIT_ISNOTSET:
		ok = bit == NULL;
		break;
	case DETECT_HOSTBIT_UNSET:
		if (bit != NULL)
			ht_bit_del(e, bit);
		break;
	case DETECT_HOSTBIT_TOGGLE:
		if (bit != NULL) {
			ht_bit_del(e, bit);
			break;
		}
		/* FALLTHROUGH */
	case DETECT_HOSTBIT_SET:
		/* Suricata 7 (measured): setting a bit that is there, even
		 * expired, keeps its expiry */
		if (bit != NULL)
			break;
		if (e == NULL) {
			if ((e = ht_take(s, now)) == NULL) {
				s->memcap_hits++;
				ok = false;
				break;
			}
			e->a = ka;
			e->b = kb;
			e->next = s->buckets[(h / HT_SHARDS) % s->nbuckets];
			s->buckets[(h / HT_SHARDS) % s->nbuckets] = e;
		}
		if (!ht_bit_add(s, e, id, until)) {
			s->memcap_hits++;
			ok = false;
		}
		break;
	}
	/* An entry without bits holds nothing: back to the free list. */
	if (e != NULL && e->nbits == 0 && e->ntags == 0) {
		for (pp = &s->buckets[(h / HT_SHARDS) % s->nbuckets]; *pp != e;
		    pp = &(*pp)->next)
			;
		*pp = e->next;
		ht_release(s, e);
	}
	pthread_mutex_unlock(&s->lock);
	return ok;
}

void
detect_hosttable_stats(enum detect_hosttable_kind kind,
    struct detect_hosttable_stats *st)
{
	struct ht_table *t = &ht_tables[kind];

	memset(st, 0, sizeof(*st));
	if (!__atomic_load_n(&t->built, __ATOMIC_ACQUIRE))
		return;
	for (size_t i = 0; i < HT_SHARDS; i++) {
		struct ht_shard *s = &t->shards[i];

		pthread_mutex_lock(&s->lock);
		st->entries += s->entries;
		st->memuse += s->memuse;
		st->memcap_hits += s->memcap_hits;
		pthread_mutex_unlock(&s->lock);
	}
}

void
detect_hosttable_reset(void)
{
	for (size_t k = 0; k < DETECT_HOSTTABLE_KINDS; k++) {
		struct ht_table *t = &ht_tables[k];

		if (!__atomic_load_n(&t->built, __ATOMIC_ACQUIRE))
			continue;
		for (size_t i = 0; i < HT_SHARDS; i++) {
			struct ht_shard *s = &t->shards[i];

			pthread_mutex_lock(&s->lock);
			for (unsigned b = 0; b < s->nbuckets; b++)
				while (s->buckets[b] != NULL) {
					struct ht_entry *e = s->buckets[b];

					s->buckets[b] = e->next;
					ht_release(s, e);
				}
			s->memcap_hits = 0;
			pthread_mutex_unlock(&s->lock);
		}
	}
}

/* The entry of host a in t, its shard locked in *sp; created when
 * create (NULL when it cannot be). Unlock *sp after. */
static struct ht_entry *
ht_host(struct ht_table *t, const struct ip_addr *a, bool create,
    uint64_t now, struct ht_shard **sp)
{
	struct ip_addr none;
	struct ht_shard *s;
	struct ht_entry *e;
	uint64_t h;

	memset(&none, 0, sizeof(none));
	h = ht_hash(a, &none);
	s = &t->shards[h % HT_SHARDS];
	*sp = s;
	pthread_mutex_lock(&s->lock);
	for (e = s->buckets[(h / HT_SHARDS) % s->nbuckets]; e != NULL;
	    e = e->next)
		if (ht_addr_eq(&e->a, a))
			return e;
	if (!create || (e = ht_take(s, now)) == NULL)
		return NULL;
	e->a = *a;
	e->b = none;
	e->next = s->buckets[(h / HT_SHARDS) % s->nbuckets];
	s->buckets[(h / HT_SHARDS) % s->nbuckets] = e;
	return e;
}

/* Drops an entry left with neither bits nor tags; lock held. */
static void
ht_host_tidy(struct ht_shard *s, struct ht_entry *e)
{
	struct ip_addr none;
	struct ht_entry **pp;
	uint64_t h;

	if (e->nbits != 0 || e->ntags != 0)
		return;
	memset(&none, 0, sizeof(none));
	h = ht_hash(&e->a, &none);
	for (pp = &s->buckets[(h / HT_SHARDS) % s->nbuckets]; *pp != e;
	    pp = &(*pp)->next)
		;
	*pp = e->next;
	ht_release(s, e);
}

void
detect_hosttable_tag_add(const struct ip_addr *a, uint32_t gid, uint32_t sid,
    const struct detect_tag *t, int64_t now_sec)
{
	struct ht_table *tb = ht_get(DETECT_HOSTTABLE_HOST);
	struct ht_shard *s;
	struct ht_entry *e;
	uint32_t before;

	if (tb == NULL)
		return;
	if ((e = ht_host(tb, a, true, (uint64_t)now_sec * 1000000000ull,
	    &s)) == NULL) {
		s->memcap_hits++;
		pthread_mutex_unlock(&s->lock);
		return;
	}
	if (e->tags == NULL) {
		if (s->memuse + DETECT_TAG_MAX * sizeof(*e->tags) > s->memcap ||
		    (e->tags = calloc(DETECT_TAG_MAX, sizeof(*e->tags))) ==
		    NULL) {
			s->memcap_hits++;
			ht_host_tidy(s, e);
			pthread_mutex_unlock(&s->lock);
			return;
		}
		s->memuse += DETECT_TAG_MAX * sizeof(*e->tags);
	}
	before = e->ntags;
	e->ntags = detect_tag_list_add(e->tags, e->ntags, gid, sid, t, now_sec);
	__atomic_add_fetch(&ht_tags, e->ntags - before, __ATOMIC_RELAXED);
	pthread_mutex_unlock(&s->lock);
}

bool
detect_hosttable_tag_packet(const struct packet *p)
{
	struct ht_table *tb = &ht_tables[DETECT_HOSTTABLE_HOST];
	const struct ip_addr *hosts[2] = { &p->src, &p->dst };
	bool tagged = false;

	if (__atomic_load_n(&ht_tags, __ATOMIC_RELAXED) == 0 ||
	    !__atomic_load_n(&tb->built, __ATOMIC_ACQUIRE))
		return false;
	for (int i = 0; i < 2; i++) {
		struct ht_shard *s;
		struct ht_entry *e = ht_host(tb, hosts[i], false, 0, &s);
		uint32_t before;

		if (e != NULL && e->ntags > 0) {
			before = e->ntags;
			tagged |= detect_tag_list_packet(e->tags, &e->ntags, p);
			__atomic_sub_fetch(&ht_tags, before - e->ntags,
			    __ATOMIC_RELAXED);
			ht_host_tidy(s, e);
		}
		pthread_mutex_unlock(&s->lock);
	}
	return tagged;
}
