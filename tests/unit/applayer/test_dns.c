/* The DNS parser on real captures (suricata-verify pcaps, MIT: see
 * tests/data/verify/LICENSE.txt), fed as the framework would, TCP in
 * chunks of every size down to 1 byte; eve records compared with what
 * Suricata 7.0.6 wrote for the same capture; malformed messages raising
 * their events. */
#include "core/base.h"

#include <check.h>
#include <jansson.h>

#include "applayer/dns/dns.h"
#include "applayer/dns/dns_int.h"
#include "applayer/dns/events.h"
#include "applayer/dns/message.h"
#include "applayer/parser.h"
#include "flowcap.h"
#include "suites.h"

static const struct applayer_parser *P = &applayer_dns_parser;

/* The records below are Suricata 7.0.6's: eve version 2. */
static const struct applayer_dns_config v2 = { .eve_version = 2 };

/* Suricata 7.0.6's eve "dns" records (jq -c .dns) for the captures. */
static const char *const ref_tcp_4759[] = {
	"{\"type\":\"query\",\"id\":24163,\"rrname\":\"google.com\",\"rrtype\":\"A\",\"tx_id\":0,\"opcode\":0}",
	"{\"version\":2,\"type\":\"answer\",\"id\":24163,\"flags\":\"8180\",\"qr\":true,\"rd\":true,\"ra\":true,\"opcode\":0,\"rrname\":\"google.com\",\"rrtype\":\"A\",\"rcode\":\"NOERROR\",\"answers\":[{\"rrname\":\"google.com\",\"rrtype\":\"A\",\"ttl\":166,\"rdata\":\"74.125.228.46\"},{\"rrname\":\"google.com\",\"rrtype\":\"A\",\"ttl\":166,\"rdata\":\"74.125.228.32\"},{\"rrname\":\"google.com\",\"rrtype\":\"A\",\"ttl\":166,\"rdata\":\"74.125.228.33\"},{\"rrname\":\"google.com\",\"rrtype\":\"A\",\"ttl\":166,\"rdata\":\"74.125.228.34\"},{\"rrname\":\"google.com\",\"rrtype\":\"A\",\"ttl\":166,\"rdata\":\"74.125.228.35\"},{\"rrname\":\"google.com\",\"rrtype\":\"A\",\"ttl\":166,\"rdata\":\"74.125.228.36\"},{\"rrname\":\"google.com\",\"rrtype\":\"A\",\"ttl\":166,\"rdata\":\"74.125.228.37\"},{\"rrname\":\"google.com\",\"rrtype\":\"A\",\"ttl\":166,\"rdata\":\"74.125.228.38\"},{\"rrname\":\"google.com\",\"rrtype\":\"A\",\"ttl\":166,\"rdata\":\"74.125.228.39\"},{\"rrname\":\"google.com\",\"rrtype\":\"A\",\"ttl\":166,\"rdata\":\"74.125.228.40\"},{\"rrname\":\"google.com\",\"rrtype\":\"A\",\"ttl\":166,\"rdata\":\"74.125.228.41\"}],\"grouped\":{\"A\":[\"74.125.228.46\",\"74.125.228.32\",\"74.125.228.33\",\"74.125.228.34\",\"74.125.228.35\",\"74.125.228.36\",\"74.125.228.37\",\"74.125.228.38\",\"74.125.228.39\",\"74.125.228.40\",\"74.125.228.41\"]},\"authorities\":[{\"rrname\":\"google.com\",\"rrtype\":\"NS\",\"ttl\":1051,\"rdata\":\"ns4.google.com\"},{\"rrname\":\"google.com\",\"rrtype\":\"NS\",\"ttl\":1051,\"rdata\":\"ns2.google.com\"},{\"rrname\":\"google.com\",\"rrtype\":\"NS\",\"ttl\":1051,\"rdata\":\"ns3.google.com\"},{\"rrname\":\"google.com\",\"rrtype\":\"NS\",\"ttl\":1051,\"rdata\":\"ns1.google.com\"}]}",
};
static const char *const ref_udp_2158[] = {
	"{\"type\":\"query\",\"id\":36815,\"rrname\":\"drivres-update.info\",\"rrtype\":\"A\",\"tx_id\":0,\"opcode\":0}",
	"{\"version\":2,\"type\":\"answer\",\"id\":36815,\"flags\":\"8180\",\"qr\":true,\"rd\":true,\"ra\":true,\"opcode\":0,\"rrname\":\"drivres-update.info\",\"rrtype\":\"A\",\"rcode\":\"NOERROR\"}",
	"{\"type\":\"query\",\"id\":52300,\"rrname\":\"softupdates.info\",\"rrtype\":\"A\",\"tx_id\":2,\"opcode\":0}",
	"{\"version\":2,\"type\":\"answer\",\"id\":52300,\"flags\":\"8183\",\"qr\":true,\"rd\":true,\"ra\":true,\"opcode\":0,\"rrname\":\"softupdates.info\",\"rrtype\":\"A\",\"rcode\":\"NXDOMAIN\",\"authorities\":[{\"rrname\":\"info\",\"rrtype\":\"SOA\",\"ttl\":899,\"soa\":{\"mname\":\"a0.info.afilias-nst.info\",\"rname\":\"noc.afilias-nst.info\",\"serial\":2011030892,\"refresh\":3600,\"retry\":1800,\"expire\":604800,\"minimum\":3600}}]}",
};
static const char *const ref_udp_opcode[] = {
	"{\"type\":\"query\",\"id\":38504,\"rrname\":\"bortzmeyer.42\",\"rrtype\":\"SOA\",\"tx_id\":0,\"opcode\":4}",
	"{\"version\":2,\"type\":\"answer\",\"id\":38504,\"flags\":\"a400\",\"qr\":true,\"aa\":true,\"opcode\":4,\"rrname\":\"bortzmeyer.42\",\"rrtype\":\"SOA\",\"rcode\":\"NOERROR\"}",
};
static const char *const ref_udp_zbit[] = {
	"{\"type\":\"query\",\"id\":1,\"rrname\":\"www.google.com\",\"rrtype\":\"A\",\"tx_id\":0,\"z\":true,\"opcode\":0}",
	"{\"version\":2,\"type\":\"answer\",\"id\":1,\"flags\":\"8180\",\"qr\":true,\"rd\":true,\"ra\":true,\"opcode\":0,\"rrname\":\"www.google.com\",\"rrtype\":\"A\",\"rcode\":\"NOERROR\",\"answers\":[{\"rrname\":\"www.google.com\",\"rrtype\":\"A\",\"ttl\":58,\"rdata\":\"142.251.32.68\"}],\"grouped\":{\"A\":[\"142.251.32.68\"]}}",
};

