#include "core/base.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>

#include <libmnl/libmnl.h>
#include <libnetfilter_conntrack/libnetfilter_conntrack.h>

#include "bypass/conntrack.h"
#include "bypass/key.h"

/* Ops per send: two messages each, so the send buffer is 64 KiB and the
 * replies (a GET reply is about 300 bytes) stay far below the socket's
 * receive buffer. */
#define BATCH_OPS	128
#define SEND_SIZE	(BATCH_OPS * 2 * BYPASS_CT_MSG_SIZE)
/* Large enough for any single netlink datagram the kernel sends us
 * (dump replies are at most a page or two each). */
#define RECV_SIZE	(64 * 1024)
#define EVENT_RCVBUF	(8 * 1024 * 1024)
#define QUERY_RCVBUF	(1024 * 1024)
#define QUERY_TIMEOUT_S	2
/* Event datagrams read per bypass_conntrack_read_events call, so a
 * flood of events cannot starve the caller's other work. */
#define EVENT_READS	1024

#define ACCT_SYSCTL	"/proc/sys/net/netfilter/nf_conntrack_acct"

struct bypass_conntrack {
	struct mnl_socket	*q;		/* queries */
	uint32_t		 q_portid;
	uint32_t		 seq;
	struct mnl_socket	*ev;		/* DESTROY events, or NULL */
	uint32_t		 ev_mark;
	uint32_t		 ev_mask;
	uint8_t			*sbuf;		/* SEND_SIZE */
	uint8_t			*rbuf;		/* RECV_SIZE */
};

static bool	has_ports(uint8_t);
static int	ct_set_key(struct nf_conntrack *, const struct bypass_key *);
static struct nlmsghdr *put_header(void *, uint8_t, uint16_t, uint8_t,
		    uint32_t);
static int	exchange(struct bypass_conntrack *, struct bypass_ct_op *,
		    size_t, bool);
static void	set_rcvbuf(struct mnl_socket *, int);

static bool
has_ports(uint8_t proto)
{
	return proto == IPPROTO_TCP || proto == IPPROTO_UDP ||
	    proto == IPPROTO_UDPLITE || proto == IPPROTO_SCTP ||
	    proto == IPPROTO_DCCP;
}

/* The original tuple of ct from key. -1 (EINVAL) for a key conntrack
 * cannot name. */
static int
ct_set_key(struct nf_conntrack *ct, const struct bypass_key *k)
{
	if ((k->src.family != AF_INET && k->src.family != AF_INET6) ||
	    k->src.family != k->dst.family) {
		errno = EINVAL;
		return -1;
	}
	nfct_set_attr_u8(ct, ATTR_L3PROTO, k->src.family);
	if (k->src.family == AF_INET) {
		nfct_set_attr_u32(ct, ATTR_IPV4_SRC, k->src.u.v4);
		nfct_set_attr_u32(ct, ATTR_IPV4_DST, k->dst.u.v4);
	} else {
		nfct_set_attr(ct, ATTR_IPV6_SRC, k->src.u.v6);
		nfct_set_attr(ct, ATTR_IPV6_DST, k->dst.u.v6);
	}
	nfct_set_attr_u8(ct, ATTR_L4PROTO, k->proto);
	if (has_ports(k->proto)) {
		nfct_set_attr_u16(ct, ATTR_PORT_SRC, htons(k->sport));
		nfct_set_attr_u16(ct, ATTR_PORT_DST, htons(k->dport));
	} else if (k->proto == IPPROTO_ICMP || k->proto == IPPROTO_ICMPV6) {
		nfct_set_attr_u8(ct, ATTR_ICMP_TYPE, k->icmp_type);
		nfct_set_attr_u8(ct, ATTR_ICMP_CODE, k->icmp_code);
		nfct_set_attr_u16(ct, ATTR_ICMP_ID, htons(k->sport));
	}
	return 0;
}

static struct nlmsghdr *
put_header(void *buf, uint8_t type, uint16_t flags, uint8_t family,
    uint32_t seq)
{
	struct nlmsghdr *nlh = mnl_nlmsg_put_header(buf);
	struct nfgenmsg *nfh;

	nlh->nlmsg_type = (NFNL_SUBSYS_CTNETLINK << 8) | type;
	nlh->nlmsg_flags = NLM_F_REQUEST | flags;
	nlh->nlmsg_seq = seq;
	nfh = mnl_nlmsg_put_extra_header(nlh, sizeof(*nfh));
	nfh->nfgen_family = family;
	nfh->version = NFNETLINK_V0;
	nfh->res_id = 0;
	return nlh;
}

