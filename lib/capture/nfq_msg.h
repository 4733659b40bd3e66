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
};

/* Parses one NFQNL_MSG_PACKET. Returns 0, or -1 with errno EBADMSG when a
 * required attribute is missing or malformed; out->id is then still set
 * (non-zero) if the packet header was readable, so a verdict can be sent. */
int	capture_nfq_msg_parse(const struct nlmsghdr *, struct nfq_msg_packet *);

/* Verdict message for one packet into buf (at least
 * CAPTURE_NFQ_MSG_VERDICT_SIZE bytes); returns its length. A mark is
 * included only when set_mark is true. */
#define CAPTURE_NFQ_MSG_VERDICT_SIZE	128
size_t	capture_nfq_msg_verdict(void *buf, uint16_t queue, uint32_t id,
	    uint32_t verdict, bool set_mark, uint32_t mark);

#endif
