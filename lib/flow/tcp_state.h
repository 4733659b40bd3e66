/* TCP connection tracking as Suricata's stream-tcp.c does it: its
 * states, its checks of sequence and acknowledgement numbers, windows,
 * RSTs and timestamps per state, and the stream events it raises
 * (decode/events.h DECODE_EV_STREAM_*, Suricata's stream-events.rules
 * names) into the packet. Drives f->tcp_state and from it f->state,
 * which flow:established and the timeouts read:
 *
 *   NONE, SYN_SENT, SYN_RECV                         FLOW_STATE_NEW
 *   ESTABLISHED, FIN_WAIT1, FIN_WAIT2, CLOSING,
 *   CLOSE_WAIT                                       FLOW_STATE_ESTABLISHED
 *   LAST_ACK, TIME_WAIT, CLOSED                      FLOW_STATE_CLOSED
 *
 * Suricata's state names are from the server's side for a close the
 * client starts: the client's FIN makes CLOSE_WAIT, the server's then
 * LAST_ACK; a server's FIN first makes FIN_WAIT1, FIN_WAIT2, then the
 * client's FIN TIME_WAIT.
 *
 * A client's SYNs resent with other options are queued (tcp_synq.c,
 * stream.max-syn-queued), so a SYN/ACK answering an earlier one is
 * taken. What is left out, and why: the SYN/ACK queue
 * (stream.max-synack-queued: SYN/ACKs resent with other options, and
 * the 3whs_synack_flood event): a retransmitted SYN/ACK updates the
 * session from itself; SACK blocks
 * (window checks do not add SACKed bytes); the zero window probe
 * checks beyond accepting a probe's byte. */
#ifndef QUELL_FLOW_TCP_STATE_H
#define QUELL_FLOW_TCP_STATE_H

#include "core/base.h"
#include "core/packet.h"
#include "flow/flow.h"

/* f->tcp_state: Suricata's enum TcpState, in its order (the order
 * matters: "past TIME_WAIT" and the like compare states). */
enum flow_tcp_state {
	FLOW_TCP_NONE,		/* not tracked: no SYN yet and no pickup */
	FLOW_TCP_SYN_SENT,	/* client's SYN seen */
	FLOW_TCP_SYN_RECV,	/* server's SYN/ACK seen */
	FLOW_TCP_ESTABLISHED,	/* handshake done, or picked up midstream */
	FLOW_TCP_FIN_WAIT1,	/* the server sent a FIN */
	FLOW_TCP_FIN_WAIT2,	/* ... the client acknowledged it */
	FLOW_TCP_TIME_WAIT,	/* ... and sent its own */
	FLOW_TCP_LAST_ACK,	/* the client closed, the server then too */
	FLOW_TCP_CLOSE_WAIT,	/* the client sent a FIN */
	FLOW_TCP_CLOSING,	/* both sent FINs at once */
	FLOW_TCP_CLOSED,	/* a valid RST, or the last ACK */
};
#define FLOW_TCP_NSTATES	11

/* f->tcp_flags: Suricata's session flags (STREAMTCP_FLAG_*). */
#define FLOW_TCP_SSN_MIDSTREAM		0x0001	/* picked up, no SYN seen */
#define FLOW_TCP_SSN_MIDSTREAM_EST	0x0002	/* ... on an ACK */
#define FLOW_TCP_SSN_MIDSTREAM_SYNACK	0x0004	/* ... on a SYN/ACK */
#define FLOW_TCP_SSN_TIMESTAMP		0x0008	/* both sides use timestamps */
#define FLOW_TCP_SSN_ASYNC		0x0010	/* one side only (async-oneside) */
#define FLOW_TCP_SSN_4WHS		0x0020	/* SYN answered by a SYN */
#define FLOW_TCP_SSN_3WHS_CONFIRMED	0x0040	/* the server talked after the
						   handshake */
#define FLOW_TCP_SSN_TFO		0x0080	/* TCP Fast Open */
#define FLOW_TCP_SSN_TFO_IGNORED	0x0100	/* its SYN data was not taken */
#define FLOW_TCP_SSN_SERVER_WSCALE	0x0200	/* the client's SYN offered
						   window scaling */
#define FLOW_TCP_SSN_EVASION		0x0400	/* a right seq with a wrong ack in
						   the handshake */
#define FLOW_TCP_SSN_CLOSED_BY_RST	0x0800
#define FLOW_TCP_SSN_ZWP_TS		0x1000	/* zero window probe to server */
#define FLOW_TCP_SSN_ZWP_TC		0x2000	/* ... to client */
#define FLOW_TCP_SSN_PICKUP_TC		0x4000	/* picked up on a packet to the
						   client */

/* Receiving stacks that validate RSTs and timestamps their own way
 * (Suricata's OS policies); struct flow_tcp_peer.os. */
