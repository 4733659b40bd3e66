#include "core/base.h"

#include <check.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "core/packet.h"
#include "decode/decode.h"
#include "decode/events.h"
#include "decode/ipv4.h"

#include "build.h"
#include "suites.h"

/* Sets the IPv4 flags/fragment-offset word. */
static void
set_frag(uint8_t *b, uint16_t flags, uint16_t offset)
{
	build_put16(b + 6, (uint16_t)(flags << 13 | offset));
}

START_TEST(test_ipv4_header_fields_decode)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_tcp(b, PKT_TCP_SYN, "");

	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert_uint_eq(p.ip_version, 4);
	ck_assert_uint_eq(p.ip_hdr_len, 20);
	ck_assert_uint_eq(p.ttl, BUILD_TTL);
	ck_assert_uint_eq(p.tos, BUILD_TOS);
	ck_assert_uint_eq(p.ip_id, BUILD_IPV4_ID);
	ck_assert_uint_eq(p.proto, IPPROTO_TCP);
	ck_assert_uint_eq(p.src.family, AF_INET);
	ck_assert_mem_eq(&p.src.u.v4, BUILD_IPV4_SRC, 4);
	ck_assert_uint_eq(p.dst.family, AF_INET);
	ck_assert_mem_eq(&p.dst.u.v4, BUILD_IPV4_DST, 4);
	ck_assert(!p.is_fragment);
	ck_assert(!decode_event_any(p.events));
}
END_TEST

START_TEST(test_ipv4_shorter_than_20_bytes_sets_pkt_too_small_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;

	build_ipv4_tcp(b, PKT_TCP_SYN, "");
	ck_assert_int_eq(build_decode(&p, b, 19), -1);
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV4_PKT_TOO_SMALL));
	ck_assert_uint_eq(p.ip_version, 0);
}
END_TEST

START_TEST(test_ipv4_ihl_below_five_sets_hlen_too_small_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_tcp(b, PKT_TCP_SYN, "");

	b[0] = 0x44;
	ck_assert_int_eq(build_decode(&p, b, n), -1);
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV4_HLEN_TOO_SMALL));
	ck_assert_uint_eq(p.ip_version, 0);
}
END_TEST

START_TEST(test_ipv4_total_length_below_header_sets_iplen_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_tcp(b, PKT_TCP_SYN, "");

	build_put16(b + 2, 19);
	ck_assert_int_eq(build_decode(&p, b, n), -1);
	ck_assert(decode_event_has(p.events,
	    DECODE_EV_IPV4_IPLEN_SMALLER_THAN_HLEN));
	ck_assert_uint_eq(p.ip_version, 0);
}
END_TEST

START_TEST(test_ipv4_truncated_total_length_sets_trunc_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_tcp(b, PKT_TCP_ACK, "hello world");

	ck_assert_int_eq(build_decode(&p, b, n - 6), -1);
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV4_TRUNC_PKT));
}
END_TEST

/* Suricata's DecodeIPV4Packet: a datagram longer than the capture is
 * not IPv4 at all, not a shorter one. */
START_TEST(test_ipv4_truncated_packet_is_not_usable)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_tcp(b, PKT_TCP_ACK, "hello world");

	build_decode(&p, b, n - 6);
	ck_assert_uint_eq(p.ip_version, 0);
	ck_assert(!p.l4_valid);
	ck_assert_ptr_null(p.payload);
}
END_TEST

START_TEST(test_ipv4_header_cut_short_is_not_usable)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t opt[8] = { 1, 1, 1, 1, 1, 1, 1, 0 };
	size_t n = build_ipv4(b, IPPROTO_UDP, opt, sizeof(opt), 0);

	ck_assert_int_eq(build_decode(&p, b, n - 4), -1);
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV4_TRUNC_PKT));
	ck_assert_uint_eq(p.ip_version, 0);
}
END_TEST

START_TEST(test_ipv4_ethernet_padding_is_trimmed)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_udp(b, "ab");

	/* a 30-byte datagram in a minimum Ethernet frame: 16 bytes of pad */
	memset(b + n, 0xee, 16);
	ck_assert_int_eq(build_decode(&p, b, n + 16), 0);
	ck_assert_uint_eq(p.payload_len, 2);
	ck_assert_mem_eq(p.payload, "ab", 2);
	ck_assert(!decode_event_any(p.events));
}
END_TEST

START_TEST(test_ipv4_padding_is_trimmed_from_tcp_payload)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_tcp(b, PKT_TCP_ACK, "abcd");

	memset(b + n, 0, 22);
	build_decode(&p, b, n + 22);
	ck_assert_uint_eq(p.payload_len, 4);
}
END_TEST

