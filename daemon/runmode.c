#include "core/base.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#include <sys/random.h>
#include <linux/netfilter.h>

#include <jansson.h>

#include "applayer/applayer.h"
#include "bypass/manager.h"
#include "capture/nfq.h"
#include "capture/nfq_verdict.h"
#include "capture/pcap.h"
#include "capture/reject.h"
#include "config/config.h"
#include "core/bug.h"
#include "core/counters.h"
#include "core/doorbell.h"
#include "core/hash.h"
#include "core/jtext.h"
#include "core/log.h"
#include "core/ring.h"
#include "decode/checksum.h"
#include "decode/decode.h"
#include "decode/events.h"
#include "decode/stats.h"
#include "decode/tunnel.h"
#include "defrag/defrag.h"
#include "detect/buffer.h"
#include "detect/engine.h"
#include "detect/hosttable.h"
#include "detect/tag.h"
#include "flow/flow.h"
#include "flow/table.h"
#include "output/anomaly.h"
#include "output/eve.h"
#include "output/fastlog.h"
#include "output/statslog.h"
#include "output/writer.h"
#include "pipeline/pipeline.h"
#include "stream/hostos.h"
#include "outputs.h"
#include "reload.h"
#include "runmode.h"

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
/* An offline reader wakes workers at least this often. */
#define PCAP_WAKE_EVERY		64
/* Rings are kept smaller than the kernel queue: every packet in a ring
 * still counts against nfq.queue-maxlen, and overload must reach the
 * counted ring-full policy before the kernel's fail-open, which counts
 * nothing. */
#define RING_SLOTS_MIN		64
#define RING_SLOTS_MAX		4096
#define RING_ARENA_BYTES	(8u << 20)
#define MAX_WORKERS		64
/* runmode workers: slots of the flow owner hints (a power of two, at
 * least 2^8: the tag keeps the hash bits above the slot's in 24 bits) */
#define OWNER_SLOTS		(1u << 16)

enum source_kind {
	SOURCE_NFQ,
	SOURCE_PCAP,
};

/* Per (source, worker) verdict counters, written by the worker only. */
struct verdict_counters {
	uint64_t	 accepted;
	uint64_t	 dropped;
	uint64_t	 repeated;
	uint64_t	 routed;
	uint64_t	 marked;
	uint64_t	 rejected;
	uint64_t	 verdict_errors;
};

/* A packet source: one NFQUEUE queue, or the offline capture files. */
struct reader {
	pthread_t		 thread;
	bool			 started;
	int			 done;		/* read with __atomic */
	uint16_t		 index;
	enum source_kind	 kind;
	struct runmode		*rm;
	struct capture_nfq	*nfq;		/* SOURCE_NFQ */
	uint64_t		 pcap_packets;	/* SOURCE_PCAP */
	uint64_t		 pcap_bytes;
	int			 read_error;	/* read with __atomic */
	struct ring		*rings;		/* one per worker */
	uint64_t		 touched;	/* workers to wake, bitmask */
	uint64_t		 ring_full_accepted;
	uint64_t		 ring_full_dropped;
	uint64_t		 decoder_invalid;
	uint64_t		 invalid_checksum;
	uint64_t		 bad_tcp_checksums; /* -k auto: in the sample */
	bool			 ignore_checksums; /* -k none, or auto decided */
	uint64_t		 decoder_events[DECODE_EV_MAX];
	struct decode_stats	 decode_stats;	/* stats.decoder.pkts, .ipv4 ... */
	struct defrag		*defrag;	/* this reader's datagrams */
	/* offline: the last capture, its records lent to the rings; closed
	 * once the workers are gone (runmode_stop) */
	struct capture_pcap	*pcap_lent;
	struct defrag_chain	 chain;		/* those p completed */
};

/* Bytes of the stream an alert's eve payload shows (Suricata's default
 * alert payload-buffer-size, 4 KiB). */
#define WORKER_STREAM_PAYLOAD	4096

struct worker {
	pthread_t		 thread;
	bool			 started;
	uint16_t		 index;
	struct runmode		*rm;
	/* the engine detect belongs to, and the last one acknowledged to
	 * a reload waiting to free the previous engine */
	const struct detect_engine *engine;
	const struct detect_engine *engine_ack;	/* __atomic */
	struct detect_thread	*detect;
	struct doorbell		 bell;
	struct nfq_verdict_batch *batches;	/* one per reader */
	struct verdict_counters	*counters;	/* one per reader */
	uint64_t		 alerts;
	uint64_t		 alert_queue_overflow;
	uint64_t		 alerts_suppressed;
	/* IPS mode: dropped packets by reason (stats ips.drop_reason) */
	uint64_t		 ips_drop_reason[OUTPUT_EVE_DROP_REASONS];
	struct pipeline		*pl;		/* flow, stream, detect, decision */
	struct flow_table	*flows;		/* the pipeline's: this worker's
						   flows only */
	uint64_t		 bypass_local;	/* flows bypassed in software */
	/* runmode workers: TCP packets whose flow another reader owns
	 * (Suricata's tcp.pkt_on_wrong_thread) */
	uint64_t		 wrong_thread;
	time_t			 last_expire;	/* packet second of the last pass */
	/* decoder events of the tunnels' inner packets, decoded here */
	uint64_t		 decoder_events[DECODE_EV_MAX];
	struct decode_stats	 decode_stats;	/* their layers */
	uint64_t		 tunnel_packets;
	uint64_t		 defrag_dropped; /* datagrams dropped, and the
						   fragments that completed
						   them */
	const struct packet	*log_pkt;	/* worker_app_log's packet */
	/* an alert's stream payload (Suricata's payload-buffer-size) */
	uint8_t			 stream_payload[WORKER_STREAM_PAYLOAD];
};

struct runmode {
	const struct quell_config *cfg;
	struct detect_engine	*engine;	/* __atomic */
	struct stream_hostos	*hosts;		/* host-os-policy, shared */
	struct applayer_config	*app;		/* app layer settings, shared */
	struct applayer_log_want app_log;	/* what eve takes of it */
	struct outputs		*out;
	struct capture_reject	*reject;
	struct bypass_manager	*bypass;	/* NULL: local bypass only */
	bool			 bypass_by_mark; /* nfq.bypass-method: mark */
	bool			 offline;
	bool			 simulate_ips;
	enum runmode_checksum	 checksum;	/* offline -k */
	struct decode_config	 decode;	/* decoder.* */
	struct defrag_hosts	*defrag_hosts;	/* host-os-policy, shared */
	const char *const	*pcap_files;
	size_t			 npcap_files;
	struct nfq_verdict_policy policy;
	unsigned		 worker_delay_us;
	struct reader		*readers;
	size_t			 nreaders;
	struct worker		*workers;
	size_t			 nworkers;
	/* runmode workers inline: reader i inspects its packets itself,
	 * with workers[i]; no rings, no worker threads */
	bool			 direct;
	/* runmode workers, more than one queue: per symmetric flow hash
	 * slot, the rest of the flow's hash (above the slot bits) and
	 * 1 + the reader that saw its SYN (or its first packet), as
	 * tag << 8 | owner; __atomic */
	uint32_t		*owner;
	int			 wrong_thread_logged;	/* __atomic */
	struct timespec		 started;
	int			 quit;		/* __atomic */
};

static void
pin_thread(const char *cpus, size_t index)
{
	int list[CPU_SETSIZE];
	int ncpu = 0;
	const char *s = cpus;
	cpu_set_t set;

	if (cpus == NULL || *cpus == '\0')
		return;
	/* "0-3,6" (validated by the config loader): the thread takes the
	 * index-th CPU of the list, round robin. */
	while (*s != '\0' && ncpu < CPU_SETSIZE) {
		char *end;
		long a = strtol(s, &end, 10), b = a;

		if (*end == '-')
			b = strtol(end + 1, &end, 10);
		for (long c = a; c <= b && ncpu < CPU_SETSIZE; c++)
			list[ncpu++] = (int)c;
		s = *end == ',' ? end + 1 : end;
	}
	if (ncpu == 0)
		return;
	CPU_ZERO(&set);
	CPU_SET(list[index % (size_t)ncpu], &set);
	if (pthread_setaffinity_np(pthread_self(), sizeof(set), &set) != 0)
		log_warnx("cannot pin thread to CPU %d",
		    list[index % (size_t)ncpu]);
}

/* The thread's name in log lines and in ps -L / top -H ("nfq0",
 * "worker1"): the kernel takes at most 15 bytes. */
static void
thread_name(const char *name)
{
	log_procinit(name);
	(void)pthread_setname_np(pthread_self(), name);
}

static uint32_t
worker_for(const struct runmode *rm, const struct packet *p)
{
	if (rm->nworkers == 1)
		return 0;
	return hash_flow_symmetric(p) % (uint32_t)rm->nworkers;
}

static void
reader_wake_workers(struct reader *r)
{
	for (size_t w = 0; w < r->rm->nworkers; w++)
		if (r->touched & ((uint64_t)1 << w))
			doorbell_ring(&r->rm->workers[w].bell);
	r->touched = 0;
}

/* p's reassembly (reader's own table): when p completes datagrams,
 * pkts[] gets them innermost first (the one with the upper layer,
 * Suricata's order), then p, and their events are counted; the count,
 * 1 (p alone, events not counted yet) when p completed nothing. */
static unsigned
reader_defrag(struct reader *r, struct packet *p,
    struct packet *pkts[DEFRAG_MAX_NEST + 1])
{
	unsigned n = defrag_run(r->defrag, p, &r->rm->decode, &r->chain), k = 0;

