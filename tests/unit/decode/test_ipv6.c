#include "core/base.h"

#include <check.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "core/packet.h"
#include "decode/decode.h"
#include "decode/events.h"
#include "decode/ipv6.h"

#include "build.h"
#include "suites.h"

START_TEST(test_ipv6_header_fields_decode)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6_udp(b, "");

	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert_uint_eq(p.ip_version, 6);
	ck_assert_uint_eq(p.ip_hdr_len, 40);
	ck_assert_uint_eq(p.ttl, BUILD_TTL);
	ck_assert_uint_eq(p.tos, BUILD_TOS);
	ck_assert_uint_eq(p.proto, IPPROTO_UDP);
	ck_assert_uint_eq(p.src.family, AF_INET6);
	ck_assert_mem_eq(p.src.u.v6, build_ipv6_src, 16);
	ck_assert_uint_eq(p.dst.family, AF_INET6);
	ck_assert_mem_eq(p.dst.u.v6, build_ipv6_dst, 16);
	ck_assert(!p.is_fragment);
	ck_assert(!decode_event_any(p.events));
}
END_TEST

/* As Suricata 7: not IPv6, and no event (ipv6.pkt_too_small is never
 * raised there). */
START_TEST(test_ipv6_shorter_than_40_bytes_fails_without_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;

	build_ipv6_udp(b, "");
	ck_assert_int_eq(build_decode(&p, b, 39), -1);
	ck_assert(!decode_event_any(p.events));
	ck_assert_uint_eq(p.ip_version, 0);
}
END_TEST

START_TEST(test_ipv6_truncated_payload_length_sets_trunc_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6_tcp(b, PKT_TCP_ACK, "hello world");

	ck_assert_int_eq(build_decode(&p, b, n - 6), -1);
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV6_TRUNC_PKT));
	ck_assert_uint_eq(p.ip_version, 0);
}
END_TEST

START_TEST(test_ipv6_padding_after_payload_is_trimmed)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6_udp(b, "ab");

	memset(b + n, 0xee, 10);
	build_decode(&p, b, n + 10);
	ck_assert_uint_eq(p.payload_len, 2);
	ck_assert(!decode_event_any(p.events));
}
END_TEST

START_TEST(test_ipv6_hop_by_hop_and_dst_options_chain_reaches_tcp)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6(b, IPPROTO_HOPOPTS, 8 + 16 + 20 + 2);

	n += build_ipv6_opts(b + n, IPPROTO_DSTOPTS, 8);
	n += build_ipv6_opts(b + n, IPPROTO_TCP, 16);
	n += build_tcp(b + n, PKT_TCP_SYN, NULL, 0);
	n += build_bytes(b + n, "hi");
	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert_uint_eq(p.proto, IPPROTO_TCP);
	ck_assert_uint_eq(p.ip_hdr_len, 40 + 8 + 16);
	ck_assert_ptr_eq(p.l4, b + 64);
	ck_assert(p.l4_valid);
	ck_assert_uint_eq(p.dport, BUILD_TCP_DPORT);
	ck_assert_mem_eq(p.payload, "hi", 2);
	/* PadN-only headers: Suricata's only_padding events, nothing else */
	ck_assert(decode_event_has(p.events,
	    DECODE_EV_IPV6_HOPOPTS_ONLY_PADDING));
	ck_assert(decode_event_has(p.events,
	    DECODE_EV_IPV6_DSTOPTS_ONLY_PADDING));
	p.events[0] &= ~((uint64_t)1 << DECODE_EV_IPV6_HOPOPTS_ONLY_PADDING |
	    (uint64_t)1 << DECODE_EV_IPV6_DSTOPTS_ONLY_PADDING);
	ck_assert(!decode_event_any(p.events));
}
END_TEST