static void *
load_and_feed(const char *file, uint16_t port, uint32_t chunk,
    struct flowcap *fc)
{
	void *st;

	ck_assert_int_eq(flowcap_load(fc, flowcap_path(file), port), 0);
	ck_assert_ptr_nonnull(st = P->state_new(NULL, &v2));
	ck_assert_int_ge(flowcap_feed(fc, P, st, chunk), 1);
	return st;
}

/* Every eve record of every tx, in tx order, against ref[]. */
static void
check_records(void *st, const char *const *ref, size_t nref)
{
	size_t n = 0;

	for (uint64_t i = 0; i < P->tx_count(st); i++) {
		void *tx = P->tx_get(st, i);

		for (uint32_t r = 0;; r++) {
			json_t *o = json_object();
			char *s;
			int rc = P->log_record(st, tx, r, o);

			ck_assert_int_ge(rc, 0);
			if (rc == 0) {
				json_decref(o);
				break;
			}
			s = json_dumps(o, JSON_COMPACT);
			ck_assert_uint_lt(n, nref);
			ck_assert_str_eq(s, ref[n]);
			n++;
			free(s);
			json_decref(o);
		}
	}
	ck_assert_uint_eq(n, nref);
}

static void
check_query(void *tx, uint32_t idx, const char *want)
{
	const uint8_t *b;
	uint32_t len;

	ck_assert(P->buffers[0].get_multi(tx, APPLAYER_TOSERVER, idx, &b,
	    &len));
	ck_assert_uint_eq(len, strlen(want));
	ck_assert(memcmp(b, want, len) == 0);
}

