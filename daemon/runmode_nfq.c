#include "core/base.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#include <linux/netfilter.h>

#include "capture/nfq.h"
#include "capture/nfq_proc.h"
#include "capture/nfq_verdict.h"
#include "capture/reject.h"
#include "config/config.h"
#include "core/counters.h"
#include "core/doorbell.h"
#include "core/hash.h"
#include "core/log.h"
#include "core/ring.h"
#include "decode/decode.h"
#include "detect/engine.h"
#include "output/eve.h"
#include "runmode_nfq.h"

/* How long a reader waits for packets before checking for shutdown. */
#define READER_POLL_MS		100
/* How long an idle worker sleeps before checking for shutdown. */
#define WORKER_IDLE_MS		100
/* At shutdown, packets still in the kernel queue are read and verdicted
 * before unbinding (unbinding would drop them); bounded so a flood
 * cannot hold shutdown forever. */
#define READER_DRAIN_ROUNDS	256
/* A worker takes at most this many packets from one ring before looking
 * at the next, so one busy queue cannot starve the others. */
#define WORKER_BURST		64
#define RING_SLOTS		4096
#define RING_ARENA_BYTES	(8u << 20)

struct worker;

/* Per (queue, worker) verdict counters, written by the worker only. */
struct verdict_counters {
	uint64_t	 accepted;
	uint64_t	 dropped;
	uint64_t	 repeated;
	uint64_t	 routed;
	uint64_t	 marked;
	uint64_t	 rejected;
	uint64_t	 verdict_errors;
};

struct reader {
	pthread_t		 thread;
	bool			 started;
	int			 done;		/* read with __atomic */
	uint16_t		 index;
	struct runmode_nfq	*rm;
	struct capture_nfq	*nfq;
	struct ring		*rings;		/* one per worker */
	uint64_t		 touched;	/* workers to wake, bitmask */
	uint64_t		 ring_full_accepted;
	uint64_t		 ring_full_dropped;
	uint64_t		 decoder_invalid;
};

struct worker {
	pthread_t		 thread;
	bool			 started;
	uint16_t		 index;
	struct runmode_nfq	*rm;
	struct detect_thread	*detect;
	struct doorbell		 bell;
	struct nfq_verdict_batch *batches;	/* one per reader */
	struct verdict_counters	*counters;	/* one per reader */
	uint64_t		 alerts;
};

struct runmode_nfq {
	const struct quell_config *cfg;
	const struct detect_engine *engine;
	struct output_eve	*eve;
	struct capture_reject	*reject;
	bool			 eve_alerts;
	struct nfq_verdict_policy policy;
	unsigned		 worker_delay_us;
	struct reader		*readers;
	size_t			 nreaders;
	struct worker		*workers;
	size_t			 nworkers;
	struct timespec		 started;
	int			 quit;		/* read with __atomic */
};

static void
pin_thread(const char *cpus, size_t index)
{
	cpu_set_t set;
	int ncpu = 0, list[CPU_SETSIZE];
	const char *s = cpus;

	if (cpus == NULL || *cpus == '\0')
		return;
	/* "0-3,6": the thread takes the index-th CPU of the list. */
	while (*s != '\0' && ncpu < CPU_SETSIZE) {
		char *end;
		long a = strtol(s, &end, 10), b;

		if (end == s)
			return;
		b = a;
		if (*end == '-')
			b = strtol(end + 1, &end, 10);
		for (long c = a; c <= b && c < CPU_SETSIZE && ncpu < CPU_SETSIZE; c++)
			list[ncpu++] = (int)c;
		s = *end == ',' ? end + 1 : end;
		if (*end != ',' && *end != '\0')
			return;
	}
	if (ncpu == 0)
		return;
	CPU_ZERO(&set);
	CPU_SET(list[index % (size_t)ncpu], &set);
	if (pthread_setaffinity_np(pthread_self(), sizeof(set), &set) != 0)
		log_warnx("cannot pin thread to CPU %d", list[index % (size_t)ncpu]);
}

/* Reader side: a packet the rings cannot take still gets a verdict now,
 * by the configured ring-full policy. */