START_TEST(test_ipv6_routing_and_mobility_headers_are_walked)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6(b, IPPROTO_ROUTING, 8 + 8 + 8);

	n += build_ipv6_routing(b + n, IPPROTO_MH, 4);
	n += build_ipv6_routing(b + n, IPPROTO_UDP, 0);	/* MH, same shape */
	n += build_udp(b + n, 0);
	build_decode(&p, b, n);
	ck_assert_uint_eq(p.proto, IPPROTO_UDP);
	ck_assert_uint_eq(p.ip_hdr_len, 56);
	ck_assert(p.l4_valid);
	ck_assert(!decode_event_any(p.events));
}
END_TEST

START_TEST(test_ipv6_routing_header_type_0_sets_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6(b, IPPROTO_ROUTING, 8 + 8);

	n += build_ipv6_routing(b + n, IPPROTO_UDP, 0);
	n += build_udp(b + n, 0);
	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV6_EXTHDR_RH_TYPE_0));
}
END_TEST

START_TEST(test_ipv6_ah_length_counts_four_byte_units)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6(b, IPPROTO_AH, 24 + 8);

	n += build_ipv6_ah(b + n, IPPROTO_UDP, 4);	/* (4 + 2) * 4 = 24 */
	n += build_udp(b + n, 0);
	build_decode(&p, b, n);
	ck_assert_uint_eq(p.ip_hdr_len, 64);
	ck_assert_uint_eq(p.proto, IPPROTO_UDP);
	ck_assert(p.l4_valid);
}
END_TEST

/* Suricata stops at a fragment header: the protocol is 44 (eve's
 * "IPv6-Frag"), the upper layer waits for reassembly. */
START_TEST(test_ipv6_first_fragment_has_no_l4)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6(b, IPPROTO_FRAGMENT, 8 + 8 + 8);

	n += build_ipv6_frag(b + n, IPPROTO_UDP, 0, true, 0xdeadbeef);
	n += build_udp(b + n, 1000);
	n += build_bytes(b + n, "fragment");
	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert(p.is_fragment);
	ck_assert_uint_eq(p.frag_offset, 0);
	ck_assert_uint_eq(p.frag_flags, 0x1);
	ck_assert_uint_eq(p.ip_id, 0xdeadbeef);
	ck_assert_uint_eq(p.frag_hdr_off, 40);
	ck_assert_uint_eq(p.frag_nh_off, 6);
	ck_assert_uint_eq(p.proto, IPPROTO_FRAGMENT);
	ck_assert_ptr_null(p.l4);
	ck_assert_uint_eq(p.sport, 0);
	ck_assert_ptr_null(p.payload);
	ck_assert(!decode_event_any(p.events));
}
END_TEST

START_TEST(test_ipv6_non_first_fragment_has_no_l4)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6(b, IPPROTO_FRAGMENT, 8 + 12);

	n += build_ipv6_frag(b + n, IPPROTO_TCP, 100, false, 0x00010002);
	n += build_bytes(b + n, "fragmentdata");
	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert(p.is_fragment);
	ck_assert_uint_eq(p.frag_offset, 100);
	ck_assert_uint_eq(p.ip_id, 0x00010002);
	ck_assert_uint_eq(p.proto, IPPROTO_FRAGMENT);
	ck_assert_ptr_null(p.l4);
	ck_assert_uint_eq(p.sport, 0);
	/* a udp content rule must not see fragment data as payload */
	ck_assert_ptr_null(p.payload);
	ck_assert_uint_eq(p.payload_len, 0);
}
END_TEST

START_TEST(test_ipv6_non_first_fragment_data_is_not_walked_as_headers)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6(b, IPPROTO_FRAGMENT, 8 + 4);

	/* next header says "destination options", but this is fragment
	 * data: its "length" byte 0xff would overrun the packet */
	n += build_ipv6_frag(b + n, IPPROTO_DSTOPTS, 3, false, 1);
	memcpy(b + n, "\x06\xff\x00\x00", 4);
	n += 4;
	build_decode(&p, b, n);
	ck_assert(!decode_event_any(p.events));
	ck_assert_uint_eq(p.proto, IPPROTO_FRAGMENT);
}
END_TEST

