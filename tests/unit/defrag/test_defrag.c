#include "core/base.h"

#include <check.h>
#include <errno.h>
#include <netinet/in.h>

#include "core/packet.h"
#include "decode/decode.h"
#include "decode/events.h"
#include "defrag/defrag.h"
#include "defrag/policy.h"

#include "frag.h"
#include "suites.h"

static struct defrag_stats
stats(const struct defrag *d)
{
	struct defrag_stats st;

	defrag_stats(d, &st);
	return st;
}

static uint16_t
be16(const uint8_t *b)
{
	return (uint16_t)(b[0] << 8 | b[1]);
}

/* Suricata's DefragInOrderSimpleTest and DefragReverseSimpleTest. */
START_TEST(test_ipv4_fragments_in_order_reassemble)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out;

	ck_assert_int_eq(defrag_packet(d, frag_v4(IPPROTO_ICMP, 12, 0, true,
	    'A', 8), &out), 0);
	ck_assert_int_eq(defrag_packet(d, frag_v4(IPPROTO_ICMP, 12, 1, true,
	    'B', 8), &out), 0);
	ck_assert_int_eq(defrag_packet(d, frag_v4(IPPROTO_ICMP, 12, 2, false,
	    'C', 3), &out), 1);
	ck_assert_uint_eq(out.len, 39);
	ck_assert_uint_eq(be16(out.data + 2), 39);
	ck_assert_mem_eq(out.data + 20, "AAAAAAAABBBBBBBBCCC", 19);
	defrag_free(d);
}
END_TEST

START_TEST(test_ipv4_fragments_in_reverse_reassemble)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out;

	defrag_packet(d, frag_v4(IPPROTO_ICMP, 12, 2, false, 'C', 3), &out);
	defrag_packet(d, frag_v4(IPPROTO_ICMP, 12, 1, true, 'B', 8), &out);
	ck_assert_int_eq(defrag_packet(d, frag_v4(IPPROTO_ICMP, 12, 0, true,
	    'A', 8), &out), 1);
	ck_assert_mem_eq(out.data + 20, "AAAAAAAABBBBBBBBCCC", 19);
	defrag_free(d);
}
END_TEST

START_TEST(test_ipv6_fragments_in_order_reassemble)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out;

	defrag_packet(d, frag_v6(IPPROTO_ICMPV6, 12, 0, true, 'A', 8), &out);
	defrag_packet(d, frag_v6(IPPROTO_ICMPV6, 12, 1, true, 'B', 8), &out);
	ck_assert_int_eq(defrag_packet(d, frag_v6(IPPROTO_ICMPV6, 12, 2,
	    false, 'C', 3), &out), 1);
	/* the fragment header is gone, its next header in its place */
	ck_assert_uint_eq(be16(out.data + 4), 19);
	ck_assert_uint_eq(out.data[6], IPPROTO_ICMPV6);
	ck_assert_uint_eq(out.len, 59);
	ck_assert_mem_eq(out.data + 40, "AAAAAAAABBBBBBBBCCC", 19);
	defrag_free(d);
}
END_TEST

START_TEST(test_ipv6_fragments_in_reverse_reassemble)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out;

	defrag_packet(d, frag_v6(IPPROTO_ICMPV6, 12, 2, false, 'C', 3), &out);
	defrag_packet(d, frag_v6(IPPROTO_ICMPV6, 12, 1, true, 'B', 8), &out);
	ck_assert_int_eq(defrag_packet(d, frag_v6(IPPROTO_ICMPV6, 12, 0,
	    true, 'A', 8), &out), 1);
	ck_assert_mem_eq(out.data + 40, "AAAAAAAABBBBBBBBCCC", 19);
	defrag_free(d);
}
END_TEST

/* The datagram's header is the first fragment's with total length,
 * flags and offset rewritten (Suricata clears the whole field, DF
 * included) and the checksum kept right. */
