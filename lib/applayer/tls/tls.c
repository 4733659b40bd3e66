/* The TLS entry of the app-layer registry. */
#include "core/base.h"

#include "applayer/tls/buffers.h"
#include "applayer/tls/events.h"
#include "applayer/tls/log.h"
#include "applayer/tls/state.h"
#include "applayer/tls/tls.h"

#define TS	(1u << APPLAYER_TOSERVER)
#define TC	(1u << APPLAYER_TOCLIENT)

/* Suricata's (app-layer-ssl.c RegisterSSLParsers): SSLv2-style hellos,
 * then a handshake record of SSLv3 ... TLS 1.2 from either side. */
static const struct applayer_pattern patterns[] = {
	{ "\x01\x00\x02", 3, 2, 5, TS, false },
	{ "\x00\x02", 2, 5, 7, TC, false },
	{ "\x01\x03\x00", 3, 2, 5, TS, false },
	{ "\x16\x03\x00", 3, 0, 3, TS | TC, false },
	{ "\x01\x03\x01", 3, 2, 5, TS, false },
	{ "\x16\x03\x01", 3, 0, 3, TS | TC, false },
	{ "\x01\x03\x02", 3, 2, 5, TS, false },
	{ "\x16\x03\x02", 3, 0, 3, TS | TC, false },
	{ "\x01\x03\x03", 3, 2, 5, TS, false },
	{ "\x16\x03\x03", 3, 0, 3, TS | TC, false },
};

const struct applayer_parser applayer_tls_parser = {
	.name = "tls",
	.proto = APPLAYER_PROTO_TLS,
	.ipprotos = APPLAYER_IPPROTO_TCP,
	.patterns = patterns,
	.npatterns = QUELL_NITEMS(patterns),
	.probe = applayer_tls_state_probe,
	.default_ports = "443",
	.state_new = applayer_tls_state_new,
	.state_free = applayer_tls_state_free,
	.parse = applayer_tls_state_parse,
	.tx_count = applayer_tls_state_tx_count,
	.tx_get = applayer_tls_state_tx_get,
	.tx_id = applayer_tls_state_tx_id,
	.tx_free = applayer_tls_state_tx_free,
	.tx_progress = applayer_tls_state_tx_progress,
	.complete = { TLS_PROGRESS_FINISHED, TLS_PROGRESS_FINISHED },
	.tx_data = applayer_tls_state_tx_data,
	.events = applayer_tls_event_names,
	.nevents = TLS_EV_MAX,
	.buffers = applayer_tls_buffers,
	.nbuffers = APPLAYER_TLS_NBUFFERS,
	.log_tx = applayer_tls_log_tx,
};
