/* TCP: protocol detection and parser feeding from the stream engine's
 * app consumer (STREAM_CONSUMER_APP), Suricata's TCPProtoDetect and
 * AppLayerHandleTCPData.
 *
 * The app consumer's progress in each direction is what the parser
 * consumed (or, before detection, nothing: detection sees the first
 * bytes again, more of them each time, until it decides). The parser
 * is called with the bytes from there to the end of what may be parsed
 * now (see applayer.h, timing); INCOMPLETE leaves the rest in the
 * stream and records how many bytes must be there before the next
 * call, needed 0 waits for a parse() of the other direction.
 *
 * Detection outcomes, as Suricata's:
 *   - a protocol in one direction: the flow's protocol (a different one
 *     in the other direction is applayer_mismatch_protocol_both_
 *     directions: the one already parsed wins, else the server's);
 *     data of the wrong direction first (a parser's first_dirs) is
 *     applayer_wrong_direction_first_data and ends the app layer
 *   - one direction detected, the other's detection done without a
 *     result: its data goes to the same parser
 *     (applayer_detect_protocol_only_one_direction)
 *   - nothing, and both directions gave up, or too much data either
 *     way (TCPProtoDetectCheckBailConditions: 100000 bytes or the
 *     receiver's window within the reassembly depth, doubled when the
 *     other side is undecided; applayer_proto_detection_skipped): the
 *     flow is "failed", the app consumer is switched off
 *   - a session picked up midstream (not on its SYN/ACK) must find its
 *     protocol in the to-server direction, else it is failed. */
#include "core/base.h"

#include <netinet/in.h>

#include "applayer/applayer_int.h"
#include "core/counters.h"
#include "core/packet.h"
#include "flow/flow.h"
#include "flow/tcp_state.h"
#include "stream/stream.h"

#define BAIL_MIN	100000

static void	tcp_dir(struct applayer_ctx *, struct applayer_flow *,
		    struct flow *, uint8_t, uint64_t, bool,
		    struct applayer_packet_result *);

/* The app consumer of dir has used the bytes before off. */
static void
advance(struct applayer_flow *af, struct flow *f, uint8_t dir, uint64_t off)
{
	stream_advance(f, (int)dir, STREAM_CONSUMER_APP, off);
	if (off > af->off[dir])
		af->off[dir] = off;
}

static uint8_t *
dir_proto(struct flow *f, uint8_t dir)
{
	return dir == APPLAYER_TOSERVER ? &f->alproto_ts : &f->alproto_tc;
}

static bool
proto_valid(uint8_t p)
{
	return p != APPLAYER_PROTO_UNKNOWN && p != APPLAYER_PROTO_FAILED;
}

static void
set_event(struct applayer_flow *af, enum applayer_event ev)
{
	af->pkt_events |= 1ull << ev;
}

static void
count_flow(struct applayer_ctx *ctx, struct applayer_flow *af,
    const struct flow *f)
{
	if (af->flags & AF_F_COUNTED)
		return;
	af->flags |= AF_F_COUNTED;
	counter_inc(&ctx->st.flows[f->alproto < APPLAYER_PROTO_MAX ?
	    f->alproto : APPLAYER_PROTO_FAILED]);
	if (f->proto == IPPROTO_UDP)
		counter_inc(&ctx->st.flows_udp[f->alproto <
		    APPLAYER_PROTO_MAX ? f->alproto : APPLAYER_PROTO_FAILED]);
	if (f->alproto == APPLAYER_PROTO_FAILED)
		counter_inc(f->proto == IPPROTO_UDP ? &ctx->st.failed_udp :
		    &ctx->st.failed_tcp);
}

/* Suricata's DisableAppLayer: the flow is failed, its parser state
 * freed, the stream's app consumer off. */