START_TEST(test_reassembled_ipv4_header_is_rewritten_and_checksummed)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out, *p;
	uint32_t sum = 0;

	defrag_packet(d, frag_v4(IPPROTO_UDP, 0x4242, 0, true, 'A', 16), &out);
	p = frag_v4(IPPROTO_UDP, 0x4242, 2, false, 'B', 5);
	p->ts.tv_nsec = 77;
	p->nfq_id = 9;
	ck_assert_int_eq(defrag_packet(d, p, &out), 1);
	ck_assert_uint_eq(be16(out.data + 2), 41);
	ck_assert_uint_eq(be16(out.data + 4), 0x4242);
	ck_assert_uint_eq(be16(out.data + 6), 0);
	for (int i = 0; i < 20; i += 2)
		sum += be16(out.data + i);
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	ck_assert_uint_eq(sum, 0xffff);
	ck_assert_uint_eq(out.link, PKT_LINK_IPV4);
	ck_assert_uint_eq(out.pkt_src, PKT_SRC_DEFRAG);
	ck_assert_int_eq(out.ts.tv_nsec, 77);
	ck_assert_uint_eq(out.nfq_id, 9);
	defrag_free(d);
}
END_TEST

/* A UDP datagram in three fragments decodes whole: ports and payload
 * come with the datagram, none with the fragments. */
START_TEST(test_reassembled_udp_datagram_decodes_with_ports_and_payload)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	uint8_t dg[8 + 40];
	struct packet out, *p;

	memcpy(dg, "\x04\x57\x08\xae\x00\x30\x00\x00", 8);	/* 1111 -> 2222 */
	memset(dg + 8, 'E', 40);
	memcpy(dg + 8 + 30, "EVIL", 4);
	p = frag_v4_data(IPPROTO_UDP, 5, 0, true, dg, 24);
	ck_assert_ptr_null(p->payload);
	ck_assert_uint_eq(p->sport, 0);
	defrag_packet(d, p, &out);
	defrag_packet(d, frag_v4_data(IPPROTO_UDP, 5, 3, true, dg + 24, 16),
	    &out);
	ck_assert_int_eq(defrag_packet(d, frag_v4_data(IPPROTO_UDP, 5, 5,
	    false, dg + 40, 8), &out), 1);
	ck_assert_int_eq(decode_packet(&out), 0);
	ck_assert(!out.is_fragment);
	ck_assert(out.l4_valid);
	ck_assert_uint_eq(out.sport, 1111);
	ck_assert_uint_eq(out.dport, 2222);
	ck_assert_uint_eq(out.payload_len, 40);
	ck_assert_mem_eq(out.payload + 30, "EVIL", 4);
	defrag_free(d);
}
END_TEST

/* IPv6 with a hop-by-hop header before the fragment header: it stays,
 * and its next header names what the fragment header named. */
START_TEST(test_ipv6_unfragmentable_header_stays_and_names_the_upper_layer)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	uint8_t b[2][8 + 8 + 8 + 16];
	struct packet out;

	for (int i = 0; i < 2; i++) {
		uint8_t *x = b[i];
		size_t n;

		memset(x, 0, sizeof(b[i]));
		/* hop-by-hop (8 bytes: PadN), fragment header, data */
		x[0] = IPPROTO_FRAGMENT;
		x[2] = 1;
		x[3] = 4;
		x[8] = IPPROTO_UDP;
		x[10] = 0;
		x[11] = (uint8_t)(i == 0 ? 1 : (2 << 3));	/* 0 MF / 16 */
		x[15] = 33;				/* id */
		n = 16;
		if (i == 0) {
			memcpy(x + n, "\x00\x01\x00\x02\x00\x18\x00\x00", 8);
			memset(x + n + 8, 'X', 8);
		} else
			memset(x + n, 'Y', 8);
		(void)n;
	}
	{
		uint8_t p0[40 + 32], p1[40 + 24];
		struct packet *f0, *f1;

		memset(p0, 0, 40);
		p0[0] = 0x60;
		p0[5] = 32;
		p0[6] = IPPROTO_HOPOPTS;
		p0[7] = 64;
		memset(p0 + 8, 1, 16);
		memset(p0 + 24, 2, 16);
		memcpy(p1, p0, 40);
		p1[5] = 24;
		memcpy(p0 + 40, b[0], 32);
		memcpy(p1 + 40, b[1], 24);
		f0 = frag_raw(p0, sizeof(p0));
		f1 = frag_raw(p1, sizeof(p1));
		ck_assert(f0->is_fragment);
		ck_assert_uint_eq(f0->frag_hdr_off, 48);
		ck_assert_uint_eq(f0->frag_nh_off, 40);
		defrag_packet(d, f0, &out);
		ck_assert_int_eq(defrag_packet(d, f1, &out), 1);
	}
	ck_assert_uint_eq(out.data[6], IPPROTO_HOPOPTS);
	ck_assert_uint_eq(out.data[40], IPPROTO_UDP);
	ck_assert_uint_eq(be16(out.data + 4), 8 + 24);
	ck_assert_int_eq(decode_packet(&out), 0);
	ck_assert_uint_eq(out.proto, IPPROTO_UDP);
	ck_assert(out.l4_valid);
	ck_assert_uint_eq(out.dport, 2);
	ck_assert_mem_eq(out.payload, "XXXXXXXXYYYYYYYY", 16);
	defrag_free(d);
}
END_TEST

