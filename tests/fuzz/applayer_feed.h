/* Feeding an app-layer parser from a fuzz input, as the framework
 * would (lib/applayer/parser.h): datagrams whole, stream chunks kept by
 * the "stream" until the parser has consumed them, the parser called
 * again once `needed` more bytes came (INCOMPLETE). Every chunk is an
 * exact-size heap copy, so a read past it is a sanitizer error.
 *
 * Input: "QAL1" then records {ctl:u8, len:u16be, bytes}: ctl bit 0 the
 * direction (1: to client), bit 1 a gap of len bytes (no bytes follow),
 * bit 2 the direction ends (EOF), bit 3 a datagram (UDP). Without the
 * magic the whole input is one to-server chunk (stream) or datagram
 * (dgram_default). */
#ifndef QUELL_TESTS_FUZZ_APPLAYER_FEED_H
#define QUELL_TESTS_FUZZ_APPLAYER_FEED_H

#include "core/base.h"

#include <stdlib.h>

#include "applayer/parser.h"

#define FUZZ_AL_MAGIC		"QAL1"
#define FUZZ_AL_PENDING_MAX	(1u << 20)

struct fuzz_al_pending {
	uint8_t		*buf;
	uint32_t	 len, need;
	uint64_t	 off;		/* stream offset of buf[0] */
	bool		 started, failed;
};

/* The frames the parser records, per direction (one input at a time). */
static struct applayer_frames *fuzz_al_frames[2];

/* Frames the parser recorded on a chunk ending at end: each lies in
 * what it was given (a known end at most end); then they go. */
static inline void
fuzz_al_frames_check(uint8_t dir, uint64_t end)
{
	struct applayer_frames *fr = fuzz_al_frames[dir & 1];
	uint64_t off;
	int64_t len;
	uint8_t type;

	for (uint32_t i = 0; applayer_frames_at(fr, i, &type, &off, &len);
	    i++)
		if (len < -1 || (len >= 0 && off + (uint64_t)len > end))
			abort();	/* a frame past the bytes: a bug */
	applayer_frames_clear(fr);
}

static inline struct applayer_frames *
fuzz_al_frames_of(uint8_t dir)
{
	if (fuzz_al_frames[dir & 1] == NULL)
		fuzz_al_frames[dir & 1] = applayer_frames_new();
	return fuzz_al_frames[dir & 1];
}

static inline void
fuzz_al_call(const struct applayer_parser *p, void *st,
    struct fuzz_al_pending *q, uint8_t dir, uint8_t flags)
{
	struct applayer_chunk c;
	struct applayer_result r;
	uint8_t *copy;

	if (q->failed || (q->len < q->need && (flags & APPLAYER_CHUNK_EOF) ==
	    0) || (q->len == 0 && (flags & APPLAYER_CHUNK_EOF) == 0))
		return;
	if ((copy = malloc(q->len ? q->len : 1)) == NULL)
		return;
	if (q->len > 0)
		memcpy(copy, q->buf, q->len);
	memset(&c, 0, sizeof(c));
	c.data = copy;
	c.len = q->len;
	c.dir = dir;
	c.flags = flags | (q->started ? 0 : APPLAYER_CHUNK_START);
	c.offset = q->off;
	c.frames = fuzz_al_frames_of(dir);
	q->started = true;
	r = p->parse(st, &c);
	free(copy);
	fuzz_al_frames_check(dir, q->off + q->len);
	switch (r.status) {
	case APPLAYER_OK:
		q->off += q->len;
		q->len = 0;
		q->need = 0;
		break;
	case APPLAYER_INCOMPLETE:
		if (r.consumed > q->len || r.needed == 0)
			abort();	/* the contract: a bug */
		memmove(q->buf, q->buf + r.consumed, q->len - r.consumed);
		q->off += r.consumed;
		q->len -= r.consumed;
		q->need = q->len + r.needed;
		/* a stream that would hold more than the cap: the
		 * framework's policy, here just the end of this direction */
		if (q->need > FUZZ_AL_PENDING_MAX)
			q->failed = true;
		break;
	default:
		q->failed = true;
		break;
	}
}

static inline void
fuzz_al_stream(const struct applayer_parser *p, void *st,
    struct fuzz_al_pending *q, uint8_t dir, const uint8_t *d, uint32_t n)
{
	uint8_t *t;

