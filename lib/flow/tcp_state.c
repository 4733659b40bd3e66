/* TCP connection tracking after Suricata's stream-tcp.c (tcp_state.h):
 * one handler per state, each checking what Suricata checks and raising
 * the event Suricata raises when a packet does not fit. The packet
 * classifications that come before the state (keep-alives, window
 * updates, spurious retransmissions) and the validations of ACKs, RSTs
 * and timestamps are in tcp_check.c.
 *
 * Suricata keeps its numbers per stream (the bytes one side sends):
 * stream X's next_seq and isn are side X's, its last_ack, window and
 * next_win what the other side acknowledged and offered. struct
 * flow_tcp_peer keeps them per side; the S_* accessors below read and
 * write Suricata's stream view so each handler reads as Suricata's. */
#include "core/base.h"

#include <string.h>

#include "core/packet.h"
#include "decode/events.h"
#include "flow/flow.h"
#include "flow/tcp_int.h"
#include "flow/tcp_state.h"

static const char *const state_names[FLOW_TCP_NSTATES] = {
	[FLOW_TCP_NONE] = "none",
	[FLOW_TCP_SYN_SENT] = "syn_sent",
	[FLOW_TCP_SYN_RECV] = "syn_recv",
	[FLOW_TCP_ESTABLISHED] = "established",
	[FLOW_TCP_FIN_WAIT1] = "fin_wait1",
	[FLOW_TCP_FIN_WAIT2] = "fin_wait2",
	[FLOW_TCP_TIME_WAIT] = "time_wait",
	[FLOW_TCP_LAST_ACK] = "last_ack",
	[FLOW_TCP_CLOSE_WAIT] = "close_wait",
	[FLOW_TCP_CLOSING] = "closing",
	[FLOW_TCP_CLOSED] = "closed",
};

#define SWAP(a, b) do {							\
	__typeof__(a) swap_tmp_ = (a);					\
	(a) = (b);							\
	(b) = swap_tmp_;						\
} while (0)

static int	ack_tail(struct tcp_pkt *, int);
static int	st_none(struct tcp_pkt *);
static int	st_syn_sent(struct tcp_pkt *);
static int	st_syn_recv(struct tcp_pkt *);
static int	st_established(struct tcp_pkt *);
static int	st_fin_wait1(struct tcp_pkt *);
static int	st_fin_wait2(struct tcp_pkt *);
static int	st_closing(struct tcp_pkt *);
static int	st_close_wait(struct tcp_pkt *);
static int	st_last_ack(struct tcp_pkt *);
static int	st_time_wait(struct tcp_pkt *);
static int	st_closed(struct tcp_pkt *);
static int	dispatch(struct tcp_pkt *, uint8_t);

void
tcp_int_set_state(struct tcp_pkt *t, uint8_t st)
{
	struct flow *f = t->f;

	if (st == f->tcp_state)
		return;
	f->tcp_pstate = f->tcp_state;
	f->tcp_state = st;
	if (f->tcp_synq != NULL && st != FLOW_TCP_SYN_SENT)
		flow_tcp_synq_free(f);
	switch (st) {
	case FLOW_TCP_ESTABLISHED:
	case FLOW_TCP_FIN_WAIT1:
	case FLOW_TCP_FIN_WAIT2:
	case FLOW_TCP_CLOSING:
	case FLOW_TCP_CLOSE_WAIT:
		f->state = FLOW_STATE_ESTABLISHED;
		break;
	case FLOW_TCP_LAST_ACK:
	case FLOW_TCP_TIME_WAIT:
	case FLOW_TCP_CLOSED:
		f->state = FLOW_STATE_CLOSED;
		break;
	default:
		break;
	}
}

/* The first packets were guessed the wrong way round: the client is the
 * other end. Everything per direction moves with its end. */
static void
swap_ends(struct flow *f)
{
	SWAP(f->client, f->server);
	SWAP(f->client_port, f->server_port);
	SWAP(f->pkts[0], f->pkts[1]);
	SWAP(f->bytes[0], f->bytes[1]);
	SWAP(f->bypass_pkts[0], f->bypass_pkts[1]);
	SWAP(f->bypass_bytes[0], f->bypass_bytes[1]);
	SWAP(f->icmp_type[0], f->icmp_type[1]);
	SWAP(f->icmp_code[0], f->icmp_code[1]);
	SWAP(f->tcp_peer[0], f->tcp_peer[1]);
	/* the two seen bits trade places */
	f->seen = (uint8_t)(((f->seen & 1u) << 1) | ((f->seen >> 1) & 1u));
}

void
tcp_int_reassemble(struct tcp_pkt *t)
{
	t->result |= FLOW_TCP_R_STREAM;
}

/* A RST the receiving stack takes: the session is closed, and the
 * receiver marked (a packet its sender sends after it suspects the RST
 * injected, and the receiver's side of the session goes on: CLOSED
 * dispatches on the state before). */
static void
close_by_rst(struct tcp_pkt *t)
{
	t->f->tcp_flags |= FLOW_TCP_SSN_CLOSED_BY_RST;
	t->f->tcp_peer[t->dir ^ 1].flags |= FLOW_TCP_PEER_RST_RECV;
	tcp_int_set_state(t, FLOW_TCP_CLOSED);
}

/* The timestamp of a SYN (or first packet) of side d. */
static void
take_ts(struct tcp_pkt *t, int d)
{
	struct flow_tcp_peer *s = &t->f->tcp_peer[d];

	if (!(t->o.flags & FLOW_TCP_OPT_TS))
		return;
	s->last_ts = t->o.tsval;
	if (s->last_ts == 0)
		s->flags |= FLOW_TCP_PEER_ZERO_TS;
	s->last_pkt_ts = (uint32_t)t->p->ts.tv_sec;
	s->flags |= FLOW_TCP_PEER_TS;
}

/* A session picked up on packet t (not a SYN), as Suricata's pickup:
 * the sender's bytes start at the packet's seq, both scales the
 * maximum, the state ESTABLISHED, or FIN_WAIT1 for a FIN. Suricata
 * makes the sender its client; quell keeps the ends the flow table
 * guessed from the ports (flow_tcp_sender_is_server), so the sender is
 * side t->dir and FLOW_TCP_SSN_PICKUP_TC says which that was. */
static void
pickup(struct tcp_pkt *t, uint8_t st, bool fin)
{
	struct flow *f = t->f;
	int d = t->dir, o = d ^ 1;
	struct flow_tcp_peer *c = &f->tcp_peer[d];
	struct flow_tcp_peer *s = &f->tcp_peer[o];

	memset(f->tcp_peer, 0, sizeof(f->tcp_peer));
	f->flags |= FLOW_F_MIDSTREAM;
	f->tcp_flags = FLOW_TCP_SSN_MIDSTREAM | FLOW_TCP_SSN_MIDSTREAM_EST;
	if (d == FLOW_DIR_TO_CLIENT)
		f->tcp_flags |= FLOW_TCP_SSN_PICKUP_TC;
	if (t->cfg->async_oneside)
		f->tcp_flags |= FLOW_TCP_SSN_ASYNC;
	tcp_int_set_state(t, st);
	c->wscale = s->wscale = FLOW_TCP_WSCALE_MAX;
	c->isn = t->seq - 1;
	c->next_seq = t->seq + t->plen + (fin ? 1 : 0);
	c->flags |= FLOW_TCP_PEER_SEQ;
	/* the sender's stream: its "last_ack" at seq, its window the
	 * packet's */
	S_WINDOW(f, d) = (uint32_t)t->win << S_WSCALE(f, d);
	S_LAST_ACK(f, d) = t->seq;
	S_NEXT_WIN(f, d) = t->seq + S_WINDOW(f, d);
	s->isn = t->ack - 1;
	s->next_seq = s->isn + 1;
	s->flags |= FLOW_TCP_PEER_SEQ | FLOW_TCP_PEER_ACK;
	S_LAST_ACK(f, o) = t->ack;
	S_NEXT_WIN(f, o) = t->ack;
	c->flags |= FLOW_TCP_PEER_ACK;
	if (t->o.flags & FLOW_TCP_OPT_TS) {
		c->last_ts = t->o.tsval;
		s->last_ts = t->o.tsecr;
		f->tcp_flags |= FLOW_TCP_SSN_TIMESTAMP;
		c->last_pkt_ts = (uint32_t)t->p->ts.tv_sec;
		if (s->last_ts == 0)
			s->flags |= FLOW_TCP_PEER_ZERO_TS;
		if (c->last_ts == 0)
			c->flags |= FLOW_TCP_PEER_ZERO_TS;
	}
	tcp_int_reassemble(t);
}

