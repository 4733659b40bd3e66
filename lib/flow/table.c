#include "core/base.h"

#include <sys/queue.h>
#include <netinet/in.h>

#include <errno.h>
#include <time.h>

#include "core/bug.h"
#include "core/counters.h"
#include "core/packet.h"
#include "flow/config.h"
#include "flow/flow.h"
#include "flow/table.h"
#include "flow/tcp_state.h"
#include "flow/timeout.h"

/*
 * Layout. Each flow lives in an entry that also links it into
 *  - a hash bucket (LIST: O(1) unlink), and
 *  - one of NCLASSES timeout lists, one per (protocol class, timeout
 *    kind), so within a list every flow has the same timeout.
 * A list is ordered by each entry's filing time ("filed", its last_ts
 * when it was put there), and a packet does not move its flow: it only
 * raises last_ts (last_ts >= filed always). Expiry looks at a list's
 * head: if filed + timeout is still ahead, nothing behind it can be
 * due; if it is past but last_ts moved on, the flow is re-filed at its
 * last_ts; else it timed out. So a packet costs no list writes, and a
 * busy flow is re-filed at most once per timeout period.
 * A flow whose state or flags changed (to another list) is re-filed at
 * its next packet; detection may also change it after
 * flow_table_handle returns (FLOW_F_BYPASSED): the flow last handled
 * is checked at the next call, and a head found in the wrong list is
 * re-filed too.
 * Bypass stubs (flow_table_detach) have a list of their own, and their
 * last_ts never moves, so they leave FLOW_STUB_TIMEOUT after the flow's
 * last packet whatever still arrives.
 */

#define NCLASSES	(FLOW_PROTO_COUNT * FLOW_TIMEOUT_KINDS)
#define STUB_CLASS	NCLASSES	/* bypass stubs: FLOW_STUB_TIMEOUT */
#define NLISTS		(NCLASSES + 1)
#define HASH_SIZE_MAX	(1u << 30)

#define ID_MASK		((UINT64_C(1) << 63) - 1)	/* eve's flow_id is signed */
#define ID_SEQ_BITS	47
#define ID_SEQ_MASK	((UINT64_C(1) << ID_SEQ_BITS) - 1)
#define ID_WORKER_MASK	UINT64_C(0xffff)

/* ICMPv4 error messages (Suricata's ICMPV4_IS_ERROR_MSG) */
#define ICMP_DEST_UNREACH	3
#define ICMP_SOURCE_QUENCH	4
#define ICMP_REDIRECT		5
#define ICMP_TIME_EXCEEDED	11
#define ICMP_PARAMETERPROB	12

enum entry_where {
	ENTRY_SPARE,		/* on the spare list */
	ENTRY_IN_TABLE,		/* in a bucket and a timeout list */
	ENTRY_LEAVING,		/* unlinked, its record being emitted */
	ENTRY_DETACHED,		/* owned by whoever detached it */
};

/* What a lookup reads comes first, beside the flow's addresses, so a
 * miss in a bucket chain costs one cache line per entry. */
struct flow_entry {
	LIST_ENTRY(flow_entry)	 hlink;	/* bucket chain, or spare list */
	uint32_t		 hash;
	uint8_t			 pclass;	/* enum flow_proto */
	uint8_t			 tclass;	/* timeout list it is on */
	uint8_t			 where;		/* enum entry_where */
	bool			 ports;		/* keyed by ports (or ICMP id) */
	struct flow		 f;
	TAILQ_ENTRY(flow_entry)	 tlink;	/* timeout list */
	struct timespec		 filed;	/* order in the timeout list */
};

LIST_HEAD(flow_bucket, flow_entry);
TAILQ_HEAD(flow_list, flow_entry);

struct flow_table {
	struct flow_table_config cfg;
	struct flow_tcp_config	 tcp;
	void			(*vars_free)(void *);
	void			(*stream_free)(void *);
	void			(*app_free)(void *);
	flow_record_fn		 record;
	void			*record_arg;

	struct flow_bucket	*buckets;
	uint32_t		 mask;
	uint64_t		 hash_key;
	uint64_t		 bucket_bytes;

	struct flow_list	 lists[NLISTS];
	struct flow_bucket	 spares;
	uint32_t		 nspare;
	struct flow_entry	*last;		/* flow of the last packet */

	uint64_t		 id_key;
	uint64_t		 id_worker;
	uint64_t		 id_seq;

	uint64_t		 active;
	uint64_t		 memuse;
	bool			 emergency;

	struct flow_table_stats	 st;
};

/* A packet's key, both directions alike once compared with key_match. */
struct flow_key {
	const struct ip_addr	*src;
	const struct ip_addr	*dst;
	uint16_t		 sport;		/* ICMP: type */
	uint16_t		 dport;		/* ICMP: counterpart type */
	uint8_t			 proto;
	bool			 ports;
	bool			 icmp;
	uint8_t			 depth;
	uint8_t			 vlan_n;
	const uint16_t		*vlan;
};

_Static_assert(sizeof(struct flow_table_stats) % sizeof(uint64_t) == 0,
    "struct flow_table_stats: only uint64_t counters");