/* A message about one entry: an update carrying a mark, or a GET. */
static size_t
msg_entry(void *buf, size_t len, const struct bypass_key *key, bool mark_it,
    uint32_t mark, uint32_t mask, uint32_t seq)
{
	struct nf_conntrack *ct;
	struct nlmsghdr *nlh;
	size_t n = 0;

	if (len < BYPASS_CT_MSG_SIZE) {
		errno = ENOSPC;
		return 0;
	}
	if (mark_it && (mark & ~mask) != 0) {
		errno = EINVAL;
		return 0;
	}
	if ((ct = nfct_new()) == NULL) {
		errno = ENOMEM;
		return 0;
	}
	if (ct_set_key(ct, key) == -1)
		goto done;
	if (mark_it)
		nfct_set_attr_u32(ct, ATTR_MARK, mark);
	nlh = put_header(buf, mark_it ? IPCTNL_MSG_CT_NEW : IPCTNL_MSG_CT_GET,
	    NLM_F_ACK, key->src.family, seq);
	if (nfct_nlmsg_build(nlh, ct) == -1) {
		errno = EINVAL;
		goto done;
	}
	/* libnetfilter_conntrack 1.0.9 has no ATTR_MARK_MASK. */
	if (mark_it)
		mnl_attr_put_u32(nlh, CTA_MARK_MASK, htonl(mask));
	n = nlh->nlmsg_len;
done:
	nfct_destroy(ct);
	return n;
}

size_t
bypass_conntrack_msg_mark(void *buf, size_t len, const struct bypass_key *key,
    uint32_t mark, uint32_t mask, uint32_t seq)
{
	return msg_entry(buf, len, key, true, mark, mask, seq);
}

size_t
bypass_conntrack_msg_get(void *buf, size_t len, const struct bypass_key *key,
    uint32_t seq)
{
	return msg_entry(buf, len, key, false, 0, 0, seq);
}

size_t
bypass_conntrack_msg_dump(void *buf, size_t len, uint32_t mark, uint32_t mask,
    uint32_t seq)
{
	struct nlmsghdr *nlh;

	if (len < BYPASS_CT_MSG_SIZE) {
		errno = ENOSPC;
		return 0;
	}
	if ((mark & ~mask) != 0) {
		errno = EINVAL;
		return 0;
	}
	nlh = put_header(buf, IPCTNL_MSG_CT_GET, NLM_F_DUMP, AF_UNSPEC, seq);
	mnl_attr_put_u32(nlh, CTA_MARK, htonl(mark));
	mnl_attr_put_u32(nlh, CTA_MARK_MASK, htonl(mask));
	return nlh->nlmsg_len;
}

static void
get_addr(const struct nf_conntrack *ct, uint8_t family, int a4, int a6,
    struct ip_addr *out)
{
	memset(out, 0, sizeof(*out));
	out->family = family;
	if (family == AF_INET)
		out->u.v4 = nfct_get_attr_u32(ct, a4);
	else
		memcpy(out->u.v6, nfct_get_attr(ct, a6), 16);
}

int
bypass_conntrack_msg_parse(const void *msg, size_t len,
    struct bypass_ct_entry *e)
{
	const struct nlmsghdr *nlh = msg;
	struct nf_conntrack *ct;
	uint8_t family, proto, type;
	int rc = -1;

