/* nfq_baseline: the smallest useful NFQUEUE consumer. It binds one or more
 * queues, accepts every packet and counts the verdicts. It is the
 * performance baseline quelld is benchmarked against and the NFQ consumer of
 * the lab self-test, so the loop is kept tight: packets are received in
 * batches (recvmmsg), their verdicts are collected into one buffer and sent
 * with one sendto per batch, and nothing is printed per packet.
 *
 * Usage: nfq_baseline -q N [-q M ...]
 * On SIGTERM or SIGINT it prints "verdicted <count>" to stdout and exits 0.
 * Every packet it has read has had its verdict sent by then.
 *
 * Standalone tool: it uses libnetfilter_queue's libmnl-based message helpers
 * (see libnetfilter_queue examples/nf-queue.c) and nothing from libquell. */
/* recvmmsg, ppoll (config.h may define it too, via AC_USE_SYSTEM_EXTENSIONS) */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#include "config.h"

#include <sys/socket.h>
#include <arpa/inet.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libmnl/libmnl.h>
#include <linux/netfilter.h>
#include <linux/netfilter/nfnetlink.h>

/* Older uapi headers use these in nfnetlink_queue.h without defining them. */
#ifndef __aligned_be64
#define __aligned_be64 __be64 __attribute__((aligned(8)))
#define __aligned_le64 __le64 __attribute__((aligned(8)))
#endif
#include <linux/netfilter/nfnetlink_queue.h>

#include <libnetfilter_queue/libnetfilter_queue.h>

#define MAX_QUEUES	64
#define BATCH		32
/* One queued packet: up to 64 KiB of payload (GSO) plus netlink headers and
 * attributes. */
#define COPY_RANGE	0xffff
#define RX_BUF_SIZE	(COPY_RANGE + 4096)
/* A verdict message is well under 64 bytes; flush before the buffer could
 * overflow. */
#define TX_BUF_SIZE	(64 * 1024)
#define TX_MSG_MAX	128

struct baseline {
	struct mnl_socket *nl;
	unsigned int portid;
	uint64_t verdicted;
	/* errors the kernel reported for verdicts (bad packet id, ...) */
	uint64_t verdict_errors;
	/* config acks still expected, and the first error one reported */
	unsigned int acks_pending;
	int cfg_errno;
	char *tx;
	size_t tx_len;
	char *rx[BATCH];
	struct iovec iov[BATCH];
	struct mmsghdr msgs[BATCH];
};

static volatile sig_atomic_t stop_requested;

static void on_signal(int sig);
static void usage(void) __attribute__((__noreturn__));
static int parse_queue(const char *s, uint16_t *q);
static int tx_flush(struct baseline *b);
static int tx_verdict(struct baseline *b, uint16_t q, uint32_t id);
static int handle_datagram(struct baseline *b, const char *buf, size_t len);
static int bind_queues(struct baseline *b, const uint16_t *queues, size_t nq);
static int receive_batch(struct baseline *b);
static int run(struct baseline *b);

static void
on_signal(int sig)
{
	(void)sig;
	stop_requested = 1;
}

static void
usage(void)
{
	fprintf(stderr, "usage: nfq_baseline -q QUEUE [-q QUEUE ...]\n");
	exit(2);
}

static int
parse_queue(const char *s, uint16_t *q)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno != 0 || end == s || *end != '\0' || v > UINT16_MAX)
		return -1;
	*q = (uint16_t)v;
	return 0;
}

static int
tx_flush(struct baseline *b)
{
	if (b->tx_len == 0)
		return 0;
	/* Several verdict messages in one datagram: nfnetlink walks them all. */
	if (mnl_socket_sendto(b->nl, b->tx, b->tx_len) < 0) {
		perror("nfq_baseline: send verdicts");
		return -1;
	}
	b->tx_len = 0;
	return 0;
}

static int
tx_verdict(struct baseline *b, uint16_t q, uint32_t id)
{
	struct nlmsghdr *nlh;

	if (b->tx_len + TX_MSG_MAX > TX_BUF_SIZE && tx_flush(b) < 0)
		return -1;
	nlh = nfq_nlmsg_put(b->tx + b->tx_len, NFQNL_MSG_VERDICT, q);
	nfq_nlmsg_verdict_put(nlh, (int)id, NF_ACCEPT);
	b->tx_len += MNL_ALIGN(nlh->nlmsg_len);
	b->verdicted++;
	return 0;
}

