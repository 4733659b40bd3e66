/* App-layer frames (Suricata 7's app-layer-frames): per flow and
 * direction, where the parser's protocol units lie in the stream (or,
 * UDP, in the datagram), for the frame keyword.
 *
 * A frame is a type, a 64-bit stream offset, a length (-1 while the
 * parser does not know it yet), an id (counted per flow direction, as
 * Suricata's) and optionally a tx id; no bytes. Only the types the
 * rules inspect are recorded (applayer_ctx_set_frames), at most
 * APPLAYER_MAX_FRAMES per direction (the array grows from
 * FRAMES_INITIAL with the first frames; more, or no memory, are counted
 * in app_layer.frames_dropped and not added). On TCP the stream consumer
 * STREAM_CONSUMER_FRAME holds the stream's bytes from the oldest frame
 * on, so detection reads them from the stream (stream_data_at) when a
 * packet of the frame's direction comes.
 *
 * A frame is done with, and freed, after detection ran on a packet of
 * its direction that had all of it (its length known and its bytes in
 * the stream), at the end of the direction, or once its bytes are gone
 * (a gap); a datagram's frames after detection of that datagram. A
 * frame not whole yet is inspected again with each packet of its
 * direction; after an inspection only its last FRAME_KEEP bytes stay
 * held, so the next one sees a window without the frame's start. */
#include "core/base.h"

#include <netinet/in.h>

#include "applayer/applayer_int.h"
#include "core/counters.h"
#include "core/packet.h"
#include "flow/flow.h"
#include "flow/tcp_state.h"
#include "stream/stream.h"

/* the bytes of a frame not whole yet that stay for its next
 * inspection, behind what the last one saw (Suricata's IPS window):
 * patterns across packets are found, and memory stays bounded */
#define FRAME_KEEP	2500

/* IDS: a TCP frame not whole in the acknowledged stream waits until this
 * many bytes past its inspected part are acknowledged (Suricata's
 * SetupStreamCallbackData), so it is not inspected packet by packet */
#define FRAME_IDS_CHUNK	2500

struct applayer_frame {
	uint64_t	 id;
	uint64_t	 offset;	/* stream (UDP: datagram) offset */
	int64_t		 len;		/* -1: not known yet */
	uint64_t	 from;		/* its first byte still held for
					 * detection (offset, later a window
					 * behind what was inspected) */
	uint64_t	 offered;	/* IDS: the end of the bytes detection
					 * got last (0: none yet) */
	uint64_t	 tx_id;
	uint8_t		 type;
	bool		 has_tx;
	uint8_t		 ndet;
	uint32_t	 det[APPLAYER_FRAME_DET_MAX];	/* detection's */
};

/* frames held at first; the array doubles up to APPLAYER_MAX_FRAMES */
#define FRAMES_INITIAL	4

struct applayer_frames {
	struct applayer_frame *f;
	uint32_t	 n;
	uint32_t	 cap;
	uint64_t	*next_id;	/* the flow direction's last id
					 * (struct applayer_flow) */
	uint64_t	*dropped;	/* the worker's counter */
	uint64_t	 own_id;	/* applayer_frames_new()'s */
	uint64_t	 own_dropped;
	uint32_t	 want;		/* bit per frame type recorded */
};

struct applayer_frames *
applayer_frames_new(void)
{
	struct applayer_frames *fr = calloc(1, sizeof(*fr));

	if (fr != NULL) {
		fr->next_id = &fr->own_id;
		fr->dropped = &fr->own_dropped;
		fr->want = UINT32_MAX;
	}
	return fr;
}

void
applayer_frames_delete(struct applayer_frames *fr)
{
	if (fr != NULL)
		free(fr->f);
	free(fr);
}

uint32_t
applayer_frames_count(const struct applayer_frames *fr)
{
	return fr != NULL ? fr->n : 0;
}

bool
applayer_frames_at(const struct applayer_frames *fr, uint32_t idx,
    uint8_t *type, uint64_t *offset, int64_t *len)
{
	if (fr == NULL || idx >= fr->n)
		return false;
	*type = fr->f[idx].type;
	*offset = fr->f[idx].offset;
	*len = fr->f[idx].len;
	return true;
}

struct applayer_frames *
applayer_frames_get(struct applayer_ctx *ctx, struct applayer_flow *af,
    struct flow *f, uint8_t dir)
{
	struct applayer_frames *fr;
	uint32_t want;

