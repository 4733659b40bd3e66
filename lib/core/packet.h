/* The packet descriptor: what a capture source filled in and what the
 * decoder found. Public because the hot path inlines through it. Pointers
 * point into the capture buffer, which outlives the packet's verdict. */
#ifndef QUELL_CORE_PACKET_H
#define QUELL_CORE_PACKET_H

#include "core/base.h"

#include <sys/socket.h>
#include <time.h>

struct flow;
struct stream_raw;

/* struct packet.link: what p->data starts with. 0 is raw IP (version
 * nibble decides), what NFQUEUE hands us; the rest are the link types
 * an offline capture may have (lib/decode/link.c decodes them). */
enum packet_link {
	PKT_LINK_RAW = 0,	/* IPv4 or IPv6 header */
	PKT_LINK_IPV4,		/* IPv4 only (LINKTYPE_IPV4) */
	PKT_LINK_IPV6,		/* IPv6 only (LINKTYPE_IPV6) */
	PKT_LINK_ETHERNET,
	PKT_LINK_SLL,		/* Linux cooked v1 */
	PKT_LINK_SLL2,		/* Linux cooked v2 */
	PKT_LINK_NULL,		/* BSD loopback, host byte order family */
	PKT_LINK_LOOP,		/* OpenBSD loopback, network order family */
	PKT_LINK_CHDLC,		/* Cisco HDLC */
	PKT_LINK_PPP,		/* PPP, protocol field first */
	PKT_LINK_PPP_HDLC,	/* PPP in HDLC framing (address, control) */
	/* only as a tunnel's payload (struct packet.inner_link): */
	PKT_LINK_VLAN,		/* starts with an 802.1Q tag (GRE 0x8100) */
	PKT_LINK_ERSPAN1,	/* ERSPAN type I: Ethernet, no header */
	PKT_LINK_ERSPAN2,	/* ERSPAN type II header, then Ethernet */
};

/* struct packet.pkt_src: where the packet came from, eve's pkt_src. */
enum packet_src {
	PKT_SRC_WIRE = 0,	/* "wire/pcap": captured */
	PKT_SRC_GRE,		/* "gre tunnel" (ERSPAN too) */
	PKT_SRC_IPV4,		/* "ipv4 tunnel": IP in IPv4 */
	PKT_SRC_IPV6,		/* "ipv6 tunnel": IP in IPv6 */
	PKT_SRC_TEREDO,		/* "teredo tunnel" */
	PKT_SRC_VXLAN,		/* "vxlan encapsulation" */
	PKT_SRC_GENEVE,		/* "geneve encapsulation" */
	PKT_SRC_DEFRAG,		/* "defrag": a reassembled datagram */
	PKT_SRC_FLOW_TIMEOUT,	/* "stream (flow timeout)": a flow-end
				 * pseudo packet */
};

/* Tunnel depth at which decoding stops (decoder.too_many_layers). */
#define PKT_MAX_DEPTH		8
/* VLAN ids kept per packet (outer first), as Suricata keeps three. */
#define PKT_MAX_VLAN		3
/* Words of struct packet.events: decode/events.h DECODE_EV_WORDS of
 * bits, then two holding the list of events in the order raised. */
#define PKT_EVENT_WORDS		6

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
#define PKT_FLOW_TCP_STREAM	0x10	/* TCP: the state machine took the
					   segment: its payload and ACK go to
					   the stream (flow_tcp_update) */
#define PKT_FLOW_TCP_INVALID	0x20	/* TCP: the state machine refused it
					   (a stream event says why) */
#define PKT_FLOW_TCP_URGENT	0x40	/* TCP: a URG segment that
					   stream.reassembly.urgent.policy
					   drop keeps from TCP tracking */