static void
disable(struct applayer_ctx *ctx, struct applayer_flow *af, struct flow *f,
    struct applayer_packet_result *res)
{
	f->alproto = APPLAYER_PROTO_FAILED;
	for (uint8_t d = 0; d < 2; d++) {
		uint8_t *dp = dir_proto(f, d);

		if (*dp == APPLAYER_PROTO_UNKNOWN)
			*dp = APPLAYER_PROTO_FAILED;
		if (!(af->dflags[d] & AF_PD_DONE)) {
			af->dflags[d] |= AF_PD_DONE;
			af->pd_new |= (uint8_t)(1u << d);
		}
		af->dflags[d] |= AF_STOP;
	}
	af->flags |= AF_F_OFF;
	count_flow(ctx, af, f);
	applayer_pstate_free(&af->cur);
	stream_consumer_enable(f, STREAM_CONSUMER_APP, false);
}

static bool
detect_done(const struct applayer_flow *af, uint8_t dir)
{
	return (af->dflags[dir] & AF_PD_DONE) ||
	    (af->dflags[dir] & (AF_PM_DONE | AF_PP_DONE)) ==
	    (AF_PM_DONE | AF_PP_DONE);
}

static bool
pm_pp_done(const struct applayer_flow *af, uint8_t dir)
{
	return (af->dflags[dir] & (AF_PM_DONE | AF_PP_DONE)) ==
	    (AF_PM_DONE | AF_PP_DONE);
}

/* TCPProtoDetectCheckBailConditions: true when the flow was failed. */
static bool
bail(struct applayer_ctx *ctx, struct applayer_flow *af, struct flow *f,
    struct applayer_packet_result *res)
{
	uint64_t depth = af->cfg->depth, ts, tc, lim_ts, lim_tc, w;
	bool skipped = false;

	if (f->tcp_state < FLOW_TCP_ESTABLISHED)
		return false;
	ts = stream_end(f, APPLAYER_TOSERVER);
	tc = stream_end(f, APPLAYER_TOCLIENT);
	/* what each receiver's window lets through, within the depth */
	w = f->tcp_peer[APPLAYER_TOSERVER].window;
	lim_tc = depth != 0 && depth < w ? depth : w;
	if (depth == 0)
		lim_tc = 0;
	if (lim_tc < BAIL_MIN)
		lim_tc = BAIL_MIN;
	w = f->tcp_peer[APPLAYER_TOCLIENT].window;
	lim_ts = depth != 0 && depth < w ? depth : w;
	if (depth == 0)
		lim_ts = 0;
	if (lim_ts < BAIL_MIN)
		lim_ts = BAIL_MIN;

	if (detect_done(af, APPLAYER_TOSERVER) &&
	    detect_done(af, APPLAYER_TOCLIENT))
		;
	else if (tc > 2 * lim_tc || ts > 2 * lim_ts)
		skipped = true;
	else if (pm_pp_done(af, APPLAYER_TOSERVER) && ts > lim_ts && tc == 0)
		skipped = true;
	else if (pm_pp_done(af, APPLAYER_TOCLIENT) && tc > lim_tc && ts == 0)
		skipped = true;
	else if (tc > lim_tc && (af->dflags[0] & AF_PP_DONE) &&
	    !(af->dflags[0] & AF_PM_DONE) && pm_pp_done(af, 1))
		skipped = true;
	else if (ts > lim_ts && (af->dflags[1] & AF_PP_DONE) &&
	    !(af->dflags[1] & AF_PM_DONE) && pm_pp_done(af, 0))
		skipped = true;
	else
		return false;
	if (skipped)
		set_event(af, APPLAYER_EV_PROTO_DETECTION_SKIPPED);
	disable(ctx, af, f, res);
	return true;
}

/* Detection on dir's first bytes. true when the data is to be parsed
 * now (the protocol of this direction is known). */
static bool
tcp_detect(struct applayer_ctx *ctx, struct applayer_flow *af, struct flow *f,
    const uint8_t *data, uint32_t len, uint8_t dir,
    struct applayer_packet_result *res)
{
	uint8_t *mine = dir_proto(f, dir);
	uint8_t other = *dir_proto(f, dir ^ 1);
	const struct applayer_parser *ap;
	enum applayer_proto pr;
	bool reverse;

