#include "core/base.h"

#include <sys/queue.h>
#include <sys/socket.h>
#include <netinet/in.h>

#include <errno.h>

#include "core/counters.h"
#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/decode.h"
#include "decode/events.h"
#include "defrag/defrag.h"
#include "defrag/frags.h"
#include "defrag/hosts.h"
#include "defrag/policy.h"

#define IPV4_HDR_LEN		20
#define IPV4_MAX_LEN		65535
#define IPV6_HDR_LEN		40
#define IPV6_FRAG_HDR_LEN	8
#define IPV6_MAX_PLEN		65535

struct defrag_tracker {
	LIST_ENTRY(defrag_tracker) hlink;	/* bucket */
	TAILQ_ENTRY(defrag_tracker) alink;	/* least recently used first;
						   the spare list when free */
	struct defrag_frag_list frags;
	struct ip_addr		 src, dst;
	uint32_t		 id;
	uint8_t			 proto;		/* IPv4 protocol; IPv6: 0 */
	uint8_t			 version;
	uint8_t			 depth;
	uint8_t			 vlan_n;
	uint16_t		 vlan[PKT_MAX_VLAN];
	enum defrag_policy	 policy;
	bool			 seen_last;	/* a fragment without MF is in */
	uint32_t		 nfrags;
	time_t			 last_sec;	/* last fragment, packet time */
};

LIST_HEAD(defrag_bucket, defrag_tracker);
TAILQ_HEAD(defrag_tracker_list, defrag_tracker);

struct defrag {
	struct defrag_config	 cfg;
	uint32_t		 mask;		/* buckets - 1 */
	struct defrag_bucket	*buckets;
	struct defrag_tracker_list age;
	struct defrag_tracker_list spare;
	struct defrag_stats	 st;
	time_t			 last_expire;
	uint64_t		 seed;
	/* DEFRAG_OUT_MAX bytes per nesting level (defrag_run); defrag_packet
	 * builds into out[level] */
	uint8_t			*out[DEFRAG_MAX_NEST];
	unsigned		 level;
};

static uint32_t	hash_size_pow2(uint32_t);
static uint32_t	defrag_hash(const struct defrag *, const struct packet *);
static bool	defrag_addr_eq(const struct ip_addr *, const struct ip_addr *);
static bool	defrag_same(const struct defrag_tracker *,
		    const struct packet *);
static void	defrag_tracker_release(struct defrag *,
		    struct defrag_tracker *);
static bool	defrag_evict(struct defrag *, const struct defrag_tracker *);
static struct defrag_tracker *defrag_tracker_get(struct defrag *,
		    struct packet *, uint32_t);
static bool	defrag_parse(const struct packet *, struct defrag_new *);
static void	defrag_out(const struct defrag *, const struct packet *,
		    uint32_t, bool, struct packet *);

void
defrag_config_default(struct defrag_config *c)
{
	memset(c, 0, sizeof(*c));
	c->memcap = 32ull << 20;
	c->hash_size = 65536;
	c->trackers = 65535;
	c->max_frags = 65535;
	c->prealloc = true;
	c->timeout = 60;
}

static uint32_t
hash_size_pow2(uint32_t n)
{
	uint32_t p = 1;

	while (p < n && p < (1u << 30))
		p <<= 1;
	return p;
}

const char *
defrag_config_check(const struct defrag_config *c)
{
	uint64_t need;

	if (c->timeout < DEFRAG_TIMEOUT_MIN || c->timeout > DEFRAG_TIMEOUT_MAX)
		return "defrag.timeout: not between 1 and 86400 seconds";
	if (c->hash_size == 0)
		return "defrag.hash-size: must be at least 1";
	if (c->max_frags == 0)
		return "defrag.max-frags: must be at least 1";
	need = (uint64_t)hash_size_pow2(c->hash_size) *
	    sizeof(struct defrag_bucket);
	if (need > c->memcap)
		return "defrag.memcap: smaller than the hash table "
		    "(defrag.hash-size buckets)";
	if (c->prealloc && need + (uint64_t)c->trackers *
	    sizeof(struct defrag_tracker) > c->memcap)
		return "defrag.memcap: smaller than the preallocated "
		    "trackers (defrag.trackers with defrag.prealloc)";
	return NULL;
}