static inline void	stat_set(uint64_t *, uint64_t);
static inline uint64_t	mix64(uint64_t);
static inline struct flow_entry *entry_of(struct flow *);
static bool		ts_after(const struct timespec *, const struct timespec *);
static bool		addr_eq(const struct ip_addr *, const struct ip_addr *);
static bool		icmp4_is_error(const struct packet *);
static void		key_from_packet(struct flow_key *, const struct packet *);
static uint64_t		end_hash(const struct flow_table *,
			    const struct ip_addr *, uint16_t);
static uint32_t		key_hash(const struct flow_table *, const struct flow_key *);
static int		key_match(const struct flow_entry *, const struct flow_key *);
static struct flow_entry *lookup(struct flow_table *, const struct flow_key *,
			    uint32_t, int *);
static uint64_t		next_flow_id(struct flow_table *);
static uint8_t		class_of(const struct flow_entry *);
static uint32_t		class_timeout(const struct flow_table *, unsigned int);
static void		file_sorted(struct flow_table *, struct flow_entry *);
static void		refile(struct flow_table *, struct flow_entry *);
static void		settle(struct flow_table *);
static void		touch(struct flow_table *, struct flow_entry *);
static void		memuse_add(struct flow_table *, int64_t);
static void		active_add(struct flow_table *, int64_t);
static void		emergency_enter(struct flow_table *);
static void		emergency_check(struct flow_table *);
static void		entry_unlink(struct flow_table *, struct flow_entry *);
static void		entry_release(struct flow_table *, struct flow_entry *);
static void		entry_end(struct flow_table *, struct flow_entry *,
			    enum flow_end_reason, flow_record_fn, void *);
static size_t		expire_lists(struct flow_table *, const struct timespec *,
			    flow_record_fn, void *);
static struct flow_entry *list_head(struct flow_table *, unsigned int);
static struct flow_entry *nearest_deadline(struct flow_table *);
static void		reclaim(struct flow_table *, const struct timespec *);
static struct flow_entry *entry_get(struct flow_table *,
			    const struct timespec *);
static struct flow_entry *entry_create(struct flow_table *,
			    const struct flow_key *, uint32_t, const struct packet *,
			    int *);
static void		account(struct flow_entry *, const struct packet *, int,
			    bool);
static void		stub_leave(struct flow_table *, const struct flow_entry *);
static bool		established(const struct flow_entry *, uint8_t);

static inline void
stat_set(uint64_t *c, uint64_t v)
{
	__atomic_store_n(c, v, __ATOMIC_RELAXED);
}

/* murmur3's 64-bit finaliser */
static inline uint64_t
mix64(uint64_t x)
{
	x ^= x >> 33;
	x *= UINT64_C(0xff51afd7ed558ccd);
	x ^= x >> 33;
	x *= UINT64_C(0xc4ceb9fe1a85ec53);
	x ^= x >> 33;
	return x;
}

static inline struct flow_entry *
entry_of(struct flow *f)
{
	return (struct flow_entry *)(void *)((char *)f -
	    offsetof(struct flow_entry, f));
}

static bool
ts_after(const struct timespec *a, const struct timespec *b)
{
	if (a->tv_sec != b->tv_sec)
		return a->tv_sec > b->tv_sec;
	return a->tv_nsec > b->tv_nsec;
}

static bool
addr_eq(const struct ip_addr *a, const struct ip_addr *b)
{
	if (a->family != b->family)
		return false;
	if (a->family == AF_INET)
		return a->u.v4 == b->u.v4;
	return memcmp(a->u.v6, b->u.v6, sizeof(a->u.v6)) == 0;
}

/* Suricata makes no flow for these (FlowCreateCheck); a destination
 * unreachable quoting a TCP or UDP header belongs to that datagram's
 * flow. */
static bool
icmp4_is_error(const struct packet *p)
{
	if (p->proto != IPPROTO_ICMP || !p->l4_valid)
		return false;
	switch (p->icmp_type) {
	case ICMP_DEST_UNREACH:
	case ICMP_SOURCE_QUENCH:
	case ICMP_REDIRECT:
	case ICMP_TIME_EXCEEDED:
	case ICMP_PARAMETERPROB:
		return true;
	default:
		return false;
	}
}

static void
key_from_packet(struct flow_key *k, const struct packet *p)
{
	memset(k, 0, sizeof(*k));
	k->src = &p->src;
	k->dst = &p->dst;
	k->proto = p->proto;
	k->depth = p->depth;
	k->vlan_n = p->vlan_n;
	k->vlan = p->vlan;
	if (!p->l4_valid)
		return;
	switch (p->proto) {
	case IPPROTO_TCP:
	case IPPROTO_UDP:
	case IPPROTO_SCTP:
		k->sport = p->sport;
		k->dport = p->dport;
		k->ports = true;
		break;
	case IPPROTO_ICMP:
	case IPPROTO_ICMPV6: {
		/* as Suricata's CmpFlowICMPPacket: the addresses and the
		 * (type, counterpart) pair, either way round; not the id */
		int c = flow_icmp_counterpart(p->ip_version, p->icmp_type);

		k->sport = p->icmp_type;
		k->dport = c < 0 ? 0 : (uint16_t)c;
		k->ports = true;
		k->icmp = true;
		break;
	}
	default:
		break;
	}
}

