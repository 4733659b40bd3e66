#include "core/base.h"

#include <check.h>
#include <netinet/in.h>

#include "core/packet.h"
#include "decode/decode.h"
#include "decode/events.h"

#include "build.h"
#include "suites.h"

/* IPv4 + TCP with the given options + payload "data". */
static size_t
build_ipv4_tcp_opts(uint8_t *b, const uint8_t *opt, size_t opt_len)
{
	size_t n = build_ipv4(b, IPPROTO_TCP, NULL, 0, 20 + opt_len + 4);

	n += build_tcp(b + n, PKT_TCP_SYN, opt, opt_len);
	return n + build_bytes(b + n, "data");
}

START_TEST(test_ipv4_tcp_ports_and_flags_decode)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_tcp(b, PKT_TCP_PSH | PKT_TCP_ACK, "GET /");

	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert_uint_eq(p.sport, BUILD_TCP_SPORT);
	ck_assert_uint_eq(p.dport, BUILD_TCP_DPORT);
	ck_assert_uint_eq(p.tcp_flags, PKT_TCP_PSH | PKT_TCP_ACK);
	ck_assert_uint_eq(p.tcp_seq, BUILD_TCP_SEQ);
	ck_assert_uint_eq(p.tcp_ack, BUILD_TCP_ACK);
	ck_assert_uint_eq(p.tcp_window, BUILD_TCP_WIN);
	ck_assert_ptr_eq(p.l4, b + 20);
	ck_assert_uint_eq(p.l4_hdr_len, 20);
	ck_assert(p.l4_valid);
	ck_assert(!decode_event_any(p.events));
}
END_TEST

START_TEST(test_ipv4_tcp_payload_follows_header)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_tcp(b, PKT_TCP_PSH | PKT_TCP_ACK, "GET /");

	build_decode(&p, b, n);
	ck_assert_ptr_eq(p.payload, b + 40);
	ck_assert_uint_eq(p.payload_len, 5);
	ck_assert_mem_eq(p.payload, "GET /", 5);
}
END_TEST

START_TEST(test_ipv6_tcp_ports_and_payload_decode)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv6_tcp(b, PKT_TCP_SYN | PKT_TCP_ECE | PKT_TCP_CWR,
	    "v6");

	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert_uint_eq(p.proto, IPPROTO_TCP);
	ck_assert_uint_eq(p.sport, BUILD_TCP_SPORT);
	ck_assert_uint_eq(p.dport, BUILD_TCP_DPORT);
	ck_assert_uint_eq(p.tcp_flags, PKT_TCP_SYN | PKT_TCP_ECE | PKT_TCP_CWR);
	ck_assert(p.l4_valid);
	ck_assert_ptr_eq(p.l4, b + 40);
	ck_assert_mem_eq(p.payload, "v6", 2);
	ck_assert_uint_eq(p.payload_len, 2);
}
END_TEST

START_TEST(test_tcp_without_payload_has_null_payload)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_tcp(b, PKT_TCP_SYN, "");

	build_decode(&p, b, n);
	ck_assert(p.l4_valid);
	ck_assert_ptr_null(p.payload);
	ck_assert_uint_eq(p.payload_len, 0);
}
END_TEST

START_TEST(test_tcp_shorter_than_20_bytes_sets_pkt_too_small_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4(b, IPPROTO_TCP, NULL, 0, 19);

	n += build_tcp(b + n, PKT_TCP_SYN, NULL, 0) - 1;
	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert(decode_event_has(p.events, DECODE_EV_TCP_PKT_TOO_SMALL));
	ck_assert(!p.l4_valid);
	ck_assert_uint_eq(p.sport, 0);
	ck_assert_ptr_null(p.payload);
}
END_TEST

START_TEST(test_tcp_missing_entirely_sets_pkt_too_small_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4(b, IPPROTO_TCP, NULL, 0, 0);

	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events, DECODE_EV_TCP_PKT_TOO_SMALL));
	ck_assert_ptr_null(p.l4);
}
END_TEST