	pr = applayer_detect_run(af->cfg, af, f, data, len, dir, &reverse);
	if (proto_valid(pr)) {
		if (proto_valid(other) && other != pr) {
			set_event(af, APPLAYER_EV_MISMATCH_PROTOCOL_BOTH_DIRECTIONS);
			if (!(af->flags & AF_F_SENT))
				f->alproto = dir == APPLAYER_TOCLIENT ?
				    (uint8_t)pr : other;
		} else
			f->alproto = (uint8_t)pr;
		*mine = (uint8_t)pr;
		ap = af->cfg->protos[f->alproto].parser;
		/* the parser wants the other direction first */
		if (!(af->flags & AF_F_SENT) && ap != NULL &&
		    ap->first_dirs != 0) {
			if (af->first_dir <= 1 &&
			    !(ap->first_dirs & (1u << af->first_dir))) {
				set_event(af,
				    APPLAYER_EV_WRONG_DIRECTION_FIRST_DATA);
				disable(ctx, af, f, res);
				return false;
			}
			if (!(ap->first_dirs & (1u << dir))) {
				/* its first data has not been parsed yet:
				 * detect this direction again later */
				*mine = APPLAYER_PROTO_UNKNOWN;
				f->alproto = proto_valid(other) ? other :
				    APPLAYER_PROTO_UNKNOWN;
				af->dflags[dir] &= (uint8_t)~(AF_PM_DONE |
				    AF_PP_DONE);
				af->probe_failed[dir] = 0;
				return false;
			}
		}
		af->dflags[dir] |= AF_PD_DONE;
		af->pd_new |= (uint8_t)(1u << dir);
		count_flow(ctx, af, f);
		if (af->cur.parser == NULL && !(af->flags & AF_F_SENT) &&
		    applayer_flow_start(ctx, af, f,
		    (enum applayer_proto)f->alproto) == -1) {
			disable(ctx, af, f, res);
			return false;
		}
		return true;
	}
	/* nothing in this direction (a session picked up on its SYN/ACK
	 * has seen the start of the request: exempt, as Suricata's) */
	if ((f->flags & FLOW_F_MIDSTREAM) &&
	    !(f->tcp_flags & FLOW_TCP_SSN_MIDSTREAM_SYNACK) &&
	    dir == APPLAYER_TOSERVER && pm_pp_done(af, APPLAYER_TOSERVER)) {
		disable(ctx, af, f, res);
		return false;
	}
	if (proto_valid(other) && pm_pp_done(af, dir)) {
		*mine = other;
		af->dflags[dir] |= AF_PD_DONE;
		af->pd_new |= (uint8_t)(1u << dir);
		set_event(af, APPLAYER_EV_DETECT_PROTOCOL_ONLY_ONE_DIRECTION);
		return true;
	}
	(void)bail(ctx, af, f, res);
	return false;
}

/* HTTP CONNECT accepted: what follows is another protocol. The old
 * state stays for its transactions; detection starts over. */
static void
tcp_change(struct applayer_flow *af, struct flow *f)
{
	applayer_pstate_free(&af->old);
	af->old = af->cur;
	memset(&af->cur, 0, sizeof(af->cur));
	/* frame types are the old parser's */
	applayer_frames_clear(af->frames[0]);
	applayer_frames_clear(af->frames[1]);
	f->alproto_orig = f->alproto;
	f->alproto_ts = f->alproto_tc = APPLAYER_PROTO_UNKNOWN;
	af->flags &= (uint8_t)~(AF_F_SENT | AF_F_CHANGE | AF_F_COUNTED);
	af->first_dir = 0xff;
	for (uint8_t d = 0; d < 2; d++) {
		af->dflags[d] &= (uint8_t)~(AF_PM_DONE | AF_PP_DONE |
		    AF_PD_DONE | AF_WAIT_OTHER | AF_STARTED);
		af->probe_failed[d] = 0;
		af->needed[d] = 0;
	}
}

/* The transactions of the current state complete in dir, from id from
 * on (every held tx before it is complete in dir); *lead: the id past
 * the leading complete ones. Counted before and after a parse from the
 * same from, the two differ when the parse completed a tx in dir. */