static int
st_none(struct tcp_pkt *t)
{
	struct flow *f = t->f;
	struct flow_tcp_peer *c, *s;

	if (t->fl & PKT_TCP_RST) {
		tcp_int_event(t, DECODE_EV_STREAM_RST_BUT_NO_SESSION);
		return -1;
	}
	if (t->fl & PKT_TCP_FIN) {
		if (!t->cfg->midstream || t->plen == 0) {
			tcp_int_event(t, DECODE_EV_STREAM_FIN_BUT_NO_SESSION);
			return -1;
		}
		pickup(t, FLOW_TCP_FIN_WAIT1, true);
		return 0;
	}
	if ((t->fl & (PKT_TCP_SYN | PKT_TCP_ACK)) ==
	    (PKT_TCP_SYN | PKT_TCP_ACK)) {
		/* Suricata applies the midstream policy first: one that
		 * drops leaves no session to pick up */
		if (!t->cfg->midstream && (!t->cfg->async_oneside ||
		    t->cfg->midstream_drops))
			return 0;
		/* its sender is the server */
		if (t->dir != FLOW_DIR_TO_CLIENT) {
			swap_ends(f);
			t->dir = FLOW_DIR_TO_CLIENT;
			*t->dirp = FLOW_DIR_TO_CLIENT;
		}
		memset(f->tcp_peer, 0, sizeof(f->tcp_peer));
		c = &f->tcp_peer[FLOW_DIR_TO_SERVER];
		s = &f->tcp_peer[FLOW_DIR_TO_CLIENT];
		f->flags |= FLOW_F_MIDSTREAM;
		f->tcp_flags = FLOW_TCP_SSN_MIDSTREAM |
		    FLOW_TCP_SSN_MIDSTREAM_SYNACK;
		if (t->cfg->async_oneside)
			f->tcp_flags |= FLOW_TCP_SSN_ASYNC;
		tcp_int_set_state(t, FLOW_TCP_SYN_RECV);
		s->isn = t->seq;
		s->next_seq = s->isn + 1;
		s->flags |= FLOW_TCP_PEER_SYN | FLOW_TCP_PEER_SEQ |
		    FLOW_TCP_PEER_ACK;
		S_WINDOW(f, FLOW_DIR_TO_CLIENT) = t->win;
		c->isn = t->ack - 1;
		c->next_seq = c->isn + 1;
		c->flags |= FLOW_TCP_PEER_SEQ | FLOW_TCP_PEER_ACK;
		S_LAST_ACK(f, FLOW_DIR_TO_SERVER) = t->ack;
		S_LAST_ACK(f, FLOW_DIR_TO_CLIENT) = t->seq;
		S_NEXT_WIN(f, FLOW_DIR_TO_CLIENT) = t->seq +
		    S_WINDOW(f, FLOW_DIR_TO_CLIENT);
		if (t->o.flags & FLOW_TCP_OPT_WSCALE) {
			S_WSCALE(f, FLOW_DIR_TO_SERVER) = t->o.wscale;
			S_WSCALE(f, FLOW_DIR_TO_CLIENT) = FLOW_TCP_WSCALE_MAX;
		}
		if (t->o.flags & FLOW_TCP_OPT_TS) {
			s->last_ts = t->o.tsval;
			c->last_ts = t->o.tsecr;
			f->tcp_flags |= FLOW_TCP_SSN_TIMESTAMP;
			s->last_pkt_ts = (uint32_t)t->p->ts.tv_sec;
			if (s->last_ts == 0)
				s->flags |= FLOW_TCP_PEER_ZERO_TS;
			if (c->last_ts == 0)
				c->flags |= FLOW_TCP_PEER_ZERO_TS;
		}
		return 0;
	}
	if (t->fl & PKT_TCP_SYN) {
		if (t->dir != FLOW_DIR_TO_SERVER) {
			swap_ends(f);
			t->dir = FLOW_DIR_TO_SERVER;
			*t->dirp = FLOW_DIR_TO_SERVER;
		}
		memset(f->tcp_peer, 0, sizeof(f->tcp_peer));
		c = &f->tcp_peer[FLOW_DIR_TO_SERVER];
		f->flags &= ~FLOW_F_MIDSTREAM;
		f->tcp_flags = 0;
		tcp_int_set_state(t, FLOW_TCP_SYN_SENT);
		if (t->cfg->async_oneside)
			f->tcp_flags |= FLOW_TCP_SSN_ASYNC;
		c->isn = t->seq;
		c->next_seq = c->isn + 1;
		c->flags |= FLOW_TCP_PEER_SYN | FLOW_TCP_PEER_SEQ;
		take_ts(t, FLOW_DIR_TO_SERVER);
		/* the SYN's window is the client's offer to the server */
		S_WINDOW(f, FLOW_DIR_TO_CLIENT) = t->win;
		if (t->o.flags & FLOW_TCP_OPT_WSCALE) {
			f->tcp_flags |= FLOW_TCP_SSN_SERVER_WSCALE;
			c->flags |= FLOW_TCP_PEER_WSCALE;
			S_WSCALE(f, FLOW_DIR_TO_CLIENT) = t->o.wscale;
		}
		if (t->o.flags & FLOW_TCP_OPT_SACKOK)
			c->flags |= FLOW_TCP_PEER_SACKOK;
		if (t->o.flags & FLOW_TCP_OPT_TFO) {
			f->tcp_flags |= FLOW_TCP_SSN_TFO;
			if (t->plen > 0) {
				tcp_int_next_seq(t, FLOW_DIR_TO_SERVER,
				    c->next_seq + t->plen);
				tcp_int_reassemble(t);
			}
		}
		return 0;
	}
	if (t->fl & PKT_TCP_ACK) {
		if (!t->cfg->midstream)
			return 0;
		pickup(t, FLOW_TCP_ESTABLISHED, false);
		return 0;
	}
	return 0;
}

/* The SYN/ACK answering the client's SYN (StreamTcp3whsSynAckUpdate). */
static void
synack_update(struct tcp_pkt *t)
{
	struct flow *f = t->f;
	struct flow_tcp_peer *c = &f->tcp_peer[FLOW_DIR_TO_SERVER];
	struct flow_tcp_peer *s = &f->tcp_peer[FLOW_DIR_TO_CLIENT];

	tcp_int_set_state(t, FLOW_TCP_SYN_RECV);
	s->isn = t->seq;
	s->next_seq = s->isn + 1;
	s->flags |= FLOW_TCP_PEER_SYN | FLOW_TCP_PEER_SEQ | FLOW_TCP_PEER_ACK;
	/* the SYN/ACK's window is the server's offer to the client */
	S_WINDOW(f, FLOW_DIR_TO_SERVER) = t->win;
	if ((t->o.flags & FLOW_TCP_OPT_TS) && (c->flags & FLOW_TCP_PEER_TS)) {
		s->last_ts = t->o.tsval;
		f->tcp_flags |= FLOW_TCP_SSN_TIMESTAMP;
		s->last_pkt_ts = (uint32_t)t->p->ts.tv_sec;
		if (s->last_ts == 0)
			s->flags |= FLOW_TCP_PEER_ZERO_TS;
	} else {
		c->last_ts = s->last_ts = 0;
		c->flags &= (uint16_t)~FLOW_TCP_PEER_ZERO_TS;
	}
	S_LAST_ACK(f, FLOW_DIR_TO_SERVER) = t->ack;
	S_LAST_ACK(f, FLOW_DIR_TO_CLIENT) = s->isn + 1;
	c->flags |= FLOW_TCP_PEER_ACK;
	if ((f->tcp_flags & FLOW_TCP_SSN_SERVER_WSCALE) &&
	    (t->o.flags & FLOW_TCP_OPT_WSCALE)) {
		S_WSCALE(f, FLOW_DIR_TO_SERVER) = t->o.wscale;
		s->flags |= FLOW_TCP_PEER_WSCALE;
	} else {
		S_WSCALE(f, FLOW_DIR_TO_SERVER) = 0;
		/* a SYN that offered scaling without an answer: none */
		S_WSCALE(f, FLOW_DIR_TO_CLIENT) = 0;
	}
	S_NEXT_WIN(f, FLOW_DIR_TO_CLIENT) = S_LAST_ACK(f, FLOW_DIR_TO_CLIENT) +
	    S_WINDOW(f, FLOW_DIR_TO_CLIENT);
	S_NEXT_WIN(f, FLOW_DIR_TO_SERVER) = S_LAST_ACK(f, FLOW_DIR_TO_SERVER) +
	    S_WINDOW(f, FLOW_DIR_TO_SERVER);
	f->tcp_flags &= (uint16_t)~FLOW_TCP_SSN_4WHS;
}

