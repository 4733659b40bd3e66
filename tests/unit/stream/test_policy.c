/* Overlap policies: the decision table, then whole streams resolved as
 * each receiving stack would (not inline: held segments overlap). The
 * cases are the three classic shapes of Novak's target-based
 * reassembly tests, as Suricata and Snort test them: a new segment that
 * starts before a held one, at its start running past it, and inside it
 * running past it. */
#include "core/base.h"

#include <check.h>
#include <string.h>

#include "helpers.h"
#include "stream/hostos.h"
#include "suites.h"

/* [ns,ne) vs held [es,ee): before = [2,8) vs [4,8); same = [4,10) vs
 * [4,8); exact = [4,8) vs [4,8); after = [6,10) vs [4,8);
 * before_short = [2,6) vs [4,8). */
static const struct {
	enum stream_os_policy pol;
	bool before, same, exact, after, before_short;
} table[] = {
	{ STREAM_OS_FIRST,	false, false, false, false, false },
	{ STREAM_OS_LAST,	true,  true,  true,  true,  true },
	{ STREAM_OS_BSD,	true,  false, false, false, true },
	{ STREAM_OS_WINDOWS,	true,  false, false, false, true },
	{ STREAM_OS_WINDOWS2K3,	true,  false, false, false, true },
	{ STREAM_OS_HPUX10,	true,  false, false, false, true },
	{ STREAM_OS_IRIX,	true,  false, false, false, true },
	{ STREAM_OS_MACOS,	true,  false, false, false, true },
	{ STREAM_OS_LINUX,	true,  true,  false, false, true },
	{ STREAM_OS_OLD_LINUX,	true,  true,  true,  false, true },
	{ STREAM_OS_SOLARIS,	true,  true,  true,  true,  false },
	{ STREAM_OS_HPUX11,	true,  true,  true,  true,  false },
	{ STREAM_OS_VISTA,	false, false, false, false, false },
	{ STREAM_OS_BSD_RIGHT,	false, false, false, false, false },
	{ STREAM_OS_OLD_SOLARIS, false, false, false, false, false },
};

START_TEST(test_policy_table_matches_the_stacks)
{
	for (size_t i = 0; i < QUELL_NITEMS(table); i++) {
		enum stream_os_policy p = table[i].pol;

		ck_assert_msg(stream_policy_new_wins(p, 2, 8, 4, 8) ==
		    table[i].before, "%s before", stream_policy_name(p));
		ck_assert_msg(stream_policy_new_wins(p, 4, 10, 4, 8) ==
		    table[i].same, "%s same", stream_policy_name(p));
		ck_assert_msg(stream_policy_new_wins(p, 4, 8, 4, 8) ==
		    table[i].exact, "%s exact", stream_policy_name(p));
		ck_assert_msg(stream_policy_new_wins(p, 6, 10, 4, 8) ==
		    table[i].after, "%s after", stream_policy_name(p));
		ck_assert_msg(stream_policy_new_wins(p, 2, 6, 4, 8) ==
		    table[i].before_short, "%s before_short",
		    stream_policy_name(p));
	}
}
END_TEST

START_TEST(test_every_policy_has_a_name_that_looks_up)
{
	for (int p = 0; p < STREAM_OS_NPOLICIES; p++)
		ck_assert_int_eq(stream_policy_lookup(stream_policy_name(
		    (enum stream_os_policy)p)), p);
	ck_assert_int_eq(stream_policy_lookup("plan9"), -1);
	ck_assert_ptr_null(stream_policy_name(STREAM_OS_NPOLICIES));
}
END_TEST

/* The server's stack is pol; held "XXXX" at [4,8), then the new
 * segment, then "abcd" at [0,4) fills the gap: the stream as the
 * server reads it. */
static const char *
resolve(enum stream_os_policy pol, uint64_t off, const char *seg)
{
	ts.cfg.is_inline = false;
	ts.hosts = stream_hostos_new(STREAM_OS_DEFAULT);
	ck_assert_ptr_nonnull(ts.hosts);
	ck_assert_int_eq(stream_hostos_add(ts.hosts, "198.51.100.2", pol), 0);
	tstream_start();
	tstream_handshake();
	ck_assert_int_eq(stream_policy(ts.f, FLOW_DIR_TO_SERVER), pol);
	tstream_send(false, 4, "XXXX");
	tstream_send(false, off, seg);
	ck_assert(tstream_event(DECODE_EV_STREAM_REASSEMBLY_OVERLAP_DIFFERENT_DATA));
	tstream_send(false, 0, "abcd");
	return tstream_client_bytes();
}