	memset(e, 0, sizeof(*e));
	if (len > INT32_MAX || !mnl_nlmsg_ok(nlh, (int)len) ||
	    nlh->nlmsg_len < MNL_NLMSG_HDRLEN + MNL_ALIGN(sizeof(struct nfgenmsg)) ||
	    (nlh->nlmsg_type >> 8) != NFNL_SUBSYS_CTNETLINK) {
		errno = EBADMSG;
		return -1;
	}
	type = nlh->nlmsg_type & 0xff;
	if (type == IPCTNL_MSG_CT_NEW)
		e->type = BYPASS_CT_MSG_NEW;
	else if (type == IPCTNL_MSG_CT_DELETE)
		e->type = BYPASS_CT_MSG_DESTROY;
	else {
		errno = EBADMSG;
		return -1;
	}
	if ((ct = nfct_new()) == NULL) {
		errno = ENOMEM;
		return -1;
	}
	if (nfct_nlmsg_parse(nlh, ct) < 0 ||
	    !nfct_attr_is_set(ct, ATTR_ORIG_L3PROTO) ||
	    !nfct_attr_is_set(ct, ATTR_ORIG_L4PROTO)) {
		errno = EBADMSG;
		goto done;
	}
	family = nfct_get_attr_u8(ct, ATTR_ORIG_L3PROTO);
	if ((family == AF_INET && (!nfct_attr_is_set(ct, ATTR_ORIG_IPV4_SRC) ||
	    !nfct_attr_is_set(ct, ATTR_ORIG_IPV4_DST))) ||
	    (family == AF_INET6 && (!nfct_attr_is_set(ct, ATTR_ORIG_IPV6_SRC) ||
	    !nfct_attr_is_set(ct, ATTR_ORIG_IPV6_DST))) ||
	    (family != AF_INET && family != AF_INET6)) {
		errno = EBADMSG;
		goto done;
	}
	get_addr(ct, family, ATTR_ORIG_IPV4_SRC, ATTR_ORIG_IPV6_SRC,
	    &e->orig.src);
	get_addr(ct, family, ATTR_ORIG_IPV4_DST, ATTR_ORIG_IPV6_DST,
	    &e->orig.dst);
	proto = nfct_get_attr_u8(ct, ATTR_ORIG_L4PROTO);
	e->orig.proto = proto;
	if (has_ports(proto)) {
		e->orig.sport = ntohs(nfct_get_attr_u16(ct, ATTR_ORIG_PORT_SRC));
		e->orig.dport = ntohs(nfct_get_attr_u16(ct, ATTR_ORIG_PORT_DST));
	} else if (proto == IPPROTO_ICMP || proto == IPPROTO_ICMPV6) {
		e->orig.sport = ntohs(nfct_get_attr_u16(ct, ATTR_ICMP_ID));
		e->orig.icmp_type = nfct_get_attr_u8(ct, ATTR_ICMP_TYPE);
		e->orig.icmp_code = nfct_get_attr_u8(ct, ATTR_ICMP_CODE);
	}
	if (nfct_attr_is_set(ct, ATTR_ID))
		e->id = nfct_get_attr_u32(ct, ATTR_ID);
	if (nfct_attr_is_set(ct, ATTR_MARK)) {
		e->has_mark = true;
		e->mark = nfct_get_attr_u32(ct, ATTR_MARK);
	}
	if (nfct_attr_is_set(ct, ATTR_ORIG_COUNTER_PACKETS)) {
		e->has_counters = true;
		e->pkts[0] = nfct_get_attr_u64(ct, ATTR_ORIG_COUNTER_PACKETS);
		e->bytes[0] = nfct_get_attr_u64(ct, ATTR_ORIG_COUNTER_BYTES);
		e->pkts[1] = nfct_get_attr_u64(ct, ATTR_REPL_COUNTER_PACKETS);
		e->bytes[1] = nfct_get_attr_u64(ct, ATTR_REPL_COUNTER_BYTES);
	}
	if (nfct_attr_is_set(ct, ATTR_TIMESTAMP_START))
		e->start_ns = nfct_get_attr_u64(ct, ATTR_TIMESTAMP_START);
	rc = 0;
done:
	nfct_destroy(ct);
	return rc;
}

enum bypass_ct_acct
bypass_conntrack_acct(bool enable)
{
	char buf[16];
	ssize_t n;
	int fd;

	if ((fd = open(ACCT_SYSCTL, O_RDONLY | O_CLOEXEC)) == -1)
		return BYPASS_CT_ACCT_UNKNOWN;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return BYPASS_CT_ACCT_UNKNOWN;
	if (buf[0] != '0')
		return BYPASS_CT_ACCT_ON;
	if (!enable)
		return BYPASS_CT_ACCT_OFF;
	if ((fd = open(ACCT_SYSCTL, O_WRONLY | O_CLOEXEC)) == -1)
		return BYPASS_CT_ACCT_OFF;
	n = write(fd, "1\n", 2);
	close(fd);
	return n == 2 ? BYPASS_CT_ACCT_ENABLED : BYPASS_CT_ACCT_OFF;
}

