#include "core/base.h"

#include "capture/nfq_ids.h"
#include "capture/nfq_proc.h"

/* A seqlock read: the reader thread writes last and missing only while
 * seq is odd. */
bool
capture_nfq_ids_snapshot(const struct capture_nfq_ids *ids,
    struct capture_nfq_ids_snap *snap)
{
	uint32_t again;

	snap->seq = __atomic_load_n(&ids->seq, __ATOMIC_ACQUIRE);
	snap->last = __atomic_load_n(&ids->last, __ATOMIC_RELAXED);
	snap->missing = __atomic_load_n(&ids->missing, __ATOMIC_RELAXED);
	__atomic_thread_fence(__ATOMIC_ACQUIRE);
	again = __atomic_load_n(&ids->seq, __ATOMIC_RELAXED);
	return (snap->seq & 1) == 0 && again == snap->seq;
}

bool
capture_nfq_ids_unchanged(const struct capture_nfq_ids *ids,
    const struct capture_nfq_ids_snap *snap)
{
	return __atomic_load_n(&ids->seq, __ATOMIC_ACQUIRE) == snap->seq;
}

/*
 * Why the ids after snap->last are settled when the kernel held nothing
 * (queue_total 0) and the reader was idle from before the snapshot until
 * after the figures were read: every id up to id_sequence was then either
 * verdicted or lost. A verdicted packet was received first, in a round
 * that began before its verdict, so before the figures were read; that
 * round had ended before the snapshot (else seq was odd, or changed), so
 * its ids are in the snapshot. What is left above snap->last was lost.
 */
void
capture_nfq_ids_loss(const struct capture_nfq_ids_snap *snap, bool snap_ok,
    bool stable, const struct nfq_kernel_stats *ks, bool fail_open,
    struct capture_nfq_loss *out)
{
	uint32_t after = ks->id_sequence - snap->last;

	out->unseen = snap->missing;
	out->settled = snap_ok && stable && ks->queue_total == 0 &&
	    (int32_t)after >= 0;
	if (out->settled)
		out->unseen += after;
	/* Without fail-open nothing is accepted by it: the ids that never
	 * arrived were dropped, as user_dropped or, a full verdict hash
	 * table, as queue_dropped (which also counts refusals without an
	 * id, so it cannot be subtracted here). */
	out->failopen = fail_open && out->unseen > ks->user_dropped ?
	    out->unseen - ks->user_dropped : 0;
}
