#include "core/base.h"

#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <time.h>

#include "bypass/config.h"
#include "bypass/conntrack.h"
#include "bypass/key.h"
#include "bypass/manager.h"
#include "bypass/request.h"
#include "bypass/table.h"
#include "core/bug.h"
#include "core/counters.h"
#include "core/doorbell.h"
#include "core/log.h"
#include "flow/flow.h"
#include "flow/table.h"

#define MAX_WORKERS	1024
#define CTL_MAX		256	/* control requests waiting */
#define TICK_MS		100	/* longest sleep: DESTROY event latency */
#define RETRY_MS	200	/* between mark attempts of an entry */
#define MARK_TRIES	5	/* attempts that find no conntrack entry
				   (not confirmed yet) before "failed" */
#define OPS_MAX		4096	/* ops per bypass_conntrack_run call */

/* One worker's request ring and its refusals, written by that worker. */
struct bypass_worker {
	struct bypass_request_ring ring;
	_Alignas(64) uint64_t local;
	uint64_t	 table_full;
	uint64_t	 ring_full;
	uint64_t	 unsupported;
};

/* Counters only the manager thread writes. */
struct mgr_stats {
	uint64_t	 requests;
	uint64_t	 bypassed;
	uint64_t	 ct_mark_failed;
	uint64_t	 active;
	uint64_t	 destroyed;
	uint64_t	 timeouts;
	uint64_t	 shutdown;
	uint64_t	 polls;
	uint64_t	 polled;
	uint64_t	 restored;
	uint64_t	 restore_skipped;
	uint64_t	 handed_over;
	uint64_t	 events_lost;
	uint64_t	 ct_errors;
	uint64_t	 acct;
};

struct ctl_request {
	struct bypass_key key;
	enum bypass_why	 why;
	struct timespec	 when;
};

struct bypass_manager {
	struct bypass_config cfg;
	bypass_record_fn record;
	void		*arg;
	void		(*vars_free)(void *);
	unsigned int	 nworkers;
	struct bypass_worker *workers;
	struct bypass_conntrack *ct;	/* NULL: no conntrack (tests) */
	struct bypass_table *table;
	struct doorbell	 bell;

	_Alignas(64) uint64_t used;	/* admitted: entries + in flight */
	uint32_t	 stop;
	uint32_t	 nctl_pending;	/* atomic mirror of nctl */

	pthread_t	 thread;
	bool		 started;
	bool		 stopped;

	/* Guards the table's contents against bypass_manager_list and
	 * the control queue; the manager writes the table only with it
	 * held, and reads without it. Never taken by workers. */
	pthread_mutex_t	 lock;
	struct ctl_request ctl[CTL_MAX];
	size_t		 nctl;

	/* manager thread only */
	struct bypass_entry **pending;	/* PENDING entries */
	size_t		 npending;
	bool		 pending_new;	/* some never tried yet */
	struct timespec	 retry_at;	/* monotonic */
	struct timespec	 poll_at;	/* monotonic */
	uint32_t	 gen;		/* poll generation */
	struct bypass_ct_op *ops;
	struct bypass_entry **op_entries;
	time_t		 warned_at;	/* rate limit for ctnetlink warnings */
	uint64_t	 warn_suppressed;

	struct mgr_stats st;
};

static void	*manager_main(void *);
static void	 finish(struct bypass_manager *, struct bypass_entry *,
		    const char *, bool);
static void	 activate(struct bypass_manager *, struct bypass_entry *,
		    const struct bypass_ct_op *);
static void	 update_counters(struct bypass_manager *,
		    struct bypass_entry *, const struct bypass_ct_entry *);
static struct bypass_entry *find_ct(const struct bypass_manager *,
		    const struct bypass_ct_entry *);
static void	 warn_ct(struct bypass_manager *, const char *, int);

static void
now_mono(struct timespec *ts)
{
	clock_gettime(CLOCK_MONOTONIC, ts);
}

