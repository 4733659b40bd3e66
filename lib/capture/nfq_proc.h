/* The kernel's own per-queue figures from
 * /proc/net/netfilter/nfnetlink_queue: what was lost before quell saw
 * it, as bpfstat shows BPF drops. */
#ifndef QUELL_CAPTURE_NFQ_PROC_H
#define QUELL_CAPTURE_NFQ_PROC_H

#include "core/base.h"

#define CAPTURE_NFQ_PROC_PATH	"/proc/net/netfilter/nfnetlink_queue"

struct nfq_kernel_stats {
	uint16_t	 queue;
	uint32_t	 portid;
	uint32_t	 queue_total;	/* waiting in the kernel now */
	uint32_t	 copy_mode;
	uint32_t	 copy_range;
	uint64_t	 queue_dropped;	/* queue full, dropped (or accepted with fail-open) */
	uint64_t	 user_dropped;	/* netlink socket full */
	uint32_t	 id_sequence;	/* last packet id handed out */
};

/* Parses the text of the proc file. Fills up to max entries, returns
 * how many lines parsed; malformed lines are skipped. */
size_t	capture_nfq_proc_parse(const char *text, struct nfq_kernel_stats *,
	    size_t max);
/* Reads path (normally CAPTURE_NFQ_PROC_PATH) and finds queue. Returns 0
 * when found, -1 otherwise. */
int	capture_nfq_proc_read(const char *path, uint16_t queue,
	    struct nfq_kernel_stats *);
/* The same from fd, the proc file kept open (read again from offset 0). */
int	capture_nfq_proc_read_fd(int fd, uint16_t queue,
	    struct nfq_kernel_stats *);

#endif
