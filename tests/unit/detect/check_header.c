/* Unit tests of the header keywords of lib/detect (ttl, tos, ipopts,
 * fragbits, fragoffset, id, ip_proto, sameip, flags, seq, ack, window,
 * tcp.mss, itype, icode, icmp_id, icmp_seq): each against hand-built
 * packets, as the decoder would leave them. */
#include "core/base.h"

#include <sys/socket.h>

#include <arpa/inet.h>
#include <check.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/diag.h"
#include "core/packet.h"
#include "detect/engine.h"
#include "rules/ruleset.h"

#include "harness.h"

static struct packet tcp(void);
static struct packet icmp(uint8_t, uint8_t, uint8_t);
static bool	hit(const char *, const struct packet *);
static Suite	*header_suite(void);


/* An IPv4 TCP packet 10.0.0.1:1000 -> 10.0.0.2:80 with a real 20-byte
 * IP header and a 20-byte TCP header (flags ACK). */
static struct packet
tcp(void)
{
	static uint8_t raw[40];
	struct packet p;

	memset(raw, 0, sizeof(raw));
	raw[0] = 0x45;
	memset(&p, 0, sizeof(p));
	p.data = raw;
	p.len = sizeof(raw);
	p.src = harness_ip("10.0.0.1");
	p.dst = harness_ip("10.0.0.2");
	p.ip_version = 4;
	p.ip_hdr_len = 20;
	p.ttl = 64;
	p.proto = IPPROTO_TCP;
	p.l4_valid = true;
	p.l4 = raw + 20;
	p.l4_hdr_len = 20;
	p.sport = 1000;
	p.dport = 80;
	p.tcp_flags = PKT_TCP_ACK;
	p.tcp_seq = 1000;
	p.tcp_ack = 2000;
	p.tcp_window = 512;
	return p;
}

static struct packet
icmp(uint8_t proto, uint8_t type, uint8_t code)
{
	struct packet p = tcp();

	if (proto == IPPROTO_ICMPV6) {
		p.src = harness_ip("2001:2::1");
		p.dst = harness_ip("2001:2::2");
		p.ip_version = 6;
	}
	p.proto = proto;
	p.sport = p.dport = 0;
	p.icmp_type = type;
	p.icmp_code = code;
	p.icmp_id = 77;
	p.icmp_seq = 5;
	return p;
}

/* Whether a fresh engine of the one rule alerts on p. */
static bool
hit(const char *rule, const struct packet *p)
{
	harness_engine(rule);
	detect_packet(harness_dt, p, &harness_res);
	return harness_res.nalerts == 1;
}

#define R(opts)	"alert ip any any -> any any (" opts " sid:1;)"

START_TEST(test_ttl_matches_its_value)
{
	struct packet p = tcp();

	ck_assert(hit(R("ttl:64;"), &p));
}
END_TEST

START_TEST(test_ttl_fails_on_another_value)
{
	struct packet p = tcp();

	ck_assert(!hit(R("ttl:63;"), &p));
}
END_TEST

START_TEST(test_ttl_less_than_matches_lower_values)
{
	struct packet p = tcp();

	p.ttl = 3;
	ck_assert(hit(R("ttl:<5;"), &p));
}
END_TEST

START_TEST(test_ttl_negation_matches_other_values)
{
	struct packet p = tcp();

	ck_assert(hit(R("ttl:!1;"), &p));
}
END_TEST

START_TEST(test_tos_matches_decimal_value)
{
	struct packet p = tcp();

	p.tos = 16;
	ck_assert(hit(R("tos:16;"), &p));
}
END_TEST

START_TEST(test_tos_matches_hex_value)
{
	struct packet p = tcp();

	p.tos = 0x1c;
	ck_assert(hit(R("tos:x1c;"), &p));
}
END_TEST

START_TEST(test_negated_tos_fails_on_its_value)
{
	struct packet p = tcp();

	p.tos = 8;
	ck_assert(!hit(R("tos:!8;"), &p));
}
END_TEST