static uint64_t
end_hash(const struct flow_table *t, const struct ip_addr *a, uint16_t port)
{
	uint64_t w[2];

	if (a->family == AF_INET)
		return mix64(t->hash_key ^ ((uint64_t)a->u.v4 << 16 | port));
	memcpy(w, a->u.v6, sizeof(w));
	return mix64(t->hash_key ^ w[0] ^ mix64(w[1] ^ port));
}

/* Symmetric: sum and xor of the two ends commute. Our own hash rather
 * than hash_flow_symmetric: the flows of one worker all share that
 * hash modulo the worker count, which would leave buckets unused. */
static uint32_t
key_hash(const struct flow_table *t, const struct flow_key *k)
{
	uint64_t ha = end_hash(t, k->src, k->sport);
	uint64_t hb = end_hash(t, k->dst, k->dport);
	uint64_t extra = (uint64_t)k->proto << 8 |
	    (uint64_t)k->ports << 16 | (uint64_t)k->depth << 24 |
	    (k->vlan_n > 0 ? (uint64_t)k->vlan[0] << 32 : 0) |
	    (k->vlan_n > 1 ? (uint64_t)k->vlan[1] << 48 : 0);

	return (uint32_t)(mix64((ha + hb) ^ mix64(ha ^ hb ^ extra)) >> 32);
}

/* FLOW_DIR_* of k's packet in e's flow, or -1 when k is another flow. */
static int
key_match(const struct flow_entry *e, const struct flow_key *k)
{
	const struct flow *f = &e->f;

	if (f->proto != k->proto || e->ports != k->ports ||
	    f->depth != k->depth ||
	    f->vlan_n != k->vlan_n ||
	    memcmp(f->vlan, k->vlan, k->vlan_n * sizeof(*k->vlan)) != 0)
		return -1;
	if (k->ports && !k->icmp) {
		if (f->client_port == k->sport && f->server_port == k->dport &&
		    addr_eq(&f->client, k->src) && addr_eq(&f->server, k->dst))
			return FLOW_DIR_TO_SERVER;
		if (f->client_port == k->dport && f->server_port == k->sport &&
		    addr_eq(&f->client, k->dst) && addr_eq(&f->server, k->src))
			return FLOW_DIR_TO_CLIENT;
		return -1;
	}
	if (k->icmp) {
		if (f->icmp_key[0] == k->sport && f->icmp_key[1] == k->dport &&
		    addr_eq(&f->client, k->src) && addr_eq(&f->server, k->dst))
			return FLOW_DIR_TO_SERVER;
		if (f->icmp_key[0] == k->dport && f->icmp_key[1] == k->sport &&
		    addr_eq(&f->client, k->dst) && addr_eq(&f->server, k->src))
			return FLOW_DIR_TO_CLIENT;
		return -1;
	}
	if (addr_eq(&f->client, k->src) && addr_eq(&f->server, k->dst))
		return FLOW_DIR_TO_SERVER;
	if (addr_eq(&f->client, k->dst) && addr_eq(&f->server, k->src))
		return FLOW_DIR_TO_CLIENT;
	return -1;
}

static struct flow_entry *
lookup(struct flow_table *t, const struct flow_key *k, uint32_t h, int *dir)
{
	struct flow_entry *e;
	int d;

	LIST_FOREACH(e, &t->buckets[h & t->mask], hlink) {
		if (e->hash != h)
			continue;
		if ((d = key_match(e, k)) >= 0) {
			*dir = d;
			return e;
		}
	}
	return NULL;
}

/* A bijection on 63 bits (xorshift and odd multipliers) of worker and
 * sequence number: unique per process while workers differ and a table
 * creates fewer than 2^47 flows, and not guessable from the order. */
static uint64_t
next_flow_id(struct flow_table *t)
{
	uint64_t x;

	/* eve shows the low 51 bits, and Suricata's flow_id is never 0:
	 * skip the sequence numbers that would show as 0 (offline, seed 0,
	 * the first flow did) */
	do {
		x = (t->id_worker << ID_SEQ_BITS |
		    (t->id_seq++ & ID_SEQ_MASK)) ^ t->id_key;
		x &= ID_MASK;
		x ^= x >> 31;
		x = (x * UINT64_C(0x7fb5d329728ea185)) & ID_MASK;
		x ^= x >> 27;
		x = (x * UINT64_C(0x81dadef4bc2dd44d)) & ID_MASK;
		x ^= x >> 33;
	} while ((x & ((UINT64_C(1) << 51) - 1)) == 0);
	return x;
}

static uint8_t
class_of(const struct flow_entry *e)
{
	if (e->f.flags & FLOW_F_BYPASS_STUB)
		return STUB_CLASS;
	return (uint8_t)(e->pclass * FLOW_TIMEOUT_KINDS +
	    flow_timeout_kind(&e->f));
}

