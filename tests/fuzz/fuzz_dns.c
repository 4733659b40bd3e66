/* The DNS parser through its registry entry: datagrams and TCP streams
 * (tests/fuzz/applayer_feed.h's input), then every buffer, accessor,
 * eve record (versions 3 and 2, by the input's length) and the
 * probes; transactions freed as the framework
 * would, oldest first. */
#include "core/base.h"

#include <jansson.h>

#include "applayer/dns/dns.h"
#include "applayer/dns/dns_int.h"
#include "applayer_feed.h"
#include "fuzz.h"

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const struct applayer_dns_config v2 = { .eve_version = 2 };
	const struct applayer_parser *p = &applayer_dns_parser;
	/* eve version 3 (the default) or 2, by the input's length */
	void *st = p->state_new(NULL, size % 2 ? &v2 : NULL);
	volatile unsigned sink;
	uint8_t rdir;

	if (st == NULL)
		return 0;
	(void)p->probe(data, (uint32_t)size, APPLAYER_TOSERVER, &rdir);
	(void)p->probe_dgram(data, (uint32_t)size, APPLAYER_TOCLIENT, &rdir);
	fuzz_al_feed(p, st, data, size, true);
	sink = fuzz_al_walk(p, st);
	for (uint64_t i = 0; i < p->tx_count(st); i++) {
		void *tx = p->tx_get(st, i);
		const uint8_t *name;
		uint32_t len;
		uint16_t u16;
		uint8_t u8;
		json_t *o = json_object();

		(void)applayer_dns_tx_dir(tx);
		(void)applayer_dns_tx_id(tx, &u16);
		(void)applayer_dns_tx_opcode(tx, &u8);
		(void)applayer_dns_tx_rcode(tx, &u8);
		for (uint32_t q = 0; applayer_dns_tx_query(tx, q, &name, &len,
		    &u16); q++)
			sink += len;
		for (unsigned s = 0; s < 3; s++)
			for (uint32_t a = 0; applayer_dns_tx_rr(tx, s, a, &name,
			    &len, &u16); a++)
				sink += len + (applayer_dns_rrtype_name(u16) !=
				    NULL);
		if (p->log_tx(st, tx, o) == 0) {
			char *s = json_dumps(o, JSON_COMPACT);

			free(s);
		}
		json_decref(o);
		for (uint32_t r = 0; r < 70000; r++) {
			o = json_object();
			if (p->log_record(st, tx, r, o) != 1) {
				json_decref(o);
				break;
			}
			json_decref(o);
		}
	}
	while (p->tx_count(st) > 0)
		p->tx_free(st, p->tx_id(st, p->tx_get(st, 0)));
	(void)sink;
	p->state_free(st);
	return 0;
}