const char *
bypass_conntrack_acct_name(enum bypass_ct_acct a)
{
	switch (a) {
	case BYPASS_CT_ACCT_UNKNOWN:
		return "unknown";
	case BYPASS_CT_ACCT_OFF:
		return "off";
	case BYPASS_CT_ACCT_ON:
		return "on";
	case BYPASS_CT_ACCT_ENABLED:
		return "enabled";
	}
	return "unknown";
}

/* Forced (CAP_NET_ADMIN) where allowed, else as large as rmem_max. */
static void
set_rcvbuf(struct mnl_socket *nl, int size)
{
	int fd = mnl_socket_get_fd(nl);

	if (setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &size,
	    sizeof(size)) == -1)
		(void)setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size,
		    sizeof(size));
}

/* Best effort: the kernel drops events of other entries before they
 * fill the socket. */
static void
attach_mark_filter(struct mnl_socket *nl, uint32_t mark, uint32_t mask)
{
	struct nfct_filter_dump_mark m = { .val = mark, .mask = mask };
	struct nfct_filter *filter;

	if ((filter = nfct_filter_create()) == NULL)
		return;
	nfct_filter_add_attr(filter, NFCT_FILTER_MARK, &m);
	if (nfct_filter_set_logic(filter, NFCT_FILTER_MARK,
	    NFCT_FILTER_LOGIC_POSITIVE) == 0)
		(void)nfct_filter_attach(mnl_socket_get_fd(nl), filter);
	nfct_filter_destroy(filter);
}

struct bypass_conntrack *
bypass_conntrack_open(unsigned int flags, uint32_t ev_mark, uint32_t ev_mask)
{
	struct bypass_conntrack *h;
	struct timeval tv = { QUERY_TIMEOUT_S, 0 };
	int one = 1, saved, fl;

	if ((h = calloc(1, sizeof(*h))) == NULL)
		return NULL;
	h->ev_mark = ev_mark;
	h->ev_mask = ev_mask;
	h->seq = (uint32_t)time(NULL);
	if ((h->sbuf = malloc(SEND_SIZE)) == NULL ||
	    (h->rbuf = malloc(RECV_SIZE)) == NULL)
		goto fail;
	if ((h->q = mnl_socket_open2(NETLINK_NETFILTER, SOCK_CLOEXEC)) == NULL ||
	    mnl_socket_bind(h->q, 0, MNL_SOCKET_AUTOPID) == -1)
		goto fail;
	h->q_portid = mnl_socket_get_portid(h->q);
	/* Acks without the request echoed: smaller replies. */
	(void)mnl_socket_setsockopt(h->q, NETLINK_CAP_ACK, &one, sizeof(one));
	set_rcvbuf(h->q, QUERY_RCVBUF);
	if (setsockopt(mnl_socket_get_fd(h->q), SOL_SOCKET, SO_RCVTIMEO, &tv,
	    sizeof(tv)) == -1)
		goto fail;
	if ((flags & BYPASS_CT_OPEN_EVENTS) == 0)
		return h;
	if ((h->ev = mnl_socket_open2(NETLINK_NETFILTER,
	    SOCK_CLOEXEC | SOCK_NONBLOCK)) == NULL ||
	    mnl_socket_bind(h->ev, 0, MNL_SOCKET_AUTOPID) == -1)
		goto fail;
	fl = NFNLGRP_CONNTRACK_DESTROY;
	if (mnl_socket_setsockopt(h->ev, NETLINK_ADD_MEMBERSHIP, &fl,
	    sizeof(fl)) == -1)
		goto fail;
	set_rcvbuf(h->ev, EVENT_RCVBUF);
	if (ev_mask != 0)
		attach_mark_filter(h->ev, ev_mark, ev_mask);
	return h;
fail:
	saved = errno;
	bypass_conntrack_close(h);
	errno = saved;
	return NULL;
}

void
bypass_conntrack_close(struct bypass_conntrack *h)
{
	if (h == NULL)
		return;
	if (h->q != NULL)
		mnl_socket_close(h->q);
	if (h->ev != NULL)
		mnl_socket_close(h->ev);
	free(h->sbuf);
	free(h->rbuf);
	free(h);
}

/* Received messages per op: the mark update's ack (or error), the GET
 * reply, the GET's ack (or error). */
struct op_state {
	bool		 sent_mark;
	bool		 sent_get;
};

