/* The checks of Suricata's stream-tcp.c that the state handlers in
 * tcp_state.c share: acknowledgement numbers, RSTs and timestamps as the
 * receiving stack would take them, retransmissions, and the packets
 * classified before any state handler runs (keep-alives and their
 * ACKs, window updates, zero window probe ACKs, outdated ACKs, spurious
 * retransmissions), each raising the event Suricata raises.
 *
 * Sides and streams: stream d is what side d sends; S_* (tcp_int.h)
 * read its last_ack, window, next_win and wscale from the other side's
 * peer, where they are kept. */
#include "core/base.h"

#include "core/packet.h"
#include "decode/events.h"
#include "flow/flow.h"
#include "flow/tcp_int.h"
#include "flow/tcp_state.h"

void
tcp_int_event(struct tcp_pkt *t, enum decode_event ev)
{
	decode_event_set(t->p->events, ev);
}

void
tcp_int_next_seq(struct tcp_pkt *t, int d, uint32_t seq)
{
	struct flow *f = t->f;

	f->tcp_peer[d].next_seq = seq;
	/* StreamTcpAsyncLastAckUpdate: nothing acknowledges one side of
	 * an asymmetric route, so what it sent counts as acknowledged */
	if ((f->tcp_flags & FLOW_TCP_SSN_ASYNC) &&
	    SEQ_GT(seq, S_LAST_ACK(f, d)))
		S_LAST_ACK(f, d) = seq;
}

void
tcp_int_last_ack(struct tcp_pkt *t, int d, uint32_t ack)
{
	if (SEQ_GT(ack, S_LAST_ACK(t->f, d)))
		S_LAST_ACK(t->f, d) = ack;
}

void
tcp_int_next_win(struct tcp_pkt *t, int d, uint32_t win)
{
	if (SEQ_GT(win, S_NEXT_WIN(t->f, d)))
		S_NEXT_WIN(t->f, d) = win;
}

void
tcp_int_fin_seen(struct tcp_pkt *t, uint32_t fin_seq)
{
	struct flow_tcp_peer *s = &t->f->tcp_peer[t->dir];

	s->flags |= FLOW_TCP_PEER_FIN;
	s->fin_seq = fin_seq;
}

uint8_t
tcp_check_os(struct tcp_pkt *t, int side)
{
	struct flow *f = t->f;
	struct flow_tcp_peer *s = &f->tcp_peer[side];
	const struct ip_addr *a = side == FLOW_DIR_TO_SERVER ? &f->client :
	    &f->server;

	if (s->os == FLOW_TCP_OS_UNKNOWN) {
		if (t->cfg->host_os != NULL)
			s->os = t->cfg->host_os(t->cfg->host_os_arg, a);
		if (s->os == FLOW_TCP_OS_UNKNOWN)
			s->os = FLOW_TCP_OS_BSD;
	}
	return s->os;
}

bool
tcp_check_ack(struct tcp_pkt *t, int d)
{
	const struct flow *f = t->f;
	uint32_t last_ack = S_LAST_ACK(f, d), next_win = S_NEXT_WIN(f, d);
	uint32_t window = S_WINDOW(f, d);

	if (!(t->fl & PKT_TCP_ACK))
		return true;
	if (SEQ_GT(t->ack, last_ack) && SEQ_LEQ(t->ack, next_win))
		return true;
	if (t->ack == last_ack)
		return true;
	if (SEQ_LT(t->ack, last_ack)) {
		/* a left edge to check against, where the window allows */
		if (window != 0 && SEQ_LT(t->ack, last_ack - window))
			goto invalid;
		return true;
	}
	if (f->tcp_flags & FLOW_TCP_SSN_ASYNC)
		return true;
	if (f->tcp_state > FLOW_TCP_SYN_SENT && SEQ_GT(t->ack, next_win))
		goto invalid;
	/* the RST answering a SYN acknowledges it as a SYN/ACK would */
	if (f->tcp_state == FLOW_TCP_SYN_SENT && t->dir == FLOW_DIR_TO_CLIENT &&
	    (t->fl & PKT_TCP_RST) && t->ack == f->tcp_peer[d].isn + 1)
		return true;
invalid:
	tcp_int_event(t, DECODE_EV_STREAM_PKT_INVALID_ACK);
	return false;
}

