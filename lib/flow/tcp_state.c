#include "core/base.h"

#include "core/packet.h"
#include "flow/flow.h"
#include "flow/tcp_state.h"

/* Sequence-space comparisons (RFC 793 arithmetic modulo 2^32). */
#define SEQ_LT(a, b)	((int32_t)((uint32_t)(a) - (uint32_t)(b)) < 0)
#define SEQ_LEQ(a, b)	((int32_t)((uint32_t)(a) - (uint32_t)(b)) <= 0)
#define SEQ_GT(a, b)	((int32_t)((uint32_t)(a) - (uint32_t)(b)) > 0)
#define SEQ_GEQ(a, b)	((int32_t)((uint32_t)(a) - (uint32_t)(b)) >= 0)

#define TCP_OPT_EOL	0
#define TCP_OPT_NOP	1
#define TCP_OPT_WSCALE	3
#define TCP_WSCALE_MAX	14	/* RFC 7323 */
#define TCP_HDR_LEN	20

/* Linux hands out ephemeral ports from 32768 (ip_local_port_range). */
#define EPHEMERAL_PORT_MIN	32768
#define PRIVILEGED_PORT_END	1024

#define PEER(f, dir)	(&(f)->tcp_peer[(dir)])
#define OTHER(dir)	((dir) ^ 1)
#define SWAP(a, b) do {							\
	__typeof__(a) swap_tmp_ = (a);					\
	(a) = (b);							\
	(b) = swap_tmp_;						\
} while (0)

static const char *const state_names[FLOW_TCP_NSTATES] = {
	[FLOW_TCP_NONE] = "none",
	[FLOW_TCP_SYN_SENT] = "syn_sent",
	[FLOW_TCP_SYN_RECV] = "syn_recv",
	[FLOW_TCP_ESTABLISHED] = "established",
	[FLOW_TCP_FIN_WAIT1] = "fin_wait1",
	[FLOW_TCP_FIN_WAIT2] = "fin_wait2",
	[FLOW_TCP_CLOSING] = "closing",
	[FLOW_TCP_LAST_ACK] = "last_ack",
	[FLOW_TCP_CLOSED] = "closed",
};

static void	set_state(struct flow *, uint8_t);
static void	swap_ends(struct flow *);
static uint8_t	syn_wscale(const struct packet *, bool *);
static void	peer_syn(struct flow_tcp_peer *, const struct packet *);
static uint8_t	wscale_of(const struct flow *, int);
static void	track(struct flow *, const struct packet *, int);
static uint8_t	closing_state(const struct flow *);
static bool	rst_valid(const struct flow *, const struct packet *, int);
static bool	close_by_rst(struct flow *, const struct packet *, int);
static bool	on_none(struct flow *, const struct packet *, int *, bool);
static bool	on_syn_sent(struct flow *, const struct packet *, int);
static bool	on_syn_recv(struct flow *, const struct packet *, int);
static bool	on_open(struct flow *, const struct packet *, int);