/* Suricata's DefragNoDataIpv4Test: an empty fragment is not kept. */
START_TEST(test_fragment_without_data_is_stored_empty)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out;

	ck_assert_int_eq(defrag_packet(d, frag_v4(IPPROTO_ICMP, 12, 1, false,
	    'A', 0), &out), 0);
	/* stored, empty, as Suricata 7 stores it (ltrim 0 is not past 0) */
	ck_assert_uint_eq(stats(d).frags, 1);
	defrag_free(d);
}
END_TEST

/* As Suricata 7 (checked on captures with 7.0.6): an empty last
 * fragment, or one trimmed to nothing by an older one, is stored empty
 * and completes the datagram; windows drops one that fits inside an
 * older fragment, so there it never completes. */
START_TEST(test_empty_or_trimmed_last_fragment_completes)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD), *w;
	struct packet out;

	ck_assert_int_eq(defrag_packet(d, frag_v4(IPPROTO_ICMP, 5, 0, true,
	    'A', 16), &out), 0);
	ck_assert_int_eq(defrag_packet(d, frag_v4(IPPROTO_ICMP, 5, 2, false,
	    'A', 0), &out), 1);
	ck_assert_uint_eq(out.len, 20 + 16);
	/* the last one wholly inside the first */
	ck_assert_int_eq(defrag_packet(d, frag_v6(IPPROTO_ICMPV6, 7, 0, true,
	    'B', 24), &out), 0);
	ck_assert_int_eq(defrag_packet(d, frag_v6(IPPROTO_ICMPV6, 7, 1, false,
	    'C', 16), &out), 1);
	ck_assert_uint_eq(out.len, 40 + 24);
	ck_assert_mem_eq(frag_payload(&out), "BBBBBBBBBBBBBBBBBBBBBBBB", 24);
	ck_assert_uint_eq(stats(d).frags, 0);
	defrag_free(d);

	w = frag_defrag(DEFRAG_POLICY_WINDOWS);	/* frees d's host table */
	ck_assert_int_eq(defrag_packet(w, frag_v4(IPPROTO_ICMP, 5, 0, true,
	    'A', 16), &out), 0);
	ck_assert_int_eq(defrag_packet(w, frag_v4(IPPROTO_ICMP, 5, 2, false,
	    'A', 0), &out), 0);
	ck_assert_int_eq(defrag_packet(w, frag_v4(IPPROTO_ICMP, 6, 0, true,
	    'A', 24), &out), 0);
	ck_assert_int_eq(defrag_packet(w, frag_v4(IPPROTO_ICMP, 6, 1, false,
	    'C', 16), &out), 0);
	ck_assert_uint_eq(stats(w).frags, 2);
	defrag_free(w);
}
END_TEST

/* Nested fragmentation, as Suricata reassembles it (checked on a
 * capture with 7.0.6): two IPv6 datagrams whose data are the two
 * fragments of a UDP datagram; the second one's last fragment completes
 * both levels, innermost last in the chain. */