static void
reader_packet(struct capture_nfq *nfq, struct packet *p, void *arg)
{
	struct reader *r = arg;
	struct runmode_nfq *rm = r->rm;
	uint32_t w = 0;

	if (decode_packet(p) == -1)
		counter_inc(&r->decoder_invalid);
	if (rm->nworkers > 1)
		w = hash_flow_symmetric(p) % (uint32_t)rm->nworkers;
	if (ring_push(&r->rings[w], p, r->index)) {
		r->touched |= (uint64_t)1 << (w & 63);
		return;
	}
	if (rm->cfg->nfq_ring_full == CONFIG_FAIL_DROP) {
		capture_nfq_verdict(nfq, p->nfq_id, NF_DROP, false, 0);
		counter_inc(&r->ring_full_dropped);
	} else {
		capture_nfq_verdict(nfq, p->nfq_id, NF_ACCEPT, false, 0);
		counter_inc(&r->ring_full_accepted);
	}
}

static void
reader_wake_workers(struct reader *r)
{
	for (size_t w = 0; w < r->rm->nworkers; w++)
		if (r->touched & ((uint64_t)1 << (w & 63)))
			doorbell_ring(&r->rm->workers[w].bell);
	r->touched = 0;
}

static void *
reader_main(void *arg)
{
	struct reader *r = arg;
	struct runmode_nfq *rm = r->rm;
	char name[16];
	int n;

	snprintf(name, sizeof(name), "nfq%u", capture_nfq_queue(r->nfq));
	log_procinit(name);
	pin_thread(rm->cfg->reader_cpus, r->index);
	while (!__atomic_load_n(&rm->quit, __ATOMIC_RELAXED)) {
		n = capture_nfq_recv(r->nfq, READER_POLL_MS, reader_packet, r);
		if (n == -1) {
			log_warn("queue %u: receive", capture_nfq_queue(r->nfq));
			break;
		}
		if (n > 0)
			reader_wake_workers(r);
	}
	for (int i = 0; i < READER_DRAIN_ROUNDS; i++) {
		if (capture_nfq_recv(r->nfq, 0, reader_packet, r) <= 0)
			break;
		reader_wake_workers(r);
	}
	__atomic_store_n(&r->done, 1, __ATOMIC_RELEASE);
	for (size_t w = 0; w < rm->nworkers; w++)
		doorbell_ring(&rm->workers[w].bell);
	return NULL;
}

static void
worker_flush(struct worker *w, size_t reader)
{
	struct nfq_verdict_batch *b = &w->batches[reader];
	uint32_t count = b->count;

	if (count == 0)
		return;
	if (capture_nfq_batch_flush(w->rm->readers[reader].nfq, b) == -1)
		counter_add(&w->counters[reader].verdict_errors, count);
}

static void
worker_reject(struct worker *w, const struct packet *p,
    const struct detect_result *res)
{
	bool to_src = false, to_dst = false;

	for (uint32_t i = 0; i < res->nalerts; i++) {
		switch (res->alerts[i].action) {
		case RULE_ACTION_REJECT:
		case RULE_ACTION_REJECTSRC:
			to_src = true;
			break;
		case RULE_ACTION_REJECTDST:
			to_dst = true;
			break;
		case RULE_ACTION_REJECTBOTH:
			to_src = to_dst = true;
			break;
		default:
			break;
		}
	}
	if (w->rm->reject == NULL)
		return;
	if (to_src)
		capture_reject_send(w->rm->reject, p, REJECT_TO_SOURCE);
	if (to_dst)
		capture_reject_send(w->rm->reject, p, REJECT_TO_DEST);
}