static int
st_syn_sent(struct tcp_pkt *t)
{
	struct flow *f = t->f;
	struct flow_tcp_peer *c = &f->tcp_peer[FLOW_DIR_TO_SERVER];
	struct flow_tcp_peer *s = &f->tcp_peer[FLOW_DIR_TO_CLIENT];
	bool to_client = t->dir == FLOW_DIR_TO_CLIENT;

	if ((t->fl & (PKT_TCP_SYN | PKT_TCP_ACK)) ==
	    (PKT_TCP_SYN | PKT_TCP_ACK) && to_client) {
		if (!((t->o.flags & FLOW_TCP_OPT_TFO) ||
		    (f->tcp_flags & FLOW_TCP_SSN_TFO))) {
			if (t->ack != c->isn + 1) {
				tcp_int_event(t,
				    DECODE_EV_STREAM_3WHS_SYNACK_WITH_WRONG_ACK);
				return -1;
			}
		} else {
			if (t->ack == c->next_seq) {
				/* the SYN's data was taken */
			} else if (t->ack == c->isn + 1) {
				c->next_seq = c->isn;
				tcp_int_event(t, DECODE_EV_STREAM_3WHS_SYNACK_TFO_DATA_IGNORED);
				f->tcp_flags |= FLOW_TCP_SSN_TFO_IGNORED;
			} else {
				tcp_int_event(t,
				    DECODE_EV_STREAM_3WHS_SYNACK_WITH_WRONG_ACK);
				return -1;
			}
			f->tcp_flags |= FLOW_TCP_SSN_TFO;
			tcp_int_set_state(t, FLOW_TCP_ESTABLISHED);
		}
		/* the echo of another SYN than the session's last: one the
		 * queue kept */
		if (!tcp_check_synsent_ts(t) && !tcp_synq_match(t)) {
			tcp_int_event(t, DECODE_EV_STREAM_PKT_INVALID_TIMESTAMP);
			return -1;
		}
		{
			uint8_t st = f->tcp_state;

			synack_update(t);
			/* TFO: established already */
			if (st == FLOW_TCP_ESTABLISHED)
				tcp_int_set_state(t, FLOW_TCP_ESTABLISHED);
		}
		return 0;
	}
	if ((t->fl & (PKT_TCP_SYN | PKT_TCP_ACK)) ==
	    (PKT_TCP_SYN | PKT_TCP_ACK)) {
		/* to the server */
		if (!(f->tcp_flags & FLOW_TCP_SSN_4WHS)) {
			tcp_int_event(t,
			    DECODE_EV_STREAM_3WHS_SYNACK_IN_WRONG_DIRECTION);
			return -1;
		}
		if (t->ack != s->isn + 1) {
			tcp_int_event(t,
			    DECODE_EV_STREAM_4WHS_SYNACK_WITH_WRONG_ACK);
			return -1;
		}
		if (t->seq != c->isn) {
			tcp_int_event(t,
			    DECODE_EV_STREAM_4WHS_SYNACK_WITH_WRONG_SYN);
			return -1;
		}
		tcp_int_set_state(t, FLOW_TCP_SYN_RECV);
		c->isn = t->seq;
		c->next_seq = c->isn + 1;
		S_WINDOW(f, FLOW_DIR_TO_CLIENT) = t->win;
		if ((t->o.flags & FLOW_TCP_OPT_TS) &&
		    (s->flags & FLOW_TCP_PEER_TS)) {
			c->last_ts = t->o.tsval;
			f->tcp_flags |= FLOW_TCP_SSN_TIMESTAMP;
			c->last_pkt_ts = (uint32_t)t->p->ts.tv_sec;
			if (c->last_ts == 0)
				c->flags |= FLOW_TCP_PEER_ZERO_TS;
		} else {
			c->last_ts = s->last_ts = 0;
			s->flags &= (uint16_t)~FLOW_TCP_PEER_ZERO_TS;
		}
		S_LAST_ACK(f, FLOW_DIR_TO_CLIENT) = t->ack;
		S_LAST_ACK(f, FLOW_DIR_TO_SERVER) = c->isn + 1;
		c->flags |= FLOW_TCP_PEER_ACK;
		s->flags |= FLOW_TCP_PEER_ACK;
		if ((f->tcp_flags & FLOW_TCP_SSN_SERVER_WSCALE) &&
		    (t->o.flags & FLOW_TCP_OPT_WSCALE))
			S_WSCALE(f, FLOW_DIR_TO_CLIENT) = t->o.wscale;
		else
			S_WSCALE(f, FLOW_DIR_TO_CLIENT) = 0;
		S_NEXT_WIN(f, FLOW_DIR_TO_SERVER) =
		    S_LAST_ACK(f, FLOW_DIR_TO_SERVER) +
		    S_WINDOW(f, FLOW_DIR_TO_SERVER);
		S_NEXT_WIN(f, FLOW_DIR_TO_CLIENT) =
		    S_LAST_ACK(f, FLOW_DIR_TO_CLIENT) +
		    S_WINDOW(f, FLOW_DIR_TO_CLIENT);
		return 0;
	}
	if (!tcp_check_synsent_ts(t)) {
		tcp_int_event(t, DECODE_EV_STREAM_PKT_INVALID_TIMESTAMP);
		return -1;
	}
	if (t->fl & PKT_TCP_RST) {
		if (!tcp_check_rst(t))
			return -1;
		if (!to_client) {
			if (t->seq == c->isn && t->win == 0 &&
			    t->ack == c->isn + 1) {
				s->flags |= FLOW_TCP_PEER_RST_RECV;
				close_by_rst(t);
				tcp_int_reassemble(t);
			}
		} else {
			c->flags |= FLOW_TCP_PEER_RST_RECV;
			close_by_rst(t);
			tcp_int_reassemble(t);
		}
		return 0;
	}
	if (t->fl & PKT_TCP_FIN)
		return 0;
	if (t->fl & PKT_TCP_SYN) {
		if (to_client) {
			/* a SYN answering a SYN: the four-way handshake of
			 * split-handshake stacks */
			f->tcp_flags |= FLOW_TCP_SSN_4WHS;
			s->isn = t->seq;
			s->next_seq = s->isn + 1;
			s->flags |= FLOW_TCP_PEER_SYN | FLOW_TCP_PEER_SEQ;
			take_ts(t, FLOW_DIR_TO_CLIENT);
			S_WINDOW(f, FLOW_DIR_TO_SERVER) = t->win;
			if (t->o.flags & FLOW_TCP_OPT_WSCALE) {
				f->tcp_flags |= FLOW_TCP_SSN_SERVER_WSCALE;
				S_WSCALE(f, FLOW_DIR_TO_SERVER) = t->o.wscale;
			} else {
				f->tcp_flags &=
				    (uint16_t)~FLOW_TCP_SSN_SERVER_WSCALE;
				S_WSCALE(f, FLOW_DIR_TO_SERVER) = 0;
			}
			return 0;
		}
		/* a retransmitted SYN: the session follows the latest, the
		 * queue keeps what it was */
		if (tcp_synq_resend(t) < 0)
			return -1;
		if (t->o.flags & FLOW_TCP_OPT_TS) {
			c->last_ts = t->o.tsval;
			c->last_pkt_ts = (uint32_t)t->p->ts.tv_sec;
			c->flags |= FLOW_TCP_PEER_TS;
		}
		if (t->o.flags & FLOW_TCP_OPT_WSCALE) {
			f->tcp_flags |= FLOW_TCP_SSN_SERVER_WSCALE;
			S_WSCALE(f, FLOW_DIR_TO_CLIENT) = t->o.wscale;
		} else {
			f->tcp_flags &= (uint16_t)~FLOW_TCP_SSN_SERVER_WSCALE;
			S_WSCALE(f, FLOW_DIR_TO_CLIENT) = 0;
		}
		S_WINDOW(f, FLOW_DIR_TO_CLIENT) = t->win;
		return 0;
	}
	if (t->fl & PKT_TCP_ACK) {
		/* the SYN's sender goes on without a SYN/ACK: one side of
		 * an asymmetric route */
		if (!t->cfg->async_oneside)
			return 0;
		if (t->seq != c->next_seq) {
			tcp_int_event(t, DECODE_EV_STREAM_3WHS_ASYNC_WRONG_SEQ);
			return -1;
		}
		f->tcp_flags |= FLOW_TCP_SSN_ASYNC;
		tcp_int_set_state(t, FLOW_TCP_ESTABLISHED);
		S_WINDOW(f, FLOW_DIR_TO_SERVER) = t->win;
		S_LAST_ACK(f, FLOW_DIR_TO_SERVER) = t->seq;
		S_NEXT_WIN(f, FLOW_DIR_TO_SERVER) = t->seq + t->win;
		s->isn = t->ack - 1;
		s->next_seq = s->isn + 1;
		s->flags |= FLOW_TCP_PEER_SEQ | FLOW_TCP_PEER_ACK;
		c->flags |= FLOW_TCP_PEER_ACK;
		S_LAST_ACK(f, FLOW_DIR_TO_CLIENT) = s->next_seq;
		S_NEXT_WIN(f, FLOW_DIR_TO_CLIENT) = s->next_seq;
		if (f->tcp_flags & FLOW_TCP_SSN_SERVER_WSCALE)
			S_WSCALE(f, FLOW_DIR_TO_SERVER) = FLOW_TCP_WSCALE_MAX;
		if ((t->o.flags & FLOW_TCP_OPT_TS) &&
		    (c->flags & FLOW_TCP_PEER_TS)) {
			f->tcp_flags |= FLOW_TCP_SSN_TIMESTAMP;
			c->last_pkt_ts = (uint32_t)t->p->ts.tv_sec;
		} else {
			c->last_ts = 0;
			c->flags &= (uint16_t)~FLOW_TCP_PEER_ZERO_TS;
		}
		tcp_int_reassemble(t);
		return 0;
	}
	return 0;
}

