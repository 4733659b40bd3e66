/* Unit tests of the checksum keywords (ipv4-csum, tcpv4-csum,
 * tcpv6-csum, udpv4-csum, udpv6-csum, icmpv4-csum, icmpv6-csum,
 * igmp-csum) and icmpv6.mtu, as Suricata's detect-csum and
 * detect-icmpv6-mtu: real packets (the bytes written out below, with
 * their checksums right), decoded, then a byte changed where a test
 * wants a checksum wrong. */
#include "core/base.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/diag.h"
#include "core/packet.h"
#include "decode/checksum.h"
#include "decode/decode.h"
#include "detect/engine.h"
#include "rules/ruleset.h"

#include "harness.h"

static Suite	*csum_suite(void);

/* 192.0.2.1:40000 -> 198.51.100.2:80, PA, "hello" */
static const uint8_t tcp4[] =
	"\x45\x00\x00\x2d\x00\x01\x00\x00\x40\x06\x8e\x93\xc0\x00\x02\x01"
	"\xc6\x33\x64\x02\x9c\x40\x00\x50\x00\x00\x00\x01\x00\x00\x00\x02"
	"\x50\x18\x20\x00\xc3\x2a\x00\x00\x68\x65\x6c\x6c\x6f";
/* 192.0.2.1:5353 -> 198.51.100.2:53, "hello" */
static const uint8_t udp4[] =
	"\x45\x00\x00\x21\x00\x01\x00\x00\x40\x11\x8e\x94\xc0\x00\x02\x01"
	"\xc6\x33\x64\x02\x14\xe9\x00\x35\x00\x0d\xba\xac\x68\x65\x6c\x6c"
	"\x6f";
/* [2001:db8::1]:40000 -> [2001:db8::2]:80, PA, "hello" */
static const uint8_t tcp6[] =
	"\x60\x00\x00\x00\x00\x19\x06\x40\x20\x01\x0d\xb8\x00\x00\x00\x00"
	"\x00\x00\x00\x00\x00\x00\x00\x01\x20\x01\x0d\xb8\x00\x00\x00\x00"
	"\x00\x00\x00\x00\x00\x00\x00\x02\x9c\x40\x00\x50\x00\x00\x00\x01"
	"\x00\x00\x00\x02\x50\x18\x20\x00\x53\xed\x00\x00\x68\x65\x6c\x6c"
	"\x6f";
/* [2001:db8::1]:5353 -> [2001:db8::2]:53, "hello" */
static const uint8_t udp6[] =
	"\x60\x00\x00\x00\x00\x0d\x11\x40\x20\x01\x0d\xb8\x00\x00\x00\x00"
	"\x00\x00\x00\x00\x00\x00\x00\x01\x20\x01\x0d\xb8\x00\x00\x00\x00"
	"\x00\x00\x00\x00\x00\x00\x00\x02\x14\xe9\x00\x35\x00\x0d\x4b\x6f"
	"\x68\x65\x6c\x6c\x6f";
/* echo request id 0x4242 seq 7, "ping" */
static const uint8_t icmp4[] =
	"\x45\x00\x00\x20\x00\x01\x00\x00\x40\x01\x8e\xa5\xc0\x00\x02\x01"
	"\xc6\x33\x64\x02\x08\x00\xd6\xe5\x42\x42\x00\x07\x70\x69\x6e\x67";
/* a destination-options header, then an echo request, "ping": the sum
 * covers the payload length less the extension header */
static const uint8_t icmp6[] =
	"\x60\x00\x00\x00\x00\x14\x3c\x40\x20\x01\x0d\xb8\x00\x00\x00\x00"
	"\x00\x00\x00\x00\x00\x00\x00\x01\x20\x01\x0d\xb8\x00\x00\x00\x00"
	"\x00\x00\x00\x00\x00\x00\x00\x02\x3a\x00\x01\x04\x00\x00\x00\x00"
	"\x80\x00\x03\x2a\x42\x42\x00\x07\x70\x69\x6e\x67";