static bool
ts_before(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec ||
	    (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

static void
ts_add_ms(struct timespec *ts, long ms)
{
	ts->tv_sec += ms / 1000;
	ts->tv_nsec += (ms % 1000) * 1000000L;
	if (ts->tv_nsec >= 1000000000L) {
		ts->tv_sec++;
		ts->tv_nsec -= 1000000000L;
	}
}

/* ------------------------------------------------------------ setup */

static void
log_acct(enum bypass_ct_acct acct)
{
	switch (acct) {
	case BYPASS_CT_ACCT_ON:
		log_info("bypass: conntrack accounting "
		    "(net.netfilter.nf_conntrack_acct) is on");
		break;
	case BYPASS_CT_ACCT_ENABLED:
		log_info("bypass: net.netfilter.nf_conntrack_acct was off, "
		    "turned it on: conntrack entries created before now have "
		    "no counters");
		break;
	case BYPASS_CT_ACCT_OFF:
		log_warnx("bypass: net.netfilter.nf_conntrack_acct is off and "
		    "cannot be turned on: bypassed flows are recorded without "
		    "packet and byte counts");
		break;
	case BYPASS_CT_ACCT_UNKNOWN:
		log_warnx("bypass: cannot read net.netfilter.nf_conntrack_acct "
		    "(no conntrack in this namespace?): bypassed flows may be "
		    "recorded without packet and byte counts");
		break;
	}
}

struct bypass_manager *
bypass_manager_new(const struct bypass_config *cfg, unsigned int nworkers,
    bypass_record_fn record, void *arg, void (*vars_free)(void *))
{
	struct bypass_conntrack *ct;
	struct bypass_manager *m;
	enum bypass_ct_acct acct;
	int saved;

	if (bypass_config_check(cfg) != NULL) {
		errno = EINVAL;
		return NULL;
	}
	if ((ct = bypass_conntrack_open(BYPASS_CT_OPEN_EVENTS, cfg->mark,
	    cfg->mask)) == NULL) {
		saved = errno;
		log_warn("bypass: cannot open ctnetlink");
		errno = saved;
		return NULL;
	}
	acct = bypass_conntrack_acct(true);
	log_acct(acct);
	if ((m = bypass_manager_new_handle(cfg, nworkers, record, arg,
	    vars_free, ct)) == NULL)
		return NULL;
	m->st.acct = acct == BYPASS_CT_ACCT_ON ||
	    acct == BYPASS_CT_ACCT_ENABLED;
	log_info("bypass: method %s, mark 0x%x/0x%x, max-flows %u, "
	    "poll-interval %us, restart accounting %s",
	    bypass_method_name(cfg->method), cfg->mark, cfg->mask,
	    cfg->max_flows, cfg->poll_interval,
	    bypass_restart_name(cfg->restart));
	return m;
}

struct bypass_manager *
bypass_manager_new_handle(const struct bypass_config *cfg,
    unsigned int nworkers, bypass_record_fn record, void *arg,
    void (*vars_free)(void *), struct bypass_conntrack *ct)
{
	struct bypass_manager *m;
	uint64_t seed;
	unsigned int i;
	int saved;

	if (bypass_config_check(cfg) != NULL || nworkers < 1 ||
	    nworkers > MAX_WORKERS || record == NULL) {
		bypass_conntrack_close(ct);
		errno = EINVAL;
		return NULL;
	}
	if ((m = calloc(1, sizeof(*m))) == NULL) {
		bypass_conntrack_close(ct);
		return NULL;
	}
	m->cfg = *cfg;
	m->record = record;
	m->arg = arg;
	m->vars_free = vars_free;
	m->ct = ct;
	m->nworkers = nworkers;
	pthread_mutex_init(&m->lock, NULL);
	seed = (uint64_t)(uintptr_t)m ^ (uint64_t)time(NULL) << 20;
	if ((m->workers = calloc(nworkers, sizeof(*m->workers))) == NULL ||
	    (m->table = bypass_table_new(cfg->max_flows, seed,
	    vars_free)) == NULL ||
	    (m->pending = calloc(cfg->max_flows,
	    sizeof(*m->pending))) == NULL ||
	    (m->ops = calloc(OPS_MAX, sizeof(*m->ops))) == NULL ||
	    (m->op_entries = calloc(OPS_MAX, sizeof(*m->op_entries))) == NULL)
		goto fail;
	for (i = 0; i < nworkers; i++)
		if (bypass_request_ring_init(&m->workers[i].ring,
		    cfg->ring_size) == -1)
			goto fail;
	return m;
fail:
	saved = errno;
	bypass_manager_free(m);
	errno = saved;
	return NULL;
}

void
bypass_manager_free(struct bypass_manager *m)
{
	struct bypass_request req;
	unsigned int i;

	if (m == NULL)
		return;
	bypass_manager_stop(m);
	for (i = 0; m->workers != NULL && i < m->nworkers; i++) {
		if (m->workers[i].ring.slots == NULL)
			continue;
		while (bypass_request_ring_pop(&m->workers[i].ring, &req))
			flow_free(req.flow, m->vars_free);
		bypass_request_ring_destroy(&m->workers[i].ring);
	}
	free(m->workers);
	bypass_table_free(m->table);
	bypass_conntrack_close(m->ct);
	free(m->pending);
	free(m->ops);
	free(m->op_entries);
	pthread_mutex_destroy(&m->lock);
	free(m);
}

/* ------------------------------------------------------------ workers */

enum bypass_admit
bypass_manager_reserve(struct bypass_manager *m, unsigned int worker,
    const struct flow *f)
{
	struct bypass_worker *w;
	struct bypass_key key;

	BUG_ON(worker >= m->nworkers);
	w = &m->workers[worker];
	if (bypass_key_from_flow(&key, f) == -1) {
		counter_inc(&w->unsupported);
		counter_inc(&w->local);
		return BYPASS_ADMIT_UNSUPPORTED;
	}
	if (!bypass_request_ring_has_room(&w->ring)) {
		counter_inc(&w->ring_full);
		counter_inc(&w->local);
		return BYPASS_ADMIT_RING_FULL;
	}
	if (__atomic_add_fetch(&m->used, 1, __ATOMIC_RELAXED) >
	    m->cfg.max_flows) {
		__atomic_sub_fetch(&m->used, 1, __ATOMIC_RELAXED);
		counter_inc(&w->table_full);
		counter_inc(&w->local);
		return BYPASS_ADMIT_TABLE_FULL;
	}
	return BYPASS_ADMIT_OK;
}

void
bypass_manager_submit(struct bypass_manager *m, unsigned int worker,
    struct flow *f, enum bypass_why why, const struct timespec *when)
{
	struct bypass_request req = { .flow = f, .why = why };
	bool ok;

	if (when != NULL)
		req.when = *when;
	ok = bypass_request_ring_push(&m->workers[worker].ring, &req);
	/* reserve saw room, and this worker is the only producer */
	BUG_ON(!ok);
	doorbell_ring(&m->bell);
}

/* ------------------------------------------------------------ control */

int
bypass_manager_submit_key(struct bypass_manager *m,
    const struct bypass_key *key, enum bypass_why why)
{
	struct flow probe;
	struct bypass_key k;
	int rc = -1;
	size_t i;

	memset(&probe, 0, sizeof(probe));
	bypass_key_to_flow(key, &probe);
	if (bypass_key_from_flow(&k, &probe) == -1)
		return -1;
	pthread_mutex_lock(&m->lock);
	for (i = 0; i < m->nctl; i++)
		if (bypass_key_equal(&m->ctl[i].key, &k))
			break;
	if (i < m->nctl || bypass_table_lookup(m->table, &k) != NULL) {
		errno = EEXIST;
		goto done;
	}
	if (m->nctl == CTL_MAX) {
		errno = EAGAIN;
		goto done;
	}
	if (__atomic_add_fetch(&m->used, 1, __ATOMIC_RELAXED) >
	    m->cfg.max_flows) {
		__atomic_sub_fetch(&m->used, 1, __ATOMIC_RELAXED);
		errno = ENOSPC;
		goto done;
	}
	m->ctl[m->nctl].key = k;
	m->ctl[m->nctl].why = why;
	clock_gettime(CLOCK_REALTIME, &m->ctl[m->nctl].when);
	m->nctl++;
	__atomic_store_n(&m->nctl_pending, (uint32_t)m->nctl, __ATOMIC_RELEASE);
	rc = 0;
done:
	pthread_mutex_unlock(&m->lock);
	if (rc == 0)
		doorbell_ring(&m->bell);
	return rc;
}

size_t
bypass_manager_list(struct bypass_manager *m,
    void (*fn)(const struct bypass_flow_info *, void *), void *arg,
    size_t max)
{
	const struct bypass_entry *e = NULL;
	struct bypass_flow_info info;
	size_t n, shown = 0;

	pthread_mutex_lock(&m->lock);
	n = bypass_table_count(m->table);
	while (shown < max && (e = bypass_table_next(m->table, e)) != NULL) {
		memset(&info, 0, sizeof(info));
		info.key = e->key;
		info.ct_id = e->ct_id;
		info.why = e->why;
		info.when = e->when;
		info.restored = e->restored;
		info.pending = e->state == BYPASS_ENTRY_PENDING;
		memcpy(info.pkts, e->pkts, sizeof(info.pkts));
		memcpy(info.bytes, e->bytes, sizeof(info.bytes));
		memcpy(info.base_pkts, e->base_pkts, sizeof(info.base_pkts));
		memcpy(info.base_bytes, e->base_bytes, sizeof(info.base_bytes));
		fn(&info, arg);
		shown++;
	}
	pthread_mutex_unlock(&m->lock);
	return n;
}

void
bypass_manager_stats(const struct bypass_manager *m, struct bypass_stats *s)
{
	unsigned int i;

	memset(s, 0, sizeof(*s));
	for (i = 0; i < m->nworkers; i++) {
		const struct bypass_worker *w = &m->workers[i];

		s->local += counter_get(&w->local);
		s->table_full += counter_get(&w->table_full);
		s->ring_full += counter_get(&w->ring_full);
		s->unsupported += counter_get(&w->unsupported);
	}
	s->requests = counter_get(&m->st.requests);
	s->bypassed = counter_get(&m->st.bypassed);
	s->ct_mark_failed = counter_get(&m->st.ct_mark_failed);
	s->active = counter_get(&m->st.active);
	s->destroyed = counter_get(&m->st.destroyed);
	s->timeouts = counter_get(&m->st.timeouts);
	s->shutdown = counter_get(&m->st.shutdown);
	s->polls = counter_get(&m->st.polls);
	s->polled = counter_get(&m->st.polled);
	s->restored = counter_get(&m->st.restored);
	s->restore_skipped = counter_get(&m->st.restore_skipped);
	s->handed_over = counter_get(&m->st.handed_over);
	s->events_lost = counter_get(&m->st.events_lost);
	s->ct_errors = counter_get(&m->st.ct_errors);
	s->acct = counter_get(&m->st.acct);
}

/* ------------------------------------------------------------ the table */

/* At most one ctnetlink warning per second, with what was suppressed. */
static void
warn_ct(struct bypass_manager *m, const char *what, int err)
{
	time_t now = time(NULL);

	counter_inc(&m->st.ct_errors);
	if (now == m->warned_at) {
		m->warn_suppressed++;
		return;
	}
	m->warned_at = now;
	if (m->warn_suppressed > 0)
		log_warnx("bypass: %s: %s (%llu similar suppressed)", what,
		    strerror(err), (unsigned long long)m->warn_suppressed);
	else
		log_warnx("bypass: %s: %s", what, strerror(err));
	m->warn_suppressed = 0;
}

static void
pending_add(struct bypass_manager *m, struct bypass_entry *e)
{
	m->pending[m->npending++] = e;
	m->pending_new = true;
}

static void
pending_drop(struct bypass_manager *m, struct bypass_entry *e)
{
	size_t i;

	for (i = 0; i < m->npending; i++) {
		if (m->pending[i] == e) {
			m->pending[i] = m->pending[--m->npending];
			return;
		}
	}
}

static uint64_t
flow_id_of(uint32_t ct_id)
{
	return (uint64_t)ct_id << 16 | 0xffff;
}

/* Adds a flow to the table as PENDING. f NULL: a flow of the table's
 * own. The slot in m->used is already held; it is released when the
 * flow cannot be added. */
static void
admit(struct bypass_manager *m, const struct bypass_key *key, struct flow *f,
    enum bypass_why why, const struct timespec *when)
{
	struct bypass_flow_counters c;
	struct bypass_entry *e;
	int rc;

	counter_inc(&m->st.requests);
	pthread_mutex_lock(&m->lock);
	rc = bypass_table_add(m->table, key, f, why, when, &e);
	pthread_mutex_unlock(&m->lock);
	if (rc == -1 && errno == EEXIST) {
		/* The tuple was reused before we saw the old entry end. */
		finish(m, e, "timeout", false);
		pthread_mutex_lock(&m->lock);
		rc = bypass_table_add(m->table, key, f, why, when, &e);
		pthread_mutex_unlock(&m->lock);
	}
	if (rc == -1) {
		__atomic_sub_fetch(&m->used, 1, __ATOMIC_RELAXED);
		counter_inc(&m->st.ct_mark_failed);
		warn_ct(m, "cannot add a flow to the bypass table", errno);
		if (f != NULL) {
			memset(&c, 0, sizeof(c));
			c.why = why;
			if (when != NULL)
				c.bypassed_at = *when;
			m->record(f, &c, "failed", m->arg);
			flow_free(f, m->vars_free);
		}
		return;
	}
	if (e->own_flow) {
		e->flow->state = FLOW_STATE_ESTABLISHED;
		e->flow->flags |= FLOW_F_BYPASS;
		e->flow->first_ts = e->when;
		e->flow->last_ts = e->when;
	}
	counter_add(&m->st.active, 1);
	pending_add(m, e);
}

static void
drain_requests(struct bypass_manager *m)
{
	struct bypass_request req;
	struct bypass_key key;
	struct ctl_request ctl[CTL_MAX];
	size_t nctl, i;
	unsigned int w;

	for (w = 0; w < m->nworkers; w++) {
		while (bypass_request_ring_pop(&m->workers[w].ring, &req)) {
			if (req.when.tv_sec == 0 && req.when.tv_nsec == 0)
				clock_gettime(CLOCK_REALTIME, &req.when);
			/* reserve checked it can */
			(void)bypass_key_from_flow(&key, req.flow);
			admit(m, &key, req.flow, req.why, &req.when);
		}
	}
	if (__atomic_load_n(&m->nctl_pending, __ATOMIC_ACQUIRE) == 0)
		return;
	pthread_mutex_lock(&m->lock);
	nctl = m->nctl;
	memcpy(ctl, m->ctl, nctl * sizeof(ctl[0]));
	m->nctl = 0;
	__atomic_store_n(&m->nctl_pending, 0, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&m->lock);
	for (i = 0; i < nctl; i++)
		admit(m, &ctl[i].key, NULL, ctl[i].why, &ctl[i].when);
}

/* The flow direction of conntrack direction d for e. */
static int
flow_dir(const struct bypass_entry *e, int d)
{
	return e->ct_reversed ? 1 - d : d;
}

static bool
addr_eq(const struct ip_addr *a, const struct ip_addr *b)
{
	return a->family == b->family && memcmp(a->u.v6, b->u.v6,
	    a->family == AF_INET6 ? 16 : 4) == 0;
}

/* Whether quell inspected every packet of e's connection before the
 * bypass: a TCP flow it followed from the handshake. Then conntrack's
 * totals minus what quell inspected are exactly the packets that passed
 * uninspected, including those already queued when the bypass decision
 * was made and those that crossed the connmark rule before the manager
 * read conntrack's counters (a few ms; more on a loaded host, and with
 * the mark method, where the ruleset saves the mark, always some). */
static bool
inspected_whole(const struct bypass_entry *e)
{
	const struct flow *f = e->flow;

	return f->proto == IPPROTO_TCP && !(f->flags & FLOW_F_MIDSTREAM) &&
	    f->pkts[0] + f->pkts[1] > 0;
}

/* Marked (or, mark method, found): the entry gets its id and its
 * baseline counters: what quell inspected where that was the whole
 * connection up to the bypass, else conntrack's counters now (the
 * packets between the decision and now are then counted nowhere). */
static void
activate(struct bypass_manager *m, struct bypass_entry *e,
    const struct bypass_ct_op *op)
{
	const struct bypass_ct_entry *ce = &op->entry;
	bool whole = inspected_whole(e);
	int d;

	pthread_mutex_lock(&m->lock);
	bypass_table_set_ct_id(m->table, e, ce->id);
	if (addr_eq(&ce->orig.src, &e->key.src))
		e->ct_reversed = false;
	else if (addr_eq(&ce->orig.src, &e->key.dst))
		e->ct_reversed = true;
	else
		e->ct_reversed = op->reversed;	/* NAT */
	for (d = 0; d < 2; d++) {
		int fd = flow_dir(e, d);

		e->base_pkts[fd] = whole ? e->flow->pkts[fd] : ce->pkts[d];
		e->base_bytes[fd] = whole ? e->flow->bytes[fd] : ce->bytes[d];
	}
	e->state = BYPASS_ENTRY_ACTIVE;
	e->seen = m->gen;
	pthread_mutex_unlock(&m->lock);
	if (e->own_flow && e->flow->flow_id == 0)
		e->flow->flow_id = flow_id_of(ce->id);
	e->flow->flags |= FLOW_F_BYPASSED;
	counter_inc(&m->st.bypassed);
}

/* Counters since the bypass from what conntrack says now. A counter
 * below its baseline was reset (GET_CTRZERO by someone): count from 0. */
static void
update_counters(struct bypass_manager *m, struct bypass_entry *e,
    const struct bypass_ct_entry *ce)
{
	int d, fd;

	if (!ce->has_counters)
		return;
	pthread_mutex_lock(&m->lock);
	for (d = 0; d < 2; d++) {
		fd = flow_dir(e, d);
		if (ce->pkts[d] < e->base_pkts[fd] ||
		    ce->bytes[d] < e->base_bytes[fd]) {
			e->base_pkts[fd] = 0;
			e->base_bytes[fd] = 0;
		}
		e->pkts[fd] = ce->pkts[d] - e->base_pkts[fd];
		e->bytes[fd] = ce->bytes[d] - e->base_bytes[fd];
	}
	pthread_mutex_unlock(&m->lock);
}

/* Emits e's record and removes it (freeing its flow). */
static void
finish(struct bypass_manager *m, struct bypass_entry *e, const char *reason,
    bool final)
{
	struct bypass_flow_counters c;
	struct flow *f = e->flow;
	struct timespec now;
	int d;

	memset(&c, 0, sizeof(c));
	memcpy(c.pkts, e->pkts, sizeof(c.pkts));
	memcpy(c.bytes, e->bytes, sizeof(c.bytes));
	c.ct_id = e->ct_id;
	c.why = e->why;
	c.bypassed_at = e->when;
	c.restored = e->restored;
	c.final = final;
	for (d = 0; d < 2; d++) {
		f->bypass_pkts[d] += e->pkts[d];
		f->bypass_bytes[d] += e->bytes[d];
	}
	if (e->pkts[0] + e->pkts[1] > 0) {
		clock_gettime(CLOCK_REALTIME, &now);
		if (ts_before(&f->last_ts, &now))
			f->last_ts = now;
	}
	m->record(f, &c, reason, m->arg);
	if (e->state == BYPASS_ENTRY_PENDING)
		pending_drop(m, e);
	pthread_mutex_lock(&m->lock);
	bypass_table_remove(m->table, e);
	pthread_mutex_unlock(&m->lock);
	__atomic_sub_fetch(&m->used, 1, __ATOMIC_RELAXED);
	counter_add(&m->st.active, (uint64_t)-1);
	if (strcmp(reason, "destroy") == 0)
		counter_inc(&m->st.destroyed);
	else if (strcmp(reason, "timeout") == 0)
		counter_inc(&m->st.timeouts);
	else if (strcmp(reason, "shutdown") == 0)
		counter_inc(&m->st.shutdown);
	else
		counter_inc(&m->st.ct_mark_failed);
}

/* Marks (mark method: looks up) the PENDING entries. last: the final
 * attempt at stop, no retries. */
static void
flush_pending(struct bypass_manager *m, bool last)
{
	struct bypass_key k;
	struct timespec now;
	size_t n, i;
	char buf[BYPASS_KEY_STRLEN];

	now_mono(&now);
	m->pending_new = false;
	m->retry_at = now;
	ts_add_ms(&m->retry_at, RETRY_MS);
	if (m->ct == NULL) {
		while (m->npending > 0)
			finish(m, m->pending[0], "failed", false);
		return;
	}
	n = m->npending < OPS_MAX ? m->npending : OPS_MAX;
	for (i = 0; i < n; i++) {
		struct bypass_ct_op *op = &m->ops[i];

		memset(op, 0, sizeof(*op));
		op->key = m->pending[i]->key;
		op->set_mark = m->cfg.method == BYPASS_METHOD_CONNTRACK;
		op->mark = m->cfg.mark;
		op->mask = m->cfg.mask;
		m->op_entries[i] = m->pending[i];
	}
	if (bypass_conntrack_run(m->ct, m->ops, n) == -1) {
		warn_ct(m, "ctnetlink mark batch", errno);
		for (i = 0; i < n; i++)
			m->ops[i].error = ENOENT;
	}
	for (i = 0; i < n; i++) {
		struct bypass_entry *e = m->op_entries[i];
		int err = m->ops[i].error;

		if (err == 0) {
			pending_drop(m, e);
			activate(m, e, &m->ops[i]);
			continue;
		}
		if (err == ENOENT && ++e->tries < MARK_TRIES && !last)
			continue;
		k = e->key;
		warn_ct(m, bypass_key_format(&k, buf, sizeof(buf)), err);
		finish(m, e, "failed", false);
	}
	if (m->npending > 0 && n == OPS_MAX)
		m->pending_new = true;
}

/* The entry a conntrack message is about: by id, else by its tuple
 * either way round (an entry with another id is another connection). */
static struct bypass_entry *
find_ct(const struct bypass_manager *m, const struct bypass_ct_entry *ce)
{
	struct bypass_entry *e;
	struct bypass_key rev;

	if ((e = bypass_table_lookup_id(m->table, ce->id)) != NULL)
		return e;
	if ((e = bypass_table_lookup(m->table, &ce->orig)) == NULL) {
		bypass_key_reverse(&rev, &ce->orig);
		e = bypass_table_lookup(m->table, &rev);
	}
	if (e != NULL && e->ct_id != 0 && ce->id != 0 && e->ct_id != ce->id)
		return NULL;
	return e;
}

static void
on_destroy(const struct bypass_ct_entry *ce, void *arg)
{
	struct bypass_manager *m = arg;
	struct bypass_entry *e;

	if ((e = find_ct(m, ce)) == NULL || e->state != BYPASS_ENTRY_ACTIVE)
		return;
	update_counters(m, e, ce);
	finish(m, e, "destroy", true);
}

static void
read_events(struct bypass_manager *m)
{
	if (m->ct == NULL || bypass_conntrack_event_fd(m->ct) == -1)
		return;
	if (bypass_conntrack_read_events(m->ct, on_destroy, m) == -1) {
		if (errno == ENOBUFS) {
			/* Catch up at once: the next poll finds the ended
			 * entries ("timeout"). */
			counter_inc(&m->st.events_lost);
			now_mono(&m->poll_at);
		} else {
			warn_ct(m, "conntrack events", errno);
		}
	}
}

static void
on_dumped(const struct bypass_ct_entry *ce, void *arg)
{
	struct bypass_manager *m = arg;
	struct bypass_entry *e;

	if ((e = find_ct(m, ce)) == NULL || e->state != BYPASS_ENTRY_ACTIVE)
		return;
	update_counters(m, e, ce);
	e->seen = m->gen;
	counter_inc(&m->st.polled);
}

/* Reads the counters of the ACTIVE entries not in m->gen yet, by tuple;
 * those gone (or replaced by another connection) end: reason. */
static void
get_unseen(struct bypass_manager *m, const char *gone_reason)
{
	struct bypass_entry *e = NULL, *next;
	size_t n, i;

	next = bypass_table_next(m->table, NULL);
	while (next != NULL) {
		for (n = 0; n < OPS_MAX && next != NULL; ) {
			e = next;
			next = bypass_table_next(m->table, e);
			if (e->state != BYPASS_ENTRY_ACTIVE || e->seen == m->gen)
				continue;
			memset(&m->ops[n], 0, sizeof(m->ops[n]));
			m->ops[n].key = e->key;
			m->op_entries[n++] = e;
		}
		if (n == 0)
			break;
		if (bypass_conntrack_run(m->ct, m->ops, n) == -1) {
			warn_ct(m, "ctnetlink counter batch", errno);
			return;
		}
		for (i = 0; i < n; i++) {
			const struct bypass_ct_op *op = &m->ops[i];

			e = m->op_entries[i];
			if (op->error == 0 && (e->ct_id == 0 ||
			    op->entry.id == e->ct_id)) {
				update_counters(m, e, &op->entry);
				e->seen = m->gen;
				counter_inc(&m->st.polled);
			} else if (op->error == 0 || op->error == ENOENT) {
				/* next is not in this batch: still valid */
				finish(m, e, gone_reason, false);
			}
		}
	}
}

static void
poll_counters(struct bypass_manager *m)
{
	/* The kernel walks its whole conntrack table for a dump, every
	 * namespace's (milliseconds on a busy host): with nothing
	 * bypassed there is nothing to read. */
	if (m->ct == NULL || bypass_table_count(m->table) == 0)
		return;
	m->gen++;
	counter_inc(&m->st.polls);
	if (bypass_conntrack_dump_marked(m->ct, m->cfg.mark, m->cfg.mask,
	    on_dumped, m) == -1) {
		warn_ct(m, "conntrack dump", errno);
		return;
	}
	/* An entry destroyed since the dump: its event has the final
	 * figures, better than "timeout". */
	read_events(m);
	get_unseen(m, "timeout");
}

static void
on_restore(const struct bypass_ct_entry *ce, void *arg)
{
	struct bypass_manager *m = arg;
	struct bypass_entry *e;
	struct timespec now;
	struct flow *f;
	int d;

	if (find_ct(m, ce) != NULL)
		return;
	if (__atomic_add_fetch(&m->used, 1, __ATOMIC_RELAXED) >
	    m->cfg.max_flows) {
		__atomic_sub_fetch(&m->used, 1, __ATOMIC_RELAXED);
		counter_inc(&m->st.restore_skipped);
		return;
	}
	clock_gettime(CLOCK_REALTIME, &now);
	pthread_mutex_lock(&m->lock);
	if (bypass_table_add(m->table, &ce->orig, NULL, BYPASS_WHY_RESTORED,
	    &now, &e) == -1) {
		pthread_mutex_unlock(&m->lock);
		__atomic_sub_fetch(&m->used, 1, __ATOMIC_RELAXED);
		counter_inc(&m->st.restore_skipped);
		return;
	}
	bypass_table_set_ct_id(m->table, e, ce->id);
	e->restored = true;
	e->state = BYPASS_ENTRY_ACTIVE;
	e->seen = m->gen;
	/* whole: the record carries the connection's totals */
	for (d = 0; d < 2 && m->cfg.restart == BYPASS_RESTART_SPLIT; d++) {
		e->base_pkts[d] = ce->pkts[d];
		e->base_bytes[d] = ce->bytes[d];
	}
	pthread_mutex_unlock(&m->lock);
	f = e->flow;
	f->flow_id = flow_id_of(ce->id);
	f->state = FLOW_STATE_ESTABLISHED;
	f->flags |= FLOW_F_BYPASS | FLOW_F_BYPASSED;
	f->last_ts = now;
	f->first_ts = now;
	if (ce->start_ns != 0) {
		f->first_ts.tv_sec = (time_t)(ce->start_ns / 1000000000u);
		f->first_ts.tv_nsec = (long)(ce->start_ns % 1000000000u);
	}
	counter_add(&m->st.active, 1);
	counter_inc(&m->st.restored);
}

static void
restore(struct bypass_manager *m)
{
	long n;

	if (m->ct == NULL || !m->cfg.restore)
		return;
	if ((n = bypass_conntrack_dump_marked(m->ct, m->cfg.mark,
	    m->cfg.mask, on_restore, m)) == -1) {
		log_warn("bypass: cannot read back the conntrack entries "
		    "marked 0x%x/0x%x", m->cfg.mark, m->cfg.mask);
		return;
	}
	log_info("bypass: %llu flow(s) restored from conntrack entries "
	    "marked 0x%x/0x%x", (unsigned long long)m->st.restored,
	    m->cfg.mark, m->cfg.mask);
	if (m->st.restore_skipped > 0)
		log_warnx("bypass: %llu marked conntrack entries beyond "
		    "bypass.max-flows %u: left bypassed, not accounted",
		    (unsigned long long)m->st.restore_skipped,
		    m->cfg.max_flows);
}

/* ------------------------------------------------------------ the thread */

static bool
work_waiting(struct bypass_manager *m)
{
	unsigned int w;

	if (__atomic_load_n(&m->nctl_pending, __ATOMIC_ACQUIRE) != 0 ||
	    __atomic_load_n(&m->stop, __ATOMIC_ACQUIRE) != 0)
		return true;
	for (w = 0; w < m->nworkers; w++)
		if (!bypass_request_ring_empty(&m->workers[w].ring))
			return true;
	return false;
}

/* Restart accounting "whole": a flow still alive in conntrack is left,
 * marked and unrecorded, to the next start. */
static void
hand_over(struct bypass_manager *m, struct bypass_entry *e)
{
	pthread_mutex_lock(&m->lock);
	bypass_table_remove(m->table, e);
	pthread_mutex_unlock(&m->lock);
	__atomic_sub_fetch(&m->used, 1, __ATOMIC_RELAXED);
	counter_add(&m->st.active, (uint64_t)-1);
	counter_inc(&m->st.handed_over);
}

/* At stop: what the workers still sent, the last marks, the events,
 * then every flow left is collected: recorded "shutdown", or (restart
 * accounting "whole") handed over to the next start if conntrack still
 * has it. */
static void
collect_all(struct bypass_manager *m)
{
	bool whole = m->cfg.restart == BYPASS_RESTART_WHOLE;
	struct bypass_entry *e;

	drain_requests(m);
	if (m->npending > 0)
		flush_pending(m, true);
	read_events(m);
	if (m->ct != NULL) {
		m->gen++;
		get_unseen(m, whole ? "timeout" : "shutdown");
	}
	while ((e = bypass_table_next(m->table, NULL)) != NULL) {
		if (whole && m->ct != NULL && e->state == BYPASS_ENTRY_ACTIVE &&
		    e->seen == m->gen)
			hand_over(m, e);
		else
			finish(m, e, "shutdown", false);
	}
	if (counter_get(&m->st.handed_over) > 0)
		log_info("bypass: %llu flow(s) left bypassed for the next start",
		    (unsigned long long)counter_get(&m->st.handed_over));
}

static void *
manager_main(void *arg)
{
	struct bypass_manager *m = arg;
	struct timespec now;
	uint32_t seq;

	log_procinit("bypass");
	now_mono(&m->poll_at);
	ts_add_ms(&m->poll_at, (long)m->cfg.poll_interval * 1000);
	while (__atomic_load_n(&m->stop, __ATOMIC_ACQUIRE) == 0) {
		drain_requests(m);
		now_mono(&now);
		if (m->npending > 0 && (m->pending_new ||
		    !ts_before(&now, &m->retry_at)))
			flush_pending(m, false);
		read_events(m);
		if (!ts_before(&now, &m->poll_at)) {
			poll_counters(m);
			now_mono(&m->poll_at);
			ts_add_ms(&m->poll_at, (long)m->cfg.poll_interval * 1000);
		}
		seq = doorbell_prepare(&m->bell);
		if (work_waiting(m) || m->pending_new)
			doorbell_cancel(&m->bell);
		else
			doorbell_wait(&m->bell, seq, m->npending > 0 ?
			    RETRY_MS / 2 : TICK_MS);
	}
	collect_all(m);
	return NULL;
}

int
bypass_manager_start(struct bypass_manager *m)
{
	int rc;

	if (m->started) {
		errno = EALREADY;
		return -1;
	}
	restore(m);
	if ((rc = pthread_create(&m->thread, NULL, manager_main, m)) != 0) {
		errno = rc;
		return -1;
	}
	m->started = true;
	return 0;
}

void
bypass_manager_stop(struct bypass_manager *m)
{
	if (!m->started || m->stopped)
		return;
	__atomic_store_n(&m->stop, 1, __ATOMIC_RELEASE);
	doorbell_ring(&m->bell);
	pthread_join(m->thread, NULL);
	m->stopped = true;
}
