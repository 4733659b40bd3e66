/* Segment insertion: in-order bytes extend the contiguous buffer,
 * out-of-order ones are held; overlaps are compared and resolved (inline:
 * a difference drops the packet; otherwise the receiver's policy); the
 * receiver's ACK releases memory or, past bytes never seen, skips a gap. */
#include "core/base.h"

#include <stdlib.h>
#include <string.h>

#include "flow/flow.h"
#include "stream/stream_int.h"

/* A direction's buffer is allocated with its first bytes, at least this
 * big and doubling from there: most TCP flows carry a few hundred bytes
 * a direction before the receiver's ACK lets them go (a request, a
 * handshake), and a 2 KiB start cost every such flow 4 KiB
 * (bench/flow-memory) for a few reallocations saved on bulk flows. */
#define BUF_MIN		256
#define BUF_KEEP	(64u << 10)
#define BUF_MAX		(UINT32_MAX / 2)
/* Bytes kept behind the end of a stream whose receiver never ACKed. */
#define UNACKED_KEEP	(256u << 10)

#define MIN(a, b)	((a) < (b) ? (a) : (b))
#define MAX(a, b)	((a) > (b) ? (a) : (b))

static int64_t	seq_to_off(const struct stream_dir *, uint32_t);
static bool	append(struct stream_ctx *, struct stream_dir *,
		    const uint8_t *, uint32_t);
static void	seg_free(struct stream_ctx *, struct stream_dir *,
		    struct stream_seg **);
static bool	merge(struct stream_ctx *, struct stream_dir *);
static void	depth_reached(struct stream_ctx *, struct stream_dir *,
		    struct packet *);
static bool	differs(struct stream_ctx *, struct packet *,
		    struct stream_result *);
static bool	hold(struct stream_ctx *, struct stream_dir *, uint64_t,
		    const uint8_t *, uint32_t);
static void	skip_to(struct stream_ctx *, struct stream_session *,
		    struct stream_dir *, uint64_t);
static bool	fill_to(struct stream_ctx *, struct stream_dir *, uint64_t);
static bool	append_zero(struct stream_ctx *, struct stream_dir *, uint64_t);
static bool	wanted_before(const struct stream_session *,
		    const struct stream_dir *, uint64_t);
static bool	contig_differs(const struct stream_dir *, uint64_t,
		    const uint8_t *, uint64_t);
static uint32_t	held_pieces(const struct stream_dir *, uint64_t, uint64_t);

/* The 64-bit offset of a 32-bit sequence number: the one nearest the
 * stream's end, so wrap needs no other care. Negative: before offset 0. */
static int64_t
seq_to_off(const struct stream_dir *d, uint32_t seq)
{
	uint32_t end_seq = d->base_seq + (uint32_t)d->end;

	return (int64_t)d->end + (int32_t)(seq - end_seq);
}

void
stream_int_dir_init(struct stream_dir *d, uint32_t base_seq)
{
	d->base_seq = base_seq;
	d->flags |= STREAM_DIR_INIT;
	d->flags &= (uint8_t)~(STREAM_DIR_ACKED | STREAM_DIR_URG_SENT);
	d->buf_off = d->end = d->acked = 0;
	d->ngaps = 0;
	d->urg_n = 0;
	d->urg_seq = 0;
	memset(d->progress, 0, sizeof(d->progress));
}

bool
stream_int_hole(struct stream_ctx *c, struct stream_dir *d, uint32_t n)
{
	return append_zero(c, d, n) && merge(c, d);
}

bool
stream_int_take_out(struct stream_ctx *c, struct stream_dir *d, uint32_t useq)
{
	int64_t uo = seq_to_off(d, useq);
	struct stream_seg **pp = &d->ooo, *s;

	if (uo < (int64_t)d->end)
		return false;
	d->base_seq++;
	while ((s = *pp) != NULL) {
		if (s->off > (uint64_t)uo) {
			s->off--;
		} else if (s->off + s->len > (uint64_t)uo) {
			uint32_t k = (uint32_t)((uint64_t)uo - s->off);

			memmove(s->data + k, s->data + k + 1, s->len - k - 1);
			s->len--;
			stream_int_reasm_release(c, 1);
			if (s->len == 0) {
				seg_free(c, d, pp);
				continue;
			}
		}
		pp = &s->next;
	}
	(void)merge(c, d);
	return true;
}