static int
st_syn_recv(struct tcp_pkt *t)
{
	struct flow *f = t->f;
	struct flow_tcp_peer *c = &f->tcp_peer[FLOW_DIR_TO_SERVER];
	struct flow_tcp_peer *s = &f->tcp_peer[FLOW_DIR_TO_CLIENT];
	bool to_client = t->dir == FLOW_DIR_TO_CLIENT;
	bool missed_ack = false;

	if (t->fl & PKT_TCP_RST) {
		bool reset = true;
		uint8_t os;

		if (!tcp_check_rst(t))
			return -1;
		/* after a right-seq-wrong-ack evasion attempt linux and
		 * solaris receivers take such a RST as stray */
		if (f->tcp_flags & FLOW_TCP_SSN_EVASION) {
			os = tcp_check_os(t, t->dir ^ 1);
			if (os == FLOW_TCP_OS_LINUX ||
			    os == FLOW_TCP_OS_OLD_LINUX ||
			    os == FLOW_TCP_OS_SOLARIS)
				reset = false;
		}
		if (reset) {
			close_by_rst(t);
			if (f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP)
				(void)tcp_check_handle_ts(t);
		}
		return 0;
	}
	if (t->fl & PKT_TCP_FIN) {
		if ((f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP) &&
		    !tcp_check_ts(t))
			return -1;
		return tcp_int_handle_fin(t);
	}
	if ((t->fl & (PKT_TCP_SYN | PKT_TCP_ACK)) ==
	    (PKT_TCP_SYN | PKT_TCP_ACK)) {
		if (!to_client) {
			tcp_int_event(t,
			    DECODE_EV_STREAM_3WHS_SYNACK_TOSERVER_ON_SYN_RECV);
			return -1;
		}
		if (t->ack != S_LAST_ACK(f, FLOW_DIR_TO_SERVER)) {
			tcp_int_event(t, DECODE_EV_STREAM_3WHS_SYNACK_RESEND_WITH_DIFFERENT_ACK);
			return -1;
		}
		/* a SYN/ACK with another ISN would be queued by Suricata;
		 * quell keeps the first (see tcp_state.h) */
		return 0;
	}
	if (t->fl & PKT_TCP_SYN) {
		if (to_client) {
			tcp_int_event(t,
			    DECODE_EV_STREAM_3WHS_SYN_TOCLIENT_ON_SYN_RECV);
			return -1;
		}
		if (t->seq != c->isn) {
			tcp_int_event(t, DECODE_EV_STREAM_3WHS_SYN_RESEND_DIFF_SEQ_ON_SYN_RECV);
			return -1;
		}
		return 0;
	}
	if (!(t->fl & PKT_TCP_ACK))
		return 0;
	if ((f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP) && !tcp_check_ts(t))
		return -1;
	if ((f->tcp_flags & FLOW_TCP_SSN_4WHS) && to_client) {
		/* the handshake's last ACK comes from the server */
		if (t->seq != s->next_seq) {
			tcp_int_event(t, DECODE_EV_STREAM_4WHS_WRONG_SEQ);
			return -1;
		}
		if (!tcp_check_ack(t, FLOW_DIR_TO_SERVER)) {
			tcp_int_event(t, DECODE_EV_STREAM_4WHS_INVALID_ACK);
			return -1;
		}
		if (f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP)
			(void)tcp_check_handle_ts(t);
		tcp_int_last_ack(t, FLOW_DIR_TO_SERVER, t->ack);
		tcp_int_next_seq(t, FLOW_DIR_TO_CLIENT, s->next_seq + t->plen);
		S_WINDOW(f, FLOW_DIR_TO_SERVER) = t->win <<
		    S_WSCALE(f, FLOW_DIR_TO_SERVER);
		S_NEXT_WIN(f, FLOW_DIR_TO_SERVER) =
		    S_LAST_ACK(f, FLOW_DIR_TO_SERVER) +
		    S_WINDOW(f, FLOW_DIR_TO_SERVER);
		tcp_int_set_state(t, FLOW_TCP_ESTABLISHED);
		tcp_int_reassemble(t);
		return 0;
	}
	if (to_client) {
		if (f->tcp_flags & (FLOW_TCP_SSN_MIDSTREAM_SYNACK |
		    FLOW_TCP_SSN_TFO)) {
			/* falls through */
		} else if (t->cfg->is_inline) {
			/* inline every packet passes us: the server talking
			 * before the handshake ended is not packet loss */
			if (t->plen > 0 &&
			    t->ack == S_LAST_ACK(f, FLOW_DIR_TO_SERVER) &&
			    t->seq == s->next_seq) {
				tcp_int_event(t,
				    DECODE_EV_STREAM_3WHS_ACK_DATA_INJECT);
				return -1;
			}
			tcp_int_event(t, DECODE_EV_STREAM_3WHS_ACK_IN_WRONG_DIR);
			return -1;
		} else
			missed_ack = true;
	}
	if (t->seq == c->next_seq && t->ack == s->next_seq) {
		/* the normal handshake ACK */
		if (f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP)
			(void)tcp_check_handle_ts(t);
		tcp_int_last_ack(t, FLOW_DIR_TO_CLIENT, t->ack);
		tcp_int_next_seq(t, FLOW_DIR_TO_SERVER, c->next_seq + t->plen);
		S_WINDOW(f, FLOW_DIR_TO_CLIENT) = t->win <<
		    S_WSCALE(f, FLOW_DIR_TO_CLIENT);
		S_NEXT_WIN(f, FLOW_DIR_TO_CLIENT) =
		    S_LAST_ACK(f, FLOW_DIR_TO_CLIENT) +
		    S_WINDOW(f, FLOW_DIR_TO_CLIENT);
		if (f->tcp_flags & FLOW_TCP_SSN_MIDSTREAM) {
			S_WINDOW(f, FLOW_DIR_TO_SERVER) = t->win <<
			    S_WSCALE(f, FLOW_DIR_TO_SERVER);
			S_NEXT_WIN(f, FLOW_DIR_TO_SERVER) =
			    S_LAST_ACK(f, FLOW_DIR_TO_SERVER) +
			    S_WINDOW(f, FLOW_DIR_TO_SERVER);
			if (!(f->tcp_flags & FLOW_TCP_SSN_MIDSTREAM_SYNACK)) {
				S_WSCALE(f, 0) = FLOW_TCP_WSCALE_MAX;
				S_WSCALE(f, 1) = FLOW_TCP_WSCALE_MAX;
			}
		}
		tcp_int_set_state(t, FLOW_TCP_ESTABLISHED);
		tcp_int_reassemble(t);
		return 0;
	}
	if (t->cfg->async_oneside && t->seq == s->next_seq) {
		/* the server's side of an asymmetric route */
		f->tcp_flags |= FLOW_TCP_SSN_ASYNC;
		s->next_seq += t->plen;
		S_LAST_ACK(f, FLOW_DIR_TO_CLIENT) = t->seq;
		S_WINDOW(f, FLOW_DIR_TO_SERVER) = t->win <<
		    S_WSCALE(f, FLOW_DIR_TO_SERVER);
		S_LAST_ACK(f, FLOW_DIR_TO_SERVER) = t->ack;
		if (f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP)
			(void)tcp_check_handle_ts(t);
		if (f->tcp_flags & FLOW_TCP_SSN_MIDSTREAM) {
			S_WINDOW(f, FLOW_DIR_TO_CLIENT) = t->win;
			S_NEXT_WIN(f, FLOW_DIR_TO_CLIENT) =
			    S_LAST_ACK(f, FLOW_DIR_TO_CLIENT) +
			    S_WINDOW(f, FLOW_DIR_TO_CLIENT);
			S_WSCALE(f, 0) = S_WSCALE(f, 1) = FLOW_TCP_WSCALE_MAX;
		}
		tcp_int_set_state(t, FLOW_TCP_ESTABLISHED);
		tcp_int_reassemble(t);
		return 0;
	}
	if (t->seq == c->next_seq) {
		/* right seq, wrong ack: linux and solaris do not reset */
		f->tcp_flags |= FLOW_TCP_SSN_EVASION;
		tcp_int_event(t,
		    DECODE_EV_STREAM_3WHS_RIGHT_SEQ_WRONG_ACK_EVASION);
		return -1;
	}
	if (to_client && !t->cfg->is_inline &&
	    SEQ_GT(t->seq, c->next_seq) &&
	    SEQ_GT(t->ack, S_LAST_ACK(f, FLOW_DIR_TO_SERVER))) {
		/* the server went on: we lost packets */
		if (f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP)
			(void)tcp_check_handle_ts(t);
		tcp_int_last_ack(t, FLOW_DIR_TO_SERVER, t->ack);
		s->next_seq = t->seq + t->plen;
		S_WINDOW(f, FLOW_DIR_TO_SERVER) = t->win <<
		    S_WSCALE(f, FLOW_DIR_TO_SERVER);
		S_NEXT_WIN(f, FLOW_DIR_TO_SERVER) =
		    S_LAST_ACK(f, FLOW_DIR_TO_SERVER) +
		    S_WINDOW(f, FLOW_DIR_TO_SERVER);
		S_WINDOW(f, FLOW_DIR_TO_SERVER) = t->win;
		S_NEXT_WIN(f, FLOW_DIR_TO_CLIENT) =
		    S_LAST_ACK(f, FLOW_DIR_TO_CLIENT) +
		    S_WINDOW(f, FLOW_DIR_TO_CLIENT);
		tcp_int_set_state(t, FLOW_TCP_ESTABLISHED);
		tcp_int_reassemble(t);
		return 0;
	}
	if (SEQ_GT(t->seq, c->next_seq) &&
	    SEQ_LEQ(t->seq, S_NEXT_WIN(f, FLOW_DIR_TO_SERVER)) &&
	    t->ack == s->next_seq) {
		/* an ACK in window after packets we missed */
		if (f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP)
			(void)tcp_check_handle_ts(t);
		c->next_seq = t->seq + t->plen;
		tcp_int_last_ack(t, FLOW_DIR_TO_CLIENT, t->ack);
		S_WINDOW(f, FLOW_DIR_TO_CLIENT) = t->win <<
		    S_WSCALE(f, FLOW_DIR_TO_CLIENT);
		S_NEXT_WIN(f, FLOW_DIR_TO_CLIENT) =
		    S_LAST_ACK(f, FLOW_DIR_TO_CLIENT) +
		    S_WINDOW(f, FLOW_DIR_TO_CLIENT);
		if (f->tcp_flags & FLOW_TCP_SSN_MIDSTREAM) {
			S_WINDOW(f, FLOW_DIR_TO_SERVER) = t->win;
			S_WSCALE(f, 0) = S_WSCALE(f, 1) = FLOW_TCP_WSCALE_MAX;
		}
		tcp_int_set_state(t, FLOW_TCP_ESTABLISHED);
		tcp_int_reassemble(t);
		return 0;
	}
	if ((missed_ack || (f->tcp_flags & FLOW_TCP_SSN_TFO)) &&
	    t->ack == S_LAST_ACK(f, FLOW_DIR_TO_SERVER) &&
	    t->seq == s->next_seq) {
		/* the server's packet after a handshake ACK we missed, or
		 * after a TFO SYN/ACK */
		tcp_int_next_seq(t, FLOW_DIR_TO_CLIENT, t->seq + t->plen);
		S_WINDOW(f, FLOW_DIR_TO_CLIENT) = t->win <<
		    S_WSCALE(f, FLOW_DIR_TO_CLIENT);
		S_NEXT_WIN(f, FLOW_DIR_TO_CLIENT) =
		    S_LAST_ACK(f, FLOW_DIR_TO_CLIENT) +
		    S_WINDOW(f, FLOW_DIR_TO_CLIENT);
		tcp_int_set_state(t, FLOW_TCP_ESTABLISHED);
		tcp_int_reassemble(t);
		return 0;
	}
	tcp_int_event(t, DECODE_EV_STREAM_3WHS_WRONG_SEQ_WRONG_ACK);
	return -1;
}