	if (q->failed || n == 0)
		return;
	if (q->len + n > FUZZ_AL_PENDING_MAX ||
	    (t = realloc(q->buf, q->len + n)) == NULL) {
		q->failed = true;
		return;
	}
	q->buf = t;
	memcpy(q->buf + q->len, d, n);
	q->len += n;
	fuzz_al_call(p, st, q, dir, 0);
}

static inline void
fuzz_al_dgram(const struct applayer_parser *p, void *st, uint8_t dir,
    const uint8_t *d, uint32_t n)
{
	struct applayer_chunk c;
	struct applayer_result r;
	uint8_t *copy = malloc(n ? n : 1);

	if (copy == NULL)
		return;
	if (n > 0)
		memcpy(copy, d, n);
	memset(&c, 0, sizeof(c));
	c.data = copy;
	c.len = n;
	c.dir = dir;
	c.flags = APPLAYER_CHUNK_DGRAM;
	c.frames = fuzz_al_frames_of(dir);
	r = p->parse(st, &c);
	(void)r;
	free(copy);
	fuzz_al_frames_check(dir, n);
}

/* Feeds the whole input to st. */
static inline void
fuzz_al_feed(const struct applayer_parser *p, void *st, const uint8_t *data,
    size_t size, bool dgram_default)
{
	struct fuzz_al_pending q[2];
	size_t pos = 4;

	memset(q, 0, sizeof(q));
	if (size < 4 || memcmp(data, FUZZ_AL_MAGIC, 4) != 0) {
		if (dgram_default)
			fuzz_al_dgram(p, st, APPLAYER_TOSERVER, data,
			    (uint32_t)size);
		else
			fuzz_al_stream(p, st, &q[0], APPLAYER_TOSERVER, data,
			    (uint32_t)size);
		goto eof;
	}
	while (size - pos >= 3) {
		uint8_t ctl = data[pos], dir = ctl & 1;
		uint32_t n = (uint32_t)data[pos + 1] << 8 | data[pos + 2];

		pos += 3;
		if ((ctl & 2) != 0) {
			struct applayer_chunk c;
			struct applayer_result r;

			/* the stream drops what it held of this direction */
			q[dir].off += q[dir].len;
			q[dir].len = 0;
			q[dir].need = 0;
			memset(&c, 0, sizeof(c));
			c.len = n;
			c.dir = dir;
			c.flags = APPLAYER_CHUNK_GAP;
			c.offset = q[dir].off;
			c.frames = fuzz_al_frames_of(dir);
			r = p->parse(st, &c);
			(void)r;
			fuzz_al_frames_check(dir, q[dir].off + n);
			q[dir].off += n;
			continue;
		}
		if (n > size - pos)
			n = (uint32_t)(size - pos);
		if ((ctl & 8) != 0)
			fuzz_al_dgram(p, st, dir, data + pos, n);
		else
			fuzz_al_stream(p, st, &q[dir], dir, data + pos, n);
		pos += n;
		if ((ctl & 4) != 0)
			fuzz_al_call(p, st, &q[dir], dir, APPLAYER_CHUNK_EOF);
	}
eof:
	for (uint8_t d = 0; d < 2; d++) {
		if (q[d].started)
			fuzz_al_call(p, st, &q[d], d, APPLAYER_CHUNK_EOF);
		free(q[d].buf);
	}
}

/* Every buffer of every tx, in both directions, read to the last byte
 * (a sanitizer sees a getter pointing outside its tx). */
static inline unsigned
fuzz_al_walk(const struct applayer_parser *p, void *st)
{
	unsigned sum = 0;

	for (uint64_t i = 0; i < p->tx_count(st); i++) {
		void *tx = p->tx_get(st, i);

		if (tx == NULL)
			abort();
		(void)p->tx_id(st, tx);
		for (uint8_t dir = 0; dir < 2; dir++) {
			(void)p->tx_progress(tx, dir);
			for (size_t b = 0; b < p->nbuffers; b++) {
				const struct applayer_buffer *ab =
				    &p->buffers[b];
				const uint8_t *buf;
				uint32_t len;

				if (ab->get != NULL && ab->get(tx, dir, &buf,
				    &len))
					for (uint32_t k = 0; k < len; k++)
						sum += buf[k];
				for (uint32_t k = 0; ab->get_multi != NULL &&
				    ab->get_multi(tx, dir, k, &buf, &len); k++)
					for (uint32_t m = 0; m < len; m++)
						sum += buf[m];
			}
		}
		for (size_t e = 0; e < p->nevents; e++)
			sum += applayer_txdata_has_event(p->tx_data(tx),
			    (unsigned)e);
	}
	return sum;
}

#endif
