/* The stream engine: sessions, their memory, the packet entry point and
 * the consumer API. Insertion and overlaps are in reassemble.c. */
#include "core/base.h"

#include <netinet/in.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "flow/tcp_state.h"
#include "stream/stream.h"
#include "stream/stream_int.h"

struct stream_ctx *
stream_ctx_new(const struct stream_config *cfg,
    const struct stream_hostos *hosts)
{
	struct stream_ctx *c = calloc(1, sizeof(*c));

	if (c == NULL)
		return NULL;
	c->cfg = *cfg;
	c->cfg.inline_mode = NULL;	/* not owned; resolved in is_inline */
	c->hosts = hosts;
	return c;
}

void
stream_ctx_free(struct stream_ctx *c)
{
	free(c);
}

void
stream_ctx_stats(const struct stream_ctx *c, struct stream_stats *out)
{
	const uint64_t *src = (const uint64_t *)(const void *)&c->st;
	uint64_t *dst = (uint64_t *)(void *)out;

	for (size_t i = 0; i < sizeof(*out) / sizeof(uint64_t); i++)
		dst[i] = counter_get(&src[i]);
}

void
stream_ctx_count_events(struct stream_ctx *c, const struct packet *p)
{
	if (decode_event_any(p->events))
		stream_events_count(c->st.events, p->events);
}

/* Memory against the worker's caps. */
bool
stream_int_reasm_reserve(struct stream_ctx *c, size_t n)
{
	if (c->reasm_memuse + n > c->cfg.reassembly_memcap)
		return false;
	c->reasm_memuse += n;
	counter_add(&c->st.reassembly_memuse, n);
	return true;
}

void
stream_int_reasm_release(struct stream_ctx *c, size_t n)
{
	c->reasm_memuse -= n;
	__atomic_store_n(&c->st.reassembly_memuse, c->reasm_memuse,
	    __ATOMIC_RELAXED);
}

static struct stream_session *
session_new(struct stream_ctx *c, const struct flow *f)
{
	struct stream_session *s;

	if (c->memuse + sizeof(*s) > c->cfg.memcap) {
		counter_inc(&c->st.ssn_memcap_drop);
		return NULL;
	}
	if ((s = calloc(1, sizeof(*s))) == NULL) {
		counter_inc(&c->st.ssn_memcap_drop);
		return NULL;
	}
	c->memuse += sizeof(*s);
	__atomic_store_n(&c->st.memuse, c->memuse, __ATOMIC_RELAXED);
	counter_inc(&c->st.sessions);
	s->ctx = c;
	s->consumers = 1u << STREAM_CONSUMER_RAW;
	/* the receiver of each direction decides its overlaps */
	s->d[FLOW_DIR_TO_SERVER].policy =
	    (uint8_t)stream_hostos_lookup(c->hosts, &f->server);
	s->d[FLOW_DIR_TO_CLIENT].policy =
	    (uint8_t)stream_hostos_lookup(c->hosts, &f->client);
	if (c->hosts == NULL) {
		s->d[0].policy = (uint8_t)c->cfg.default_policy;
		s->d[1].policy = (uint8_t)c->cfg.default_policy;
	}
	return s;
}

void
stream_session_free(void *arg)
{
	struct stream_session *s = arg;
	struct stream_ctx *c;

	if (s == NULL)
		return;
	c = s->ctx;
	for (int d = 0; d < 2; d++)
		stream_int_dir_clear(c, &s->d[d]);
	c->memuse -= sizeof(*s);
	__atomic_store_n(&c->st.memuse, c->memuse, __ATOMIC_RELAXED);
	free(s);
}

/* The handshake went by before the session existed (it is created
 * once the connection is tracked): each side's bytes start after its
 * SYN, and what the other side acknowledged is known. */
