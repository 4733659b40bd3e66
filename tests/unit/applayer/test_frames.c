/* App-layer frames (lib/applayer/frames.c, parser.h): what the frame
 * calls record in a frame set (ids, offsets, lengths, the bound), and
 * the frames the DNS, TLS and HTTP parsers record on hand-made
 * messages, at the stream offsets Suricata 7's parsers give them. */
#include "core/base.h"

#include <check.h>

#include "applayer/dns/dns.h"
#include "applayer/dns/dns_int.h"
#include "applayer/http/config.h"
#include "applayer/http/http.h"
#include "applayer/parser.h"
#include "applayer/tls/tls.h"
#include "applayer/tls/tls_int.h"
#include "suites.h"

static struct applayer_frames *fr;

static void
frames_setup(void)
{
	ck_assert_ptr_nonnull(fr = applayer_frames_new());
}

static void
frames_teardown(void)
{
	applayer_frames_delete(fr);
	fr = NULL;
}

static struct applayer_chunk
chunk(const void *data, uint32_t len, uint8_t dir, uint64_t offset)
{
	struct applayer_chunk c;

	memset(&c, 0, sizeof(c));
	c.data = data;
	c.len = len;
	c.dir = dir;
	c.offset = offset;
	c.frames = fr;
	return c;
}

/* Frame idx is (type, offset, len). */
static void
frame_is(uint32_t idx, uint8_t type, uint64_t offset, int64_t len)
{
	uint8_t t;
	uint64_t o;
	int64_t l;

	ck_assert_msg(applayer_frames_at(fr, idx, &t, &o, &l),
	    "no frame %u", idx);
	ck_assert_uint_eq(t, type);
	ck_assert_uint_eq(o, offset);
	ck_assert_int_eq(l, len);
}

START_TEST(test_frame_ids_grow_and_a_repeat_is_the_same_frame)
{
	static const uint8_t d[40];
	struct applayer_chunk c = chunk(d, sizeof(d), APPLAYER_TOSERVER, 100);
	uint64_t a, b;

	a = applayer_frame_add(&c, 0, 10, 0);
	b = applayer_frame_add(&c, 10, -1, 1);
	ck_assert_uint_eq(a, 1);
	ck_assert_uint_eq(b, 2);
	/* parsed again after INCOMPLETE: the same frame */
	ck_assert_uint_eq(applayer_frame_add(&c, 0, 10, 0), a);
	applayer_frame_set_end(&c, b, 30);
	ck_assert_uint_eq(applayer_frames_count(fr), 2);
	frame_is(0, 0, 100, 10);
	frame_is(1, 1, 110, 20);
}
END_TEST

START_TEST(test_frame_set_is_bounded)
{
	static const uint8_t d[64];
	struct applayer_chunk c = chunk(d, sizeof(d), APPLAYER_TOSERVER, 0);

	for (int i = 0; i < APPLAYER_MAX_FRAMES; i++)
		ck_assert_uint_ne(applayer_frame_add(&c, i, 1, 0), 0);
	ck_assert_uint_eq(applayer_frame_add(&c, 40, 1, 0), 0);
	ck_assert_uint_eq(applayer_frames_count(fr), APPLAYER_MAX_FRAMES);
	applayer_frames_clear(fr);
	ck_assert_uint_eq(applayer_frames_count(fr), 0);
}
END_TEST

START_TEST(test_frame_before_the_stream_start_is_refused)
{
	static const uint8_t d[8];
	struct applayer_chunk c = chunk(d, sizeof(d), APPLAYER_TOSERVER, 5);

	ck_assert_uint_eq(applayer_frame_add(&c, -10, 4, 0), 0);
	ck_assert_uint_ne(applayer_frame_add(&c, -5, 4, 0), 0);
	frame_is(0, 0, 0, 4);
}
END_TEST

START_TEST(test_frames_off_records_nothing)
{
	static const uint8_t d[8];
	struct applayer_chunk c = chunk(d, sizeof(d), APPLAYER_TOSERVER, 0);

	c.frames = NULL;
	ck_assert_uint_eq(applayer_frame_add(&c, 0, 4, 0), 0);
	applayer_frame_set_end(&c, 1, 4);
	applayer_frame_set_tx(&c, 1, 0);
}
END_TEST

/* An alert record and an application-data record, to the client, at
 * stream offset 50. */