static uint32_t
class_timeout(const struct flow_table *t, unsigned int c)
{
	unsigned int proto = c / FLOW_TIMEOUT_KINDS;
	unsigned int kind = c % FLOW_TIMEOUT_KINDS;

	if (c == STUB_CLASS)
		return FLOW_STUB_TIMEOUT;
	if (t->emergency)
		return t->cfg.emergency_timeouts[proto][kind];
	return t->cfg.timeouts[proto][kind];
}

/* Files e in its class's list at its last_ts, searching from the
 * tail: e is usually among the newest. */
static void
file_sorted(struct flow_table *t, struct flow_entry *e)
{
	struct flow_list *l;
	struct flow_entry *pos;

	e->tclass = class_of(e);
	e->filed = e->f.last_ts;
	l = &t->lists[e->tclass];
	pos = TAILQ_LAST(l, flow_list);
	while (pos != NULL && ts_after(&pos->filed, &e->filed))
		pos = TAILQ_PREV(pos, flow_list, tlink);
	if (pos == NULL)
		TAILQ_INSERT_HEAD(l, e, tlink);
	else
		TAILQ_INSERT_AFTER(l, pos, e, tlink);
}

static void
refile(struct flow_table *t, struct flow_entry *e)
{
	TAILQ_REMOVE(&t->lists[e->tclass], e, tlink);
	file_sorted(t, e);
}

/* Follows what detection changed on the last packet's flow. */
static void
settle(struct flow_table *t)
{
	struct flow_entry *e = t->last;

	if (e != NULL && class_of(e) != e->tclass)
		refile(t, e);
}

static void
touch(struct flow_table *t, struct flow_entry *e)
{
	t->last = e;
	if (class_of(e) != e->tclass)
		refile(t, e);
}

static void
memuse_add(struct flow_table *t, int64_t n)
{
	t->memuse += (uint64_t)n;
	stat_set(&t->st.memuse, t->memuse);
}

static void
active_add(struct flow_table *t, int64_t n)
{
	t->active += (uint64_t)n;
	stat_set(&t->st.active, t->active);
}

static void
emergency_enter(struct flow_table *t)
{
	if (t->emergency)
		return;
	t->emergency = true;
	counter_inc(&t->st.emergency_entered);
	stat_set(&t->st.emergency_active, 1);
}

/* Spares do not count here: they are memory ready for new flows. */
static void
emergency_check(struct flow_table *t)
{
	uint64_t inuse = t->bucket_bytes + t->active * sizeof(struct flow_entry);

	if (!t->emergency)
		return;
	if (inuse > t->cfg.memcap / 100 * (100 - t->cfg.emergency_recovery))
		return;
	t->emergency = false;
	stat_set(&t->st.emergency_active, 0);
}

static void
entry_unlink(struct flow_table *t, struct flow_entry *e)
{
	LIST_REMOVE(e, hlink);
	TAILQ_REMOVE(&t->lists[e->tclass], e, tlink);
	e->where = ENTRY_LEAVING;
	if (t->last == e)
		t->last = NULL;
	active_add(t, -1);
}

static void
entry_stream_free(struct flow_table *t, struct flow *f)
{
	/* the app layer first: its parsers may still look at the stream */
	if (f->app != NULL && t->app_free != NULL)
		t->app_free(f->app);
	f->app = NULL;
	if (f->stream != NULL && t->stream_free != NULL)
		t->stream_free(f->stream);
	f->stream = NULL;
	flow_tcp_synq_free(f);
}

static void
entry_release(struct flow_table *t, struct flow_entry *e)
{
	if (e->f.detect_vars != NULL && t->vars_free != NULL)
		t->vars_free(e->f.detect_vars);
	e->f.detect_vars = NULL;
	entry_stream_free(t, &e->f);
	if (t->nspare < t->cfg.prealloc) {
		e->where = ENTRY_SPARE;
		LIST_INSERT_HEAD(&t->spares, e, hlink);
		t->nspare++;
		return;
	}
	free(e);
	memuse_add(t, -(int64_t)sizeof(struct flow_entry));
}

/* Takes e out, emits its record and frees it, unless emit detached it. */
static void
entry_end(struct flow_table *t, struct flow_entry *e,
    enum flow_end_reason reason, flow_record_fn emit, void *arg)
{
	entry_unlink(t, e);
	e->f.end_reason = reason;
	if (e->f.flags & FLOW_F_BYPASS_STUB) {
		entry_release(t, e);
		return;
	}
	counter_inc(&t->st.ended[reason]);
	if (emit != NULL)
		emit(&e->f, reason, arg);
	if (e->where == ENTRY_DETACHED)
		return;
	entry_release(t, e);
}

static size_t
expire_lists(struct flow_table *t, const struct timespec *now,
    flow_record_fn emit, void *arg)
{
	struct flow_entry *e;
	unsigned int c;
	uint32_t timeout;
	size_t n = 0;

	for (c = 0; c < NLISTS; c++) {
		timeout = class_timeout(t, c);
		while ((e = TAILQ_FIRST(&t->lists[c])) != NULL) {
			if (class_of(e) != c) {
				refile(t, e);
				continue;
			}
			if (!flow_timeout_passed(&e->filed, timeout, now))
				break;
			if (ts_after(&e->f.last_ts, &e->filed)) {
				refile(t, e);
				continue;
			}
			if (!(e->f.flags & FLOW_F_BYPASS_STUB))
				n++;
			entry_end(t, e, FLOW_END_TIMEOUT, emit, arg);
		}
	}
	return n;
}