void
stream_int_dir_clear(struct stream_ctx *c, struct stream_dir *d)
{
	while (d->ooo != NULL)
		seg_free(c, d, &d->ooo);
	if (d->buf_cap != 0)
		stream_int_reasm_release(c, d->buf_cap);
	free(d->buf);
	d->buf = NULL;
	d->buf_cap = d->buf_len = 0;
}

/* Room for n more bytes at the end of d's buffer. */
static bool
grow(struct stream_ctx *c, struct stream_dir *d, uint64_t n)
{
	uint64_t need = (uint64_t)d->buf_len + n;

	if (need > d->buf_cap) {
		uint64_t cap = d->buf_cap != 0 ? d->buf_cap : BUF_MIN;
		uint8_t *nb;

		while (cap < need)
			cap *= 2;
		if (cap > BUF_MAX)
			cap = need;
		if (cap > BUF_MAX)
			return false;
		if (!stream_int_reasm_reserve(c, cap - d->buf_cap)) {
			/* at the cap: no slack, just what is needed */
			cap = need;
			if (!stream_int_reasm_reserve(c, cap - d->buf_cap))
				return false;
		}
		if ((nb = realloc(d->buf, cap)) == NULL) {
			stream_int_reasm_release(c, cap - d->buf_cap);
			return false;
		}
		d->buf = nb;
		d->buf_cap = (uint32_t)cap;
	}
	return true;
}

static bool
append(struct stream_ctx *c, struct stream_dir *d, const uint8_t *data,
    uint32_t n)
{
	if (!grow(c, d, n))
		return false;
	memcpy(d->buf + d->buf_len, data, n);
	d->buf_len += n;
	d->end += n;
	return true;
}

/* A hole of n bytes at the end: zeros, recorded as a gap. */
static bool
append_zero(struct stream_ctx *c, struct stream_dir *d, uint64_t n)
{
	if (n == 0)
		return true;
	if (d->ngaps == STREAM_MAX_GAPS || !grow(c, d, n))
		return false;
	memset(d->buf + d->buf_len, 0, n);
	d->gaps[d->ngaps].off = d->end;
	d->gaps[d->ngaps].end = d->end + n;
	d->ngaps++;
	d->buf_len += (uint32_t)n;
	d->end += n;
	return true;
}

/* Whether the contiguous bytes [off, off + n) (all below end) differ
 * from data; the bytes of holes are unknown and never differ. */
static bool
contig_differs(const struct stream_dir *d, uint64_t off, const uint8_t *data,
    uint64_t n)
{
	uint64_t pos = off, stop = off + n;

	for (uint8_t g = 0; g <= d->ngaps && pos < stop; g++) {
		uint64_t gs = g < d->ngaps ? d->gaps[g].off : stop;
		uint64_t ge = g < d->ngaps ? d->gaps[g].end : stop;
		uint64_t e = MIN(gs, stop);

		if (ge <= pos)
			continue;
		if (e > pos && memcmp(data + (pos - off),
		    d->buf + (pos - d->buf_off), e - pos) != 0)
			return true;
		pos = MAX(pos, ge);
	}
	return false;
}

static void
seg_free(struct stream_ctx *c, struct stream_dir *d, struct stream_seg **pp)
{
	struct stream_seg *s = *pp;

	*pp = s->next;
	stream_int_reasm_release(c, sizeof(*s) + s->len);
	d->nooo--;
	free(s);
}

/* Held segments that the contiguous stream now reaches join it. False
 * when the buffer could not grow (memcap): the rest stays held. */
static bool
merge(struct stream_ctx *c, struct stream_dir *d)
{
	struct stream_seg *s;

	while ((s = d->ooo) != NULL && s->off <= d->end) {
		if (s->off + s->len > d->end) {
			uint32_t skip = (uint32_t)(d->end - s->off);

			if (!append(c, d, s->data + skip, s->len - skip))
				return false;
		}
		seg_free(c, d, &d->ooo);
	}
	return true;
}

static void
depth_reached(struct stream_ctx *c, struct stream_dir *d, struct packet *p)
{
	if (d->flags & STREAM_DIR_DEPTH)
		return;
	d->flags |= STREAM_DIR_DEPTH;
	decode_event_set(p->events, DECODE_EV_STREAM_REASSEMBLY_DEPTH_REACHED);
	counter_inc(&c->st.stream_depth_reached);
}

