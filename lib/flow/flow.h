/* A flow: both directions of one 5-tuple (ICMP: addresses, type family
 * and id). Owned by the flow table of one worker; only that worker
 * touches it while it is active, so nothing in it is locked. Public
 * because detection reads and writes its state per packet. */
#ifndef QUELL_FLOW_FLOW_H
#define QUELL_FLOW_FLOW_H

#include "core/base.h"
#include "core/exception.h"
#include "core/packet.h"

#include <time.h>

enum flow_state {
	FLOW_STATE_NEW,
	FLOW_STATE_ESTABLISHED,
	FLOW_STATE_CLOSED,
};

/* Why a flow left its table; eve's flow.reason (flow_end_reason_name). */
enum flow_end_reason {
	FLOW_END_TIMEOUT,	/* idle past its (normal or emergency) timeout */
	FLOW_END_SHUTDOWN,	/* flushed at shutdown */
	FLOW_END_FORCED,	/* evicted at the memcap before its timeout */
	FLOW_END_TCP_REUSE,	/* a SYN reused the tuple of a closed TCP flow */
};
#define FLOW_END_NREASONS	4

/* struct flow.flags */
#define FLOW_F_ALERTED		0x0001	/* an alert fired on this flow */
#define FLOW_F_DROP		0x0002	/* a drop rule matched: drop the rest */
#define FLOW_F_PASS		0x0004	/* a pass rule matched: no more inspection */
#define FLOW_F_BYPASS		0x0008	/* bypass requested (keyword, pass, bytes) */
#define FLOW_F_BYPASSED		0x0010	/* bypass in effect (conntrack or local) */
#define FLOW_F_MIDSTREAM	0x0020	/* TCP picked up without a handshake */
#define FLOW_F_NO_PORTS		0x0040	/* keyed by addresses and protocol only:
					   fragments, TCP/UDP/ICMP without a whole
					   header, other protocols; ports are 0 */
#define FLOW_F_BYPASS_STUB	0x0080	/* what flow_table_detach leaves in the
					   table: takes the flow's packets still
					   in flight, never recorded */
#define FLOW_F_IPONLY_TS	0x0100	/* detection: the ip-only rules saw the
					 * first packet to the server */
#define FLOW_F_IPONLY_TC	0x0200	/* ... to the client */
#define FLOW_F_DROP_LOGGED_TS	0x0400	/* eve drop event written to_server */
#define FLOW_F_DROP_LOGGED_TC	0x0800	/* ... and to_client (flows: start) */
#define FLOW_F_BYPASS_ENC	0x8000	/* the bypass request is the app
					 * layer's: the handshake is done and
					 * encryption-handling is bypass */

/* Direction index into the per-direction arrays. */
#define FLOW_DIR_TO_SERVER	0
#define FLOW_DIR_TO_CLIENT	1

/* TCP tracking of one side (lib/flow/tcp_state.c, after Suricata's
 * stream-tcp.c), indexed by the direction that side sends in. Sequence
 * numbers as on the wire (host order); flags say which fields are
 * known. Suricata keeps these per stream (the bytes one side sends);
 * its stream X's last_ack, window and next_win are the other side's
 * fields here. */
struct flow_tcp_peer {
	uint32_t	 isn;		/* initial sequence number (its SYN) */
	uint32_t	 next_seq;	/* next sequence number it will send */
	uint32_t	 last_ack;	/* highest valid ack it sent */
	uint32_t	 next_win;	/* highest last_ack + window: how far the
					   other side may send */
	uint32_t	 fin_seq;	/* seq of its FIN */
	uint32_t	 window;	/* last window it advertised, scaled */
	uint32_t	 last_ts;	/* TSval it sent with next_seq */
	uint32_t	 last_pkt_ts;	/* packet time (s) of that */
	uint32_t	 base_seq;	/* the stream engine released its bytes
					   before this (Suricata's base_seq) */
	uint8_t		 wscale;	/* its window scale (shift) */
	uint8_t		 os;		/* its stack for validation:
					   enum flow_tcp_os, 0 unknown */
	uint8_t		 tcp_flags;	/* TCP flags it has sent */
	uint16_t	 flags;		/* FLOW_TCP_PEER_* */
};

#define FLOW_TCP_PEER_SEQ	0x0001	/* next_seq known */
#define FLOW_TCP_PEER_ACK	0x0002	/* last_ack and window known */
#define FLOW_TCP_PEER_SYN	0x0004	/* its SYN seen: isn known */
#define FLOW_TCP_PEER_WSCALE	0x0008	/* its SYN offered window scaling */
#define FLOW_TCP_PEER_FIN	0x0010	/* sent a FIN: fin_seq known */
#define FLOW_TCP_PEER_FIN_ACKED	0x0020	/* its FIN was acknowledged */
#define FLOW_TCP_PEER_TS	0x0040	/* its SYN had timestamps */
#define FLOW_TCP_PEER_ZERO_TS	0x0080	/* ... with TSval 0 */
#define FLOW_TCP_PEER_RST_RECV	0x0100	/* it was sent a RST it accepted */
#define FLOW_TCP_PEER_KEEPALIVE	0x0200	/* its last packet a keep-alive */
#define FLOW_TCP_PEER_SACKOK	0x0400	/* its SYN permitted SACK */
#define FLOW_TCP_PEER_BASE	0x0800	/* base_seq known (lib/stream sets
					   it as it releases bytes) */