START_TEST(test_tls_records_make_pdu_hdr_data_frames)
{
	static const uint8_t recs[] = {
		0x15, 0x03, 0x03, 0x00, 0x02, 0x01, 0x00,
		0x17, 0x03, 0x03, 0x00, 0x03, 0xaa, 0xbb, 0xcc,
	};
	struct applayer_tls_config cfg = { APPLAYER_TLS_ENC_BYPASS, false,
	    false, false };
	const struct applayer_parser *p = &applayer_tls_parser;
	struct applayer_chunk c = chunk(recs, sizeof(recs),
	    APPLAYER_TOCLIENT, 50);
	struct applayer_result r;
	void *st;

	ck_assert_ptr_nonnull(st = p->state_new(NULL, &cfg));
	r = p->parse(st, &c);
	ck_assert_int_eq(r.status, APPLAYER_OK);
	ck_assert_uint_eq(applayer_frames_count(fr), 7);
	frame_is(0, TLS_FRAME_PDU, 50, 7);
	frame_is(1, TLS_FRAME_HDR, 50, 5);
	frame_is(2, TLS_FRAME_DATA, 55, 2);
	frame_is(3, TLS_FRAME_ALERT, 55, 2);
	frame_is(4, TLS_FRAME_PDU, 57, 8);
	frame_is(5, TLS_FRAME_HDR, 57, 5);
	frame_is(6, TLS_FRAME_DATA, 62, 3);
	ck_assert_str_eq(p->frame_types[TLS_FRAME_PDU], "pdu");
	p->state_free(st);
}
END_TEST

/* A record cut short is framed once it is whole, and only once. */
START_TEST(test_tls_partial_record_is_framed_when_whole)
{
	static const uint8_t rec[] = {
		0x17, 0x03, 0x03, 0x00, 0x03, 0xaa, 0xbb, 0xcc,
	};
	struct applayer_tls_config cfg = { APPLAYER_TLS_ENC_BYPASS, false,
	    false, false };
	const struct applayer_parser *p = &applayer_tls_parser;
	struct applayer_chunk c = chunk(rec, 6, APPLAYER_TOCLIENT, 0);
	struct applayer_result r;
	void *st;

	ck_assert_ptr_nonnull(st = p->state_new(NULL, &cfg));
	r = p->parse(st, &c);
	ck_assert_int_eq(r.status, APPLAYER_INCOMPLETE);
	ck_assert_uint_eq(applayer_frames_count(fr), 0);
	c.len = sizeof(rec);
	r = p->parse(st, &c);
	ck_assert_int_eq(r.status, APPLAYER_OK);
	ck_assert_uint_eq(applayer_frames_count(fr), 3);
	frame_is(0, TLS_FRAME_PDU, 0, 8);
	p->state_free(st);
}
END_TEST

/* A handshake message spread over three records: each is a frame. */
START_TEST(test_tls_message_over_records_frames_each_record)
{
	/* a Finished-type (20) message of 6 bytes: 4 + 2 in the first
	 * record, 3 in the second, 1 in the third */
	static const uint8_t recs[] = {
		0x16, 0x03, 0x03, 0x00, 0x06, 0x14, 0x00, 0x00, 0x06, 0x01,
		0x02,
		0x16, 0x03, 0x03, 0x00, 0x03, 0x03, 0x04, 0x05,
		0x16, 0x03, 0x03, 0x00, 0x01, 0x06,
	};
	struct applayer_tls_config cfg = { APPLAYER_TLS_ENC_BYPASS, false,
	    false, false };
	const struct applayer_parser *p = &applayer_tls_parser;
	struct applayer_chunk c = chunk(recs, sizeof(recs),
	    APPLAYER_TOCLIENT, 0);
	struct applayer_result r;
	void *st;

	ck_assert_ptr_nonnull(st = p->state_new(NULL, &cfg));
	r = p->parse(st, &c);
	ck_assert_int_eq(r.status, APPLAYER_OK);
	ck_assert_uint_eq(applayer_frames_count(fr), 9);
	frame_is(0, TLS_FRAME_PDU, 0, 11);
	frame_is(3, TLS_FRAME_PDU, 11, 8);
	frame_is(6, TLS_FRAME_PDU, 19, 6);
	p->state_free(st);
}
END_TEST

/* A query: id 0x1234, flags 0x0100, one question "a." A IN. */
static const uint8_t dns_query[] = {
	0x12, 0x34, 0x01, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00,
	0x00, 0x01, 'a', 0x00, 0x00, 0x01, 0x00, 0x01,
};

START_TEST(test_dns_tcp_frame_is_the_message_without_its_length)
{
	const struct applayer_parser *p = &applayer_dns_parser;
	uint8_t msg[2 + sizeof(dns_query)];
	struct applayer_chunk c = chunk(msg, sizeof(msg), APPLAYER_TOSERVER,
	    1000);
	struct applayer_result r;
	void *st;

	msg[0] = 0;
	msg[1] = sizeof(dns_query);
	memcpy(msg + 2, dns_query, sizeof(dns_query));
	ck_assert_ptr_nonnull(st = p->state_new(NULL, NULL));
	r = p->parse(st, &c);
	ck_assert_int_eq(r.status, APPLAYER_OK);
	ck_assert_uint_eq(applayer_frames_count(fr), 1);
	frame_is(0, DNS_FRAME_PDU, 1002, sizeof(dns_query));
	p->state_free(st);
}
END_TEST

