/* Raw stream inspection: which bytes of the stream detection inspects
 * with a packet (stream.h, "Raw stream inspection"), as Suricata's
 * StreamReassembleRaw: a window around the packet inline, the
 * acknowledged bytes in chunks otherwise, everything at the end. */
#include "core/base.h"

#include <stdio.h>
#include <string.h>

#include "flow/tcp_state.h"
#include "stream/stream.h"
#include "stream/stream_int.h"

#define MIN(a, b)	((a) < (b) ? (a) : (b))
#define MAX(a, b)	((a) > (b) ? (a) : (b))

static bool	raw_inline(const struct stream_session *, int,
		    const struct packet *, const struct stream_result *,
		    struct stream_raw *);
static bool	raw_acked(const struct flow *, const struct stream_session *,
		    int, bool, struct stream_raw *);
static uint64_t	acked_end(const struct stream_dir *);
static bool	limit_reached(const struct flow *,
		    const struct stream_session *, int);
static void	add_block(struct stream_raw *, const uint8_t *, uint32_t,
		    uint64_t, bool);

/* What the receiver acknowledged of d. A direction whose receiver never
 * acknowledged anything is taken as received (one side of an
 * asymmetric route: Suricata's async sessions move last_ack with the
 * data). */
static uint64_t
acked_end(const struct stream_dir *d)
{
	if (d->flags & STREAM_DIR_ACKED)
		return MIN(d->acked, d->end);
	return d->end;
}

/* Suricata's StreamTcpReassembleRawCheckLimit: inspect now? */
static bool
limit_reached(const struct flow *f, const struct stream_session *s, int dir)
{
	const struct stream_dir *d = &s->d[dir];
	uint64_t acked = acked_end(d);
	uint64_t raw = d->progress[STREAM_CONSUMER_RAW];

	if (d->flags & (STREAM_DIR_DEPTH | STREAM_DIR_RAW_TRIGGER))
		return true;
	if (flow_tcp_past_time_wait(f))
		return true;
	return acked > raw && acked - raw >= s->ctx->cfg.chunk_size[dir];
}

static void
add_block(struct stream_raw *out, const uint8_t *data, uint32_t len,
    uint64_t off, bool gap)
{
	struct stream_chunk *b;

	if (len == 0 || out->nblocks == STREAM_RAW_MAX_BLOCKS)
		return;
	b = &out->blocks[out->nblocks++];
	b->data = data;
	b->len = len;
	b->offset = off;
	b->dir = out->dir;
	b->gap = gap;
}

/* Inline: the packet's bytes with what surrounds them in the stream,
 * cut to the chunk size (StreamReassembleRawInline). */
static bool
raw_inline(const struct stream_session *s, int dir, const struct packet *p,
    const struct stream_result *res, struct stream_raw *out)
{
	const struct stream_dir *d = &s->d[dir];
	uint32_t plen = p->payload_len;
	uint32_t chunk = s->ctx->cfg.chunk_size[dir];
	uint64_t raw = d->progress[STREAM_CONSUMER_RAW];
	uint64_t left, right, ws, we, rs, re;
	bool inside, single = d->ngaps == 0 && d->ooo == NULL;

	if (plen == 0 || !(res->flags & STREAM_R_ADDED) || res->pkt_off < 0)
		return false;
	out->log_from = raw > chunk ? raw - chunk : 0;
	if (out->log_from < d->buf_off)
		out->log_from = d->buf_off;
	out->log_end = d->end;
	if (chunk <= plen || (chunk / 3) * 2 < plen)
		chunk = plen + s->ctx->cfg.chunk_size[dir] / 3;
	left = (uint64_t)res->pkt_off;
	right = left + plen;
	/* the gap-free piece of the contiguous stream that holds all of
	 * the packet's bytes, if there is one */
	inside = left >= d->buf_off && right <= d->end;
	rs = d->buf_off;
	re = d->end;
	for (uint8_t g = 0; inside && g < d->ngaps; g++) {
		if (d->gaps[g].end <= left)
			rs = MAX(rs, d->gaps[g].end);
		else if (d->gaps[g].off >= right)
			re = MIN(re, d->gaps[g].off);
		else
			inside = false;
	}
	if (!inside) {
		/* held out of order, or cut: the packet alone */
		add_block(out, p->payload, plen, left, false);
		ws = left;
		we = right;
	} else {
		ws = rs;
		we = re;
		if (we - ws > chunk) {
			if (we == right)
				ws = we - chunk;
			else if (ws == left)
				we = ws + chunk;
			else {
				uint64_t before = left - ws, after = we - right;
				uint64_t want = (chunk - plen) / 2;

				if (after >= want) {
					if (before >= want)
						before = after = want;
					else
						after = (chunk - plen) - before;
				} else if (before >= want)
					before = (chunk - plen) - after;
				ws = left - before;
				we = right + after;
			}
		}
		add_block(out, d->buf + (ws - d->buf_off), (uint32_t)(we - ws),
		    ws, false);
	}
	if (single)
		out->progress = we;
	else {
		/* several pieces: move as far as what was acknowledged
		 * (Suricata's multi-block rule) */
		uint64_t acked = acked_end(d);

		if (raw < acked)
			out->progress = ws > acked ? acked : we;
		else
			out->progress = raw;
	}
	return true;
}

/* Not inline, or at the end of the flow: from raw progress, the pieces
 * of the stream up to what was acknowledged (eof: all of them, and the
 * held segments). */
