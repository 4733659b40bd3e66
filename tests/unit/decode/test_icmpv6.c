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

/* An ICMPv6 message with hop limit hlim and the body bytes. */
static size_t
build_icmpv6_msg(uint8_t *b, uint8_t type, uint8_t code, uint8_t hlim,
    const uint8_t *body, size_t len)
{
	size_t n = build_ipv6(b, IPPROTO_ICMPV6, 8 + len);

	b[7] = hlim;
	n += build_icmp(b + n, type, code);
	if (len > 0)	/* memcpy from NULL is undefined even for 0 bytes */
		memcpy(b + n, body, len);
	return n + len;
}

static const struct {
	uint8_t		 type;
	enum decode_event ev;
} icmpv6_types[] = {
	{ 0, DECODE_EV_ICMPV6_UNKNOWN_TYPE },
	{ 5, DECODE_EV_ICMPV6_UNASSIGNED_TYPE },
	{ 99, DECODE_EV_ICMPV6_UNASSIGNED_TYPE },
	{ 100, DECODE_EV_ICMPV6_EXPERIMENTATION_TYPE },
	{ 101, DECODE_EV_ICMPV6_EXPERIMENTATION_TYPE },
	{ 126, DECODE_EV_ICMPV6_UNASSIGNED_TYPE },
	{ 127, DECODE_EV_ICMPV6_UNKNOWN_TYPE },
	{ 160, DECODE_EV_ICMPV6_UNASSIGNED_TYPE },
	{ 200, DECODE_EV_ICMPV6_EXPERIMENTATION_TYPE },
	{ 201, DECODE_EV_ICMPV6_EXPERIMENTATION_TYPE },
	{ 255, DECODE_EV_ICMPV6_UNASSIGNED_TYPE },
};

START_TEST(test_icmpv6_type_outside_suricatas_cases_sets_its_range_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_icmpv6_msg(b, icmpv6_types[_i].type, 0, 64, NULL, 0);

	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events, icmpv6_types[_i].ev));
}
END_TEST

static const uint8_t icmpv6_bad_code[][2] = {
	{ 1, 7 }, { 2, 1 }, { 3, 2 }, { 4, 3 }, { 128, 1 }, { 129, 1 },
	{ 133, 1 }, { 137, 1 }, { 138, 3 }, { 139, 3 }, { 155, 4 },
	{ 155, 133 }, { 159, 1 },
};

START_TEST(test_icmpv6_code_past_the_type_sets_unknown_code_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_icmpv6_msg(b, icmpv6_bad_code[_i][0],
	    icmpv6_bad_code[_i][1], 64, NULL, 0);

	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events, DECODE_EV_ICMPV6_UNKNOWN_CODE));
}
END_TEST

START_TEST(test_icmpv6_router_renumbering_code_255_is_known)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_icmpv6_msg(b, 138, 255, 64, NULL, 0);

	build_decode(&p, b, n);
	ck_assert(!decode_event_any(p.events));
}
END_TEST

START_TEST(test_icmpv6_mld_with_hop_limit_above_1_sets_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t body[16] = { 0 };
	size_t n = build_icmpv6_msg(b, 130, 0, 64, body, sizeof(body));

	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events,
	    DECODE_EV_ICMPV6_MLD_MESSAGE_WITH_INVALID_HL));
}
END_TEST

START_TEST(test_icmpv6_mld_with_hop_limit_1_is_no_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t body[16] = { 0 };
	size_t n = build_icmpv6_msg(b, 131, 0, 1, body, sizeof(body));

	build_decode(&p, b, n);
	ck_assert(!decode_event_any(p.events));
}
END_TEST

START_TEST(test_icmpv6_error_quoting_less_than_a_header_sets_trunc_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t body[20] = { 0x60 };
	size_t n = build_icmpv6_msg(b, 1, 4, 64, body, sizeof(body));

	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events, DECODE_EV_ICMPV6_IPV6_TRUNC_PKT));
}
END_TEST

START_TEST(test_icmpv6_error_quoting_other_version_sets_unknown_ver_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t body[40] = { 0x45 };
	size_t n = build_icmpv6_msg(b, 2, 0, 64, body, sizeof(body));

	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events,
	    DECODE_EV_ICMPV6_IPV6_UNKNOWN_VER));
}
END_TEST

/* Suricata's informational messages count 4 header bytes, so their
 * payload starts with the 4-byte word after the checksum. */
START_TEST(test_icmpv6_informational_payload_starts_after_4_bytes)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_icmpv6_msg(b, 135, 0, 255, (const uint8_t *)"ab", 2);

	build_decode(&p, b, n);
	ck_assert_ptr_eq(p.payload, b + 44);
	ck_assert_uint_eq(p.payload_len, 6);
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
	tcase_add_loop_test(tc, test_icmpv6_type_outside_suricatas_cases_sets_its_range_event,
	    0, (int)QUELL_NITEMS(icmpv6_types));
	tcase_add_loop_test(tc, test_icmpv6_code_past_the_type_sets_unknown_code_event,
	    0, (int)QUELL_NITEMS(icmpv6_bad_code));
	tcase_add_test(tc, test_icmpv6_router_renumbering_code_255_is_known);
	tcase_add_test(tc, test_icmpv6_mld_with_hop_limit_above_1_sets_event);
	tcase_add_test(tc, test_icmpv6_mld_with_hop_limit_1_is_no_event);
	tcase_add_test(tc, test_icmpv6_error_quoting_less_than_a_header_sets_trunc_event);
	tcase_add_test(tc, test_icmpv6_error_quoting_other_version_sets_unknown_ver_event);
	tcase_add_test(tc, test_icmpv6_informational_payload_starts_after_4_bytes);
	suite_add_tcase(s, tc);
	return s;
}
