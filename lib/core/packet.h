/* The packet descriptor: what a capture source filled in and what the
 * decoder found. Public because the hot path inlines through it. Pointers
 * point into the capture buffer, which outlives the packet's verdict. */
#ifndef QUELL_CORE_PACKET_H
#define QUELL_CORE_PACKET_H

#include "core/base.h"

#include <sys/socket.h>
#include <time.h>

struct flow;

struct ip_addr {
	uint8_t		family;		/* AF_INET, AF_INET6, 0 = unset */
	union {
		uint8_t	v6[16];
		uint32_t v4;		/* network byte order */
	} u;
};

/* struct packet.flow_flags: set by flow tracking before detection. */
#define PKT_FLOW_TO_SERVER	0x01	/* from the flow's initiator */
#define PKT_FLOW_TO_CLIENT	0x02	/* toward the flow's initiator */
#define PKT_FLOW_ESTABLISHED	0x04	/* flow established (TCP: handshake seen or picked up midstream) */
#define PKT_FLOW_FIRST		0x08	/* first packet of the flow */

/* TCP flag bits as on the wire (byte 13 of the TCP header). */
#define PKT_TCP_FIN	0x01
#define PKT_TCP_SYN	0x02
#define PKT_TCP_RST	0x04
#define PKT_TCP_PSH	0x08
#define PKT_TCP_ACK	0x10
#define PKT_TCP_URG	0x20
#define PKT_TCP_ECE	0x40
#define PKT_TCP_CWR	0x80

struct packet {
	/* capture: set by the source before decoding */
	const uint8_t	*data;		/* starts at the IP header */
	uint32_t	 len;		/* bytes available at data */
	uint32_t	 wire_len;	/* original length (may exceed len) */
	struct timespec	 ts;
	uint16_t	 queue;		/* NFQ queue number */
	uint32_t	 nfq_id;	/* NFQ packet id */
	uint32_t	 mark;		/* packet mark as queued */
	bool		 has_ctmark;	/* NFQA_CT came with the packet */
	uint32_t	 ctmark;	/* its conntrack mark, if so */
	uint8_t		 hook;		/* netfilter hook, if known */

	/* decode: set by decode_packet() */
	uint8_t		 ip_version;	/* 4 or 6; 0 when L3 did not decode */
	struct ip_addr	 src;
	struct ip_addr	 dst;
	uint8_t		 proto;		/* upper-layer protocol (IPPROTO_*) */
	uint8_t		 ttl;		/* TTL or hop limit */
	uint8_t		 tos;		/* TOS or traffic class */
	uint32_t	 ip_id;		/* IPv4 id (16 bits) / IPv6 fragment id */
	uint16_t	 ip_hdr_len;	/* IPv4 header or IPv6 header + extensions */
	uint16_t	 frag_offset;	/* in 8-byte units */
	uint8_t		 frag_flags;	/* IPv4: 0x4 RB, 0x2 DF, 0x1 MF;
					   IPv6 fragment header M flag: 0x1 */
	bool		 is_fragment;	/* non-first fragment or MF set */
	bool		 l4_valid;	/* the L4 header below is complete */

	const uint8_t	*l4;		/* upper-layer header, NULL if absent */
	uint16_t	 l4_hdr_len;
	uint16_t	 sport;		/* host order; TCP/UDP only */
	uint16_t	 dport;

	uint8_t		 tcp_flags;
	uint32_t	 tcp_seq;
	uint32_t	 tcp_ack;
	uint16_t	 tcp_window;

	uint8_t		 icmp_type;
	uint8_t		 icmp_code;
	uint16_t	 icmp_id;	/* echo request/reply only */
	uint16_t	 icmp_seq;

	const uint8_t	*payload;	/* L4 payload; NULL with payload_len 0 */
	uint32_t	 payload_len;

	uint64_t	 events;	/* bit (1 << DECODE_EV_x) per decoder event */

	/* flow: set by flow tracking (lib/flow) before detection; NULL and
	 * 0 when the packet belongs to no flow (or tracking is off) */
	struct flow	*flow;
	uint8_t		 flow_flags;	/* PKT_FLOW_* */
};

#endif