bool
tcp_check_rst(struct tcp_pkt *t)
{
	struct flow *f = t->f;
	int d = t->dir, o = d ^ 1;
	const struct flow_tcp_peer *snd = &f->tcp_peer[d];
	uint8_t os;

	if ((f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP) && !tcp_check_ts(t))
		return false;
	/* RFC 1122 4.2.2.12: a RST may carry data */
	if (t->plen > 0)
		tcp_int_event(t, DECODE_EV_STREAM_RST_WITH_DATA);
	os = tcp_check_os(t, o);
	if ((t->fl & PKT_TCP_ACK) && t->ack != 0 && !tcp_check_ack(t, o)) {
		tcp_int_event(t, DECODE_EV_STREAM_RST_INVALID_ACK);
		return false;
	}
	if (f->tcp_flags & FLOW_TCP_SSN_ASYNC)
		return SEQ_GEQ(t->seq, snd->next_seq);
	switch (os) {
	case FLOW_TCP_OS_HPUX11:
		return SEQ_GEQ(t->seq, snd->next_seq);
	case FLOW_TCP_OS_OLD_LINUX:
	case FLOW_TCP_OS_LINUX:
	case FLOW_TCP_OS_SOLARIS:
		/* anywhere in the window */
		return SEQ_GEQ(t->seq + t->plen, S_LAST_ACK(f, d)) &&
		    SEQ_LT(t->seq, snd->next_seq + S_WINDOW(f, d));
	default:
		/* BSD, Windows and the rest: exactly the next byte */
		return t->seq == snd->next_seq;
	}
}

/* The parts ValidateTimestamp and HandleTimestamp share: whether p's
 * TSval is one the receiver takes. *update: the sender's last_ts may
 * move to it (when p is the next segment). */
static bool
ts_check(struct tcp_pkt *t, bool handle)
{
	struct flow *f = t->f;
	int d = t->dir, o = d ^ 1;
	struct flow_tcp_peer *snd = &f->tcp_peer[d];
	uint8_t os = tcp_check_os(t, o);
	uint32_t ts, last_ts, last_pkt_ts, now = (uint32_t)t->p->ts.tv_sec;
	bool check = true, ok = true;
	int32_t result;

	if (!(t->o.flags & FLOW_TCP_OPT_TS)) {
		/* Solaris stops using timestamps on a segment without */
		if (handle && os == FLOW_TCP_OS_SOLARIS)
			f->tcp_flags &= (uint16_t)~FLOW_TCP_SSN_TIMESTAMP;
		return true;
	}
	ts = t->o.tsval;
	last_ts = snd->last_ts;
	last_pkt_ts = snd->last_pkt_ts;
	if (snd->flags & FLOW_TCP_PEER_ZERO_TS) {
		/* the handshake used a timestamp of 0 */
		switch (os) {
		case FLOW_TCP_OS_LINUX:
		case FLOW_TCP_OS_WINDOWS2K3:
			/* these do not allow 0 in the handshake: off */
			if (handle)
				f->tcp_flags &= (uint16_t)~FLOW_TCP_SSN_TIMESTAMP;
			check = false;
			break;
		case FLOW_TCP_OS_OLD_LINUX:
		case FLOW_TCP_OS_WINDOWS:
		case FLOW_TCP_OS_VISTA:
			if (handle)
				snd->flags &= (uint16_t)~FLOW_TCP_PEER_ZERO_TS;
			if (t->seq == snd->next_seq) {
				/* the next one is checked against this one */
				last_ts = ts;
				if (handle)
					snd->last_ts = ts;
				check = false;
			}
			break;
		default:
			break;
		}
	}
	/* HP-UX 11 ignores the timestamps of out of order segments */
	if (os == FLOW_TCP_OS_HPUX11 && t->seq != snd->next_seq)
		check = false;
	if (ts == 0) {
		switch (os) {
		case FLOW_TCP_OS_OLD_LINUX:
		case FLOW_TCP_OS_WINDOWS:
		case FLOW_TCP_OS_WINDOWS2K3:
		case FLOW_TCP_OS_VISTA:
		case FLOW_TCP_OS_SOLARIS:
			break;
		default:
			/* the rest drop a 0 timestamp once the handshake had
			 * a valid one */
			return false;
		}
	}
	if (!check)
		return true;
	/* Linux (and liberal-timestamps) take a timestamp one behind */
	if (os == FLOW_TCP_OS_LINUX || t->cfg->liberal_timestamps)
		result = (int32_t)((ts - last_ts) + 1);
	else
		result = (int32_t)(ts - last_ts);
	if (last_pkt_ts == 0 && (f->tcp_flags & FLOW_TCP_SSN_MIDSTREAM)) {
		last_pkt_ts = now;
		if (handle)
			snd->last_pkt_ts = now;
	}
	if (result < 0)
		ok = false;
	else if (snd->last_ts != 0 && now > last_pkt_ts + TCP_PAWS_24DAYS)
		ok = false;
	if (ok) {
		if (handle) {
			if (t->seq == snd->next_seq)
				snd->last_ts = ts;
			snd->last_pkt_ts = now;
		}
		return true;
	}
	/* RFC 7323: a timestamp idle for 24 days is taken anew */
	if (t->seq == snd->next_seq && now > last_pkt_ts + TCP_PAWS_24DAYS) {
		if (handle) {
			snd->last_ts = ts;
			snd->last_pkt_ts = now;
		}
		return true;
	}
	return false;
}

