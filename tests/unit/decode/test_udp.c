#include "core/base.h"

#include <check.h>
#include <netinet/in.h>

#include "core/packet.h"
#include "decode/decode.h"
#include "decode/events.h"

#include "build.h"
#include "suites.h"

START_TEST(test_ipv4_udp_ports_and_payload_decode)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_udp(b, "query");

	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert_uint_eq(p.proto, IPPROTO_UDP);
	ck_assert_uint_eq(p.sport, BUILD_UDP_SPORT);
	ck_assert_uint_eq(p.dport, BUILD_UDP_DPORT);
	ck_assert_ptr_eq(p.l4, b + 20);
	ck_assert_uint_eq(p.l4_hdr_len, 8);
	ck_assert(p.l4_valid);
	ck_assert_ptr_eq(p.payload, b + 28);
	ck_assert_uint_eq(p.payload_len, 5);
	ck_assert_mem_eq(p.payload, "query", 5);
	ck_assert(!decode_event_any(p.events));
}
END_TEST

START_TEST(test_ipv6_udp_ports_and_payload_decode)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6_udp(b, "query");

	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert_uint_eq(p.sport, BUILD_UDP_SPORT);
	ck_assert_uint_eq(p.dport, BUILD_UDP_DPORT);
	ck_assert(p.l4_valid);
	ck_assert_ptr_eq(p.payload, b + 48);
	ck_assert_mem_eq(p.payload, "query", 5);
}
END_TEST

/* Suricata's UDP events: fewer than 8 bytes is hlen_too_small, a
 * length past the datagram pkt_too_small, one below 8 len_invalid; each
 * leaves no UDP (no ports, no payload). */
START_TEST(test_udp_shorter_than_8_bytes_sets_hlen_too_small_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4(b, IPPROTO_UDP, NULL, 0, 7);

	n += build_udp(b + n, 0) - 1;
	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert(decode_event_has(p.events, DECODE_EV_UDP_HLEN_TOO_SMALL));
	ck_assert(!p.l4_valid);
	ck_assert_uint_eq(p.sport, 0);
}
END_TEST

START_TEST(test_udp_length_below_8_sets_len_invalid_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_udp(b, "abc");

	build_put16(b + 24, 7);
	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert(decode_event_has(p.events, DECODE_EV_UDP_LEN_INVALID));
	ck_assert(!p.l4_valid);
}
END_TEST

START_TEST(test_udp_length_beyond_datagram_sets_pkt_too_small_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_udp(b, "abc");

	build_put16(b + 24, 8 + 4);
	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events, DECODE_EV_UDP_PKT_TOO_SMALL));
	ck_assert(!p.l4_valid);
}
END_TEST

START_TEST(test_udp_bad_length_gives_no_ports_nor_payload)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_udp(b, "abc");

	build_put16(b + 24, 0);
	build_decode(&p, b, n);
	ck_assert_uint_eq(p.sport, 0);
	ck_assert_uint_eq(p.dport, 0);
	ck_assert_ptr_null(p.payload);
}
END_TEST

START_TEST(test_udp_length_shorter_than_datagram_trims_payload)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_udp(b, "abcdef");

	build_put16(b + 24, 8 + 2);
	build_decode(&p, b, n);
	ck_assert(p.l4_valid);
	ck_assert_uint_eq(p.payload_len, 2);
	ck_assert(!decode_event_any(p.events));
}
END_TEST

Suite *
decode_udp_suite(void)
{
	Suite *s = suite_create("decode_udp");
	TCase *tc = tcase_create("udp");

	tcase_add_test(tc, test_ipv4_udp_ports_and_payload_decode);
	tcase_add_test(tc, test_ipv6_udp_ports_and_payload_decode);
	tcase_add_test(tc, test_udp_shorter_than_8_bytes_sets_hlen_too_small_event);
	tcase_add_test(tc, test_udp_length_below_8_sets_len_invalid_event);
	tcase_add_test(tc, test_udp_length_beyond_datagram_sets_pkt_too_small_event);
	tcase_add_test(tc, test_udp_bad_length_gives_no_ports_nor_payload);
	tcase_add_test(tc, test_udp_length_shorter_than_datagram_trims_payload);
	suite_add_tcase(s, tc);
	return s;
}