enum flow_tcp_os {
	FLOW_TCP_OS_UNKNOWN,	/* not looked up yet */
	FLOW_TCP_OS_BSD,	/* the default, and every stack below not */
	FLOW_TCP_OS_LINUX,
	FLOW_TCP_OS_OLD_LINUX,
	FLOW_TCP_OS_SOLARIS,
	FLOW_TCP_OS_HPUX11,
	FLOW_TCP_OS_WINDOWS,
	FLOW_TCP_OS_WINDOWS2K3,
	FLOW_TCP_OS_VISTA,
};

/* How a table's TCP tracking behaves (stream.* settings). */
struct flow_tcp_config {
	bool		 midstream;	/* stream.midstream */
	bool		 async_oneside;	/* stream.async-oneside */
	bool		 is_inline;	/* stream.inline, resolved: a wrong-way
					   ACK in the handshake is refused */
	bool		 liberal_timestamps; /* stream.liberal-timestamps: a
					   timestamp one below is fine */
	uint8_t		 max_syn_queued; /* stream.max-syn-queued: SYN
					   states kept for a SYN/ACK (0: a
					   resent SYN with other options is
					   refused) */
	bool		 urgent_drop;	/* inline with urgent policy drop: a
					   URG segment is not tracked
					   (FLOW_TCP_R_URGENT) */
	bool		 midstream_drops; /* the midstream policy drops: an
					   async-oneside SYN/ACK is not
					   picked up, its flow goes */
	/* the stack of the host at addr (host-os-policy), or 0 for the
	 * default; NULL: every host the default */
	uint8_t		(*host_os)(const void *arg, const struct ip_addr *addr);
	const void	*host_os_arg;
};

/* For the first packet of a TCP flow: true when its sender is the
 * server. A SYN comes from the client, a SYN/ACK from the server. Any
 * other packet (a connection already open) is guessed by port: when
 * the lower port is below 1024 its end is the server; else when one
 * port is in the Linux ephemeral range (>= 32768) and the other is not,
 * the other end is the server; else the sender is the client. */
bool	flow_tcp_sender_is_server(const struct packet *);
/* Whether TCP tracking with cfg picks a flow up from packet p, its
 * first: a SYN always; a SYN/ACK with midstream or async-oneside (not
 * when the midstream policy drops); a FIN with data, an ACK with
 * midstream. The first packet's direction is guessed only then: as in
 * Suricata, a flow no one picks up keeps its first packet's. */
bool	flow_tcp_would_pick_up(const struct packet *,
	    const struct flow_tcp_config *);

/* True when p, on the existing flow f, starts a new connection on f's
 * tuple (Suricata's TcpSessionPacketSsnReuse): a SYN (not a
 * retransmission of f's own) once f is closing far enough (LAST_ACK or
 * beyond) or was never tracked, or with midstream a SYN/ACK. */
bool	flow_tcp_is_reuse(const struct flow *, const struct packet *,
	    const struct flow_tcp_config *);

/* struct flow_tcp_result.flags */
#define FLOW_TCP_R_STREAM	0x01	/* Suricata reassembles p here (its
					   StreamTcpReassembleHandleSegment):
					   the stream takes p's payload and
					   ACK */
#define FLOW_TCP_R_INVALID	0x02	/* the state machine refused p (an
					   event says why): inline with
					   stream.drop-invalid it is dropped */
#define FLOW_TCP_R_EST		0x04	/* state ESTABLISHED or beyond after
					   p (Suricata's PKT_STREAM_EST) */
#define FLOW_TCP_R_URGENT	0x08	/* cfg urgent_drop and p has URG: the
					   state machine left p alone; it is
					   to be dropped (Suricata's
					   PKT_DROP_REASON_STREAM_URG) */

/* Runs p, sent in direction *dir (FLOW_DIR_*) of f, through f's state
 * machine: updates f->tcp_state, f->state, f->tcp_peer, f->tcp_flags
 * and FLOW_F_MIDSTREAM, and sets stream events in p->events. A SYN or
 * midstream SYN/ACK from the end that was guessed wrong swaps f's ends
 * (and counters) and flips *dir. Returns FLOW_TCP_R_* flags. */
uint8_t	flow_tcp_update(struct flow *, struct packet *p, int *dir,
	    const struct flow_tcp_config *);

/* Frees f's SYN queue (tcp_synq.c), if any: when it leaves SYN_SENT,
 * and when the flow goes. */
void	flow_tcp_synq_free(struct flow *);

/* Suricata's states past TIME_WAIT (LAST_ACK, CLOSE_WAIT, CLOSING,
 * CLOSED): raw stream inspection (IDS) happens at once then. */
bool	flow_tcp_past_time_wait(const struct flow *);

/* Suricata's names: "none" "syn_sent" "syn_recv" "established"
 * "fin_wait1" "fin_wait2" "time_wait" "last_ack" "close_wait"
 * "closing" "closed"; "unknown" out of range. */
const char *flow_tcp_state_name(uint8_t);

#endif
