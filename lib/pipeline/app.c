#include "core/base.h"

#include "applayer/applayer.h"
#include "core/packet.h"
#include "detect/applayer.h"
#include "detect/buffer.h"
#include "detect/engine.h"
#include "detect/tx.h"
#include "flow/flow.h"
#include "pipeline/app.h"

/* detection writes up to DETECT_FRAME_DET_MAX into the frame's array */
_Static_assert(APPLAYER_FRAME_DET_MAX == DETECT_FRAME_DET_MAX,
    "a frame's rule memory must be one size on both sides");

/* The flow's frames as detection sees them (detect/tx.h). */
static bool
app_frame_get(const struct packet *p, uint8_t dir, uint32_t idx,
    struct detect_frame *out)
{
	struct applayer_frame_view v;

	if (!applayer_flow_frame(p->flow, p, dir == DETECT_TX_TOCLIENT ?
	    APPLAYER_TOCLIENT : APPLAYER_TOSERVER, idx, &v))
		return false;
	memset(out, 0, sizeof(*out));
	out->alproto = v.alproto;
	out->type = v.type;
	out->dir = dir;
	out->type_name = v.type_name;
	out->id = v.id;
	out->offset = v.offset;
	out->len = v.len;
	out->has_tx = v.has_tx;
	out->tx_id = v.tx_id;
	out->data = v.data;
	out->data_len = v.data_len;
	out->data_offset = v.data_offset;
	out->start = v.start;
	out->complete = v.complete;
	out->det = v.det;
	out->ndet = v.ndet;
	return true;
}

void
pipeline_app_detect(struct detect_thread *dt, struct packet *p,
    const struct applayer_packet_result *ar, struct detect_result *res)
{
	struct flow *f = p->flow;
	struct detect_tx_source src;
	const struct applayer_parser *ap;
	void *state = NULL;

	if (f == NULL || f->app == NULL) {
		detect_packet(dt, p, res);
		return;
	}
	memset(&src, 0, sizeof(src));
	if ((ap = applayer_flow_parser(f, &state)) != NULL)
		detect_applayer_tx_source(ap, state, &src);
	src.pd_done = (ar->flags & APPLAYER_PKT_PD_DONE) != 0;
	src.no_payload = applayer_flow_encrypted(f);
	if (ap != NULL) {
		src.payload_tx = applayer_flow_inspect_tx;
		src.frame_get = app_frame_get;
		src.walk = applayer_flow_detect_walk(f);
	}
	detect_packet_tx(dt, p, &src, res);
	applayer_detect_done(f, (p->flow_flags & PKT_FLOW_TO_CLIENT) ?
	    APPLAYER_TOCLIENT : APPLAYER_TOSERVER);
}