/* A RST in an open state (the established and closing states share
 * it): validated, the session closed, both sides' numbers moved. */
static int
rst_open(struct tcp_pkt *t)
{
	struct flow *f = t->f;
	int d = t->dir, o = d ^ 1;

	if (!tcp_check_rst(t))
		return -1;
	close_by_rst(t);
	if (f->tcp_state == FLOW_TCP_CLOSED && f->tcp_pstate ==
	    FLOW_TCP_ESTABLISHED) {
		/* Suricata moves next_seq in ESTABLISHED only */
		if (d == FLOW_DIR_TO_SERVER) {
			f->tcp_peer[o].next_seq = t->ack;
			f->tcp_peer[d].next_seq = t->seq + t->plen;
		} else {
			f->tcp_peer[d].next_seq = t->seq + t->plen + 1;
			f->tcp_peer[o].next_seq = t->ack;
		}
		S_WINDOW(f, d) = t->win << S_WSCALE(f, d);
	}
	if ((t->fl & PKT_TCP_ACK) && tcp_check_ack(t, o))
		tcp_int_last_ack(t, o, t->ack);
	tcp_int_last_ack(t, d, t->seq);
	if (f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP)
		(void)tcp_check_handle_ts(t);
	tcp_int_reassemble(t);
	return 0;
}

/* Suricata's HandleEstablishedPacketToServer/ToClient: data and ACKs
 * of the established state, from side d. */
static int
est_data(struct tcp_pkt *t)
{
	struct flow *f = t->f;
	int d = t->dir, o = d ^ 1;
	struct flow_tcp_peer *snd = &f->tcp_peer[d];
	uint32_t end = t->seq + t->plen;
	bool zwp = false;
	uint16_t zwp_flag = d == FLOW_DIR_TO_SERVER ? FLOW_TCP_SSN_ZWP_TC :
	    FLOW_TCP_SSN_ZWP_TS;

	if (t->fl & PKT_TCP_ACK) {
		if ((f->tcp_flags & zwp_flag) &&
		    t->ack == f->tcp_peer[o].next_seq + 1) {
			/* acknowledges the zero window probe's byte */
			tcp_int_event(t, DECODE_EV_STREAM_EST_ACK_ZWP_DATA);
		} else if (!tcp_check_ack(t, o)) {
			tcp_int_event(t, DECODE_EV_STREAM_EST_INVALID_ACK);
			return -1;
		}
	}
	if ((f->tcp_flags & FLOW_TCP_SSN_MIDSTREAM) &&
	    (f->tcp_flags & FLOW_TCP_SSN_MIDSTREAM_EST) &&
	    d == ((f->tcp_flags & FLOW_TCP_SSN_PICKUP_TC) ?
	    FLOW_DIR_TO_SERVER : FLOW_DIR_TO_CLIENT)) {
		/* the other side's first window of a session picked up */
		S_WINDOW(f, d) = t->win << S_WSCALE(f, d);
		S_NEXT_WIN(f, d) = S_LAST_ACK(f, d) + S_WINDOW(f, d);
		f->tcp_flags &= (uint16_t)~FLOW_TCP_SSN_MIDSTREAM_EST;
	}
	if (t->plen <= 1 && t->seq == snd->next_seq - 1) {
		/* a keep-alive */
	} else if (!SEQ_GEQ(end, S_LAST_ACK(f, d))) {
		if (f->tcp_flags & FLOW_TCP_SSN_ASYNC) {
			if (d == FLOW_DIR_TO_SERVER)
				tcp_int_last_ack(t, d, t->seq);
			else
				S_LAST_ACK(f, d) = t->seq;
		} else if (d == FLOW_DIR_TO_SERVER &&
		    snd->next_seq == t->seq && t->cfg->async_oneside &&
		    (f->tcp_flags & FLOW_TCP_SSN_MIDSTREAM)) {
			tcp_int_last_ack(t, d, t->seq);
			f->tcp_flags |= FLOW_TCP_SSN_ASYNC;
		} else if (d == FLOW_DIR_TO_SERVER &&
		    S_LAST_ACK(f, d) == snd->isn + 1 &&
		    t->cfg->async_oneside &&
		    (f->tcp_flags & FLOW_TCP_SSN_MIDSTREAM)) {
			tcp_int_last_ack(t, d, t->seq);
			f->tcp_flags |= FLOW_TCP_SSN_ASYNC;
		} else if (SEQ_GT(S_LAST_ACK(f, d), snd->next_seq) &&
		    SEQ_GT(end, snd->next_seq)) {
			/* acknowledged bytes we never saw: take them */
		} else {
			tcp_int_event(t,
			    DECODE_EV_STREAM_EST_PKT_BEFORE_LAST_ACK);
			return -1;
		}
	}
	if (t->plen == 1 && t->seq == snd->next_seq && S_WINDOW(f, d) == 0) {
		/* a zero window probe */
		zwp = true;
		f->tcp_flags |= d == FLOW_DIR_TO_SERVER ? FLOW_TCP_SSN_ZWP_TS :
		    FLOW_TCP_SSN_ZWP_TC;
		tcp_int_reassemble(t);
	} else if (SEQ_GEQ(end, snd->next_seq))
		tcp_int_next_seq(t, d, end);
	if (zwp)
		return 0;
	if (SEQ_LEQ(end, S_NEXT_WIN(f, d)) || (f->tcp_flags &
	    (FLOW_TCP_SSN_MIDSTREAM | FLOW_TCP_SSN_ASYNC))) {
		S_WINDOW(f, o) = t->win << S_WSCALE(f, o);
		if (t->fl & PKT_TCP_ACK)
			tcp_int_last_ack(t, o, t->ack);
		if (f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP)
			(void)tcp_check_handle_ts(t);
		tcp_int_next_win(t, o, S_LAST_ACK(f, o) + S_WINDOW(f, o));
		tcp_int_reassemble(t);
		return 0;
	}
	tcp_int_event(t, DECODE_EV_STREAM_EST_PACKET_OUT_OF_WINDOW);
	return -1;
}

/* What every state after the handshake does last with a packet it
 * takes: the timestamp, the other side's next_seq raised to what this
 * acknowledges (its data may have been missed), the ack and the
 * reassembly. The states that need an ACK return before this without
 * one, so testing the flag is theirs too. */
static int
ack_tail(struct tcp_pkt *t, int o)
{
	struct flow *f = t->f;

	if (f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP)
		(void)tcp_check_handle_ts(t);
	if (SEQ_LT(f->tcp_peer[o].next_seq, t->ack))
		f->tcp_peer[o].next_seq = t->ack;
	if (t->fl & PKT_TCP_ACK)
		tcp_int_last_ack(t, o, t->ack);
	tcp_int_reassemble(t);
	return 0;
}

