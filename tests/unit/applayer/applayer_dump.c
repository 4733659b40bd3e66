/* applayer_dump PROTO PCAP PORT [CHUNK]: feeds the first flow to PORT of
 * a capture to the dns or tls parser (as tests/unit/applayer/flowcap.c
 * does, in pieces of CHUNK bytes) and prints what it found, one
 * "key<TAB>value" line each: the lab and tshark comparisons read it.
 *
 *	tls: sni, version, subject, issuer, serial, fingerprint (server
 *	     certificate), chain, ja3, ja3.string, ja3s, ja3s.string, ja4,
 *	     handshake_done, event (one line per event), eve
 *	dns: per tx: tx <id> <request|response>, query <name> <type>,
 *	     rrtype and answer lines, event, eve records
 *
 * applayer_dump seed PCAP PORT OUT writes the flow as a fuzz input of
 * tests/fuzz/fuzz_dns.c and fuzz_tls.c (tests/fuzz/applayer_feed.h). */
#include "core/base.h"

#include <stdio.h>

#include <jansson.h>

#include "applayer/dns/dns.h"
#include "applayer/dns/events.h"
#include "applayer/tls/events.h"
#include "applayer/tls/tls.h"
#include "flowcap.h"

static void
print_buf(const struct applayer_parser *p, void *tx, const char *name,
    const char *key, uint8_t dir)
{
	for (size_t i = 0; i < p->nbuffers; i++) {
		const uint8_t *b;
		uint32_t len;

		if (strcmp(p->buffers[i].name, name) != 0 ||
		    p->buffers[i].get == NULL)
			continue;
		if (p->buffers[i].get(tx, dir, &b, &len))
			printf("%s\t%.*s\n", key, (int)len, (const char *)b);
	}
}

static void
print_events(const struct applayer_parser *p, void *tx)
{
	for (size_t e = 0; e < p->nevents; e++)
		if (applayer_txdata_has_event(p->tx_data(tx), (unsigned)e))
			printf("event\t%s\n", p->events[e]);
}

static void
dump_tls(void *st)
{
	const struct applayer_parser *p = &applayer_tls_parser;
	void *tx = p->tx_get(st, 0);
	json_t *o = json_object();
	char vbuf[32], *s;

	print_buf(p, tx, "tls.sni", "sni", APPLAYER_TOSERVER);
	printf("version\t%s\n", applayer_tls_version_name(
	    applayer_tls_version(tx), vbuf, sizeof(vbuf)));
	print_buf(p, tx, "tls.cert_subject", "subject", APPLAYER_TOCLIENT);
	print_buf(p, tx, "tls.cert_issuer", "issuer", APPLAYER_TOCLIENT);
	print_buf(p, tx, "tls.cert_serial", "serial", APPLAYER_TOCLIENT);
	print_buf(p, tx, "tls.cert_fingerprint", "fingerprint",
	    APPLAYER_TOCLIENT);
	printf("chain\t%u\n", applayer_tls_cert_chain_len(tx,
	    APPLAYER_TOCLIENT));
	print_buf(p, tx, "ja3.hash", "ja3", APPLAYER_TOSERVER);
	print_buf(p, tx, "ja3.string", "ja3.string", APPLAYER_TOSERVER);
	print_buf(p, tx, "ja3s.hash", "ja3s", APPLAYER_TOCLIENT);
	print_buf(p, tx, "ja3s.string", "ja3s.string", APPLAYER_TOCLIENT);
	print_buf(p, tx, "ja4.hash", "ja4", APPLAYER_TOSERVER);
	printf("handshake_done\t%s\n", applayer_tls_handshake_done(st) ?
	    "yes" : "no");
	print_events(p, tx);
	p->log_tx(st, tx, o);
	s = json_dumps(o, JSON_COMPACT);
	printf("eve\t%s\n", s);
	free(s);
	json_decref(o);
}