START_TEST(test_bsd_takes_a_segment_that_starts_before)
{
	/* [3,8) "YYYYY" over held [4,8): bsd keeps the new bytes */
	ck_assert_str_eq(resolve(STREAM_OS_BSD, 3, "YYYYY"), "abcdYYYY");
}
END_TEST

START_TEST(test_first_keeps_the_held_bytes)
{
	/* also against the gap filler: the held "Y" at 3 came first */
	ck_assert_str_eq(resolve(STREAM_OS_FIRST, 3, "YYYYYY"), "abcYXXXXY");
}
END_TEST

START_TEST(test_last_takes_the_new_bytes)
{
	ck_assert_str_eq(resolve(STREAM_OS_LAST, 5, "YY"), "abcdXYYX");
}
END_TEST

START_TEST(test_linux_takes_a_longer_segment_at_the_same_start)
{
	ck_assert_str_eq(resolve(STREAM_OS_LINUX, 4, "YYYYYY"), "abcdYYYYYY");
}
END_TEST

START_TEST(test_bsd_keeps_held_bytes_for_a_longer_segment_at_the_same_start)
{
	ck_assert_str_eq(resolve(STREAM_OS_BSD, 4, "YYYYYY"), "abcdXXXXYY");
}
END_TEST

START_TEST(test_solaris_takes_a_segment_that_runs_past_the_held_one)
{
	ck_assert_str_eq(resolve(STREAM_OS_SOLARIS, 6, "YYYY"), "abcdXXYYYY");
}
END_TEST

START_TEST(test_windows_keeps_held_bytes_for_a_segment_inside_it)
{
	ck_assert_str_eq(resolve(STREAM_OS_WINDOWS, 6, "YYYY"), "abcdXXXXYY");
}
END_TEST

START_TEST(test_old_linux_takes_the_exact_same_segment)
{
	ck_assert_str_eq(resolve(STREAM_OS_OLD_LINUX, 4, "YYYY"), "abcdYYYY");
}
END_TEST

START_TEST(test_vista_keeps_held_bytes_for_a_segment_that_starts_before)
{
	ck_assert_str_eq(resolve(STREAM_OS_VISTA, 3, "YYYYY"), "abcYXXXX");
}
END_TEST

/* The gap filler itself overlaps held bytes: in-order data is resolved
 * against them as well. */
START_TEST(test_gap_filler_over_held_bytes_follows_the_policy)
{
	ck_assert_str_eq(resolve(STREAM_OS_LAST, 2, "YYYYYY"), "abcdYYYY");
}
END_TEST

Suite *
stream_policy_suite(void)
{
	Suite *s = suite_create("stream_policy");
	TCase *tc = tcase_create("table");

	tcase_add_test(tc, test_policy_table_matches_the_stacks);
	tcase_add_test(tc, test_every_policy_has_a_name_that_looks_up);
	suite_add_tcase(s, tc);
	tc = tcase_create("streams");
	tcase_add_checked_fixture(tc, tstream_setup, tstream_teardown);
	tcase_add_test(tc, test_bsd_takes_a_segment_that_starts_before);
	tcase_add_test(tc, test_first_keeps_the_held_bytes);
	tcase_add_test(tc, test_last_takes_the_new_bytes);
	tcase_add_test(tc, test_linux_takes_a_longer_segment_at_the_same_start);
	tcase_add_test(tc,
	    test_bsd_keeps_held_bytes_for_a_longer_segment_at_the_same_start);
	tcase_add_test(tc,
	    test_solaris_takes_a_segment_that_runs_past_the_held_one);
	tcase_add_test(tc, test_windows_keeps_held_bytes_for_a_segment_inside_it);
	tcase_add_test(tc, test_old_linux_takes_the_exact_same_segment);
	tcase_add_test(tc,
	    test_vista_keeps_held_bytes_for_a_segment_that_starts_before);
	tcase_add_test(tc, test_gap_filler_over_held_bytes_follows_the_policy);
	suite_add_tcase(s, tc);
	return s;
}
