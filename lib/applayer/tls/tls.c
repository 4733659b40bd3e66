/* The TLS entry of the app-layer registry. */
#include "core/base.h"

#include <stdio.h>

#include "applayer/tls/buffers.h"
#include "applayer/tls/events.h"
#include "applayer/tls/log.h"
#include "applayer/tls/state.h"
#include "applayer/tls/tls.h"
#include "applayer/tls/tls_int.h"
#include "config/config.h"

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

/* The flows' struct applayer_tls_config from the configuration:
 * encryption-handling as configured; JA3/JA3S/JA4 computed (Suricata's
 * "auto" — only when rules use them — is phase 2), JA4 not logged (eve
 * tls ja4: off, Suricata's default). */
static void *
tls_config_new(const struct quell_config *qc, char *err, size_t errlen)
{
	struct applayer_tls_config *c = calloc(1, sizeof(*c));

	if (c == NULL) {
		snprintf(err, errlen, "tls: out of memory");
		return NULL;
	}
	switch (qc->tls_encryption) {
	case CONFIG_TLS_ENC_BYPASS:
		c->encryption = APPLAYER_TLS_ENC_BYPASS;
		break;
	case CONFIG_TLS_ENC_FULL:
		c->encryption = APPLAYER_TLS_ENC_FULL;
		break;
	default:
		c->encryption = APPLAYER_TLS_ENC_DEFAULT;
		break;
	}
	c->ja3 = true;
	c->ja4 = true;
	c->log_ja4 = false;
	return c;
}

static void
tls_config_free(void *cfg)
{
	free(cfg);
}

static const char *const tls_frame_types[TLS_FRAME_MAX] = {
	[TLS_FRAME_PDU] = "pdu",
	[TLS_FRAME_HDR] = "hdr",
	[TLS_FRAME_DATA] = "data",
	[TLS_FRAME_ALERT] = "alert",
	[TLS_FRAME_HEARTBEAT] = "heartbeat",
	[TLS_FRAME_SSL2_HDR] = "ssl2.hdr",
	[TLS_FRAME_SSL2_PDU] = "ssl2.pdu",
};

const struct applayer_parser applayer_tls_parser = {
	.name = "tls",
	.proto = APPLAYER_PROTO_TLS,
	.ipprotos = APPLAYER_IPPROTO_TCP,
	.patterns = patterns,
	.npatterns = QUELL_NITEMS(patterns),
	.probe = applayer_tls_state_probe,
	.default_ports = "443",
	.config_new = tls_config_new,
	.config_free = tls_config_free,
	.state_new = applayer_tls_state_new,
	.state_free = applayer_tls_state_free,
	.parse = applayer_tls_state_parse,
	.state_flags = applayer_tls_state_flags,
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
	.frame_types = tls_frame_types,
	.nframe_types = TLS_FRAME_MAX,
	.log_tx = applayer_tls_log_tx,
	.first_dirs = TS,
};