START_TEST(test_nested_ipv6_fragments_are_reassembled_again)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct defrag_chain c;
	uint8_t u[24] = { 0, 1, 0, 2, 0, 24, 0, 0 };	/* UDP 1 -> 2 */
	uint8_t in1[8 + 16] = { IPPROTO_UDP, 0, 0, 1, 0, 0, 0, 9 };
	uint8_t in2[8 + 8] = { IPPROTO_UDP, 0, 0, 2 << 3, 0, 0, 0, 9 };

	memset(u + 8, 'N', 16);
	memcpy(in1 + 8, u, 16);
	memcpy(in2 + 8, u + 16, 8);
	ck_assert_uint_eq(defrag_run(d, frag_v6_data(IPPROTO_FRAGMENT, 100, 0,
	    true, in1, 16), &decode_config_default, &c), 0);
	ck_assert_uint_eq(defrag_run(d, frag_v6_data(IPPROTO_FRAGMENT, 100, 2,
	    false, in1 + 16, 8), &decode_config_default, &c), 1);
	ck_assert(c.pkt[0].is_fragment);
	ck_assert_uint_eq(defrag_run(d, frag_v6_data(IPPROTO_FRAGMENT, 101, 0,
	    true, in2, 8), &decode_config_default, &c), 0);
	ck_assert_uint_eq(defrag_run(d, frag_v6_data(IPPROTO_FRAGMENT, 101, 1,
	    false, in2 + 8, 8), &decode_config_default, &c), 2);
	ck_assert(c.pkt[0].is_fragment);
	ck_assert(!c.pkt[1].is_fragment);
	ck_assert_uint_eq(c.pkt[1].proto, IPPROTO_UDP);
	ck_assert_uint_eq(c.pkt[1].sport, 1);
	ck_assert_uint_eq(c.pkt[1].payload_len, 16);
	ck_assert_mem_eq(c.pkt[1].payload, "NNNNNNNNNNNNNNNN", 16);
	/* the outer level's datagram is still whole: its own buffer */
	ck_assert_uint_eq(c.pkt[0].len, 40 + 16);
	ck_assert_uint_eq(stats(d).ipv6_fragments, 6);
	ck_assert_uint_eq(stats(d).ipv6_reassembled, 3);
	defrag_free(d);
}
END_TEST

/* DefragTooLargeIpv4Test: 20 + 8183 * 8 + 71 > 65535. */
START_TEST(test_ipv4_fragment_past_65535_sets_frag_pkt_too_large)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out, *p = frag_v4(IPPROTO_ICMP, 1, 8183, false, 'A', 71);

	ck_assert_int_eq(defrag_packet(d, p, &out), 0);
	ck_assert(decode_event_has(p->events,
	    DECODE_EV_IPV4_FRAG_PKT_TOO_LARGE));
	ck_assert_uint_eq(stats(d).frags, 0);
	defrag_free(d);
}
END_TEST

START_TEST(test_ipv4_fragment_ending_at_65535_is_stored)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out, *p = frag_v4(IPPROTO_ICMP, 1, 8183, false, 'A', 51);

	defrag_packet(d, p, &out);
	ck_assert(!decode_event_any(p->events));
	ck_assert_uint_eq(stats(d).frags, 1);
	defrag_free(d);
}
END_TEST

START_TEST(test_ipv6_fragment_past_65535_sets_frag_pkt_too_large)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out, *p = frag_v6(IPPROTO_UDP, 1, 8191, false, 'A', 16);

	ck_assert_int_eq(defrag_packet(d, p, &out), 0);
	ck_assert(decode_event_has(p->events,
	    DECODE_EV_IPV6_FRAG_PKT_TOO_LARGE));
	defrag_free(d);
}
END_TEST

/* DefragVlanTest, DefragVlanQinQTest, DefragVlanQinQinQTest. */
START_TEST(test_fragments_of_other_vlans_do_not_join)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out, *p1, *p2;

	p1 = frag_v4(IPPROTO_ICMP, 1, 0, true, 'A', 8);
	p2 = frag_v4(IPPROTO_ICMP, 1, 1, false, 'B', 8);
	p1->vlan_n = p2->vlan_n = (uint8_t)(_i + 1);
	p1->vlan[_i] = 1;
	p2->vlan[_i] = 2;
	defrag_packet(d, p1, &out);
	ck_assert_int_eq(defrag_packet(d, p2, &out), 0);
	p2->vlan[_i] = 1;
	ck_assert_int_eq(defrag_packet(d, p2, &out), 1);
	defrag_free(d);
}
END_TEST

/* DefragTestBadProto: IPv4 datagrams are told apart by protocol too. */
START_TEST(test_fragments_of_other_protocol_do_not_join)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out;

	ck_assert_int_eq(defrag_packet(d, frag_v4(IPPROTO_ICMP, 12, 0, true,
	    'A', 8), &out), 0);
	ck_assert_int_eq(defrag_packet(d, frag_v4(IPPROTO_UDP, 12, 1, true,
	    'B', 8), &out), 0);
	ck_assert_int_eq(defrag_packet(d, frag_v4(IPPROTO_ICMP, 12, 2, false,
	    'C', 3), &out), 0);
	defrag_free(d);
}
END_TEST

/* DefragMfIpv4Test, DefragMfIpv6Test: a fragment past the one without
 * MF is left out of the datagram. */
START_TEST(test_fragment_past_the_last_is_left_out)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out;
	bool v6 = _i == 1;

