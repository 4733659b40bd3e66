/* One NFQUEUE queue: its netlink socket, binding and receive loop. The
 * owner calls capture_nfq_verdict() exactly once for every packet that
 * capture_nfq_recv() hands it. */
#ifndef QUELL_CAPTURE_NFQ_H
#define QUELL_CAPTURE_NFQ_H

#include "core/base.h"

#include "capture/nfq_proc.h"
#include "core/packet.h"

struct capture_nfq;

/* The most packets a queue holds in kernels with the NFQ verdict hash
 * table (Linux 6.19, and stable kernels that took it): twice the
 * table's largest size (NFQNL_HASH_MAX 32768), whatever queue-maxlen
 * says. Past it a packet takes an id before the kernel refuses it. */
#define CAPTURE_NFQ_KERNEL_QUEUE_MAX	65536u

struct capture_nfq_opts {
	uint16_t	 queue;
	uint32_t	 queue_maxlen;
	uint32_t	 rcvbuf;	/* socket receive buffer, bytes */
	bool		 fail_open;	/* kernel accepts when the queue is full */
	/* Ask for the NFQ conntrack glue (NFQA_CFG_F_CONNTRACK): packets
	 * then carry their connection's mark and a verdict can set it. A
	 * kernel without it (CONFIG_NETFILTER_NETLINK_GLUE_CT) still opens
	 * the queue; capture_nfq_has_conntrack() says which. */
	bool		 want_conntrack;
};

struct capture_nfq_stats {
	uint64_t	 packets;
	uint64_t	 bytes;
	uint64_t	 enobufs;	/* receive buffer overran: kernel dropped */
	uint64_t	 bad_messages;
	uint64_t	 verdict_errors;	/* error replies read back */
};

/* Called for every packet; p->data points into the receive buffer and is
 * valid until the callback returns. */
typedef void (*capture_nfq_packet_fn)(struct capture_nfq *, struct packet *,
	    void *arg);

/* Opens a socket and binds the queue. On failure returns NULL with a
 * message in err naming the queue (e.g. held by another program). */
struct capture_nfq *capture_nfq_open(const struct capture_nfq_opts *,
	    char *err, size_t errlen);
/* Unbinds the queue and closes the socket. */
void	capture_nfq_close(struct capture_nfq *);
/* Before a last drain and close: the queue takes no more packets (its
 * length limit becomes 0, so the kernel treats new ones as at a full
 * queue: accepted with fail-open, else dropped, neither taking an id);
 * those already queued stay for capture_nfq_recv(). Unbinding would
 * drop them. -1 if the message could not be sent. */
int	capture_nfq_refuse(struct capture_nfq *);
uint16_t capture_nfq_queue(const struct capture_nfq *);
/* True when the kernel accepted NFQA_CFG_F_CONNTRACK for this queue. */
bool	capture_nfq_has_conntrack(const struct capture_nfq *);

/* Waits up to timeout_ms for packets and hands each to fn. Returns the
 * number of packets handled (0 on timeout or signal), -1 on a fatal
 * socket error. ENOBUFS is counted and survived. */
int	capture_nfq_recv(struct capture_nfq *, int timeout_ms,
	    capture_nfq_packet_fn fn, void *arg);

/* Sends the verdict for one packet. Returns 0 or -1; any thread may
 * send verdicts (each send is one atomic netlink datagram); the caller
 * counts failures. */
int	capture_nfq_verdict(struct capture_nfq *, uint32_t id, uint32_t verdict,
	    bool set_mark, uint32_t mark);
/* Sends ready-made netlink messages (a verdict batch) in one datagram. */
int	capture_nfq_send(struct capture_nfq *, const void *buf, size_t len);

/* A reader thread owns the counters; others may read them at any time. */
void	capture_nfq_stats(const struct capture_nfq *, struct capture_nfq_stats *);

/* The kernel's figures for the queue and what quell makes of them. */
struct capture_nfq_kernel {
	struct nfq_kernel_stats	 ks;	/* /proc/net/netfilter/nfnetlink_queue */
	/* Packets that took an id and that the kernel accepted by
	 * nfq.fail-open without handing them over (socket buffer full, or
	 * its verdict hash table: see capture/nfq_ids.h): ids that never
	 * arrived, less user_dropped; 0 without fail-open. Exact when the kernel
	 * held no packet of the queue as its figures were read (and the
	 * reader received none meanwhile); otherwise the ids after the
	 * last packet received are not known yet and this is a lower
	 * bound until the next one arrives. Never decreases. With it, once
	 * nothing is in flight:
	 *	id_sequence = packets read + user_dropped + failopen */
	uint64_t		 failopen;
	/* The highest queue_total sampled since the last end_interval call:
	 * by the reader at most every 10 ms (also while the kernel holds
	 * packets and none arrive), and now. */
	uint32_t		 queue_hwm;
};

/* Reads the kernel's figures for the queue (between two looks at the
 * reader's ids, see capture/nfq_ids.h). end_interval starts a new
 * high-water mark interval (the stats event's call). Any thread.
 * Returns 0, or -1 when the kernel lists no such queue. */
int	capture_nfq_kernel(struct capture_nfq *, bool end_interval,
	    struct capture_nfq_kernel *);

#endif
