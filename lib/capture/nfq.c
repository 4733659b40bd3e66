#include "core/base.h"

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdio.h>
#include <time.h>
#include <arpa/inet.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nfnetlink.h>
#include <linux/netfilter/nfnetlink_queue.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/uio.h>

#include <libmnl/libmnl.h>
#include <libnetfilter_queue/libnetfilter_queue.h>

#include "capture/nfq.h"
#include "capture/nfq_ids.h"
#include "capture/nfq_msg.h"
#include "capture/nfq_proc.h"
#include "core/counters.h"

/* One datagram holds one queued packet: up to 0xffff bytes of payload
 * (the copy range) behind its attributes. */
#define NFQ_RECV_SLOT		(0x10000 + 8192)
/* Datagrams taken per recvmmsg(): one system call for a burst instead of
 * a poll and a recv per packet. */
#define NFQ_RECV_VLEN		32
/* recvmmsg() calls per capture_nfq_recv() before the caller gets control
 * back (to wake workers, check for shutdown). */
#define NFQ_RECV_ROUNDS		8
/* The reader samples the kernel's queue fill level at most this often
 * (one read of the proc file, some microseconds), for the high-water
 * mark of each stats interval; while the kernel holds packets of the
 * queue it waits no longer than that for the next one, so a queue that
 * stays full behind slow workers (no packet arrives: the kernel refuses
 * them) is still sampled. */
#define NFQ_FILL_SAMPLE_MS	10
/* Snapshots of the ids tried while the reader is inside a round. */
#define NFQ_SNAPSHOT_TRIES	4

struct capture_nfq {
	struct mnl_socket	*nl;
	uint32_t		 portid;
	uint16_t		 queue;
	bool			 bound;
	bool			 conntrack;	/* NFQA_CT glue accepted */
	bool			 fail_open;	/* NFQA_CFG_F_FAIL_OPEN set */
	struct capture_nfq_stats stats;
	struct capture_nfq_ids	 ids;		/* reader-owned */
	struct timespec		 fill_sampled;	/* reader-owned */
	int			 fill_fd;	/* the proc file, reader-owned */
	uint32_t		 fill_last;	/* reader-owned */
	uint32_t		 fill_hwm;	/* reader max; reset by stats */
	uint64_t		 failopen;	/* highest reported, __atomic */
	int			 timeout_ms;	/* SO_RCVTIMEO now set */
	char			*buf;		/* NFQ_RECV_VLEN slots */
	struct mmsghdr		 msgs[NFQ_RECV_VLEN];
	struct iovec		 iov[NFQ_RECV_VLEN];
	struct sockaddr_nl	 from[NFQ_RECV_VLEN];
};

struct recv_ctx {
	struct capture_nfq	*q;
	capture_nfq_packet_fn	 fn;
	void			*arg;
	int			 handled;
};

static int
send_config(struct capture_nfq *q, struct nlmsghdr *nlh)
{
	char ack[MNL_SOCKET_BUFFER_SIZE];
	ssize_t n;

	nlh->nlmsg_flags |= NLM_F_ACK;
	if (mnl_socket_sendto(q->nl, nlh, nlh->nlmsg_len) < 0)
		return -1;
	/* Packets may already arrive between config steps on a rebind;
	 * skip them until the ack for our message comes back. */
	for (;;) {
		n = mnl_socket_recvfrom(q->nl, ack, sizeof(ack));
		if (n < 0)
			return -1;
		n = mnl_cb_run(ack, (size_t)n, nlh->nlmsg_seq, q->portid, NULL,
		    NULL);
		if (n == MNL_CB_ERROR)
			return -1;
		if (n == MNL_CB_STOP || n == MNL_CB_OK)
			return 0;
	}
}