START_TEST(test_ipv4_valid_options_raise_no_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	/* NOP, router alert (4 bytes), record route (7 bytes), EOL */
	const uint8_t opt[16] = {
		1, 148, 4, 0, 0, 7, 7, 4, 0, 0, 0, 0, 0, 0, 0, 0
	};
	size_t n = build_ipv4(b, IPPROTO_UDP, opt, sizeof(opt), 8);

	n += build_udp(b + n, 0);
	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert(!decode_event_any(p.events));
}
END_TEST

START_TEST(test_ipv4_options_move_the_l4_header)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t opt[4] = { 148, 4, 0, 0 };
	size_t n = build_ipv4(b, IPPROTO_UDP, opt, sizeof(opt), 8);

	n += build_udp(b + n, 0);
	build_decode(&p, b, n);
	ck_assert_uint_eq(p.ip_hdr_len, 24);
	ck_assert_ptr_eq(p.l4, b + 24);
	ck_assert_uint_eq(p.sport, BUILD_UDP_SPORT);
}
END_TEST

/* Decodes an IPv4/UDP packet with the option bytes opt (a multiple of
 * 4) and returns the decode result. */
static int
decode_with_options(struct packet *p, uint8_t *b, const uint8_t *opt,
    size_t len)
{
	size_t n = build_ipv4(b, IPPROTO_UDP, opt, len, 8);

	n += build_udp(b + n, 0);
	return build_decode(p, b, n);
}

START_TEST(test_ipv4_option_length_below_two_makes_header_invalid)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t opt[8] = { 7, 1, 0, 0, 0, 0, 0, 0 };

	ck_assert_int_eq(decode_with_options(&p, b, opt, sizeof(opt)), -1);
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV4_OPT_INVALID_LEN));
	ck_assert_uint_eq(p.ip_version, 0);
}
END_TEST

START_TEST(test_ipv4_option_overrunning_header_makes_header_invalid)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t opt[8] = { 1, 1, 1, 1, 1, 7, 7, 4 };	/* RR of 7 in 3 */

	ck_assert_int_eq(decode_with_options(&p, b, opt, sizeof(opt)), -1);
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV4_OPT_INVALID_LEN));
}
END_TEST

START_TEST(test_ipv4_option_without_length_byte_sets_eol_required_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t opt[8] = { 1, 1, 1, 1, 1, 1, 1, 7 };

	ck_assert_int_eq(decode_with_options(&p, b, opt, sizeof(opt)), 0);
	ck_assert(decode_event_has(p.events,
	    DECODE_EV_IPV4_OPT_EOL_REQUIRED));
	ck_assert(p.l4_valid);
}
END_TEST

/* Suricata's rule is a multiple of 8, not RFC 791's 4. */
START_TEST(test_ipv4_options_not_a_multiple_of_8_set_pad_required_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t opt[4] = { 1, 1, 1, 0 };

	ck_assert_int_eq(decode_with_options(&p, b, opt, sizeof(opt)), 0);
	ck_assert(decode_event_has(p.events,
	    DECODE_EV_IPV4_OPT_PAD_REQUIRED));
}
END_TEST

START_TEST(test_ipv4_unknown_option_sets_opt_invalid_and_decodes_l4)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t opt[8] = { 0x99, 4, 0, 0, 1, 1, 1, 0 };

	ck_assert_int_eq(decode_with_options(&p, b, opt, sizeof(opt)), 0);
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV4_OPT_INVALID));
	ck_assert(p.l4_valid);
	ck_assert_uint_eq(p.dport, BUILD_UDP_DPORT);
}
END_TEST

START_TEST(test_ipv4_record_route_pointer_not_on_address_is_malformed)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t opt[8] = { 7, 7, 5, 0, 0, 0, 0, 0 };

	ck_assert_int_eq(decode_with_options(&p, b, opt, sizeof(opt)), 0);
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV4_OPT_MALFORMED));
}
END_TEST

START_TEST(test_ipv4_record_route_shorter_than_3_is_invalid_len)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t opt[8] = { 7, 2, 1, 1, 1, 1, 1, 0 };

	ck_assert_int_eq(decode_with_options(&p, b, opt, sizeof(opt)), 0);
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV4_OPT_INVALID_LEN));
}
END_TEST

START_TEST(test_ipv4_timestamp_pointer_below_5_is_malformed)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t opt[8] = { 0x44, 8, 4, 0, 0, 0, 0, 0 };

	decode_with_options(&p, b, opt, sizeof(opt));
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV4_OPT_MALFORMED));
}
END_TEST

