/* The SYN queue (stream.max-syn-queued, Suricata 7's): a client that
 * resends its SYN with other options (a new TSval, window or scale)
 * makes the session follow the latest SYN, but the server may answer
 * any of them. Each SYN state the session gave up is kept, up to
 * max-syn-queued, so that a SYN/ACK echoing an earlier SYN's timestamp
 * still finds the SYN it answers; that SYN's state then becomes the
 * session's. A SYN past the limit is refused with
 * stream.3whs_syn_flood. The queue lives only in SYN_SENT: it goes when
 * a SYN/ACK is taken, and with the flow. */
#include "core/base.h"

#include <stdlib.h>
#include <string.h>

#include "decode/events.h"
#include "flow/tcp_int.h"

/* What a client's SYN told the session (Suricata's TcpStateQueue). */
struct tcp_syn {
	uint32_t	 ts;		/* TSval */
	uint32_t	 pkt_ts;	/* packet time (s) */
	uint32_t	 win;		/* its window, as sent */
	uint16_t	 pflags;	/* FLOW_TCP_PEER_{TS,ZERO_TS,SACKOK,
					   WSCALE} */
	uint8_t		 wscale;
	uint8_t		 ssn_wscale;	/* FLOW_TCP_SSN_SERVER_WSCALE set */
};

struct flow_tcp_synq {
	uint8_t		 n;
	struct tcp_syn	 e[];
};

#define SYN_PFLAGS	(FLOW_TCP_PEER_TS | FLOW_TCP_PEER_ZERO_TS | \
	FLOW_TCP_PEER_SACKOK | FLOW_TCP_PEER_WSCALE)

static void
syn_of_session(const struct flow *f, struct tcp_syn *s)
{
	const struct flow_tcp_peer *c = &f->tcp_peer[FLOW_DIR_TO_SERVER];

	memset(s, 0, sizeof(*s));
	s->ts = c->last_ts;
	s->pkt_ts = c->last_pkt_ts;
	s->win = S_WINDOW(f, FLOW_DIR_TO_CLIENT);
	s->pflags = c->flags & SYN_PFLAGS;
	s->wscale = S_WSCALE(f, FLOW_DIR_TO_CLIENT);
	s->ssn_wscale = (f->tcp_flags & FLOW_TCP_SSN_SERVER_WSCALE) != 0;
}

/* The same SYN: the options the session keeps are equal. */
static bool
syn_same(const struct tcp_syn *a, const struct tcp_syn *b)
{
	return a->ts == b->ts && a->win == b->win && a->pflags == b->pflags &&
	    a->wscale == b->wscale && a->ssn_wscale == b->ssn_wscale;
}

static void
syn_of_packet(const struct tcp_pkt *t, struct tcp_syn *s)
{
	memset(s, 0, sizeof(*s));
	s->win = t->win;
	s->pkt_ts = (uint32_t)t->p->ts.tv_sec;
	if (t->o.flags & FLOW_TCP_OPT_TS) {
		s->ts = t->o.tsval;
		s->pflags |= FLOW_TCP_PEER_TS;
		if (s->ts == 0)
			s->pflags |= FLOW_TCP_PEER_ZERO_TS;
	}
	if (t->o.flags & FLOW_TCP_OPT_SACKOK)
		s->pflags |= FLOW_TCP_PEER_SACKOK;
	if (t->o.flags & FLOW_TCP_OPT_WSCALE) {
		s->pflags |= FLOW_TCP_PEER_WSCALE;
		s->wscale = t->o.wscale;
		s->ssn_wscale = 1;
	}
}

int
tcp_synq_resend(struct tcp_pkt *t)
{
	struct flow *f = t->f;
	struct flow_tcp_synq *q = f->tcp_synq;
	struct tcp_syn cur, pkt;
	unsigned max = t->cfg->max_syn_queued;

	syn_of_session(f, &cur);
	syn_of_packet(t, &pkt);
	/* a plain retransmission keeps the session as it is */
	if (syn_same(&cur, &pkt))
		return 0;
	for (uint8_t i = 0; q != NULL && i < q->n; i++)
		if (syn_same(&q->e[i], &cur))
			return 0;
	if (max == 0 || (q != NULL && q->n >= max)) {
		tcp_int_event(t, DECODE_EV_STREAM_3WHS_SYN_FLOOD);
		return -1;
	}
	if (q == NULL) {
		q = malloc(sizeof(*q) + max * sizeof(q->e[0]));
		/* no memory: the session follows the latest SYN alone */
		if (q == NULL)
			return 0;
		q->n = 0;
		f->tcp_synq = q;
	}
	q->e[q->n++] = cur;
	return 0;
}

bool
tcp_synq_match(struct tcp_pkt *t)
{
	struct flow *f = t->f;
	struct flow_tcp_peer *c = &f->tcp_peer[FLOW_DIR_TO_SERVER];
	const struct flow_tcp_synq *q = f->tcp_synq;
	const struct tcp_syn *e = NULL;

	if (q == NULL || !(t->o.flags & FLOW_TCP_OPT_TS))
		return false;
	for (uint8_t i = 0; i < q->n && e == NULL; i++)
		if ((q->e[i].pflags & FLOW_TCP_PEER_TS) &&
		    q->e[i].ts == t->o.tsecr)
			e = &q->e[i];
	if (e == NULL)
		return false;
	c->last_ts = e->ts;
	c->last_pkt_ts = e->pkt_ts;
	c->flags = (uint16_t)((c->flags & ~SYN_PFLAGS) | e->pflags);
	S_WINDOW(f, FLOW_DIR_TO_CLIENT) = e->win;
	S_WSCALE(f, FLOW_DIR_TO_CLIENT) = e->wscale;
	if (e->ssn_wscale)
		f->tcp_flags |= FLOW_TCP_SSN_SERVER_WSCALE;
	else
		f->tcp_flags &= (uint16_t)~FLOW_TCP_SSN_SERVER_WSCALE;
	return true;
}

void
flow_tcp_synq_free(struct flow *f)
{
	free(f->tcp_synq);
	f->tcp_synq = NULL;
}