static int
st_established(struct tcp_pkt *t)
{
	struct flow *f = t->f;
	struct flow_tcp_peer *c = &f->tcp_peer[FLOW_DIR_TO_SERVER];
	struct flow_tcp_peer *s = &f->tcp_peer[FLOW_DIR_TO_CLIENT];
	bool to_client = t->dir == FLOW_DIR_TO_CLIENT;

	if (t->fl & PKT_TCP_RST)
		return rst_open(t);
	if (t->fl & PKT_TCP_FIN) {
		if ((f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP) &&
		    !tcp_check_ts(t))
			return -1;
		return tcp_int_handle_fin(t);
	}
	if ((t->fl & (PKT_TCP_SYN | PKT_TCP_ACK)) ==
	    (PKT_TCP_SYN | PKT_TCP_ACK)) {
		if (!to_client) {
			tcp_int_event(t, DECODE_EV_STREAM_EST_SYNACK_TOSERVER);
			return -1;
		}
		if (t->ack != S_LAST_ACK(f, FLOW_DIR_TO_SERVER)) {
			tcp_int_event(t, DECODE_EV_STREAM_EST_SYNACK_RESEND_WITH_DIFFERENT_ACK);
			return -1;
		}
		if (t->seq != s->isn) {
			tcp_int_event(t, DECODE_EV_STREAM_EST_SYNACK_RESEND_WITH_DIFF_SEQ);
			return -1;
		}
		if (f->tcp_flags & FLOW_TCP_SSN_3WHS_CONFIRMED) {
			tcp_int_event(t, DECODE_EV_STREAM_EST_SYNACK_RESEND);
			return -1;
		}
		/* the server did not get the handshake's last ACK */
		return 0;
	}
	if (t->fl & PKT_TCP_SYN) {
		if (to_client) {
			tcp_int_event(t, DECODE_EV_STREAM_EST_SYN_TOCLIENT);
			return -1;
		}
		if (t->seq != c->isn) {
			tcp_int_event(t,
			    DECODE_EV_STREAM_EST_SYN_RESEND_DIFF_SEQ);
			return -1;
		}
		tcp_int_event(t, DECODE_EV_STREAM_EST_SYN_RESEND);
		return -1;
	}
	if (!(t->fl & PKT_TCP_ACK))
		return 0;
	if ((f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP) && !tcp_check_ts(t))
		return -1;
	if (to_client)
		f->tcp_flags |= FLOW_TCP_SSN_3WHS_CONFIRMED;
	/* Suricata ignores what its HandleEstablishedPacketTo* return:
	 * a packet they refuse raises its event and is not reassembled,
	 * but is no stream error (inline it is not dropped as invalid) */
	(void)est_data(t);
	return 0;
}

/* Suricata's StreamTcpHandleFin: a FIN in SYN_RECV or ESTABLISHED. */
int
tcp_int_handle_fin(struct tcp_pkt *t)
{
	struct flow *f = t->f;
	int d = t->dir, o = d ^ 1;
	struct flow_tcp_peer *snd = &f->tcp_peer[d];
	uint32_t end = t->seq + t->plen;

	if (!tcp_check_ack(t, o)) {
		tcp_int_event(t, DECODE_EV_STREAM_FIN_INVALID_ACK);
		return -1;
	}
	if (!(SEQ_GEQ(t->seq, S_LAST_ACK(f, d)) &&
	    SEQ_LEQ(end, S_NEXT_WIN(f, d)))) {
		tcp_int_event(t, DECODE_EV_STREAM_FIN_OUT_OF_WINDOW);
		return -1;
	}
	if (d == FLOW_DIR_TO_SERVER) {
		if (t->fl & PKT_TCP_SYN) {
			tcp_int_event(t, DECODE_EV_STREAM_FIN_SYN);
			return -1;
		}
		tcp_int_set_state(t, FLOW_TCP_CLOSE_WAIT);
		snd->next_seq = end;
	} else {
		tcp_int_set_state(t, FLOW_TCP_FIN_WAIT1);
		snd->next_seq = end + 1;
	}
	tcp_int_fin_seen(t, end);
	S_WINDOW(f, o) = t->win << S_WSCALE(f, o);
	return ack_tail(t, o);
}

/* The closing states share the shape of Suricata's handlers: a RST
 * closes, a SYN is shutdown_syn_resend, FINs and ACKs are checked for
 * retransmission, sequence and acknowledgement, then move the state. */
static int
st_fin_wait1(struct tcp_pkt *t)
{
	struct flow *f = t->f;
	int d = t->dir, o = d ^ 1;
	struct flow_tcp_peer *snd = &f->tcp_peer[d];
	bool retrans = false;

	if (t->fl & PKT_TCP_RST)
		return rst_open(t);
	if (t->fl & PKT_TCP_FIN) {
		bool with_ack = (t->fl & PKT_TCP_ACK) != 0;

		if ((f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP) &&
		    !tcp_check_ts(t))
			return -1;
		if (tcp_check_retransmission(t, d))
			retrans = true;
		else if (d == FLOW_DIR_TO_CLIENT && with_ack &&
		    t->seq == snd->next_seq - 1 &&
		    t->ack == S_LAST_ACK(f, o))
			retrans = true;
		else if (SEQ_LT(t->seq, snd->next_seq - 1) ||
		    SEQ_GT(t->seq, S_LAST_ACK(f, d) + S_WINDOW(f, d))) {
			tcp_int_event(t, DECODE_EV_STREAM_FIN1_FIN_WRONG_SEQ);
			return -1;
		}
		if (!tcp_check_ack(t, o)) {
			tcp_int_event(t, DECODE_EV_STREAM_FIN1_INVALID_ACK);
			return -1;
		}
		if (with_ack && d == FLOW_DIR_TO_CLIENT) {
			/* the server's FIN/ACK: only a new one moves things */
			if (f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP)
				(void)tcp_check_handle_ts(t);
			if (!retrans) {
				tcp_int_set_state(t, FLOW_TCP_TIME_WAIT);
				S_WINDOW(f, o) = t->win << S_WSCALE(f, o);
				tcp_int_fin_seen(t, t->seq + t->plen);
				if (SEQ_LT(f->tcp_peer[o].next_seq - 1, t->ack))
					f->tcp_peer[o].next_seq = t->ack;
				if (snd->next_seq - 1 == t->seq)
					tcp_int_next_seq(t, d, t->seq + t->plen);
				tcp_int_last_ack(t, o, t->ack);
			}
			tcp_int_reassemble(t);
			return 0;
		}
		if (!retrans) {
			/* FIN/ACK: TIME_WAIT; a bare FIN: CLOSING */
			tcp_int_set_state(t, with_ack ? FLOW_TCP_TIME_WAIT :
			    FLOW_TCP_CLOSING);
			S_WINDOW(f, o) = t->win << S_WSCALE(f, o);
			tcp_int_fin_seen(t, t->seq + t->plen);
		}
		if (f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP)
			(void)tcp_check_handle_ts(t);
		if (SEQ_LT(f->tcp_peer[o].next_seq - 1, t->ack))
			f->tcp_peer[o].next_seq = t->ack;
		if (with_ack ? snd->next_seq == t->seq :
		    snd->next_seq - 1 == t->seq)
			tcp_int_next_seq(t, d, t->seq + t->plen);
		if (t->fl & PKT_TCP_ACK)
			tcp_int_last_ack(t, o, t->ack);
		tcp_int_reassemble(t);
		return 0;
	}
	if (t->fl & PKT_TCP_SYN) {
		tcp_int_event(t, DECODE_EV_STREAM_SHUTDOWN_SYN_RESEND);
		return -1;
	}
	if (!(t->fl & PKT_TCP_ACK))
		return 0;
	if ((f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP) && !tcp_check_ts(t))
		return -1;
	if (tcp_check_retransmission(t, d))
		retrans = true;
	if (!tcp_check_ack(t, o)) {
		tcp_int_event(t, DECODE_EV_STREAM_FIN1_INVALID_ACK);
		return -1;
	}
	if (d == FLOW_DIR_TO_SERVER) {
		if (SEQ_LT(t->ack, f->tcp_peer[o].next_seq)) {
			/* acknowledges older bytes */
		} else if (!retrans && t->ack == f->tcp_peer[o].next_seq) {
			if (SEQ_LEQ(t->seq + t->plen, S_NEXT_WIN(f, d)) ||
			    (f->tcp_flags & (FLOW_TCP_SSN_MIDSTREAM |
			    FLOW_TCP_SSN_ASYNC))) {
				if (t->seq == snd->next_seq)
					tcp_int_set_state(t,
					    FLOW_TCP_FIN_WAIT2);
			} else {
				tcp_int_event(t,
				    DECODE_EV_STREAM_FIN1_ACK_WRONG_SEQ);
				return -1;
			}
			S_WINDOW(f, o) = t->win << S_WSCALE(f, o);
		}
	} else if (!retrans) {
		if (SEQ_LEQ(t->seq + t->plen, S_NEXT_WIN(f, d)) ||
		    (f->tcp_flags & (FLOW_TCP_SSN_MIDSTREAM |
		    FLOW_TCP_SSN_ASYNC))) {
			if (t->seq == snd->next_seq - 1)
				tcp_int_set_state(t, FLOW_TCP_FIN_WAIT2);
		} else {
			tcp_int_event(t, DECODE_EV_STREAM_FIN1_ACK_WRONG_SEQ);
			return -1;
		}
		S_WINDOW(f, o) = t->win << S_WSCALE(f, o);
	}
	if (f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP)
		(void)tcp_check_handle_ts(t);
	if (SEQ_LT(f->tcp_peer[o].next_seq - 1, t->ack))
		f->tcp_peer[o].next_seq = t->ack;
	if (d == FLOW_DIR_TO_SERVER ? snd->next_seq == t->seq :
	    snd->next_seq - 1 == t->seq)
		tcp_int_next_seq(t, d, t->seq + t->plen);
	tcp_int_last_ack(t, o, t->ack);
	tcp_int_next_win(t, o, S_LAST_ACK(f, o) + S_WINDOW(f, o));
	tcp_int_reassemble(t);
	return 0;
}