static void
dump_dns(void *st)
{
	const struct applayer_parser *p = &applayer_dns_parser;

	for (uint64_t i = 0; i < p->tx_count(st); i++) {
		void *tx = p->tx_get(st, i);
		const uint8_t *name;
		uint32_t len;
		uint16_t type;

		printf("tx\t%llu %s\n", (unsigned long long)p->tx_id(st, tx),
		    applayer_dns_tx_dir(tx) == APPLAYER_TOSERVER ? "request" :
		    "response");
		for (uint32_t q = 0; applayer_dns_tx_query(tx, q, &name, &len,
		    &type); q++)
			printf("query\t%.*s %u\n", (int)len, (const char *)name,
			    type);
		for (uint32_t a = 0; applayer_dns_tx_rr(tx, 0, a, &name, &len,
		    &type); a++)
			printf("answer\t%.*s %u\n", (int)len, (const char *)name,
			    type);
		print_events(p, tx);
		for (uint32_t r = 0;; r++) {
			json_t *o = json_object();
			char *s;

			if (p->log_record(st, tx, r, o) != 1) {
				json_decref(o);
				break;
			}
			s = json_dumps(o, JSON_COMPACT);
			printf("eve\t%s\n", s);
			free(s);
			json_decref(o);
		}
	}
}

static int
write_seed(const char *pcap, const char *port, const char *out)
{
	struct flowcap fc;
	FILE *f;

	if (flowcap_load(&fc, pcap, (uint16_t)strtoul(port, NULL, 10)) == -1 ||
	    (f = fopen(out, "wb")) == NULL)
		return 1;
	fwrite("QAL1", 1, 4, f);
	for (size_t i = 0; i < fc.nsegs; i++) {
		const struct flowcap_seg *sg = &fc.segs[i];

		/* a TCP segment larger than 64 KiB goes in pieces */
		for (uint32_t off = 0; off < sg->len || sg->len == 0;) {
			uint32_t n = sg->len - off > 65535 ? 65535 :
			    sg->len - off;
			uint8_t h[3] = { (uint8_t)(sg->dir | (fc.udp ? 8 : 0)),
			    (uint8_t)(n >> 8), (uint8_t)n };

			fwrite(h, 1, 3, f);
			fwrite(sg->data + off, 1, n, f);
			off += n;
			if (sg->len == 0)
				break;
		}
	}
	flowcap_free(&fc);
	return fclose(f) == 0 ? 0 : 1;
}

int
main(int argc, char **argv)
{
	const struct applayer_parser *p;
	struct applayer_tls_config cfg = { APPLAYER_TLS_ENC_DEFAULT, true,
	    true, false };
	struct flowcap fc;
	void *st;
	long calls;

	if (argc == 5 && strcmp(argv[1], "seed") == 0)
		return write_seed(argv[2], argv[3], argv[4]);
	if (argc < 4 || (strcmp(argv[1], "tls") != 0 &&
	    strcmp(argv[1], "dns") != 0)) {
		fprintf(stderr, "usage: applayer_dump tls|dns PCAP PORT "
		    "[CHUNK]\n");
		return 2;
	}
	p = argv[1][0] == 't' ? &applayer_tls_parser : &applayer_dns_parser;
	if (flowcap_load(&fc, argv[2], (uint16_t)strtoul(argv[3], NULL,
	    10)) == -1) {
		fprintf(stderr, "applayer_dump: %s: no flow to port %s\n",
		    argv[2], argv[3]);
		return 1;
	}
	if ((st = p->state_new(NULL, p == &applayer_tls_parser ? &cfg :
	    NULL)) == NULL)
		return 1;
	calls = flowcap_feed(&fc, p, st, argc > 4 ? (uint32_t)strtoul(argv[4],
	    NULL, 10) : 65536);
	printf("parse_calls\t%ld\n", calls);
	if (p == &applayer_tls_parser)
		dump_tls(st);
	else
		dump_dns(st);
	p->state_free(st);
	flowcap_free(&fc);
	return 0;
}