#define FRAG(off, mf, c) (v6 ? frag_v6(IPPROTO_ICMPV6, 9, off, mf, c, 8) : \
	frag_v4(IPPROTO_ICMP, 9, off, mf, c, 8))
	ck_assert_int_eq(defrag_packet(d, FRAG(2, true, 'C'), &out), 0);
	ck_assert_int_eq(defrag_packet(d, FRAG(0, true, 'A'), &out), 0);
	ck_assert_int_eq(defrag_packet(d, FRAG(1, false, 'B'), &out), 1);
#undef FRAG
	ck_assert_uint_eq(out.len, (v6 ? 40 : 20) + 16);
	ck_assert_mem_eq(frag_payload(&out), "AAAAAAAABBBBBBBB", 16);
	defrag_free(d);
}
END_TEST

/* A receiver reassembles per direction; so does quell (Suricata also
 * takes a tracker with the addresses swapped). */
START_TEST(test_reversed_addresses_do_not_join)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out, *p = frag_v4(IPPROTO_ICMP, 3, 1, false, 'B', 8);

	defrag_packet(d, frag_v4(IPPROTO_ICMP, 3, 0, true, 'A', 8), &out);
	memset(&p->src.u.v4, 2, 4);
	memset(&p->dst.u.v4, 1, 4);
	ck_assert_int_eq(defrag_packet(d, p, &out), 0);
	defrag_free(d);
}
END_TEST

START_TEST(test_overlap_is_flagged_on_the_overlapping_fragment_only)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out, *p1, *p2, *p3;

	p1 = frag_v4(IPPROTO_UDP, 4, 0, true, 'A', 16);
	p2 = frag_v4(IPPROTO_UDP, 4, 2, true, 'B', 8);	/* adjacent */
	p3 = frag_v4(IPPROTO_UDP, 4, 1, true, 'C', 8);	/* inside p1 */
	defrag_packet(d, p1, &out);
	defrag_packet(d, p2, &out);
	defrag_packet(d, p3, &out);
	ck_assert(!decode_event_any(p1->events));
	ck_assert(!decode_event_any(p2->events));
	ck_assert(decode_event_has(p3->events, DECODE_EV_IPV4_FRAG_OVERLAP));
	defrag_free(d);
}
END_TEST

/* defrag.timeout: a datagram with no fragment for that long is dropped;
 * a late fragment starts over (Suricata's DefragTimeoutTest). */
START_TEST(test_fragment_after_the_timeout_starts_over)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out, *p;

	defrag_packet(d, frag_v4(IPPROTO_UDP, 1, 0, true, 'A', 8), &out);
	p = frag_v4(IPPROTO_UDP, 1, 1, false, 'B', 8);
	p->ts.tv_sec = FRAG_TS + 60;
	ck_assert_int_eq(defrag_packet(d, p, &out), 0);
	ck_assert_uint_eq(stats(d).timeouts, 1);
	ck_assert_uint_eq(stats(d).trackers, 1);
	defrag_free(d);
}
END_TEST

START_TEST(test_fragment_within_the_timeout_completes)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out, *p;

	defrag_packet(d, frag_v4(IPPROTO_UDP, 1, 0, true, 'A', 8), &out);
	p = frag_v4(IPPROTO_UDP, 1, 1, false, 'B', 8);
	p->ts.tv_sec = FRAG_TS + 59;
	ck_assert_int_eq(defrag_packet(d, p, &out), 1);
	defrag_free(d);
}
END_TEST

START_TEST(test_expire_frees_idle_datagrams)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out;
	struct timespec now = { FRAG_TS + 61, 0 };
	uint64_t base = stats(d).memuse;

	defrag_packet(d, frag_v4(IPPROTO_UDP, 1, 0, true, 'A', 8), &out);
	defrag_packet(d, frag_v6(IPPROTO_UDP, 1, 0, true, 'A', 8), &out);
	ck_assert_uint_gt(stats(d).memuse, base);
	defrag_expire(d, &now);
	ck_assert_uint_eq(stats(d).trackers, 0);
	ck_assert_uint_eq(stats(d).frags, 0);
	ck_assert_uint_eq(stats(d).timeouts, 2);
	ck_assert_uint_eq(stats(d).memuse, base);
	defrag_free(d);
}
END_TEST

/* A datagram done frees its tracker; a copy of one of its fragments
 * afterwards starts a datagram of its own. */
