/* Packet ids of one NFQUEUE queue, and what the missing ones were.
 *
 * The kernel (net/netfilter/nfnetlink_queue.c, __nfqnl_enqueue_packet)
 * numbers every packet it hands to a queue's socket, 1, 2, 3, ... per
 * queue instance (++id_sequence), before it tries to deliver it, and
 * delivers them in that order. An id that never arrives is a packet
 * the kernel did not hand over after numbering it: the socket could not
 * take it, or (kernels with the verdict hash table, Linux 6.19 and the
 * stable kernels that took it) the queue's hash table was full, which
 * it is at 65536 packets whatever queue-maxlen says. With
 * NFQA_CFG_F_FAIL_OPEN the kernel accepted such a packet uninspected
 * and counted it nowhere; without, it dropped it and counted
 * user_dropped (socket) or queue_dropped (hash table). A packet refused
 * because the queue held queue-maxlen packets never gets an id: it is
 * not seen here.
 *
 * So for one queue instance with fail-open, once no packet is in
 * flight:
 *	id_sequence = ids received + user_dropped + fail-open accepts
 *
 * The reader thread that owns the queue records every id it receives
 * (capture_nfq_ids_see, plain stores only) inside receive rounds
 * (capture_nfq_ids_begin/end); any thread can take a snapshot, read the
 * kernel's figures, check that the reader did not move meanwhile, and so
 * settle the ids after the last one received (capture_nfq_ids_loss). */
#ifndef QUELL_CAPTURE_NFQ_IDS_H
#define QUELL_CAPTURE_NFQ_IDS_H

#include "core/base.h"

struct nfq_kernel_stats;

/* Written by the reader thread only; read by others through
 * capture_nfq_ids_snapshot(). Zeroed: no id seen yet (the kernel's
 * first id is 1). */
struct capture_nfq_ids {
	uint32_t	 seq;		/* odd while a round is handled */
	uint32_t	 last;		/* last id received; 0: none yet */
	uint64_t	 missing;	/* ids skipped over before last */
};

struct capture_nfq_ids_snap {
	uint32_t	 seq;
	uint32_t	 last;
	uint64_t	 missing;
};

/* What became of the ids the kernel handed out, at the moment its
 * figures were read. */
struct capture_nfq_loss {
	/* ids the kernel gave out that never arrived: missing, plus, when
	 * settled, the ids after the last one received */
	uint64_t	 unseen;
	/* of those, the ones the kernel accepted by fail-open: with
	 * fail-open, unseen less what it counted as user_dropped (never
	 * below 0); without, none */
	uint64_t	 failopen;
	/* true when the ids after the last one received are known: the
	 * kernel held no packet of the queue and the reader received
	 * nothing while the figures were read. Otherwise unseen and
	 * failopen are lower bounds that the next packet makes exact. */
	bool		 settled;
};

/* A receive round: the ids seen between begin and end are published at
 * end. Reader thread only. */
static inline void
capture_nfq_ids_begin(struct capture_nfq_ids *ids)
{
	__atomic_store_n(&ids->seq, ids->seq + 1, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_RELEASE);
}

static inline void
capture_nfq_ids_end(struct capture_nfq_ids *ids)
{
	__atomic_store_n(&ids->seq, ids->seq + 1, __ATOMIC_RELEASE);
}

/* One id received, in the order the socket gave it. Ids count modulo
 * 2^32 (the kernel's counter wraps); an id at or below the last one
 * means the kernel made a new queue instance, whose ids start at 1: the
 * ids below it count as missing, not the distance back. (Its figures
 * start at 0 too, so the equation above no longer covers what came
 * before; quelld binds each queue once and never sees one.) Reader
 * thread only, between begin and end. */
static inline void
capture_nfq_ids_see(struct capture_nfq_ids *ids, uint32_t id)
{
	uint32_t gap = id - ids->last - 1;

	if ((int32_t)gap < 0)
		gap = id - 1;
	if (gap != 0)
		__atomic_store_n(&ids->missing, ids->missing + gap,
		    __ATOMIC_RELAXED);
	__atomic_store_n(&ids->last, id, __ATOMIC_RELAXED);
}

/* Any thread. Returns false while the reader is inside a round (the
 * snapshot would mix two moments); retry later or use it as a lower
 * bound. */
bool	capture_nfq_ids_snapshot(const struct capture_nfq_ids *,
	    struct capture_nfq_ids_snap *);
/* True when the reader neither began nor ended a round since snap was
 * taken (checked after reading the kernel's figures). */
bool	capture_nfq_ids_unchanged(const struct capture_nfq_ids *,
	    const struct capture_nfq_ids_snap *);

/* The loss at the moment ks was read: snap was taken before reading it
 * (snap_ok: capture_nfq_ids_snapshot() returned true) and stable tells
 * whether the reader was idle until after it (capture_nfq_ids_unchanged);
 * fail_open: the queue has NFQA_CFG_F_FAIL_OPEN. Pure function of its
 * arguments. */
void	capture_nfq_ids_loss(const struct capture_nfq_ids_snap *, bool snap_ok,
	    bool stable, const struct nfq_kernel_stats *, bool fail_open,
	    struct capture_nfq_loss *);

#endif