/* The flow of list c that was idle longest: its head once the heads
 * that saw packets since they were filed are re-filed. */
static struct flow_entry *
list_head(struct flow_table *t, unsigned int c)
{
	struct flow_entry *e;

	while ((e = TAILQ_FIRST(&t->lists[c])) != NULL &&
	    (class_of(e) != c || ts_after(&e->f.last_ts, &e->filed)))
		refile(t, e);
	return e;
}

/* The flow whose timeout comes first, among the lists' idlest. */
static struct flow_entry *
nearest_deadline(struct flow_table *t)
{
	struct flow_entry *e, *best = NULL;
	struct timespec d, best_d = { 0, 0 };
	unsigned int c;

	for (c = 0; c < NLISTS; c++) {
		if ((e = list_head(t, c)) == NULL)
			continue;
		d = e->f.last_ts;
		d.tv_sec += (time_t)class_timeout(t, c);
		if (best == NULL || ts_after(&best_d, &d)) {
			best = e;
			best_d = d;
		}
	}
	return best;
}

/* At the memcap: first every flow the emergency timeouts say is over,
 * then flows nearest their timeout until one flow fits. */
static void
reclaim(struct flow_table *t, const struct timespec *now)
{
	struct flow_entry *e;

	expire_lists(t, now, t->record, t->record_arg);
	while (t->nspare == 0 &&
	    t->memuse + sizeof(struct flow_entry) > t->cfg.memcap &&
	    (e = nearest_deadline(t)) != NULL)
		entry_end(t, e, FLOW_END_FORCED, t->record, t->record_arg);
}

static struct flow_entry *
entry_get(struct flow_table *t, const struct timespec *now)
{
	struct flow_entry *e;

	if (t->nspare == 0 &&
	    t->memuse + sizeof(struct flow_entry) > t->cfg.memcap) {
		counter_inc(&t->st.memcap_hits);
		emergency_enter(t);
		reclaim(t, now);
	}
	if ((e = LIST_FIRST(&t->spares)) != NULL) {
		LIST_REMOVE(e, hlink);
		t->nspare--;
		return e;
	}
	if (t->memuse + sizeof(struct flow_entry) > t->cfg.memcap)
		return NULL;
	if ((e = malloc(sizeof(*e))) == NULL)
		return NULL;
	memuse_add(t, (int64_t)sizeof(*e));
	return e;
}

static struct flow_entry *
entry_create(struct flow_table *t, const struct flow_key *k, uint32_t h,
    const struct packet *p, int *dir)
{
	struct flow_entry *e;
	struct flow *f;
	bool server_first = false;

	if ((e = entry_get(t, &p->ts)) == NULL)
		return NULL;
	memset(e, 0, sizeof(*e));
	f = &e->f;
	/* an ICMP reply seen first opens a flow of its own sender, as in
	 * Suricata */
	if (k->ports && k->proto == IPPROTO_TCP)
		server_first = flow_tcp_sender_is_server(p) &&
		    flow_tcp_would_pick_up(p, &t->tcp);
	if (server_first) {
		f->client = *k->dst;
		f->server = *k->src;
		f->client_port = k->dport;
		f->server_port = k->sport;
		*dir = FLOW_DIR_TO_CLIENT;
	} else {
		f->client = *k->src;
		f->server = *k->dst;
		f->client_port = k->sport;
		f->server_port = k->dport;
		*dir = FLOW_DIR_TO_SERVER;
	}
	if (k->icmp) {
		f->icmp_key[0] = (uint8_t)k->sport;
		f->icmp_key[1] = (uint8_t)k->dport;
		f->client_port = p->icmp_id;
		f->server_port = 0;
	}
	f->proto = k->proto;
	f->ip_version = p->ip_version;
	f->depth = k->depth;
	f->vlan_n = k->vlan_n;
	memcpy(f->vlan, k->vlan, k->vlan_n * sizeof(*k->vlan));
	f->flow_id = next_flow_id(t);
	f->state = FLOW_STATE_NEW;
	f->tcp_state = FLOW_TCP_NONE;
	if (!k->ports)
		f->flags |= FLOW_F_NO_PORTS;
	f->first_ts = p->ts;
	f->last_ts = p->ts;

	e->hash = h;
	e->ports = k->ports;
	e->pclass = (uint8_t)flow_timeout_proto(k->proto);
	e->where = ENTRY_IN_TABLE;
	LIST_INSERT_HEAD(&t->buckets[h & t->mask], e, hlink);
	file_sorted(t, e);

	active_add(t, 1);
	counter_inc(&t->st.created);
	counter_inc(&t->st.created_proto[e->pclass]);
	return e;
}

/* seen: the packet counts as its direction's (Suricata's
 * FlowUpdateSeenFlag; an ICMP error in another protocol's flow does
 * not), so both directions seen make a flow of a protocol without a
 * state machine established. */
