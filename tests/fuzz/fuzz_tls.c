/* The TLS record and handshake parser through its registry entry: the
 * two directions of a TCP stream (tests/fuzz/applayer_feed.h's input),
 * then every buffer (JA4 computed), the accessors, the eve object and
 * the probe. */
#include "core/base.h"

#include <jansson.h>

#include "applayer/tls/tls.h"
#include "applayer_feed.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct applayer_parser *p = &applayer_tls_parser;
	struct applayer_tls_config cfg = { APPLAYER_TLS_ENC_BYPASS, true, true,
	    true };
	void *st = p->state_new(NULL, &cfg);
	volatile unsigned sink;
	uint8_t rdir;
	time_t nb, na;
	char vbuf[32];

	if (st == NULL)
		return 0;
	(void)p->probe(data, (uint32_t)size, APPLAYER_TOSERVER, &rdir);
	fuzz_al_feed(p, st, data, size, false);
	sink = fuzz_al_walk(p, st);
	if (p->tx_count(st) == 1) {
		void *tx = p->tx_get(st, 0);
		json_t *o = json_object();

		sink += applayer_tls_ssl_versions(tx) +
		    applayer_tls_ssl_state(tx) +
		    applayer_tls_ssl_state_current(tx, APPLAYER_TOSERVER) +
		    applayer_tls_ssl_state_current(tx, APPLAYER_TOCLIENT) +
		    applayer_tls_cert_chain_len(tx, APPLAYER_TOCLIENT) +
		    applayer_tls_handshake_done(st) +
		    p->state_flags(st);
		for (uint8_t d = 0; d < 2; d++) {
			const char *c;

			sink += applayer_tls_dir_version(tx, d) +
			    applayer_tls_cert_seen(tx, d);
			for (int f = APPLAYER_TLS_CERT_SUBJECT;
			    f <= APPLAYER_TLS_CERT_FINGERPRINT; f++)
				if ((c = applayer_tls_cert_str(tx, d,
				    (enum applayer_tls_cert_field)f)) != NULL)
					sink += (unsigned)strlen(c);
		}
		(void)applayer_tls_version_name(applayer_tls_version(tx), vbuf,
		    sizeof(vbuf));
		(void)applayer_tls_cert_validity(tx, APPLAYER_TOSERVER, &nb,
		    &na);
		if (p->log_tx(st, tx, o) == 0) {
			char *s = json_dumps(o, JSON_COMPACT);

			free(s);
		}
		json_decref(o);
		p->tx_free(st, 0);
	}
	(void)sink;
	p->state_free(st);
	return 0;
}
