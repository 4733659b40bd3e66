#include "core/base.h"

#include <ctype.h>
#include <stdio.h>

#include "applayer/applayer.h"
#include "core/packet.h"
#include "decode/events.h"
#include "flow/flow.h"
#include "output/anomaly.h"
#include "output/eve.h"

/* Event names of at most this many bytes ("decoder." + the longest). */
#define ANOMALY_NAME_LEN	96

struct anomaly_ctx {
	struct output_eve *eve;
	size_t		 producer;
	const struct packet *p;
	const struct flow *f;
};

/* name into buf (len > 0), upper case when upper. */
static const char *
anomaly_name_copy(const char *name, bool upper, char *buf, size_t len)
{
	size_t i;

	for (i = 0; name[i] != '\0' && i + 1 < len; i++)
		buf[i] = upper ? (char)toupper((unsigned char)name[i]) :
		    name[i];
	buf[i] = '\0';
	return buf;
}

const char *
output_anomaly_event_name(const char *proto, const char *name, char *buf,
    size_t len)
{
	/* Suricata 7.0's libhtp and TLS parsers are C, their event tables
	 * upper case; its Rust parsers' (dns, ssh, ...) lower case */
	return anomaly_name_copy(name, strcmp(proto, "http") == 0 ||
	    strcmp(proto, "tls") == 0, buf, len);
}

static void
anomaly_tx_event(void *arg, const struct applayer_parser *ap, uint64_t tx_id,
    unsigned ev)
{
	struct anomaly_ctx *c = arg;
	struct output_eve_anomaly an = { .type = "applayer",
	    .layer = "proto_parser", .has_tx = true, .tx_id = tx_id };
	char name[ANOMALY_NAME_LEN];

	if (ev >= ap->nevents || ap->events[ev] == NULL)
		return;
	an.app_proto = applayer_proto_name(c->f->alproto);
	an.event = output_anomaly_event_name(ap->name, ap->events[ev], name,
	    sizeof(name));
	output_eve_anomaly(c->eve, c->producer, c->p, c->f, &an);
}

void
output_anomaly_packet(struct output_eve *eve, size_t producer,
    struct packet *p)
{
	const struct output_eve_opts *o = output_eve_opts(eve);
	const uint8_t *list = (const uint8_t *)&p->events[DECODE_EV_WORDS];
	struct anomaly_ctx c = { eve, producer, p, p->flow };
	char name[ANOMALY_NAME_LEN];

	for (unsigned i = 0; (o->anomaly_decode || o->anomaly_stream) &&
	    i < list[0] && i < DECODE_EV_LIST_MAX; i++) {
		enum decode_event ev = (enum decode_event)list[1 + i];
		struct output_eve_anomaly an = { 0 };
		const char *n = decode_event_name(ev);

		if (n == NULL)
			continue;
		if (ev < DECODE_EV_MAX) {
			if (!o->anomaly_decode)
				continue;
			an.type = "decode";
			snprintf(name, sizeof(name), "decoder.%s", n);
			an.event = name;
		} else {
			if (!o->anomaly_stream)
				continue;
			an.type = "stream";
			an.event = n;
		}
		output_eve_anomaly(eve, producer, p, NULL, &an);
	}
	if (!o->anomaly_applayer || p->flow == NULL || p->flow->app == NULL)
		return;
	for (int ev = 0; ev < APPLAYER_EV_MAX; ev++) {
		struct output_eve_anomaly an = { .type = "applayer",
		    .layer = "proto_detect" };
		const char *n;

		if (!applayer_flow_event(p->flow, (enum applayer_event)ev) ||
		    (n = applayer_event_name((enum applayer_event)ev)) == NULL)
			continue;
		an.app_proto = applayer_proto_name(p->flow->alproto);
		/* Suricata's app-layer-events table is upper case */
		an.event = anomaly_name_copy(n, true, name, sizeof(name));
		output_eve_anomaly(eve, producer, p, NULL, &an);
	}
	applayer_flow_tx_events(p->flow, anomaly_tx_event, &c);
}

void
output_anomaly_flow(struct output_eve *eve, size_t producer, struct flow *f)
{
	struct anomaly_ctx c = { eve, producer, NULL, f };

	if (!output_eve_opts(eve)->anomaly_applayer || f->app == NULL)
		return;
	applayer_flow_tx_events(f, anomaly_tx_event, &c);
}