/* One batch of at most BATCH_OPS ops, each as its key (reversed false)
 * or, for the ops that were not found (ENOENT), as the reversed key. */
static int
exchange(struct bypass_conntrack *h, struct bypass_ct_op *ops, size_t n,
    bool reversed)
{
	struct op_state st[BATCH_OPS];
	uint32_t base = h->seq;
	size_t len = 0, expect = 0, i, l;
	ssize_t r;

	h->seq += (uint32_t)(2 * n);
	memset(st, 0, sizeof(st));
	for (i = 0; i < n; i++) {
		struct bypass_ct_op *op = &ops[i];
		struct bypass_key k = op->key;

		if (reversed) {
			if (op->error != ENOENT)
				continue;
			bypass_key_reverse(&k, &op->key);
			op->reversed = true;
		}
		op->error = 0;
		memset(&op->entry, 0, sizeof(op->entry));
		if (op->set_mark) {
			if ((l = bypass_conntrack_msg_mark(h->sbuf + len,
			    SEND_SIZE - len, &k, op->mark, op->mask,
			    base + 2 * (uint32_t)i)) == 0) {
				op->error = errno;
				continue;
			}
			len += l;
			st[i].sent_mark = true;
			expect++;
		}
		if ((l = bypass_conntrack_msg_get(h->sbuf + len,
		    SEND_SIZE - len, &k, base + 2 * (uint32_t)i + 1)) == 0) {
			op->error = errno;
			continue;
		}
		len += l;
		st[i].sent_get = true;
		expect++;
	}
	if (len == 0)
		return 0;
	if (mnl_socket_sendto(h->q, h->sbuf, len) == -1)
		return -1;
	while (expect > 0) {
		const struct nlmsghdr *nlh;
		int left;

		if ((r = mnl_socket_recvfrom(h->q, h->rbuf, RECV_SIZE)) == -1) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN || errno == EWOULDBLOCK)
				errno = ETIMEDOUT;
			return -1;
		}
		left = (int)r;
		for (nlh = (const struct nlmsghdr *)h->rbuf;
		    mnl_nlmsg_ok(nlh, left);
		    nlh = mnl_nlmsg_next(nlh, &left)) {
			uint32_t off = nlh->nlmsg_seq - base;
			struct bypass_ct_op *op;

			/* Replies to an earlier batch that timed out. */
			if (off >= 2 * n)
				continue;
			op = &ops[off / 2];
			if (nlh->nlmsg_type == NLMSG_ERROR) {
				const struct nlmsgerr *err =
				    mnl_nlmsg_get_payload(nlh);

				if (nlh->nlmsg_len < MNL_NLMSG_HDRLEN +
				    sizeof(*err)) {
					errno = EBADMSG;
					return -1;
				}
				if (err->error != 0 && op->error == 0)
					op->error = -err->error;
				expect--;
			} else if ((off & 1) == 1 && op->error == 0 &&
			    bypass_conntrack_msg_parse(nlh, nlh->nlmsg_len,
			    &op->entry) == -1) {
				op->error = errno;
			}
		}
	}
	return 0;
}

int
bypass_conntrack_run(struct bypass_conntrack *h, struct bypass_ct_op *ops,
    size_t n)
{
	size_t off, chunk, i;
	bool retry;

	for (off = 0; off < n; off += chunk) {
		chunk = n - off < BATCH_OPS ? n - off : BATCH_OPS;
		retry = false;
		for (i = 0; i < chunk; i++)
			ops[off + i].reversed = false;
		if (exchange(h, ops + off, chunk, false) == -1)
			return -1;
		for (i = 0; i < chunk; i++)
			retry |= ops[off + i].error == ENOENT;
		if (retry && exchange(h, ops + off, chunk, true) == -1)
			return -1;
	}
	return 0;
}

int
bypass_conntrack_set_mark(struct bypass_conntrack *h,
    const struct bypass_key *key, uint32_t mark, uint32_t mask,
    uint32_t *ct_id_out)
{
	struct bypass_ct_op op;

	memset(&op, 0, sizeof(op));
	op.key = *key;
	op.set_mark = true;
	op.mark = mark;
	op.mask = mask;
	if (bypass_conntrack_run(h, &op, 1) == -1)
		return -1;
	if (op.error != 0) {
		errno = op.error;
		return -1;
	}
	if (ct_id_out != NULL)
		*ct_id_out = op.entry.id;
	return 0;
}