/* Bytes of p differ from those the stream holds. True when p must be
 * dropped (inline). */
static bool
differs(struct stream_ctx *c, struct packet *p, struct stream_result *res)
{
	counter_inc(&c->st.overlap_diff_data);
	if (c->cfg.check_overlap_different_data || c->cfg.is_inline)
		decode_event_set(p->events,
		    DECODE_EV_STREAM_REASSEMBLY_OVERLAP_DIFFERENT_DATA);
	if (!c->cfg.is_inline)
		return false;
	res->flags |= STREAM_R_DROP;
	counter_inc(&c->st.normalized_drop);
	return true;
}

/* Suricata's streaming buffer starts a region for data that lands more
 * than its region gap (256 KiB) away from every region it has: the
 * contiguous bytes are one, each held run of segments that far past the
 * bytes before it another. eve's tcp.ts_max_regions/tc_max_regions. */
static void
count_regions(struct stream_dir *d)
{
	const struct stream_seg *s;
	uint64_t pos = d->end;
	unsigned n = 1;

	for (s = d->ooo; s != NULL; s = s->next) {
		if (s->off > pos + STREAM_GAP_FILL_MAX)
			n++;
		if (s->off + s->len > pos)
			pos = s->off + s->len;
	}
	if (n > d->max_regions)
		d->max_regions = (uint8_t)(n > UINT8_MAX ? UINT8_MAX : n);
}

static bool
hold(struct stream_ctx *c, struct stream_dir *d, uint64_t off,
    const uint8_t *data, uint32_t len)
{
	struct stream_seg **pp = &d->ooo, *s;

	while (*pp != NULL && (*pp)->off < off)
		pp = &(*pp)->next;
	if (!stream_int_reasm_reserve(c, sizeof(*s) + len))
		return false;
	if ((s = malloc(sizeof(*s) + len)) == NULL) {
		stream_int_reasm_release(c, sizeof(*s) + len);
		return false;
	}
	s->off = off;
	s->len = len;
	memcpy(s->data, data, len);
	s->next = *pp;
	*pp = s;
	d->nooo++;
	count_regions(d);
	return true;
}

/* How many new segments holding [ns, ne) would take: the parts that no
 * held segment covers. */
static uint32_t
held_pieces(const struct stream_dir *d, uint64_t ns, uint64_t ne)
{
	const struct stream_seg *s;
	uint64_t pos = ns;
	uint32_t n = 0;

	for (s = d->ooo; s != NULL && s->off < ne && pos < ne; s = s->next) {
		if (s->off + s->len <= pos)
			continue;
		if (s->off > pos)
			n++;
		pos = MAX(pos, s->off + s->len);
	}
	return pos < ne ? n + 1 : n;
}

void
stream_int_insert(struct stream_ctx *c, struct stream_session *ss, int dir,
    struct packet *p, uint32_t data_seq, const uint8_t *data, uint32_t len,
    struct stream_result *res)
{
	struct stream_dir *d = &ss->d[dir];
	int64_t so = seq_to_off(d, data_seq);
	uint64_t ns, ne, orig_s, orig_e, pos;
	struct stream_seg *s;
	uint8_t *tmp = c->scratch;
	const uint8_t *src;
	bool ok = true;

	res->pkt_off = so;
	if (so < 0) {
		if ((uint64_t)-so >= len) {
			decode_event_set(p->events,
			    DECODE_EV_STREAM_REASSEMBLY_SEGMENT_BEFORE_BASE_SEQ);
			return;
		}
		data += (uint32_t)-so;
		len -= (uint32_t)-so;
		so = 0;
	}
	if (len > STREAM_SCRATCH) {
		decode_event_set(p->events,
		    DECODE_EV_STREAM_REASSEMBLY_INSERT_INVALID);
		return;
	}
	orig_s = ns = (uint64_t)so;
	orig_e = ne = ns + len;

	/* keep-alive: one byte (or none) just below what was sent */
	if (len <= 1 && ne == d->end && ns + 1 == d->end &&
	    !(p->tcp_flags & (PKT_TCP_SYN | PKT_TCP_FIN)))
		return;
	/* from here the payload counts as the stream's (Suricata's
	 * PKT_STREAM_ADD: also when depth cuts it), unless it is refused */
	res->flags |= STREAM_R_ADDED;
	if (c->cfg.depth != 0) {
		if (ns >= c->cfg.depth) {
			depth_reached(c, d, p);
			return;
		}
		if (ne > c->cfg.depth) {
			ne = c->cfg.depth;
			len = (uint32_t)(ne - ns);
		}
	}