bool
tcp_check_ts(struct tcp_pkt *t)
{
	if (ts_check(t, false))
		return true;
	tcp_int_event(t, DECODE_EV_STREAM_PKT_INVALID_TIMESTAMP);
	return false;
}

bool
tcp_check_handle_ts(struct tcp_pkt *t)
{
	if (ts_check(t, true))
		return true;
	tcp_int_event(t, DECODE_EV_STREAM_PKT_INVALID_TIMESTAMP);
	return false;
}

bool
tcp_check_synsent_ts(struct tcp_pkt *t)
{
	const struct flow_tcp_peer *c = &t->f->tcp_peer[FLOW_DIR_TO_SERVER];
	uint32_t echo = t->o.tsecr;

	/* only the server's answer to the SYN is checked */
	if (t->dir == FLOW_DIR_TO_SERVER || !(t->o.flags & FLOW_TCP_OPT_TS))
		return true;
	if (c->flags & FLOW_TCP_PEER_TS)
		return c->last_ts == 0 || echo == 0 || echo == c->last_ts;
	return c->last_ts != 0 || echo == 0;
}

int
tcp_check_retransmission(struct tcp_pkt *t, int d)
{
	const struct flow *f = t->f;
	uint32_t end = t->seq + t->plen, last_ack = S_LAST_ACK(f, d);
	int r = 0;

	if (t->plen == 0)
		return 0;
	if (SEQ_LT(t->seq, last_ack) && SEQ_GT(end, last_ack))
		r = 1;		/* partly acknowledged already */
	else if (SEQ_LEQ(end, last_ack))
		r = 1;		/* acknowledged already */
	else if (SEQ_LEQ(end, f->tcp_peer[d].next_seq))
		r = 2;		/* in flight */
	if (r != 0)
		tcp_int_event(t, DECODE_EV_STREAM_PKT_RETRANSMISSION);
	return r;
}

/* Packets with only flags Suricata's classifications look at. */
static bool
plain(const struct tcp_pkt *t)
{
	return (t->fl & (PKT_TCP_SYN | PKT_TCP_FIN | PKT_TCP_RST)) == 0;
}

static bool
bare_ack(const struct tcp_pkt *t)
{
	return (t->fl & (PKT_TCP_ACK | PKT_TCP_SYN | PKT_TCP_FIN |
	    PKT_TCP_RST)) == PKT_TCP_ACK;
}