static int
st_fin_wait2(struct tcp_pkt *t)
{
	struct flow *f = t->f;
	int d = t->dir, o = d ^ 1;
	struct flow_tcp_peer *snd = &f->tcp_peer[d];
	bool retrans = false;

	if (t->fl & PKT_TCP_RST)
		return rst_open(t);
	if (t->fl & PKT_TCP_FIN) {
		if ((f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP) &&
		    !tcp_check_ts(t))
			return -1;
		if (t->seq == snd->next_seq - 1 && t->ack == S_LAST_ACK(f, o))
			retrans = true;
		else if (tcp_check_retransmission(t, d))
			retrans = true;
		else if (SEQ_LT(t->seq, snd->next_seq) ||
		    SEQ_GT(t->seq, S_LAST_ACK(f, d) + S_WINDOW(f, d))) {
			tcp_int_event(t, DECODE_EV_STREAM_FIN2_FIN_WRONG_SEQ);
			return -1;
		}
		if (!tcp_check_ack(t, o)) {
			tcp_int_event(t, DECODE_EV_STREAM_FIN2_INVALID_ACK);
			return -1;
		}
		if (!retrans) {
			tcp_int_set_state(t, FLOW_TCP_TIME_WAIT);
			if (d == FLOW_DIR_TO_SERVER && snd->next_seq == t->seq)
				tcp_int_next_seq(t, d, snd->next_seq + t->plen);
			S_WINDOW(f, o) = t->win << S_WSCALE(f, o);
			tcp_int_fin_seen(t, t->seq + t->plen);
		}
		return ack_tail(t, o);
	}
	if (t->fl & PKT_TCP_SYN) {
		tcp_int_event(t, DECODE_EV_STREAM_SHUTDOWN_SYN_RESEND);
		return -1;
	}
	if (!(t->fl & PKT_TCP_ACK))
		return 0;
	if ((f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP) && !tcp_check_ts(t))
		return -1;
	if (tcp_check_retransmission(t, d))
		retrans = true;
	if (!tcp_check_ack(t, o)) {
		tcp_int_event(t, DECODE_EV_STREAM_FIN2_INVALID_ACK);
		return -1;
	}
	if (!retrans) {
		if (!(SEQ_LEQ(t->seq + t->plen, S_NEXT_WIN(f, d)) ||
		    (f->tcp_flags & (FLOW_TCP_SSN_MIDSTREAM |
		    FLOW_TCP_SSN_ASYNC)))) {
			tcp_int_event(t, DECODE_EV_STREAM_FIN2_ACK_WRONG_SEQ);
			return -1;
		}
		S_WINDOW(f, o) = t->win << S_WSCALE(f, o);
	}
	if (f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP)
		(void)tcp_check_handle_ts(t);
	if (snd->next_seq == t->seq)
		tcp_int_next_seq(t, d, snd->next_seq + t->plen);
	tcp_int_last_ack(t, o, t->ack);
	tcp_int_next_win(t, o, S_LAST_ACK(f, o) + S_WINDOW(f, o));
	tcp_int_reassemble(t);
	return 0;
}

static int
st_closing(struct tcp_pkt *t)
{
	struct flow *f = t->f;
	int d = t->dir, o = d ^ 1;
	bool retrans;

	if (t->fl & PKT_TCP_RST)
		return rst_open(t);
	if (t->fl & PKT_TCP_SYN) {
		tcp_int_event(t, DECODE_EV_STREAM_SHUTDOWN_SYN_RESEND);
		return -1;
	}
	if (!(t->fl & PKT_TCP_ACK))
		return 0;
	if ((f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP) && !tcp_check_ts(t))
		return -1;
	retrans = tcp_check_retransmission(t, d);
	if (t->seq != f->tcp_peer[d].next_seq) {
		tcp_int_event(t, DECODE_EV_STREAM_CLOSING_ACK_WRONG_SEQ);
		return -1;
	}
	if (!tcp_check_ack(t, o)) {
		tcp_int_event(t, DECODE_EV_STREAM_CLOSING_INVALID_ACK);
		return -1;
	}
	if (!retrans) {
		tcp_int_set_state(t, FLOW_TCP_TIME_WAIT);
		/* Suricata sets the client stream's window either way */
		S_WINDOW(f, FLOW_DIR_TO_SERVER) = t->win <<
		    S_WSCALE(f, FLOW_DIR_TO_SERVER);
	}
	return ack_tail(t, o);
}

static int
st_close_wait(struct tcp_pkt *t)
{
	struct flow *f = t->f;
	int d = t->dir, o = d ^ 1;
	struct flow_tcp_peer *snd = &f->tcp_peer[d];
	bool retrans;

	if (t->fl & PKT_TCP_RST)
		return rst_open(t);
	if (t->fl & PKT_TCP_FIN) {
		if ((f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP) &&
		    !tcp_check_ts(t))
			return -1;
		retrans = tcp_check_retransmission(t, d);
		if (!retrans && (SEQ_LT(t->seq, snd->next_seq) ||
		    SEQ_GT(t->seq, S_LAST_ACK(f, d) + S_WINDOW(f, d)))) {
			tcp_int_event(t,
			    DECODE_EV_STREAM_CLOSEWAIT_FIN_OUT_OF_WINDOW);
			return -1;
		}
		if (!tcp_check_ack(t, o)) {
			tcp_int_event(t, DECODE_EV_STREAM_CLOSEWAIT_INVALID_ACK);
			return -1;
		}
		if (!retrans) {
			/* the server's FIN: LAST_ACK (a client's second
			 * FIN changes nothing) */
			if (d == FLOW_DIR_TO_CLIENT)
				tcp_int_set_state(t, FLOW_TCP_LAST_ACK);
			S_WINDOW(f, o) = t->win << S_WSCALE(f, o);
			tcp_int_fin_seen(t, t->seq + t->plen);
		}
		return ack_tail(t, o);
	}
	if (t->fl & PKT_TCP_SYN) {
		tcp_int_event(t, DECODE_EV_STREAM_SHUTDOWN_SYN_RESEND);
		return -1;
	}
	if (!(t->fl & PKT_TCP_ACK))
		return 0;
	if ((f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP) && !tcp_check_ts(t))
		return -1;
	retrans = tcp_check_retransmission(t, d);
	if (t->plen > 0 && SEQ_LEQ(t->seq + t->plen, S_LAST_ACK(f, d))) {
		tcp_int_event(t, DECODE_EV_STREAM_CLOSEWAIT_PKT_BEFORE_LAST_ACK);
		return -1;
	}
	if (SEQ_GT(t->seq, S_LAST_ACK(f, d) + S_WINDOW(f, d))) {
		tcp_int_event(t, DECODE_EV_STREAM_CLOSEWAIT_ACK_OUT_OF_WINDOW);
		return -1;
	}
	if (!tcp_check_ack(t, o)) {
		tcp_int_event(t, DECODE_EV_STREAM_CLOSEWAIT_INVALID_ACK);
		return -1;
	}
	if (!retrans)
		S_WINDOW(f, o) = t->win << S_WSCALE(f, o);
	if (f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP)
		(void)tcp_check_handle_ts(t);
	if (SEQ_LT(f->tcp_peer[o].next_seq, t->ack))
		f->tcp_peer[o].next_seq = t->ack;
	if (t->seq == snd->next_seq)
		tcp_int_next_seq(t, d, snd->next_seq + t->plen);
	tcp_int_last_ack(t, o, t->ack);
	tcp_int_reassemble(t);
	return 0;
}

static int
st_last_ack(struct tcp_pkt *t)
{
	struct flow *f = t->f;
	int d = t->dir, o = d ^ 1;
	struct flow_tcp_peer *snd = &f->tcp_peer[d];
	bool retrans;

	if (t->fl & PKT_TCP_RST)
		return rst_open(t);
	if (t->fl & PKT_TCP_FIN)
		return 0;
	if (t->fl & PKT_TCP_SYN) {
		tcp_int_event(t, DECODE_EV_STREAM_SHUTDOWN_SYN_RESEND);
		return -1;
	}
	if (!(t->fl & PKT_TCP_ACK))
		return 0;
	if ((f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP) && !tcp_check_ts(t))
		return -1;
	/* Suricata handles only the client's ACK here */
	if (d != FLOW_DIR_TO_SERVER)
		return 0;
	retrans = tcp_check_retransmission(t, d);
	if (!tcp_check_ack(t, o)) {
		tcp_int_event(t, DECODE_EV_STREAM_LASTACK_INVALID_ACK);
		return -1;
	}
	if (!retrans) {
		if (SEQ_LT(t->seq, snd->next_seq)) {
			/* before next_seq: the state stays */
		} else if (t->seq != snd->next_seq &&
		    t->seq != snd->next_seq + 1) {
			tcp_int_event(t, DECODE_EV_STREAM_LASTACK_ACK_WRONG_SEQ);
			return -1;
		} else
			tcp_int_set_state(t, FLOW_TCP_CLOSED);
		S_WINDOW(f, o) = t->win << S_WSCALE(f, o);
	}
	return ack_tail(t, o);
}

