/* Suricata 7's eve anomaly logger: the events a packet raised (decoder,
 * stream, app layer) and those its flow's transactions raised since the
 * last call, as "anomaly" records (output/eve.h output_eve_anomaly), for
 * the kinds some eve-log output takes (types.anomaly.types). */
#ifndef QUELL_OUTPUT_ANOMALY_H
#define QUELL_OUTPUT_ANOMALY_H

#include "core/base.h"

struct flow;
struct output_eve;
struct packet;

/* After packet p went through the pipeline: its decoder and stream
 * events in the order raised, the app layer's own events on it (layer
 * proto_detect), then its flow's transaction events not reported yet
 * (layer proto_parser; each once). p->flow's app state is updated. */
void	output_anomaly_packet(struct output_eve *, size_t producer,
	    struct packet *p);
/* At the end of flow f: its transactions' events not reported yet,
 * with a flow-end header. */
void	output_anomaly_flow(struct output_eve *, size_t producer,
	    struct flow *f);

/* Suricata's event name of app-layer event ev of the protocol called
 * proto ("http", "dns", ...), as its parser spells it: upper case for
 * the C parsers of Suricata 7 (http, tls), as given for the others;
 * into buf. */
const char *output_anomaly_event_name(const char *proto, const char *name,
	    char *buf, size_t len);

#endif