/* RFC 1122: a keep-alive is seq next_seq - 1 with at most one byte */
static bool
is_keepalive(struct tcp_pkt *t)
{
	struct flow *f = t->f;
	struct flow_tcp_peer *snd = &f->tcp_peer[t->dir];

	if (t->plen > 1 || !plain(t))
		return false;
	if (t->ack == S_LAST_ACK(f, t->dir ^ 1) && t->seq == snd->next_seq - 1) {
		snd->flags |= FLOW_TCP_PEER_KEEPALIVE;
		return true;
	}
	return false;
}

static bool
is_keepalive_ack(struct tcp_pkt *t)
{
	struct flow *f = t->f;
	int d = t->dir, o = d ^ 1;

	if (t->plen > 0 || !plain(t) || t->win == 0)
		return false;
	if (((uint32_t)t->win << S_WSCALE(f, o)) != S_WINDOW(f, o))
		return false;
	if ((f->tcp_peer[o].flags & FLOW_TCP_PEER_KEEPALIVE) &&
	    t->ack == S_LAST_ACK(f, o) && t->seq == f->tcp_peer[d].next_seq) {
		f->tcp_peer[o].flags &= (uint16_t)~FLOW_TCP_PEER_KEEPALIVE;
		return true;
	}
	return false;
}

static bool
is_zwp_ack(const struct tcp_pkt *t)
{
	const struct flow *f = t->f;
	int d = t->dir, o = d ^ 1;
	uint32_t pkt_win;

	if (f->tcp_state < FLOW_TCP_ESTABLISHED || t->plen != 0 ||
	    !bare_ack(t))
		return false;
	if (!(f->tcp_flags & (d == FLOW_DIR_TO_CLIENT ? FLOW_TCP_SSN_ZWP_TS :
	    FLOW_TCP_SSN_ZWP_TC)))
		return false;
	/* Suricata scales by the sender stream's wscale here */
	pkt_win = (uint32_t)t->win << S_WSCALE(f, d);
	return pkt_win == 0 && pkt_win == S_WINDOW(f, o) &&
	    t->seq == f->tcp_peer[d].next_seq && t->ack == S_LAST_ACK(f, o);
}

static bool
is_window_update(const struct tcp_pkt *t)
{
	const struct flow *f = t->f;
	int d = t->dir, o = d ^ 1;

	if (f->tcp_state < FLOW_TCP_ESTABLISHED || t->plen > 0 ||
	    !plain(t) || t->win == 0)
		return false;
	if (((uint32_t)t->win << S_WSCALE(f, o)) == S_WINDOW(f, o))
		return false;
	return t->ack == S_LAST_ACK(f, o) && t->seq == f->tcp_peer[d].next_seq;
}

/* the last ACK of a FIN shutdown */
static bool
is_fin_shutdown_ack(const struct tcp_pkt *t)
{
	const struct flow *f = t->f;
	int d = t->dir, o = d ^ 1;

	if (f->tcp_state != FLOW_TCP_TIME_WAIT &&
	    f->tcp_state != FLOW_TCP_CLOSE_WAIT &&
	    f->tcp_state != FLOW_TCP_LAST_ACK)
		return false;
	if (t->fl != PKT_TCP_ACK || t->plen != 0)
		return false;
	return f->tcp_peer[d].next_seq + 1 == t->seq &&
	    t->ack == f->tcp_peer[o].next_seq + 1;
}

/* Suricata bug 1238: packets after loss that shrink the window so far
 * that what is expected next would fall out of it. */