static void
session_start(struct stream_ctx *c, const struct flow *f,
    struct stream_session *s)
{
	for (int dir = 0; dir < 2; dir++) {
		const struct flow_tcp_peer *snd = &f->tcp_peer[dir];
		const struct flow_tcp_peer *rcv = &f->tcp_peer[dir ^ 1];

		if (!(snd->flags & FLOW_TCP_PEER_SYN))
			continue;
		stream_int_dir_init(&s->d[dir], snd->isn + 1);
		if (rcv->flags & FLOW_TCP_PEER_ACK)
			stream_int_acked(c, f, s, dir, rcv->last_ack, NULL);
	}
}

/* Tells TCP tracking where each direction's released bytes end
 * (Suricata's base_seq): a retransmission entirely before it has
 * nothing left to be compared with. */
static void
publish_base(struct flow *f, const struct stream_session *s)
{
	for (int dir = 0; dir < 2; dir++) {
		const struct stream_dir *d = &s->d[dir];

		if (!(d->flags & STREAM_DIR_INIT))
			continue;
		f->tcp_peer[dir].base_seq = d->base_seq + (uint32_t)d->buf_off;
		f->tcp_peer[dir].flags |= FLOW_TCP_PEER_BASE;
	}
}

static void
result_chunk(const struct flow *f, int dir, struct stream_result *res)
{
	const struct stream_session *s = f->stream;

	(void)stream_data_at(f, dir, s->d[dir].progress[STREAM_CONSUMER_RAW],
	    &res->chunk);
}

void
stream_packet(struct stream_ctx *c, struct packet *p,
    struct stream_result *res)
{
	struct flow *f = p->flow;
	struct stream_session *s;
	struct stream_dir *d;
	uint32_t data_seq;
	int dir;

	memset(res, 0, sizeof(*res));
	if (f == NULL || p->proto != IPPROTO_TCP || !p->l4_valid ||
	    (f->flags & (FLOW_F_NO_PORTS | FLOW_F_BYPASSED)))
		return;
	dir = (p->flow_flags & PKT_FLOW_TO_CLIENT) ? FLOW_DIR_TO_CLIENT :
	    FLOW_DIR_TO_SERVER;
	if (p->tcp_flags & PKT_TCP_URG)
		counter_inc(&c->st.urg);
	/* urgent policy drop (inline): TCP tracking left the packet alone,
	 * it goes without touching the stream */
	if (p->flow_flags & PKT_FLOW_TCP_URGENT) {
		res->flags |= STREAM_R_DROP | STREAM_R_URGENT;
		if ((s = f->stream) != NULL) {
			/* its bytes were sent: the receiver's ACK of them
			 * is no forgery, and skips them as a gap */
			d = &s->d[dir];
			data_seq = p->tcp_seq + p->payload_len;
			if ((d->flags & STREAM_DIR_INIT) && p->payload_len > 0 &&
			    (!(d->flags & STREAM_DIR_URG_SENT) ||
			    (int32_t)(data_seq - d->urg_seq) > 0)) {
				d->urg_seq = data_seq;
				d->flags |= STREAM_DIR_URG_SENT;
			}
			result_chunk(f, dir, res);
		}
		stream_ctx_count_events(c, p);
		return;
	}
	/* a segment the state machine refused: inline with drop-invalid
	 * it goes (Suricata's stream error) */
	if ((p->flow_flags & PKT_FLOW_TCP_INVALID) && c->cfg.is_inline &&
	    c->cfg.drop_invalid) {
		res->flags |= STREAM_R_DROP;
		counter_inc(&c->st.invalid_drop);
	}
	/* Only what TCP tracking takes moves the stream (Suricata's
	 * StreamTcpReassembleHandleSegment calls): not a handshake packet,
	 * a keep-alive, a segment out of window, a refused one. */
	if (!(p->flow_flags & PKT_FLOW_TCP_STREAM)) {
		/* midstream off: a session already open that we may not
		 * pick up; its policy decides. As Suricata's
		 * StreamTcpPacketStateNone: a FIN, an ACK or a SYN/ACK
		 * (the server's half of a handshake we did not see) is
		 * one; a RST, a lone SYN or a packet with neither ACK nor
		 * FIN is not. */
		if (f->tcp_state == FLOW_TCP_NONE &&
		    !(p->tcp_flags & PKT_TCP_RST) &&
		    (p->tcp_flags & (PKT_TCP_FIN | PKT_TCP_ACK))) {
			counter_inc(&c->st.midstream_ignored);
			res->flags |= STREAM_R_EXCEPTION;
			res->cause = EXCEPTION_CAUSE_MIDSTREAM;
		}
		/* a SYN/ACK picked up (midstream or async-oneside): the
		 * policy applies to it, as Suricata's StreamTcpPacketStateNone
		 * applies it before the pickup */
		if (p->flow_flags & PKT_FLOW_TCP_MIDSTREAM) {
			res->flags |= STREAM_R_EXCEPTION;
			res->cause = EXCEPTION_CAUSE_MIDSTREAM;
		}
		if (f->stream != NULL)
			result_chunk(f, dir, res);
		stream_ctx_count_events(c, p);
		return;
	}
	if ((s = f->stream) == NULL) {
		if ((s = session_new(c, f)) == NULL) {
			res->flags |= STREAM_R_EXCEPTION;
			res->cause = EXCEPTION_CAUSE_STREAM_MEMCAP;
			stream_ctx_count_events(c, p);
			return;
		}
		f->stream = s;
		session_start(c, f, s);
		/* picked up midstream: the midstream policy may pass or
		 * bypass it even with midstream on (once: a SYN/ACK pickup
		 * had it on its own packet) */
		if ((f->flags & FLOW_F_MIDSTREAM) &&
		    f->exceptions[EXCEPTION_CAUSE_MIDSTREAM] == 0) {
			res->flags |= STREAM_R_EXCEPTION;
			res->cause = EXCEPTION_CAUSE_MIDSTREAM;
		}
	}
	d = &s->d[dir];