	/* bytes already released: nothing left to compare with */
	if (ne <= d->buf_off) {
		decode_event_set(p->events,
		    DECODE_EV_STREAM_REASSEMBLY_SEGMENT_BEFORE_BASE_SEQ);
		decode_event_set(p->events,
		    DECODE_EV_STREAM_PKT_RETRANSMISSION);
		res->flags &= ~(uint32_t)STREAM_R_ADDED;
		return;
	}
	if (ns < d->buf_off) {
		data += d->buf_off - ns;
		len -= (uint32_t)(d->buf_off - ns);
		ns = d->buf_off;
	}

	/* bytes of the contiguous stream: inspected or about to be, and
	 * already accepted toward the receiver; they are never replaced */
	if (ns < d->end) {
		uint64_t oe = MIN(ne, d->end);

		counter_inc(&c->st.overlap);
		if (contig_differs(d, ns, data, oe - ns) &&
		    differs(c, p, res))
			return;
		if (ne <= d->end) {
			decode_event_set(p->events,
			    DECODE_EV_STREAM_PKT_RETRANSMISSION);
			goto out;
		}
		data += d->end - ns;
		len -= (uint32_t)(d->end - ns);
		ns = d->end;
	}

	/* held segments: compare, then the receiver's policy picks the
	 * bytes (inline, any difference has dropped the packet); the
	 * packet's bytes are copied only when a held segment overlaps */
	src = data;
	for (s = d->ooo; s != NULL && s->off < ne; s = s->next) {
		uint64_t os, oe;

		if (s->off + s->len <= ns)
			continue;
		os = MAX(ns, s->off);
		oe = MIN(ne, s->off + s->len);
		counter_inc(&c->st.overlap);
		if (memcmp(src + (os - ns), s->data + (os - s->off),
		    oe - os) == 0)
			continue;
		if (differs(c, p, res))
			return;
		if (src == data) {
			memcpy(tmp, data, len);
			src = tmp;
		}
		if (stream_policy_new_wins((enum stream_os_policy)d->policy,
		    orig_s, orig_e, s->off, s->off + s->len))
			memcpy(s->data + (os - s->off), tmp + (os - ns),
			    oe - os);
		else
			memcpy(tmp + (os - ns), s->data + (os - s->off),
			    oe - os);
	}

	if (ns == d->end) {
		uint64_t before = d->end;

		/* the slowest consumer or the ACK may have let bytes go */
		stream_int_release(c, ss, d);
		ok = append(c, d, src, len) && merge(c, d);
		if (d->end > before)
			res->flags |= STREAM_R_DATA;
	} else if (d->nooo + held_pieces(d, ns, ne) > c->cfg.ooo_limit) {
		decode_event_set(p->events,
		    DECODE_EV_STREAM_REASSEMBLY_INSERT_LIMIT);
		counter_inc(&c->st.ooo_limit);
		/* inline, bytes we cannot hold must not reach the receiver
		 * uninspected */
		if (c->cfg.is_inline)
			res->flags |= STREAM_R_DROP;
		res->flags &= ~(uint32_t)STREAM_R_ADDED;
		return;
	} else {
		/* hold the parts no held segment covers */
		pos = ns;
		s = d->ooo;
		while (ok && pos < ne) {
			uint64_t stop;

			while (s != NULL && s->off + s->len <= pos)
				s = s->next;
			stop = s != NULL && s->off < ne ? s->off : ne;
			if (stop > pos)
				ok = hold(c, d, pos, src + (pos - ns),
				    (uint32_t)(stop - pos));
			if (s == NULL || s->off >= ne)
				break;
			pos = MAX(pos, s->off + s->len);
			s = s->next;
		}
	}
	if (!ok) {
		decode_event_set(p->events,
		    DECODE_EV_STREAM_REASSEMBLY_INSERT_MEMCAP);
		counter_inc(&c->st.segment_memcap_drop);
		res->flags |= STREAM_R_EXCEPTION;
		res->flags &= ~(uint32_t)STREAM_R_ADDED;
		res->cause = EXCEPTION_CAUSE_REASSEMBLY_MEMCAP;
	}
out:
	if (c->cfg.depth != 0 && (orig_e > c->cfg.depth ||
	    d->end >= c->cfg.depth))
		depth_reached(c, d, p);
}