static void
worker_packet(struct worker *w, struct ring_slot *s)
{
	struct runmode_nfq *rm = w->rm;
	struct packet *p = &s->pkt;
	struct verdict_counters *vc = &w->counters[s->source];
	struct nfq_verdict_batch *batch = &w->batches[s->source];
	struct detect_result res;
	struct nfq_verdict v;
	bool drop = false;

	if (rm->worker_delay_us > 0)
		usleep(rm->worker_delay_us);
	res.nalerts = 0;
	res.verdict = DETECT_VERDICT_ACCEPT;
	if (p->ip_version != 0) {
		detect_packet(w->detect, p, &res);
		drop = res.verdict != DETECT_VERDICT_ACCEPT;
	}
	capture_nfq_verdict_decide(&rm->policy, p->mark, drop, NULL, &v);
	if (capture_nfq_batch_full(batch))
		worker_flush(w, s->source);
	capture_nfq_batch_add(batch, p->queue, p->nfq_id, &v);

	if (res.verdict == DETECT_VERDICT_REJECT) {
		counter_inc(&vc->rejected);
		worker_reject(w, p, &res);
	}
	if (drop)
		counter_inc(&vc->dropped);
	else if (rm->policy.mode == NFQ_VERDICT_MODE_REPEAT)
		counter_inc(&vc->repeated);
	else if (rm->policy.mode == NFQ_VERDICT_MODE_ROUTE)
		counter_inc(&vc->routed);
	else
		counter_inc(&vc->accepted);
	if (v.set_mark && rm->policy.mode != NFQ_VERDICT_MODE_REPEAT)
		counter_inc(&vc->marked);

	for (uint32_t i = 0; i < res.nalerts; i++) {
		const struct detect_alert *a = &res.alerts[i];
		struct output_eve_alert ea = {
			.gid = a->gid,
			.sid = a->sid,
			.rev = a->rev,
			.msg = a->msg,
			.blocked = a->blocked,
			.verdict = drop ? "drop" : "accept",
		};

		counter_inc(&w->alerts);
		if (rm->eve_alerts)
			output_eve_alert(rm->eve, p, &ea);
	}
}

static bool
worker_rings_empty(const struct worker *w)
{
	for (size_t r = 0; r < w->rm->nreaders; r++)
		if (!ring_empty(&w->rm->readers[r].rings[w->index]))
			return false;
	return true;
}

static bool
readers_done(const struct runmode_nfq *rm)
{
	for (size_t r = 0; r < rm->nreaders; r++)
		if (!__atomic_load_n(&rm->readers[r].done, __ATOMIC_ACQUIRE))
			return false;
	return true;
}

static void *
worker_main(void *arg)
{
	struct worker *w = arg;
	struct runmode_nfq *rm = w->rm;
	char name[16];

	snprintf(name, sizeof(name), "worker%u", w->index);
	log_procinit(name);
	pin_thread(rm->cfg->worker_cpus, w->index);
	for (;;) {
		size_t handled = 0;

		for (size_t r = 0; r < rm->nreaders; r++) {
			struct ring *ring = &rm->readers[r].rings[w->index];
			struct ring_slot *s;
			int burst = 0;

			while (burst < WORKER_BURST &&
			    (s = ring_peek(ring)) != NULL) {
				worker_packet(w, s);
				ring_release(ring, s);
				burst++;
			}
			handled += (size_t)burst;
		}
		/* Verdicts go out once per round: batching without holding
		 * a packet longer than one pass over the rings. */
		for (size_t r = 0; r < rm->nreaders; r++)
			worker_flush(w, r);
		if (handled > 0)
			continue;
		/* Readers finish pushing before they say done, so empty
		 * rings after that mean nothing is left to verdict. */
		if (readers_done(rm) && worker_rings_empty(w))
			break;
		{
			uint32_t seq = doorbell_prepare(&w->bell);

			if (worker_rings_empty(w) && !readers_done(rm))
				doorbell_wait(&w->bell, seq, WORKER_IDLE_MS);
			else
				doorbell_cancel(&w->bell);
		}
	}
	return NULL;
}

static unsigned
worker_count(const struct quell_config *cfg)
{
	long n;

	if (cfg->detect_threads > 0)
		return cfg->detect_threads;
	n = sysconf(_SC_NPROCESSORS_ONLN);
	return n > 0 ? (unsigned)n : 1;
}

static void
policy_from_config(const struct quell_config *cfg,
    struct nfq_verdict_policy *pol)
{
	memset(pol, 0, sizeof(*pol));
	pol->mode = cfg->nfq_mode == CONFIG_NFQ_MODE_REPEAT ?
	    NFQ_VERDICT_MODE_REPEAT : cfg->nfq_mode == CONFIG_NFQ_MODE_ROUTE ?
	    NFQ_VERDICT_MODE_ROUTE : NFQ_VERDICT_MODE_ACCEPT;
	pol->repeat_mark = cfg->nfq_repeat_mark;
	pol->repeat_mask = cfg->nfq_repeat_mask;
	pol->route_queue = (uint16_t)cfg->nfq_route_queue;
	pol->route_bypass = cfg->nfq_route_bypass;
}