	/* where dir's bytes start: after its SYN, else (midstream) at the
	 * first byte seen; a new SYN before any data restarts it */
	data_seq = p->tcp_seq + ((p->tcp_flags & PKT_TCP_SYN) ? 1 : 0);
	if ((p->tcp_flags & PKT_TCP_SYN) && !(p->tcp_flags & PKT_TCP_RST) &&
	    (!(d->flags & STREAM_DIR_INIT) || (d->end == 0 &&
	    d->ooo == NULL && d->buf_len == 0)))
		stream_int_dir_init(d, data_seq);
	else if (!(d->flags & STREAM_DIR_INIT) && p->payload_len > 0)
		stream_int_dir_init(d, data_seq);

	if (p->payload_len > 0 && !(p->tcp_flags & PKT_TCP_RST)) {
		stream_int_urgent_insert(c, s, dir, p, data_seq, res);
		if ((s->d[0].flags & s->d[1].flags & STREAM_DIR_DEPTH) &&
		    c->cfg.bypass && !(res->flags & STREAM_R_DROP))
			res->flags |= STREAM_R_BYPASS;
	}
	/* p's ACK: its receiver (p's sender) has the other direction's
	 * bytes up to there */
	if ((p->tcp_flags & PKT_TCP_ACK) && !(res->flags & STREAM_R_DROP))
		stream_int_acked(c, f, s, dir ^ 1, p->tcp_ack, p);
	/* one side only (async-oneside): no ACK of dir's bytes will come;
	 * what it sent in order counts as received, as Suricata inspects
	 * such a stream */
	if ((f->tcp_flags & FLOW_TCP_SSN_ASYNC) && p->payload_len > 0 &&
	    !(res->flags & STREAM_R_DROP))
		stream_int_acked(c, f, s, dir, data_seq + p->payload_len, p);
	result_chunk(f, dir, res);
	publish_base(f, s);
	stream_ctx_count_events(c, p);
}

/* Consumer API */

static const struct stream_dir *
dir_of(const struct flow *f, int dir)
{
	const struct stream_session *s = f->stream;

	if (s == NULL || (unsigned)dir > 1)
		return NULL;
	return &s->d[dir];
}

bool
stream_data_at(const struct flow *f, int dir, uint64_t offset,
    struct stream_chunk *out)
{
	const struct stream_dir *d = dir_of(f, dir);
	uint64_t stop;