static void
set_err(char *err, size_t errlen, uint16_t queue, const char *what)
{
	struct nfq_kernel_stats ks;
	int e = errno;

	/* The kernel answers a bind to a queue another socket holds with
	 * EPERM, even for root: look the holder up before blaming
	 * privileges. */
	if (e == EPERM && strcmp(what, "bind") == 0 &&
	    capture_nfq_proc_read(CAPTURE_NFQ_PROC_PATH, queue, &ks) == 0) {
		snprintf(err, errlen, "queue %u: already bound by another "
		    "program (netlink portid %u)", queue, ks.portid);
		errno = EBUSY;
		return;
	}
	if (e == EBUSY || e == EEXIST)
		snprintf(err, errlen, "queue %u: already bound by another "
		    "program (%s)", queue, strerror(e));
	else if (e == EPERM)
		snprintf(err, errlen, "queue %u: %s: %s (needs "
		    "CAP_NET_ADMIN)", queue, what, strerror(e));
	else
		snprintf(err, errlen, "queue %u: %s: %s", queue, what,
		    strerror(e));
	errno = e;
}

/* NFQA_CFG_F_CONNTRACK on its own, after the queue works without it: a
 * kernel without the glue refuses it (EOPNOTSUPP), and may answer EAGAIN
 * once after loading nf_conntrack_netlink on demand. */
static int
ask_conntrack(struct capture_nfq *q, char *buf)
{
	static uint32_t seq = 0x10000;
	struct nlmsghdr *nlh;

	for (int attempt = 0; attempt < 2; attempt++) {
		nlh = nfq_nlmsg_put(buf, NFQNL_MSG_CONFIG, q->queue);
		nlh->nlmsg_seq = ++seq;
		mnl_attr_put_u32(nlh, NFQA_CFG_FLAGS,
		    htonl(NFQA_CFG_F_CONNTRACK));
		mnl_attr_put_u32(nlh, NFQA_CFG_MASK,
		    htonl(NFQA_CFG_F_CONNTRACK));
		if (send_config(q, nlh) == 0)
			return 0;
		if (errno != EAGAIN)
			break;
	}
	return -1;
}

struct capture_nfq *
capture_nfq_open(const struct capture_nfq_opts *o, char *err, size_t errlen)
{
	struct capture_nfq *q;
	struct nlmsghdr *nlh;
	uint32_t flags, mask;
	int one = 1;
	int rcvbuf;
	static uint32_t seq;
	char buf[MNL_SOCKET_BUFFER_SIZE];

	if ((q = calloc(1, sizeof(*q))) == NULL ||
	    (q->buf = malloc((size_t)NFQ_RECV_SLOT * NFQ_RECV_VLEN)) == NULL) {
		snprintf(err, errlen, "queue %u: out of memory", o->queue);
		goto fail;
	}
	q->queue = o->queue;
	q->fail_open = o->fail_open;
	q->timeout_ms = -1;
	q->fill_fd = -1;
	for (int i = 0; i < NFQ_RECV_VLEN; i++) {
		q->iov[i].iov_base = q->buf + (size_t)i * NFQ_RECV_SLOT;
		q->iov[i].iov_len = NFQ_RECV_SLOT;
		q->msgs[i].msg_hdr.msg_iov = &q->iov[i];
		q->msgs[i].msg_hdr.msg_iovlen = 1;
		q->msgs[i].msg_hdr.msg_name = &q->from[i];
	}
	if ((q->nl = mnl_socket_open(NETLINK_NETFILTER)) == NULL) {
		set_err(err, errlen, o->queue, "netlink socket");
		goto fail;
	}
	if (mnl_socket_bind(q->nl, 0, MNL_SOCKET_AUTOPID) < 0) {
		set_err(err, errlen, o->queue, "netlink bind");
		goto fail;
	}
	q->portid = mnl_socket_get_portid(q->nl);

	nlh = nfq_nlmsg_put(buf, NFQNL_MSG_CONFIG, o->queue);
	nlh->nlmsg_seq = ++seq;
	nfq_nlmsg_cfg_put_cmd(nlh, AF_INET, NFQNL_CFG_CMD_BIND);
	if (send_config(q, nlh) == -1) {
		set_err(err, errlen, o->queue, "bind");
		goto fail;
	}
	q->bound = true;

	nlh = nfq_nlmsg_put(buf, NFQNL_MSG_CONFIG, o->queue);
	nlh->nlmsg_seq = ++seq;
	nfq_nlmsg_cfg_put_params(nlh, NFQNL_COPY_PACKET, 0xffff);
	nfq_nlmsg_cfg_put_qmaxlen(nlh, o->queue_maxlen);
	/* GSO: take super-packets whole instead of making the kernel
	 * segment them (a large TCP throughput difference). */
	flags = NFQA_CFG_F_GSO | (o->fail_open ? NFQA_CFG_F_FAIL_OPEN : 0);
	mask = NFQA_CFG_F_GSO | NFQA_CFG_F_FAIL_OPEN;
	mnl_attr_put_u32(nlh, NFQA_CFG_FLAGS, htonl(flags));
	mnl_attr_put_u32(nlh, NFQA_CFG_MASK, htonl(mask));
	if (send_config(q, nlh) == -1) {
		set_err(err, errlen, o->queue, "configure");
		goto fail;
	}

	if (o->want_conntrack)
		q->conntrack = ask_conntrack(q, buf) == 0;

	/* Losing packets to a full socket buffer is counted (ENOBUFS), but
	 * the default would also report every overrun as an error. */
	rcvbuf = (int)o->rcvbuf;
	if (setsockopt(mnl_socket_get_fd(q->nl), SOL_SOCKET, SO_RCVBUFFORCE,
	    &rcvbuf, sizeof(rcvbuf)) == -1)
		setsockopt(mnl_socket_get_fd(q->nl), SOL_SOCKET, SO_RCVBUF,
		    &rcvbuf, sizeof(rcvbuf));
	mnl_socket_setsockopt(q->nl, NETLINK_NO_ENOBUFS, &one, sizeof(one));
	return q;
fail:
	capture_nfq_close(q);
	return NULL;
}