START_TEST(test_ipv4_timestamp_with_addresses_steps_by_8)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	/* flag 1 (address and time): pointer 9 is inside a record */
	const uint8_t opt[12] = { 0x44, 12, 9, 1, 0, 0, 0, 0, 0, 0, 0, 0 };

	decode_with_options(&p, b, opt, sizeof(opt));
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV4_OPT_MALFORMED));
}
END_TEST

START_TEST(test_ipv4_router_alert_of_6_bytes_is_invalid_len)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t opt[8] = { 0x94, 6, 0, 0, 0, 0, 1, 0 };

	decode_with_options(&p, b, opt, sizeof(opt));
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV4_OPT_INVALID_LEN));
}
END_TEST

START_TEST(test_ipv4_cipso_reserved_tag_is_malformed)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t opt[12] = { 0x86, 10, 0, 0, 0, 1, 0, 4, 0, 0, 1, 0 };

	decode_with_options(&p, b, opt, sizeof(opt));
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV4_OPT_MALFORMED));
}
END_TEST

START_TEST(test_ipv4_repeated_option_sets_duplicate_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t opt[16] = {
		7, 7, 4, 0, 0, 0, 0, 7, 7, 4, 0, 0, 0, 0, 1, 0
	};

	decode_with_options(&p, b, opt, sizeof(opt));
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV4_OPT_DUPLICATE));
}
END_TEST

/* A first copy that failed its checks was not recorded: the second one
 * is no duplicate, as in Suricata. */
START_TEST(test_ipv4_repeat_of_an_invalid_option_is_no_duplicate)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t opt[16] = {
		7, 7, 5, 0, 0, 0, 0, 7, 7, 4, 0, 0, 0, 0, 1, 0
	};

	decode_with_options(&p, b, opt, sizeof(opt));
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV4_OPT_MALFORMED));
	ck_assert(!decode_event_has(p.events, DECODE_EV_IPV4_OPT_DUPLICATE));
}
END_TEST

START_TEST(test_ipv4_first_fragment_has_no_l4)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_udp(b, "first part");

	set_frag(b, 0x1, 0);
	build_put16(b + 24, 8 + 1000);	/* UDP covers the whole datagram */
	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert(p.is_fragment);
	ck_assert_uint_eq(p.frag_flags, 0x1);
	ck_assert_uint_eq(p.frag_offset, 0);
	/* the datagram reassembled from it brings L4, ports and payload */
	ck_assert_uint_eq(p.proto, IPPROTO_UDP);
	ck_assert_ptr_null(p.l4);
	ck_assert(!p.l4_valid);
	ck_assert_uint_eq(p.sport, 0);
	ck_assert_ptr_null(p.payload);
	ck_assert_uint_eq(p.payload_len, 0);
}
END_TEST

START_TEST(test_ipv4_non_first_fragment_has_no_l4)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_tcp(b, PKT_TCP_SYN, "tail");

	set_frag(b, 0, 185);
	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert(p.is_fragment);
	ck_assert_uint_eq(p.frag_offset, 185);
	ck_assert_ptr_null(p.l4);
	ck_assert(!p.l4_valid);
	ck_assert_uint_eq(p.sport, 0);
	ck_assert_uint_eq(p.tcp_flags, 0);
}
END_TEST

/* What a udp content rule fired on before: a fragment's bytes are not
 * the datagram's payload. */
START_TEST(test_ipv4_non_first_fragment_has_no_payload)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_tcp(b, PKT_TCP_SYN, "tail");

	set_frag(b, 0x1, 185);
	build_decode(&p, b, n);
	ck_assert_ptr_null(p.payload);
	ck_assert_uint_eq(p.payload_len, 0);
}
END_TEST

START_TEST(test_ipv4_dont_fragment_is_not_a_fragment)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_tcp(b, PKT_TCP_SYN, "");

	set_frag(b, 0x2, 0);
	build_decode(&p, b, n);
	ck_assert_uint_eq(p.frag_flags, 0x2);
	ck_assert(!p.is_fragment);
}
END_TEST

START_TEST(test_ipv4_reserved_flag_is_reported)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_tcp(b, PKT_TCP_SYN, "");

	set_frag(b, 0x4, 0);
	build_decode(&p, b, n);
	ck_assert_uint_eq(p.frag_flags, 0x4);
}
END_TEST