	pkts[0] = p;
	if (n == 0)
		return 1;
	while (n-- > 0) {
		pkts[k++] = &r->chain.pkt[n];
		decode_events_count(r->decoder_events, r->chain.pkt[n].events);
		decode_stats_count(&r->decode_stats, &r->chain.pkt[n], false);
	}
	decode_events_count(r->decoder_events, p->events);
	pkts[k++] = p;
	return k;
}

/* A captured packet's decode in its queue's thread, counted in the
 * reader's decoder counters. */
static void
reader_decode(struct reader *r, struct packet *p)
{
	(void)decode_packet_cfg(p, &r->rm->decode);
	decode_stats_count(&r->decode_stats, p, true);
	if (decode_event_invalid(p->events))
		counter_inc(&r->decoder_invalid);
}

/* Inline reader: a packet the rings cannot take still gets a verdict
 * now, by the configured ring-full policy. */
static void
nfq_reader_packet(struct capture_nfq *nfq, struct packet *p, void *arg)
{
	struct reader *r = arg;
	uint32_t w;

	reader_decode(r, p);
	if (p->is_fragment && r->defrag != NULL) {
		struct packet *pkts[DEFRAG_MAX_NEST + 1];
		unsigned n;

		/* The datagrams go first, with the fragment that completed
		 * them, as one: the worker gives that fragment their verdict
		 * too (Suricata's defrag packets and their root;
		 * doc/operations.md). */
		if ((n = reader_defrag(r, p, pkts)) > 1) {
			w = worker_for(r->rm, pkts[0]);
			if (ring_push_n(&r->rings[w],
			    (const struct packet *const *)pkts, n, r->index)) {
				r->touched |= (uint64_t)1 << w;
				return;
			}
			goto full;
		}
	}
	decode_events_count(r->decoder_events, p->events);
	w = worker_for(r->rm, p);
	if (ring_push(&r->rings[w], p, r->index)) {
		r->touched |= (uint64_t)1 << w;
		return;
	}
full:
	{
		/* "accept" here means what accept means in the configured
		 * mode: in repeat mode the packet must still meet the rules
		 * below the NFQUEUE rule, in route mode the next program. */
		bool drop = r->rm->cfg->nfq_ring_full == CONFIG_FAIL_DROP;
		struct nfq_verdict v;

		capture_nfq_verdict_decide(&r->rm->policy, p->mark, drop, NULL,
		    &v);
		capture_nfq_verdict(nfq, p->nfq_id, v.verdict, v.set_mark,
		    v.mark);
		counter_inc(drop ? &r->ring_full_dropped :
		    &r->ring_full_accepted);
	}
}

static void
reader_finish(struct reader *r)
{
	__atomic_store_n(&r->done, 1, __ATOMIC_RELEASE);
	for (size_t w = 0; w < r->rm->nworkers; w++)
		doorbell_ring(&r->rm->workers[w].bell);
}

/* Shutdown: the kernel queues nothing more, so the drain that follows
 * verdicts every packet that took an id (unbinding would drop what is
 * still queued). */
static void
reader_refuse(struct reader *r)
{
	if (capture_nfq_refuse(r->nfq) == -1)
		log_warn("queue %u: cannot stop the queue before the last "
		    "drain (what arrives before the unbind is dropped)",
		    capture_nfq_queue(r->nfq));
}

static void *
nfq_reader_main(void *arg)
{
	struct reader *r = arg;
	struct runmode *rm = r->rm;
	char name[16];
	int n;

	snprintf(name, sizeof(name), "nfq%u", capture_nfq_queue(r->nfq));
	thread_name(name);
	pin_thread(rm->cfg->reader_cpus, r->index);
	while (!__atomic_load_n(&rm->quit, __ATOMIC_RELAXED)) {
		n = capture_nfq_recv(r->nfq, READER_POLL_MS, nfq_reader_packet,
		    r);
		if (n == -1) {
			log_warn("queue %u: receive", capture_nfq_queue(r->nfq));
			__atomic_store_n(&r->read_error, 1, __ATOMIC_RELAXED);
			break;
		}
		if (n > 0)
			reader_wake_workers(r);
	}
	reader_refuse(r);
	for (int i = 0; i < READER_DRAIN_ROUNDS; i++) {
		if (capture_nfq_recv(r->nfq, 0, nfq_reader_packet, r) <= 0)
			break;
		reader_wake_workers(r);
	}
	reader_finish(r);
	return NULL;
}

/* Offline: never skip a packet; wait for the worker to make room.
 * Reassembled datagrams come with the fragment that completed them,
 * last (see nfq_reader_packet), all at once. Lent (the capture's
 * records stay valid until released) that fragment goes into the ring
 * by pointer, tagged with its offset in the file; the datagrams live in
 * the reader's buffers and are copied. */
static void
pcap_push(struct reader *r, struct packet *const *pkts, unsigned n,
    bool lent, uint64_t off)
{
	uint32_t w = worker_for(r->rm, pkts[0]);

	while (!ring_push_n_borrowed(&r->rings[w],
	    (const struct packet *const *)pkts, n, r->index,
	    lent ? 1u << (n - 1) : 0, off)) {
		doorbell_ring(&r->rm->workers[w].bell);
		if (__atomic_load_n(&r->rm->quit, __ATOMIC_RELAXED))
			return;
		usleep(50);
	}
	r->touched |= (uint64_t)1 << w;
}

/* The oldest file offset a worker still holds a record of, or the
 * capture's next when they hold none. */
static uint64_t
pcap_oldest_held(struct reader *r, struct capture_pcap *cp)
{
	uint64_t oldest = capture_pcap_offset_next(cp), tag;

	for (size_t w = 0; w < r->rm->nworkers; w++)
		if (ring_oldest_tag(&r->rings[w], &tag) && tag < oldest)
			oldest = tag;
	return oldest;
}

/* capture_pcap_next for a capture lent to the rings: when its buffer
 * is all lent, gives back what the workers released, and waits for
 * them when that was not enough. Quit ends the file (0). */
static int
pcap_next(struct reader *r, struct capture_pcap *cp, struct packet *p,
    char *err, size_t errlen)
{
	bool again = false;
	int rc;

	while ((rc = capture_pcap_next(cp, p, err, errlen)) ==
	    CAPTURE_PCAP_AGAIN) {
		if (__atomic_load_n(&r->rm->quit, __ATOMIC_RELAXED))
			return 0;
		if (again) {
			reader_wake_workers(r);
			usleep(50);
		}
		capture_pcap_release(cp, pcap_oldest_held(r, cp));
		again = true;
	}
	return rc;
}

/* Before a capture lent to the rings is closed: waits until the
 * workers released every record. Workers run until the readers are
 * done and their rings empty, quit or not, so this ends. */
static void
pcap_wait_released(struct reader *r)
{
	uint64_t tag;

	for (size_t w = 0; w < r->rm->nworkers; w++) {
		while (ring_oldest_tag(&r->rings[w], &tag)) {
			doorbell_ring(&r->rm->workers[w].bell);
			usleep(50);
		}
	}
}

/* Counts a packet with a bad checksum (decoder.invalid_checksum) and,
 * with -k auto, decides after CHECKSUM_SAMPLE packets whether
 * checksums are worth judging, as Suricata's ChecksumAutoModeCheck:
 * not when more than one in CHECKSUM_BAD_RATIO of them had a bad TCP
 * checksum (a capture on a host that offloads them). */
#define CHECKSUM_SAMPLE		1000
#define CHECKSUM_BAD_RATIO	10

static void
pcap_judge_checksums(struct reader *r, const struct packet *p)
{
	if (!decode_checksums_valid(p))
		counter_inc(&r->invalid_checksum);
	if (r->rm->checksum != RUNMODE_CHECKSUM_AUTO)
		return;
	if (decode_csum_tcp(p) == 0)
		r->bad_tcp_checksums++;
	if (counter_get(&r->pcap_packets) == CHECKSUM_SAMPLE &&
	    r->bad_tcp_checksums > 0 &&
	    CHECKSUM_SAMPLE / r->bad_tcp_checksums < CHECKSUM_BAD_RATIO) {
		log_info("%" PRIu64 " of the first %u packets have a bad TCP "
		    "checksum: assuming checksum offloading, checksums are "
		    "no longer judged (-k all judges them)",
		    r->bad_tcp_checksums, CHECKSUM_SAMPLE);
		r->ignore_checksums = true;
	}
}