void
defrag_config_per_instance(struct defrag_config *c, unsigned n)
{
	if (n <= 1)
		return;
	c->memcap /= n;
	c->hash_size /= n;
	c->trackers /= n;
	c->max_frags /= n;
	if (c->memcap == 0)
		c->memcap = 1;
	if (c->hash_size == 0)
		c->hash_size = 1;
	if (c->max_frags == 0)
		c->max_frags = 1;
}

struct defrag *
defrag_new(const struct defrag_config *cfg)
{
	struct defrag *d;
	uint32_t n;

	if (defrag_config_check(cfg) != NULL) {
		errno = EINVAL;
		return NULL;
	}
	if ((d = calloc(1, sizeof(*d))) == NULL)
		return NULL;
	d->cfg = *cfg;
	n = hash_size_pow2(cfg->hash_size);
	d->mask = n - 1;
	TAILQ_INIT(&d->age);
	TAILQ_INIT(&d->spare);
	d->seed = 0x9e3779b97f4a7c15ull ^ (uintptr_t)d;
	if ((d->buckets = calloc(n, sizeof(*d->buckets))) == NULL ||
	    (d->out[0] = malloc(DEFRAG_OUT_MAX)) == NULL)
		goto fail;
	for (uint32_t i = 0; i < n; i++)
		LIST_INIT(&d->buckets[i]);
	counter_add(&d->st.memuse, (uint64_t)n * sizeof(*d->buckets));
	for (uint32_t i = 0; cfg->prealloc && i < cfg->trackers; i++) {
		struct defrag_tracker *t = calloc(1, sizeof(*t));

		if (t == NULL)
			goto fail;
		TAILQ_INSERT_TAIL(&d->spare, t, alink);
		counter_add(&d->st.memuse, sizeof(*t));
	}
	return d;
fail:
	defrag_free(d);
	errno = ENOMEM;
	return NULL;
}

void
defrag_free(struct defrag *d)
{
	struct defrag_tracker *t;

	if (d == NULL)
		return;
	while ((t = TAILQ_FIRST(&d->age)) != NULL)
		defrag_tracker_release(d, t);
	while ((t = TAILQ_FIRST(&d->spare)) != NULL) {
		TAILQ_REMOVE(&d->spare, t, alink);
		free(t);
	}
	free(d->buckets);
	for (unsigned i = 0; i < DEFRAG_MAX_NEST; i++)
		free(d->out[i]);
	free(d);
}

/* A tracker goes back to the spare list (its memory stays counted). */
static void
defrag_tracker_release(struct defrag *d, struct defrag_tracker *t)
{
	size_t freed = defrag_frags_free(&t->frags);

	counter_add(&d->st.memuse, -(uint64_t)(freed));
	counter_add(&d->st.frag_bytes, -(uint64_t)(freed));
	counter_add(&d->st.frags, -(uint64_t)(t->nfrags));
	counter_add(&d->st.trackers, (uint64_t)-1);
	LIST_REMOVE(t, hlink);
	TAILQ_REMOVE(&d->age, t, alink);
	TAILQ_INSERT_HEAD(&d->spare, t, alink);
}

/* Room for one more: drops the least recently used datagram other than
 * keep. false when there is none. */
static bool
defrag_evict(struct defrag *d, const struct defrag_tracker *keep)
{
	struct defrag_tracker *t = TAILQ_FIRST(&d->age);

	if (t == keep && t != NULL)
		t = TAILQ_NEXT(t, alink);
	if (t == NULL)
		return false;
	counter_inc(&d->st.evicted);
	defrag_tracker_release(d, t);
	return true;
}