/* Suricata decodes no payload for a protocol it has no decoder for. */
START_TEST(test_ipv4_unknown_protocol_has_no_payload)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4(b, 253, NULL, 0, 8);	/* experimental */

	memcpy(b + n, "\x00\x00\x08\x00grex", 8);
	ck_assert_int_eq(build_decode(&p, b, n + 8), 0);
	ck_assert_uint_eq(p.proto, 253);
	ck_assert_ptr_null(p.l4);
	ck_assert_ptr_null(p.payload);
}
END_TEST

START_TEST(test_ipv4_header_only_has_null_payload)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4(b, 47, NULL, 0, 0);

	build_decode(&p, b, n);
	ck_assert_ptr_null(p.payload);
	ck_assert_uint_eq(p.payload_len, 0);
}
END_TEST

START_TEST(test_ipv4_carrying_icmpv6_sets_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4(b, IPPROTO_ICMPV6, NULL, 0, 8);

	n += build_icmp(b + n, 128, 0);
	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV4_WITH_ICMPV6));
	ck_assert_ptr_null(p.l4);
}
END_TEST

START_TEST(test_ipv4_decoder_rejects_other_version)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6_udp(b, "x");

	memset(&p, 0, sizeof(p));
	ck_assert_int_eq(decode_ipv4(&p, b, (uint32_t)n), -1);
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV4_WRONG_IP_VER));
}
END_TEST

Suite *
decode_ipv4_suite(void)
{
	Suite *s = suite_create("decode_ipv4");
	TCase *tc = tcase_create("ipv4");

	tcase_add_test(tc, test_ipv4_header_fields_decode);
	tcase_add_test(tc, test_ipv4_shorter_than_20_bytes_sets_pkt_too_small_event);
	tcase_add_test(tc, test_ipv4_ihl_below_five_sets_hlen_too_small_event);
	tcase_add_test(tc, test_ipv4_total_length_below_header_sets_iplen_event);
	tcase_add_test(tc, test_ipv4_truncated_total_length_sets_trunc_event);
	tcase_add_test(tc, test_ipv4_truncated_packet_is_not_usable);
	tcase_add_test(tc, test_ipv4_header_cut_short_is_not_usable);
	tcase_add_test(tc, test_ipv4_ethernet_padding_is_trimmed);
	tcase_add_test(tc, test_ipv4_padding_is_trimmed_from_tcp_payload);
	tcase_add_test(tc, test_ipv4_valid_options_raise_no_event);
	tcase_add_test(tc, test_ipv4_options_move_the_l4_header);
	tcase_add_test(tc, test_ipv4_option_length_below_two_makes_header_invalid);
	tcase_add_test(tc, test_ipv4_option_overrunning_header_makes_header_invalid);
	tcase_add_test(tc, test_ipv4_option_without_length_byte_sets_eol_required_event);
	tcase_add_test(tc, test_ipv4_options_not_a_multiple_of_8_set_pad_required_event);
	tcase_add_test(tc, test_ipv4_unknown_option_sets_opt_invalid_and_decodes_l4);
	tcase_add_test(tc, test_ipv4_record_route_pointer_not_on_address_is_malformed);
	tcase_add_test(tc, test_ipv4_record_route_shorter_than_3_is_invalid_len);
	tcase_add_test(tc, test_ipv4_timestamp_pointer_below_5_is_malformed);
	tcase_add_test(tc, test_ipv4_timestamp_with_addresses_steps_by_8);
	tcase_add_test(tc, test_ipv4_router_alert_of_6_bytes_is_invalid_len);
	tcase_add_test(tc, test_ipv4_cipso_reserved_tag_is_malformed);
	tcase_add_test(tc, test_ipv4_repeated_option_sets_duplicate_event);
	tcase_add_test(tc, test_ipv4_repeat_of_an_invalid_option_is_no_duplicate);
	tcase_add_test(tc, test_ipv4_first_fragment_has_no_l4);
	tcase_add_test(tc, test_ipv4_non_first_fragment_has_no_l4);
	tcase_add_test(tc, test_ipv4_non_first_fragment_has_no_payload);
	tcase_add_test(tc, test_ipv4_dont_fragment_is_not_a_fragment);
	tcase_add_test(tc, test_ipv4_reserved_flag_is_reported);
	tcase_add_test(tc, test_ipv4_unknown_protocol_has_no_payload);
	tcase_add_test(tc, test_ipv4_header_only_has_null_payload);
	tcase_add_test(tc, test_ipv4_carrying_icmpv6_sets_event);
	tcase_add_test(tc, test_ipv4_decoder_rejects_other_version);
	suite_add_tcase(s, tc);
	return s;
}