START_TEST(test_ipv6_atomic_fragment_is_not_a_fragment)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6(b, IPPROTO_FRAGMENT, 8 + 8);

	n += build_ipv6_frag(b + n, IPPROTO_UDP, 0, false, 9);
	n += build_udp(b + n, 0);
	build_decode(&p, b, n);
	ck_assert(!p.is_fragment);
	ck_assert(p.l4_valid);
}
END_TEST

START_TEST(test_ipv6_truncated_ext_header_sets_trunc_exthdr_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6(b, IPPROTO_DSTOPTS, 16 + 8);

	n += build_ipv6_opts(b + n, IPPROTO_UDP, 16);
	n += build_udp(b + n, 0);
	b[41] = 4;		/* claims 40 bytes */
	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV6_TRUNC_EXTHDR));
	ck_assert_ptr_null(p.l4);
	ck_assert_ptr_null(p.payload);
	ck_assert_uint_eq(p.ip_hdr_len, 40);
}
END_TEST

START_TEST(test_ipv6_ext_header_without_length_byte_sets_trunc_exthdr_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6(b, IPPROTO_HOPOPTS, 1);

	b[n++] = IPPROTO_UDP;
	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV6_TRUNC_EXTHDR));
}
END_TEST

START_TEST(test_ipv6_truncated_fragment_header_sets_trunc_exthdr_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6(b, IPPROTO_FRAGMENT, 8);

	n += build_ipv6_frag(b + n, IPPROTO_UDP, 0, true, 1);
	build_put16(b + 4, 7);		/* the payload ends inside it */
	build_decode(&p, b, n - 1);
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV6_TRUNC_EXTHDR));
	ck_assert(!p.is_fragment);
}
END_TEST

/* Builds an IPv6 packet with `count` 8-byte destination options headers
 * followed by an empty UDP datagram. */
static size_t
build_dstopts_chain(uint8_t *b, unsigned count)
{
	size_t n = build_ipv6(b, IPPROTO_DSTOPTS, count * 8 + 8);

	for (unsigned i = 1; i <= count; i++)
		n += build_ipv6_opts(b + n,
		    i == count ? IPPROTO_UDP : IPPROTO_DSTOPTS, 8);
	return n + build_udp(b + n, 0);
}

/* No bound on the chain but the packet (every header is 8 bytes or
 * more), as Suricata's walk; past two, destination options headers are
 * duplicates, skipped. */
START_TEST(test_ipv6_long_exthdr_chain_reaches_upper_layer)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_dstopts_chain(b, 20);

	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV6_EXTHDR_DUPL_DH));
	ck_assert(p.l4_valid);
	ck_assert_uint_eq(p.proto, IPPROTO_UDP);
	ck_assert_uint_eq(p.ip_hdr_len, 40 + 8 * 20);
}
END_TEST

START_TEST(test_ipv6_esp_ends_the_walk)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6(b, IPPROTO_HOPOPTS, 8 + 16);

	n += build_ipv6_opts(b + n, IPPROTO_ESP, 8);
	memcpy(b + n, "\x00\x00\x01\x00\x00\x00\x00\x01opaque!!", 16);
	n += 16;
	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert_uint_eq(p.proto, IPPROTO_ESP);
	ck_assert_uint_eq(p.ip_hdr_len, 48);
	ck_assert_ptr_eq(p.l4, b + 48);
	/* SPI and sequence number, then the encrypted payload */
	ck_assert_ptr_eq(p.payload, b + 56);
	ck_assert_uint_eq(p.payload_len, 8);
}
END_TEST

START_TEST(test_ipv6_no_next_header_has_no_payload)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6(b, IPPROTO_NONE, 0);

	ck_assert_int_eq(build_decode(&p, b, n), 0);
	/* Suricata's L4 protocol is not set by "no next header": 0 */
	ck_assert_uint_eq(p.proto, 0);
	ck_assert_ptr_null(p.payload);
	ck_assert(!decode_event_any(p.events));
}
END_TEST