START_TEST(test_dns_datagram_frame_is_the_whole_datagram)
{
	const struct applayer_parser *p = &applayer_dns_parser;
	struct applayer_chunk c = chunk(dns_query, sizeof(dns_query),
	    APPLAYER_TOSERVER, 0);
	struct applayer_result r;
	void *st;

	c.flags = APPLAYER_CHUNK_DGRAM;
	ck_assert_ptr_nonnull(st = p->state_new(NULL, NULL));
	r = p->parse(st, &c);
	ck_assert_int_eq(r.status, APPLAYER_OK);
	ck_assert_uint_eq(applayer_frames_count(fr), 1);
	frame_is(0, DNS_FRAME_PDU, 0, sizeof(dns_query));
	ck_assert_str_eq(p->frame_types[DNS_FRAME_PDU], "pdu");
	p->state_free(st);
}
END_TEST

/* Two requests, a chunk each, from offset 10: http1.request frames
 * from each request line to the end of its request (Suricata's
 * HTPCallbackRequestStart / RequestComplete). */
START_TEST(test_http_requests_make_request_frames)
{
	static const char req[] = "GET /a HTTP/1.1\r\nHost: x\r\n\r\n"
	    "GET /b HTTP/1.1\r\nHost: x\r\n\r\n";
	const uint32_t one = (sizeof(req) - 1) / 2;
	const struct applayer_parser *p = NULL;
	struct http_config cfg;
	struct http_runtime *rt;
	struct applayer_chunk c = chunk(req, one, APPLAYER_TOSERVER, 10);
	struct applayer_result r;
	char err[128];
	void *st;

	http_config_default(&cfg);
	ck_assert_ptr_nonnull(rt = http_config_runtime_new(&cfg, err,
	    sizeof(err)));
	ck_assert_ptr_nonnull(st = http_state_new(rt, NULL, 1234, 80));
	p = &applayer_http_parser;
	ck_assert_str_eq(p->frame_prefix, "http1");
	r = p->parse(st, &c);
	ck_assert_int_eq(r.status, APPLAYER_OK);
	c = chunk(req + one, one, APPLAYER_TOSERVER, 10 + one);
	r = p->parse(st, &c);
	ck_assert_int_eq(r.status, APPLAYER_OK);
	ck_assert_uint_eq(applayer_frames_count(fr), 2);
	frame_is(0, 0, 10, (int64_t)one);
	frame_is(1, 0, 10 + one, (int64_t)one);
	ck_assert_str_eq(p->frame_types[0], "request");
	http_state_free(st);
	http_config_runtime_free(rt);
	http_config_clear(&cfg);
}
END_TEST

/* A response whose body has no end yet: its frame is open (-1). */
START_TEST(test_http_open_response_frame_has_no_length)
{
	static const char req[] = "GET / HTTP/1.1\r\nHost: x\r\n\r\n";
	static const char res[] = "HTTP/1.1 200 OK\r\nContent-Length: 10"
	    "\r\n\r\nabc";
	const struct applayer_parser *p = &applayer_http_parser;
	struct http_config cfg;
	struct http_runtime *rt;
	struct applayer_chunk c = chunk(req, sizeof(req) - 1,
	    APPLAYER_TOSERVER, 0);
	struct applayer_result r;
	char err[128];
	void *st;

	http_config_default(&cfg);
	ck_assert_ptr_nonnull(rt = http_config_runtime_new(&cfg, err,
	    sizeof(err)));
	ck_assert_ptr_nonnull(st = http_state_new(rt, NULL, 1234, 80));
	r = p->parse(st, &c);
	ck_assert_int_eq(r.status, APPLAYER_OK);
	applayer_frames_clear(fr);
	c = chunk(res, sizeof(res) - 1, APPLAYER_TOCLIENT, 0);
	r = p->parse(st, &c);
	ck_assert_int_eq(r.status, APPLAYER_OK);
	ck_assert_uint_eq(applayer_frames_count(fr), 1);
	frame_is(0, 1, 0, -1);
	http_state_free(st);
	http_config_runtime_free(rt);
	http_config_clear(&cfg);
}
END_TEST

Suite *
applayer_frames_suite(void)
{
	Suite *s = suite_create("applayer_frames");
	TCase *tc = tcase_create("frames");

	tcase_add_checked_fixture(tc, frames_setup, frames_teardown);
	tcase_add_test(tc, test_frame_ids_grow_and_a_repeat_is_the_same_frame);
	tcase_add_test(tc, test_frame_set_is_bounded);
	tcase_add_test(tc, test_frame_before_the_stream_start_is_refused);
	tcase_add_test(tc, test_frames_off_records_nothing);
	tcase_add_test(tc, test_tls_records_make_pdu_hdr_data_frames);
	tcase_add_test(tc, test_tls_partial_record_is_framed_when_whole);
	tcase_add_test(tc, test_tls_message_over_records_frames_each_record);
	tcase_add_test(tc, test_dns_tcp_frame_is_the_message_without_its_length);
	tcase_add_test(tc, test_dns_datagram_frame_is_the_whole_datagram);
	tcase_add_test(tc, test_http_requests_make_request_frames);
	tcase_add_test(tc, test_http_open_response_frame_has_no_length);
	suite_add_tcase(s, tc);
	return s;
}