void
capture_nfq_close(struct capture_nfq *q)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh;

	if (q == NULL)
		return;
	if (q->bound) {
		int saved = errno;

		nlh = nfq_nlmsg_put(buf, NFQNL_MSG_CONFIG, q->queue);
		nfq_nlmsg_cfg_put_cmd(nlh, AF_INET, NFQNL_CFG_CMD_UNBIND);
		mnl_socket_sendto(q->nl, nlh, nlh->nlmsg_len);
		errno = saved;
	}
	if (q->nl != NULL)
		mnl_socket_close(q->nl);
	if (q->fill_fd != -1)
		close(q->fill_fd);
	free(q->buf);
	free(q);
}

int
capture_nfq_refuse(struct capture_nfq *q)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	struct nlmsghdr *nlh;

	if (!q->bound)
		return 0;
	/* No ack asked: send_config would skip the packets that arrive
	 * before it, and those are what the caller still has to
	 * verdict. The kernel applies the setting before sendto
	 * returns. */
	nlh = nfq_nlmsg_put(buf, NFQNL_MSG_CONFIG, q->queue);
	nfq_nlmsg_cfg_put_qmaxlen(nlh, 0);
	return mnl_socket_sendto(q->nl, nlh, nlh->nlmsg_len) < 0 ? -1 : 0;
}

uint16_t
capture_nfq_queue(const struct capture_nfq *q)
{
	return q->queue;
}

bool
capture_nfq_has_conntrack(const struct capture_nfq *q)
{
	return q->conntrack;
}

static void
handle_message(struct recv_ctx *ctx, const struct nlmsghdr *nlh)
{
	struct capture_nfq *q = ctx->q;
	struct nfq_msg_packet m;
	struct packet p;

	if (capture_nfq_msg_parse(nlh, &m) == -1) {
		counter_inc(&q->stats.bad_messages);
		/* Kernel ids start at 1: with an id the packet can still get
		 * its verdict instead of waiting in the queue forever. */
		if (m.id != 0) {
			capture_nfq_ids_see(&q->ids, m.id);
			capture_nfq_verdict(q, m.id, NF_ACCEPT, false, 0);
		}
		return;
	}
	capture_nfq_ids_see(&q->ids, m.id);
	memset(&p, 0, sizeof(p));
	p.data = m.payload;
	p.len = m.payload_len;
	p.wire_len = m.cap_len;
	p.queue = m.queue;
	p.nfq_id = m.id;
	p.mark = m.mark;
	p.hook = m.hook;
	/* The kernel fills these checksums in later (CHECKSUM_PARTIAL:
	 * locally sent, GSO): take them as right. */
	p.ignore_checksum = (m.skbinfo & NFQA_SKB_CSUMNOTREADY) != 0;
	p.has_ctmark = m.has_ctmark;
	p.ctmark = m.ctmark;
	clock_gettime(CLOCK_REALTIME, &p.ts);
	counter_inc(&q->stats.packets);
	counter_add(&q->stats.bytes, m.cap_len);
	ctx->handled++;
	ctx->fn(q, &p, ctx->arg);
}