static void
set_state(struct flow *f, uint8_t st)
{
	f->tcp_state = st;
	switch (st) {
	case FLOW_TCP_ESTABLISHED:
	case FLOW_TCP_FIN_WAIT1:
	case FLOW_TCP_FIN_WAIT2:
		f->state = FLOW_STATE_ESTABLISHED;
		break;
	case FLOW_TCP_CLOSING:
	case FLOW_TCP_LAST_ACK:
	case FLOW_TCP_CLOSED:
		f->state = FLOW_STATE_CLOSED;
		break;
	default:
		f->state = FLOW_STATE_NEW;
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
}

/* The window scale option of a SYN; the decoder already checked that
 * every option length stays inside the header. */
static uint8_t
syn_wscale(const struct packet *p, bool *found)
{
	const uint8_t *o = p->l4 + TCP_HDR_LEN;
	const uint8_t *end = p->l4 + p->l4_hdr_len;

	*found = false;
	while (o < end && *o != TCP_OPT_EOL) {
		if (*o == TCP_OPT_NOP) {
			o++;
			continue;
		}
		if (end - o < 2 || o[1] < 2 || o[1] > end - o)
			break;
		if (o[0] == TCP_OPT_WSCALE && o[1] == 3) {
			*found = true;
			return o[2] > TCP_WSCALE_MAX ? TCP_WSCALE_MAX : o[2];
		}
		o += o[1];
	}
	return 0;
}

static void
peer_syn(struct flow_tcp_peer *s, const struct packet *p)
{
	bool found;

	memset(s, 0, sizeof(*s));
	s->isn = p->tcp_seq;
	s->flags = FLOW_TCP_PEER_SYN;
	s->wscale = syn_wscale(p, &found);
	if (found)
		s->flags |= FLOW_TCP_PEER_WSCALE;
}

/* Shift for windows dir's sender advertises outside SYNs: its offer
 * when both SYNs offered scaling (RFC 7323), none when a SYN did not,
 * the maximum when a SYN was missed (midstream: be lenient). */
static uint8_t
wscale_of(const struct flow *f, int dir)
{
	const struct flow_tcp_peer *s = PEER(f, dir), *r = PEER(f, OTHER(dir));

	if (!(s->flags & FLOW_TCP_PEER_SYN) || !(r->flags & FLOW_TCP_PEER_SYN))
		return TCP_WSCALE_MAX;
	if ((s->flags & r->flags & FLOW_TCP_PEER_WSCALE) == 0)
		return 0;
	return s->wscale;
}

/* Records what p says about its sender: the highest sequence number it
 * reached, its FIN, its ACK and window, and whether that ACK covers the
 * other side's FIN. */
static void
track(struct flow *f, const struct packet *p, int dir)
{
	struct flow_tcp_peer *s = PEER(f, dir), *r = PEER(f, OTHER(dir));
	uint8_t fl = p->tcp_flags;
	uint32_t end;

	end = p->tcp_seq + p->payload_len + ((fl & PKT_TCP_SYN) ? 1 : 0) +
	    ((fl & PKT_TCP_FIN) ? 1 : 0);
	if (!(s->flags & FLOW_TCP_PEER_SEQ) || SEQ_GT(end, s->next_seq)) {
		s->next_seq = end;
		s->flags |= FLOW_TCP_PEER_SEQ;
	}
	if ((fl & PKT_TCP_FIN) && !(s->flags & FLOW_TCP_PEER_FIN)) {
		s->fin_seq = p->tcp_seq + p->payload_len;
		s->flags |= FLOW_TCP_PEER_FIN;
	}
	if (!(fl & PKT_TCP_ACK))
		return;
	if (!(s->flags & FLOW_TCP_PEER_ACK) || SEQ_GEQ(p->tcp_ack, s->last_ack)) {
		s->last_ack = p->tcp_ack;
		s->window = (uint32_t)p->tcp_window <<
		    ((fl & PKT_TCP_SYN) ? 0 : wscale_of(f, dir));
		s->flags |= FLOW_TCP_PEER_ACK;
	}
	if ((r->flags & FLOW_TCP_PEER_FIN) && SEQ_GT(p->tcp_ack, r->fin_seq))
		r->flags |= FLOW_TCP_PEER_FIN_ACKED;
}

static uint8_t
closing_state(const struct flow *f)
{
	const struct flow_tcp_peer *c = PEER(f, FLOW_DIR_TO_SERVER);
	const struct flow_tcp_peer *s = PEER(f, FLOW_DIR_TO_CLIENT);
	int fins, acked;

	fins = !!(c->flags & FLOW_TCP_PEER_FIN) + !!(s->flags & FLOW_TCP_PEER_FIN);
	acked = !!(c->flags & FLOW_TCP_PEER_FIN_ACKED) +
	    !!(s->flags & FLOW_TCP_PEER_FIN_ACKED);
	if (fins == 0)
		return FLOW_TCP_ESTABLISHED;
	if (fins == 1)
		return acked != 0 ? FLOW_TCP_FIN_WAIT2 : FLOW_TCP_FIN_WAIT1;
	if (acked == 2)
		return FLOW_TCP_CLOSED;
	return acked == 1 ? FLOW_TCP_LAST_ACK : FLOW_TCP_CLOSING;
}

/* A RST counts when it could come from the real endpoint (RFC 793 and
 * 5961, leniently): answering a SYN it must acknowledge the SYN; else
 * its seq is the sender's next one, or inside the window the receiver
 * last advertised; with nothing known yet it is taken as is. */
static bool
rst_valid(const struct flow *f, const struct packet *p, int dir)
{
	const struct flow_tcp_peer *s = PEER(f, dir), *r = PEER(f, OTHER(dir));
	uint32_t seq = p->tcp_seq, win;

	if (f->tcp_state == FLOW_TCP_SYN_SENT && dir == FLOW_DIR_TO_CLIENT)
		return (p->tcp_flags & PKT_TCP_ACK) && p->tcp_ack == r->isn + 1;
	if ((s->flags & FLOW_TCP_PEER_SEQ) && seq == s->next_seq)
		return true;
	if (r->flags & FLOW_TCP_PEER_ACK) {
		win = r->window != 0 ? r->window : 1;
		return SEQ_GEQ(seq, r->last_ack) && SEQ_LT(seq, r->last_ack + win);
	}
	return !(s->flags & FLOW_TCP_PEER_SEQ);
}

static bool
close_by_rst(struct flow *f, const struct packet *p, int dir)
{
	if (!rst_valid(f, p, dir))
		return false;
	track(f, p, dir);
	set_state(f, FLOW_TCP_CLOSED);
	return true;
}

static bool
on_none(struct flow *f, const struct packet *p, int *dir, bool midstream)
{
	uint8_t fl = p->tcp_flags;

	if (fl & PKT_TCP_RST)
		return true;		/* nothing to track on a RST alone */
	if ((fl & (PKT_TCP_SYN | PKT_TCP_ACK)) == PKT_TCP_SYN) {
		if (*dir != FLOW_DIR_TO_SERVER) {
			swap_ends(f);
			*dir = FLOW_DIR_TO_SERVER;
		}
		memset(f->tcp_peer, 0, sizeof(f->tcp_peer));
		peer_syn(PEER(f, FLOW_DIR_TO_SERVER), p);
		track(f, p, *dir);
		f->flags &= ~FLOW_F_MIDSTREAM;
		set_state(f, FLOW_TCP_SYN_SENT);
		return true;
	}
	if (!midstream)
		return true;		/* untracked: stays NONE */
	f->flags |= FLOW_F_MIDSTREAM;
	if (fl & PKT_TCP_SYN) {
		/* SYN/ACK: its sender is the server, its ACK the client's
		 * next sequence number */
		if (*dir != FLOW_DIR_TO_CLIENT) {
			swap_ends(f);
			*dir = FLOW_DIR_TO_CLIENT;
		}
		memset(f->tcp_peer, 0, sizeof(f->tcp_peer));
		peer_syn(PEER(f, FLOW_DIR_TO_CLIENT), p);
		PEER(f, FLOW_DIR_TO_SERVER)->next_seq = p->tcp_ack;
		PEER(f, FLOW_DIR_TO_SERVER)->flags |= FLOW_TCP_PEER_SEQ;
		track(f, p, *dir);
		set_state(f, FLOW_TCP_SYN_RECV);
		return true;
	}
	set_state(f, FLOW_TCP_ESTABLISHED);
	return on_open(f, p, *dir);
}

static bool
on_syn_sent(struct flow *f, const struct packet *p, int dir)
{
	struct flow_tcp_peer *c = PEER(f, FLOW_DIR_TO_SERVER);
	uint8_t fl = p->tcp_flags;

	if (fl & PKT_TCP_RST)
		return close_by_rst(f, p, dir);
	if (dir == FLOW_DIR_TO_SERVER) {
		/* a SYN with a new ISN is a new attempt */
		if ((fl & (PKT_TCP_SYN | PKT_TCP_ACK)) == PKT_TCP_SYN &&
		    p->tcp_seq != c->isn)
			peer_syn(c, p);
		track(f, p, dir);
		return true;
	}
	if ((fl & (PKT_TCP_SYN | PKT_TCP_ACK)) != (PKT_TCP_SYN | PKT_TCP_ACK) ||
	    p->tcp_ack != c->isn + 1)
		return false;
	peer_syn(PEER(f, FLOW_DIR_TO_CLIENT), p);
	track(f, p, dir);
	set_state(f, FLOW_TCP_SYN_RECV);
	return true;
}

static bool
on_syn_recv(struct flow *f, const struct packet *p, int dir)
{
	const struct flow_tcp_peer *s = PEER(f, FLOW_DIR_TO_CLIENT);
	uint8_t fl = p->tcp_flags;

	if (fl & PKT_TCP_RST)
		return close_by_rst(f, p, dir);
	if (dir == FLOW_DIR_TO_CLIENT || (fl & PKT_TCP_SYN)) {
		/* retransmitted SYN or SYN/ACK, or the server talking
		 * before the client's ACK got here */
		track(f, p, dir);
		return true;
	}
	/* the client's ACK must acknowledge the server's SYN, and no more
	 * than the server sent */
	if (!(fl & PKT_TCP_ACK) || !SEQ_GT(p->tcp_ack, s->isn) ||
	    SEQ_GT(p->tcp_ack, s->next_seq))
		return false;
	set_state(f, FLOW_TCP_ESTABLISHED);
	return on_open(f, p, dir);
}

/* ESTABLISHED and the closing states. */
static bool
on_open(struct flow *f, const struct packet *p, int dir)
{
	uint8_t fl = p->tcp_flags;

	if (fl & PKT_TCP_RST)
		return close_by_rst(f, p, dir);
	if (fl & PKT_TCP_SYN)
		/* SYN/ACK retransmitted after the handshake is harmless; a
		 * SYN inside an open connection is not ours to follow */
		return (fl & PKT_TCP_ACK) != 0;
	track(f, p, dir);
	set_state(f, closing_state(f));
	return true;
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
	if (p->sport < PRIVILEGED_PORT_END || p->dport < PRIVILEGED_PORT_END)
		return p->sport < p->dport;
	s_eph = p->sport >= EPHEMERAL_PORT_MIN;
	d_eph = p->dport >= EPHEMERAL_PORT_MIN;
	return s_eph != d_eph && !s_eph;
}

bool
flow_tcp_is_reuse(const struct flow *f, const struct packet *p)
{
	return f->state == FLOW_STATE_CLOSED &&
	    (p->tcp_flags & (PKT_TCP_SYN | PKT_TCP_ACK | PKT_TCP_RST)) ==
	    PKT_TCP_SYN;
}

bool
flow_tcp_update(struct flow *f, const struct packet *p, int *dir,
    bool midstream)
{
	switch (f->tcp_state) {
	case FLOW_TCP_NONE:
		return on_none(f, p, dir, midstream);
	case FLOW_TCP_SYN_SENT:
		return on_syn_sent(f, p, *dir);
	case FLOW_TCP_SYN_RECV:
		return on_syn_recv(f, p, *dir);
	case FLOW_TCP_CLOSED:
		return true;
	default:
		return on_open(f, p, *dir);
	}
}

bool
flow_tcp_past_time_wait(const struct flow *f)
{
	const struct flow_tcp_peer *c = PEER(f, FLOW_DIR_TO_SERVER);
	const struct flow_tcp_peer *s = PEER(f, FLOW_DIR_TO_CLIENT);

	if (f->tcp_state == FLOW_TCP_CLOSED)
		return true;
	/* a client FIN alone is Suricata's CLOSE_WAIT; with the server's
	 * too, LAST_ACK or CLOSING unless the server's came first and was
	 * acknowledged (TIME_WAIT) */
	if (!(c->flags & FLOW_TCP_PEER_FIN))
		return false;
	if (!(s->flags & FLOW_TCP_PEER_FIN))
		return true;
	return f->tcp_state != FLOW_TCP_LAST_ACK ||
	    !(s->flags & FLOW_TCP_PEER_FIN_ACKED);
}

const char *
flow_tcp_state_name(uint8_t st)
{
	if (st >= FLOW_TCP_NSTATES)
		return "unknown";
	return state_names[st];
}