START_TEST(test_ipopts_finds_an_option)
{
	struct packet p = tcp();
	static uint8_t raw[24] = { 0x46, [20] = 0x01, 0x07, 0x03, 0x00 };

	/* NOP, then RR (7) of length 3 */
	p.data = raw;
	p.l3 = raw;
	p.len = sizeof(raw);
	p.ip_hdr_len = 24;
	ck_assert(hit(R("ipopts:rr;"), &p));
}
END_TEST

START_TEST(test_ipopts_fails_without_the_option)
{
	struct packet p = tcp();
	static uint8_t raw[24] = { 0x46, [20] = 0x01, 0x07, 0x03, 0x00 };

	p.data = raw;
	p.len = sizeof(raw);
	p.ip_hdr_len = 24;
	ck_assert(!hit(R("ipopts:lsrr;"), &p));
}
END_TEST

START_TEST(test_ipopts_any_needs_some_option)
{
	struct packet p = tcp();

	ck_assert(!hit(R("ipopts:any;"), &p));
}
END_TEST

START_TEST(test_ipopts_stops_at_a_truncated_option)
{
	struct packet p = tcp();
	static uint8_t raw[24] = { 0x46, [20] = 0x83, 0x00, 0x00, 0x00 };

	/* LSRR with length 0: malformed, must not loop or match later */
	p.data = raw;
	p.len = sizeof(raw);
	p.ip_hdr_len = 24;
	ck_assert(!hit(R("ipopts:ssrr;"), &p));
}
END_TEST

START_TEST(test_fragbits_exact_matches_only_those_bits)
{
	struct packet p = tcp();

	p.frag_flags = 0x2;
	ck_assert(hit(R("fragbits:D;"), &p));
}
END_TEST

START_TEST(test_fragbits_exact_fails_with_another_bit)
{
	struct packet p = tcp();

	p.frag_flags = 0x3;
	ck_assert(!hit(R("fragbits:D;"), &p));
}
END_TEST

START_TEST(test_fragbits_plus_needs_another_bit_too)
{
	struct packet p = tcp();

	p.frag_flags = 0x3;
	ck_assert(hit(R("fragbits:+D;"), &p));
}
END_TEST

START_TEST(test_fragbits_any_matches_one_of_them)
{
	struct packet p = tcp();

	p.frag_flags = 0x1;
	ck_assert(hit(R("fragbits:*MD;"), &p));
}
END_TEST

START_TEST(test_fragbits_not_matches_without_them)
{
	struct packet p = tcp();

	ck_assert(hit(R("fragbits:!D;"), &p));
}
END_TEST

START_TEST(test_fragoffset_matches_the_offset_field)
{
	struct packet p = tcp();

	p.frag_offset = 185;
	p.is_fragment = true;
	ck_assert(hit(R("fragoffset:185;"), &p));
}
END_TEST

START_TEST(test_fragoffset_greater_than_fails_on_first_fragment)
{
	struct packet p = tcp();

	ck_assert(!hit(R("fragoffset:>0;"), &p));
}
END_TEST

START_TEST(test_id_matches_the_ip_id)
{
	struct packet p = tcp();

	p.ip_id = 31337;
	ck_assert(hit(R("id:31337;"), &p));
}
END_TEST

START_TEST(test_id_fails_on_another_id)
{
	struct packet p = tcp();

	p.ip_id = 1;
	ck_assert(!hit(R("id:31337;"), &p));
}
END_TEST

START_TEST(test_ip_proto_matches_a_number)
{
	struct packet p = tcp();

	ck_assert(hit(R("ip_proto:6;"), &p));
}
END_TEST

START_TEST(test_ip_proto_matches_a_name)
{
	struct packet p = icmp(IPPROTO_ICMP, 8, 0);

	ck_assert(hit(R("ip_proto:icmp;"), &p));
}
END_TEST

