/* The DNS entry of the app-layer registry. */
#include "core/base.h"

#include "applayer/dns/buffers.h"
#include "applayer/dns/dns.h"
#include "applayer/dns/events.h"
#include "applayer/dns/log.h"
#include "applayer/dns/state.h"

#include <stdio.h>
#include <stdlib.h>

#include "applayer/dns/dns_int.h"
#include "config/config.h"

/* outputs.eve-log.types.dns.version of the first eve-log section (the
 * parser's records are made once for every output). */
static void *
dns_config_new(const struct quell_config *qc, char *err, size_t errlen)
{
	struct applayer_dns_config *c = calloc(1, sizeof(*c));

	if (c == NULL) {
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	c->eve_version = qc->eve[0].dns_version == 2 ? 2 : 3;
	return c;
}

static void
dns_config_free(void *cfg)
{
	free(cfg);
}

static const char *const dns_frame_types[] = {
	[DNS_FRAME_PDU] = "pdu",
};

const struct applayer_parser applayer_dns_parser = {
	.name = "dns",
	.proto = APPLAYER_PROTO_DNS,
	.ipprotos = APPLAYER_IPPROTO_TCP | APPLAYER_IPPROTO_UDP,
	/* Suricata detects DNS by probing on its ports only */
	.patterns = NULL,
	.npatterns = 0,
	.probe = applayer_dns_state_probe_tcp,
	.probe_dgram = applayer_dns_state_probe_udp,
	.default_ports = "53",
	.config_new = dns_config_new,
	.config_free = dns_config_free,
	.state_new = applayer_dns_state_new,
	.state_free = applayer_dns_state_free,
	.parse = applayer_dns_state_parse,
	.tx_count = applayer_dns_state_tx_count,
	.tx_get = applayer_dns_state_tx_get,
	.tx_id = applayer_dns_state_tx_id,
	.tx_free = applayer_dns_state_tx_free,
	.tx_progress = applayer_dns_state_tx_progress,
	.complete = { 1, 1 },
	.tx_data = applayer_dns_state_tx_data,
	.events = applayer_dns_event_names,
	.nevents = DNS_EV_MAX,
	.buffers = applayer_dns_buffers,
	.nbuffers = APPLAYER_DNS_NBUFFERS,
	.frame_types = dns_frame_types,
	.nframe_types = QUELL_NITEMS(dns_frame_types),
	.log_tx = applayer_dns_log_tx,
	.log_record = applayer_dns_log_record,
};