START_TEST(test_dns_tcp_every_chunk_size)
{
	struct flowcap fc;
	void *st, *tx;
	uint32_t total;
	const uint8_t *b;
	uint32_t len;
	uint8_t opcode;

	ck_assert_int_eq(flowcap_load(&fc, flowcap_path(
	    "verify/issue-4759-tcpdns.pcap"), 53), 0);
	ck_assert(!fc.udp);
	total = (uint32_t)(fc.bytes[0] + fc.bytes[1]);
	flowcap_free(&fc);
	for (uint32_t chunk = 1; chunk <= total; chunk++) {
		st = load_and_feed("verify/issue-4759-tcpdns.pcap", 53, chunk,
		    &fc);
		ck_assert_uint_eq(P->tx_count(st), 2);
		tx = P->tx_get(st, 0);
		ck_assert_uint_eq(P->tx_id(st, tx), 0);
		ck_assert_uint_eq(applayer_dns_tx_dir(tx), APPLAYER_TOSERVER);
		check_query(tx, 0, "google.com");
		ck_assert(!P->buffers[0].get_multi(tx, APPLAYER_TOSERVER, 1,
		    &b, &len));
		ck_assert(applayer_dns_tx_opcode(tx, &opcode));
		ck_assert_uint_eq(opcode, 0);
		tx = P->tx_get(st, 1);
		ck_assert_uint_eq(applayer_dns_tx_dir(tx), APPLAYER_TOCLIENT);
		/* dns.query is a request buffer (Suricata 7: to-server) */
		ck_assert(!P->buffers[0].get_multi(tx, APPLAYER_TOCLIENT, 0,
		    &b, &len));
		for (unsigned e = 0; e < DNS_EV_MAX; e++)
			ck_assert(!applayer_txdata_has_event(P->tx_data(tx), e));
		check_records(st, ref_tcp_4759, QUELL_NITEMS(ref_tcp_4759));
		P->state_free(st);
		flowcap_free(&fc);
	}
}
END_TEST

START_TEST(test_dns_udp_nxdomain_soa_as_suricata)
{
	struct flowcap fc;
	void *st = load_and_feed("verify/bug-2158-public-ex1_section8_Sofacy.pcap",
	    53, 1, &fc);

	ck_assert(fc.udp);
	check_records(st, ref_udp_2158, QUELL_NITEMS(ref_udp_2158));
	check_query(P->tx_get(st, 0), 0, "drivres-update.info");
	P->state_free(st);
	flowcap_free(&fc);
}
END_TEST

START_TEST(test_dns_udp_notify_opcode)
{
	struct flowcap fc;
	void *st = load_and_feed("verify/dns-opcode-dns-notify.pcap", 53, 1,
	    &fc);
	uint8_t opcode;
	uint16_t rrtype;
	const uint8_t *name;
	uint32_t len;

	ck_assert(applayer_dns_tx_opcode(P->tx_get(st, 0), &opcode));
	ck_assert_uint_eq(opcode, 4);
	ck_assert(applayer_dns_tx_query(P->tx_get(st, 0), 0, &name, &len,
	    &rrtype));
	ck_assert_uint_eq(rrtype, 6);
	check_records(st, ref_udp_opcode, QUELL_NITEMS(ref_udp_opcode));
	P->state_free(st);
	flowcap_free(&fc);
}
END_TEST

START_TEST(test_dns_z_flag_raises_event)
{
	struct flowcap fc;
	void *st = load_and_feed("verify/dns-z-bit-input.pcap", 53, 1, &fc);

	ck_assert(applayer_txdata_has_event(P->tx_data(P->tx_get(st, 0)),
	    DNS_EV_Z_FLAG_SET));
	ck_assert(!applayer_txdata_has_event(P->tx_data(P->tx_get(st, 1)),
	    DNS_EV_Z_FLAG_SET));
	check_records(st, ref_udp_zbit, QUELL_NITEMS(ref_udp_zbit));
	P->state_free(st);
	flowcap_free(&fc);
}
END_TEST