static uint64_t
txs_done(const struct applayer_pstate *ps, uint8_t dir, uint64_t from,
    uint64_t *lead)
{
	const struct applayer_parser *ap = ps->parser;
	struct applayer_tx_iter it = { .id = from };
	uint64_t done = 0;
	bool leading = true;
	void *tx;

	*lead = from;
	while ((tx = applayer_tx_iter_next(ps, &it)) != NULL) {
		if (ap->tx_progress(tx, dir) < ap->complete[dir]) {
			leading = false;
			continue;
		}
		done++;
		if (leading)
			*lead = it.cur + 1;
	}
	return done;
}

/* One parse() call on what dir has, from the app progress to limit. A
 * parse that completes a transaction in dir asks for raw stream
 * inspection of dir now (Suricata's parsers call
 * AppLayerParserTriggerRawStreamReassembly as a request or response is
 * done), so that stream rules see the bytes with the transaction. */
static void
tcp_feed(struct applayer_ctx *ctx, struct applayer_flow *af, struct flow *f,
    const struct stream_chunk *sc, uint32_t avail, uint8_t dir, bool eof,
    struct applayer_packet_result *res)
{
	const struct applayer_parser *ap = af->cur.parser;
	struct applayer_chunk c;
	struct applayer_result r;
	uint64_t done, from, lead;
	uint8_t proto;

	if (ap == NULL) {
		/* detection-only, or no parser: nothing keeps the bytes */
		advance(af, f, dir, sc->offset + avail);
		return;
	}
	proto = (uint8_t)ap->proto;
	if (avail == 0 && !(eof && !(af->dflags[dir] & AF_EOF)))
		return;
	if (avail < af->needed[dir] && !eof)
		return;
	memset(&c, 0, sizeof(c));
	c.data = avail > 0 ? sc->data : NULL;
	c.len = avail;
	c.dir = dir;
	if (!(af->dflags[dir] & AF_STARTED))
		c.flags |= APPLAYER_CHUNK_START;
	if (eof)
		c.flags |= APPLAYER_CHUNK_EOF;
	c.ts = ctx->ts;
	c.offset = sc->offset;
	c.frames = applayer_frames_get(ctx, af, f, dir);
	c.needs = ctx->needs[proto];
	af->dflags[dir] |= AF_STARTED;
	af->dflags[dir] &= (uint8_t)~AF_WAIT_OTHER;
	af->flags |= AF_F_SENT;
	if (eof)
		af->dflags[dir] |= AF_EOF;
	from = af->cur.complete_id[dir];
	done = txs_done(&af->cur, dir, from, &lead);
	af->parses++;
	r = ap->parse(af->cur.state, &c);
	if (r.status != APPLAYER_ERROR && !(r.flags & APPLAYER_RESULT_CHANGE) &&
	    txs_done(&af->cur, dir, from, &lead) > done)
		stream_raw_trigger(f, (int)dir);
	/* not after a change: cur is then another protocol's */
	if (!(r.flags & APPLAYER_RESULT_CHANGE))
		af->cur.complete_id[dir] = lead;
	switch (r.status) {
	case APPLAYER_OK:
		af->needed[dir] = 0;
		if (r.flags & APPLAYER_RESULT_CHANGE) {
			uint32_t used = r.consumed > avail ? avail : r.consumed;

			advance(af, f, dir, sc->offset + used);
			tcp_change(af, f);
			return;
		}
		advance(af, f, dir, sc->offset + avail);
		break;
	case APPLAYER_INCOMPLETE:
		if (r.consumed > avail) {
			counter_inc(&ctx->st.err_internal[proto]);
			af->dflags[dir] |= AF_STOP;
			break;
		}
		advance(af, f, dir, sc->offset + r.consumed);
		if (r.needed == 0) {
			af->dflags[dir] |= AF_WAIT_OTHER;
			af->needed[dir] = 0;
			break;
		}
		if ((uint64_t)(avail - r.consumed) + r.needed >
		    APPLAYER_MAX_NEEDED) {
			counter_inc(&ctx->st.err_internal[proto]);
			af->dflags[dir] |= AF_STOP;
			res->flags |= APPLAYER_PKT_ERROR;
			break;
		}
		af->needed[dir] = (avail - r.consumed) + r.needed;
		break;
	default:
		counter_inc(&ctx->st.err_parser[proto]);
		af->dflags[dir] |= AF_STOP;
		res->flags |= APPLAYER_PKT_ERROR;
		break;
	}
	if (ap->tx_count(af->cur.state) > APPLAYER_MAX_TXS &&
	    !(af->dflags[dir] & AF_STOP)) {
		counter_inc(&ctx->st.err_internal[proto]);
		af->dflags[dir] |= AF_STOP;
		res->flags |= APPLAYER_PKT_ERROR;
	}
}

