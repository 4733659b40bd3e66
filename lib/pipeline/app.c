#include "core/base.h"

#include "applayer/applayer.h"
#include "core/packet.h"
#include "detect/applayer.h"
#include "detect/engine.h"
#include "detect/tx.h"
#include "flow/flow.h"
#include "pipeline/app.h"

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
	if (ap != NULL)
		src.payload_tx = applayer_flow_inspect_tx;
	detect_packet_tx(dt, p, &src, res);
	applayer_detect_done(f, (p->flow_flags & PKT_FLOW_TO_CLIENT) ?
	    APPLAYER_TOCLIENT : APPLAYER_TOSERVER);
}