static bool
raw_acked(const struct flow *f, const struct stream_session *s, int dir,
    bool eof, struct stream_raw *out)
{
	const struct stream_dir *d = &s->d[dir];
	uint64_t raw = d->progress[STREAM_CONSUMER_RAW];
	uint64_t re = eof ? d->end : acked_end(d), pos;
	const struct stream_seg *seg;
	struct stream_chunk c;

	if (!eof && (raw >= re || !limit_reached(f, s, dir)))
		return false;
	out->log_from = MAX(raw, d->buf_off);
	out->log_end = d->end;
	pos = raw;
	while (pos < re && stream_data_at(f, dir, pos, &c) && c.offset < re) {
		uint32_t len = (uint32_t)MIN(c.len, re - c.offset);

		add_block(out, c.data, len, c.offset, c.gap || c.offset > pos);
		pos = c.offset + len;
	}
	out->progress = MAX(raw, pos);
	if (eof) {
		for (seg = d->ooo; seg != NULL; seg = seg->next) {
			add_block(out, seg->data, seg->len, seg->off,
			    seg->off > pos);
			pos = seg->off + seg->len;
		}
		out->log_end = MAX(out->log_end, pos);
	}
	return out->nblocks > 0;
}

bool
stream_raw_window(const struct flow *f, const struct packet *p,
    const struct stream_result *res, struct stream_raw *out)
{
	const struct stream_session *s = f->stream;
	int dir = (p->flow_flags & PKT_FLOW_TO_CLIENT) ? FLOW_DIR_TO_CLIENT :
	    FLOW_DIR_TO_SERVER;

	memset(out, 0, sizeof(*out));
	out->dir = (uint8_t)dir;
	if (s == NULL || !s->ctx->cfg.raw ||
	    (s->d[dir].flags & STREAM_DIR_RAW_OFF) ||
	    !(s->d[dir].flags & STREAM_DIR_INIT))
		return false;
	if (s->ctx->cfg.is_inline)
		return raw_inline(s, dir, p, res, out);
	return raw_acked(f, s, dir, false, out);
}

bool
stream_raw_eof(const struct flow *f, int dir, struct stream_raw *out)
{
	const struct stream_session *s = f->stream;

	memset(out, 0, sizeof(*out));
	out->dir = (uint8_t)dir;
	if (s == NULL || (unsigned)dir > 1 || !s->ctx->cfg.raw ||
	    (s->d[dir].flags & STREAM_DIR_RAW_OFF) ||
	    !(s->d[dir].flags & STREAM_DIR_INIT))
		return false;
	return raw_acked(f, s, dir, true, out);
}

void
stream_raw_done(struct flow *f, const struct stream_raw *raw)
{
	struct stream_session *s = f->stream;
	struct stream_dir *d;
	uint64_t to;

	if (s == NULL || raw->dir > 1)
		return;
	d = &s->d[raw->dir];
	d->flags &= (uint8_t)~STREAM_DIR_RAW_TRIGGER;
	to = MIN(raw->progress, d->end);
	if (to > d->progress[STREAM_CONSUMER_RAW]) {
		d->progress[STREAM_CONSUMER_RAW] = to;
		d->flags |= STREAM_DIR_RELEASE;
	}
}

void
stream_raw_trigger(struct flow *f, int dir)
{
	struct stream_session *s = f->stream;

	if (s != NULL && (unsigned)dir <= 1)
		s->d[dir].flags |= STREAM_DIR_RAW_TRIGGER;
}

void
stream_raw_disable(struct flow *f, int dir, bool off)
{
	struct stream_session *s = f->stream;

	if (s == NULL || (unsigned)dir > 1)
		return;
	s->d[dir].flags |= STREAM_DIR_RAW_SET;
	if (off)
		s->d[dir].flags |= STREAM_DIR_RAW_OFF | STREAM_DIR_RELEASE;
}

bool
stream_raw_decided(const struct flow *f, int dir)
{
	const struct stream_session *s = f->stream;

	return s != NULL && (unsigned)dir <= 1 &&
	    (s->d[dir].flags & STREAM_DIR_RAW_SET);
}

struct payload_out {
	uint8_t		*buf;
	size_t		 cap;
	size_t		 len;
};

static void
payload_put(struct payload_out *o, const uint8_t *b, size_t n)
{
	if (n > o->cap - o->len)
		n = o->cap - o->len;
	memcpy(o->buf + o->len, b, n);
	o->len += n;
}

static void
payload_piece(struct payload_out *o, const uint8_t *b, uint32_t n,
    uint64_t missing)
{
	if (missing > 0) {
		char m[48];
		int k = snprintf(m, sizeof(m), "[%llu bytes missing]",
		    (unsigned long long)missing);

		if (k > 0)
			payload_put(o, (const uint8_t *)m, (size_t)k);
	}
	payload_put(o, b, n);
}

size_t
stream_raw_payload(const struct flow *f, const struct stream_raw *raw,
    uint8_t *buf, size_t cap)
{
	const struct stream_session *s = f->stream;
	const struct stream_seg *seg;
	struct payload_out o = { buf, cap, 0 };
	struct stream_chunk c;
	uint64_t pos = raw->log_from, to = raw->log_end;

	if (s == NULL || raw->dir > 1)
		return 0;
	while (pos < to && o.len < cap &&
	    stream_data_at(f, raw->dir, pos, &c) && c.offset < to) {
		uint32_t len = (uint32_t)MIN(c.len, to - c.offset);

		payload_piece(&o, c.data, len, c.offset > pos ?
		    c.offset - pos : 0);
		pos = c.offset + len;
	}
	for (seg = s->d[raw->dir].ooo; seg != NULL && seg->off < to &&
	    o.len < cap; seg = seg->next) {
		uint32_t len = (uint32_t)MIN(seg->len, to - seg->off);

		if (seg->off < pos)
			continue;
		payload_piece(&o, seg->data, len, seg->off - pos);
		pos = seg->off + len;
	}
	return o.len;
}
