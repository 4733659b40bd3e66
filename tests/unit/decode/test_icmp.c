#include "core/base.h"

#include <check.h>
#include <netinet/in.h>

#include "core/packet.h"
#include "decode/decode.h"
#include "decode/events.h"

#include "build.h"
#include "suites.h"

START_TEST(test_ipv4_icmp_echo_request_decodes_id_and_seq)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_icmp(b, 8, "ping");

	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert_uint_eq(p.proto, IPPROTO_ICMP);
	ck_assert_uint_eq(p.icmp_type, 8);
	ck_assert_uint_eq(p.icmp_code, 0);
	ck_assert_uint_eq(p.icmp_id, BUILD_ICMP_ID);
	ck_assert_uint_eq(p.icmp_seq, BUILD_ICMP_SEQ);
	ck_assert_ptr_eq(p.l4, b + 20);
	ck_assert_uint_eq(p.l4_hdr_len, 8);
	ck_assert(p.l4_valid);
	ck_assert_mem_eq(p.payload, "ping", 4);
	ck_assert_uint_eq(p.payload_len, 4);
	ck_assert(!decode_event_any(p.events));
}
END_TEST

START_TEST(test_ipv4_icmp_echo_reply_decodes_id_and_seq)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_icmp(b, 0, "pong");

	build_decode(&p, b, n);
	ck_assert_uint_eq(p.icmp_type, 0);
	ck_assert_uint_eq(p.icmp_id, BUILD_ICMP_ID);
	ck_assert_uint_eq(p.icmp_seq, BUILD_ICMP_SEQ);
}
END_TEST

START_TEST(test_icmp_non_echo_leaves_id_and_seq_zero)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_icmp(b, 3, "");

	b[21] = 4;		/* fragmentation needed */
	build_decode(&p, b, n);
	ck_assert_uint_eq(p.icmp_type, 3);
	ck_assert_uint_eq(p.icmp_code, 4);
	ck_assert_uint_eq(p.icmp_id, 0);
	ck_assert_uint_eq(p.icmp_seq, 0);
	ck_assert(p.l4_valid);
}
END_TEST

START_TEST(test_icmp_shorter_than_8_bytes_sets_pkt_too_small_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4(b, IPPROTO_ICMP, NULL, 0, 6);

	n += build_icmp(b + n, 8, 0) - 2;
	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert(decode_event_has(p.events, DECODE_EV_ICMPV4_PKT_TOO_SMALL));
	ck_assert(!p.l4_valid);
	ck_assert_uint_eq(p.icmp_type, 0);
	ck_assert_ptr_null(p.payload);
}
END_TEST

/* An ICMP message of type and code with the body bytes. */
static size_t
build_icmp_msg(uint8_t *b, uint8_t type, uint8_t code, const uint8_t *body,
    size_t len)
{
	size_t n = build_ipv4(b, IPPROTO_ICMP, NULL, 0, 8 + len);

	n += build_icmp(b + n, type, code);
	if (len > 0)	/* memcpy from NULL is undefined even for 0 bytes */
		memcpy(b + n, body, len);
	return n + len;
}

START_TEST(test_icmp_unknown_type_sets_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_icmp_msg(b, 50, 0, NULL, 0);

	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events, DECODE_EV_ICMPV4_UNKNOWN_TYPE));
	ck_assert(p.l4_valid);
}
END_TEST

/* The highest code each type defines, plus one. */
static const uint8_t icmp_bad_code[][2] = {
	{ 0, 1 }, { 3, 16 }, { 4, 1 }, { 5, 4 }, { 8, 1 }, { 11, 2 },
	{ 12, 1 }, { 13, 1 }, { 14, 1 }, { 15, 1 }, { 16, 1 }, { 17, 1 },
	{ 18, 1 },
};

START_TEST(test_icmp_code_past_the_type_sets_unknown_code_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t body[12] = { 0 };
	size_t n = build_icmp_msg(b, icmp_bad_code[_i][0],
	    icmp_bad_code[_i][1], body, sizeof(body));

	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events, DECODE_EV_ICMPV4_UNKNOWN_CODE));
}
END_TEST

START_TEST(test_icmp_error_quoting_less_than_a_header_sets_trunc_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t body[10] = { 0x45 };
	size_t n = build_icmp_msg(b, 3, 3, body, sizeof(body));

	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events, DECODE_EV_ICMPV4_IPV4_TRUNC_PKT));
}
END_TEST

START_TEST(test_icmp_error_quoting_other_version_sets_unknown_ver_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t body[28] = { 0x65 };
	size_t n = build_icmp_msg(b, 11, 0, body, sizeof(body));

	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events,
	    DECODE_EV_ICMPV4_IPV4_UNKNOWN_VER));
}
END_TEST

START_TEST(test_icmp_unreachable_without_quote_is_no_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_icmp_msg(b, 3, 3, NULL, 0);

	build_decode(&p, b, n);
	ck_assert(!decode_event_any(p.events));
}
END_TEST

/* Suricata quotes a source quench even when nothing follows. */
START_TEST(test_icmp_empty_source_quench_sets_trunc_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_icmp_msg(b, 4, 0, NULL, 0);

	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events, DECODE_EV_ICMPV4_IPV4_TRUNC_PKT));
}
END_TEST

START_TEST(test_icmp_timestamp_header_is_20_bytes)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t body[16] = "TTTTRRRRXXXXdata";
	size_t n = build_icmp_msg(b, 13, 0, body, sizeof(body));

	build_decode(&p, b, n);
	ck_assert(!decode_event_any(p.events));
	ck_assert_uint_eq(p.l4_hdr_len, 20);
	ck_assert_mem_eq(p.payload, "data", 4);
}
END_TEST

START_TEST(test_icmp_short_timestamp_sets_trunc_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t body[4] = { 0 };
	size_t n = build_icmp_msg(b, 14, 0, body, sizeof(body));

	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events, DECODE_EV_ICMPV4_IPV4_TRUNC_PKT));
	ck_assert_uint_eq(p.payload_len, 4);
}
END_TEST

Suite *
decode_icmp_suite(void)
{
	Suite *s = suite_create("decode_icmp");
	TCase *tc = tcase_create("icmp");

	tcase_add_test(tc, test_ipv4_icmp_echo_request_decodes_id_and_seq);
	tcase_add_test(tc, test_ipv4_icmp_echo_reply_decodes_id_and_seq);
	tcase_add_test(tc, test_icmp_non_echo_leaves_id_and_seq_zero);
	tcase_add_test(tc, test_icmp_shorter_than_8_bytes_sets_pkt_too_small_event);
	tcase_add_test(tc, test_icmp_unknown_type_sets_event);
	tcase_add_loop_test(tc, test_icmp_code_past_the_type_sets_unknown_code_event,
	    0, (int)QUELL_NITEMS(icmp_bad_code));
	tcase_add_test(tc, test_icmp_error_quoting_less_than_a_header_sets_trunc_event);
	tcase_add_test(tc, test_icmp_error_quoting_other_version_sets_unknown_ver_event);
	tcase_add_test(tc, test_icmp_unreachable_without_quote_is_no_event);
	tcase_add_test(tc, test_icmp_empty_source_quench_sets_trunc_event);
	tcase_add_test(tc, test_icmp_timestamp_header_is_20_bytes);
	tcase_add_test(tc, test_icmp_short_timestamp_sets_trunc_event);
	suite_add_tcase(s, tc);
	return s;
}