static void
on_message(const struct nlmsghdr *nlh, enum nfq_msg_kind kind, void *arg)
{
	struct recv_ctx *ctx = arg;

	switch (kind) {
	case NFQ_MSG_PACKET:
		handle_message(ctx, nlh);
		break;
	case NFQ_MSG_ERROR:
		counter_inc(&ctx->q->stats.verdict_errors);
		break;
	case NFQ_MSG_CONTROL:
		break;
	case NFQ_MSG_BAD:
		counter_inc(&ctx->q->stats.bad_messages);
		break;
	}
}

/* The kernel's fill level of the queue, at most every NFQ_FILL_SAMPLE_MS:
 * the reader keeps the highest. */
static void
sample_fill(struct capture_nfq *q)
{
	struct nfq_kernel_stats ks;
	struct timespec now;
	long ms;

	clock_gettime(CLOCK_MONOTONIC, &now);
	ms = (now.tv_sec - q->fill_sampled.tv_sec) * 1000L +
	    (now.tv_nsec - q->fill_sampled.tv_nsec) / 1000000L;
	if (ms < NFQ_FILL_SAMPLE_MS)
		return;
	q->fill_sampled = now;
	/* kept open: a hundred opens a second were a few per cent of an
	 * idle-ish reader's CPU (the path walk through /proc) */
	if (q->fill_fd == -1)
		q->fill_fd = open(CAPTURE_NFQ_PROC_PATH, O_RDONLY | O_CLOEXEC);
	if (q->fill_fd == -1 ||
	    capture_nfq_proc_read_fd(q->fill_fd, q->queue, &ks) == -1)
		return;
	q->fill_last = ks.queue_total;
	if (ks.queue_total > __atomic_load_n(&q->fill_hwm, __ATOMIC_RELAXED))
		__atomic_store_n(&q->fill_hwm, ks.queue_total,
		    __ATOMIC_RELAXED);
}

/* Blocking reads wait at most timeout_ms (the kernel's receive timeout,
 * so a wait costs no separate poll() call); 0 does not block. */
static int
set_timeout(struct capture_nfq *q, int timeout_ms)
{
	struct timeval tv;

	if (timeout_ms == q->timeout_ms || timeout_ms == 0)
		return 0;
	tv.tv_sec = timeout_ms / 1000;
	tv.tv_usec = (timeout_ms % 1000) * 1000;
	if (setsockopt(mnl_socket_get_fd(q->nl), SOL_SOCKET, SO_RCVTIMEO, &tv,
	    sizeof(tv)) == -1)
		return -1;
	q->timeout_ms = timeout_ms;
	return 0;
}