/* Version 3 (the default: no config), Suricata 8's one object per
 * message, in dns records and alerts alike; the z bit and the
 * question list as the dns-z-bit conformance case checks them. */
START_TEST(test_dns_eve_version_3)
{
	static const char *const want[] = {
		"{\"version\":3,\"type\":\"request\",\"tx_id\":0,\"id\":1,\"flags\":\"140\",\"rd\":true,\"z\":true,\"opcode\":0,\"rcode\":\"NOERROR\",\"queries\":[{\"rrname\":\"www.google.com\",\"rrtype\":\"A\"}]}",
		"{\"version\":3,\"type\":\"response\",\"tx_id\":1,\"id\":1,\"flags\":\"8180\",\"qr\":true,\"rd\":true,\"ra\":true,\"opcode\":0,\"rcode\":\"NOERROR\",\"queries\":[{\"rrname\":\"www.google.com\",\"rrtype\":\"A\"}],\"answers\":[{\"rrname\":\"www.google.com\",\"rrtype\":\"A\",\"ttl\":58,\"rdata\":\"142.251.32.68\"}],\"grouped\":{\"A\":[\"142.251.32.68\"]}}",
	};
	struct flowcap fc;
	void *st;

	ck_assert_int_eq(flowcap_load(&fc, flowcap_path(
	    "verify/dns-z-bit-input.pcap"), 53), 0);
	ck_assert_ptr_nonnull(st = P->state_new(NULL, NULL));
	ck_assert_int_ge(flowcap_feed(&fc, P, st, 65536), 1);
	check_records(st, want, QUELL_NITEMS(want));
	for (uint64_t i = 0; i < P->tx_count(st); i++) {
		json_t *o = json_object();
		char *a;

		/* alerts carry the same object */
		ck_assert_int_eq(P->log_tx(st, P->tx_get(st, i), o), 0);
		a = json_dumps(o, JSON_COMPACT);
		ck_assert_str_eq(a, want[i]);
		free(a);
		json_decref(o);
	}
	P->state_free(st);
	flowcap_free(&fc);
}
END_TEST

START_TEST(test_dns_invalid_opcode_both_directions)
{
	struct flowcap fc;
	void *st = load_and_feed("verify/dns-invalid-opcode-input.pcap", 53,
	    1, &fc);

	ck_assert_uint_eq(P->tx_count(st), 2);
	ck_assert(applayer_txdata_has_event(P->tx_data(P->tx_get(st, 0)),
	    DNS_EV_INVALID_OPCODE));
	ck_assert(applayer_txdata_has_event(P->tx_data(P->tx_get(st, 1)),
	    DNS_EV_INVALID_OPCODE));
	P->state_free(st);
	flowcap_free(&fc);
}
END_TEST

/* poc2.pcap: one TCP request with names of 7,761 bytes: cut at 1,025
 * with NAME_TOO_LONG, the message still decoded. */
START_TEST(test_dns_long_name_cut_with_event)
{
	struct flowcap fc;
	void *st = load_and_feed("verify/dns-truncated-rname-poc2.pcap", 1053,
	    7, &fc);
	const uint8_t *name;
	uint32_t len;
	uint16_t rrtype;
	void *tx;

	ck_assert_uint_ge(P->tx_count(st), 1);
	tx = P->tx_get(st, 0);
	ck_assert(applayer_txdata_has_event(P->tx_data(tx),
	    DNS_EV_NAME_TOO_LONG));
	ck_assert(applayer_dns_tx_query(tx, 0, &name, &len, &rrtype));
	ck_assert_uint_eq(len, DNS_NAME_MAX);
	ck_assert_uint_eq(rrtype, 16);
	ck_assert(memcmp(name, "123456789abcdef123456789abcdef.", 31) == 0);
	P->state_free(st);
	flowcap_free(&fc);
}
END_TEST

/* ---- hand-made malformed messages, one datagram each ---- */