/* One datagram from the kernel: queued packets get an accept verdict queued
 * for sending; error/ack messages settle pending configuration requests. */
static int
handle_datagram(struct baseline *b, const char *buf, size_t len)
{
	const struct nlmsghdr *nlh = (const struct nlmsghdr *)buf;
	int rest = (int)len;

	for (; mnl_nlmsg_ok(nlh, rest); nlh = mnl_nlmsg_next(nlh, &rest)) {
		struct nlattr *attr[NFQA_MAX + 1] = { NULL };
		const struct nfqnl_msg_packet_hdr *ph;
		const struct nfgenmsg *nfg;

		if (nlh->nlmsg_type == NLMSG_ERROR) {
			const struct nlmsgerr *err = mnl_nlmsg_get_payload(nlh);

			if (mnl_nlmsg_get_payload_len(nlh) < sizeof(*err))
				continue;
			/* err->msg is the header of the request it answers. */
			if (err->msg.nlmsg_type == ((NFNL_SUBSYS_QUEUE << 8) | NFQNL_MSG_CONFIG)) {
				if (b->acks_pending > 0)
					b->acks_pending--;
				if (err->error != 0 && b->cfg_errno == 0)
					b->cfg_errno = -err->error;
			} else if (err->error != 0) {
				/* Verdicts are sent without NLM_F_ACK: only
				 * failures come back. */
				b->verdict_errors++;
			}
			continue;
		}
		if (nlh->nlmsg_type != ((NFNL_SUBSYS_QUEUE << 8) | NFQNL_MSG_PACKET))
			continue;
		if (nfq_nlmsg_parse(nlh, attr) < 0 || attr[NFQA_PACKET_HDR] == NULL) {
			fprintf(stderr, "nfq_baseline: unparsable packet message\n");
			continue;
		}
		nfg = mnl_nlmsg_get_payload(nlh);
		ph = mnl_attr_get_payload(attr[NFQA_PACKET_HDR]);
		if (tx_verdict(b, ntohs(nfg->res_id), ntohl(ph->packet_id)) < 0)
			return -1;
	}
	return 0;
}

/* Bind every queue with packet copy (full range) and GSO in one message per
 * queue, so no packet can arrive on a half-configured queue, then wait for
 * the kernel's acks (verdicting any packet that arrives meanwhile). */
static int
bind_queues(struct baseline *b, const uint16_t *queues, size_t nq)
{
	char buf[MNL_SOCKET_BUFFER_SIZE];
	unsigned int seq = (unsigned int)time(NULL);

	for (size_t i = 0; i < nq; i++) {
		struct nlmsghdr *nlh = nfq_nlmsg_put(buf, NFQNL_MSG_CONFIG, queues[i]);

		nlh->nlmsg_flags |= NLM_F_ACK;
		nlh->nlmsg_seq = seq + (unsigned int)i;
		nfq_nlmsg_cfg_put_cmd(nlh, AF_INET, NFQNL_CFG_CMD_BIND);
		nfq_nlmsg_cfg_put_params(nlh, NFQNL_COPY_PACKET, COPY_RANGE);
		mnl_attr_put_u32(nlh, NFQA_CFG_FLAGS, htonl(NFQA_CFG_F_GSO));
		mnl_attr_put_u32(nlh, NFQA_CFG_MASK, htonl(NFQA_CFG_F_GSO));
		if (mnl_socket_sendto(b->nl, nlh, nlh->nlmsg_len) < 0) {
			perror("nfq_baseline: send queue config");
			return -1;
		}
		b->acks_pending++;
	}
	while (b->acks_pending > 0) {
		if (receive_batch(b) < 0)
			return -1;
		if (stop_requested)
			return -1;
	}
	if (b->cfg_errno != 0) {
		fprintf(stderr, "nfq_baseline: bind queue: %s\n", strerror(b->cfg_errno));
		return -1;
	}
	return 0;
}

/* Wait until the socket is readable or a signal arrives, receive up to BATCH
 * datagrams and send all their verdicts at once. SIGTERM/SIGINT are blocked
 * except inside ppoll, so a signal cannot slip in between the stop check and
 * the wait. */
