#include "core/base.h"

#include <pthread.h>

#include "core/packet.h"
#include "detect/flowvars.h"
#include "detect/threshold.h"
#include "flow/flow.h"
#include "rules/rule.h"

#define SHARDS		64
#define BUCKETS		1024	/* per shard */
#define SHARD_MAX	(DETECT_THRESHOLD_ENTRIES_MAX / SHARDS)

struct th_entry {
	struct th_entry	*next;
	uint32_t	 gid;
	uint32_t	 sid;
	uint8_t		 track;
	struct ip_addr	 a;
	struct ip_addr	 b;
	uint64_t	 start_ns;	/* window start */
	uint64_t	 expire_ns;	/* start + seconds: reusable after */
	uint64_t	 rate_since;	/* rate_filter: second its new_action
					 * began, 0 when inactive */
	uint32_t	 count;
};

struct th_shard {
	pthread_mutex_t	 lock;
	struct th_entry	*buckets[BUCKETS];
	size_t		 n;
};

static uint64_t	th_ns(const struct packet *);
static uint64_t	th_hash(uint32_t, uint32_t, uint8_t, const struct ip_addr *,
		    const struct ip_addr *);
static bool	th_addr_eq(const struct ip_addr *, const struct ip_addr *);
static enum detect_threshold_result th_step(const struct detect_threshold *,
		    bool, uint64_t *, uint32_t *, uint64_t);
static int	th_addr_cmp(const struct ip_addr *, const struct ip_addr *);
static struct th_entry *th_lookup(const struct detect_threshold *,
		    const struct rule *, const struct packet *, uint64_t,
		    bool *, struct th_shard **);
static void	th_init(void);
static struct th_entry *th_evict(struct th_shard *, uint64_t);

/* Process-wide on purpose (see threshold.h); a shard's lock is held for
 * one lookup and update, never across anything that blocks. */
static struct th_shard th_shards[SHARDS];
static pthread_once_t th_once = PTHREAD_ONCE_INIT;

static void
th_init(void)
{
	for (size_t i = 0; i < SHARDS; i++)
		pthread_mutex_init(&th_shards[i].lock, NULL);
}

static uint64_t
th_ns(const struct packet *p)
{
	return (uint64_t)p->ts.tv_sec * 1000000000ull +
	    (uint64_t)p->ts.tv_nsec;
}

static uint64_t
th_hash(uint32_t gid, uint32_t sid, uint8_t track, const struct ip_addr *a,
    const struct ip_addr *b)
{
	uint64_t h = 1469598103934665603ull;
	const uint8_t *parts[2] = { a->u.v6, b->u.v6 };

	h = (h ^ gid) * 1099511628211ull;
	h = (h ^ sid) * 1099511628211ull;
	h = (h ^ track) * 1099511628211ull;
	for (int k = 0; k < 2; k++)
		for (size_t i = 0; i < 16; i++)
			h = (h ^ parts[k][i]) * 1099511628211ull;
	return h ^ (h >> 29);
}

static bool
th_addr_eq(const struct ip_addr *x, const struct ip_addr *y)
{
	return x->family == y->family &&
	    memcmp(x->u.v6, y->u.v6, sizeof(x->u.v6)) == 0;
}

/* Suricata's ThresholdHandlePacket on one counter; fresh: the counter
 * was just created (this is the first match). */