static uint32_t
defrag_hash(const struct defrag *d, const struct packet *p)
{
	uint64_t h = d->seed ^ p->ip_id ^ ((uint64_t)p->depth << 40);
	const uint8_t *a = (const uint8_t *)&p->src.u;
	const uint8_t *b = (const uint8_t *)&p->dst.u;

	for (size_t i = 0; i < sizeof(p->src.u); i++)
		h = (h ^ a[i] ^ ((uint64_t)b[i] << 8)) * 0x100000001b3ull;
	for (uint8_t i = 0; i < p->vlan_n; i++)
		h = (h ^ p->vlan[i]) * 0x100000001b3ull;
	return (uint32_t)(h >> 17) & d->mask;
}

static bool
defrag_addr_eq(const struct ip_addr *a, const struct ip_addr *b)
{
	return a->family == b->family &&
	    memcmp(&a->u, &b->u, sizeof(a->u)) == 0;
}

/* IPv4 datagrams are told apart by protocol too (RFC 791); IPv6 ones by
 * addresses and id (RFC 8200). Directional, as receivers reassemble
 * (Suricata also matches a tracker with the addresses swapped). */
static bool
defrag_same(const struct defrag_tracker *t, const struct packet *p)
{
	return t->version == p->ip_version && t->id == p->ip_id &&
	    (p->ip_version == 6 || t->proto == p->proto) &&
	    t->depth == p->depth && t->vlan_n == p->vlan_n &&
	    memcmp(t->vlan, p->vlan, p->vlan_n * sizeof(*p->vlan)) == 0 &&
	    defrag_addr_eq(&t->src, &p->src) &&
	    defrag_addr_eq(&t->dst, &p->dst);
}

/* The tracker of p's datagram, a new one, or NULL at the memcap with
 * nothing to evict. An expired tracker found is started over. */
static struct defrag_tracker *
defrag_tracker_get(struct defrag *d, struct packet *p, uint32_t h)
{
	struct defrag_tracker *t;

	LIST_FOREACH(t, &d->buckets[h], hlink)
		if (defrag_same(t, p))
			break;
	if (t != NULL && p->ts.tv_sec - t->last_sec >=
	    (time_t)d->cfg.timeout) {
		counter_inc(&d->st.timeouts);
		defrag_tracker_release(d, t);
		t = NULL;
	}
	if (t != NULL) {
		TAILQ_REMOVE(&d->age, t, alink);
		TAILQ_INSERT_TAIL(&d->age, t, alink);
		return t;
	}
	if (TAILQ_EMPTY(&d->spare)) {
		if (d->st.memuse + sizeof(*t) > d->cfg.memcap &&
		    !defrag_evict(d, NULL))
			return NULL;
		if (TAILQ_EMPTY(&d->spare)) {
			if ((t = calloc(1, sizeof(*t))) == NULL)
				return NULL;
			counter_add(&d->st.memuse, sizeof(*t));
			TAILQ_INSERT_HEAD(&d->spare, t, alink);
		}
	}
	t = TAILQ_FIRST(&d->spare);
	TAILQ_REMOVE(&d->spare, t, alink);
	memset(t, 0, sizeof(*t));
	TAILQ_INIT(&t->frags);
	t->src = p->src;
	t->dst = p->dst;
	t->id = p->ip_id;
	t->proto = p->ip_version == 4 ? p->proto : 0;
	t->version = p->ip_version;
	t->depth = p->depth;
	t->vlan_n = p->vlan_n;
	memcpy(t->vlan, p->vlan, sizeof(t->vlan));
	t->policy = defrag_hosts_lookup(d->cfg.hosts, &p->dst);
	LIST_INSERT_HEAD(&d->buckets[h], t, hlink);
	TAILQ_INSERT_TAIL(&d->age, t, alink);
	counter_inc(&d->st.trackers);
	return t;
}

/* The fragment in p: its offset, data and (offset 0) header. false when
 * p does not hold the datagram bytes it claims (then nothing can be
 * reassembled from it). */