/* Whether an enabled consumer of d has not used all the bytes before
 * `to`: contiguous ones it has not reached, or held ones beyond. */
static bool
wanted_before(const struct stream_session *ss, const struct stream_dir *d,
    uint64_t to)
{
	for (int i = 0; i < STREAM_NCONSUMERS; i++) {
		if (!(ss->consumers & (1u << i)) ||
		    (i == STREAM_CONSUMER_RAW && (d->flags & STREAM_DIR_RAW_OFF)))
			continue;
		if (d->progress[i] < d->end ||
		    (d->ooo != NULL && d->ooo->off < to))
			return true;
	}
	return false;
}

/* The stream goes on to `to` with the holes before it zero-filled and
 * recorded (stream_gap), the held segments below it joined: what was
 * received stays for the consumers. False when the holes are too many
 * or too large, or memory is short; what was joined stays. */
static bool
fill_to(struct stream_ctx *c, struct stream_dir *d, uint64_t to)
{
	struct stream_seg *s;
	uint64_t pos = d->end, hole = 0;
	unsigned holes = 0;

	for (s = d->ooo; s != NULL && s->off < to; s = s->next) {
		if (s->off > pos) {
			holes++;
			hole += s->off - pos;
		}
		pos = MAX(pos, s->off + s->len);
	}
	if (pos < to) {
		holes++;
		hole += to - pos;
	}
	if (d->ngaps + holes > STREAM_MAX_GAPS || hole > STREAM_GAP_FILL_MAX)
		return false;
	while ((s = d->ooo) != NULL && s->off < to) {
		if (s->off > d->end && !append_zero(c, d, s->off - d->end))
			return false;
		if (s->off + s->len > d->end) {
			uint32_t skip = (uint32_t)(d->end - s->off);

			if (!append(c, d, s->data + skip, s->len - skip))
				return false;
		}
		seg_free(c, d, &d->ooo);
	}
	if (d->end < to && !append_zero(c, d, to - d->end))
		return false;
	return merge(c, d);
}

/* The receiver acknowledged bytes never seen (lost before us, or
 * refused for memory): they will not come again, so the stream goes on
 * after them. While a consumer still needs the bytes before, the hole
 * is kept in the buffer (fill_to); otherwise, or when that cannot be,
 * the bytes before go and consumers behind learn of it through the gap
 * flag. */
static void
skip_to(struct stream_ctx *c, struct stream_session *ss, struct stream_dir *d,
    uint64_t to)
{
	struct stream_seg *s;

	if (wanted_before(ss, d, to) && fill_to(c, d, to))
		return;
	if (d->end >= to)
		return;
	d->buf_len = 0;
	d->buf_off = d->end = to;
	d->ngaps = 0;
	while ((s = d->ooo) != NULL && s->off < to) {
		if (s->off + s->len > to) {
			uint32_t cut = (uint32_t)(to - s->off);

			memmove(s->data, s->data + cut, s->len - cut);
			s->len -= cut;
			s->off = to;
			stream_int_reasm_release(c, cut);
			break;
		}
		seg_free(c, d, &d->ooo);
	}
	(void)merge(c, d);
}

void
stream_int_acked(struct stream_ctx *c, const struct flow *f,
    struct stream_session *ss, int adir, uint32_t ack, struct packet *p)
{
	struct stream_dir *d = &ss->d[adir];
	const struct flow_tcp_peer *snd = &f->tcp_peer[adir];
	int64_t ao, lim;