static void *
udp_one(const uint8_t *msg, size_t len, uint8_t dir)
{
	struct applayer_chunk c;
	struct applayer_result r;
	uint8_t *copy = malloc(len ? len : 1);
	void *st = P->state_new(NULL, NULL);

	memcpy(copy, msg, len);
	memset(&c, 0, sizeof(c));
	c.data = copy;
	c.len = (uint32_t)len;
	c.dir = dir;
	c.flags = APPLAYER_CHUNK_DGRAM;
	r = P->parse(st, &c);
	ck_assert_int_eq(r.status, APPLAYER_OK);
	free(copy);
	ck_assert_uint_eq(P->tx_count(st), 1);
	return st;
}

static bool
has_ev(void *st, unsigned ev)
{
	return applayer_txdata_has_event(P->tx_data(P->tx_get(st, 0)), ev);
}

#define HDR(qd, an, ns, ar) 0x12, 0x34, 0x01, 0x00, 0, qd, 0, an, 0, ns, 0, ar

START_TEST(test_dns_short_header_is_malformed)
{
	static const uint8_t m[] = { 0x12, 0x34, 0x01 };
	void *st = udp_one(m, sizeof(m), APPLAYER_TOSERVER);
	const uint8_t *b;
	uint32_t len;

	ck_assert(has_ev(st, DNS_EV_MALFORMED_DATA));
	ck_assert(!P->buffers[0].get_multi(P->tx_get(st, 0),
	    APPLAYER_TOSERVER, 0, &b, &len));
	P->state_free(st);
}
END_TEST

START_TEST(test_dns_question_count_lie_is_malformed)
{
	/* claims 255 questions, carries one */
	static const uint8_t m[] = { HDR(255, 0, 0, 0), 1, 'a', 0, 0, 1, 0, 1 };
	void *st = udp_one(m, sizeof(m), APPLAYER_TOSERVER);

	ck_assert(has_ev(st, DNS_EV_MALFORMED_DATA));
	P->state_free(st);
}
END_TEST

START_TEST(test_dns_pointer_loop_raises_infinite_loop)
{
	/* the question name points at itself */
	static const uint8_t m[] = { HDR(1, 0, 0, 0), 0xc0, 12, 0, 1, 0, 1 };
	void *st = udp_one(m, sizeof(m), APPLAYER_TOSERVER);

	ck_assert(has_ev(st, DNS_EV_INFINITE_LOOP));
	ck_assert(has_ev(st, DNS_EV_MALFORMED_DATA));
	P->state_free(st);
}
END_TEST

START_TEST(test_dns_pointer_past_message_is_malformed)
{
	static const uint8_t m[] = { HDR(1, 0, 0, 0), 0xc0, 200, 0, 1, 0, 1 };
	void *st = udp_one(m, sizeof(m), APPLAYER_TOSERVER);

	ck_assert(has_ev(st, DNS_EV_MALFORMED_DATA));
	ck_assert(!has_ev(st, DNS_EV_INFINITE_LOOP));
	P->state_free(st);
}
END_TEST

START_TEST(test_dns_reserved_label_type_is_malformed)
{
	static const uint8_t m[] = { HDR(1, 0, 0, 0), 0x41, 'a', 0, 0, 1, 0, 1 };
	void *st = udp_one(m, sizeof(m), APPLAYER_TOSERVER);

	ck_assert(has_ev(st, DNS_EV_MALFORMED_DATA));
	P->state_free(st);
}
END_TEST

START_TEST(test_dns_too_many_labels)
{
	uint8_t m[12 + 256 * 2 + 1 + 4] = { HDR(1, 0, 0, 0) };
	size_t n = 12;
	void *st;

	for (int i = 0; i < 256; i++) {
		m[n++] = 1;
		m[n++] = 'x';
	}
	m[n++] = 0;
	m[n++] = 0, m[n++] = 1, m[n++] = 0, m[n++] = 1;
	st = udp_one(m, n, APPLAYER_TOSERVER);
	ck_assert(has_ev(st, DNS_EV_TOO_MANY_LABELS));
	P->state_free(st);
}
END_TEST