static void *
pcap_reader_main(void *arg)
{
	struct reader *r = arg;
	struct runmode *rm = r->rm;
	char err[512];

	thread_name("pcap");
	pin_thread(rm->cfg->reader_cpus, 0);
	for (size_t f = 0; f < rm->npcap_files; f++) {
		struct capture_pcap *cp;
		struct packet *pkts[DEFRAG_MAX_NEST + 1];
		struct packet p;
		unsigned n;
		int rc = 0;
		bool lent;

		if ((cp = capture_pcap_open(rm->pcap_files[f], err,
		    sizeof(err))) == NULL) {
			log_warnx("%s", err);
			__atomic_store_n(&r->read_error, 1, __ATOMIC_RELAXED);
			continue;
		}
		lent = capture_pcap_lend(cp);
		while (!__atomic_load_n(&rm->quit, __ATOMIC_RELAXED) &&
		    (rc = pcap_next(r, cp, &p, err, sizeof(err))) == 1) {
			counter_inc(&r->pcap_packets);
			counter_add(&r->pcap_bytes, p.wire_len);
			p.pcap_file = rm->pcap_files[f];
			p.ignore_checksum = r->ignore_checksums;
			if (decode_packet_cfg(&p, &rm->decode) == 0 &&
			    !p.ignore_checksum)
				pcap_judge_checksums(r, &p);
			decode_stats_count(&r->decode_stats, &p, true);
			if (decode_event_invalid(p.events))
				counter_inc(&r->decoder_invalid);
			/* defrag first: its events (frag_overlap ...) are
			 * the fragment's */
			n = p.is_fragment && r->defrag != NULL ?
			    reader_defrag(r, &p, pkts) : 1;
			if (n == 1) {
				pkts[0] = &p;
				decode_events_count(r->decoder_events,
				    p.events);
			}
			pcap_push(r, pkts, n, lent, capture_pcap_offset(cp));
			if (r->pcap_packets % PCAP_WAKE_EVERY == 0)
				reader_wake_workers(r);
		}
		/* As Suricata: a corrupt or cut record ends the file; what
		 * was read before it is still processed and logged, and the
		 * run ends normally (exit 0). The warning names the packet.
		 * A file that cannot be opened at all is an error (above). */
		if (rc == -1)
			log_warnx("%s", err);
		reader_wake_workers(r);
		/* The last file stays open for the workers (closed when they
		 * are gone): waiting here for them to finish the rings would
		 * only cost the reader wake-ups. */
		if (lent && f + 1 == rm->npcap_files) {
			r->pcap_lent = cp;
			continue;
		}
		if (lent)
			pcap_wait_released(r);
		capture_pcap_close(cp);
	}
	reader_finish(r);
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
worker_reject(struct worker *w, const struct packet *p, uint8_t reject)
{
	if (w->rm->reject == NULL)
		return;
	if (reject & DETECT_REJECT_TO_SRC)
		capture_reject_send(w->rm->reject, p, REJECT_TO_SOURCE);
	if (reject & DETECT_REJECT_TO_DST)
		capture_reject_send(w->rm->reject, p, REJECT_TO_DEST);
}

/* An alert's app-layer object: the tx its rule matched on (Suricata
 * 7.0.6 writes none for packet rules, also in an app-layer flow). */
static void
alert_app(const struct packet *p, const struct detect_alert *a,
    struct output_eve_alert *ea, struct jtext *text)
{
	json_t *obj;

	if (!a->has_tx || p->flow == NULL || p->flow->app == NULL)
		return;
	/* as text when the parser renders it so (into the caller's
	 * buffer, valid until output_eve_alert returns): no tree */
	if (applayer_flow_log_alert_text(p->flow, a->tx_id, text,
	    &ea->app_name) == 0) {
		ea->has_tx = true;
		ea->tx_id = a->tx_id;
		ea->app_text = text->data;
		ea->app_len = text->len;
		return;
	}
	ea->app_name = NULL;
	if ((obj = json_object()) == NULL)
		return;
	ea->has_tx = true;
	ea->tx_id = a->tx_id;
	if (applayer_flow_log_alert(p->flow, a->tx_id, obj,
	    &ea->app_name) == 0)
		ea->app = obj;
	else
		json_decref(obj);
}

/* The eve record of an app-layer transaction (applayer_flow_log). */
static void
worker_app_record(void *arg, const struct flow *f,
    const struct applayer_log_rec *rec)
{
	struct worker *w = arg;

	if (rec->obj_text != NULL)
		output_eve_app_text(w->rm->out->eve, w->index, f, w->log_pkt,
		    rec->type, rec->obj_text, rec->obj_len, rec->with_tx_id,
		    rec->tx_id, rec->dir, rec->app_name, rec->app_text,
		    rec->app_len);
	else
		output_eve_app(w->rm->out->eve, w->index, f, w->log_pkt,
		    rec->type, rec->obj, rec->with_tx_id, rec->tx_id, rec->dir,
		    rec->app_name, rec->app);
}

/* The flow's transactions eve takes, once they are complete (eof: the
 * flow ends, all of them). */
static void
worker_app_log(struct worker *w, struct flow *f, const struct packet *p,
    bool eof)
{
	if (f == NULL || f->app == NULL || w->rm->out->eve == NULL)
		return;
	w->log_pkt = p;
	applayer_flow_log(f, &w->rm->app_log, eof, worker_app_record, w);
	w->log_pkt = NULL;
}

/* Why pr's packet is dropped, Suricata's drop.reason: a packet of a
 * dropped flow is "flow drop"; a drop rule's is "rules" ("threshold
 * detection_filter" when a rate_filter made the rule drop); the
 * stream's or a policy's has its own reason, also when alert rules
 * matched the packet. */
static const char *
worker_drop_reason(const struct pipeline_result *pr)
{
	if (pr->why & PIPELINE_DROP_FLOW)
		return "flow drop";
	if (pr->why & PIPELINE_DROP_RULES)
		return pr->det.drop_reason == DETECT_DROP_THRESHOLD ?
		    "threshold detection_filter" : "rules";
	return pr->drop_reason != NULL ? pr->drop_reason : "rules";
}

/* The alert's alert.action, as Suricata decides it: blocked when its
 * own action (or its rate_filter's) drops (inline) or rejects; after a
 * rate_filter, when the packet is dropped at all. */
static bool
worker_alert_blocked(const struct detect_alert *a,
    const struct detect_result *res, bool ips)
{
	if (a->rate_modified)
		return res->verdict != DETECT_VERDICT_ACCEPT;
	return a->act == DETECT_ACTION_REJECT ||
	    (a->act == DETECT_ACTION_DROP && ips);
}

static void
worker_eve_alert(const struct detect_alert *a, const struct detect_result *res,
    const struct output_eve_verdict *v, bool dropped,
    struct output_eve_alert *ea)
{
	memset(ea, 0, sizeof(*ea));
	ea->gid = a->gid;
	ea->sid = a->sid;
	ea->rev = a->rev;
	ea->msg = a->msg;
	ea->blocked = worker_alert_blocked(a, res, v->ips);
	ea->drops = a->act == DETECT_ACTION_DROP ||
	    a->act == DETECT_ACTION_REJECT;
	ea->verdict = dropped ? "drop" : "accept";
	ea->category = a->category;
	ea->severity = a->priority;
	ea->meta = a->meta;
	ea->nmeta = a->nmeta;
	ea->pkt = v;
	if (a->has_frame) {
		ea->has_frame = true;
		ea->frame.type = a->frame.type;
		ea->frame.id = a->frame.id;
		ea->frame.toclient = a->frame.dir == DETECT_TX_TOCLIENT;
		ea->frame.offset = a->frame.offset;
		/* not known yet: what is there so far */
		ea->frame.len = a->frame.len >= 0 ? (uint64_t)a->frame.len :
		    a->frame.data_offset - a->frame.offset +
		    a->frame.data_len;
		ea->frame.complete = a->frame.complete;
		ea->frame.has_tx = a->frame.has_tx;
		ea->frame.tx_id = a->frame.tx_id;
		ea->frame.payload = a->frame.data;
		ea->frame.payload_len = a->frame.data_len;
	}
}

/* Alerts, then the drop event: for every dropped packet with
 * outputs.eve-log.types.drop.flows all; with start (Suricata's default)
 * for the packet a rule dropped and for the first packet each way of a
 * dropped flow. */
static void
worker_alerts(struct worker *w, const struct packet *p,
    const struct pipeline_result *pr)
{
	const struct detect_result *res = &pr->det;
	bool dropped = pr->drop;
	const char *drop_reason = worker_drop_reason(pr);
	struct outputs *out = w->rm->out;
	struct output_eve_verdict v;
	struct output_eve_alert ea;
	const struct detect_alert *da = NULL;
	struct flow *f = p->flow;
	struct jtext app_text;
	char app_buf[2048];
	bool log_drop;
	size_t stream_len = 0;
	bool stream_done = false;

	v.ips = !w->rm->offline || w->rm->simulate_ips;
	v.drop = dropped;
	v.pass = res->pass;
	v.reject = (pr->reject & DETECT_REJECT_TO_SRC ?
	    OUTPUT_EVE_REJECT_TO_SRC : 0) | (pr->reject & DETECT_REJECT_TO_DST ?
	    OUTPUT_EVE_REJECT_TO_DST : 0);
	counter_add(&w->alert_queue_overflow, res->alerts_dropped);
	counter_add(&w->alerts_suppressed, res->alerts_suppressed);
	for (uint32_t i = 0; i < res->nalerts; i++) {
		const struct detect_alert *a = &res->alerts[i];

		worker_eve_alert(a, res, &v, dropped, &ea);
		ea.stream = a->stream;
		/* the stream's bytes, once per packet, for stream matches */
		if (a->stream && p->raw != NULL && p->flow != NULL &&
		    out->eve_alert && !stream_done) {
			stream_len = stream_raw_payload(p->flow, p->raw,
			    w->stream_payload, sizeof(w->stream_payload));
			stream_done = true;
		}
		if (a->stream) {
			ea.stream_payload = w->stream_payload;
			ea.stream_payload_len = (uint32_t)stream_len;
		}
		counter_inc(&w->alerts);
		jtext_init_with(&app_text, app_buf, sizeof(app_buf));
		if (out->eve_alert)
			alert_app(p, a, &ea, &app_text);
		if (out->eve_alert)
			output_eve_alert(out->eve, w->index, p, &ea);
		if (ea.app != NULL)
			json_decref(ea.app);
		jtext_free(&app_text);
		if (out->fast != NULL)
			output_fastlog_alert(out->fast, w->index, p, &ea);
	}
	if (!dropped || !out->eve_drop)
		return;
	/* Suricata's drop log: with flows start, a packet without a flow,
	 * one a rule dropped, and the first packet each way of a dropped
	 * flow; with flows all, every one */
	log_drop = out->eve_drop_all || res->has_drop_alert || f == NULL;
	if (f != NULL && (f->flags & FLOW_F_DROP)) {
		uint32_t logged = (p->flow_flags & PKT_FLOW_TO_CLIENT) ?
		    FLOW_F_DROP_LOGGED_TC : FLOW_F_DROP_LOGGED_TS;

		log_drop |= !(f->flags & logged);
		f->flags |= logged;
	}
	if (!log_drop)
		return;
	/* the alert that dropped it: the first listed one whose action
	 * blocks, else the first drop rule (also when it did not alert) */
	for (uint32_t i = 0; i < res->nalerts && da == NULL; i++)
		if (res->alerts[i].act == DETECT_ACTION_REJECT ||
		    (res->alerts[i].act == DETECT_ACTION_DROP && v.ips))
			da = &res->alerts[i];
	if (da == NULL && res->has_drop_alert)
		da = &res->drop_alert;
	if (da != NULL)
		worker_eve_alert(da, res, &v, dropped, &ea);
	output_eve_drop(out->eve, w->index, p, drop_reason, &v,
	    da != NULL ? &ea : NULL);
}

static void
worker_flow_end(struct flow *f, enum flow_end_reason reason, void *arg)
{
	struct worker *w = arg;
	struct outputs *out = w->rm->out;

	/* the app layer's last bytes, each direction's with its own
	 * flow-end pseudo packet (Suricata's, to the server first) and
	 * detection on the transactions they made, then the transactions'
	 * records before the flow's; none of a
	 * dropped flow, whose app layer stopped with the drop (Suricata
	 * disables it: an unfinished transaction is not logged) */
	for (int i = 0; i < 2; i++) {
		struct packet p;
		struct pipeline_result pr;

		if (pipeline_flow_end_detect(w->pl, f, i == 0 ?
		    PKT_FLOW_TO_SERVER : PKT_FLOW_TO_CLIENT, &p, &pr) &&
		    pr.det.nalerts > 0)
			worker_alerts(w, &p, &pr);
	}
	/* what its stream holds uninspected is inspected now, with
	 * Suricata's flow-timeout pseudo packets */
	if (reason == FLOW_END_TIMEOUT || reason == FLOW_END_SHUTDOWN) {
		for (int dir = 0; dir < 2; dir++) {
			struct packet pseudo;
			struct pipeline_result pr;

			if (pipeline_flow_end_raw(w->pl, f, dir, &pseudo,
			    &pr))
				worker_alerts(w, &pseudo, &pr);
		}
	}
	if (!(f->flags & FLOW_F_DROP))
		worker_app_log(w, f, NULL, true);
	if (out->eve_anomaly)
		output_anomaly_flow(out->eve, w->index, f);
	if (out->eve_flow)
		output_eve_flow(out->eve, w->index, f, flow_end_reason_name(reason));
}

/* The bypass manager's thread: one record per bypassed flow. Its event
 * producer slot is the one after the main thread's. */
static void
bypass_record(struct flow *f, const struct bypass_flow_counters *c,
    const char *reason, void *arg)
{
	struct runmode *rm = arg;

	(void)c;
	if (rm->out->eve_flow)
		output_eve_flow(rm->out->eve, rm->nworkers + 1, f, reason);
}

/* A flow that no longer needs inspection: hand it to the bypass
 * manager (conntrack marks it, iptables stops queueing it), or, when
 * that cannot be done, keep it and accept its packets uninspected. */
/* Returns true when the bypass manager took the flow (conntrack will
 * carry the bypass), false for a software bypass. */
static bool
worker_bypass(struct worker *w, struct packet *p, bool keyword,
    bool encrypted)
{
	struct runmode *rm = w->rm;
	struct flow *f = p->flow;
	enum bypass_why why = keyword ? BYPASS_WHY_KEYWORD : encrypted ?
	    BYPASS_WHY_ENCRYPTED : BYPASS_WHY_BYTES;

	if (rm->bypass != NULL &&
	    bypass_manager_reserve(rm->bypass, w->index, f) == BYPASS_ADMIT_OK) {
		/* the app layer's state goes with the detach: log it first */
		pipeline_flow_end(w->pl, f);
		worker_app_log(w, f, p, true);
		flow_table_detach(w->flows, f);
		bypass_manager_submit(rm->bypass, w->index, f, why, &p->ts);
		p->flow = NULL;
		return true;
	}
	f->flags |= FLOW_F_BYPASSED;
	/* A manager's reserve has counted the refusal in stats.local. */
	if (rm->bypass == NULL)
		counter_inc(&w->bypass_local);
	return false;
}

/* Flow timeouts follow packet time (offline results do not depend on
 * how fast the capture is read); one pass per packet second. */
static void
worker_expire(struct worker *w, const struct timespec *now)
{
	if (now->tv_sec == w->last_expire)
		return;
	w->last_expire = now->tv_sec;
	flow_table_expire(w->flows, now, worker_flow_end, w);
}

/* The pipeline (flow, stream, detection, decision) and the alerts for
 * one packet (a captured one or a tunnel's inner packet); true when the
 * packet is to be dropped. */
static bool
worker_inspect(struct worker *w, struct packet *p, struct pipeline_result *pr)
{
	struct runmode *rm = w->rm;
	bool tagged;

	if (p->ip_version != 0)
		worker_expire(w, &p->ts);
	pipeline_packet(w->pl, p, pr);
	/* Suricata's tag keyword: packets after an alert */
	tagged = pr->inspected && rm->out->eve_packet &&
	    detect_tag_packet(p, &pr->det);
	worker_alerts(w, p, pr);
	if (rm->out->eve_anomaly)
		output_anomaly_packet(rm->out->eve, w->index, p);
	if (tagged)
		output_eve_packet(rm->out->eve, w->index, p);
	worker_app_log(w, p->flow, p, false);
	return pr->drop;
}

/* The packets inside p's tunnels, innermost last, each inspected as a
 * packet of its own (Suricata's tunnel packets): true when one of them
 * is to be dropped, which drops p. */
static bool
worker_tunnels(struct worker *w, const struct packet *p)
{
	struct packet inner[2];
	struct pipeline_result pr;
	const struct packet *cur = p;
	bool drop = false;

	for (unsigned n = 0; cur->inner != NULL && n < PKT_MAX_DEPTH; n++) {
		struct packet *t = &inner[n & 1];

		/* As Suricata's tunnel packets: one whose IP layer does not
		 * decode is dropped, uninspected and not counted a tunnel
		 * packet. */
		int rc = decode_tunnel(cur, t, &w->rm->decode);

		/* its headers count even when its IP layer does not decode
		 * (Suricata's decoder counters) */
		decode_stats_count(&w->decode_stats, t, false);
		if (rc == -1)
			break;
		counter_inc(&w->tunnel_packets);
		decode_events_count(w->decoder_events, t->events);
		if (worker_inspect(w, t, &pr))
			drop = true;
		cur = t;
	}
	return drop;
}

/* A reassembled datagram dp, which came with the fragment that
 * completed it (frag, the next slot): inspected as a packet of its own,
 * its tunnels too, with frag as its root (eve's tunnel object, as
 * Suricata's). True when it is to be dropped, which drops frag. */
static bool
worker_datagram(struct worker *w, struct packet *dp, const struct packet *frag)
{
	struct runmode *rm = w->rm;
	struct pipeline_result pr;
	bool drop;

	dp->root = frag->root != NULL ? frag->root : frag;
	drop = worker_inspect(w, dp, &pr);
	if (dp->inner != NULL && worker_tunnels(w, dp) &&
	    (!rm->offline || rm->simulate_ips))
		drop = true;
	if (!rm->offline && pr.reject != 0)
		worker_reject(w, dp, pr.reject);
	if (drop)
		counter_inc(&w->defrag_dropped);
	return drop;
}

/* p, read from source's queue; datagram_drop: p completed a datagram
 * that is to be dropped. */
static void
worker_packet(struct worker *w, struct packet *p, uint16_t source,
    bool datagram_drop)
{
	struct runmode *rm = w->rm;
	struct verdict_counters *vc = &w->counters[source];
	struct pipeline_result pr;
	struct detect_result *res = &pr.det;
	struct nfq_mark_request mark_req;
	struct nfq_verdict v;
	bool drop;
	bool ctmark_on_verdict = false;

	if (rm->worker_delay_us > 0)
		usleep(rm->worker_delay_us);
	drop = worker_inspect(w, p, &pr);
	if (p->inner != NULL && worker_tunnels(w, p) &&
	    (!rm->offline || rm->simulate_ips))
		drop = true;
	if (datagram_drop)
		drop = true;
	/* Suricata's ips.drop_reason: the packet's own reason, or, for one
	 * dropped with its tunnel's or datagram's inner packet, "tunnel
	 * packet drop" */
	if (drop && (!rm->offline || rm->simulate_ips)) {
		int d = output_eve_drop_reason_index(pr.drop ?
		    worker_drop_reason(&pr) : "tunnel packet drop");

		if (d >= 0)
			counter_inc(&w->ips_drop_reason[d]);
	}
	if (!rm->offline && !drop && pr.bypass) {
		bool by_conntrack = worker_bypass(w, p, pr.bypass_keyword,
		    pr.bypass_encrypted);

		/* Mark method: this packet's verdict carries the bypass
		 * mark; CONNMARK --save-mark moves it to the connection. */
		if (rm->bypass_by_mark) {
			res->mark.value = (res->mark.set ? res->mark.value : 0) |
			    rm->cfg->nfq_bypass_mark;
			res->mark.mask = (res->mark.set ? res->mark.mask : 0) |
			    rm->cfg->nfq_bypass_mask;
			res->mark.set = true;
		} else if (by_conntrack && p->has_ctmark) {
			/* NFQ conntrack glue: the connection gets its mark
			 * with this verdict, before the manager's ctnetlink
			 * update, so fewer packets are queued after the
			 * bypass decision. */
			ctmark_on_verdict = true;
		}
	}

	if (rm->offline) {
		counter_inc(drop ? &vc->dropped : &vc->accepted);
		return;
	}
	mark_req.set = res->mark.set;
	mark_req.value = res->mark.value;
	mark_req.mask = res->mark.mask;
	capture_nfq_verdict_decide(&rm->policy, p->mark, drop, &mark_req, &v);
	if (ctmark_on_verdict) {
		v.set_ctmark = true;
		v.ctmark = (p->ctmark & ~rm->cfg->nfq_bypass_mask) |
		    rm->cfg->nfq_bypass_mark;
	}
	if (capture_nfq_batch_full(&w->batches[source]))
		worker_flush(w, source);
	capture_nfq_batch_add(&w->batches[source], p->queue, p->nfq_id, &v);

	if (pr.reject != 0) {
		counter_inc(&vc->rejected);
		worker_reject(w, p, pr.reject);
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
readers_done(const struct runmode *rm)
{
	for (size_t r = 0; r < rm->nreaders; r++)
		if (!__atomic_load_n(&rm->readers[r].done, __ATOMIC_ACQUIRE))
			return false;
	return true;
}

/* Between rounds a worker holds no packet, so it can move to a newly
 * published engine here and tell the reload it let go of the old one. */
static void
worker_follow_engine(struct worker *w)
{
	const struct detect_engine *eng =
	    __atomic_load_n(&w->rm->engine, __ATOMIC_ACQUIRE);
	struct detect_thread *dt;

	if (eng == w->engine)
		return;
	if ((dt = detect_thread_new(eng)) == NULL) {
		log_warnx("out of memory switching engine; keeping the old one "
		    "for now");
		return;
	}
	pipeline_set_detect(w->pl, dt);
	detect_thread_free(w->detect);
	w->detect = dt;
	w->engine = eng;
	__atomic_store_n(&w->engine_ack, eng, __ATOMIC_RELEASE);
}

static void *
worker_main(void *arg)
{
	struct worker *w = arg;
	struct runmode *rm = w->rm;
	char name[16];

	snprintf(name, sizeof(name), "worker%u", w->index);
	thread_name(name);
	pin_thread(rm->cfg->worker_cpus, w->index);
	for (;;) {
		size_t handled = 0;

		worker_follow_engine(w);
		for (size_t r = 0; r < rm->nreaders; r++) {
			struct ring *ring = &rm->readers[r].rings[w->index];
			struct ring_slot *s;
			int burst = 0;

			while (burst < WORKER_BURST &&
			    (s = ring_peek(ring)) != NULL) {
				struct ring_slot *f = NULL;
				bool drop = false;

				/* Datagrams are always pushed with the
				 * fragment that completed them, after them
				 * (ring_push_n). */
				if (s->pkt.pkt_src == PKT_SRC_DEFRAG) {
					uint32_t k = 0;

					while ((f = ring_peek_at(ring, k)) !=
					    NULL &&
					    f->pkt.pkt_src == PKT_SRC_DEFRAG)
						k++;
					BUG_ON(f == NULL);
					for (uint32_t i = 0; i < k; i++)
						if (worker_datagram(w,
						    &ring_peek_at(ring, i)->pkt,
						    &f->pkt))
							drop = true;
					for (uint32_t i = 0; i < k; i++)
						ring_release(ring,
						    ring_peek(ring));
					s = f;
					burst += (int)k;
				}
				worker_packet(w, &s->pkt, s->source, drop);
				ring_release(ring, s);
				burst++;
			}
			handled += (size_t)burst;
		}
		/* Verdicts go out once per round: batching without holding
		 * a packet longer than one pass over the rings. */
		for (size_t r = 0; r < rm->nreaders && !rm->offline; r++)
			worker_flush(w, r);
		if (handled > 0)
			continue;
		/* Readers finish pushing before they say done, so empty
		 * rings after that mean nothing is left to verdict. */
		if (readers_done(rm) && worker_rings_empty(w))
			break;
		{
			uint32_t seq = doorbell_prepare(&w->bell);

			if (worker_rings_empty(w) && !readers_done(rm) &&
			    __atomic_load_n(&rm->engine, __ATOMIC_ACQUIRE) ==
			    w->engine)
				doorbell_wait(&w->bell, seq, WORKER_IDLE_MS);
			else
				doorbell_cancel(&w->bell);
		}
		/* Inline, idle flows still time out by the wall clock (the
		 * clock packets are stamped with). */
		if (!rm->offline) {
			struct timespec now;

			clock_gettime(CLOCK_REALTIME, &now);
			worker_expire(w, &now);
		}
	}
	flow_table_flush(w->flows, worker_flow_end, w);
	return NULL;
}

/* runmode workers: with --queue-cpu-fanout (or a hash that is not
 * symmetric) the two directions of a flow can reach different queues,
 * so different readers' flow tables, and each sees half of it. As
 * Suricata's tcp.pkt_on_wrong_thread and stream event wrong_thread:
 * the reader that saw a TCP flow's SYN (or, midstream, its first
 * packet) owns its hash slot; a packet of it on another reader is
 * counted and gets the event. A hint, not a table: the slot keeps the
 * flow's 32-bit hash, so only two live flows with the same hash on
 * different readers would count wrongly; a flow whose slot another
 * took is not judged. */
static void
direct_owner(struct reader *r, struct worker *w, struct packet *p)
{
	struct runmode *rm = r->rm;
	uint32_t h, e, mine, *slot;

	if (rm->owner == NULL || p->proto != IPPROTO_TCP || !p->l4_valid)
		return;
	h = hash_flow_symmetric(p);
	slot = &rm->owner[h & (OWNER_SLOTS - 1)];
	mine = (h / OWNER_SLOTS) << 8 | (uint32_t)(r->index + 1);
	e = __atomic_load_n(slot, __ATOMIC_RELAXED);
	if (e == mine)
		return;
	if (e == 0 || (p->tcp_flags & (PKT_TCP_SYN | PKT_TCP_ACK)) ==
	    PKT_TCP_SYN) {
		__atomic_store_n(slot, mine, __ATOMIC_RELAXED);
		return;
	}
	if (e >> 8 != mine >> 8)
		return;		/* another flow's slot */
	counter_inc(&w->wrong_thread);
	decode_event_set(p->events, DECODE_EV_STREAM_WRONG_THREAD);
	if (__atomic_exchange_n(&rm->wrong_thread_logged, 1,
	    __ATOMIC_RELAXED) == 0)
		log_warnx("queue %u: a TCP packet of a flow another queue's "
		    "reader tracks (runmode workers needs both directions of "
		    "a flow on one queue: iptables --queue-balance without "
		    "--queue-cpu-fanout); counted, stream event wrong_thread",
		    capture_nfq_queue(r->nfq));
}

/* runmode workers: the reader's recv callback is the worker. What
 * worker_main does for a ring slot happens here, for p and the
 * datagrams it completed; verdicts go into the batch that the reader
 * flushes when capture_nfq_recv returns. */
static void
nfq_direct_packet(struct capture_nfq *nfq, struct packet *p, void *arg)
{
	struct reader *r = arg;
	struct worker *w = &r->rm->workers[r->index];
	bool drop = false;

	(void)nfq;
	reader_decode(r, p);
	if (p->is_fragment && r->defrag != NULL) {
		struct packet *pkts[DEFRAG_MAX_NEST + 1];
		unsigned n = reader_defrag(r, p, pkts);

		/* as worker_main: the datagrams, innermost first, then the
		 * fragment that completed them takes their verdict */
		if (n > 1) {
			for (unsigned i = 0; i + 1 < n; i++)
				if (worker_datagram(w, pkts[i], p))
					drop = true;
			worker_packet(w, p, r->index, drop);
			return;
		}
	}
	decode_events_count(r->decoder_events, p->events);
	direct_owner(r, w, p);
	worker_packet(w, p, r->index, false);
}

static void *
nfq_direct_main(void *arg)
{
	struct reader *r = arg;
	struct runmode *rm = r->rm;
	struct worker *w = &rm->workers[r->index];
	char name[16];
	int n;

	snprintf(name, sizeof(name), "nfq%u", capture_nfq_queue(r->nfq));
	thread_name(name);
	pin_thread(rm->cfg->worker_cpus != NULL && *rm->cfg->worker_cpus ?
	    rm->cfg->worker_cpus : rm->cfg->reader_cpus, r->index);
	while (!__atomic_load_n(&rm->quit, __ATOMIC_RELAXED)) {
		struct timespec now;

		/* no packet is held here: a reload may take the engine */
		worker_follow_engine(w);
		n = capture_nfq_recv(r->nfq, READER_POLL_MS, nfq_direct_packet,
		    r);
		/* what that batch decided goes out now, never later */
		worker_flush(w, r->index);
		if (n == -1) {
			log_warn("queue %u: receive", capture_nfq_queue(r->nfq));
			__atomic_store_n(&r->read_error, 1, __ATOMIC_RELAXED);
			break;
		}
		/* idle flows time out by the wall clock, as worker_main's */
		clock_gettime(CLOCK_REALTIME, &now);
		worker_expire(w, &now);
	}
	reader_refuse(r);
	for (int i = 0; i < READER_DRAIN_ROUNDS; i++) {
		n = capture_nfq_recv(r->nfq, 0, nfq_direct_packet, r);
		worker_flush(w, r->index);
		if (n <= 0)
			break;
	}
	flow_table_flush(w->flows, worker_flow_end, w);
	__atomic_store_n(&r->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

size_t
runmode_worker_count(const struct quell_config *cfg, bool offline)
{
	long n;

	if (cfg->runmode == CONFIG_RUNMODE_SINGLE)
		n = 1;
	else if (cfg->runmode == CONFIG_RUNMODE_WORKERS && !offline)
		n = cfg->nfq_nqueues;	/* a worker per queue, its reader */
	else if (cfg->detect_threads > 0)
		n = cfg->detect_threads;
	else
		n = sysconf(_SC_NPROCESSORS_ONLN);
	if (n < 1)
		n = 1;
	return n > MAX_WORKERS ? MAX_WORKERS : (size_t)n;
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

static uint32_t
ring_slots(const struct runmode *rm)
{
	uint64_t n;

	if (rm->offline)
		return RING_SLOTS_MAX;
	/* One flow can own the whole kernel queue (one big transfer, one
	 * UDP stream), and each worker has a ring of its own: sized below
	 * queue-maxlen, a single busy flow met ring-full fallbacks while
	 * the kernel queue still had room. Packets in the rings count
	 * against queue-maxlen, so more slots than that never fill. */
	n = rm->cfg->nfq_queue_maxlen;
	if (n < RING_SLOTS_MIN)
		n = RING_SLOTS_MIN;
	if (n > RING_SLOTS_MAX)
		n = RING_SLOTS_MAX;
	return (uint32_t)n;
}

static int
readers_create(struct runmode *rm, char *err, size_t errlen)
{
	struct defrag_config dc;

	/* Each reader reassembles its own share; one host-os-policy table
	 * serves them all. config_validate has checked the settings. */
	if (config_defrag(rm->cfg, (unsigned)rm->nreaders, &dc,
	    &rm->defrag_hosts, NULL) == -1) {
		snprintf(err, errlen, "defrag: invalid settings or out of "
		    "memory");
		return -1;
	}
	for (size_t i = 0; i < rm->nreaders; i++) {
		struct reader *r = &rm->readers[i];

		r->rm = rm;
		r->index = (uint16_t)i;
		r->kind = rm->offline ? SOURCE_PCAP : SOURCE_NFQ;
		r->ignore_checksums = rm->checksum == RUNMODE_CHECKSUM_NONE;
		if ((r->defrag = defrag_new(&dc)) == NULL) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		if (rm->direct)
			continue;
		if ((r->rings = calloc(rm->nworkers, sizeof(*r->rings))) ==
		    NULL) {
			snprintf(err, errlen, "out of memory");
			return -1;
		}
		for (size_t w = 0; w < rm->nworkers; w++) {
			if (ring_init(&r->rings[w], ring_slots(rm),
			    RING_ARENA_BYTES) == -1) {
				snprintf(err, errlen, "out of memory");
				return -1;
			}
		}
	}
	if (rm->offline)
		return 0;
	if (rm->cfg->nfq_queue_maxlen > CAPTURE_NFQ_KERNEL_QUEUE_MAX)
		log_warnx("nfq.queue-maxlen %u: kernels with the NFQ verdict "
		    "hash table (Linux 6.19, and stable kernels that took it) "
		    "hold at most %u packets per queue; past that a packet "
		    "takes an id and is accepted uninspected (kernel.failopen) "
		    "or, without fail-open, dropped (queue_dropped)",
		    rm->cfg->nfq_queue_maxlen, CAPTURE_NFQ_KERNEL_QUEUE_MAX);
	/* Bind every queue before any thread runs, so a queue held by
	 * another program fails the start with nothing half-running. */
	for (size_t i = 0; i < rm->nreaders; i++) {
		struct capture_nfq_opts o = {
			.queue = rm->cfg->nfq_queues[i],
			.queue_maxlen = rm->cfg->nfq_queue_maxlen,
			.rcvbuf = rm->cfg->nfq_socket_rcvbuf,
			.fail_open = rm->cfg->nfq_fail_open,
			.want_conntrack = rm->cfg->bypass.method ==
			    BYPASS_METHOD_CONNTRACK,
		};

		if ((rm->readers[i].nfq = capture_nfq_open(&o, err, errlen)) ==
		    NULL)
			return -1;
		if (o.want_conntrack)
			log_info("queue %u: conntrack glue (NFQA_CT) %s", o.queue,
			    capture_nfq_has_conntrack(rm->readers[i].nfq) ?
			    "available: bypass marks ride on the verdict, "
			    "ctnetlink tracks the flow" : "not in this kernel: "
			    "bypass marks are set over ctnetlink");
	}
	return 0;
}

/* Which app-layer records eve takes: a protocol's type ("http", "dns",
 * "tls", "ssh") and fileinfo ("files" as suricata.yaml names it). Only
 * those wait for logging before their transactions are freed. */
static void
app_log_setup(struct runmode *rm)
{
	const struct quell_config *cfg = rm->cfg;

	memset(&rm->app_log, 0, sizeof(rm->app_log));
	if (rm->out->eve == NULL)
		return;
	for (int pr = 0; pr < APPLAYER_PROTO_MAX; pr++) {
		const char *name = applayer_proto_name((enum applayer_proto)pr);
		bool on = pr != APPLAYER_PROTO_UNKNOWN &&
		    pr != APPLAYER_PROTO_FAILED &&
		    config_eve_type_enabled(cfg, name);

		if (on)
			rm->app_log.protos |= 1u << pr;
	}
	rm->app_log.files = config_eve_type_enabled(cfg, "files") ||
	    config_eve_type_enabled(cfg, "fileinfo");
	for (int pr = 0; pr < APPLAYER_PROTO_MAX; pr++)
		applayer_config_set_logged(rm->app, (enum applayer_proto)pr,
		    (rm->app_log.protos & (1u << pr)) != 0 ||
		    (rm->app_log.files && pr == APPLAYER_PROTO_HTTP1));
}

struct runmode *
runmode_open(const struct quell_config *cfg, struct detect_engine *engine,
    struct outputs *out, const struct runmode_opts *opts, char *err,
    size_t errlen)
{
	struct pipeline_config pcfg;
	struct runmode *rm;
	uint64_t seed = 0;

	if ((rm = calloc(1, sizeof(*rm))) == NULL) {
		snprintf(err, errlen, "out of memory");
		detect_engine_free(engine);
		return NULL;
	}
	rm->cfg = cfg;
	rm->engine = engine;
	rm->out = out;
	rm->worker_delay_us = opts->worker_delay_us;
	rm->offline = opts->npcap_files > 0;
	rm->simulate_ips = opts->simulate_ips;
	rm->checksum = opts->checksum;
	(void)config_decode(cfg, &rm->decode, NULL);
	rm->pcap_files = opts->pcap_files;
	rm->npcap_files = opts->npcap_files;
	policy_from_config(cfg, &rm->policy);
	rm->nreaders = rm->offline ? 1 : cfg->nfq_nqueues;
	rm->nworkers = runmode_worker_count(cfg, rm->offline);
	/* Suricata's workers: the thread that reads a queue inspects its
	 * packets. Offline keeps the reader and its workers. */
	rm->direct = !rm->offline && cfg->runmode == CONFIG_RUNMODE_WORKERS;
	if (rm->direct) {
		log_info("runmode workers: %zu queue thread%s, each inspecting "
		    "its own packets%s", rm->nworkers, rm->nworkers == 1 ?
		    "" : "s", cfg->detect_threads > 0 ?
		    " (threading.detect-threads is ignored in this mode)" : "");
		if (rm->nworkers > 1 &&
		    (rm->owner = calloc(OWNER_SLOTS, sizeof(*rm->owner))) ==
		    NULL)
			goto nomem;
	}
	clock_gettime(CLOCK_MONOTONIC, &rm->started);
	rm->readers = calloc(rm->nreaders, sizeof(*rm->readers));
	rm->workers = calloc(rm->nworkers, sizeof(*rm->workers));
	if (rm->readers == NULL || rm->workers == NULL)
		goto nomem;
	/* Offline, the worker index alone gives reproducible flow ids;
	 * inline, random bits also key the flow hash against floods. */
	/* Inline, and offline with --simulate-ips, drops act (IPS). */
	if (pipeline_config_init(&pcfg, cfg, !rm->offline || rm->simulate_ips,
	    !rm->offline, (unsigned)rm->nworkers, &rm->hosts, err,
	    errlen) == -1)
		goto fail;
	if ((rm->app = applayer_config_new(cfg, err, errlen)) == NULL)
		goto fail;
	app_log_setup(rm);
	pcfg.app = rm->app;
	if (!rm->offline && getrandom(&seed, sizeof(seed), 0) !=
	    (ssize_t)sizeof(seed))
		seed = (uint64_t)time(NULL);
	if (rm->offline || opts->no_random)
		seed = 0;
	{
		/* chunk sizes move randomly once per run, as Suricata's
		 * (stream.reassembly.randomize-chunk-size); offline or with
		 * --no-random by the middle draw (no move), so that a
		 * capture's alerts come on the same packets in every run,
		 * as the flow hash seed */
		uint32_t r = UINT32_MAX / 2 + 1;

		if (!rm->offline && !opts->no_random &&
		    getrandom(&r, sizeof(r), 0) !=
		    (ssize_t)sizeof(r))
			r = (uint32_t)time(NULL);
		stream_config_chunks(&pcfg.stream, r);
	}
	/* Raw sockets for reject replies must be opened while privileged;
	 * without them reject still drops, and says why once. */
	if (!rm->offline && (rm->reject = capture_reject_open()) == NULL)
		log_warn("reject replies disabled: raw socket");

	for (size_t i = 0; i < rm->nworkers; i++) {
		struct worker *w = &rm->workers[i];

		w->rm = rm;
		w->index = (uint16_t)i;
		w->engine = engine;
		w->engine_ack = engine;
		w->batches = calloc(rm->nreaders, sizeof(*w->batches));
		w->counters = calloc(rm->nreaders, sizeof(*w->counters));
		w->detect = detect_thread_new(engine);
		if (w->batches == NULL || w->counters == NULL ||
		    w->detect == NULL)
			goto nomem;
		if ((w->pl = pipeline_new(&pcfg, w->detect,
		    (seed << 16) | i)) == NULL) {
			snprintf(err, errlen, "flow table: %s%s", strerror(errno),
			    errno == EINVAL ? " (flow.memcap too small for "
			    "flow.hash-size and flow.prealloc per worker)" : "");
			goto fail;
		}
		w->flows = pipeline_flows(w->pl);
		flow_table_set_record(w->flows, worker_flow_end, w);
	}
	if (readers_create(rm, err, errlen) == -1)
		goto fail;
	if (!rm->offline) {
		struct bypass_config bcfg = cfg->bypass;

		bcfg.mark = cfg->nfq_bypass_mark;
		bcfg.mask = cfg->nfq_bypass_mask;
		rm->bypass_by_mark = bcfg.method == BYPASS_METHOD_MARK;
		/* In the namespace of the traffic, while privileged. Without
		 * conntrack, flows are still bypassed, in software. */
		if ((rm->bypass = bypass_manager_new(&bcfg,
		    (unsigned)rm->nworkers, bypass_record, rm,
		    detect_flow_vars_free)) == NULL)
			log_warn("conntrack bypass disabled (flows are bypassed "
			    "in software only)");
	}
	return rm;
nomem:
	snprintf(err, errlen, "out of memory");
fail:
	runmode_stop(rm);
	return NULL;
}

int
runmode_run(struct runmode *rm, char *err, size_t errlen)
{
	clock_gettime(CLOCK_MONOTONIC, &rm->started);
	if (rm->bypass != NULL && bypass_manager_start(rm->bypass) == -1) {
		snprintf(err, errlen, "cannot start the bypass manager: %s",
		    strerror(errno));
		bypass_manager_free(rm->bypass);
		rm->bypass = NULL;
		return -1;
	}
	for (size_t i = 0; i < rm->nworkers && !rm->direct; i++) {
		struct worker *w = &rm->workers[i];

		if (pthread_create(&w->thread, NULL, worker_main, w) != 0) {
			snprintf(err, errlen, "cannot start worker thread");
			return -1;
		}
		w->started = true;
	}
	for (size_t i = 0; i < rm->nreaders; i++) {
		struct reader *r = &rm->readers[i];

		if (pthread_create(&r->thread, NULL, rm->offline ?
		    pcap_reader_main : rm->direct ? nfq_direct_main :
		    nfq_reader_main, r) != 0) {
			snprintf(err, errlen, "cannot start reader thread");
			return -1;
		}
		r->started = true;
	}
	return 0;
}

size_t
runmode_workers(const struct runmode *rm)
{
	return rm->nworkers;
}

void
runmode_swap_engine(struct runmode *rm, struct detect_engine *engine)
{
	struct detect_engine *old = rm->engine;

	__atomic_store_n(&rm->engine, engine, __ATOMIC_RELEASE);
	for (size_t i = 0; i < rm->nworkers; i++) {
		struct worker *w = &rm->workers[i];

		doorbell_ring(&w->bell);
		while (__atomic_load_n(&w->engine_ack, __ATOMIC_ACQUIRE) !=
		    engine) {
			/* runmode workers: a reader that has stopped (a read
			 * error) no longer touches its worker: move it here,
			 * or its detect thread would outlive the old engine */
			if (rm->direct && __atomic_load_n(&rm->readers[i].done,
			    __ATOMIC_ACQUIRE))
				worker_follow_engine(w);
			doorbell_ring(&w->bell);
			usleep(1000);
		}
	}
	detect_engine_free(old);
}

/* One worker's stream and exception counters into the totals. */
static void
collect_stream(struct output_eve_stats *s, const struct pipeline_stats *ps)
{
	const struct stream_stats *st = &ps->stream;
	struct output_eve_tcp_stats *t = &s->tcp;

	t->sessions += st->sessions;
	t->ssn_memcap_drop += st->ssn_memcap_drop;
	t->memuse += st->memuse;
	t->reassembly_memuse += st->reassembly_memuse;
	t->segment_memcap_drop += st->segment_memcap_drop;
	t->stream_depth_reached += st->stream_depth_reached;
	t->reassembly_gap += st->reassembly_gap;
	t->overlap += st->overlap;
	t->overlap_diff_data += st->overlap_diff_data;
	t->ooo_limit_drop += st->ooo_limit;
	t->inline_overlap_drop += st->normalized_drop;
	t->invalid_drop += st->invalid_drop;
	t->not_tracked += st->midstream_ignored;
	t->urg += st->urg;
	t->urgent_oob_data += st->urgent_oob;
	t->stream_dropped += ps->stream_dropped;
	t->bypass_depth += ps->bypass_depth;
	t->bypass_encrypted += ps->bypass_encrypted;
	for (unsigned ev = 0; ev < STREAM_NEVENTS; ev++)
		s->stream_events[ev] += st->events[ev];
	for (unsigned c = 0; c < EXCEPTION_NCAUSES; c++)
		for (unsigned a = 0; a < EXCEPTION_NPOLICIES; a++)
			s->exception[c][a] += ps->exception[c][a];
	{
		const uint64_t *src = (const uint64_t *)(const void *)&ps->app;
		uint64_t *dst = (uint64_t *)(void *)&s->app;

		for (size_t i = 0; i < sizeof(s->app) / sizeof(uint64_t); i++)
			dst[i] += src[i];
	}
}

/* end_interval: for a stats event, which starts a new interval of the
 * queues' high-water marks. */
static void
collect(struct runmode *rm, struct output_eve_queue_stats *qs,
    struct output_eve_stats *s, bool end_interval)
{
	struct timespec now;

	memset(s, 0, sizeof(*s));
	s->no_decoder_events = !rm->cfg->stats_decoder_events;
	s->stream_event_counters = rm->cfg->stats_stream_events;
	{
		struct reload_counters rc;

		reload_get_counters(&rc);
		s->engine.reloads = rc.reloads;
		s->engine.reloads_failed = rc.failed;
		s->engine.reloads_refused = rc.refused;
		s->engine.reloads_queued = rc.queued;
		s->engine.engine_bytes = rc.engine_bytes;
		s->engine.reload_peak_bytes = rc.peak_bytes;
		s->engine.last_reload_ms = rc.last_ms;
		s->engine.rules_loaded = rc.rules_loaded;
		s->engine.rules_failed = rc.rules_failed;
		s->engine.rules_skipped = rc.rules_skipped;
		s->engine.last_reload = rc.last_reload;
	}
	for (size_t i = 0; i < rm->nreaders; i++) {
		struct reader *r = &rm->readers[i];
		struct output_eve_queue_stats *q = &qs[i];
		struct capture_nfq_stats cs = { 0 };
		struct capture_nfq_kernel k;

		memset(q, 0, sizeof(*q));
		if (r->nfq != NULL)
			capture_nfq_stats(r->nfq, &cs);
		q->queue = rm->offline ? 0 : rm->cfg->nfq_queues[i];
		q->packets = rm->offline ? counter_get(&r->pcap_packets) :
		    cs.packets;
		q->bytes = rm->offline ? counter_get(&r->pcap_bytes) : cs.bytes;
		q->enobufs = cs.enobufs;
		q->bad_messages = cs.bad_messages;
		q->verdict_errors = cs.verdict_errors;
		q->ring_full = counter_get(&r->ring_full_accepted) +
		    counter_get(&r->ring_full_dropped);
		q->accepted = counter_get(&r->ring_full_accepted);
		q->dropped = counter_get(&r->ring_full_dropped);
		if (r->defrag != NULL) {
			struct defrag_stats ds;

			defrag_stats(r->defrag, &ds);
			s->defrag.ipv4_fragments += ds.ipv4_fragments;
			s->defrag.ipv4_reassembled += ds.ipv4_reassembled;
			s->defrag.ipv6_fragments += ds.ipv6_fragments;
			s->defrag.ipv6_reassembled += ds.ipv6_reassembled;
			s->defrag.max_frag_hits += ds.max_frag_hits;
			s->defrag.max_frags_reached += ds.ignored;
			s->defrag.tracker_hard_reuse += ds.evicted;
			s->defrag.tracker_timeout += ds.timeouts;
			s->defrag.memuse += ds.memuse;
			s->defrag.trackers += ds.trackers;
			s->defrag.frags += ds.frags;
		}
		s->decoder_invalid += counter_get(&r->decoder_invalid);
		s->invalid_checksum += counter_get(&r->invalid_checksum);
		decode_events_sum(s->decoder_events, r->decoder_events);
		decode_stats_add(&s->decode, &r->decode_stats);
		if (i == 0)
			for (size_t w = 0; w < rm->nworkers; w++) {
				decode_events_sum(s->decoder_events,
				    rm->workers[w].decoder_events);
				decode_stats_add(&s->decode,
				    &rm->workers[w].decode_stats);
			}
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
		if (r->nfq != NULL &&
		    capture_nfq_kernel(r->nfq, end_interval, &k) == 0) {
			q->has_kernel = true;
			q->kernel_queue_total = k.ks.queue_total;
			q->kernel_queue_dropped = k.ks.queue_dropped;
			q->kernel_user_dropped = k.ks.user_dropped;
			q->kernel_id_sequence = k.ks.id_sequence;
			q->kernel_failopen = k.failopen;
			q->kernel_queue_hwm = k.queue_hwm;
		}
	}
	if (rm->bypass != NULL) {
		struct bypass_stats bs;

		bypass_manager_stats(rm->bypass, &bs);
		s->bypass.requests = bs.requests;
		s->bypass.bypassed = bs.bypassed;
		s->bypass.local = bs.local;
		s->bypass.table_full = bs.table_full;
		s->bypass.active = bs.active;
		s->bypass.destroyed = bs.destroyed;
		s->bypass.restored = bs.restored;
		s->bypass.failed = bs.ct_mark_failed;
	}
	{
		struct detect_hosttable_stats hs;

		detect_hosttable_stats(DETECT_HOSTTABLE_HOST, &hs);
		s->host.entries = hs.entries;
		s->host.memuse = hs.memuse;
		s->host.memcap_hits = hs.memcap_hits;
		detect_hosttable_stats(DETECT_HOSTTABLE_IPPAIR, &hs);
		s->ippair.entries = hs.entries;
		s->ippair.memuse = hs.memuse;
		s->ippair.memcap_hits = hs.memcap_hits;
	}
	for (size_t w = 0; w < rm->nworkers; w++) {
		struct flow_table_stats fs;
		struct pipeline_stats ps;

		s->bypass.local += counter_get(&rm->workers[w].bypass_local);
		s->alerts += counter_get(&rm->workers[w].alerts);
		s->defrag.dropped += counter_get(&rm->workers[w].defrag_dropped);
		s->alert_queue_overflow +=
		    counter_get(&rm->workers[w].alert_queue_overflow);
		s->alerts_suppressed +=
		    counter_get(&rm->workers[w].alerts_suppressed);
		for (int d = 0; d < OUTPUT_EVE_DROP_REASONS; d++)
			s->ips_drop_reason[d] +=
			    counter_get(&rm->workers[w].ips_drop_reason[d]);
		if (rm->workers[w].pl == NULL)
			continue;
		pipeline_stats(rm->workers[w].pl, &ps);
		s->flow.dropped_by_flow += ps.dropped_by_flow;
		collect_stream(s, &ps);
		flow_table_stats(rm->workers[w].flows, &fs);
		s->flow.active += fs.active;
		s->flow.created += fs.created;
		s->flow.ended_timeout += fs.ended[FLOW_END_TIMEOUT];
		s->flow.ended_shutdown += fs.ended[FLOW_END_SHUTDOWN];
		s->flow.ended_forced += fs.ended[FLOW_END_FORCED];
		s->flow.ended_tcp_reuse += fs.ended[FLOW_END_TCP_REUSE];
		s->flow.memuse += fs.memuse;
		s->flow.memcap_hits += fs.memcap_hits;
		s->flow.emergency_entered += fs.emergency_entered;
		s->flow.emergency_active += fs.emergency_active;
		s->flow.no_flow += fs.no_flow_memcap;
		s->flow.midstream += fs.midstream;
	}
	clock_gettime(CLOCK_MONOTONIC, &now);
	s->uptime = (uint64_t)(now.tv_sec - rm->started.tv_sec);
	s->queues = qs;
	s->nqueues = rm->nreaders;
	s->offline = rm->offline;
	s->ips = !rm->offline || rm->simulate_ips;
	if (rm->out->eve != NULL) {
		struct output_writer_stats ws;

		output_eve_writer_stats(rm->out->eve, &ws);
		s->output_lost = ws.lost + ws.dropped;
		s->nsinks = output_eve_targets(rm->out->eve);
		for (size_t i = 0; i < s->nsinks; i++) {
			struct output_eve_sink_stats *k = &s->sinks[i];

			output_eve_target_stats(rm->out->eve, i, &ws);
			k->written = ws.written;
			k->lost = ws.lost;
			k->dropped = ws.dropped;
			k->write_errors = ws.write_errors;
			k->reconnects = ws.reconnects;
			k->disconnects = ws.disconnects;
		}
	}
}

void
runmode_counters(struct runmode *rm, struct output_eve_queue_stats *qs,
    struct output_eve_stats *s)
{
	collect(rm, qs, s, false);
}

void
runmode_write_stats(struct runmode *rm)
{
	struct output_eve_queue_stats qs[CONFIG_MAX_QUEUES];
	struct output_eve_stats s;

	if (!rm->out->eve_stats && rm->out->statslog == NULL)
		return;
	collect(rm, qs, &s, true);
	/* The last producer slot is the main thread's. */
	if (rm->out->eve_stats)
		output_eve_stats(rm->out->eve, rm->nworkers, &s);
	if (rm->out->statslog != NULL)
		output_statslog_write(rm->out->statslog, &s);
}

/* At exit, per queue, what the kernel's figures say about the packets
 * quell did not inspect. */
static void
log_losses(struct runmode *rm)
{
	struct output_eve_queue_stats qs[CONFIG_MAX_QUEUES];
	struct output_eve_stats s;

	if (rm->offline)
		return;
	collect(rm, qs, &s, false);
	for (size_t w = 0; rm->direct && w < rm->nworkers; w++) {
		uint64_t n = counter_get(&rm->workers[w].wrong_thread);

		if (n > 0)
			log_info("queue %u: %" PRIu64 " TCP packets of flows "
			    "another queue's reader tracks (pkt_on_wrong_thread)",
			    rm->cfg->nfq_queues[w], n);
	}
	for (size_t i = 0; i < s.nqueues; i++) {
		const struct output_eve_queue_stats *q = &qs[i];

		if (!q->has_kernel)
			continue;
		log_info("queue %u: kernel id_sequence %" PRIu64 " = %" PRIu64
		    " read + %" PRIu64 " user_dropped + %" PRIu64 " accepted "
		    "uninspected by fail-open; %" PRIu64 " unreadable, %" PRIu64
		    " queue_dropped, %" PRIu64 " still queued", q->queue,
		    q->kernel_id_sequence, q->packets, q->kernel_user_dropped,
		    q->kernel_failopen, q->bad_messages,
		    q->kernel_queue_dropped, q->kernel_queue_total);
	}
}

bool
runmode_finished(const struct runmode *rm)
{
	if (__atomic_load_n(&rm->quit, __ATOMIC_RELAXED))
		return false;
	if (rm->offline) {
		if (!readers_done(rm))
			return false;
		for (size_t w = 0; w < rm->nworkers; w++)
			if (!worker_rings_empty(&rm->workers[w]))
				return false;
		return true;
	}
	for (size_t i = 0; i < rm->nreaders; i++)
		if (__atomic_load_n(&rm->readers[i].done, __ATOMIC_ACQUIRE))
			return true;
	return false;
}

bool
runmode_read_error(const struct runmode *rm)
{
	for (size_t i = 0; i < rm->nreaders; i++)
		if (__atomic_load_n(&rm->readers[i].read_error,
		    __ATOMIC_RELAXED))
			return true;
	return false;
}

void
runmode_stop(struct runmode *rm)
{
	bool any_started = false;

	if (rm == NULL)
		return;
	/* Offline readers run to the end of their files on their own;
	 * quit would cut them short. */
	if (!rm->offline || !readers_done(rm))
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
	/* Workers are gone, so nothing submits any more: the last
	 * collection of bypassed flows can run. The final stats come
	 * after it and before the manager is freed, so they include the
	 * flows it collected and its counters. */
	if (rm->bypass != NULL)
		bypass_manager_stop(rm->bypass);
	/* The flow records of workers and manager (rings of their own)
	 * go to eve.json before the final stats event. */
	if (any_started && rm->out->eve != NULL)
		output_eve_flush(rm->out->eve);
	if (any_started) {
		runmode_write_stats(rm);
		log_losses(rm);
	}
	bypass_manager_free(rm->bypass);
	rm->bypass = NULL;
	for (size_t i = 0; rm->readers != NULL && i < rm->nreaders; i++) {
		struct reader *r = &rm->readers[i];

		capture_nfq_close(r->nfq);
		r->nfq = NULL;
		/* the workers that held its records are joined */
		capture_pcap_close(r->pcap_lent);
		r->pcap_lent = NULL;
		for (size_t w = 0; r->rings != NULL && w < rm->nworkers; w++)
			ring_destroy(&r->rings[w]);
		free(r->rings);
		r->rings = NULL;
		defrag_free(r->defrag);
		r->defrag = NULL;
	}
	defrag_hosts_free(rm->defrag_hosts);
	rm->defrag_hosts = NULL;
	for (size_t i = 0; rm->workers != NULL && i < rm->nworkers; i++) {
		struct worker *w = &rm->workers[i];

		pipeline_free(w->pl);
		w->pl = NULL;
		w->flows = NULL;
		detect_thread_free(w->detect);
		free(w->batches);
		free(w->counters);
	}
	stream_hostos_free(rm->hosts);
	rm->hosts = NULL;
	applayer_config_free(rm->app);
	rm->app = NULL;
	capture_reject_close(rm->reject);
	detect_engine_free(rm->engine);
	free(rm->owner);
	free(rm->readers);
	free(rm->workers);
	free(rm);
}

struct bypass_manager *
runmode_bypass(struct runmode *rm)
{
	return rm->bypass;
}