START_TEST(test_negated_ip_proto_fails_on_its_protocol)
{
	struct packet p = tcp();

	ck_assert(!hit(R("ip_proto:!tcp;"), &p));
}
END_TEST

START_TEST(test_sameip_matches_equal_addresses)
{
	struct packet p = tcp();

	p.dst = p.src;
	ck_assert(hit(R("sameip;"), &p));
}
END_TEST

START_TEST(test_sameip_fails_on_different_addresses)
{
	struct packet p = tcp();

	ck_assert(!hit(R("sameip;"), &p));
}
END_TEST

START_TEST(test_flags_exact_matches_only_those_flags)
{
	struct packet p = tcp();

	p.tcp_flags = PKT_TCP_SYN;
	ck_assert(hit(R("flags:S;"), &p));
}
END_TEST

START_TEST(test_flags_exact_fails_with_an_extra_flag)
{
	struct packet p = tcp();

	p.tcp_flags = PKT_TCP_SYN | PKT_TCP_ACK;
	ck_assert(!hit(R("flags:S;"), &p));
}
END_TEST

START_TEST(test_flags_plus_allows_extra_flags)
{
	struct packet p = tcp();

	p.tcp_flags = PKT_TCP_SYN | PKT_TCP_ACK;
	ck_assert(hit(R("flags:S+;"), &p));
}
END_TEST

START_TEST(test_flags_any_matches_one_of_them)
{
	struct packet p = tcp();

	p.tcp_flags = PKT_TCP_FIN;
	ck_assert(hit(R("flags:*SF;"), &p));
}
END_TEST

START_TEST(test_flags_not_matches_without_all_of_them)
{
	struct packet p = tcp();

	p.tcp_flags = PKT_TCP_SYN;
	ck_assert(hit(R("flags:!SA;"), &p));
}
END_TEST

START_TEST(test_flags_ignore_mask_drops_flags_from_the_comparison)
{
	struct packet p = tcp();

	p.tcp_flags = PKT_TCP_SYN | PKT_TCP_CWR | PKT_TCP_ECE;
	ck_assert(hit(R("flags:S,CE;"), &p));
}
END_TEST

START_TEST(test_flags_zero_matches_a_packet_without_flags)
{
	struct packet p = tcp();

	p.tcp_flags = 0;
	ck_assert(hit(R("flags:0;"), &p));
}
END_TEST

START_TEST(test_flags_never_match_udp)
{
	struct packet p = tcp();

	p.proto = IPPROTO_UDP;
	ck_assert(!hit(R("flags:A;"), &p));
}
END_TEST

START_TEST(test_seq_matches_the_sequence_number)
{
	struct packet p = tcp();

	ck_assert(hit(R("seq:1000;"), &p));
}
END_TEST

START_TEST(test_ack_fails_on_another_number)
{
	struct packet p = tcp();

	ck_assert(!hit(R("ack:1999;"), &p));
}
END_TEST

START_TEST(test_ack_matches_the_acknowledgement_number)
{
	struct packet p = tcp();

	ck_assert(hit(R("ack:2000;"), &p));
}
END_TEST

START_TEST(test_window_matches_its_size)
{
	struct packet p = tcp();

	ck_assert(hit(R("window:512;"), &p));
}
END_TEST

START_TEST(test_negated_window_fails_on_its_size)
{
	struct packet p = tcp();

	ck_assert(!hit(R("window:!512;"), &p));
}
END_TEST

START_TEST(test_tcp_mss_reads_the_mss_option)
{
	struct packet p = tcp();
	static uint8_t raw[48] = { 0x45, [40] = 0x01, 0x02, 0x04, 0x05, 0xb4,
	    0x00, 0x00, 0x00 };

	/* NOP, then MSS 1460 */
	p.data = raw;
	p.len = sizeof(raw);
	p.l4 = raw + 20;
	p.l4_hdr_len = 28;
	ck_assert(hit(R("tcp.mss:<1500;"), &p));
}
END_TEST

