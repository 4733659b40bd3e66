/* The bypass manager: a thread that owns every bypassed flow. Detection
 * workers hand it flows to bypass (a flow's ownership travels with the
 * request, through one lock-free ring per worker); it marks their
 * conntrack entries over ctnetlink in batches, so iptables'
 *   -m connmark --mark B/B -j ACCEPT
 * ahead of the NFQUEUE rule stops queueing them; polls their conntrack
 * counters every bypass.poll-interval; emits one final record per flow
 * when conntrack destroys its entry; and at stop collects every flow
 * still bypassed, so none goes unaccounted. Only this thread frees a
 * bypassed flow.
 *
 * Life cycle, in quelld:
 *   bypass_manager_new()     while privileged, in the namespace of the
 *                            traffic: opens ctnetlink, checks (enables)
 *                            net.netfilter.nf_conntrack_acct, logs it
 *   -- drop privileges, keeping CAP_NET_ADMIN (ctnetlink needs it) --
 *   bypass_manager_start()   restores the table from conntrack entries
 *                            carrying the mark, then starts the thread
 *   workers: bypass_manager_reserve() + flow_table_detach() +
 *            bypass_manager_submit()
 *   -- stop the workers (no more submits) --
 *   bypass_manager_stop()    final collection ("shutdown" records), join
 *   bypass_manager_free()
 *
 * Records. For each flow it leaves the table with, the manager adds the
 * packets and bytes conntrack counted after the bypass to
 * f->bypass_pkts/bypass_bytes, sets FLOW_F_BYPASSED if the bypass took
 * effect, and calls record(f, counters, reason, arg) from its thread;
 * after record returns it frees f (record must not keep or free it).
 * reason is one of:
 *   "destroy"   conntrack destroyed the entry; counters are final
 *   "timeout"   the entry was gone at a poll without a DESTROY event
 *               seen (events lost, or the tuple reused by a new entry);
 *               counters are those of the last poll
 *   "shutdown"  collected at bypass_manager_stop; the conntrack mark
 *               stays, so the next start restores the flow (restart
 *               accounting "whole": only flows conntrack no longer has;
 *               the others get no record and are handed over)
 *   "failed"    the conntrack entry could not be marked (not found
 *               after retries, or an error); no bypassed counters. Its
 *               later packets are queued again: the worker's stub of
 *               the flow (flow_table_detach) accepts them uninspected
 *               until FLOW_STUB_TIMEOUT after the bypass, then they
 *               make a new flow.
 *
 * Restart. bypass_manager_start() dumps the conntrack entries carrying
 * the mark and makes a table entry and a flow of its own for each
 * (counters->restored true, why BYPASS_WHY_RESTORED, flow_id
 * (ct_id << 16) | 0xffff, first_ts from conntrack's start timestamp
 * when nf_conntrack_timestamp is on, else the restart). What their
 * record counts depends on bypass.restart-accounting (the same in both
 * runs):
 *   split (default)  counters start from what conntrack had at the
 *                    restart: the record after a restart reports only
 *                    what passed since, and the "shutdown" record before
 *                    it the rest, so nothing is counted twice (what
 *                    passed between the last collection and the restart
 *                    is in neither: seconds of traffic);
 *   whole            the stop left such flows unrecorded; the record
 *                    after the restart carries conntrack's totals of the
 *                    whole connection (inspected part included): one
 *                    record per flow across restarts, nothing lost, but
 *                    no record at all if quell never starts again.
 *
 * Mark method (nfq.bypass-method: mark): the packet verdict carries the
 * mark (the daemon's side) and the manager never writes conntrack: it
 * looks the entry up by tuple for its id and baseline, and accounts as
 * above. */
#ifndef QUELL_BYPASS_MANAGER_H
#define QUELL_BYPASS_MANAGER_H

#include "core/base.h"

#include <time.h>

#include "bypass/config.h"
#include "bypass/key.h"
#include "bypass/request.h"

struct flow;
struct bypass_conntrack;
struct bypass_manager;

/* What conntrack counted for a flow after its bypass, by FLOW_DIR_*. */
struct bypass_flow_counters {
	uint64_t	 pkts[2];
	uint64_t	 bytes[2];
	uint32_t	 ct_id;		/* 0 when never found */
	enum bypass_why	 why;
	struct timespec	 bypassed_at;	/* realtime; restored: the restart */
	bool		 restored;	/* rebuilt at start: counts since then */
	bool		 final;		/* conntrack's final figures (DESTROY) */
};

typedef void (*bypass_record_fn)(struct flow *f,
    const struct bypass_flow_counters *c, const char *reason, void *arg);

