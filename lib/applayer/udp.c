/* UDP: one datagram per parse() call, with protocol detection on the
 * first datagram of each direction, as Suricata's AppLayerHandleUdp:
 *
 *   - a protocol found: the flow's, unless the other direction found
 *     another first (applayer_mismatch_protocol_both_directions; the
 *     parser already has the first one's data);
 *   - nothing found (probes need more than one datagram to decide):
 *     the direction takes the other's protocol, else the flow is
 *     failed;
 *   - a probe said the data is surely not its protocol: the other
 *     direction's protocol if it has one, else the next datagram of
 *     the other direction decides.
 * Either way detection is over for both directions after the first
 * datagram. */
#include "core/base.h"

#include <netinet/in.h>

#include "applayer/applayer_int.h"
#include "core/counters.h"
#include "core/packet.h"
#include "flow/flow.h"

static bool
proto_valid(uint8_t p)
{
	return p != APPLAYER_PROTO_UNKNOWN && p != APPLAYER_PROTO_FAILED;
}

static void
udp_detect(struct applayer_ctx *ctx, struct applayer_flow *af, struct flow *f,
    const struct packet *p, uint8_t dir, struct applayer_packet_result *res)
{
	uint8_t *mine = dir == APPLAYER_TOSERVER ? &f->alproto_ts :
	    &f->alproto_tc;
	uint8_t other = dir == APPLAYER_TOSERVER ? f->alproto_tc :
	    f->alproto_ts;
	enum applayer_proto pr;
	bool reverse;

	/* one datagram decides: a probe that wants more gets no more */
	pr = applayer_detect_run(af->cfg, af, f, p->payload, p->payload_len,
	    dir, &reverse);
	switch (pr) {
	case APPLAYER_PROTO_UNKNOWN:
		if (other != APPLAYER_PROTO_UNKNOWN) {
			f->alproto = other;
			*mine = other;
		} else
			*mine = APPLAYER_PROTO_FAILED;
		break;
	case APPLAYER_PROTO_FAILED:
		*mine = APPLAYER_PROTO_FAILED;
		if (other != APPLAYER_PROTO_UNKNOWN)
			f->alproto = other;
		break;
	default:
		*mine = (uint8_t)pr;
		if (proto_valid(other)) {
			if (other != pr)
				af->pkt_events |= 1ull <<
				    APPLAYER_EV_MISMATCH_PROTOCOL_BOTH_DIRECTIONS;
		} else
			f->alproto = (uint8_t)pr;
		break;
	}
	if (other == APPLAYER_PROTO_UNKNOWN) {
		if (f->alproto == APPLAYER_PROTO_UNKNOWN)
			f->alproto = APPLAYER_PROTO_FAILED;
		if (!(af->flags & AF_F_COUNTED)) {
			af->flags |= AF_F_COUNTED;
			counter_inc(&ctx->st.flows[f->alproto]);
			counter_inc(&ctx->st.flows_udp[f->alproto]);
			if (f->alproto == APPLAYER_PROTO_FAILED)
				counter_inc(&ctx->st.failed_udp);
		}
	}
	if (proto_valid(f->alproto) && af->cur.parser == NULL &&
	    !(af->flags & AF_F_SENT))
		(void)applayer_flow_start(ctx, af, f,
		    (enum applayer_proto)f->alproto);
	af->dflags[0] |= AF_PD_DONE;
	af->dflags[1] |= AF_PD_DONE;
	af->pd_new |= 3;
	(void)res;
}

void
applayer_udp_packet(struct applayer_ctx *ctx, struct applayer_flow *af,
    struct flow *f, struct packet *p, struct applayer_packet_result *res)
{
	uint8_t dir = (p->flow_flags & PKT_FLOW_TO_CLIENT) ?
	    APPLAYER_TOCLIENT : APPLAYER_TOSERVER;
	const struct applayer_parser *ap;
	struct applayer_chunk c;
	struct applayer_result r;

	/* a datagram's frames are for its own detection only */
	applayer_frames_clear(af->frames[dir]);
	if (!p->l4_valid || p->payload == NULL || p->payload_len == 0)
		return;
	if ((dir == APPLAYER_TOSERVER ? f->alproto_ts : f->alproto_tc) ==
	    APPLAYER_PROTO_UNKNOWN)
		udp_detect(ctx, af, f, p, dir, res);
	if ((ap = af->cur.parser) == NULL || !proto_valid(f->alproto) ||
	    (af->dflags[dir] & AF_STOP))
		return;
	memset(&c, 0, sizeof(c));
	c.data = p->payload;
	c.len = p->payload_len;
	c.dir = dir;
	c.flags = APPLAYER_CHUNK_DGRAM;
	if (!(af->dflags[dir] & AF_STARTED))
		c.flags |= APPLAYER_CHUNK_START;
	c.ts = p->ts;
	c.frames = applayer_frames_get(ctx, af, f, dir);
	c.needs = ctx->needs[ap->proto];
	af->dflags[dir] |= AF_STARTED;
	af->flags |= AF_F_SENT;
	af->parses++;
	r = ap->parse(af->cur.state, &c);
	if (r.status == APPLAYER_ERROR) {
		counter_inc(&ctx->st.err_parser[ap->proto]);
		counter_inc(&ctx->st.err_parser_udp[ap->proto]);
		af->dflags[dir] |= AF_STOP;
		res->flags |= APPLAYER_PKT_ERROR;
	} else if (ap->tx_count(af->cur.state) > APPLAYER_MAX_TXS) {
		counter_inc(&ctx->st.err_internal[ap->proto]);
		counter_inc(&ctx->st.err_internal_udp[ap->proto]);
		af->dflags[dir] |= AF_STOP;
		res->flags |= APPLAYER_PKT_ERROR;
	}
}