int
capture_nfq_recv(struct capture_nfq *q, int timeout_ms,
    capture_nfq_packet_fn fn, void *arg)
{
	struct recv_ctx ctx = { q, fn, arg, 0 };
	int fd = mnl_socket_get_fd(q->nl);
	int flags = timeout_ms == 0 ? MSG_DONTWAIT : MSG_WAITFORONE;
	int n;

	if (q->fill_last > 0 && timeout_ms != 0 &&
	    (timeout_ms < 0 || timeout_ms > NFQ_FILL_SAMPLE_MS))
		timeout_ms = NFQ_FILL_SAMPLE_MS;
	if (set_timeout(q, timeout_ms) == -1)
		return -1;
	for (int round = 0; round < NFQ_RECV_ROUNDS; round++) {
		/* The kernel shortens msg_namelen to the sender address it
		 * wrote; everything else of the headers stays as set at
		 * open. */
		for (int i = 0; i < NFQ_RECV_VLEN; i++)
			q->msgs[i].msg_hdr.msg_namelen = sizeof(q->from[i]);
		/* MSG_WAITFORONE: block for the first datagram, then take
		 * what else is queued without waiting. */
		n = recvmmsg(fd, q->msgs, NFQ_RECV_VLEN, flags, NULL);
		if (n == -1) {
			if (errno == ENOBUFS) {
				counter_inc(&q->stats.enobufs);
				continue;
			}
			if (errno == EAGAIN || errno == EWOULDBLOCK ||
			    errno == EINTR)
				break;
			return ctx.handled > 0 ? ctx.handled : -1;
		}
		capture_nfq_ids_begin(&q->ids);
		for (int i = 0; i < n; i++) {
			const struct msghdr *mh = &q->msgs[i].msg_hdr;

			/* Only the kernel (netlink portid 0) sends us
			 * packets; another sender needs CAP_NET_ADMIN,
			 * and is still ignored. A datagram larger than a
			 * slot cannot be a queued packet of ours. */
			if (q->from[i].nl_pid != 0 ||
			    (mh->msg_flags & MSG_TRUNC) != 0) {
				counter_inc(&q->stats.bad_messages);
				continue;
			}
			/* Walk every message ourselves: mnl_cb_run()
			 * stops at the first error message (a failed
			 * verdict reported back), and the packets after it
			 * in the same datagram would never get a
			 * verdict. */
			if (capture_nfq_msg_walk(q->iov[i].iov_base,
			    q->msgs[i].msg_len, on_message, &ctx) != 0)
				counter_inc(&q->stats.bad_messages);
		}
		capture_nfq_ids_end(&q->ids);
		/* Fewer than asked for: the socket is empty now. */
		if (n < NFQ_RECV_VLEN)
			break;
		flags = MSG_DONTWAIT;
	}
	sample_fill(q);
	return ctx.handled;
}

int
capture_nfq_verdict(struct capture_nfq *q, uint32_t id, uint32_t verdict,
    bool set_mark, uint32_t mark)
{
	char buf[CAPTURE_NFQ_MSG_VERDICT_SIZE];
	size_t len;

	len = capture_nfq_msg_verdict(buf, q->queue, id, verdict, set_mark,
	    mark);
	return capture_nfq_send(q, buf, len);
}

int
capture_nfq_send(struct capture_nfq *q, const void *buf, size_t len)
{
	return mnl_socket_sendto(q->nl, buf, len) < 0 ? -1 : 0;
}

void
capture_nfq_stats(const struct capture_nfq *q, struct capture_nfq_stats *s)
{
	s->packets = counter_get(&q->stats.packets);
	s->bytes = counter_get(&q->stats.bytes);
	s->enobufs = counter_get(&q->stats.enobufs);
	s->bad_messages = counter_get(&q->stats.bad_messages);
	s->verdict_errors = counter_get(&q->stats.verdict_errors);
}

int
capture_nfq_kernel(struct capture_nfq *q, bool end_interval,
    struct capture_nfq_kernel *out)
{
	struct capture_nfq_ids_snap snap;
	struct capture_nfq_loss loss;
	bool snap_ok = false, stable;
	uint64_t prev;
	uint32_t hwm;

	for (int i = 0; i < NFQ_SNAPSHOT_TRIES && !snap_ok; i++)
		snap_ok = capture_nfq_ids_snapshot(&q->ids, &snap);
	if (capture_nfq_proc_read(CAPTURE_NFQ_PROC_PATH, q->queue, &out->ks) ==
	    -1)
		return -1;
	stable = capture_nfq_ids_unchanged(&q->ids, &snap);
	capture_nfq_ids_loss(&snap, snap_ok, stable, &out->ks, q->fail_open,
	    &loss);
	/* Each figure is exact or a lower bound (an unsettled moment): the
	 * highest one reported so far is too, and never goes down. */
	prev = __atomic_load_n(&q->failopen, __ATOMIC_RELAXED);
	while (loss.failopen > prev &&
	    !__atomic_compare_exchange_n(&q->failopen, &prev, loss.failopen,
	    false, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
		;
	out->failopen = loss.failopen > prev ? loss.failopen : prev;
	hwm = end_interval ? __atomic_exchange_n(&q->fill_hwm, 0,
	    __ATOMIC_RELAXED) : __atomic_load_n(&q->fill_hwm, __ATOMIC_RELAXED);
	out->queue_hwm = hwm > out->ks.queue_total ? hwm : out->ks.queue_total;
	return 0;
}