/* Counters; any thread may read them (bypass_manager_stats). */
struct bypass_stats {
	uint64_t	 requests;	/* flows handed to the manager */
	uint64_t	 bypassed;	/* conntrack marked (mark method: found) */
	uint64_t	 local;		/* refused by reserve: local bypass */
	uint64_t	 table_full;	/* ... because of bypass.max-flows */
	uint64_t	 ring_full;	/* ... because the worker's ring was full */
	uint64_t	 unsupported;	/* ... because conntrack cannot name the
					   flow (fragments) */
	uint64_t	 ct_mark_failed; /* "failed" records */
	uint64_t	 active;	/* entries in the table */
	uint64_t	 destroyed;	/* "destroy" records */
	uint64_t	 timeouts;	/* "timeout" records */
	uint64_t	 shutdown;	/* "shutdown" records */
	uint64_t	 polls;		/* counter polls done */
	uint64_t	 polled;	/* entries whose counters a poll read */
	uint64_t	 restored;	/* entries rebuilt at start */
	uint64_t	 restore_skipped; /* marked entries past the cap at start:
					   left bypassed, not accounted */
	uint64_t	 handed_over;	/* left unrecorded to the next start
					   (restart accounting "whole") */
	uint64_t	 events_lost;	/* DESTROY socket overruns */
	uint64_t	 ct_errors;	/* ctnetlink exchanges that failed */
	uint64_t	 acct;		/* 1 when nf_conntrack_acct is on */
};

/* One bypassed flow as bypass_manager_list shows it. */
struct bypass_flow_info {
	struct bypass_key key;
	uint32_t	 ct_id;
	enum bypass_why	 why;
	struct timespec	 when;
	bool		 restored;
	bool		 pending;	/* mark not set yet */
	uint64_t	 pkts[2];	/* since the bypass, last poll */
	uint64_t	 bytes[2];
	uint64_t	 base_pkts[2];	/* conntrack's counters when the bypass
					   took effect (restored: at start) */
	uint64_t	 base_bytes[2];
};

/* Opens ctnetlink and checks net.netfilter.nf_conntrack_acct (turning
 * it on if it can; says so in the log either way). nworkers request
 * rings (1..1024). record is called from the manager thread; vars_free
 * (may be NULL) frees a flow's detect_vars. cfg must pass
 * bypass_config_check. NULL with errno on failure (EINVAL, ENOMEM, or
 * the ctnetlink socket's errno, EPERM without CAP_NET_ADMIN). */
struct bypass_manager *bypass_manager_new(const struct bypass_config *cfg,
	    unsigned int nworkers, bypass_record_fn record, void *arg,
	    void (*vars_free)(void *));
/* The same with a ctnetlink handle of the caller's (taken: closed with
 * the manager, or at once on failure). ct NULL runs without conntrack
 * (unit tests, offline runs): every submitted flow is recorded "failed"
 * at once, nothing is restored or polled. No sysctl is touched. */
struct bypass_manager *bypass_manager_new_handle(
	    const struct bypass_config *cfg, unsigned int nworkers,
	    bypass_record_fn record, void *arg, void (*vars_free)(void *),
	    struct bypass_conntrack *ct);
/* Restores the table (bypass.restore) and starts the thread. -1 with
 * errno if the thread cannot start. */
int	bypass_manager_start(struct bypass_manager *);
/* Final collection and join. Call after the workers stopped: a submit
 * after stop is not accounted. Idempotent; a no-op if never started. */
void	bypass_manager_stop(struct bypass_manager *);
/* Frees the manager; flows still in it (never started, or submitted
 * after stop) are freed without records. NULL is a no-op. */
void	bypass_manager_free(struct bypass_manager *);

/* ---- worker side: lock-free, never blocks */

enum bypass_admit {
	BYPASS_ADMIT_OK,		/* detach f and submit it */
	BYPASS_ADMIT_TABLE_FULL,	/* bypass.max-flows reached */
	BYPASS_ADMIT_RING_FULL,		/* the manager is behind */
	BYPASS_ADMIT_UNSUPPORTED,	/* conntrack cannot name the flow */
};

/* Worker `worker` asks to bypass f. On BYPASS_ADMIT_OK a slot is held
 * for it: the worker must then take f out of its table
 * (flow_table_detach) and bypass_manager_submit it. Anything else means
 * local (software) bypass: keep f, accept its packets uninspected; the
 * refusal is counted (stats.local and its reason). One atomic
 * read-modify-write per call (the cap), none per packet. */
enum bypass_admit bypass_manager_reserve(struct bypass_manager *,
	    unsigned int worker, const struct flow *f);
/* Hands f (detached) to the manager after a BYPASS_ADMIT_OK reserve of
 * the same worker; cannot fail. when: the bypass time (realtime; NULL
 * = now). */
void	bypass_manager_submit(struct bypass_manager *, unsigned int worker,
	    struct flow *f, enum bypass_why why, const struct timespec *when);

/* ---- control side (any thread; takes a lock the workers never take) */

/* Bypasses the flow with this tuple (the control socket's bypass-add):
 * the manager makes a flow of its own for it. -1 with errno: EEXIST
 * (already bypassed), ENOSPC (bypass.max-flows), EAGAIN (too many
 * control requests pending), EINVAL (a key conntrack cannot name). */
int	bypass_manager_submit_key(struct bypass_manager *,
	    const struct bypass_key *, enum bypass_why why);
/* Calls fn for at most max bypassed flows (in bypass order) under the
 * manager's lock: fn must be quick and must not call the manager.
 * Returns the number of flows in the table. */
size_t	bypass_manager_list(struct bypass_manager *,
	    void (*fn)(const struct bypass_flow_info *, void *), void *arg,
	    size_t max);
/* Reads the counters; safe from any thread. */
void	bypass_manager_stats(const struct bypass_manager *,
	    struct bypass_stats *);

#endif