START_TEST(test_completed_datagram_frees_its_tracker)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out;
	uint64_t base = stats(d).memuse;

	defrag_packet(d, frag_v4(IPPROTO_UDP, 1, 0, true, 'A', 8), &out);
	defrag_packet(d, frag_v4(IPPROTO_UDP, 1, 1, false, 'B', 8), &out);
	ck_assert_uint_eq(stats(d).trackers, 0);
	ck_assert_uint_eq(stats(d).memuse, base);
	ck_assert_int_eq(defrag_packet(d, frag_v4(IPPROTO_UDP, 1, 1, false,
	    'B', 8), &out), 0);
	ck_assert_uint_eq(stats(d).trackers, 1);
	defrag_free(d);
}
END_TEST

/* defrag.memcap: a fragment that fits to the byte is kept; one byte
 * less and it is ignored (frag_ignored) while its own datagram is the
 * only one there. */
static uint64_t
one_fragment_bytes(void)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out;
	uint64_t before = stats(d).memuse;

	defrag_packet(d, frag_v4(IPPROTO_UDP, 1, 0, true, 'A', 8), &out);
	before = stats(d).memuse - before;
	defrag_free(d);
	return before;
}

static struct defrag *
defrag_memcap(uint64_t room)
{
	struct defrag_config c;
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	uint64_t base = stats(d).memuse;

	defrag_free(d);
	defrag_config_default(&c);
	c.trackers = 16;
	c.hash_size = 1024;
	c.memcap = base + room;
	ck_assert_ptr_nonnull(d = defrag_new(&c));
	ck_assert_uint_eq(stats(d).memuse, base);
	return d;
}

START_TEST(test_fragment_at_the_memcap_is_stored)
{
	uint64_t one = one_fragment_bytes();
	struct defrag *d = defrag_memcap(2 * one);
	struct packet out, *p;

	defrag_packet(d, frag_v4(IPPROTO_UDP, 1, 0, true, 'A', 8), &out);
	/* the first fragment's header stays with it; this one has none */
	p = frag_v4(IPPROTO_UDP, 1, 2, true, 'B', 8);
	defrag_packet(d, p, &out);
	ck_assert(!decode_event_any(p->events));
	ck_assert_uint_eq(stats(d).frags, 2);
	defrag_free(d);
}
END_TEST

START_TEST(test_fragment_past_the_memcap_is_ignored)
{
	uint64_t one = one_fragment_bytes();
	struct defrag *d = defrag_memcap(one + 8);
	struct packet out, *p;

	defrag_packet(d, frag_v4(IPPROTO_UDP, 1, 0, true, 'A', 8), &out);
	p = frag_v4(IPPROTO_UDP, 1, 2, true, 'B', 8);
	ck_assert_int_eq(defrag_packet(d, p, &out), 0);
	ck_assert(decode_event_has(p->events, DECODE_EV_IPV4_FRAG_IGNORED));
	ck_assert_uint_eq(stats(d).ignored, 1);
	ck_assert_uint_eq(stats(d).frags, 1);
	defrag_free(d);
}
END_TEST

/* At the memcap another datagram's fragment makes room by dropping the
 * least recently used datagram. */
START_TEST(test_memcap_drops_the_oldest_other_datagram)
{
	uint64_t one = one_fragment_bytes();
	/* room for a first fragment (with its 20-byte header) and one
	 * more without a header */
	struct defrag *d = defrag_memcap(2 * one - 20);
	struct packet out, *p;

	defrag_packet(d, frag_v4(IPPROTO_UDP, 1, 0, true, 'A', 8), &out);
	defrag_packet(d, frag_v4(IPPROTO_UDP, 3, 1, true, 'A', 8), &out);
	ck_assert_uint_eq(stats(d).trackers, 2);
	p = frag_v4(IPPROTO_UDP, 2, 0, true, 'B', 8);
	defrag_packet(d, p, &out);
	ck_assert(!decode_event_any(p->events));
	ck_assert_uint_eq(stats(d).evicted, 1);
	ck_assert_uint_eq(stats(d).trackers, 2);
	/* datagram 2 completes, making room by dropping datagram 3 */
	ck_assert_int_eq(defrag_packet(d, frag_v4(IPPROTO_UDP, 2, 1, false,
	    'C', 8), &out), 1);
	ck_assert_uint_eq(stats(d).evicted, 2);
	/* datagram 1's last fragment finds nothing */
	ck_assert_int_eq(defrag_packet(d, frag_v4(IPPROTO_UDP, 1, 1, false,
	    'A', 8), &out), 0);
	defrag_free(d);
}
END_TEST