	if (dir > 1 || af->cur.parser == NULL || (want =
	    ctx->frames_want[af->cur.parser->proto]) == 0)
		return NULL;
	if ((fr = af->frames[dir]) == NULL) {
		if ((fr = calloc(1, sizeof(*fr))) == NULL)
			return NULL;
		fr->next_id = &af->frame_id[dir];
		af->frames[dir] = fr;
		if (f->proto == IPPROTO_TCP)
			stream_consumer_enable(f, STREAM_CONSUMER_FRAME, true);
	}
	fr->dropped = &ctx->st.frames_dropped;
	fr->want = want;
	return fr;
}

void
applayer_frames_clear(struct applayer_frames *fr)
{
	if (fr != NULL)
		fr->n = 0;
}

void
applayer_frames_free(struct applayer_flow *af)
{
	for (int d = 0; d < 2; d++) {
		applayer_frames_delete(af->frames[d]);
		af->frames[d] = NULL;
	}
}

static struct applayer_frame *
frame_by_id(struct applayer_frames *fr, uint64_t id)
{
	for (uint32_t i = 0; fr != NULL && id != 0 && i < fr->n; i++)
		if (fr->f[i].id == id)
			return &fr->f[i];
	return NULL;
}

uint64_t
applayer_frame_add(const struct applayer_chunk *c, int64_t rel, int64_t len,
    uint8_t type)
{
	struct applayer_frames *fr = c->frames;
	struct applayer_frame *fm;
	int64_t abs;

	if (fr == NULL || type >= 32 || !(fr->want & (1u << type)) ||
	    (rel < 0 && (uint64_t)-rel > c->offset))
		return 0;
	abs = (int64_t)c->offset + rel;
	for (uint32_t i = 0; i < fr->n; i++)
		if (fr->f[i].type == type && fr->f[i].offset == (uint64_t)abs)
			return fr->f[i].id;
	if (fr->n == fr->cap) {
		uint32_t ncap = fr->cap != 0 ? fr->cap * 2 : FRAMES_INITIAL;
		struct applayer_frame *nf;

		if (ncap > APPLAYER_MAX_FRAMES || (nf = realloc(fr->f,
		    ncap * sizeof(*nf))) == NULL) {
			counter_inc(fr->dropped);
			return 0;
		}
		fr->f = nf;
		fr->cap = ncap;
	}
	fm = &fr->f[fr->n++];
	memset(fm, 0, sizeof(*fm));
	fm->id = ++*fr->next_id;
	fm->offset = (uint64_t)abs;
	fm->from = fm->offset;
	fm->len = len < 0 ? -1 : len;
	fm->type = type;
	return fm->id;
}

void
applayer_frame_set_end(const struct applayer_chunk *c, uint64_t id,
    int64_t rel)
{
	struct applayer_frame *fm = frame_by_id(c->frames, id);
	int64_t end;

	if (fm == NULL || (rel < 0 && (uint64_t)-rel > c->offset))
		return;
	end = (int64_t)c->offset + rel;
	if ((uint64_t)end >= fm->offset)
		fm->len = end - (int64_t)fm->offset;
}

void
applayer_frame_set_tx(const struct applayer_chunk *c, uint64_t id,
    uint64_t tx_id)
{
	struct applayer_frame *fm = frame_by_id(c->frames, id);

	if (fm != NULL) {
		fm->tx_id = tx_id;
		fm->has_tx = true;
	}
}

/* How far into TCP direction dir detection may read frame fm on packet p
 * (fm->from or less: not now). Inline, all the stream holds. IDS, as
 * Suricata: what the receiver acknowledged (all at the end of the
 * flow), and only once that is the whole frame or FRAME_IDS_CHUNK
 * bytes past what was inspected, so the frame is inspected when its
 * request is parsed, not on the packet that brought its bytes. */
static uint64_t
frame_right_edge(const struct applayer_flow *af, const struct flow *f,
    const struct packet *p, uint8_t dir, const struct applayer_frame *fm)
{
	uint64_t end = stream_end(f, (int)dir), usable;
	bool eof = f->tcp_state == FLOW_TCP_CLOSED || (p != NULL &&
	    p->pkt_src == PKT_SRC_FLOW_TIMEOUT) ||
	    (af->dflags[dir] & AF_EOF) != 0;

	if (!(af->flags & AF_F_IDS) || eof)
		return end;
	usable = stream_acked(f, (int)dir);
	if (usable <= fm->offset)
		return fm->from;
	if (fm->len >= 0 && fm->offset + (uint64_t)fm->len <= usable)
		return usable;
	if (usable - fm->from < FRAME_IDS_CHUNK)
		return fm->from;
	return usable;
}

