/* Verdict and mark arithmetic for NFQ, and verdict batching: several
 * verdict messages sent with one sendto(). Pure except for the flush. */
#ifndef QUELL_CAPTURE_NFQ_VERDICT_H
#define QUELL_CAPTURE_NFQ_VERDICT_H

#include "core/base.h"

struct capture_nfq;

enum nfq_verdict_mode {
	NFQ_VERDICT_MODE_ACCEPT,
	NFQ_VERDICT_MODE_REPEAT,
	NFQ_VERDICT_MODE_ROUTE,
};

struct nfq_verdict_policy {
	enum nfq_verdict_mode mode;
	uint32_t	 repeat_mark;
	uint32_t	 repeat_mask;
	uint16_t	 route_queue;
	bool		 route_bypass;
};

/* What a signature asked for with nfq_set_mark:VALUE/MASK. */
struct nfq_mark_request {
	bool		 set;
	uint32_t	 value;
	uint32_t	 mask;
};

struct nfq_verdict {
	uint32_t	 verdict;	/* NF_ACCEPT, NF_DROP, NF_REPEAT, NF_QUEUE_NR() */
	bool		 set_mark;
	uint32_t	 mark;
	bool		 set_ctmark;	/* conntrack mark with the verdict */
	uint32_t	 ctmark;
};

/* The verdict for a packet queued with pkt_mark. drop: NF_DROP and no
 * mark, in every mode. Otherwise the mode's verdict; repeat sets
 * (mark & ~repeat_mask) | repeat_mark, then a signature mark request
 * applies (mark & ~mask) | (value & mask) on top. */
void	capture_nfq_verdict_decide(const struct nfq_verdict_policy *,
	    uint32_t pkt_mark, bool drop, const struct nfq_mark_request *,
	    struct nfq_verdict *);

#define NFQ_VERDICT_BATCH_BYTES	8192

struct nfq_verdict_batch {
	uint32_t	 count;
	size_t		 len;
	_Alignas(8) char buf[NFQ_VERDICT_BATCH_BYTES];
};

/* True when the batch has no room for one more verdict: flush first. */
bool	capture_nfq_batch_full(const struct nfq_verdict_batch *);
void	capture_nfq_batch_add(struct nfq_verdict_batch *, uint16_t queue,
	    uint32_t id, const struct nfq_verdict *);
/* Sends the batch on q's socket and empties it. Returns 0 or -1; on -1
 * the packets stay queued in the kernel (counted by the caller). */
int	capture_nfq_batch_flush(struct capture_nfq *, struct nfq_verdict_batch *);

#endif