/* Suricata reports a data offset below 5 as invalid_optlen (its option
 * length goes below 0); bug-6875-01's capture has one. */
START_TEST(test_tcp_data_offset_below_five_sets_invalid_optlen_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_tcp(b, PKT_TCP_SYN, "data");

	b[20 + 12] = 4 << 4;
	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert(decode_event_has(p.events, DECODE_EV_TCP_INVALID_OPTLEN));
	ck_assert(!decode_event_has(p.events, DECODE_EV_TCP_HLEN_TOO_SMALL));
	ck_assert(!p.l4_valid);
	ck_assert_uint_eq(p.l4_hdr_len, 0);
	ck_assert_ptr_null(p.payload);
}
END_TEST

START_TEST(test_tcp_data_offset_beyond_end_sets_hlen_too_small_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_tcp(b, PKT_TCP_SYN, "data");

	b[20 + 12] = 15 << 4;	/* 60 bytes, 24 there */
	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events, DECODE_EV_TCP_HLEN_TOO_SMALL));
	ck_assert(!p.l4_valid);
	ck_assert_ptr_null(p.payload);
}
END_TEST

/* Suricata clears the TCP header of an invalid one: no ports either. */
START_TEST(test_tcp_bad_data_offset_gives_no_ports)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_tcp(b, PKT_TCP_RST, "");

	b[20 + 12] = 0;
	build_decode(&p, b, n);
	ck_assert_uint_eq(p.sport, 0);
	ck_assert_uint_eq(p.tcp_flags, 0);
	ck_assert_ptr_null(p.l4);
}
END_TEST

START_TEST(test_tcp_valid_options_raise_no_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	/* MSS 1460, SACK permitted, timestamps, NOP, window scale 7, EOL */
	const uint8_t opt[24] = {
		2, 4, 0x05, 0xb4, 4, 2, 8, 10, 0, 0, 0, 1, 0, 0, 0, 0,
		1, 3, 3, 7, 0, 0, 0, 0
	};
	size_t n = build_ipv4_tcp_opts(b, opt, sizeof(opt));

	build_decode(&p, b, n);
	ck_assert(!decode_event_any(p.events));
	ck_assert_uint_eq(p.l4_hdr_len, 44);
	ck_assert_mem_eq(p.payload, "data", 4);
}
END_TEST

START_TEST(test_tcp_option_length_zero_sets_opt_invalid_len_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t opt[4] = { 2, 0, 0x05, 0xb4 };
	size_t n = build_ipv4_tcp_opts(b, opt, sizeof(opt));

	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert(decode_event_has(p.events, DECODE_EV_TCP_OPT_INVALID_LEN));
}
END_TEST

START_TEST(test_tcp_option_overrunning_header_sets_opt_invalid_len_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t opt[4] = { 1, 1, 8, 10 };	/* timestamps of 10 in 2 */
	size_t n = build_ipv4_tcp_opts(b, opt, sizeof(opt));

	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events, DECODE_EV_TCP_OPT_INVALID_LEN));
}
END_TEST

/* Suricata ends the walk there without an event. */
START_TEST(test_tcp_option_without_length_byte_is_no_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t opt[4] = { 1, 1, 1, 2 };
	size_t n = build_ipv4_tcp_opts(b, opt, sizeof(opt));

	build_decode(&p, b, n);
	ck_assert(!decode_event_any(p.events));
	ck_assert(p.l4_valid);
}
END_TEST

START_TEST(test_tcp_bad_option_length_keeps_header_valid)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t opt[4] = { 3, 0, 0, 0 };
	size_t n = build_ipv4_tcp_opts(b, opt, sizeof(opt));

	build_decode(&p, b, n);
	ck_assert(p.l4_valid);
	ck_assert_uint_eq(p.l4_hdr_len, 24);
	ck_assert_mem_eq(p.payload, "data", 4);
}
END_TEST

