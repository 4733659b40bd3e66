#include "core/base.h"

#include <check.h>
#include <netinet/in.h>

#include "core/packet.h"
#include "decode/decode.h"
#include "decode/events.h"

#include "build.h"
#include "suites.h"

START_TEST(test_ipv6_icmpv6_echo_request_decodes_id_and_seq)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6_icmpv6(b, 128, "ping6");

	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert_uint_eq(p.proto, IPPROTO_ICMPV6);
	ck_assert_uint_eq(p.icmp_type, 128);
	ck_assert_uint_eq(p.icmp_id, BUILD_ICMP_ID);
	ck_assert_uint_eq(p.icmp_seq, BUILD_ICMP_SEQ);
	ck_assert(p.l4_valid);
	ck_assert_ptr_eq(p.payload, b + 48);
	ck_assert_mem_eq(p.payload, "ping6", 5);
	ck_assert(!decode_event_any(p.events));
}
END_TEST

START_TEST(test_ipv6_icmpv6_echo_reply_decodes_id_and_seq)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6_icmpv6(b, 129, "");

	build_decode(&p, b, n);
	ck_assert_uint_eq(p.icmp_type, 129);
	ck_assert_uint_eq(p.icmp_id, BUILD_ICMP_ID);
	ck_assert_uint_eq(p.icmp_seq, BUILD_ICMP_SEQ);
	ck_assert_ptr_null(p.payload);
}
END_TEST

START_TEST(test_icmpv6_non_echo_leaves_id_and_seq_zero)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6_icmpv6(b, 135, "");	/* neighbour solicit */

	build_decode(&p, b, n);
	ck_assert_uint_eq(p.icmp_type, 135);
	ck_assert_uint_eq(p.icmp_id, 0);
	ck_assert_uint_eq(p.icmp_seq, 0);
}
END_TEST

START_TEST(test_icmpv6_shorter_than_8_bytes_sets_pkt_too_small_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6(b, IPPROTO_ICMPV6, 4);

	n += build_icmp(b + n, 128, 0) - 4;
	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert(decode_event_has(p.events, DECODE_EV_ICMPV6_PKT_TOO_SMALL));
	ck_assert(!p.l4_valid);
	ck_assert_uint_eq(p.icmp_type, 0);
}
END_TEST

Suite *
decode_icmpv6_suite(void)
{
	Suite *s = suite_create("decode_icmpv6");
	TCase *tc = tcase_create("icmpv6");

	tcase_add_test(tc, test_ipv6_icmpv6_echo_request_decodes_id_and_seq);
	tcase_add_test(tc, test_ipv6_icmpv6_echo_reply_decodes_id_and_seq);
	tcase_add_test(tc, test_icmpv6_non_echo_leaves_id_and_seq_zero);
	tcase_add_test(tc, test_icmpv6_shorter_than_8_bytes_sets_pkt_too_small_event);
	suite_add_tcase(s, tc);
	return s;
}