/* packet too big, MTU 1280, quoting an IPv6/UDP header */
static const uint8_t ptb6[] =
	"\x60\x00\x00\x00\x00\x38\x3a\x40\x20\x01\x0d\xb8\x00\x00\x00\x00"
	"\x00\x00\x00\x00\x00\x00\x00\x01\x20\x01\x0d\xb8\x00\x00\x00\x00"
	"\x00\x00\x00\x00\x00\x00\x00\x02\x02\x00\x2b\xe9\x00\x00\x05\x00"
	"\x60\x00\x00\x00\x00\x08\x11\x40\x20\x01\x0d\xb8\x00\x00\x00\x00"
	"\x00\x00\x00\x00\x00\x00\x00\x02\x20\x01\x0d\xb8\x00\x00\x00\x00"
	"\x00\x00\x00\x00\x00\x00\x00\x03\x00\x01\x00\x02\x00\x08\xa4\x64";
/* IGMPv2 membership report for 224.0.0.22 */
static const uint8_t igmp[] =
	"\x45\x00\x00\x1c\x00\x01\x00\x00\x01\x02\x17\xc8\xc0\x00\x02\x01"
	"\xe0\x00\x00\x16\x16\x00\x09\xe9\xe0\x00\x00\x16";

static uint8_t buf[128];
static struct packet pkt;

/* Decodes a copy of b (sizeof - 1: the string's NUL), byte at with
 * xor applied first (0: as is). */
static struct packet *
decoded(const uint8_t *b, size_t size, size_t at, uint8_t xor)
{
	size_t len = size - 1;

	ck_assert_uint_le(len, sizeof(buf));
	memcpy(buf, b, len);
	buf[at] ^= xor;
	memset(&pkt, 0, sizeof(pkt));
	pkt.data = buf;
	pkt.len = pkt.wire_len = (uint32_t)len;
	ck_assert_int_eq(decode_packet(&pkt), 0);
	return &pkt;
}

#define PKT(name)		decoded(name, sizeof(name), 0, 0)
#define BAD(name, at)		decoded(name, sizeof(name), at, 0x01)

/* Whether a fresh engine of the one rule alerts on p. */
static bool
hit(const char *opts, const struct packet *p)
{
	char rule[256];

	snprintf(rule, sizeof(rule), "alert ip any any -> any any (%s sid:1;)",
	    opts);
	detect_thread_free(harness_dt);
	detect_engine_free(harness_de);
	harness_dt = NULL;
	harness_de = NULL;
	harness_engine(rule);
	detect_packet(harness_dt, p, &harness_res);
	return harness_res.nalerts == 1;
}

/* The rule does not load: the first diagnostic is an error. */
static bool
refused(const char *opts)
{
	char rule[256];
	struct ruleset *rs;
	struct diag_list dl;
	bool bad;

	snprintf(rule, sizeof(rule), "alert ip any any -> any any (%s sid:1;)",
	    opts);
	diag_list_init(&dl);
	rs = rules_ruleset_new();
	ck_assert_ptr_nonnull(rs);
	(void)rules_load_string(rs, "t.rules", rule, NULL, &dl);
	bad = dl.errors > 0 && rules_ruleset_count(rs) == 0;
	rules_ruleset_free(rs);
	diag_list_free(&dl);
	return bad;
}

START_TEST(test_decoded_packets_have_right_checksums)
{
	ck_assert_int_eq(decode_csum_ipv4(PKT(tcp4)), 1);
	ck_assert_int_eq(decode_csum_tcp(PKT(tcp4)), 1);
	ck_assert_int_eq(decode_csum_udp(PKT(udp4)), 1);
	ck_assert_int_eq(decode_csum_tcp(PKT(tcp6)), 1);
	ck_assert_int_eq(decode_csum_udp(PKT(udp6)), 1);
	ck_assert_int_eq(decode_csum_icmpv4(PKT(icmp4)), 1);
	ck_assert_int_eq(decode_csum_icmpv6(PKT(icmp6)), 1);
	ck_assert_int_eq(decode_csum_icmpv6(PKT(ptb6)), 1);
	ck_assert_int_eq(decode_csum_igmp(PKT(igmp)), 1);
	/* no such header */
	ck_assert_int_eq(decode_csum_ipv4(PKT(tcp6)), -1);
	ck_assert_int_eq(decode_csum_tcp(PKT(udp4)), -1);
	ck_assert_int_eq(decode_csum_icmpv6(PKT(icmp4)), -1);
}
END_TEST