#define PKT_FLOW_TCP_MIDSTREAM	0x80	/* TCP: this packet picked the
					   session up midstream (the
					   midstream exception's packet) */

/* struct packet.stream_flags: set by the pipeline (lib/stream) before
 * detection. */
#define PKT_STREAM_ADDED	0x01	/* the payload went into the stream
					   (Suricata's PKT_STREAM_ADD) */
#define PKT_STREAM_EOF		0x02	/* a flow's end: no packet of its
					   own, only the stream in raw */

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
	bool		 ignore_checksum; /* checksums are not to be judged
					   (Suricata's PKT_IGNORE_CHECKSUM:
					   -k none, offloading) */
	uint8_t		 link;		/* enum packet_link of data */
	uint8_t		 pkt_src;	/* enum packet_src */
	uint8_t		 depth;		/* tunnel depth: 0 captured, 1 inside
					   one tunnel, ... */
	/* A tunnel's inner packet: the captured packet it came out of
	 * (eve's tunnel object). NULL for a captured packet. Valid while
	 * the worker handles the captured one. */
	const struct packet *root;
	uint64_t	 pcap_cnt;	/* offline: record number in the file
					 * (1-based, as Suricata); 0 inline */
	uint16_t	 linktype;	/* offline: the capture's DLT_ */
	const char	*pcap_file;	/* offline: the capture's path */

	/* decode: set by decode_packet() */
	uint8_t		 ip_version;	/* 4 or 6; 0 when L3 did not decode */
	struct ip_addr	 src;
	struct ip_addr	 dst;
	uint8_t		 proto;		/* upper-layer protocol (IPPROTO_*) */
	uint8_t		 ttl;		/* TTL or hop limit */
	uint8_t		 tos;		/* TOS or traffic class */
	uint32_t	 ip_id;		/* IPv4 id (16 bits) / IPv6 fragment id */
	const uint8_t	*l3;		/* the IP header (inside data), NULL
					   when there is none */
	uint16_t	 ip_hdr_len;	/* IPv4 header or IPv6 header + extensions */
	uint16_t	 frag_offset;	/* in 8-byte units */
	uint8_t		 frag_flags;	/* IPv4: 0x4 RB, 0x2 DF, 0x1 MF;
					   IPv6 fragment header M flag: 0x1 */
	bool		 is_fragment;	/* non-first fragment or MF set */
	uint16_t	 frag_hdr_off;	/* IPv6: fragment header's offset
					   from l3, 0 if none */
	uint16_t	 frag_nh_off;	/* IPv6: offset from l3 of the next
					   header byte that names it */
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
	/* An ICMPv4 destination unreachable quoting a whole TCP (20 bytes)
	 * or UDP header, in a packet without invalid events (Suricata's
	 * ICMPV4_DEST_UNREACH_IS_VALID): the quoted datagram's tuple. The
	 * error belongs to that datagram's flow, never to a flow of its
	 * own. */
	bool		 icmp_emb_valid;
	uint8_t		 icmp_emb_proto;
	uint16_t	 icmp_emb_sport;	/* host order */
	uint16_t	 icmp_emb_dport;
	struct ip_addr	 icmp_emb_src;
	struct ip_addr	 icmp_emb_dst;

	const uint8_t	*payload;	/* L4 payload; NULL with payload_len 0 */
	uint32_t	 payload_len;

	/* bit DECODE_EV_x of the array per event, and the events in the
	 * order raised (decode/events.h) */
	uint64_t	 events[PKT_EVENT_WORDS];

	uint8_t		 layers;	/* link/encapsulation layers decoded */
	uint32_t	 decoded;	/* bit per layer met, decode/stats.h */
	uint16_t	 vlan[PKT_MAX_VLAN];	/* VLAN ids, outer first */
	uint8_t		 vlan_n;

	/* A tunnel found by the decoder (GRE, VXLAN, Geneve, Teredo, IP in
	 * IP): its payload, which decode_tunnel() turns into the inner
	 * packet. NULL when there is none. */
	const uint8_t	*inner;
	uint32_t	 inner_len;
	uint8_t		 inner_link;	/* enum packet_link of inner */
	uint8_t		 inner_src;	/* enum packet_src of inner */
	uint16_t	 inner_vlan;	/* ERSPAN's VLAN id, 0 if none */

	/* flow: set by flow tracking (lib/flow) before detection; NULL and
	 * 0 when the packet belongs to no flow (or tracking is off) */
	struct flow	*flow;
	uint8_t		 flow_flags;	/* PKT_FLOW_* */
	/* a flow-end pseudo packet (pipeline_flow_end_detect): no data,
	 * only transaction rules are evaluated on it */
	bool		 pseudo;

	/* stream: set by the pipeline before detection; raw is the
	 * reassembled stream detection inspects with this packet
	 * (stream/stream.h), NULL when there is none */
	uint8_t		 stream_flags;	/* PKT_STREAM_* */
	const struct stream_raw *raw;
};

/* p->data moved from old (a copy of the same bytes): every decoded
 * pointer into data follows it. Copies of a packet (rings, defrag) call
 * this instead of knowing the fields. */
static inline void
packet_rebase(struct packet *p, const uint8_t *old)
{
	if (p->l3 != NULL)
		p->l3 = p->data + (p->l3 - old);
	if (p->l4 != NULL)
		p->l4 = p->data + (p->l4 - old);
	if (p->payload != NULL)
		p->payload = p->data + (p->payload - old);
	if (p->inner != NULL)
		p->inner = p->data + (p->inner - old);
}

#endif