static bool
defrag_parse(const struct packet *p, struct defrag_new *n)
{
	const uint8_t *ip = p->l3;
	uint32_t avail = p->len - (uint32_t)(ip - p->data), end, hlen;

	memset(n, 0, sizeof(*n));
	n->offset = (uint16_t)(p->frag_offset * 8);
	n->more = p->frag_flags & 0x1;
	if (p->ip_version == 4) {
		hlen = p->ip_hdr_len;
		end = decode_be16(ip + 2);
		n->hdr_len = (uint16_t)hlen;
	} else {
		if (p->frag_hdr_off < IPV6_HDR_LEN || (uint32_t)p->frag_hdr_off +
		    IPV6_FRAG_HDR_LEN > avail)
			return false;
		hlen = (uint32_t)p->frag_hdr_off + IPV6_FRAG_HDR_LEN;
		end = IPV6_HDR_LEN + (uint32_t)decode_be16(ip + 4);
		n->hdr_len = p->frag_hdr_off;
		n->next_hdr = ip[p->frag_hdr_off];
		n->nh_off = p->frag_nh_off;
		if (n->nh_off >= p->frag_hdr_off)
			return false;
	}
	if (end > avail || end < hlen)
		return false;
	n->hdr = ip;
	n->data = ip + hlen;
	n->len = (uint16_t)(end - hlen);
	return true;
}

static void
defrag_out(const struct defrag *d, const struct packet *p, uint32_t len,
    bool v4, struct packet *out)
{
	memset(out, 0, sizeof(*out));
	out->data = d->out[d->level];
	out->len = len;
	out->wire_len = len;
	out->ts = p->ts;
	out->queue = p->queue;
	out->nfq_id = p->nfq_id;
	out->mark = p->mark;
	out->has_ctmark = p->has_ctmark;
	out->ctmark = p->ctmark;
	out->hook = p->hook;
	out->ignore_checksum = p->ignore_checksum;
	out->link = v4 ? PKT_LINK_IPV4 : PKT_LINK_IPV6;
	out->pkt_src = PKT_SRC_DEFRAG;
	out->depth = p->depth;
	out->root = p->root;
}

int
defrag_packet(struct defrag *d, struct packet *p, struct packet *out)
{
	struct defrag_tracker *t;
	struct defrag_new n;
	enum defrag_insert ins;
	size_t added, freed, need;
	uint32_t len;
	bool v4 = p->ip_version == 4, overlap;

	if (!p->is_fragment || p->l3 == NULL ||
	    (p->ip_version != 4 && p->ip_version != 6))
		return 0;
	if (v4)
		counter_inc(&d->st.ipv4_fragments);
	else
		counter_inc(&d->st.ipv6_fragments);
	if (!defrag_parse(p, &n))
		return 0;
	if ((v4 ? IPV4_HDR_LEN : 0) + (uint32_t)n.offset + n.len >
	    (v4 ? IPV4_MAX_LEN : IPV6_MAX_PLEN)) {
		decode_event_set(p->events, v4 ?
		    DECODE_EV_IPV4_FRAG_PKT_TOO_LARGE :
		    DECODE_EV_IPV6_FRAG_PKT_TOO_LARGE);
		return 0;
	}

	defrag_expire(d, &p->ts);
	if ((t = defrag_tracker_get(d, p, defrag_hash(d, p))) == NULL) {
		counter_inc(&d->st.max_frag_hits);
		return 0;
	}
	t->last_sec = p->ts.tv_sec;

	/* Room for the fragment as it arrived (trimming only shrinks it). */
	need = sizeof(struct defrag_frag) + (n.offset == 0 ? n.hdr_len : 0) +
	    n.len;
	while ((d->st.frags >= d->cfg.max_frags ||
	    d->st.memuse + need > d->cfg.memcap) && defrag_evict(d, t))
		;
	if (d->st.frags >= d->cfg.max_frags ||
	    d->st.memuse + need > d->cfg.memcap)
		goto ignored;

	ins = defrag_frags_insert(&t->frags, t->policy, &n, &overlap, &added,
	    &freed);
	if (overlap)
		decode_event_set(p->events, v4 ? DECODE_EV_IPV4_FRAG_OVERLAP :
		    DECODE_EV_IPV6_FRAG_OVERLAP);
	counter_add(&d->st.memuse, added);
	counter_add(&d->st.memuse, -(uint64_t)(freed));
	counter_add(&d->st.frag_bytes, added - freed);
	if (freed != 0) {
		/* defrag_frags_insert frees at most the one it replaced */
		t->nfrags--;
		counter_add(&d->st.frags, (uint64_t)-1);
	}
	if (ins == DEFRAG_INSERT_NOMEM)
		goto ignored;
	if (ins == DEFRAG_INSERT_DROPPED)
		return 0;
	t->nfrags++;
	counter_inc(&d->st.frags);
	if (!n.more)
		t->seen_last = true;
	if (!t->seen_last || !defrag_frags_complete(&t->frags))
		return 0;

	if (d->out[d->level] == NULL &&
	    (d->out[d->level] = malloc(DEFRAG_OUT_MAX)) == NULL) {
		defrag_tracker_release(d, t);
		return 0;
	}
	len = defrag_frags_build(&t->frags, v4, d->out[d->level]);
	defrag_tracker_release(d, t);
	if (len == 0)
		return 0;
	if (v4)
		counter_inc(&d->st.ipv4_reassembled);
	else
		counter_inc(&d->st.ipv6_reassembled);
	defrag_out(d, p, len, v4, out);
	return 1;
ignored:
	decode_event_set(p->events, v4 ? DECODE_EV_IPV4_FRAG_IGNORED :
	    DECODE_EV_IPV6_FRAG_IGNORED);
	counter_inc(&d->st.ignored);
	return 0;
}

