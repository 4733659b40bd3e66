/* The framework's entry points: a worker's context, the per-packet
 * dispatch to TCP (tcp.c) and UDP (udp.c), the end of a flow, and the
 * generic event names. */
#include "core/base.h"

#include <netinet/in.h>
#include <strings.h>

#include "applayer/applayer_int.h"
#include "core/counters.h"
#include "core/packet.h"
#include "flow/flow.h"
#include "stream/stream.h"

static const char *const event_names[APPLAYER_EV_MAX] = {
	[APPLAYER_EV_DETECT_PROTOCOL_ONLY_ONE_DIRECTION] =
	    "applayer_detect_protocol_only_one_direction",
	[APPLAYER_EV_MISMATCH_PROTOCOL_BOTH_DIRECTIONS] =
	    "applayer_mismatch_protocol_both_directions",
	[APPLAYER_EV_NO_TLS_AFTER_STARTTLS] = "applayer_no_tls_after_starttls",
	[APPLAYER_EV_PROTO_DETECTION_SKIPPED] =
	    "applayer_proto_detection_skipped",
	[APPLAYER_EV_UNEXPECTED_PROTOCOL] = "applayer_unexpected_protocol",
	[APPLAYER_EV_WRONG_DIRECTION_FIRST_DATA] =
	    "applayer_wrong_direction_first_data",
};

const char *
applayer_event_name(enum applayer_event ev)
{
	return (unsigned)ev < APPLAYER_EV_MAX ? event_names[ev] : NULL;
}

int
applayer_event_lookup(const char *name, size_t len)
{
	for (int i = 0; i < APPLAYER_EV_MAX; i++)
		if (strlen(event_names[i]) == len &&
		    strncasecmp(event_names[i], name, len) == 0)
			return i;
	return -1;
}

struct applayer_ctx *
applayer_ctx_new(const struct applayer_config *cfg)
{
	struct applayer_ctx *ctx = calloc(1, sizeof(*ctx));

	if (ctx == NULL)
		return NULL;
	ctx->cfg = cfg;
	return ctx;
}

void
applayer_ctx_free(struct applayer_ctx *ctx)
{
	free(ctx);
}

void
applayer_ctx_set_frames(struct applayer_ctx *ctx,
    const uint32_t want[APPLAYER_PROTO_MAX])
{
	for (int pr = 0; pr < APPLAYER_PROTO_MAX; pr++)
		ctx->frames_want[pr] = want != NULL ? want[pr] : 0;
}

void
applayer_ctx_set_needs(struct applayer_ctx *ctx,
    const uint32_t needs[APPLAYER_PROTO_MAX])
{
	for (int pr = 0; pr < APPLAYER_PROTO_MAX; pr++)
		ctx->needs[pr] = needs != NULL ? needs[pr] : 0;
}

void
applayer_ctx_stats(const struct applayer_ctx *ctx, struct applayer_stats *out)
{
	const uint64_t *src = (const uint64_t *)(const void *)&ctx->st;
	uint64_t *dst = (uint64_t *)(void *)out;

	for (size_t i = 0; i < sizeof(*out) / sizeof(uint64_t); i++)
		dst[i] = counter_get(&src[i]);
}

/* Whether any protocol may be detected on ipproto. */
static bool
any_enabled(const struct applayer_config *cfg, uint8_t ipproto)
{
	for (int pr = 0; pr < APPLAYER_PROTO_MAX; pr++)
		if (applayer_config_enabled(cfg, (enum applayer_proto)pr,
		    ipproto) != APPLAYER_ENABLE_NO)
			return true;
	return false;
}

void
applayer_packet(struct applayer_ctx *ctx, struct packet *p, bool is_inline,
    struct applayer_packet_result *res)
{
	struct flow *f = p->flow;
	struct applayer_flow *af;
	uint8_t pdir = (p->flow_flags & PKT_FLOW_TO_CLIENT) ?
	    APPLAYER_TOCLIENT : APPLAYER_TOSERVER;

	res->flags = 0;
	if (f == NULL || (f->flags & FLOW_F_NO_PORTS) ||
	    (p->proto != IPPROTO_TCP && p->proto != IPPROTO_UDP) ||
	    f->proto != p->proto)
		return;
	if ((af = f->app) == NULL) {
		if (f->alproto != APPLAYER_PROTO_UNKNOWN ||
		    (p->proto == IPPROTO_TCP && f->stream == NULL) ||
		    !any_enabled(ctx->cfg, p->proto))
			return;
		if ((af = applayer_flow_get(f, ctx->cfg)) == NULL)
			return;
		if (p->proto == IPPROTO_TCP)
			stream_consumer_enable(f, STREAM_CONSUMER_APP, true);
	}
	af->pkt_events = 0;
	ctx->ts = p->ts;
	applayer_flow_cleanup(ctx, af);
	if (!(af->flags & AF_F_OFF) || af->pd_pending != 0) {
		if (af->flags & AF_F_OFF)
			;
		else if (p->proto == IPPROTO_TCP)
			applayer_tcp_packet(ctx, af, f, p, is_inline, res);
		else
			applayer_udp_packet(ctx, af, f, p, res);
	}
	/* detection of a direction is news for the first packet of that
	 * direction (PD-only rules, app-layer-protocol) */
	af->pd_pending |= af->pd_new;
	af->pd_new = 0;
	if (af->pd_pending & (1u << pdir)) {
		res->flags |= APPLAYER_PKT_PD_DONE;
		af->pd_pending &= (uint8_t)~(1u << pdir);
	}
}

void
applayer_flow_end_dir(struct applayer_ctx *ctx, struct flow *f, uint8_t dir)
{
	struct applayer_flow *af = f->app;
	struct applayer_packet_result res = { 0 };

	if (af == NULL || (af->flags & AF_F_OFF) || dir > 1 ||
	    f->proto != IPPROTO_TCP)
		return;
	ctx->ts = f->last_ts;
	applayer_tcp_end_dir(ctx, af, f, dir, &res);
}

void
applayer_flow_end(struct applayer_ctx *ctx, struct flow *f)
{
	struct applayer_flow *af = f->app;
	struct applayer_packet_result res = { 0 };

	if (af == NULL || (af->flags & AF_F_OFF))
		return;
	ctx->ts = f->last_ts;
	if (f->proto == IPPROTO_TCP)
		applayer_tcp_end(ctx, af, f, &res);
}