static int
receive_batch(struct baseline *b)
{
	struct pollfd pfd = { .fd = mnl_socket_get_fd(b->nl), .events = POLLIN };
	sigset_t waitmask;
	int n;

	sigemptyset(&waitmask);
	n = ppoll(&pfd, 1, NULL, &waitmask);
	if (n < 0) {
		if (errno == EINTR)
			return 0;
		perror("nfq_baseline: ppoll");
		return -1;
	}
	for (int i = 0; i < BATCH; i++) {
		b->iov[i].iov_base = b->rx[i];
		b->iov[i].iov_len = RX_BUF_SIZE;
		memset(&b->msgs[i].msg_hdr, 0, sizeof(b->msgs[i].msg_hdr));
		b->msgs[i].msg_hdr.msg_iov = &b->iov[i];
		b->msgs[i].msg_hdr.msg_iovlen = 1;
	}
	n = recvmmsg(pfd.fd, b->msgs, BATCH, MSG_DONTWAIT, NULL);
	if (n < 0) {
		if (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)
			return 0;
		/* With NETLINK_NO_ENOBUFS the kernel does not report overruns;
		 * anything else is fatal for a baseline. */
		perror("nfq_baseline: recvmmsg");
		return -1;
	}
	for (int i = 0; i < n; i++) {
		if (handle_datagram(b, b->rx[i], b->msgs[i].msg_len) < 0)
			return -1;
	}
	return tx_flush(b);
}

static int
run(struct baseline *b)
{
	while (!stop_requested) {
		if (receive_batch(b) < 0)
			return -1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	struct baseline b;
	uint16_t queues[MAX_QUEUES];
	size_t nq = 0;
	struct sigaction sa;
	sigset_t block;
	int one = 1;
	int rcvbuf = 8 * 1024 * 1024;
	int opt, rc = 1;

	memset(&b, 0, sizeof(b));
	while ((opt = getopt(argc, argv, "q:h")) != -1) {
		switch (opt) {
		case 'q':
			if (nq == MAX_QUEUES || parse_queue(optarg, &queues[nq]) < 0) {
				fprintf(stderr, "nfq_baseline: bad or too many queues: %s\n", optarg);
				return 2;
			}
			nq++;
			break;
		default:
			usage();
		}
	}
	if (nq == 0 || optind != argc)
		usage();

	/* Block the stop signals; receive_batch unblocks them only in ppoll. */
	sigemptyset(&block);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGINT);
	if (sigprocmask(SIG_BLOCK, &block, NULL) < 0) {
		perror("nfq_baseline: sigprocmask");
		return 1;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);

	b.tx = malloc(TX_BUF_SIZE);
	for (int i = 0; i < BATCH; i++) {
		b.rx[i] = malloc(RX_BUF_SIZE);
		if (b.rx[i] == NULL)
			goto done;
	}
	if (b.tx == NULL)
		goto done;

	b.nl = mnl_socket_open(NETLINK_NETFILTER);
	if (b.nl == NULL) {
		perror("nfq_baseline: mnl_socket_open");
		goto done;
	}
	if (mnl_socket_bind(b.nl, 0, MNL_SOCKET_AUTOPID) < 0) {
		perror("nfq_baseline: mnl_socket_bind");
		goto done;
	}
	b.portid = mnl_socket_get_portid(b.nl);
	/* A full socket must not turn into an error on every recv; the kernel
	 * then drops (or, with --queue-bypass, accepts) what it cannot queue. */
	mnl_socket_setsockopt(b.nl, NETLINK_NO_ENOBUFS, &one, sizeof(one));
	if (setsockopt(mnl_socket_get_fd(b.nl), SOL_SOCKET, SO_RCVBUFFORCE,
	    &rcvbuf, sizeof(rcvbuf)) < 0)
		setsockopt(mnl_socket_get_fd(b.nl), SOL_SOCKET, SO_RCVBUF,
		    &rcvbuf, sizeof(rcvbuf));

	if (bind_queues(&b, queues, nq) < 0)
		goto done;
	if (run(&b) < 0)
		goto done;
	rc = 0;
done:
	/* Every packet read so far has had its verdict sent (each batch is
	 * flushed before the next wait); closing the socket unbinds the
	 * queues. */
	if (b.nl != NULL)
		mnl_socket_close(b.nl);
	printf("verdicted %" PRIu64 "\n", b.verdicted);
	fflush(stdout);
	if (b.verdict_errors > 0)
		fprintf(stderr, "nfq_baseline: the kernel rejected %" PRIu64 " verdicts\n",
		    b.verdict_errors);
	for (int i = 0; i < BATCH; i++)
		free(b.rx[i]);
	free(b.tx);
	return rc;
}