int
bypass_conntrack_get_counters(struct bypass_conntrack *h,
    const struct bypass_key *key, uint64_t pkts[2], uint64_t bytes[2])
{
	struct bypass_ct_op op;

	memset(&op, 0, sizeof(op));
	op.key = *key;
	if (bypass_conntrack_run(h, &op, 1) == -1)
		return -1;
	if (op.error != 0) {
		errno = op.error;
		return -1;
	}
	memcpy(pkts, op.entry.pkts, sizeof(op.entry.pkts));
	memcpy(bytes, op.entry.bytes, sizeof(op.entry.bytes));
	return 0;
}

static bool
mark_matches(const struct bypass_ct_entry *e, uint32_t mark, uint32_t mask)
{
	if (mask == 0)
		return true;
	return e->has_mark && (e->mark & mask) == mark;
}

long
bypass_conntrack_dump_marked(struct bypass_conntrack *h, uint32_t mark,
    uint32_t mask, bypass_ct_entry_fn fn, void *arg)
{
	uint32_t seq = h->seq++;
	struct bypass_ct_entry e;
	size_t len;
	ssize_t r;
	long count = 0;

	if ((len = bypass_conntrack_msg_dump(h->sbuf, SEND_SIZE, mark, mask,
	    seq)) == 0)
		return -1;
	if (mnl_socket_sendto(h->q, h->sbuf, len) == -1)
		return -1;
	for (;;) {
		const struct nlmsghdr *nlh;
		int left;

		if ((r = mnl_socket_recvfrom(h->q, h->rbuf, RECV_SIZE)) == -1) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN || errno == EWOULDBLOCK)
				errno = ETIMEDOUT;
			return -1;
		}
		left = (int)r;
		for (nlh = (const struct nlmsghdr *)h->rbuf;
		    mnl_nlmsg_ok(nlh, left);
		    nlh = mnl_nlmsg_next(nlh, &left)) {
			if (nlh->nlmsg_seq != seq)
				continue;
			if (nlh->nlmsg_type == NLMSG_DONE)
				return count;
			if (nlh->nlmsg_type == NLMSG_ERROR) {
				const struct nlmsgerr *err =
				    mnl_nlmsg_get_payload(nlh);

				if (nlh->nlmsg_len < MNL_NLMSG_HDRLEN +
				    sizeof(*err) || err->error == 0) {
					errno = EBADMSG;
					return -1;
				}
				errno = -err->error;
				return -1;
			}
			if (bypass_conntrack_msg_parse(nlh, nlh->nlmsg_len,
			    &e) == -1 || !mark_matches(&e, mark, mask))
				continue;
			fn(&e, arg);
			count++;
		}
	}
}

int
bypass_conntrack_event_fd(const struct bypass_conntrack *h)
{
	return h->ev != NULL ? mnl_socket_get_fd(h->ev) : -1;
}

long
bypass_conntrack_read_events(struct bypass_conntrack *h,
    bypass_ct_entry_fn fn, void *arg)
{
	struct bypass_ct_entry e;
	bool lost = false;
	long count = 0;
	ssize_t r;
	int i;

	if (h->ev == NULL) {
		errno = EINVAL;
		return -1;
	}
	for (i = 0; i < EVENT_READS; i++) {
		const struct nlmsghdr *nlh;
		int left;

		if ((r = mnl_socket_recvfrom(h->ev, h->rbuf, RECV_SIZE)) == -1) {
			if (errno == EINTR)
				continue;
			if (errno == ENOBUFS) {
				lost = true;
				continue;
			}
			if (errno == EAGAIN || errno == EWOULDBLOCK)
				break;
			return -1;
		}
		left = (int)r;
		for (nlh = (const struct nlmsghdr *)h->rbuf;
		    mnl_nlmsg_ok(nlh, left);
		    nlh = mnl_nlmsg_next(nlh, &left)) {
			if (bypass_conntrack_msg_parse(nlh, nlh->nlmsg_len,
			    &e) == -1 || e.type != BYPASS_CT_MSG_DESTROY ||
			    !mark_matches(&e, h->ev_mark, h->ev_mask))
				continue;
			fn(&e, arg);
			count++;
		}
	}
	if (lost) {
		errno = ENOBUFS;
		return -1;
	}
	return count;
}