START_TEST(test_ipv4_csum)
{
	ck_assert(hit("ipv4-csum:valid;", PKT(tcp4)));
	ck_assert(!hit("ipv4-csum:invalid;", PKT(tcp4)));
	ck_assert(hit("ipv4-csum:invalid;", BAD(tcp4, 11)));
	ck_assert(!hit("ipv4-csum:valid;", BAD(tcp4, 11)));
	/* the IP header only: a wrong TCP checksum does not matter */
	ck_assert(hit("ipv4-csum:valid;", BAD(tcp4, 37)));
	/* IPv6 has no header checksum: neither */
	ck_assert(!hit("ipv4-csum:valid;", PKT(tcp6)));
	ck_assert(!hit("ipv4-csum:invalid;", PKT(tcp6)));
}
END_TEST

START_TEST(test_tcpv4_csum)
{
	ck_assert(hit("tcpv4-csum:valid;", PKT(tcp4)));
	ck_assert(hit("tcpv4-csum:invalid;", BAD(tcp4, 37)));
	/* a payload byte is summed too */
	ck_assert(hit("tcpv4-csum:invalid;", BAD(tcp4, 44)));
	ck_assert(!hit("tcpv4-csum:valid;", BAD(tcp4, 44)));
	ck_assert(!hit("tcpv4-csum:valid;", PKT(tcp6)));
	ck_assert(!hit("tcpv4-csum:invalid;", PKT(udp4)));
}
END_TEST

START_TEST(test_tcpv6_csum)
{
	ck_assert(hit("tcpv6-csum:valid;", PKT(tcp6)));
	ck_assert(hit("tcpv6-csum:invalid;", BAD(tcp6, 57)));
	/* the pseudo header: an address byte */
	ck_assert(hit("tcpv6-csum:invalid;", BAD(tcp6, 39)));
	ck_assert(!hit("tcpv6-csum:valid;", PKT(tcp4)));
	ck_assert(!hit("tcpv6-csum:invalid;", PKT(udp6)));
}
END_TEST

START_TEST(test_udpv4_csum)
{
	ck_assert(hit("udpv4-csum:valid;", PKT(udp4)));
	ck_assert(hit("udpv4-csum:invalid;", BAD(udp4, 27)));
	ck_assert(!hit("udpv4-csum:valid;", PKT(udp6)));
}
END_TEST

/* UDP over IPv4 without a checksum (0): neither valid nor invalid. */
START_TEST(test_udpv4_csum_zero_matches_neither)
{
	struct packet *p = PKT(udp4);

	buf[26] = buf[27] = 0;
	ck_assert_uint_eq(p->l4[6] | p->l4[7], 0);
	ck_assert(!hit("udpv4-csum:valid;", p));
	ck_assert(!hit("udpv4-csum:invalid;", p));
}
END_TEST

START_TEST(test_udpv6_csum)
{
	struct packet *p;

	ck_assert(hit("udpv6-csum:valid;", PKT(udp6)));
	ck_assert(hit("udpv6-csum:invalid;", BAD(udp6, 47)));
	/* over IPv6 a 0 is a checksum, and a wrong one */
	p = PKT(udp6);
	buf[46] = buf[47] = 0;
	ck_assert(hit("udpv6-csum:invalid;", p));
	ck_assert(!hit("udpv6-csum:valid;", PKT(udp4)));
}
END_TEST

START_TEST(test_icmpv4_csum)
{
	ck_assert(hit("icmpv4-csum:valid;", PKT(icmp4)));
	ck_assert(hit("icmpv4-csum:invalid;", BAD(icmp4, 31)));
	ck_assert(!hit("icmpv4-csum:valid;", PKT(icmp6)));
}
END_TEST

START_TEST(test_icmpv6_csum_after_extension_headers)
{
	ck_assert(hit("icmpv6-csum:valid;", PKT(icmp6)));
	ck_assert(hit("icmpv6-csum:invalid;", BAD(icmp6, 51)));
	ck_assert(hit("icmpv6-csum:valid;", PKT(ptb6)));
	ck_assert(hit("icmpv6-csum:invalid;", BAD(ptb6, 95)));
	ck_assert(!hit("icmpv6-csum:valid;", PKT(icmp4)));
}
END_TEST

START_TEST(test_igmp_csum)
{
	ck_assert(hit("igmp-csum:valid;", PKT(igmp)));
	ck_assert(hit("igmp-csum:invalid;", BAD(igmp, 27)));
	ck_assert(!hit("igmp-csum:valid;", PKT(icmp4)));
}
END_TEST