START_TEST(test_tcp_mss_fails_without_the_option)
{
	struct packet p = tcp();

	ck_assert(!hit(R("tcp.mss:>0;"), &p));
}
END_TEST

START_TEST(test_itype_matches_icmp_type)
{
	struct packet p = icmp(IPPROTO_ICMP, 8, 0);

	ck_assert(hit(R("itype:8;"), &p));
}
END_TEST

START_TEST(test_itype_matches_icmpv6_type)
{
	struct packet p = icmp(IPPROTO_ICMPV6, 128, 0);

	ck_assert(hit(R("itype:128;"), &p));
}
END_TEST

START_TEST(test_itype_never_matches_tcp)
{
	struct packet p = tcp();

	ck_assert(!hit(R("itype:0;"), &p));
}
END_TEST

START_TEST(test_icode_greater_than_matches_higher_codes)
{
	struct packet p = icmp(IPPROTO_ICMP, 3, 13);

	ck_assert(hit(R("icode:>3;"), &p));
}
END_TEST

START_TEST(test_icode_fails_on_another_code)
{
	struct packet p = icmp(IPPROTO_ICMP, 3, 1);

	ck_assert(!hit(R("icode:3;"), &p));
}
END_TEST

START_TEST(test_icmp_id_matches_an_echo_request)
{
	struct packet p = icmp(IPPROTO_ICMP, 8, 0);

	ck_assert(hit(R("icmp_id:77;"), &p));
}
END_TEST

START_TEST(test_icmp_id_ignores_non_echo_messages)
{
	struct packet p = icmp(IPPROTO_ICMP, 3, 0);

	ck_assert(!hit(R("icmp_id:77;"), &p));
}
END_TEST

START_TEST(test_icmp_seq_matches_an_icmpv6_echo_reply)
{
	struct packet p = icmp(IPPROTO_ICMPV6, 129, 0);

	ck_assert(hit(R("icmp_seq:5;"), &p));
}
END_TEST

START_TEST(test_icmp_seq_fails_on_another_sequence)
{
	struct packet p = icmp(IPPROTO_ICMP, 0, 0);

	ck_assert(!hit(R("icmp_seq:6;"), &p));
}
END_TEST

/* --- checksums, tcp.flags, prefilter, requires --- */