START_TEST(test_dns_label_past_end_is_malformed)
{
	static const uint8_t m[] = { HDR(1, 0, 0, 0), 60, 'a', 'b', 0, 1, 0, 1 };
	void *st = udp_one(m, sizeof(m), APPLAYER_TOSERVER);

	ck_assert(has_ev(st, DNS_EV_MALFORMED_DATA));
	P->state_free(st);
}
END_TEST

START_TEST(test_dns_response_to_server_is_not_request)
{
	static const uint8_t m[] = { 0, 1, 0x81, 0x80, 0, 1, 0, 0, 0, 0, 0, 0,
	    1, 'a', 0, 0, 1, 0, 1 };
	void *st = udp_one(m, sizeof(m), APPLAYER_TOSERVER);

	ck_assert(has_ev(st, DNS_EV_NOT_REQUEST));
	ck_assert(!has_ev(st, DNS_EV_MALFORMED_DATA));
	P->state_free(st);
}
END_TEST

START_TEST(test_dns_query_to_client_is_not_response)
{
	static const uint8_t m[] = { HDR(1, 0, 0, 0), 1, 'a', 0, 0, 1, 0, 1 };
	void *st = udp_one(m, sizeof(m), APPLAYER_TOCLIENT);

	ck_assert(has_ev(st, DNS_EV_NOT_RESPONSE));
	P->state_free(st);
}
END_TEST

START_TEST(test_dns_broken_additional_keeps_answers)
{
	/* one answer A 1.2.3.4, then an additional that runs off the end */
	static const uint8_t m[] = { 0, 1, 0x81, 0x80, 0, 1, 0, 1, 0, 0, 0, 1,
	    1, 'a', 0, 0, 1, 0, 1,
	    0xc0, 12, 0, 1, 0, 1, 0, 0, 0, 9, 0, 4, 1, 2, 3, 4,
	    0xc0, 12, 0, 1, 0, 1, 0, 0, 0, 9, 0, 40, 1 };
	void *st = udp_one(m, sizeof(m), APPLAYER_TOCLIENT);
	const uint8_t *name;
	uint32_t len;
	uint16_t type;

	ck_assert(has_ev(st, DNS_EV_INVALID_ADDITIONALS));
	ck_assert(!has_ev(st, DNS_EV_MALFORMED_DATA));
	ck_assert(applayer_dns_tx_rr(P->tx_get(st, 0), 0, 0, &name, &len,
	    &type));
	ck_assert_uint_eq(len, 1);
	ck_assert_uint_eq(type, 1);
	P->state_free(st);
}
END_TEST

START_TEST(test_dns_tcp_gap_resyncs_on_next_message)
{
	static const uint8_t msg[] = { 0, 19, HDR(1, 0, 0, 0), 1, 'a', 0, 0, 1,
	    0, 1 };
	uint8_t junk[40];
	struct applayer_chunk c;
	struct applayer_result r;
	void *st = P->state_new(NULL, NULL);

	memset(junk, 0xee, sizeof(junk));
	memset(&c, 0, sizeof(c));
	c.flags = APPLAYER_CHUNK_GAP;
	c.len = 100;
	r = P->parse(st, &c);
	ck_assert_int_eq(r.status, APPLAYER_OK);
	c.flags = 0;
	c.data = junk;
	c.len = sizeof(junk);
	r = P->parse(st, &c);
	ck_assert_int_eq(r.status, APPLAYER_OK);
	ck_assert_uint_eq(P->tx_count(st), 0);
	c.data = msg;
	c.len = sizeof(msg);
	r = P->parse(st, &c);
	ck_assert_int_eq(r.status, APPLAYER_OK);
	ck_assert_uint_eq(P->tx_count(st), 1);
	check_query(P->tx_get(st, 0), 0, "a");
	P->state_free(st);
}
END_TEST

