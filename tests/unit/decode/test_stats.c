/* lib/decode/stats.c: the layers a packet's decode marks, and the
 * counters a thread adds them to (Suricata's stats.decoder). */
#include "core/base.h"

#include <check.h>
#include <string.h>

#include "decode/decode.h"
#include "decode/stats.h"

#include "build.h"
#include "suites.h"

static bool
seen(const struct packet *p, enum decode_layer l)
{
	return (p->decoded & ((uint32_t)1 << l)) != 0;
}

/* a raw IP capture (DLT_RAW, the builders' link): raw, ipv4, tcp */
START_TEST(test_raw_ipv4_tcp_marks_its_three_layers)
{
	uint8_t b[BUILD_MAX];
	size_t n = build_ipv4_tcp(b, PKT_TCP_SYN, "x");
	struct packet p;

	ck_assert_int_eq(build_decode(&p, b, n), 0);
	ck_assert_uint_eq(p.link, PKT_LINK_RAW);
	ck_assert_uint_eq(p.decoded, ((uint32_t)1 << DECODE_LAYER_RAW) |
	    ((uint32_t)1 << DECODE_LAYER_IPV4) |
	    ((uint32_t)1 << DECODE_LAYER_TCP));
}
END_TEST

/* Ethernet, two VLAN tags, IPv4, UDP: vlan and vlan_qinq once each */
START_TEST(test_qinq_frame_marks_vlan_and_vlan_qinq)
{
	uint8_t b[BUILD_MAX];
	size_t n = 0;
	struct packet p;

	memset(b, 0, 12);
	n = 12;
	build_put16(b + n, 0x88a8);
	build_put16(b + n + 2, 100);
	build_put16(b + n + 4, 0x8100);
	build_put16(b + n + 6, 200);
	build_put16(b + n + 8, 0x0800);
	n += 10;
	n += build_ipv4_udp(b + n, "hello");
	memset(&p, 0, sizeof(p));
	p.data = b;
	p.len = (uint32_t)n;
	p.link = PKT_LINK_ETHERNET;
	ck_assert_int_eq(decode_packet(&p), 0);
	ck_assert(seen(&p, DECODE_LAYER_ETHERNET));
	ck_assert(seen(&p, DECODE_LAYER_VLAN));
	ck_assert(seen(&p, DECODE_LAYER_VLAN_QINQ));
	ck_assert(!seen(&p, DECODE_LAYER_VLAN_QINQINQ));
	ck_assert(seen(&p, DECODE_LAYER_IPV4));
	ck_assert(seen(&p, DECODE_LAYER_UDP));
	ck_assert(!seen(&p, DECODE_LAYER_TCP));
}
END_TEST

/* An ARP frame and an unknown ethertype are counted, and decode no IP */
START_TEST(test_arp_and_unknown_ethertype_are_marked)
{
	uint8_t b[64];
	struct packet p;

	memset(b, 0, sizeof(b));
	build_put16(b + 12, 0x0806);
	memset(&p, 0, sizeof(p));
	p.data = b;
	p.len = sizeof(b);
	p.link = PKT_LINK_ETHERNET;
	(void)decode_packet(&p);
	ck_assert(seen(&p, DECODE_LAYER_ARP));
	build_put16(b + 12, 0x9999);
	(void)decode_packet(&p);
	ck_assert(!seen(&p, DECODE_LAYER_ARP));
	ck_assert(seen(&p, DECODE_LAYER_UNKNOWN_ETHERTYPE));
	ck_assert(seen(&p, DECODE_LAYER_ETHERNET));
}
END_TEST

START_TEST(test_counts_add_packets_bytes_and_layers)
{
	uint8_t b[BUILD_MAX], c[BUILD_MAX];
	size_t n = build_ipv4_tcp(b, PKT_TCP_SYN, "x");
	size_t m = build_ipv6_udp(c, "a longer payload");
	struct decode_stats a, total;
	struct packet p;

	memset(&a, 0, sizeof(a));
	memset(&total, 0, sizeof(total));
	build_decode(&p, b, n);
	decode_stats_count(&a, &p, true);
	build_decode(&p, c, m);
	decode_stats_count(&a, &p, true);
	/* a tunnel's inner packet: its layers, not a captured packet */
	decode_stats_count(&a, &p, false);
	ck_assert_uint_eq(a.pkts, 2);
	ck_assert_uint_eq(a.bytes, n + m);
	ck_assert_uint_eq(a.max_pkt_size, m > n ? m : n);
	ck_assert_uint_eq(a.layers[DECODE_LAYER_IPV4], 1);
	ck_assert_uint_eq(a.layers[DECODE_LAYER_IPV6], 2);
	ck_assert_uint_eq(a.layers[DECODE_LAYER_UDP], 2);
	decode_stats_add(&total, &a);
	decode_stats_add(&total, &a);
	ck_assert_uint_eq(total.pkts, 4);
	ck_assert_uint_eq(total.layers[DECODE_LAYER_TCP], 2);
	ck_assert_uint_eq(total.max_pkt_size, a.max_pkt_size);
	ck_assert_str_eq(decode_layer_name(DECODE_LAYER_VLAN_QINQINQ),
	    "vlan_qinqinq");
	ck_assert_str_eq(decode_layer_name(DECODE_LAYER_LTNULL), "null");
	ck_assert_ptr_null(decode_layer_name(DECODE_NLAYERS));
}
END_TEST

Suite *
decode_stats_suite(void)
{
	Suite *s = suite_create("stats");
	TCase *tc = tcase_create("stats");

	tcase_add_test(tc, test_raw_ipv4_tcp_marks_its_three_layers);
	tcase_add_test(tc, test_qinq_frame_marks_vlan_and_vlan_qinq);
	tcase_add_test(tc, test_arp_and_unknown_ethertype_are_marked);
	tcase_add_test(tc, test_counts_add_packets_bytes_and_layers);
	suite_add_tcase(s, tc);
	return s;
}