void
defrag_expire(struct defrag *d, const struct timespec *now)
{
	struct defrag_tracker *t;

	if (now->tv_sec == d->last_expire)
		return;
	d->last_expire = now->tv_sec;
	while ((t = TAILQ_FIRST(&d->age)) != NULL &&
	    now->tv_sec - t->last_sec >= (time_t)d->cfg.timeout) {
		counter_inc(&d->st.timeouts);
		defrag_tracker_release(d, t);
	}
}

/* Any thread: the fields are single-writer counters of d's thread. */
void
defrag_stats(const struct defrag *d, struct defrag_stats *st)
{
	st->ipv4_fragments = counter_get(&d->st.ipv4_fragments);
	st->ipv4_reassembled = counter_get(&d->st.ipv4_reassembled);
	st->ipv6_fragments = counter_get(&d->st.ipv6_fragments);
	st->ipv6_reassembled = counter_get(&d->st.ipv6_reassembled);
	st->max_frag_hits = counter_get(&d->st.max_frag_hits);
	st->ignored = counter_get(&d->st.ignored);
	st->evicted = counter_get(&d->st.evicted);
	st->timeouts = counter_get(&d->st.timeouts);
	st->memuse = counter_get(&d->st.memuse);
	st->frag_bytes = counter_get(&d->st.frag_bytes);
	st->frags = counter_get(&d->st.frags);
	st->trackers = counter_get(&d->st.trackers);
}

unsigned
defrag_run(struct defrag *d, struct packet *p, const struct decode_config *cfg,
    struct defrag_chain *c)
{
	const struct packet *frag = p;

	c->n = 0;
	for (unsigned lvl = 0; lvl < DEFRAG_MAX_NEST; lvl++) {
		struct packet *dp = &c->pkt[lvl];
		int rc;

		/* each level's datagram in its own buffer: the one before is
		 * still needed */
		d->level = lvl;
		rc = defrag_packet(d, (struct packet *)frag, dp);
		d->level = 0;
		/* As Suricata: a datagram whose IP layer does not decode is
		 * dropped, uninspected. */
		if (rc != 1 || decode_packet_inherit(dp, cfg, frag) != 0)
			break;
		c->n++;
		if (!dp->is_fragment)
			break;
		frag = dp;
	}
	return c->n;
}