/* defrag.max-frags: fragments held at most. */
START_TEST(test_fragment_past_max_frags_is_ignored)
{
	struct defrag_config c;
	struct defrag *d;
	struct packet out, *p;

	defrag_config_default(&c);
	c.trackers = 4;
	c.hash_size = 64;
	c.max_frags = 3;
	ck_assert_ptr_nonnull(d = defrag_new(&c));
	for (uint16_t i = 0; i < 3; i++)
		defrag_packet(d, frag_v6(IPPROTO_UDP, 1, i, true, 'A', 8),
		    &out);
	p = frag_v6(IPPROTO_UDP, 1, 3, true, 'A', 8);
	ck_assert_int_eq(defrag_packet(d, p, &out), 0);
	ck_assert(decode_event_has(p->events, DECODE_EV_IPV6_FRAG_IGNORED));
	ck_assert_uint_eq(stats(d).frags, 3);
	/* another datagram takes the oldest one's place */
	p = frag_v6(IPPROTO_UDP, 2, 0, true, 'B', 8);
	defrag_packet(d, p, &out);
	ck_assert(!decode_event_any(p->events));
	ck_assert_uint_eq(stats(d).frags, 1);
	defrag_free(d);
}
END_TEST

/* No spare tracker and no room for one: max_frag_hits (Suricata's
 * counter when it gets no tracker). */
START_TEST(test_no_tracker_to_be_had_counts_max_frag_hits)
{
	struct defrag_config c;
	struct defrag *d;
	struct packet out;

	defrag_config_default(&c);
	c.prealloc = false;
	c.hash_size = 1;
	c.memcap = 64;		/* one bucket, no tracker */
	ck_assert_ptr_nonnull(d = defrag_new(&c));
	ck_assert_int_eq(defrag_packet(d, frag_v4(IPPROTO_UDP, 1, 0, true,
	    'A', 8), &out), 0);
	ck_assert_uint_eq(stats(d).max_frag_hits, 1);
	defrag_free(d);
}
END_TEST

/* RFC 6946: an atomic fragment is decoded whole and never tracked. */
START_TEST(test_ipv6_atomic_fragment_is_not_tracked)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out, *p = frag_v6(IPPROTO_UDP, 1, 0, false, 'A', 8);

	ck_assert(!p->is_fragment);
	ck_assert(decode_event_has(p->events,
	    DECODE_EV_IPV6_EXTHDR_USELESS_FH));
	ck_assert_int_eq(defrag_packet(d, p, &out), 0);
	ck_assert_uint_eq(stats(d).ipv6_fragments, 0);
	ck_assert_uint_eq(stats(d).trackers, 0);
	defrag_free(d);
}
END_TEST

START_TEST(test_stats_count_fragments_and_datagrams)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out;

	defrag_packet(d, frag_v4(IPPROTO_UDP, 1, 0, true, 'A', 8), &out);
	defrag_packet(d, frag_v4(IPPROTO_UDP, 1, 1, false, 'A', 8), &out);
	defrag_packet(d, frag_v6(IPPROTO_UDP, 1, 0, true, 'A', 8), &out);
	ck_assert_uint_eq(stats(d).ipv4_fragments, 2);
	ck_assert_uint_eq(stats(d).ipv4_reassembled, 1);
	ck_assert_uint_eq(stats(d).ipv6_fragments, 1);
	ck_assert_uint_eq(stats(d).ipv6_reassembled, 0);
	defrag_free(d);
}
END_TEST

START_TEST(test_config_default_is_suricata_yaml)
{
	struct defrag_config c;

	defrag_config_default(&c);
	ck_assert_uint_eq(c.memcap, 32u << 20);
	ck_assert_uint_eq(c.hash_size, 65536);
	ck_assert_uint_eq(c.trackers, 65535);
	ck_assert_uint_eq(c.max_frags, 65535);
	ck_assert(c.prealloc);
	ck_assert_uint_eq(c.timeout, 60);
	ck_assert_ptr_null(defrag_config_check(&c));
}
END_TEST

