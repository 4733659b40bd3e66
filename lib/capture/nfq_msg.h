/* NFQ netlink messages, built and parsed in caller buffers without any
 * I/O, so they can be tested (and fuzzed) without a kernel. */
#ifndef QUELL_CAPTURE_NFQ_MSG_H
#define QUELL_CAPTURE_NFQ_MSG_H

#include "core/base.h"

struct nlmsghdr;

struct nfq_msg_packet {
	uint16_t	 queue;
	uint32_t	 id;
	uint16_t	 hw_protocol;	/* ETH_P_IP / ETH_P_IPV6, host order */
	uint8_t		 hook;
	bool		 has_mark;
	uint32_t	 mark;
	const uint8_t	*payload;
	uint32_t	 payload_len;
	uint32_t	 cap_len;	/* original length when truncated */
	uint32_t	 skbinfo;	/* NFQA_SKB_* flags */
	bool		 has_ctmark;	/* NFQA_CT with CTA_MARK (conntrack glue) */
	uint32_t	 ctmark;
};

/* Parses one NFQNL_MSG_PACKET. Returns 0, or -1 with errno EBADMSG when a
 * required attribute is missing or malformed; out->id is then still set
 * (non-zero) if the packet header was readable, so a verdict can be sent. */
int	capture_nfq_msg_parse(const struct nlmsghdr *, struct nfq_msg_packet *);

/* What one netlink message of a datagram read from the queue socket is. */
enum nfq_msg_kind {
	NFQ_MSG_PACKET,		/* NFQNL_MSG_PACKET of the queue subsystem */
	NFQ_MSG_ERROR,		/* NLMSG_ERROR: a verdict the kernel refused */
	NFQ_MSG_CONTROL,	/* NLMSG_NOOP, NLMSG_DONE, ...: nothing to do */
	NFQ_MSG_BAD,		/* another subsystem or message type */
};

typedef void (*capture_nfq_msg_fn)(const struct nlmsghdr *,
	    enum nfq_msg_kind, void *arg);

/* Calls fn for every message of one datagram of len bytes, in order.
 * Every message header is checked against what is left of the datagram
 * (libmnl's mnl_nlmsg_ok() takes a length of 2 GiB or more as negative
 * and lets the walk leave the buffer), so the walk never reads outside
 * buf. Returns the number of trailing bytes that did not form a whole
 * message (0 for a well-formed datagram); the walk stops there. */
size_t	capture_nfq_msg_walk(const void *buf, size_t len,
	    capture_nfq_msg_fn fn, void *arg);

/* Verdict message for one packet into buf (at least
 * CAPTURE_NFQ_MSG_VERDICT_SIZE bytes); returns its length. A mark is
 * included only when set_mark is true. */
#define CAPTURE_NFQ_MSG_VERDICT_SIZE	128
size_t	capture_nfq_msg_verdict(void *buf, uint16_t queue, uint32_t id,
	    uint32_t verdict, bool set_mark, uint32_t mark);

/* Appends to a verdict message built by capture_nfq_msg_verdict() the
 * conntrack mark the kernel sets on the packet's connection with the
 * verdict (NFQA_CT { CTA_MARK }; needs the NFQ conntrack glue, see
 * capture_nfq_has_conntrack()). The buffer must be
 * CAPTURE_NFQ_MSG_VERDICT_SIZE bytes; returns the new length. */
size_t	capture_nfq_msg_verdict_ctmark(void *buf, uint32_t ctmark);

#endif