static enum detect_threshold_result
th_step(const struct detect_threshold *t, bool fresh, uint64_t *start,
    uint32_t *count, uint64_t now)
{
	bool within = !fresh &&
	    now <= *start + (uint64_t)t->seconds * 1000000000ull;

	if (fresh || !within) {
		*start = now;
		*count = 1;
		switch (t->type) {
		case DETECT_THRESHOLD_LIMIT:
			return DETECT_THRESHOLD_ALERT;
		case DETECT_THRESHOLD_THRESHOLD:
			if (t->count == 1) {
				*count = 0;
				return DETECT_THRESHOLD_ALERT;
			}
			return DETECT_THRESHOLD_DROP_MATCH;
		case DETECT_THRESHOLD_BOTH:
			return t->count == 1 ? DETECT_THRESHOLD_ALERT :
			    DETECT_THRESHOLD_DROP_MATCH;
		case DETECT_THRESHOLD_DETECTION:
			return DETECT_THRESHOLD_DROP_MATCH;
		case DETECT_THRESHOLD_RATE:	/* detect_threshold_rate() */
			return DETECT_THRESHOLD_ALERT;
		}
	}
	(*count)++;
	switch (t->type) {
	case DETECT_THRESHOLD_LIMIT:
		return *count <= t->count ? DETECT_THRESHOLD_ALERT :
		    DETECT_THRESHOLD_SILENT;
	case DETECT_THRESHOLD_THRESHOLD:
		if (*count >= t->count) {
			*count = 0;
			return DETECT_THRESHOLD_ALERT;
		}
		return DETECT_THRESHOLD_DROP_MATCH;
	case DETECT_THRESHOLD_BOTH:
		if (*count == t->count)
			return DETECT_THRESHOLD_ALERT;
		return *count > t->count ? DETECT_THRESHOLD_SILENT :
		    DETECT_THRESHOLD_DROP_MATCH;
	case DETECT_THRESHOLD_DETECTION:
		return *count > t->count ? DETECT_THRESHOLD_ALERT :
		    DETECT_THRESHOLD_DROP_MATCH;
	case DETECT_THRESHOLD_RATE:
		break;
	}
	return DETECT_THRESHOLD_ALERT;
}

/* An expired entry of s unlinked for reuse, or NULL. Called with the
 * lock held when the shard is full. */
static struct th_entry *
th_evict(struct th_shard *s, uint64_t now)
{
	for (size_t b = 0; b < BUCKETS; b++) {
		for (struct th_entry **pp = &s->buckets[b]; *pp != NULL;
		    pp = &(*pp)->next) {
			struct th_entry *e = *pp;

			if (e->expire_ns < now) {
				*pp = e->next;
				return e;
			}
		}
	}
	return NULL;
}

static int
th_addr_cmp(const struct ip_addr *x, const struct ip_addr *y)
{
	return memcmp(x->u.v6, y->u.v6, sizeof(x->u.v6));
}

/* The counter of t for r and p, its shard locked (unlock with
 * th_release), created zeroed when absent (*fresh then true); NULL when
 * the table is full of live windows (nothing locked then). */
static struct th_entry *
th_lookup(const struct detect_threshold *t, const struct rule *r,
    const struct packet *p, uint64_t now, bool *fresh,
    struct th_shard **shard)
{
	struct ip_addr none, a, b;
	struct th_shard *s;
	struct th_entry *e;
	uint64_t h;

	*fresh = false;
	memset(&none, 0, sizeof(none));
	a = b = none;
	if (t->track == DETECT_TRACK_BY_SRC)
		a = p->src;
	else if (t->track == DETECT_TRACK_BY_DST)
		a = p->dst;
	else if (t->track == DETECT_TRACK_BY_BOTH) {
		/* one pair for both directions: lower address first */
		bool swap = th_addr_cmp(&p->src, &p->dst) > 0;

		a = swap ? p->dst : p->src;
		b = swap ? p->src : p->dst;
	}
	pthread_once(&th_once, th_init);
	h = th_hash(r->gid, r->sid, (uint8_t)t->track, &a, &b);
	s = &th_shards[h % SHARDS];
	pthread_mutex_lock(&s->lock);
	for (e = s->buckets[(h / SHARDS) % BUCKETS]; e != NULL; e = e->next)
		if (e->gid == r->gid && e->sid == r->sid &&
		    e->track == t->track && th_addr_eq(&e->a, &a) &&
		    th_addr_eq(&e->b, &b))
			break;
	if (e == NULL) {
		*fresh = true;
		if (s->n < SHARD_MAX) {
			if ((e = malloc(sizeof(*e))) != NULL)
				s->n++;
		} else
			e = th_evict(s, now);
		if (e == NULL) {
			pthread_mutex_unlock(&s->lock);
			return NULL;
		}
		e->gid = r->gid;
		e->sid = r->sid;
		e->track = (uint8_t)t->track;
		e->a = a;
		e->b = b;
		e->count = 0;
		e->rate_since = 0;
		e->next = s->buckets[(h / SHARDS) % BUCKETS];
		s->buckets[(h / SHARDS) % BUCKETS] = e;
	}
	*shard = s;
	return e;
}