static void
account(struct flow_entry *e, const struct packet *p, int dir, bool seen)
{
	struct flow *f = &e->f;
	/* Offline Suricata counts the captured frame (link layer
	 * included, caplen rather than the original length). */
	uint32_t len = p->pcap_cnt != 0 || p->wire_len == 0 ? p->len :
	    p->wire_len;

	if (e->ports && (f->proto == IPPROTO_ICMP || f->proto == IPPROTO_ICMPV6) &&
	    f->pkts[dir] == 0) {
		f->icmp_type[dir] = p->icmp_type;
		f->icmp_code[dir] = p->icmp_code;
	}
	f->pkts[dir]++;
	f->bytes[dir] += len;
	if (seen)
		f->seen |= (uint8_t)(1u << dir);
	if (f->flags & FLOW_F_BYPASSED) {
		f->bypass_pkts[dir]++;
		f->bypass_bytes[dir] += len;
	}
	if (ts_after(&p->ts, &f->last_ts) && !(f->flags & FLOW_F_BYPASS_STUB))
		f->last_ts = p->ts;
	if (seen && (f->proto != IPPROTO_TCP || !e->ports) &&
	    f->state == FLOW_STATE_NEW && f->seen == 3)
		f->state = FLOW_STATE_ESTABLISHED;
}

/* Suricata's FLOW_PKT_ESTABLISHED, set before the stream engine sees
 * the packet: for TCP, the connection was established (or later) before
 * this packet, tcp_before; so neither the SYN/ACK nor the ACK completing
 * the handshake is, nor the first packet of a midstream pickup, nor any
 * packet of a flow the state machine does not follow (Suricata 7.0.6:
 * flow:established on like-ip-only-01's capture, and a midstream pickup
 * on iponly-midstream-01's). Other protocols: both directions seen,
 * this packet included. */
static bool
established(const struct flow_entry *e, uint8_t tcp_before)
{
	const struct flow *f = &e->f;

	if (f->proto == IPPROTO_TCP && e->ports)
		return tcp_before >= FLOW_TCP_ESTABLISHED;
	return f->state == FLOW_STATE_ESTABLISHED;
}

struct flow_table *
flow_table_new(const struct flow_table_config *cfg, void (*vars_free)(void *),
    uint64_t seed)
{
	struct flow_table *t;
	struct flow_entry *e;
	uint64_t nbuckets = 1;
	unsigned int i;

	if (flow_config_check(cfg) != NULL) {
		errno = EINVAL;
		return NULL;
	}
	while (nbuckets < cfg->hash_size && nbuckets < HASH_SIZE_MAX)
		nbuckets <<= 1;
	if (nbuckets * sizeof(struct flow_bucket) +
	    (uint64_t)cfg->prealloc * sizeof(struct flow_entry) > cfg->memcap) {
		errno = EINVAL;
		return NULL;
	}
	if ((t = calloc(1, sizeof(*t))) == NULL)
		return NULL;
	t->cfg = *cfg;
	t->tcp.midstream = cfg->midstream;
	t->tcp.async_oneside = cfg->async_oneside;
	t->tcp.is_inline = cfg->tcp_inline;
	t->tcp.urgent_drop = cfg->tcp_urgent_drop;
	t->tcp.midstream_drops = cfg->tcp_midstream_drops;
	t->tcp.max_syn_queued = (uint8_t)cfg->tcp_max_syn_queued;
	t->tcp.liberal_timestamps = cfg->liberal_timestamps;
	t->vars_free = vars_free;
	t->mask = (uint32_t)(nbuckets - 1);
	t->bucket_bytes = nbuckets * sizeof(struct flow_bucket);
	t->hash_key = mix64(seed ^ UINT64_C(0x9e3779b97f4a7c15));
	t->id_worker = seed & ID_WORKER_MASK;
	t->id_key = mix64(seed >> 16) & ID_MASK;
	for (i = 0; i < NLISTS; i++)
		TAILQ_INIT(&t->lists[i]);
	LIST_INIT(&t->spares);
	if ((t->buckets = calloc(nbuckets, sizeof(*t->buckets))) == NULL)
		goto fail;
	for (i = 0; i < nbuckets; i++)
		LIST_INIT(&t->buckets[i]);
	memuse_add(t, (int64_t)t->bucket_bytes);
	for (i = 0; i < cfg->prealloc; i++) {
		if ((e = calloc(1, sizeof(*e))) == NULL)
			goto fail;
		e->where = ENTRY_SPARE;
		LIST_INSERT_HEAD(&t->spares, e, hlink);
		t->nspare++;
		memuse_add(t, (int64_t)sizeof(*e));
	}
	stat_set(&t->st.memcap, cfg->memcap);
	return t;

fail:
	flow_table_free(t);
	errno = ENOMEM;
	return NULL;
}

