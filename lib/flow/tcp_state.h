/* TCP connection tracking as a middlebox sees it: the handshake, FIN in
 * both directions, RST, and midstream pickup. Drives f->tcp_state and
 * from it f->state, which flow:established and the timeouts read.
 *
 * f->state follows f->tcp_state:
 *   NONE, SYN_SENT, SYN_RECV                 FLOW_STATE_NEW
 *   ESTABLISHED, FIN_WAIT1, FIN_WAIT2        FLOW_STATE_ESTABLISHED
 *   CLOSING, LAST_ACK, CLOSED                FLOW_STATE_CLOSED
 * so a flow is closed once both sides sent a FIN, or after a RST. */
#ifndef QUELL_FLOW_TCP_STATE_H
#define QUELL_FLOW_TCP_STATE_H

#include "core/base.h"
#include "core/packet.h"
#include "flow/flow.h"

/* f->tcp_state for TCP flows; named after the close initiator's side. */
enum flow_tcp_state {
	FLOW_TCP_NONE,		/* not tracked: no SYN yet and no pickup */
	FLOW_TCP_SYN_SENT,	/* client's SYN seen */
	FLOW_TCP_SYN_RECV,	/* server's SYN/ACK seen */
	FLOW_TCP_ESTABLISHED,	/* handshake done, or picked up midstream */
	FLOW_TCP_FIN_WAIT1,	/* one side sent FIN, not yet acknowledged */
	FLOW_TCP_FIN_WAIT2,	/* one side's FIN acknowledged */
	FLOW_TCP_CLOSING,	/* both sent FIN, neither acknowledged */
	FLOW_TCP_LAST_ACK,	/* both sent FIN, one acknowledged */
	FLOW_TCP_CLOSED,	/* both FINs acknowledged, or a valid RST */
};
#define FLOW_TCP_NSTATES	9

/* For the first packet of a TCP flow: true when its sender is the
 * server. A SYN comes from the client, a SYN/ACK from the server. Any
 * other packet (a connection already open) is guessed by port: when
 * the lower port is below 1024 its end is the server; else when one
 * port is in the Linux ephemeral range (>= 32768) and the other is not,
 * the other end is the server; else the sender is the client. */
bool	flow_tcp_sender_is_server(const struct packet *);

/* True when p, on the existing flow f, opens a new connection on f's
 * tuple: a SYN without ACK once f is closed. */
bool	flow_tcp_is_reuse(const struct flow *, const struct packet *);

/* Runs p, sent in direction *dir (FLOW_DIR_*) of f, through f's state
 * machine: updates f->tcp_state, f->state, f->tcp_peer and
 * FLOW_F_MIDSTREAM. In state NONE a SYN starts the handshake and, with
 * midstream, a SYN/ACK or any other packet but a RST picks the
 * connection up (SYN/ACK: SYN_RECV, else ESTABLISHED); without
 * midstream such a flow stays NONE (FLOW_STATE_NEW). A SYN or
 * midstream SYN/ACK from the end that was guessed wrong swaps f's ends
 * (and counters) and flips *dir. Returns false when the state machine
 * ignored p as not fitting: a RST outside the receiver's window, a
 * SYN/ACK or handshake ACK that does not acknowledge the SYN, a SYN
 * inside an open connection. */
bool	flow_tcp_update(struct flow *, const struct packet *, int *dir,
	    bool midstream);

/* Suricata's states past TIME_WAIT (CLOSE_WAIT, LAST_ACK, CLOSING,
 * CLOSED): the client closed first, or the session is closed. Raw
 * stream inspection (IDS) happens at once then. */
bool	flow_tcp_past_time_wait(const struct flow *);

/* "none" "syn_sent" "syn_recv" "established" "fin_wait1" "fin_wait2"
 * "closing" "last_ack" "closed"; "unknown" out of range. */
const char *flow_tcp_state_name(uint8_t);

#endif
