/* The overlap policies on the classic vectors: the Sturges/Novak
 * target-based reassembly pattern (Novak, "Target-Based Fragmentation
 * Reassembly", 2005, as Suricata's DefragSturgesNovak*Test lay it out)
 * and the reported cases Suricata's defrag tests keep. The expected
 * bytes are Suricata's; bsd-right, for which Suricata has no case of
 * its own, keeps the fragment that starts further right. */
#include "core/base.h"

#include <check.h>
#include <netinet/in.h>

#include "core/packet.h"
#include "decode/events.h"
#include "defrag/defrag.h"
#include "defrag/policy.h"

#include "frag.h"
#include "suites.h"

/* The pattern: 17 fragments of 8-byte blocks, each filled with its own
 * letter: the originals <1> .. <3_6>, then the overlapping <4> .. <11>
 * (<11> last, without MF). */
static const struct {
	char		 c;
	uint16_t	 off;	/* bytes */
	uint16_t	 len;
} novak[] = {
	{ 'A', 0, 24 },		/* <1> */
	{ 'B', 32, 16 },	/* <2> */
	{ 'C', 48, 24 },	/* <3> */
	{ 'D', 80, 8 },		/* <3_1> */
	{ 'E', 104, 16 },	/* <3_2> */
	{ 'F', 120, 24 },	/* <3_3> */
	{ 'G', 144, 16 },	/* <3_4> */
	{ 'H', 160, 16 },	/* <3_5> */
	{ 'I', 176, 8 },	/* <3_6> */
	{ 'J', 8, 32 },		/* <4> */
	{ 'K', 48, 24 },	/* <5> */
	{ 'L', 72, 24 },	/* <6> */
	{ 'M', 96, 24 },	/* <7> */
	{ 'N', 128, 8 },	/* <8> */
	{ 'O', 152, 8 },	/* <9> */
	{ 'P', 160, 8 },	/* <10> */
	{ 'Q', 176, 16 },	/* <11> */
};

/* The reassembled 192 bytes, one letter per 8-byte block. */
static const struct {
	enum defrag_policy pol;
	const char	*blocks;
} novak_expected[] = {
	{ DEFRAG_POLICY_BSD, "AAAJJBCCCLLLMMMFFFGGHHIQ" },
	{ DEFRAG_POLICY_LINUX, "AAAJJBKKKLLLMMMFFFGGPHQQ" },
	{ DEFRAG_POLICY_WINDOWS, "AAAJBBCCCLLLMEEFFFGGHHIQ" },
	{ DEFRAG_POLICY_SOLARIS, "AAAJBBCCCLLLMMMFFFGGHHIQ" },
	{ DEFRAG_POLICY_FIRST, "AAAJBBCCCLDLMEEFFFGGHHIQ" },
	{ DEFRAG_POLICY_LAST, "AJJJJBKKKLLLMMMFNFGOPHQQ" },
	{ DEFRAG_POLICY_BSD_RIGHT, "AJJJBBKKKLDLMEEFNFGOPHQQ" },
};

static void
novak_run(bool v6, int which)
{
	struct defrag *d = frag_defrag(novak_expected[which].pol);
	struct packet out, *p;
	uint8_t want[192];
	int overlaps = 0, i;

	for (i = 0; i < 24; i++)
		memset(want + 8 * i, novak_expected[which].blocks[i], 8);
	for (i = 0; i < 17; i++) {
		bool last = i == 16;

		p = v6 ? frag_v6(IPPROTO_ICMPV6, 1, novak[i].off / 8, !last,
		    novak[i].c, novak[i].len) : frag_v4(IPPROTO_ICMP, 1,
		    novak[i].off / 8, !last, novak[i].c, novak[i].len);
		ck_assert_int_eq(defrag_packet(d, p, &out), last ? 1 : 0);
		if (decode_event_has(p->events, v6 ?
		    DECODE_EV_IPV6_FRAG_OVERLAP : DECODE_EV_IPV4_FRAG_OVERLAP))
			overlaps++;
		/* the originals do not overlap */
		if (i == 8)
			ck_assert_int_eq(overlaps, 0);
	}
	ck_assert_int_gt(overlaps, 0);
	ck_assert_uint_eq(out.len, (v6 ? 40 : 20) + 192);
	ck_assert_msg(memcmp(frag_payload(&out), want, sizeof(want)) == 0,
	    "%s: got %.192s", defrag_policy_name(novak_expected[which].pol),
	    (const char *)frag_payload(&out));
	defrag_free(d);
}

START_TEST(test_sturges_novak_ipv4_matches_suricata)
{
	novak_run(false, _i);
}
END_TEST

START_TEST(test_sturges_novak_ipv6_matches_suricata)
{
	novak_run(true, _i);
}
END_TEST

/* Suricata's DefragTestJeremyLinux: a later fragment that starts
 * inside one and reaches into the next. */