void
flow_table_free(struct flow_table *t)
{
	struct flow_entry *e;
	unsigned int c;

	if (t == NULL)
		return;
	for (c = 0; c < NLISTS; c++) {
		while ((e = TAILQ_FIRST(&t->lists[c])) != NULL) {
			TAILQ_REMOVE(&t->lists[c], e, tlink);
			if (e->f.detect_vars != NULL && t->vars_free != NULL)
				t->vars_free(e->f.detect_vars);
			entry_stream_free(t, &e->f);
			free(e);
		}
	}
	while ((e = LIST_FIRST(&t->spares)) != NULL) {
		LIST_REMOVE(e, hlink);
		free(e);
	}
	free(t->buckets);
	free(t);
}

void
flow_table_set_tcp_host_os(struct flow_table *t,
    uint8_t (*fn)(const void *, const struct ip_addr *), const void *arg)
{
	t->tcp.host_os = fn;
	t->tcp.host_os_arg = arg;
}

void
flow_table_set_stream_free(struct flow_table *t, void (*fn)(void *))
{
	t->stream_free = fn;
}

void
flow_table_set_app_free(struct flow_table *t, void (*fn)(void *))
{
	t->app_free = fn;
}

void
flow_table_set_record(struct flow_table *t, flow_record_fn fn, void *arg)
{
	t->record = fn;
	t->record_arg = arg;
}

/* An ICMPv4 error: the flow of the datagram it quotes, if that is a
 * TCP or UDP datagram of a flow the table has (Suricata's
 * FlowCompareICMPv4, either direction of the quoted datagram), the
 * packet's direction by its source (the client's or not); else none,
 * an error never opens a flow. The flow counts it and its time moves,
 * its state does not (no TCP state machine, not "seen"). */
static struct flow *
icmp_error_flow(struct flow_table *t, struct packet *p)
{
	struct flow_key k;
	struct flow_entry *e;
	struct flow *f;
	uint32_t h;
	int dir;
	uint8_t flags;

	if (!p->icmp_emb_valid)
		return NULL;
	memset(&k, 0, sizeof(k));
	k.src = &p->icmp_emb_src;
	k.dst = &p->icmp_emb_dst;
	k.proto = p->icmp_emb_proto;
	k.sport = p->icmp_emb_sport;
	k.dport = p->icmp_emb_dport;
	k.ports = true;
	k.depth = p->depth;
	k.vlan_n = p->vlan_n;
	k.vlan = p->vlan;
	h = key_hash(t, &k);
	if ((e = lookup(t, &k, h, &dir)) == NULL ||
	    (e->f.flags & FLOW_F_BYPASS_STUB))
		return NULL;
	f = &e->f;
	dir = addr_eq(&f->client, &p->src) ? FLOW_DIR_TO_SERVER :
	    FLOW_DIR_TO_CLIENT;
	flags = dir == FLOW_DIR_TO_SERVER ? PKT_FLOW_TO_SERVER :
	    PKT_FLOW_TO_CLIENT;
	if (f->seen == 3)
		flags |= PKT_FLOW_ESTABLISHED;
	account(e, p, dir, false);
	touch(t, e);
	p->flow = f;
	p->flow_flags = flags;
	return f;
}

struct flow *
flow_table_handle(struct flow_table *t, struct packet *p)
{
	struct flow_key k;
	struct flow_entry *e;
	struct flow *f;
	uint32_t h, midstream;
	uint8_t tcp_before;
	uint8_t flags = 0, r;
	int dir = FLOW_DIR_TO_SERVER;

	p->flow = NULL;
	p->flow_flags = 0;
	settle(t);
	if (p->ip_version == 0) {
		counter_inc(&t->st.no_flow_undecoded);
		return NULL;
	}
	/* As Suricata's: a fragment has no upper layer to key a flow by;
	 * the datagram reassembled from it is the flow's packet. */
	if (p->is_fragment) {
		counter_inc(&t->st.no_flow_fragment);
		return NULL;
	}
	if (icmp4_is_error(p))
		return icmp_error_flow(t, p);
	key_from_packet(&k, p);
	h = key_hash(t, &k);
	e = lookup(t, &k, h, &dir);
	if (e != NULL && e->ports && k.proto == IPPROTO_TCP &&
	    flow_tcp_is_reuse(&e->f, p, &t->tcp)) {
		counter_inc(&t->st.tcp_reuse);
		entry_end(t, e, FLOW_END_TCP_REUSE, t->record, t->record_arg);
		e = NULL;
	}
	if (e == NULL) {
		if ((e = entry_create(t, &k, h, p, &dir)) == NULL) {
			counter_inc(&t->st.no_flow_memcap);
			return NULL;
		}
		if (t->emergency)
			emergency_check(t);
		flags |= PKT_FLOW_FIRST;
	}
	f = &e->f;

	tcp_before = f->tcp_state;
	if (e->ports && f->proto == IPPROTO_TCP) {
		midstream = f->flags & FLOW_F_MIDSTREAM;
		r = flow_tcp_update(f, p, &dir, &t->tcp);
		if (r & FLOW_TCP_R_STREAM)
			flags |= PKT_FLOW_TCP_STREAM;
		if (r & FLOW_TCP_R_URGENT)
			flags |= PKT_FLOW_TCP_URGENT;
		if (r & FLOW_TCP_R_INVALID) {
			flags |= PKT_FLOW_TCP_INVALID;
			counter_inc(&t->st.tcp_ignored);
		}
		if ((f->flags & FLOW_F_MIDSTREAM) && !midstream) {
			counter_inc(&t->st.midstream);
			flags |= PKT_FLOW_TCP_MIDSTREAM;
		}
	}
	account(e, p, dir, true);

	flags |= dir == FLOW_DIR_TO_SERVER ? PKT_FLOW_TO_SERVER :
	    PKT_FLOW_TO_CLIENT;
	if (established(e, tcp_before))
		flags |= PKT_FLOW_ESTABLISHED;
	if (t->cfg.bypass_after != 0 &&
	    !(f->flags & (FLOW_F_BYPASS | FLOW_F_BYPASSED)) &&
	    f->bytes[0] + f->bytes[1] >= t->cfg.bypass_after) {
		f->flags |= FLOW_F_BYPASS;
		counter_inc(&t->st.bypass_after);
	}
	touch(t, e);

	p->flow = f;
	p->flow_flags = flags;
	return f;
}