static bool
is_bad_window_update(struct tcp_pkt *t)
{
	const struct flow *f = t->f;
	int d = t->dir, o = d ^ 1;
	uint32_t pkt_win, diff, adiff;

	if (f->tcp_state < FLOW_TCP_ESTABLISHED ||
	    f->tcp_state == FLOW_TCP_CLOSED || !plain(t))
		return false;
	pkt_win = (uint32_t)t->win << S_WSCALE(f, o);
	if (pkt_win >= S_WINDOW(f, o))
		return false;
	diff = S_WINDOW(f, o) - pkt_win;
	if (diff <= t->plen || !SEQ_GT(t->ack, f->tcp_peer[o].next_seq) ||
	    !SEQ_GT(t->seq, f->tcp_peer[d].next_seq))
		return false;
	adiff = t->ack - S_LAST_ACK(f, o);
	if ((pkt_win > 1024 && diff > adiff + 32) ||
	    (pkt_win <= 1024 && diff > adiff)) {
		tcp_int_event(t, DECODE_EV_STREAM_PKT_BAD_WINDOW_UPDATE);
		return true;
	}
	return false;
}

/* An ACK already passed by newer ones (without SACK blocks: quell does
 * not follow SACK, so one with blocks is never taken as outdated). */
static bool
is_outdated_ack(const struct tcp_pkt *t)
{
	const struct flow *f = t->f;
	int d = t->dir, o = d ^ 1;

	if (f->tcp_state < FLOW_TCP_ESTABLISHED || t->plen != 0 ||
	    !bare_ack(t))
		return false;
	return t->seq == f->tcp_peer[d].next_seq &&
	    SEQ_LT(t->ack, S_LAST_ACK(f, o)) &&
	    !(t->o.flags & FLOW_TCP_OPT_SACK);
}

/* 0 no; 1 entirely before last_ack; 2 also before what the stream
 * engine released (base_seq), so nothing is left to compare it with */
static int
is_spurious(const struct tcp_pkt *t)
{
	const struct flow *f = t->f;
	const struct flow_tcp_peer *snd = &f->tcp_peer[t->dir];
	uint32_t end = t->seq + t->plen;

	if (t->plen == 0)
		return 0;
	if ((snd->flags & FLOW_TCP_PEER_BASE) && SEQ_LEQ(end, snd->base_seq))
		return 2;
	if (SEQ_LEQ(end, S_LAST_ACK(f, t->dir)))
		return 1;
	return 0;
}

bool
tcp_check_skip(struct tcp_pkt *t)
{
	struct flow *f = t->f;
	bool zwp;
	int r;

	if (is_keepalive(t))
		return true;
	if (is_keepalive_ack(t)) {
		f->tcp_peer[t->dir].flags &= (uint16_t)~FLOW_TCP_PEER_KEEPALIVE;
		return true;
	}
	f->tcp_peer[t->dir].flags &= (uint16_t)~FLOW_TCP_PEER_KEEPALIVE;
	zwp = is_zwp_ack(t);
	f->tcp_flags &= (uint16_t)~(t->dir == FLOW_DIR_TO_CLIENT ?
	    FLOW_TCP_SSN_ZWP_TS : FLOW_TCP_SSN_ZWP_TC);
	if (zwp)
		return true;
	if (!is_fin_shutdown_ack(t) && !is_window_update(t)) {
		if (is_bad_window_update(t))
			return true;
		if (is_outdated_ack(t))
			return true;
	}
	r = is_spurious(t);
	if (r > 0) {
		tcp_int_event(t, DECODE_EV_STREAM_PKT_SPURIOUS_RETRANSMISSION);
		if (r == 2)
			return true;
	}
	return false;
}

void
tcp_check_post_rst(struct tcp_pkt *t)
{
	struct flow *f = t->f;
	struct flow_tcp_peer *rcv = &f->tcp_peer[t->dir ^ 1];

	if (t->fl & PKT_TCP_RST)
		return;
	/* the RST's receiver accepted it, yet its sender talks on */
	if (rcv->flags & FLOW_TCP_PEER_RST_RECV) {
		rcv->flags &= (uint16_t)~FLOW_TCP_PEER_RST_RECV;
		f->tcp_flags &= (uint16_t)~FLOW_TCP_SSN_CLOSED_BY_RST;
		tcp_int_event(t, DECODE_EV_STREAM_SUSPECTED_RST_INJECT);
	}
}