	if (!(d->flags & STREAM_DIR_INIT))
		return;
	/* the same ACK again (the receiver sending data): nothing new */
	if ((d->flags & STREAM_DIR_ACKED) && ack == d->ack_seq &&
	    d->acked <= d->end) {
		stream_int_release(c, ss, d);
		return;
	}
	ao = seq_to_off(d, ack);
	if (ao < 0)
		return;
	/* a FIN takes a sequence number but carries no byte; and no ACK
	 * counts beyond what the sender was seen to send, so a forged ACK
	 * cannot make us skip bytes the receiver has not got */
	if (snd->flags & FLOW_TCP_PEER_FIN) {
		lim = seq_to_off(d, snd->fin_seq);
		if (lim >= 0 && ao > lim)
			ao = lim;
	}
	if (snd->flags & FLOW_TCP_PEER_SEQ) {
		lim = seq_to_off(d, snd->next_seq);
		/* a URG segment the urgent policy dropped was sent, though
		 * TCP tracking never saw it */
		if ((d->flags & STREAM_DIR_URG_SENT) &&
		    seq_to_off(d, d->urg_seq) > lim)
			lim = seq_to_off(d, d->urg_seq);
		if (lim >= 0 && ao > lim)
			ao = lim;
	}
	if (!(d->flags & STREAM_DIR_ACKED) || (uint64_t)ao > d->acked) {
		d->acked = (uint64_t)ao;
		d->flags |= STREAM_DIR_ACKED | STREAM_DIR_RELEASE;
	}
	d->ack_seq = ack;
	if (d->acked > d->end && !(d->flags & STREAM_DIR_DEPTH) && p != NULL) {
		decode_event_set(p->events,
		    DECODE_EV_STREAM_REASSEMBLY_SEQ_GAP);
		counter_inc(&c->st.reassembly_gap);
		skip_to(c, ss, d, d->acked);
	}
	stream_int_release(c, ss, d);
}

uint64_t
stream_int_consumer_edge(const struct stream_ctx *c, const struct stream_dir *d,
    int dir, int i)
{
	uint64_t p = d->progress[i];

	if (i == STREAM_CONSUMER_RAW && c->cfg.is_inline) {
		uint64_t keep = c->cfg.chunk_size[dir & 1];

		p = p > keep ? p - keep : 0;
	}
	return p;
}

void
stream_int_release(struct stream_ctx *c, struct stream_session *ss,
    struct stream_dir *d)
{
	int dir = d == &ss->d[1];
	uint64_t le = d->end, n;
	uint8_t keep;

	/* nothing moved; without any ACK the end moving is what counts */
	if (!(d->flags & STREAM_DIR_RELEASE) && (d->flags & STREAM_DIR_ACKED))
		return;
	for (int i = 0; i < STREAM_NCONSUMERS; i++) {
		uint64_t e;

		if (!(ss->consumers & (1u << i)) ||
		    (i == STREAM_CONSUMER_RAW && (d->flags & STREAM_DIR_RAW_OFF)))
			continue;
		if ((e = stream_int_consumer_edge(c, d, dir, i)) < le)
			le = e;
	}
	if ((d->flags & STREAM_DIR_ACKED) && d->acked < le)
		le = d->acked;
	/* no ACK seen at all (one side of an asymmetric route): keep a
	 * window's worth for retransmissions to be compared against */
	if (!(d->flags & STREAM_DIR_ACKED))
		le = d->end - le >= UNACKED_KEEP ? le :
		    d->end > UNACKED_KEEP ? d->end - UNACKED_KEEP : 0;
	if (le <= d->buf_off) {
		d->flags &= (uint8_t)~STREAM_DIR_RELEASE;
		return;
	}
	n = le - d->buf_off;
	/* move only when at least as much goes as stays: each byte is
	 * moved at most once on average */
	if (n < d->buf_len - n)
		return;
	d->flags &= (uint8_t)~STREAM_DIR_RELEASE;
	memmove(d->buf, d->buf + n, d->buf_len - n);
	d->buf_len -= (uint32_t)n;
	d->buf_off = le;
	/* holes wholly released go; one across the new start is cut */
	keep = 0;
	for (uint8_t g = 0; g < d->ngaps; g++) {
		if (d->gaps[g].end <= le)
			continue;
		d->gaps[keep] = d->gaps[g];
		if (d->gaps[keep].off < le)
			d->gaps[keep].off = le;
		keep++;
	}
	d->ngaps = keep;
	/* give memory back from a large buffer that is mostly empty; a
	 * buffer up to BUF_KEEP stays (regrowing it for every flight of
	 * a connection would cost more than it saves) */
	if (d->buf_cap > 4 * BUF_KEEP && d->buf_len < d->buf_cap / 8) {
		uint32_t cap = MAX(BUF_KEEP, 2 * d->buf_len);
		uint8_t *nb = realloc(d->buf, cap);

		if (nb != NULL) {
			stream_int_reasm_release(c, d->buf_cap - cap);
			d->buf = nb;
			d->buf_cap = cap;
		}
	}
}