size_t
flow_table_expire(struct flow_table *t, const struct timespec *now,
    flow_record_fn emit, void *arg)
{
	size_t n;

	settle(t);
	n = expire_lists(t, now, emit, arg);
	emergency_check(t);
	return n;
}

size_t
flow_table_flush(struct flow_table *t, flow_record_fn emit, void *arg)
{
	struct flow_entry *e;
	unsigned int c;
	size_t n = 0;

	for (c = 0; c < NLISTS; c++) {
		while ((e = TAILQ_FIRST(&t->lists[c])) != NULL) {
			if (!(e->f.flags & FLOW_F_BYPASS_STUB))
				n++;
			entry_end(t, e, FLOW_END_SHUTDOWN, emit, arg);
		}
	}
	emergency_check(t);
	return n;
}

void
flow_table_detach(struct flow_table *t, struct flow *f)
{
	struct flow_entry *e = entry_of(f);

	bool leaving = e->where == ENTRY_LEAVING;

	BUG_ON(e->where != ENTRY_IN_TABLE && e->where != ENTRY_LEAVING);
	BUG_ON(f->flags & FLOW_F_BYPASS_STUB);
	entry_stream_free(t, f);
	if (!leaving)
		entry_unlink(t, e);
	e->where = ENTRY_DETACHED;
	memuse_add(t, -(int64_t)sizeof(*e));
	counter_inc(&t->st.detached);
	if (!leaving)
		stub_leave(t, e);
	emergency_check(t);
}

/* The stub of detached entry e, in the memory e gave back: a spare, or
 * a new entry while that fits under the memcap (it always does right
 * after the detach); none rather than evicting another flow. */
static void
stub_leave(struct flow_table *t, const struct flow_entry *e)
{
	struct flow_entry *s;

	if ((s = LIST_FIRST(&t->spares)) != NULL) {
		LIST_REMOVE(s, hlink);
		t->nspare--;
	} else if (t->memuse + sizeof(*s) > t->cfg.memcap ||
	    (s = malloc(sizeof(*s))) == NULL) {
		return;
	} else {
		memuse_add(t, (int64_t)sizeof(*s));
	}
	memset(s, 0, sizeof(*s));
	s->f = e->f;
	memset(s->f.pkts, 0, sizeof(s->f.pkts));
	memset(s->f.bytes, 0, sizeof(s->f.bytes));
	memset(s->f.bypass_pkts, 0, sizeof(s->f.bypass_pkts));
	memset(s->f.bypass_bytes, 0, sizeof(s->f.bypass_bytes));
	s->f.detect_vars = NULL;
	s->f.stream = NULL;
	s->f.app = NULL;
	s->f.flags = (e->f.flags & (FLOW_F_MIDSTREAM | FLOW_F_NO_PORTS)) |
	    FLOW_F_BYPASSED | FLOW_F_BYPASS_STUB;
	s->hash = e->hash;
	s->ports = e->ports;
	s->pclass = e->pclass;
	s->where = ENTRY_IN_TABLE;
	LIST_INSERT_HEAD(&t->buckets[s->hash & t->mask], s, hlink);
	file_sorted(t, s);
	active_add(t, 1);
	counter_inc(&t->st.stubs);
}

void
flow_free(struct flow *f, void (*vars_free)(void *))
{
	struct flow_entry *e;

	if (f == NULL)
		return;
	e = entry_of(f);
	BUG_ON(e->where != ENTRY_DETACHED);
	if (f->detect_vars != NULL && vars_free != NULL)
		vars_free(f->detect_vars);
	free(e);
}

void
flow_table_stats(const struct flow_table *t, struct flow_table_stats *out)
{
	const uint64_t *src = (const uint64_t *)(const void *)&t->st;
	uint64_t *dst = (uint64_t *)(void *)out;
	size_t i;

	for (i = 0; i < sizeof(*out) / sizeof(uint64_t); i++)
		dst[i] = counter_get(&src[i]);
}

size_t
flow_table_flow_size(void)
{
	return sizeof(struct flow_entry);
}