START_TEST(test_linux_fragment_spanning_two_older_ones)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_LINUX);
	struct packet out;

	defrag_packet(d, frag_v4(IPPROTO_ICMP, 1, 0, true, 'A', 24), &out);
	defrag_packet(d, frag_v4(IPPROTO_ICMP, 1, 40 / 8, true, 'B', 48),
	    &out);
	defrag_packet(d, frag_v4(IPPROTO_ICMP, 1, 24 / 8, true, 'C', 48),
	    &out);
	ck_assert_int_eq(defrag_packet(d, frag_v4(IPPROTO_ICMP, 1, 88 / 8,
	    false, 'D', 14), &out), 1);
	ck_assert_mem_eq(frag_payload(&out), "AAAAAAAAAAAAAAAAAAAAAAAA"
	    "CCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCCC"
	    "BBBBBBBBBBBBBBBBDDDDDDDDDDDDDD", 24 + 48 + 16 + 14);
	defrag_free(d);
}
END_TEST

/* DefragBsdFragmentAfterNoMf: the last fragment first, the rest after;
 * a fragment starting before an older one wins over it under bsd. */
static void
bsd_after_no_mf(bool v6)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out;

#define FRAG(off, mf, c, len) (v6 ? frag_v6(IPPROTO_ICMP, 0x96, off, mf, \
	c, len) : frag_v4(IPPROTO_ICMP, 0x96, off, mf, c, len))
	ck_assert_int_eq(defrag_packet(d, FRAG(3, false, 'A', 16), &out), 0);
	ck_assert_int_eq(defrag_packet(d, FRAG(1, true, 'B', 16), &out), 0);
	ck_assert_int_eq(defrag_packet(d, FRAG(2, true, 'C', 16), &out), 0);
	ck_assert_int_eq(defrag_packet(d, FRAG(0, true, 'D', 8), &out), 1);
#undef FRAG
	ck_assert_mem_eq(frag_payload(&out),
	    "DDDDDDDDBBBBBBBBBBBBBBBBCCCCCCCCAAAAAAAA", 40);
	defrag_free(d);
}

START_TEST(test_bsd_fragment_after_no_mf_ipv4)
{
	bsd_after_no_mf(false);
}
END_TEST

START_TEST(test_bsd_fragment_after_no_mf_ipv6)
{
	bsd_after_no_mf(true);
}
END_TEST

/* DefragBsdSubsequentOverlapsStartOfOriginal: a later fragment that
 * covers the start of an older one wins there. */
START_TEST(test_bsd_subsequent_overlaps_start_of_original)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out;

	defrag_packet(d, frag_v4(IPPROTO_ICMP, 1, 1, false, 'E', 24), &out);
	ck_assert_int_eq(defrag_packet(d, frag_v4(IPPROTO_ICMP, 1, 0, true,
	    'M', 24), &out), 1);
	ck_assert_mem_eq(frag_payload(&out),
	    "MMMMMMMMMMMMMMMMMMMMMMMMEEEEEEEE", 32);
	defrag_free(d);
}
END_TEST

START_TEST(test_bsd_subsequent_overlaps_start_of_original_ipv6_mixed)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out;

	defrag_packet(d, frag_v6_data(IPPROTO_ICMP, 6, 2, true,
	    "AABBCCDDAABBDDCC", 16), &out);
	defrag_packet(d, frag_v6_data(IPPROTO_ICMP, 6, 1, true,
	    "AACCBBDDAACCDDBB", 16), &out);
	defrag_packet(d, frag_v6_data(IPPROTO_ICMP, 6, 0, true, "ZZZZZZZZ", 8),
	    &out);
	ck_assert_int_eq(defrag_packet(d, frag_v6_data(IPPROTO_ICMP, 6, 4,
	    false, "DDCCBBAA", 8), &out), 1);
	ck_assert_mem_eq(frag_payload(&out) + 8,
	    "AACCBBDDAACCDDBBAABBDDCCDDCCBBAA", 32);
	defrag_free(d);
}
END_TEST

/* DefragBsdMissingFragment: the last fragment in, a hole at 32..40:
 * nothing comes out. */
START_TEST(test_bsd_missing_fragment_gives_no_datagram)
{
	struct defrag *d = frag_defrag(DEFRAG_POLICY_BSD);
	struct packet out;

	ck_assert_int_eq(defrag_packet(d, frag_v4_data(IPPROTO_ICMP, 189, 2,
	    true, "AABBCCDDAABBDDCC", 16), &out), 0);
	ck_assert_int_eq(defrag_packet(d, frag_v4_data(IPPROTO_ICMP, 189, 5,
	    true, "AACCBBDD", 8), &out), 0);
	ck_assert_int_eq(defrag_packet(d, frag_v4_data(IPPROTO_ICMP, 189, 1,
	    true, "AACCDDBBAADDBBCC", 16), &out), 0);
	ck_assert_int_eq(defrag_packet(d, frag_v4_data(IPPROTO_ICMP, 189, 0,
	    true, "ZZZZZZZZ", 8), &out), 0);
	ck_assert_int_eq(defrag_packet(d, frag_v4_data(IPPROTO_ICMP, 189, 6,
	    false, "DDCCBBAA", 8), &out), 0);
	defrag_free(d);
}
END_TEST

