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

Suite *
decode_icmp_suite(void)
{
	Suite *s = suite_create("decode_icmp");
	TCase *tc = tcase_create("icmp");

	tcase_add_test(tc, test_ipv4_icmp_echo_request_decodes_id_and_seq);
	tcase_add_test(tc, test_ipv4_icmp_echo_reply_decodes_id_and_seq);
	tcase_add_test(tc, test_icmp_non_echo_leaves_id_and_seq_zero);
	tcase_add_test(tc, test_icmp_shorter_than_8_bytes_sets_pkt_too_small_event);
	suite_add_tcase(s, tc);
	return s;
}