/* -k none, or checksums the kernel has not filled in: every checksum
 * is taken as right. */
START_TEST(test_ignored_checksums_are_valid)
{
	struct packet *p = BAD(tcp4, 37);

	p->ignore_checksum = true;
	ck_assert(hit("tcpv4-csum:valid;", p));
	ck_assert(!hit("tcpv4-csum:invalid;", p));
	/* but still only where there is such a header */
	ck_assert(!hit("udpv4-csum:valid;", p));
}
END_TEST

/* A fragment has no L4 header to judge; its IP header has one. */
START_TEST(test_fragment_has_no_l4_checksum)
{
	struct packet *p = decoded(tcp4, sizeof(tcp4), 6, 0x20); /* MF */

	ck_assert(p->is_fragment);
	ck_assert(!hit("tcpv4-csum:valid;", p));
	ck_assert(!hit("tcpv4-csum:invalid;", p));
	/* the flag changed the header: its checksum is wrong now */
	ck_assert(hit("ipv4-csum:invalid;", p));
}
END_TEST

START_TEST(test_csum_values)
{
	ck_assert(hit("tcpv4-csum:VALID;", PKT(tcp4)));
	ck_assert(hit("tcpv4-csum:InValid;", BAD(tcp4, 37)));
	/* As Suricata, which compares the value as written: quoted "valid"
	 * asks for a wrong checksum. */
	ck_assert(hit("tcpv4-csum:\"valid\";", BAD(tcp4, 37)));
	ck_assert(hit("tcpv4-csum:\"invalid\";", BAD(tcp4, 37)));
	ck_assert(refused("tcpv4-csum:vaid;"));
	ck_assert(refused("ipv4-csum;"));
}
END_TEST

START_TEST(test_icmpv6_mtu)
{
	ck_assert(hit("icmpv6.mtu:1280;", PKT(ptb6)));
	ck_assert(hit("icmpv6.mtu:<1500;", PKT(ptb6)));
	ck_assert(hit("icmpv6.mtu:1000-2000;", PKT(ptb6)));
	ck_assert(!hit("icmpv6.mtu:>1280;", PKT(ptb6)));
	ck_assert(!hit("icmpv6.mtu:!1280;", PKT(ptb6)));
	/* other messages have no MTU */
	ck_assert(!hit("icmpv6.mtu:>=0;", PKT(icmp6)));
	ck_assert(!hit("icmpv6.mtu:>=0;", PKT(icmp4)));
	ck_assert(refused("icmpv6.mtu:4294967296;"));
	ck_assert(refused("icmpv6.mtu:abc;"));
}
END_TEST

/* Packet too big with code 1 is not the message icmpv6.mtu reads. */
START_TEST(test_icmpv6_mtu_needs_code_0)
{
	struct packet *p = decoded(ptb6, sizeof(ptb6), 41, 0x01);

	ck_assert_uint_eq(p->icmp_code, 1);
	ck_assert(!hit("icmpv6.mtu:1280;", p));
}
END_TEST

static Suite *
csum_suite(void)
{
	Suite *s = suite_create("csum");
	TCase *tc = tcase_create("keywords");

	tcase_add_checked_fixture(tc, harness_setup, harness_teardown);
	tcase_add_test(tc, test_decoded_packets_have_right_checksums);
	tcase_add_test(tc, test_ipv4_csum);
	tcase_add_test(tc, test_tcpv4_csum);
	tcase_add_test(tc, test_tcpv6_csum);
	tcase_add_test(tc, test_udpv4_csum);
	tcase_add_test(tc, test_udpv4_csum_zero_matches_neither);
	tcase_add_test(tc, test_udpv6_csum);
	tcase_add_test(tc, test_icmpv4_csum);
	tcase_add_test(tc, test_icmpv6_csum_after_extension_headers);
	tcase_add_test(tc, test_igmp_csum);
	tcase_add_test(tc, test_ignored_checksums_are_valid);
	tcase_add_test(tc, test_fragment_has_no_l4_checksum);
	tcase_add_test(tc, test_csum_values);
	tcase_add_test(tc, test_icmpv6_mtu);
	tcase_add_test(tc, test_icmpv6_mtu_needs_code_0);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(csum_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