bool
applayer_flow_frame(struct flow *f, const struct packet *p, uint8_t dir,
    uint32_t idx, struct applayer_frame_view *v)
{
	struct applayer_flow *af = f != NULL ? f->app : NULL;
	const struct applayer_parser *ap;
	struct applayer_frames *fr;
	struct applayer_frame *fm;
	uint64_t avail = 0;

	memset(v, 0, sizeof(*v));
	if (af == NULL || dir > 1 || (fr = af->frames[dir]) == NULL ||
	    idx >= fr->n || (ap = af->cur.parser) == NULL)
		return false;
	fm = &fr->f[idx];
	v->id = fm->id;
	v->offset = fm->offset;
	v->len = fm->len;
	v->tx_id = fm->tx_id;
	v->has_tx = fm->has_tx;
	v->type = fm->type;
	v->dir = dir;
	v->alproto = (uint16_t)ap->proto;
	v->type_name = fm->type < ap->nframe_types ?
	    ap->frame_types[fm->type] : "unknown";
	v->det = fm->det;
	v->ndet = &fm->ndet;
	v->data_offset = fm->from;
	v->start = fm->from == fm->offset;
	if (f->proto == IPPROTO_UDP) {
		if (p != NULL && p->payload != NULL &&
		    fm->offset < p->payload_len) {
			v->data = p->payload + fm->offset;
			avail = p->payload_len - fm->offset;
		}
	} else {
		struct stream_chunk sc;
		uint64_t right = frame_right_edge(af, f, p, dir, fm);

		if (right > fm->from && stream_data_at(f, (int)dir, fm->from,
		    &sc) && sc.offset == fm->from) {
			v->data = sc.data;
			avail = sc.len;
			if (fm->from + avail > right)
				avail = right - fm->from;
			if (af->flags & AF_F_IDS)
				fm->offered = fm->from + avail;
		}
	}
	if (fm->len >= 0 && fm->from + avail >= fm->offset +
	    (uint64_t)fm->len) {
		avail = fm->offset + (uint64_t)fm->len - fm->from;
		v->complete = true;
	}
	v->data_len = (uint32_t)(avail > UINT32_MAX ? UINT32_MAX : avail);
	if (v->data_len == 0)
		v->data = NULL;
	return true;
}

void
applayer_frames_detect_done(struct applayer_flow *af, struct flow *f,
    uint8_t dir)
{
	struct applayer_frames *fr = dir <= 1 ? af->frames[dir] : NULL;
	bool udp = f->proto == IPPROTO_UDP;
	bool eof = (af->dflags[dir] & (AF_EOF | AF_STOP)) != 0 ||
	    (af->flags & AF_F_OFF) != 0;
	bool ids = (af->flags & AF_F_IDS) != 0 && !eof;
	uint64_t end = udp ? 0 : stream_end(f, (int)dir), left;
	uint32_t w = 0;

	/* the stream's frame consumer is on for both directions once
	 * either has frames: a direction without any holds nothing */
	if (af->frames[0] == NULL && af->frames[1] == NULL)
		return;
	for (uint32_t i = 0; fr != NULL && i < fr->n; i++) {
		struct applayer_frame *fm = &fr->f[i];
		struct stream_chunk sc;
		bool done = udp || eof;
		/* IDS: what detection got, not what the stream holds */
		uint64_t seen = ids ? fm->offered : end;

		if (!done && fm->len >= 0 && fm->offset + (uint64_t)fm->len <=
		    seen)
			done = true;
		/* its held bytes are gone (a gap) */
		if (!done && fm->from < end && (!stream_data_at(f, (int)dir,
		    fm->from, &sc) || sc.offset != fm->from))
			done = true;
		if (done)
			continue;
		/* inspected up to end: the next time from a window behind
		 * inline; IDS from where it stopped, as Suricata */
		if (ids && seen > fm->from)
			fm->from = seen;
		else if (!ids && end > fm->from + FRAME_KEEP)
			fm->from = end - FRAME_KEEP;
		fr->f[w++] = *fm;
	}
	if (fr != NULL)
		fr->n = w;
	if (udp)
		return;
	/* frames to come start where the parser is (the app consumer's
	 * progress); once it parses no more, nothing is held for them */
	left = eof ? end : af->off[dir];
	for (uint32_t i = 0; fr != NULL && i < fr->n; i++)
		if (fr->f[i].from < left)
			left = fr->f[i].from;
	stream_advance(f, (int)dir, STREAM_CONSUMER_FRAME, left);
}