struct flow_tcp_synq;

struct flow {
	/* key, as the initiator sent its first packet */
	struct ip_addr	 client;
	struct ip_addr	 server;
	uint16_t	 client_port;	/* ICMP: its first packet's id (the
					   conntrack bypass key; not a key
					   part: Suricata's ICMP flows have
					   no id) */
	uint16_t	 server_port;	/* ICMP: 0 */
	uint8_t		 proto;
	uint8_t		 ip_version;
	/* ICMP key part, as Suricata's icmp_s/icmp_d: the type the client
	 * sent first and its counterpart (flow_icmp_counterpart, 0 when
	 * none); the server's packets carry them the other way round */
	uint8_t		 icmp_key[2];
	/* key parts as Suricata's (vlan.use-for-tracking): a flow inside a
	 * tunnel is not the same flow as one outside it, nor are flows on
	 * different VLANs */
	uint8_t		 depth;		/* tunnel depth of its packets */
	uint8_t		 vlan_n;
	uint16_t	 vlan[PKT_MAX_VLAN];

	uint64_t	 flow_id;	/* for eve's flow_id */
	enum flow_state	 state;
	uint8_t		 tcp_state;	/* lib/flow/tcp_state.h */
	uint8_t		 tcp_pstate;	/* the state before the last change */
	uint8_t		 seen;		/* bit 1 << FLOW_DIR_*: a packet of
					   that direction counted as seen
					   (not an ICMP error) */
	uint16_t	 tcp_flags;	/* FLOW_TCP_SSN_* (tcp_state.h) */
	uint32_t	 flags;		/* FLOW_F_* */
	enum flow_end_reason end_reason; /* set before the flow's record */

	uint64_t	 pkts[2];	/* indexed by FLOW_DIR_* */
	uint64_t	 bytes[2];	/* bytes: the frame offline (as Suricata
					 * counts), the IP packet inline */
	struct timespec	 first_ts;
	struct timespec	 last_ts;

	/* Packets and bytes after the bypass took effect: counted by the
	 * table while a FLOW_F_BYPASSED flow is still in it (local bypass,
	 * packets in flight), added to by the bypass manager from conntrack
	 * once it owns the flow. Included in pkts/bytes only for the part
	 * the table saw. */
	uint64_t	 bypass_pkts[2];
	uint64_t	 bypass_bytes[2];

	/* ICMP type and code of the first packet each way (eve's icmp_type,
	 * response_icmp_type) */
	uint8_t		 icmp_type[2];
	uint8_t		 icmp_code[2];

	struct flow_tcp_peer tcp_peer[2];
	/* SYN states a resent SYN replaced, while in SYN_SENT
	 * (lib/flow/tcp_synq.c); NULL without */
	struct flow_tcp_synq *tcp_synq;

	/* Detection's per-flow variables (flowbits, flowints, ...): owned
	 * by lib/detect, which allocates it on first use and is asked to
	 * free it through the table's vars_free callback. */
	void		*detect_vars;

	/* The TCP stream session (lib/stream): created by the stream
	 * engine, freed through the table's stream_free callback when the
	 * flow leaves the table or is detached (always in the worker's
	 * thread, which owns its memory accounting). */
	void		*stream;

	/* The application layer (lib/applayer): its per-flow state, freed
	 * through the table's app_free callback wherever the stream
	 * session is, and the protocols it detected (enum applayer_proto
	 * values, 0 unknown): the flow's, per direction, and the one
	 * before a protocol change (HTTP CONNECT). Kept in the flow so
	 * that a record written after the state is gone (bypass) still
	 * names them. */
	void		*app;
	uint8_t		 alproto;
	uint8_t		 alproto_ts;
	uint8_t		 alproto_tc;
	uint8_t		 alproto_orig;

	/* The exception policies applied to the flow, per enum
	 * exception_cause: 1 + the enum exception_policy in force, 0 none
	 * (Suricata's applied_exception_policy; eve's
	 * flow.exception_policy) */
	uint8_t		 exceptions[EXCEPTION_NCAUSES];
};

const char	*flow_state_name(enum flow_state);
/* "timeout", "shutdown", "forced", "tcp_reuse" */
const char	*flow_end_reason_name(enum flow_end_reason);
/* Suricata's ICMPv4GetCounterpart/ICMPv6GetCounterpart: the request's
 * reply type and the reply's request type (ip_version 4 or 6); -1 for
 * a type that has none. */
int		 flow_icmp_counterpart(uint8_t ip_version, uint8_t type);

#endif