static int
st_time_wait(struct tcp_pkt *t)
{
	struct flow *f = t->f;
	int d = t->dir, o = d ^ 1;
	struct flow_tcp_peer *snd = &f->tcp_peer[d];
	bool retrans;

	if (t->fl & PKT_TCP_RST)
		return rst_open(t);
	if (t->fl & PKT_TCP_FIN)
		return 0;
	if (t->fl & PKT_TCP_SYN) {
		tcp_int_event(t, DECODE_EV_STREAM_SHUTDOWN_SYN_RESEND);
		return -1;
	}
	if (!(t->fl & PKT_TCP_ACK))
		return 0;
	if ((f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP) && !tcp_check_ts(t))
		return -1;
	retrans = tcp_check_retransmission(t, d);
	if (!retrans) {
		if (d == FLOW_DIR_TO_SERVER) {
			if (t->seq != snd->next_seq &&
			    t->seq != snd->next_seq + 1) {
				tcp_int_event(t,
				    DECODE_EV_STREAM_TIMEWAIT_ACK_WRONG_SEQ);
				return -1;
			}
		} else if (t->seq != snd->next_seq - 1 &&
		    t->seq != snd->next_seq) {
			if (t->plen > 0 && t->seq == S_LAST_ACK(f, d))
				return 0;	/* a retransmission */
			tcp_int_event(t, DECODE_EV_STREAM_TIMEWAIT_ACK_WRONG_SEQ);
			return -1;
		}
	}
	if (!tcp_check_ack(t, o)) {
		tcp_int_event(t, DECODE_EV_STREAM_TIMEWAIT_INVALID_ACK);
		return -1;
	}
	if (!retrans) {
		tcp_int_set_state(t, FLOW_TCP_CLOSED);
		S_WINDOW(f, o) = t->win << S_WSCALE(f, o);
	}
	return ack_tail(t, o);
}

/* CLOSED: a RST closed it on one side only? Then the other side may go
 * on as before (Suricata dispatches on the state before the RST). */
static int
st_closed(struct tcp_pkt *t)
{
	struct flow *f = t->f;
	int d = t->dir, o = d ^ 1;

	if (t->fl & PKT_TCP_RST)
		return 0;
	if (!(f->tcp_peer[d].flags & FLOW_TCP_PEER_RST_RECV) &&
	    (f->tcp_peer[o].flags & FLOW_TCP_PEER_RST_RECV) &&
	    f->tcp_pstate != FLOW_TCP_CLOSED) {
		uint8_t before = f->tcp_pstate;

		if (dispatch(t, before) < 0)
			return -1;
		if (f->tcp_state == FLOW_TCP_CLOSED)
			f->tcp_state = before;
	}
	return 0;
}

static int
dispatch(struct tcp_pkt *t, uint8_t st)
{
	switch (st) {
	case FLOW_TCP_SYN_SENT:
		return st_syn_sent(t);
	case FLOW_TCP_SYN_RECV:
		return st_syn_recv(t);
	case FLOW_TCP_ESTABLISHED:
		return st_established(t);
	case FLOW_TCP_FIN_WAIT1:
		return st_fin_wait1(t);
	case FLOW_TCP_FIN_WAIT2:
		return st_fin_wait2(t);
	case FLOW_TCP_CLOSING:
		return st_closing(t);
	case FLOW_TCP_CLOSE_WAIT:
		return st_close_wait(t);
	case FLOW_TCP_LAST_ACK:
		return st_last_ack(t);
	case FLOW_TCP_TIME_WAIT:
		return st_time_wait(t);
	case FLOW_TCP_CLOSED:
		return st_closed(t);
	default:
		return 0;
	}
}

uint8_t
flow_tcp_update(struct flow *f, struct packet *p, int *dir,
    const struct flow_tcp_config *cfg)
{
	struct tcp_pkt t;
	int r;

	memset(&t, 0, sizeof(t));
	t.f = f;
	t.p = p;
	t.cfg = cfg;
	t.dir = *dir;
	t.dirp = dir;
	t.seq = p->tcp_seq;
	t.ack = p->tcp_ack;
	t.win = p->tcp_window;
	t.plen = p->payload_len;
	t.fl = p->tcp_flags;
	flow_tcp_opts_parse(p, &t.o);

	if (f->tcp_state != FLOW_TCP_NONE) {
		/* both sides talking: not async after all */
		f->tcp_peer[t.dir].tcp_flags |= t.fl;
		if ((f->tcp_flags & FLOW_TCP_SSN_ASYNC) &&
		    f->tcp_peer[0].tcp_flags != 0 &&
		    f->tcp_peer[1].tcp_flags != 0)
			f->tcp_flags &= (uint16_t)~FLOW_TCP_SSN_ASYNC;
	}
	/* an acknowledgement number without the ACK flag */
	if (!(t.fl & PKT_TCP_ACK) && t.ack != 0)
		tcp_int_event(&t, DECODE_EV_STREAM_PKT_BROKEN_ACK);
	/* Suricata's StreamTcpCheckFlowDrops: inline, the packets of a
	 * dropped flow go with their flags counted; the state machine
	 * (and its events) no longer sees them */
	if ((f->flags & FLOW_F_DROP) && cfg->is_inline)
		return 0;
	/* urgent policy drop (inline): as Suricata, the packet goes before
	 * the states see it, so its bytes and ACK change nothing */
	if ((t.fl & PKT_TCP_URG) && cfg->urgent_drop)
		return FLOW_TCP_R_URGENT;

	if (f->tcp_state == FLOW_TCP_NONE) {
		r = st_none(&t);
		if (f->tcp_state != FLOW_TCP_NONE)
			f->tcp_peer[t.dir].tcp_flags |= t.fl;
	} else {
		/* keep-alives and their ACKs, zero window probe ACKs, bad
		 * window updates, outdated ACKs, spurious retransmissions
		 * before what is held change nothing */
		r = tcp_check_skip(&t) ? 0 : dispatch(&t, f->tcp_state);
		if (r >= 0) {
			tcp_check_post_rst(&t);
			if (f->tcp_state >= FLOW_TCP_ESTABLISHED)
				t.result |= FLOW_TCP_R_EST;
		}
	}
	if (r < 0)
		t.result |= FLOW_TCP_R_INVALID;
	return t.result;
}

bool
flow_tcp_sender_is_server(const struct packet *p)
{
	uint8_t fl = p->tcp_flags & (PKT_TCP_SYN | PKT_TCP_ACK);
	bool s_eph, d_eph;

	if (fl == PKT_TCP_SYN)
		return false;
	if (fl == (PKT_TCP_SYN | PKT_TCP_ACK))
		return true;
	if (p->sport == p->dport)
		return false;
	if (p->sport < TCP_PRIVILEGED_PORT_END ||
	    p->dport < TCP_PRIVILEGED_PORT_END)
		return p->sport < p->dport;
	s_eph = p->sport >= TCP_EPHEMERAL_PORT_MIN;
	d_eph = p->dport >= TCP_EPHEMERAL_PORT_MIN;
	return s_eph != d_eph && !s_eph;
}

bool
flow_tcp_would_pick_up(const struct packet *p, const struct flow_tcp_config *cfg)
{
	uint8_t fl = p->tcp_flags;

	if (fl & PKT_TCP_RST)
		return false;
	if ((fl & (PKT_TCP_SYN | PKT_TCP_ACK)) == (PKT_TCP_SYN | PKT_TCP_ACK))
		return cfg->midstream || (cfg->async_oneside &&
		    !cfg->midstream_drops);
	if (fl & PKT_TCP_SYN)
		return true;
	if (fl & PKT_TCP_FIN)
		return cfg->midstream && p->payload_len > 0;
	return (fl & PKT_TCP_ACK) && cfg->midstream;
}

bool
flow_tcp_is_reuse(const struct flow *f, const struct packet *p,
    const struct flow_tcp_config *cfg)
{
	uint8_t fl = p->tcp_flags & (PKT_TCP_SYN | PKT_TCP_ACK | PKT_TCP_RST |
	    PKT_TCP_FIN);
	bool to_server = p->src.family == f->client.family &&
	    memcmp(&p->src.u, &f->client.u, sizeof(p->src.u)) == 0 &&
	    p->sport == f->client_port;
	uint8_t st = f->tcp_state;

	if (fl == PKT_TCP_SYN) {
		if (to_server) {
			if (st == FLOW_TCP_NONE)
				return true;
			if (f->tcp_flags & FLOW_TCP_SSN_TFO_IGNORED)
				return true;
			/* the same SYN again is a retransmission */
			if ((f->tcp_peer[FLOW_DIR_TO_SERVER].flags &
			    FLOW_TCP_PEER_SYN) &&
			    p->tcp_seq == f->tcp_peer[FLOW_DIR_TO_SERVER].isn)
				return false;
		} else if (st == FLOW_TCP_NONE)
			return true;
		return st >= FLOW_TCP_LAST_ACK;
	}
	if (fl == (PKT_TCP_SYN | PKT_TCP_ACK) &&
	    (cfg->midstream || cfg->async_oneside)) {
		if (!to_server) {
			if (st == FLOW_TCP_NONE)
				return false;
			if (p->tcp_seq == f->tcp_peer[FLOW_DIR_TO_CLIENT].isn)
				return false;
		} else if (st == FLOW_TCP_NONE)
			return true;
		return st >= FLOW_TCP_LAST_ACK;
	}
	return false;
}

bool
flow_tcp_past_time_wait(const struct flow *f)
{
	return f->tcp_state > FLOW_TCP_TIME_WAIT;
}

const char *
flow_tcp_state_name(uint8_t st)
{
	if (st >= FLOW_TCP_NSTATES)
		return "unknown";
	return state_names[st];
}