START_TEST(test_dns_probe)
{
	static const uint8_t q[] = { HDR(1, 0, 0, 0), 1, 'a', 0, 0, 1, 0, 1 };
	static const uint8_t tcp[] = { 0, 19, HDR(1, 0, 0, 0), 1, 'a', 0, 0,
	    1, 0, 1 };
	static const uint8_t resp[] = { 0, 1, 0x81, 0x80, 0, 1, 0, 0, 0, 0, 0,
	    0, 1, 'a', 0, 0, 1, 0, 1 };
	uint8_t rdir = 9;

	ck_assert_int_eq(P->probe_dgram(q, sizeof(q), APPLAYER_TOSERVER,
	    &rdir), APPLAYER_PROTO_DNS);
	ck_assert_uint_eq(rdir, 0);
	ck_assert_int_eq(P->probe_dgram(resp, sizeof(resp), APPLAYER_TOSERVER,
	    &rdir), APPLAYER_PROTO_DNS);
	ck_assert_uint_eq(rdir, 1);
	ck_assert_int_eq(P->probe_dgram((const uint8_t *)"GET / HTTP/1.1\r\n",
	    16, APPLAYER_TOSERVER, &rdir), APPLAYER_PROTO_FAILED);
	ck_assert_int_eq(P->probe(tcp, 1, APPLAYER_TOSERVER, &rdir),
	    APPLAYER_PROTO_UNKNOWN);
	ck_assert_int_eq(P->probe(tcp, sizeof(tcp), APPLAYER_TOSERVER, &rdir),
	    APPLAYER_PROTO_DNS);
	ck_assert_int_eq(P->probe(tcp, 14, APPLAYER_TOSERVER, &rdir),
	    APPLAYER_PROTO_DNS);
}
END_TEST

START_TEST(test_dns_flood_of_tiny_messages_is_bounded)
{
	static const uint8_t empty[2] = { 0, 0 };
	uint8_t *buf = malloc(2 * 10000);
	struct applayer_chunk c;
	struct applayer_result r;
	void *st = P->state_new(NULL, NULL);

	for (int i = 0; i < 10000; i++)
		memcpy(buf + 2 * i, empty, 2);
	memset(&c, 0, sizeof(c));
	c.data = buf;
	c.len = 2 * 10000;
	r = P->parse(st, &c);
	ck_assert_int_eq(r.status, APPLAYER_OK);
	ck_assert_uint_le(P->tx_count(st), 4096);
	ck_assert(has_ev(st, DNS_EV_MALFORMED_DATA));
	ck_assert_uint_eq(P->tx_id(st, P->tx_get(st, P->tx_count(st) - 1)),
	    9999);
	free(buf);
	P->state_free(st);
}
END_TEST

Suite *
applayer_dns_suite(void)
{
	Suite *s = suite_create("applayer_dns");
	TCase *tc = tcase_create("dns");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_dns_tcp_every_chunk_size);
	tcase_add_test(tc, test_dns_udp_nxdomain_soa_as_suricata);
	tcase_add_test(tc, test_dns_udp_notify_opcode);
	tcase_add_test(tc, test_dns_z_flag_raises_event);
	tcase_add_test(tc, test_dns_eve_version_3);
	tcase_add_test(tc, test_dns_invalid_opcode_both_directions);
	tcase_add_test(tc, test_dns_long_name_cut_with_event);
	tcase_add_test(tc, test_dns_short_header_is_malformed);
	tcase_add_test(tc, test_dns_question_count_lie_is_malformed);
	tcase_add_test(tc, test_dns_pointer_loop_raises_infinite_loop);
	tcase_add_test(tc, test_dns_pointer_past_message_is_malformed);
	tcase_add_test(tc, test_dns_reserved_label_type_is_malformed);
	tcase_add_test(tc, test_dns_too_many_labels);
	tcase_add_test(tc, test_dns_label_past_end_is_malformed);
	tcase_add_test(tc, test_dns_response_to_server_is_not_request);
	tcase_add_test(tc, test_dns_query_to_client_is_not_response);
	tcase_add_test(tc, test_dns_broken_additional_keeps_answers);
	tcase_add_test(tc, test_dns_tcp_gap_resyncs_on_next_message);
	tcase_add_test(tc, test_dns_probe);
	tcase_add_test(tc, test_dns_flood_of_tiny_messages_is_bounded);
	suite_add_tcase(s, tc);
	return s;
}