/* One option of each checked kind with a length it must not have. */
static const struct {
	uint8_t	 opt[8];
} tcp_bad_len[] = {
	{ { 2, 3, 5, 1, 1, 1, 1, 0 } },		/* MSS: 4 */
	{ { 3, 4, 7, 1, 1, 1, 1, 0 } },		/* window scale: 3 */
	{ { 4, 3, 1, 1, 1, 1, 1, 0 } },		/* SACK permitted: 2 */
	{ { 8, 6, 0, 0, 0, 1, 1, 0 } },		/* timestamps: 10 */
	{ { 5, 6, 0, 0, 0, 1, 1, 0 } },		/* SACK: 2, 10..34 by 8 */
	{ { 34, 3, 1, 1, 1, 1, 1, 0 } },	/* TFO: 2, 4..18 even */
	{ { 19, 6, 0, 0, 0, 0, 1, 0 } },	/* MD5 signature: 18 */
	{ { 29, 3, 0, 1, 1, 1, 1, 0 } },	/* TCP-AO: 4 or more */
	{ { 253, 6, 0xf9, 0x89, 0, 0, 1, 0 } },	/* experimental: 4 or 12 */
};

START_TEST(test_tcp_option_of_wrong_length_sets_opt_invalid_len_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_tcp_opts(b, tcp_bad_len[_i].opt, 8);

	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events, DECODE_EV_TCP_OPT_INVALID_LEN));
	ck_assert(p.l4_valid);
}
END_TEST

START_TEST(test_tcp_repeated_option_sets_opt_duplicate_event)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t opt[8] = { 2, 4, 5, 0xb4, 2, 4, 5, 0xb4 };
	size_t n = build_ipv4_tcp_opts(b, opt, sizeof(opt));

	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events, DECODE_EV_TCP_OPT_DUPLICATE));
}
END_TEST

/* RFC 7413's experimental option with the TFO magic is TFO. */
START_TEST(test_tcp_experimental_tfo_after_tfo_is_a_duplicate)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	const uint8_t opt[8] = { 34, 2, 254, 4, 0xf9, 0x89, 1, 0 };
	size_t n = build_ipv4_tcp_opts(b, opt, sizeof(opt));

	build_decode(&p, b, n);
	ck_assert(decode_event_has(p.events, DECODE_EV_TCP_OPT_DUPLICATE));
}
END_TEST

Suite *
decode_tcp_suite(void)
{
	Suite *s = suite_create("decode_tcp");
	TCase *tc = tcase_create("tcp");

	tcase_add_test(tc, test_ipv4_tcp_ports_and_flags_decode);
	tcase_add_test(tc, test_ipv4_tcp_payload_follows_header);
	tcase_add_test(tc, test_ipv6_tcp_ports_and_payload_decode);
	tcase_add_test(tc, test_tcp_without_payload_has_null_payload);
	tcase_add_test(tc, test_tcp_shorter_than_20_bytes_sets_pkt_too_small_event);
	tcase_add_test(tc, test_tcp_missing_entirely_sets_pkt_too_small_event);
	tcase_add_test(tc, test_tcp_data_offset_below_five_sets_invalid_optlen_event);
	tcase_add_test(tc, test_tcp_data_offset_beyond_end_sets_hlen_too_small_event);
	tcase_add_test(tc, test_tcp_bad_data_offset_gives_no_ports);
	tcase_add_test(tc, test_tcp_valid_options_raise_no_event);
	tcase_add_test(tc, test_tcp_option_length_zero_sets_opt_invalid_len_event);
	tcase_add_test(tc, test_tcp_option_overrunning_header_sets_opt_invalid_len_event);
	tcase_add_test(tc, test_tcp_option_without_length_byte_is_no_event);
	tcase_add_test(tc, test_tcp_bad_option_length_keeps_header_valid);
	tcase_add_loop_test(tc, test_tcp_option_of_wrong_length_sets_opt_invalid_len_event,
	    0, (int)QUELL_NITEMS(tcp_bad_len));
	tcase_add_test(tc, test_tcp_repeated_option_sets_opt_duplicate_event);
	tcase_add_test(tc, test_tcp_experimental_tfo_after_tfo_is_a_duplicate);
	suite_add_tcase(s, tc);
	return s;
}