START_TEST(test_ipv6_data_after_no_next_header_sets_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6(b, IPPROTO_NONE, 4);

	n += build_bytes(b + n, "junk");
	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events,
	    DECODE_EV_IPV6_DATA_AFTER_NONE_HEADER));
	ck_assert_ptr_null(p.payload);
}
END_TEST

START_TEST(test_ipv6_option_overrunning_ext_header_sets_invalid_optlen_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6(b, IPPROTO_HOPOPTS, 8 + 8);

	n += build_ipv6_opts(b + n, IPPROTO_UDP, 8);
	n += build_udp(b + n, 0);
	/* PadN of 6 in 4 bytes: past Suricata's check, which lets one
	 * byte more through than the TLV format */
	b[43] = 6;
	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events,
	    DECODE_EV_IPV6_EXTHDR_INVALID_OPTLEN));
	ck_assert(p.l4_valid);
}
END_TEST

START_TEST(test_ipv6_carrying_icmpv4_sets_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6(b, IPPROTO_ICMP, 8);

	n += build_icmp(b + n, 8, 0);
	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV6_WITH_ICMPV4));
	ck_assert_ptr_null(p.l4);
}
END_TEST

START_TEST(test_ipv6_decoder_rejects_other_version)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_udp(b, "twenty bytes of data");

	memset(&p, 0, sizeof(p));
	ck_assert_int_eq(decode_ipv6(&p, b, (uint32_t)n), -1);
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV6_WRONG_IP_VER));
}
END_TEST

Suite *
decode_ipv6_suite(void)
{
	Suite *s = suite_create("decode_ipv6");
	TCase *tc = tcase_create("ipv6");

	tcase_add_test(tc, test_ipv6_header_fields_decode);
	tcase_add_test(tc, test_ipv6_shorter_than_40_bytes_fails_without_event);
	tcase_add_test(tc, test_ipv6_truncated_payload_length_sets_trunc_event);
	tcase_add_test(tc, test_ipv6_padding_after_payload_is_trimmed);
	tcase_add_test(tc, test_ipv6_hop_by_hop_and_dst_options_chain_reaches_tcp);
	tcase_add_test(tc, test_ipv6_routing_and_mobility_headers_are_walked);
	tcase_add_test(tc, test_ipv6_routing_header_type_0_sets_event);
	tcase_add_test(tc, test_ipv6_ah_length_counts_four_byte_units);
	tcase_add_test(tc, test_ipv6_first_fragment_has_no_l4);
	tcase_add_test(tc, test_ipv6_non_first_fragment_has_no_l4);
	tcase_add_test(tc, test_ipv6_non_first_fragment_data_is_not_walked_as_headers);
	tcase_add_test(tc, test_ipv6_atomic_fragment_is_not_a_fragment);
	tcase_add_test(tc, test_ipv6_truncated_ext_header_sets_trunc_exthdr_event);
	tcase_add_test(tc, test_ipv6_ext_header_without_length_byte_sets_trunc_exthdr_event);
	tcase_add_test(tc, test_ipv6_truncated_fragment_header_sets_trunc_exthdr_event);
	tcase_add_test(tc, test_ipv6_long_exthdr_chain_reaches_upper_layer);
	tcase_add_test(tc, test_ipv6_esp_ends_the_walk);
	tcase_add_test(tc, test_ipv6_no_next_header_has_no_payload);
	tcase_add_test(tc, test_ipv6_data_after_no_next_header_sets_event);
	tcase_add_test(tc, test_ipv6_option_overrunning_ext_header_sets_invalid_optlen_event);
	tcase_add_test(tc, test_ipv6_carrying_icmpv4_sets_event);
	tcase_add_test(tc, test_ipv6_decoder_rejects_other_version);
	suite_add_tcase(s, tc);
	return s;
}