struct runmode_nfq *
runmode_nfq_start(const struct quell_config *cfg,
    const struct detect_engine *engine, struct output_eve *eve,
    const struct runmode_nfq_opts *opts, char *err, size_t errlen)
{
	struct runmode_nfq *rm;

	if ((rm = calloc(1, sizeof(*rm))) == NULL)
		goto nomem;
	rm->cfg = cfg;
	rm->engine = engine;
	rm->eve = eve;
	rm->eve_alerts = eve != NULL && config_eve_type_enabled(cfg, "alert");
	rm->worker_delay_us = opts->worker_delay_us;
	policy_from_config(cfg, &rm->policy);
	rm->nreaders = cfg->nfq_nqueues;
	rm->nworkers = worker_count(cfg);
	if (rm->nworkers > 64)
		rm->nworkers = 64;
	clock_gettime(CLOCK_MONOTONIC, &rm->started);
	rm->readers = calloc(rm->nreaders, sizeof(*rm->readers));
	rm->workers = calloc(rm->nworkers, sizeof(*rm->workers));
	if (rm->readers == NULL || rm->workers == NULL)
		goto nomem;
	/* Raw sockets for reject replies must be opened while privileged;
	 * without them reject still drops, and says why once. */
	if ((rm->reject = capture_reject_open()) == NULL)
		log_warn("reject replies disabled: raw socket");

	for (size_t i = 0; i < rm->nworkers; i++) {
		struct worker *w = &rm->workers[i];

		w->rm = rm;
		w->index = (uint16_t)i;
		w->batches = calloc(rm->nreaders, sizeof(*w->batches));
		w->counters = calloc(rm->nreaders, sizeof(*w->counters));
		w->detect = detect_thread_new(engine);
		if (w->batches == NULL || w->counters == NULL ||
		    w->detect == NULL)
			goto nomem;
	}
	/* Bind every queue before any thread runs, so a queue held by
	 * another program fails the start with nothing half-running. */
	for (size_t i = 0; i < rm->nreaders; i++) {
		struct capture_nfq_opts o = {
			.queue = cfg->nfq_queues[i],
			.queue_maxlen = cfg->nfq_queue_maxlen,
			.rcvbuf = cfg->nfq_socket_rcvbuf,
			.fail_open = cfg->nfq_fail_open,
		};
		struct reader *r = &rm->readers[i];

		r->rm = rm;
		r->index = (uint16_t)i;
		if ((r->rings = calloc(rm->nworkers, sizeof(*r->rings))) == NULL)
			goto nomem;
		for (size_t w = 0; w < rm->nworkers; w++)
			if (ring_init(&r->rings[w], RING_SLOTS,
			    RING_ARENA_BYTES) == -1)
				goto nomem;
		if ((r->nfq = capture_nfq_open(&o, err, errlen)) == NULL)
			goto fail;
	}
	for (size_t i = 0; i < rm->nworkers; i++) {
		struct worker *w = &rm->workers[i];

		if (pthread_create(&w->thread, NULL, worker_main, w) != 0) {
			snprintf(err, errlen, "cannot start worker thread");
			goto fail;
		}
		w->started = true;
	}
	for (size_t i = 0; i < rm->nreaders; i++) {
		struct reader *r = &rm->readers[i];

		if (pthread_create(&r->thread, NULL, reader_main, r) != 0) {
			snprintf(err, errlen, "cannot start reader thread");
			goto fail;
		}
		r->started = true;
	}
	return rm;
nomem:
	snprintf(err, errlen, "out of memory");
fail:
	runmode_nfq_stop(rm);
	return NULL;
}

size_t
runmode_nfq_workers(const struct runmode_nfq *rm)
{
	return rm->nworkers;
}

static void
collect(struct runmode_nfq *rm, struct output_eve_queue_stats *qs,
    struct output_eve_stats *s)
{
	struct timespec now;