	memset(out, 0, sizeof(out[0]));
	out->dir = (uint8_t)dir;
	if (d == NULL)
		return false;
	out->gap = offset < d->buf_off;
	if (offset < d->buf_off)
		offset = d->buf_off;
	/* around the holes: from the end of one offset falls in, up to
	 * the next */
	stop = d->end;
	for (uint8_t g = 0; g < d->ngaps; g++) {
		if (d->gaps[g].end <= offset)
			continue;
		if (d->gaps[g].off <= offset) {
			offset = d->gaps[g].end;
			out->gap = true;
			continue;
		}
		stop = d->gaps[g].off;
		break;
	}
	out->offset = offset;
	if (offset >= stop)
		return false;
	out->len = (uint32_t)(stop - offset);
	out->data = d->buf + (offset - d->buf_off);
	return true;
}

bool
stream_data(const struct flow *f, int dir, enum stream_consumer c,
    struct stream_chunk *out)
{
	const struct stream_dir *d = dir_of(f, dir);

	if (d == NULL || (unsigned)c >= STREAM_NCONSUMERS) {
		memset(out, 0, sizeof(*out));
		out->dir = (uint8_t)dir;
		return false;
	}
	return stream_data_at(f, dir, d->progress[c], out);
}

void
stream_advance(struct flow *f, int dir, enum stream_consumer c,
    uint64_t offset)
{
	struct stream_session *s = f->stream;
	struct stream_dir *d;

	if (s == NULL || (unsigned)dir > 1 || (unsigned)c >= STREAM_NCONSUMERS)
		return;
	d = &s->d[dir];
	if (offset > d->end)
		offset = d->end;
	if (offset > d->progress[c]) {
		d->progress[c] = offset;
		d->flags |= STREAM_DIR_RELEASE;
	}
}

void
stream_consumer_enable(struct flow *f, enum stream_consumer c, bool on)
{
	struct stream_session *s = f->stream;

	if (s == NULL || c == STREAM_CONSUMER_RAW ||
	    (unsigned)c >= STREAM_NCONSUMERS)
		return;
	if (on && !(s->consumers & (1u << c))) {
		s->d[0].progress[c] = s->d[0].buf_off;
		s->d[1].progress[c] = s->d[1].buf_off;
		s->consumers |= (uint8_t)(1u << c);
	} else if (!on) {
		s->consumers &= (uint8_t)~(1u << c);
		s->d[0].flags |= STREAM_DIR_RELEASE;
		s->d[1].flags |= STREAM_DIR_RELEASE;
	}
}

uint64_t
stream_end(const struct flow *f, int dir)
{
	const struct stream_dir *d = dir_of(f, dir);

	return d != NULL ? d->end : 0;
}

unsigned
stream_max_regions(const struct flow *f, int dir)
{
	const struct stream_dir *d = dir_of(f, dir);

	return d != NULL && d->max_regions > 1 ? d->max_regions : 1;
}

uint64_t
stream_acked(const struct flow *f, int dir)
{
	const struct stream_dir *d = dir_of(f, dir);

	if (d == NULL || !(d->flags & STREAM_DIR_ACKED))
		return 0;
	return d->acked < d->end ? d->acked : d->end;
}

bool
stream_closed(const struct flow *f, int dir)
{
	const struct stream_dir *d = dir_of(f, dir);
	const struct flow_tcp_peer *snd;
	uint32_t end_seq;

	if (d == NULL || !(d->flags & STREAM_DIR_INIT))
		return false;
	snd = &f->tcp_peer[dir];
	if (!(snd->flags & FLOW_TCP_PEER_FIN))
		return false;
	end_seq = d->base_seq + (uint32_t)d->end;
	return (int32_t)(snd->fin_seq - end_seq) <= 0;
}

enum stream_os_policy
stream_policy(const struct flow *f, int dir)
{
	const struct stream_dir *d = dir_of(f, dir);

	return d != NULL ? (enum stream_os_policy)d->policy :
	    STREAM_OS_DEFAULT;
}