enum detect_threshold_result
detect_threshold_check(const struct detect_threshold *t, const struct rule *r,
    const struct packet *p)
{
	struct th_shard *s;
	struct th_entry *e;
	enum detect_threshold_result res;
	uint64_t now = th_ns(p);
	bool fresh = false;

	if (t->track == DETECT_TRACK_BY_FLOW) {
		struct detect_flowvars_counter *c;

		/* no flow, no per-flow counter: Suricata does not alert */
		if (p->flow == NULL || (c = detect_flowvars_counter(p->flow,
		    r->gid, r->sid, &fresh)) == NULL)
			return DETECT_THRESHOLD_DROP_MATCH;
		return th_step(t, fresh, &c->start_ns, &c->count, now);
	}
	if ((e = th_lookup(t, r, p, now, &fresh, &s)) == NULL)
		/* table full of live windows: count nothing, alert as for
		 * a first match */
		return t->type == DETECT_THRESHOLD_DETECTION ?
		    DETECT_THRESHOLD_DROP_MATCH : DETECT_THRESHOLD_ALERT;
	res = th_step(t, fresh, &e->start_ns, &e->count, now);
	e->expire_ns = e->start_ns + (uint64_t)t->seconds * 1000000000ull;
	pthread_mutex_unlock(&s->lock);
	return res;
}

/* Suricata's ThresholdCheckUpdate for TYPE_RATE, in packet seconds: the
 * first match starts the window; while no new_action is active, a match
 * within seconds counts and the one past count activates it; an active
 * one holds for timeout seconds after it began (its end is seen by the
 * next match, which then has the rule's own action and does not count). */
int
detect_threshold_rate(const struct detect_threshold *t, const struct rule *r,
    const struct packet *p)
{
	struct th_shard *s;
	struct th_entry *e;
	uint64_t now = th_ns(p), sec = (uint64_t)p->ts.tv_sec;
	int action = -1;
	bool fresh;

	if ((e = th_lookup(t, r, p, now, &fresh, &s)) == NULL)
		return -1;
	if (fresh) {
		e->start_ns = now;
		e->count = 1;
		e->rate_since = 0;
	} else if (e->rate_since != 0) {
		if (sec - e->rate_since > t->timeout)
			e->rate_since = 0;
		else
			action = t->new_action;
	} else if (now <= e->start_ns + (uint64_t)t->seconds * 1000000000ull) {
		if (++e->count > t->count) {
			/* second 0 of the epoch reads as inactive; a packet
			 * stamped there starts its new_action at 1 */
			e->rate_since = sec != 0 ? sec : 1;
			action = t->new_action;
		}
	} else {
		e->start_ns = now;
		e->count = 1;
	}
	e->expire_ns = e->start_ns + (uint64_t)t->seconds * 1000000000ull;
	if (e->rate_since != 0 && (e->rate_since + t->timeout + 1) *
	    1000000000ull > e->expire_ns)
		e->expire_ns = (e->rate_since + t->timeout + 1) * 1000000000ull;
	pthread_mutex_unlock(&s->lock);
	return action;
}

void
detect_threshold_reset(void)
{
	pthread_once(&th_once, th_init);
	for (size_t i = 0; i < SHARDS; i++) {
		struct th_shard *s = &th_shards[i];

		pthread_mutex_lock(&s->lock);
		for (size_t b = 0; b < BUCKETS; b++) {
			while (s->buckets[b] != NULL) {
				struct th_entry *e = s->buckets[b];

				s->buckets[b] = e->next;
				free(e);
			}
		}
		s->n = 0;
		pthread_mutex_unlock(&s->lock);
	}
}

size_t
detect_threshold_entries(void)
{
	size_t n = 0;

	pthread_once(&th_once, th_init);
	for (size_t i = 0; i < SHARDS; i++) {
		pthread_mutex_lock(&th_shards[i].lock);
		n += th_shards[i].n;
		pthread_mutex_unlock(&th_shards[i].lock);
	}
	return n;
}