/* A gap in dir before the bytes at sc: the parser is told (it may
 * resynchronise or give up), detection gives up on this direction. */
static void
tcp_gap(struct applayer_ctx *ctx, struct applayer_flow *af, struct flow *f,
    const struct stream_chunk *sc, uint8_t dir,
    struct applayer_packet_result *res)
{
	const struct applayer_parser *ap = af->cur.parser;
	uint64_t from = af->off[dir];
	struct applayer_chunk c;
	struct applayer_result r;

	af->off[dir] = sc->offset;
	af->needed[dir] = 0;
	if (!(af->dflags[dir] & AF_PD_DONE)) {
		/* Suricata: a gap ends detection of this direction; without
		 * a protocol from the other one the flow is failed */
		if (!proto_valid(f->alproto)) {
			disable(ctx, af, f, res);
			return;
		}
		*dir_proto(f, dir) = f->alproto;
		af->dflags[dir] |= AF_PD_DONE;
		af->pd_new |= (uint8_t)(1u << dir);
	}
	if (ap == NULL || sc->offset <= from)
		return;
	memset(&c, 0, sizeof(c));
	c.len = (uint32_t)(sc->offset - from > UINT32_MAX ? UINT32_MAX :
	    sc->offset - from);
	c.dir = dir;
	c.flags = APPLAYER_CHUNK_GAP;
	c.ts = ctx->ts;
	c.offset = from;
	af->dflags[dir] |= AF_STARTED;
	af->parses++;
	r = ap->parse(af->cur.state, &c);
	if (r.status == APPLAYER_ERROR) {
		counter_inc(&ctx->st.err_gap[ap->proto]);
		af->dflags[dir] |= AF_STOP;
	}
}

/* Direction dir's bytes up to offset limit (eof: the direction is
 * closed and limit is its end). */
static void
tcp_dir(struct applayer_ctx *ctx, struct applayer_flow *af, struct flow *f,
    uint8_t dir, uint64_t limit, bool eof, struct applayer_packet_result *res)
{
	struct stream_chunk sc;
	uint32_t avail;

	for (int round = 0; round < 4; round++) {
		if ((af->flags & AF_F_OFF) || (af->dflags[dir] & AF_STOP))
			return;
		if (!stream_data(f, (int)dir, STREAM_CONSUMER_APP, &sc) &&
		    !sc.gap && !(eof && !(af->dflags[dir] & AF_EOF) &&
		    (af->dflags[dir] & AF_PD_DONE)))
			return;
		if (sc.gap) {
			tcp_gap(ctx, af, f, &sc, dir, res);
			if ((af->flags & AF_F_OFF) ||
			    (af->dflags[dir] & AF_STOP))
				return;
		}
		if (sc.offset > af->off[dir])
			af->off[dir] = sc.offset;
		avail = limit > sc.offset ? (uint32_t)(limit - sc.offset >
		    sc.len ? sc.len : limit - sc.offset) : 0;
		if (eof && sc.offset + avail < stream_end(f, (int)dir))
			eof = false;
		if (avail > 0) {
			af->dflags[dir] |= AF_DATA;
			if (af->first_dir == 0xff)
				af->first_dir = dir;
		}
		if (!(af->dflags[dir] & AF_PD_DONE)) {
			bool ok;

			if (avail == 0 && !eof)
				return;
			/* the last bytes of a direction still get their
			 * detection (a one-packet request read at the end
			 * of a capture); then nothing more will decide */
			ok = avail > 0 && tcp_detect(ctx, af, f, sc.data,
			    avail, dir, res);
			if (!ok && eof && !(af->dflags[dir] & AF_PD_DONE) &&
			    !(af->flags & AF_F_OFF)) {
				af->dflags[dir] |= AF_PM_DONE | AF_PP_DONE;
				ok = tcp_detect(ctx, af, f, sc.data, avail, dir,
				    res);
			}
			if (!ok)
				return;
		}
		tcp_feed(ctx, af, f, &sc, avail, dir, eof, res);
		/* a protocol change: the rest is detected again */
		if (!(af->dflags[dir] & AF_PD_DONE) &&
		    !(af->flags & AF_F_OFF))
			continue;
		return;
	}
}