static uint16_t
csum16(const uint8_t *b, size_t len, uint32_t sum)
{
	for (size_t i = 0; i + 1 < len; i += 2)
		sum += (uint32_t)b[i] << 8 | b[i + 1];
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

/* tcp() with its IPv4 and TCP checksums right. */
static struct packet
tcp_summed(void)
{
	struct packet p = tcp();
	uint8_t *raw = (uint8_t *)p.data;
	uint16_t c;
	uint32_t pseudo;

	p.l3 = raw;		/* the IP header: raw IP, no link layer */
	raw[3] = 40;
	raw[8] = 64;
	raw[9] = IPPROTO_TCP;
	memcpy(raw + 12, &p.src.u.v4, 4);
	memcpy(raw + 16, &p.dst.u.v4, 4);
	raw[32] = 0x50;		/* data offset 5 */
	raw[33] = 0x10;		/* ACK */
	c = csum16(raw, 20, 0);
	raw[10] = (uint8_t)(c >> 8);
	raw[11] = (uint8_t)c;
	pseudo = ((uint32_t)raw[12] << 8 | raw[13]) +
	    ((uint32_t)raw[14] << 8 | raw[15]) +
	    ((uint32_t)raw[16] << 8 | raw[17]) +
	    ((uint32_t)raw[18] << 8 | raw[19]) + IPPROTO_TCP + 20;
	c = csum16(raw + 20, 20, pseudo);
	raw[36] = (uint8_t)(c >> 8);
	raw[37] = (uint8_t)c;
	return p;
}

START_TEST(test_tcpv4_csum_valid_matches_a_right_checksum)
{
	struct packet p = tcp_summed();

	ck_assert(hit(R("tcpv4-csum:valid;"), &p));
	ck_assert(hit(R("ipv4-csum:valid;"), &p));
	ck_assert(!hit(R("tcpv4-csum:invalid;"), &p));
}
END_TEST

START_TEST(test_tcpv4_csum_invalid_matches_a_wrong_checksum)
{
	struct packet p = tcp_summed();

	((uint8_t *)p.data)[37] ^= 0xff;
	ck_assert(hit(R("tcpv4-csum:invalid;"), &p));
	ck_assert(hit(R("ipv4-csum:valid;"), &p));
	((uint8_t *)p.data)[11] ^= 0xff;
	ck_assert(hit(R("ipv4-csum:invalid;"), &p));
}
END_TEST

START_TEST(test_csum_of_another_protocol_matches_neither)
{
	struct packet p = tcp_summed();

	ck_assert(!hit(R("udpv4-csum:valid;"), &p));
	ck_assert(!hit(R("udpv4-csum:invalid;"), &p));
	ck_assert(!hit(R("tcpv6-csum:valid;"), &p));
}
END_TEST

START_TEST(test_tcp_flags_is_flags)
{
	struct packet p = tcp();

	ck_assert(hit(R("tcp.flags:A;"), &p));
	ck_assert(!hit(R("tcp.flags:S;"), &p));
}
END_TEST

START_TEST(test_prefilter_changes_no_match)
{
	struct packet p = tcp();

	ck_assert(hit(R("ttl:64; prefilter;"), &p));
	ck_assert(!hit(R("ttl:65; prefilter;"), &p));
}
END_TEST

START_TEST(test_requires_met_loads_unmet_is_skipped)
{
	struct packet p = tcp();
	struct ruleset *rs = rules_ruleset_new();
	struct rules_stats st;

	ck_assert(hit(R("requires: version >= 7.0.3; ttl:64;"), &p));
	ck_assert_int_eq(rules_load_string(rs, "t.rules",
	    R("requires: version >= 8;") "\n"
	    R("requires: feature geoip;") "\n"
	    R("requires: version >= 6 < 7.1;") "\n",
	    NULL, &harness_dl), 0);
	rules_ruleset_stats(rs, &st);
	ck_assert_uint_eq(st.loaded, 1);
	ck_assert_uint_eq(st.unsupported, 2);
	ck_assert_uint_eq(st.failed, 0);
	rules_ruleset_free(rs);
}
END_TEST

static Suite *
header_suite(void)
{
	Suite *s = suite_create("header");
	TCase *ip4 = tcase_create("ip");
	TCase *tcp4 = tcase_create("tcp");
	TCase *icmp4 = tcase_create("icmp");
	TCase *more = tcase_create("checksums");

	tcase_add_checked_fixture(ip4, harness_setup, harness_teardown);
	tcase_add_test(ip4, test_ttl_matches_its_value);
	tcase_add_test(ip4, test_ttl_fails_on_another_value);
	tcase_add_test(ip4, test_ttl_less_than_matches_lower_values);
	tcase_add_test(ip4, test_ttl_negation_matches_other_values);
	tcase_add_test(ip4, test_tos_matches_decimal_value);
	tcase_add_test(ip4, test_tos_matches_hex_value);
	tcase_add_test(ip4, test_negated_tos_fails_on_its_value);
	tcase_add_test(ip4, test_ipopts_finds_an_option);
	tcase_add_test(ip4, test_ipopts_fails_without_the_option);
	tcase_add_test(ip4, test_ipopts_any_needs_some_option);
	tcase_add_test(ip4, test_ipopts_stops_at_a_truncated_option);
	tcase_add_test(ip4, test_fragbits_exact_matches_only_those_bits);
	tcase_add_test(ip4, test_fragbits_exact_fails_with_another_bit);
	tcase_add_test(ip4, test_fragbits_plus_needs_another_bit_too);
	tcase_add_test(ip4, test_fragbits_any_matches_one_of_them);
	tcase_add_test(ip4, test_fragbits_not_matches_without_them);
	tcase_add_test(ip4, test_fragoffset_matches_the_offset_field);
	tcase_add_test(ip4,
	    test_fragoffset_greater_than_fails_on_first_fragment);
	tcase_add_test(ip4, test_id_matches_the_ip_id);
	tcase_add_test(ip4, test_id_fails_on_another_id);
	tcase_add_test(ip4, test_ip_proto_matches_a_number);
	tcase_add_test(ip4, test_ip_proto_matches_a_name);
	tcase_add_test(ip4, test_negated_ip_proto_fails_on_its_protocol);
	tcase_add_test(ip4, test_sameip_matches_equal_addresses);
	tcase_add_test(ip4, test_sameip_fails_on_different_addresses);

	tcase_add_checked_fixture(tcp4, harness_setup, harness_teardown);
	tcase_add_test(tcp4, test_flags_exact_matches_only_those_flags);
	tcase_add_test(tcp4, test_flags_exact_fails_with_an_extra_flag);
	tcase_add_test(tcp4, test_flags_plus_allows_extra_flags);
	tcase_add_test(tcp4, test_flags_any_matches_one_of_them);
	tcase_add_test(tcp4, test_flags_not_matches_without_all_of_them);
	tcase_add_test(tcp4,
	    test_flags_ignore_mask_drops_flags_from_the_comparison);
	tcase_add_test(tcp4, test_flags_zero_matches_a_packet_without_flags);
	tcase_add_test(tcp4, test_flags_never_match_udp);
	tcase_add_test(tcp4, test_seq_matches_the_sequence_number);
	tcase_add_test(tcp4, test_ack_fails_on_another_number);
	tcase_add_test(tcp4, test_ack_matches_the_acknowledgement_number);
	tcase_add_test(tcp4, test_window_matches_its_size);
	tcase_add_test(tcp4, test_negated_window_fails_on_its_size);
	tcase_add_test(tcp4, test_tcp_mss_reads_the_mss_option);
	tcase_add_test(tcp4, test_tcp_mss_fails_without_the_option);

	tcase_add_checked_fixture(icmp4, harness_setup, harness_teardown);
	tcase_add_test(icmp4, test_itype_matches_icmp_type);
	tcase_add_test(icmp4, test_itype_matches_icmpv6_type);
	tcase_add_test(icmp4, test_itype_never_matches_tcp);
	tcase_add_test(icmp4, test_icode_greater_than_matches_higher_codes);
	tcase_add_test(icmp4, test_icode_fails_on_another_code);
	tcase_add_test(icmp4, test_icmp_id_matches_an_echo_request);
	tcase_add_test(icmp4, test_icmp_id_ignores_non_echo_messages);
	tcase_add_test(icmp4, test_icmp_seq_matches_an_icmpv6_echo_reply);
	tcase_add_test(icmp4, test_icmp_seq_fails_on_another_sequence);

	suite_add_tcase(s, ip4);
	suite_add_tcase(s, tcp4);
	tcase_add_checked_fixture(more, harness_setup, harness_teardown);
	tcase_add_test(more, test_tcpv4_csum_valid_matches_a_right_checksum);
	tcase_add_test(more, test_tcpv4_csum_invalid_matches_a_wrong_checksum);
	tcase_add_test(more, test_csum_of_another_protocol_matches_neither);
	tcase_add_test(more, test_tcp_flags_is_flags);
	tcase_add_test(more, test_prefilter_changes_no_match);
	tcase_add_test(more, test_requires_met_loads_unmet_is_skipped);
	suite_add_tcase(s, more);
	suite_add_tcase(s, icmp4);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(header_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