START_TEST(test_config_check_names_the_key)
{
	struct defrag_config c;

	defrag_config_default(&c);
	c.timeout = 0;
	ck_assert_ptr_nonnull(strstr(defrag_config_check(&c),
	    "defrag.timeout"));
	c.timeout = 86401;
	ck_assert_ptr_nonnull(strstr(defrag_config_check(&c),
	    "defrag.timeout"));
	defrag_config_default(&c);
	c.memcap = 1024;
	ck_assert_ptr_nonnull(strstr(defrag_config_check(&c),
	    "defrag.hash-size"));
	defrag_config_default(&c);
	c.memcap = 1u << 20;	/* the hash fits, 65535 trackers do not */
	ck_assert_ptr_nonnull(strstr(defrag_config_check(&c),
	    "defrag.trackers"));
	errno = 0;
	ck_assert_ptr_null(defrag_new(&c));
	ck_assert_int_eq(errno, EINVAL);
	c.prealloc = false;
	ck_assert_ptr_null(defrag_config_check(&c));
}
END_TEST

START_TEST(test_config_per_instance_divides_the_totals)
{
	struct defrag_config c;

	defrag_config_default(&c);
	defrag_config_per_instance(&c, 4);
	ck_assert_uint_eq(c.memcap, 8u << 20);
	ck_assert_uint_eq(c.hash_size, 16384);
	ck_assert_uint_eq(c.trackers, 16383);
	ck_assert_uint_eq(c.max_frags, 16383);
	ck_assert_uint_eq(c.timeout, 60);
}
END_TEST

static void
teardown(void)
{
	frag_free_all();
}

Suite *
defrag_defrag_suite(void)
{
	Suite *s = suite_create("defrag_defrag");
	TCase *tc = tcase_create("defrag");

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_test(tc, test_ipv4_fragments_in_order_reassemble);
	tcase_add_test(tc, test_ipv4_fragments_in_reverse_reassemble);
	tcase_add_test(tc, test_ipv6_fragments_in_order_reassemble);
	tcase_add_test(tc, test_ipv6_fragments_in_reverse_reassemble);
	tcase_add_test(tc, test_reassembled_ipv4_header_is_rewritten_and_checksummed);
	tcase_add_test(tc, test_reassembled_udp_datagram_decodes_with_ports_and_payload);
	tcase_add_test(tc, test_ipv6_unfragmentable_header_stays_and_names_the_upper_layer);
	tcase_add_test(tc, test_fragment_without_data_is_stored_empty);
	tcase_add_test(tc, test_empty_or_trimmed_last_fragment_completes);
	tcase_add_test(tc, test_nested_ipv6_fragments_are_reassembled_again);
	tcase_add_test(tc, test_ipv4_fragment_past_65535_sets_frag_pkt_too_large);
	tcase_add_test(tc, test_ipv4_fragment_ending_at_65535_is_stored);
	tcase_add_test(tc, test_ipv6_fragment_past_65535_sets_frag_pkt_too_large);
	tcase_add_loop_test(tc, test_fragments_of_other_vlans_do_not_join, 0,
	    PKT_MAX_VLAN);
	tcase_add_test(tc, test_fragments_of_other_protocol_do_not_join);
	tcase_add_loop_test(tc, test_fragment_past_the_last_is_left_out, 0, 2);
	tcase_add_test(tc, test_reversed_addresses_do_not_join);
	tcase_add_test(tc, test_overlap_is_flagged_on_the_overlapping_fragment_only);
	tcase_add_test(tc, test_fragment_after_the_timeout_starts_over);
	tcase_add_test(tc, test_fragment_within_the_timeout_completes);
	tcase_add_test(tc, test_expire_frees_idle_datagrams);
	tcase_add_test(tc, test_completed_datagram_frees_its_tracker);
	tcase_add_test(tc, test_fragment_at_the_memcap_is_stored);
	tcase_add_test(tc, test_fragment_past_the_memcap_is_ignored);
	tcase_add_test(tc, test_memcap_drops_the_oldest_other_datagram);
	tcase_add_test(tc, test_fragment_past_max_frags_is_ignored);
	tcase_add_test(tc, test_no_tracker_to_be_had_counts_max_frag_hits);
	tcase_add_test(tc, test_ipv6_atomic_fragment_is_not_tracked);
	tcase_add_test(tc, test_stats_count_fragments_and_datagrams);
	tcase_add_test(tc, test_config_default_is_suricata_yaml);
	tcase_add_test(tc, test_config_check_names_the_key);
	tcase_add_test(tc, test_config_per_instance_divides_the_totals);
	suite_add_tcase(s, tc);
	return s;
}