/* The offset up to which dir may be parsed on packet p, and whether it
 * ends there. */
static uint64_t
tcp_limit(const struct flow *f, const struct packet *p, uint8_t dir,
    bool is_inline, uint8_t pdir, bool *eof)
{
	uint64_t end = stream_end(f, (int)dir);
	bool rst = (p->tcp_flags & PKT_TCP_RST) != 0 ||
	    f->tcp_state == FLOW_TCP_CLOSED;

	*eof = rst || stream_closed(f, (int)dir);
	if (is_inline || rst)
		return end;
	/* IDS: what the receiver acknowledged, and the end once the FIN
	 * is (Suricata's UPDATE_DIR_OPPOSING); the packet's own direction
	 * only when its FIN takes the session past TIME_WAIT, or, one side
	 * only (async-oneside), as far as the stream counts it received */
	if (dir == pdir && (f->tcp_flags & FLOW_TCP_SSN_ASYNC))
		return stream_acked(f, (int)dir);
	if (dir == pdir) {
		if ((p->tcp_flags & PKT_TCP_FIN) && flow_tcp_past_time_wait(f))
			return end;
		*eof = false;
		return 0;
	}
	return stream_acked(f, (int)dir);
}

void
applayer_tcp_packet(struct applayer_ctx *ctx, struct applayer_flow *af,
    struct flow *f, struct packet *p, bool is_inline,
    struct applayer_packet_result *res)
{
	uint8_t pdir = (p->flow_flags & PKT_FLOW_TO_CLIENT) ?
	    APPLAYER_TOCLIENT : APPLAYER_TOSERVER;
	uint8_t order[2] = { pdir, pdir ^ 1 };
	bool parsed[2] = { false, false };

	if (is_inline)
		af->flags &= (uint8_t)~AF_F_IDS;
	else {
		af->flags |= AF_F_IDS;
		order[0] = pdir ^ 1;
		order[1] = pdir;
	}
	for (int i = 0; i < 2; i++) {
		uint8_t d = order[i];
		bool eof;
		uint64_t lim = tcp_limit(f, p, d, is_inline, pdir, &eof);

		if (lim == 0 && !eof)
			continue;
		tcp_dir(ctx, af, f, d, lim, eof, res);
		parsed[d] = true;
	}
	/* a direction that waited for the other one (needed 0) */
	for (uint8_t d = 0; d < 2; d++) {
		bool eof;
		uint64_t lim;

		if (!(af->dflags[d] & AF_WAIT_OTHER) || !parsed[d ^ 1])
			continue;
		lim = tcp_limit(f, p, d, is_inline, pdir, &eof);
		if (!is_inline && stream_acked(f, (int)d) > lim)
			lim = stream_acked(f, (int)d);
		af->dflags[d] &= (uint8_t)~AF_WAIT_OTHER;
		tcp_dir(ctx, af, f, d, lim, eof, res);
	}
}

void
applayer_tcp_end_dir(struct applayer_ctx *ctx, struct applayer_flow *af,
    struct flow *f, uint8_t dir, struct applayer_packet_result *res)
{
	af->dflags[dir] &= (uint8_t)~AF_WAIT_OTHER;
	af->needed[dir] = 0;
	tcp_dir(ctx, af, f, dir, stream_end(f, (int)dir), true, res);
}

void
applayer_tcp_end(struct applayer_ctx *ctx, struct applayer_flow *af,
    struct flow *f, struct applayer_packet_result *res)
{
	for (uint8_t d = 0; d < 2; d++)
		applayer_tcp_end_dir(ctx, af, f, d, res);
}