/* A copy at the same offset: kept under first, bsd, windows; replaced
 * under last and linux. */
static const struct {
	enum defrag_policy pol;
	char		 kept;
} same_offset[] = {
	{ DEFRAG_POLICY_FIRST, 'A' },
	{ DEFRAG_POLICY_BSD, 'A' },
	{ DEFRAG_POLICY_WINDOWS, 'A' },
	{ DEFRAG_POLICY_SOLARIS, 'A' },
	{ DEFRAG_POLICY_LAST, 'B' },
	{ DEFRAG_POLICY_LINUX, 'B' },
	{ DEFRAG_POLICY_BSD_RIGHT, 'B' },
};

START_TEST(test_same_offset_copy_follows_the_policy)
{
	struct defrag *d = frag_defrag(same_offset[_i].pol);
	struct packet out, *p;
	char want[24];

	defrag_packet(d, frag_v4(IPPROTO_UDP, 7, 0, true, 'Z', 8), &out);
	defrag_packet(d, frag_v4(IPPROTO_UDP, 7, 1, true, 'A', 8), &out);
	p = frag_v4(IPPROTO_UDP, 7, 1, true, 'B', 8);
	defrag_packet(d, p, &out);
	ck_assert(decode_event_has(p->events, DECODE_EV_IPV4_FRAG_OVERLAP));
	ck_assert_int_eq(defrag_packet(d, frag_v4(IPPROTO_UDP, 7, 2, false,
	    'Z', 8), &out), 1);
	memset(want, 'Z', 24);
	memset(want + 8, same_offset[_i].kept, 8);
	ck_assert_mem_eq(frag_payload(&out), want, 24);
	defrag_free(d);
}
END_TEST

/* Suricata's DefragGetOsPolicy: the host-os-policy names. */
static const struct {
	const char	*name;
	int		 pol;
} names[] = {
	{ "bsd", DEFRAG_POLICY_BSD },
	{ "hpux10", DEFRAG_POLICY_BSD },
	{ "irix", DEFRAG_POLICY_BSD },
	{ "bsd-right", DEFRAG_POLICY_BSD_RIGHT },
	{ "linux", DEFRAG_POLICY_LINUX },
	{ "old-linux", DEFRAG_POLICY_LINUX },
	{ "windows", DEFRAG_POLICY_WINDOWS },
	{ "windows2k3", DEFRAG_POLICY_WINDOWS },
	{ "vista", DEFRAG_POLICY_WINDOWS },
	{ "solaris", DEFRAG_POLICY_SOLARIS },
	{ "old-solaris", DEFRAG_POLICY_FIRST },
	{ "hpux11", DEFRAG_POLICY_FIRST },
	{ "macos", DEFRAG_POLICY_FIRST },
	{ "first", DEFRAG_POLICY_FIRST },
	{ "last", DEFRAG_POLICY_LAST },
	{ "LINUX", DEFRAG_POLICY_LINUX },
	{ "hpjetdirect", -1 },
	{ "none", -1 },
};

START_TEST(test_host_os_policy_names_map_as_suricata)
{
	ck_assert_int_eq(defrag_policy_lookup(names[_i].name), names[_i].pol);
}
END_TEST

static void
teardown(void)
{
	frag_free_all();
}

Suite *
defrag_policy_suite(void)
{
	Suite *s = suite_create("defrag_policy");
	TCase *tc = tcase_create("policy");

	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_add_loop_test(tc, test_sturges_novak_ipv4_matches_suricata, 0,
	    (int)QUELL_NITEMS(novak_expected));
	tcase_add_loop_test(tc, test_sturges_novak_ipv6_matches_suricata, 0,
	    (int)QUELL_NITEMS(novak_expected));
	tcase_add_test(tc, test_linux_fragment_spanning_two_older_ones);
	tcase_add_test(tc, test_bsd_fragment_after_no_mf_ipv4);
	tcase_add_test(tc, test_bsd_fragment_after_no_mf_ipv6);
	tcase_add_test(tc, test_bsd_subsequent_overlaps_start_of_original);
	tcase_add_test(tc, test_bsd_subsequent_overlaps_start_of_original_ipv6_mixed);
	tcase_add_test(tc, test_bsd_missing_fragment_gives_no_datagram);
	tcase_add_loop_test(tc, test_same_offset_copy_follows_the_policy, 0,
	    (int)QUELL_NITEMS(same_offset));
	tcase_add_loop_test(tc, test_host_os_policy_names_map_as_suricata, 0,
	    (int)QUELL_NITEMS(names));
	suite_add_tcase(s, tc);
	return s;
}