	memset(s, 0, sizeof(*s));
	for (size_t i = 0; i < rm->nreaders; i++) {
		struct reader *r = &rm->readers[i];
		struct output_eve_queue_stats *q = &qs[i];
		struct capture_nfq_stats cs = { 0 };
		struct nfq_kernel_stats ks;

		memset(q, 0, sizeof(*q));
		if (r->nfq != NULL)
			capture_nfq_stats(r->nfq, &cs);
		q->queue = rm->cfg->nfq_queues[i];
		q->packets = cs.packets;
		q->bytes = cs.bytes;
		q->enobufs = cs.enobufs;
		q->bad_messages = cs.bad_messages;
		q->verdict_errors = cs.verdict_errors;
		q->ring_full = counter_get(&r->ring_full_accepted) +
		    counter_get(&r->ring_full_dropped);
		q->accepted = counter_get(&r->ring_full_accepted);
		q->dropped = counter_get(&r->ring_full_dropped);
		s->decoder_invalid += counter_get(&r->decoder_invalid);
		for (size_t w = 0; w < rm->nworkers; w++) {
			const struct verdict_counters *vc =
			    &rm->workers[w].counters[i];

			q->accepted += counter_get(&vc->accepted);
			q->dropped += counter_get(&vc->dropped);
			q->repeated += counter_get(&vc->repeated);
			q->routed += counter_get(&vc->routed);
			q->marked += counter_get(&vc->marked);
			q->rejected += counter_get(&vc->rejected);
			q->verdict_errors += counter_get(&vc->verdict_errors);
		}
		if (capture_nfq_proc_read(CAPTURE_NFQ_PROC_PATH, q->queue,
		    &ks) == 0) {
			q->has_kernel = true;
			q->kernel_queue_total = ks.queue_total;
			q->kernel_queue_dropped = ks.queue_dropped;
			q->kernel_user_dropped = ks.user_dropped;
			q->kernel_id_sequence = ks.id_sequence;
		}
	}
	for (size_t w = 0; w < rm->nworkers; w++)
		s->alerts += counter_get(&rm->workers[w].alerts);
	clock_gettime(CLOCK_MONOTONIC, &now);
	s->uptime = (uint64_t)(now.tv_sec - rm->started.tv_sec);
	s->queues = qs;
	s->nqueues = rm->nreaders;
}

void
runmode_nfq_write_stats(struct runmode_nfq *rm)
{
	struct output_eve_queue_stats qs[CONFIG_MAX_QUEUES];
	struct output_eve_stats s;

	if (rm->eve == NULL || !config_eve_type_enabled(rm->cfg, "stats"))
		return;
	collect(rm, qs, &s);
	output_eve_stats(rm->eve, &s);
}

bool
runmode_nfq_failed(const struct runmode_nfq *rm)
{
	if (__atomic_load_n(&rm->quit, __ATOMIC_RELAXED))
		return false;
	for (size_t i = 0; i < rm->nreaders; i++)
		if (__atomic_load_n(&rm->readers[i].done, __ATOMIC_ACQUIRE))
			return true;
	return false;
}

void
runmode_nfq_stop(struct runmode_nfq *rm)
{
	bool any_started = false;

	if (rm == NULL)
		return;
	__atomic_store_n(&rm->quit, 1, __ATOMIC_RELAXED);
	/* Readers first: they drain the kernel queue into the rings. A
	 * reader that never started counts as done. */
	for (size_t i = 0; i < rm->nreaders; i++) {
		if (rm->readers[i].started) {
			pthread_join(rm->readers[i].thread, NULL);
			any_started = true;
		}
		__atomic_store_n(&rm->readers[i].done, 1, __ATOMIC_RELEASE);
	}
	for (size_t i = 0; i < rm->nworkers; i++) {
		doorbell_ring(&rm->workers[i].bell);
		if (rm->workers[i].started)
			pthread_join(rm->workers[i].thread, NULL);
	}
	if (any_started)
		runmode_nfq_write_stats(rm);
	for (size_t i = 0; rm->readers != NULL && i < rm->nreaders; i++) {
		struct reader *r = &rm->readers[i];

		capture_nfq_close(r->nfq);
		r->nfq = NULL;
		for (size_t w = 0; r->rings != NULL && w < rm->nworkers; w++)
			ring_destroy(&r->rings[w]);
		free(r->rings);
		r->rings = NULL;
	}
	for (size_t i = 0; rm->workers != NULL && i < rm->nworkers; i++) {
		struct worker *w = &rm->workers[i];

		detect_thread_free(w->detect);
		free(w->batches);
		free(w->counters);
	}
	capture_reject_close(rm->reject);
	free(rm->readers);
	free(rm->workers);
	free(rm);
}
