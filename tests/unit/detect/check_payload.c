/* Unit tests of the buffer keywords of lib/detect: content and its
 * modifiers, relative chains and backtracking, isdataat, pcre,
 * byte_test, byte_jump, byte_extract and dsize, each against hand-built
 * TCP packets through the engine's public API. */
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

static bool	hit(const char *, const void *, size_t);
static bool	hits(const char *, const char *);
static Suite	*payload_suite(void);


/* Whether a fresh engine of the one rule alerts on a TCP packet
 * 10.0.0.1:1000 -> 10.0.0.2:80 carrying payload[0..len). */
static bool
hit(const char *rule, const void *payload, size_t len)
{
	struct packet p;

	memset(&p, 0, sizeof(p));
	p.src = harness_ip("10.0.0.1");
	p.dst = harness_ip("10.0.0.2");
	p.ip_version = 4;
	p.proto = IPPROTO_TCP;
	p.l4_valid = true;
	p.sport = 1000;
	p.dport = 80;
	p.payload = payload;
	p.payload_len = (uint32_t)len;
	harness_engine(rule);
	detect_packet(harness_dt, &p, &harness_res);
	return harness_res.nalerts == 1;
}

static bool
hits(const char *rule, const char *payload)
{
	return hit(rule, payload, strlen(payload));
}

#define R(opts)	"alert tcp any any -> any any (" opts " sid:1;)"

/* --- content modifiers --- */

START_TEST(test_nocase_content_matches_another_case)
{
	ck_assert(hits(R("content:\"EvIl\"; nocase;"), "an eViL payload"));
}
END_TEST

START_TEST(test_nocase_content_still_needs_the_bytes)
{
	ck_assert(!hits(R("content:\"evil\"; nocase;"), "an evi1 payload"));
}
END_TEST

START_TEST(test_content_ending_at_depth_matches)
{
	ck_assert(hits(R("content:\"abc\"; depth:5;"), "..abc..."));
}
END_TEST

START_TEST(test_content_ending_past_depth_does_not_match)
{
	ck_assert(!hits(R("content:\"abc\"; depth:4;"), "..abc..."));
}
END_TEST

START_TEST(test_content_starting_at_offset_matches)
{
	ck_assert(hits(R("content:\"abc\"; offset:2;"), "..abc..."));
}
END_TEST

START_TEST(test_content_before_offset_does_not_match)
{
	ck_assert(!hits(R("content:\"abc\"; offset:3;"), "..abc..."));
}
END_TEST

START_TEST(test_depth_counts_from_offset)
{
	ck_assert(hits(R("content:\"abc\"; offset:4; depth:3;"),
	    "abc.abc"));
}
END_TEST

START_TEST(test_offset_and_depth_window_excludes_later_content)
{
	ck_assert(!hits(R("content:\"abc\"; offset:1; depth:4;"),
	    "abc..abc"));
}
END_TEST

START_TEST(test_distance_skips_bytes_after_the_previous_match)
{
	ck_assert(hits(R("content:\"ab\"; content:\"cd\"; distance:2;"),
	    "ab..cd"));
}
END_TEST

START_TEST(test_content_closer_than_distance_does_not_match)
{
	ck_assert(!hits(R("content:\"ab\"; content:\"cd\"; distance:3;"),
	    "ab..cd"));
}
END_TEST

START_TEST(test_negative_distance_reaches_back)
{
	ck_assert(hits(R("content:\"cd\"; content:\"bc\"; distance:-3;"),
	    "abcd"));
}
END_TEST

START_TEST(test_content_ending_at_within_matches)
{
	ck_assert(hits(R("content:\"ab\"; content:\"cd\"; within:4;"),
	    "ab..cd"));
}
END_TEST

START_TEST(test_content_ending_past_within_does_not_match)
{
	ck_assert(!hits(R("content:\"ab\"; content:\"cd\"; within:3;"),
	    "ab..cd"));
}
END_TEST

START_TEST(test_distance_and_within_make_a_window)
{
	ck_assert(hits(R("content:\"a\"; content:\"b\"; distance:2; "
	    "within:1;"), "a..b"));
}
END_TEST

START_TEST(test_relative_content_is_not_found_before_the_previous_match)
{
	ck_assert(!hits(R("content:\"b\"; content:\"a\"; distance:0;"),
	    "ab"));
}
END_TEST

START_TEST(test_relative_chain_retries_a_later_occurrence)
{
	/* the first "a" has no "c" right after; the second has */
	ck_assert(hits(R("content:\"a\"; content:\"c\"; distance:1; "
	    "within:1;"), "ab.....a_c"));
}
END_TEST

START_TEST(test_relative_chain_fails_when_no_occurrence_fits)
{
	ck_assert(!hits(R("content:\"a\"; content:\"c\"; distance:1; "
	    "within:1;"), "ab.....a_d.a"));
}
END_TEST

START_TEST(test_three_content_chain_backtracks_twice)
{
	ck_assert(hits(R("content:\"x\"; content:\"y\"; within:2; "
	    "content:\"z\"; within:1;"), "x.y.x.yq.xyz"));
}
END_TEST

START_TEST(test_startswith_matches_content_at_the_start)
{
	ck_assert(hits(R("content:\"GET\"; startswith;"), "GET / HTTP/1.0"));
}
END_TEST

START_TEST(test_startswith_fails_for_content_further_in)
{
	ck_assert(!hits(R("content:\"GET\"; startswith;"), " GET /"));
}
END_TEST

START_TEST(test_endswith_matches_content_at_the_end)
{
	ck_assert(hits(R("content:\"|0d 0a|\"; endswith;"), "x\r\n"));
}
END_TEST

START_TEST(test_endswith_fails_for_content_earlier)
{
	ck_assert(!hits(R("content:\"ab\"; endswith;"), "ab."));
}
END_TEST

START_TEST(test_endswith_finds_the_last_of_repeated_content)
{
	ck_assert(hits(R("content:\"ab\"; endswith;"), "ab.ab"));
}
END_TEST

START_TEST(test_negated_relative_content_looks_only_in_its_window)
{
	ck_assert(hits(R("content:\"a\"; content:!\"b\"; distance:0; "
	    "within:2;"), "a..b"));
}
END_TEST

START_TEST(test_negated_relative_content_fails_inside_its_window)
{
	ck_assert(!hits(R("content:\"a\"; content:!\"b\"; distance:0; "
	    "within:3;"), "a.b"));
}
END_TEST

START_TEST(test_hex_and_text_mix_in_one_content)
{
	ck_assert(hit(R("content:\"A|00 ff|B\";"), "xA\x00\xff" "B", 5));
}
END_TEST

START_TEST(test_depth_may_come_from_byte_extract)
{
	/* byte 0 says the pattern must end within 4 bytes */
	ck_assert(hits(R("byte_extract:1,0,lim,string; content:\"ab\"; "
	    "depth:lim;"), "4ab.."));
}
END_TEST

START_TEST(test_depth_from_byte_extract_is_enforced)
{
	ck_assert(!hits(R("byte_extract:1,0,lim,string; content:\"ab\"; "
	    "depth:lim;"), "2.ab.."));
}
END_TEST

START_TEST(test_fast_pattern_only_content_still_matches)
{
	ck_assert(hits(R("content:\"needle\"; fast_pattern:only;"),
	    "hay needle hay"));
}
END_TEST

START_TEST(test_fast_pattern_chop_still_needs_the_whole_content)
{
	ck_assert(!hits(R("content:\"abcdef\"; fast_pattern:1,3;"),
	    "xbcdx"));
}
END_TEST

START_TEST(test_fast_pattern_chop_matches_the_whole_content)
{
	ck_assert(hits(R("content:\"abcdef\"; fast_pattern:1,3;"),
	    "xabcdefx"));
}
END_TEST

START_TEST(test_rawbytes_changes_nothing)
{
	ck_assert(hits(R("content:\"x\"; rawbytes;"), "x"));
}
END_TEST

START_TEST(test_pkt_data_inspects_the_payload)
{
	ck_assert(hits(R("pkt_data; content:\"x\";"), "x"));
}
END_TEST

START_TEST(test_buffer_keywords_never_match_an_empty_payload)
{
	ck_assert(!hit(R("content:!\"x\";"), NULL, 0));
}
END_TEST

/* --- isdataat --- */

START_TEST(test_isdataat_matches_an_offset_inside_the_payload)
{
	ck_assert(hits(R("isdataat:3;"), "abcd"));
}
END_TEST

START_TEST(test_isdataat_fails_at_the_payload_length)
{
	ck_assert(!hits(R("isdataat:4;"), "abcd"));
}
END_TEST

START_TEST(test_negated_isdataat_matches_a_short_payload)
{
	ck_assert(hits(R("isdataat:!4;"), "abcd"));
}
END_TEST

START_TEST(test_relative_isdataat_counts_from_the_previous_match)
{
	ck_assert(hits(R("content:\"ab\"; isdataat:2,relative;"), "abcd"));
}
END_TEST

START_TEST(test_relative_isdataat_fails_without_enough_data_after)
{
	ck_assert(!hits(R("content:\"ab\"; isdataat:3,relative;"), "abcd"));
}
END_TEST

START_TEST(test_negated_relative_isdataat_matches_at_the_end)
{
	ck_assert(hits(R("content:\"cd\"; isdataat:!1,relative;"), "abcd"));
}
END_TEST

/* --- pcre --- */

START_TEST(test_pcre_matches_its_regex)
{
	ck_assert(hits(R("pcre:\"/user=[a-z]+\\d{2}/\";"), "?user=bob42&"));
}
END_TEST

START_TEST(test_pcre_without_a_match_fails)
{
	ck_assert(!hits(R("pcre:\"/user=[a-z]+\\d{2}/\";"), "?user=bob4&"));
}
END_TEST

START_TEST(test_pcre_i_flag_ignores_case)
{
	ck_assert(hits(R("pcre:\"/select.+from/i\";"), "SELECT * FROM t"));
}
END_TEST

START_TEST(test_pcre_is_case_sensitive_by_default)
{
	ck_assert(!hits(R("pcre:\"/select/\";"), "SELECT"));
}
END_TEST

START_TEST(test_pcre_s_flag_lets_dot_match_newline)
{
	ck_assert(hits(R("pcre:\"/a.b/s\";"), "a\nb"));
}
END_TEST

START_TEST(test_pcre_dot_stops_at_newline_by_default)
{
	ck_assert(!hits(R("pcre:\"/a.b/\";"), "a\nb"));
}
END_TEST

START_TEST(test_pcre_m_flag_anchors_at_each_line)
{
	ck_assert(hits(R("pcre:\"/^Host/m\";"), "GET /\r\nHost: x"));
}
END_TEST

START_TEST(test_pcre_relative_starts_after_the_previous_match)
{
	ck_assert(hits(R("content:\"key\"; pcre:\"/^=\\d+/R\";"),
	    "key=123"));
}
END_TEST

START_TEST(test_pcre_relative_does_not_look_before_the_previous_match)
{
	ck_assert(!hits(R("content:\"key\"; pcre:\"/\\d/R\";"), "1key"));
}
END_TEST

START_TEST(test_negated_pcre_matches_when_absent)
{
	ck_assert(hits(R("content:\"a\"; pcre:!\"/\\d/\";"), "abc"));
}
END_TEST

START_TEST(test_negated_pcre_fails_when_present)
{
	ck_assert(!hits(R("content:\"a\"; pcre:!\"/\\d/\";"), "a1c"));
}
END_TEST

START_TEST(test_content_after_pcre_is_relative_to_its_end)
{
	ck_assert(hits(R("pcre:\"/a+/\"; content:\"b\"; within:1;"),
	    "xaaab"));
}
END_TEST

START_TEST(test_pcre_backtracks_to_a_later_match)
{
	ck_assert(hits(R("pcre:\"/a\\d/\"; content:\"z\"; within:1;"),
	    "a1x a2z"));
}
END_TEST

START_TEST(test_pcre_escaped_semicolon_and_quote_are_literal)
{
	ck_assert(hits(R("pcre:\"/a\\;b\\\"c/\";"), "a;b\"c"));
}
END_TEST

START_TEST(test_pcre_hitting_its_match_limit_does_not_match)
{
	struct detect_stats st;
	char payload[64];

	memset(payload, 'a', sizeof(payload) - 2);
	payload[sizeof(payload) - 2] = '!';
	payload[sizeof(payload) - 1] = '\0';
	ck_assert(!hits(R("pcre:\"/^(a+)+$/\";"), payload));
	detect_thread_stats(harness_dt, &st);
	ck_assert_uint_eq(st.pcre_limit, 1);
}
END_TEST

/* --- byte_test --- */

START_TEST(test_byte_test_reads_big_endian)
{
	ck_assert(hit(R("byte_test:2,=,258,1;"), "\x00\x01\x02\x00", 4));
}
END_TEST

START_TEST(test_byte_test_reads_little_endian)
{
	ck_assert(hit(R("byte_test:2,=,513,1,little;"), "\x00\x01\x02\x00",
	    4));
}
END_TEST

START_TEST(test_byte_test_greater_than_fails_on_equal)
{
	ck_assert(!hit(R("byte_test:1,>,5,0;"), "\x05", 1));
}
END_TEST

START_TEST(test_byte_test_less_or_equal_matches_equal)
{
	ck_assert(hit(R("byte_test:1,<=,5,0;"), "\x05", 1));
}
END_TEST

START_TEST(test_byte_test_and_matches_a_common_bit)
{
	ck_assert(hit(R("byte_test:1,&,0x80,0;"), "\x81", 1));
}
END_TEST

START_TEST(test_byte_test_negated_and_matches_without_the_bit)
{
	ck_assert(hit(R("byte_test:1,!&,0x80,0;"), "\x01", 1));
}
END_TEST

START_TEST(test_byte_test_reads_decimal_strings)
{
	ck_assert(hits(R("byte_test:3,>,99,4,string,dec;"), "len=120;"));
}
END_TEST

START_TEST(test_byte_test_reads_hex_strings)
{
	ck_assert(hits(R("byte_test:2,=,255,0,string,hex;"), "ff"));
}
END_TEST

START_TEST(test_byte_test_string_without_digits_fails)
{
	ck_assert(!hits(R("byte_test:2,<,10,0,string,dec;"), "xy"));
}
END_TEST

START_TEST(test_byte_test_relative_reads_after_the_previous_match)
{
	ck_assert(hit(R("content:\"T\"; byte_test:1,=,7,0,relative;"),
	    "\x07T\x07", 3));
}
END_TEST

START_TEST(test_byte_test_past_the_end_fails)
{
	ck_assert(!hit(R("byte_test:4,>,0,1;"), "\x01\x02\x03\x04", 4));
}
END_TEST

START_TEST(test_byte_test_bitmask_masks_and_shifts)
{
	/* 0x3c & 0xf0 = 0x30, shifted by 4: 3 */
	ck_assert(hit(R("byte_test:1,=,3,0,bitmask 0xf0;"), "\x3c", 1));
}
END_TEST

START_TEST(test_byte_test_compares_with_a_byte_extract_variable)
{
	ck_assert(hit(R("byte_extract:1,0,n; byte_test:1,=,n,1;"),
	    "\x09\x09", 2));
}
END_TEST

START_TEST(test_byte_test_count_0_string_reads_the_number_there)
{
	ck_assert(hits(R("content:\"A\"; byte_test:0,=,12,0,relative,string,"
	    "dec;"), "A12a"));
	ck_assert(hits(R("content:\"A\"; byte_test:0,=,123,0,relative,string,"
	    "dec;"), "A123"));
}
END_TEST

START_TEST(test_byte_test_count_0_string_without_digits_fails)
{
	ck_assert(!hits(R("content:\"A\"; byte_test:0,<,10,0,relative,string,"
	    "dec;"), "Axy"));
}
END_TEST

START_TEST(test_byte_test_count_0_binary_reads_zero)
{
	ck_assert(hits(R("content:\"A\"; byte_test:0,=,0,0,relative;"),
	    "Ax"));
}
END_TEST

START_TEST(test_byte_test_count_0_at_the_end_fails)
{
	ck_assert(!hits(R("content:\"A\"; byte_test:0,=,0,0,relative;"),
	    "xA"));
}
END_TEST

/* --- byte_math --- */

START_TEST(test_byte_math_moves_the_cursor_past_the_bytes_read)
{
	ck_assert(hits(R("content:\"A\"; byte_math:bytes 1, offset 0, oper +, "
	    "rvalue 1, result r, relative; content:\"B\"; within:1;"), "AxB"));
}
END_TEST

START_TEST(test_byte_math_shift_result_feeds_byte_test)
{
	ck_assert(hit(R("byte_math:bytes 1, offset 0, oper >>, rvalue 1, "
	    "result r; byte_test:1,=,r,1;"), "\x40\x20", 2));
}
END_TEST

START_TEST(test_byte_math_string_times_rvalue)
{
	ck_assert(hit(R("byte_math:bytes 2, offset 1, oper *, rvalue 3, "
	    "result r, string dec; byte_test:1,=,r,0,relative;"), "x12\x24",
	    4));
}
END_TEST

START_TEST(test_byte_math_bytes_and_rvalue_from_variables)
{
	ck_assert(hit(R("byte_extract:1,0,n; byte_math:bytes n, offset 1, "
	    "oper +, rvalue 0, result r; byte_test:2,=,r,1;"), "\x02\x01\x02",
	    3));
	ck_assert(hit(R("byte_extract:1,0,n; byte_math:bytes 1, offset 1, "
	    "oper -, rvalue n, result r; byte_test:1,=,r,2;"), "\x01\x05\x04",
	    3));
}
END_TEST

START_TEST(test_byte_math_division_by_zero_does_not_match)
{
	ck_assert(!hit(R("byte_math:bytes 1, offset 0, oper /, rvalue 0, "
	    "result r;"), "\x08", 1));
}
END_TEST

START_TEST(test_byte_math_bitmask_and_little_endian)
{
	ck_assert(hit(R("byte_math:bytes 1, offset 0, oper +, rvalue 0, "
	    "result r, bitmask 0xf0; byte_test:1,=,r,2;"), "\x30\x11\x03", 3));
	ck_assert(hit(R("byte_math:bytes 2, offset 0, oper +, rvalue 1, "
	    "result r, endian little; byte_test:2,=,r,2,little;"),
	    "\x01\x02\x02\x02", 4));
}
END_TEST

/* --- byte_jump --- */

START_TEST(test_byte_jump_count_0_stays_put_even_at_the_end)
{
	ck_assert(hits(R("content:\"A\"; byte_jump:0,0,relative,"
	    "post_offset -1; content:\"A\"; within:1;"), "xA"));
}
END_TEST

START_TEST(test_byte_jump_count_0_string_skips_the_digits_and_value)
{
	/* after "A": "2" read (1 byte), then 2 more: "Z" */
	ck_assert(hits(R("content:\"A\"; byte_jump:0,0,relative,string,dec; "
	    "content:\"Z\"; within:1;"), "A2xyZ"));
}
END_TEST

START_TEST(test_byte_jump_moves_the_cursor_by_the_value)
{
	/* length 2 at offset 0, then skip 2: "cd" right after */
	ck_assert(hit(R("byte_jump:1,0; content:\"cd\"; within:2;"),
	    "\x02" "abcd", 5));
}
END_TEST

START_TEST(test_byte_jump_lands_before_misplaced_content)
{
	ck_assert(!hit(R("byte_jump:1,0; content:\"ab\"; within:2;"),
	    "\x02" "abcd", 5));
}
END_TEST

START_TEST(test_byte_jump_past_the_end_fails)
{
	ck_assert(!hit(R("byte_jump:1,0;"), "\x09" "ab", 3));
}
END_TEST

START_TEST(test_byte_jump_to_the_exact_end_matches)
{
	ck_assert(hit(R("byte_jump:1,0; isdataat:!1,relative;"), "\x02" "ab",
	    3));
}
END_TEST

START_TEST(test_byte_jump_from_beginning_counts_from_the_start)
{
	ck_assert(hit(R("byte_jump:1,0,from_beginning; content:\"x\"; "
	    "within:1;"), "\x03" "abx", 4));
}
END_TEST

START_TEST(test_byte_jump_multiplier_and_align_round_up)
{
	/* 1 * 3 = 3, aligned to 4: lands at 1 + 4 = 5 */
	ck_assert(hit(R("byte_jump:1,0,multiplier 3,align; content:\"Z\"; "
	    "within:1;"), "\x01...." "Z", 6));
}
END_TEST

START_TEST(test_byte_jump_post_offset_adjusts_the_landing)
{
	ck_assert(hit(R("byte_jump:1,0,post_offset -1; content:\"b\"; "
	    "within:1;"), "\x02" "ab", 3));
}
END_TEST

START_TEST(test_byte_jump_relative_reads_after_the_previous_match)
{
	ck_assert(hit(R("content:\"L\"; byte_jump:1,0,relative; "
	    "content:\"!\"; within:1;"), "L\x01.!", 4));
}
END_TEST

/* --- byte_extract --- */

START_TEST(test_byte_extract_feeds_a_relative_distance)
{
	ck_assert(hit(R("content:\"N\"; byte_extract:1,0,skip,relative; "
	    "content:\"x\"; distance:skip; within:1;"), "N\x03...x", 6));
}
END_TEST

START_TEST(test_byte_extract_distance_is_enforced)
{
	ck_assert(!hit(R("content:\"N\"; byte_extract:1,0,skip,relative; "
	    "content:\"x\"; distance:skip; within:1;"), "N\x02...x", 6));
}
END_TEST

START_TEST(test_byte_extract_moves_the_cursor_past_its_bytes)
{
	ck_assert(hit(R("byte_extract:2,0,v; content:\"q\"; within:1;"),
	    "\x00\x01q", 3));
}
END_TEST

START_TEST(test_byte_extract_past_the_end_fails)
{
	ck_assert(!hit(R("byte_extract:4,0,v;"), "\x01\x02", 2));
}
END_TEST

START_TEST(test_byte_extract_multiplier_scales_the_value)
{
	ck_assert(hit(R("byte_extract:1,0,v,multiplier 4; "
	    "byte_test:1,=,v,1;"), "\x02\x08", 2));
}
END_TEST

/* --- dsize --- */

START_TEST(test_dsize_matches_the_exact_size)
{
	ck_assert(hits(R("dsize:3;"), "abc"));
}
END_TEST

START_TEST(test_dsize_fails_on_another_size)
{
	ck_assert(!hits(R("dsize:3;"), "abcd"));
}
END_TEST

START_TEST(test_dsize_range_excludes_its_ends)
{
	ck_assert(!hits(R("dsize:3<>5;"), "abc"));
}
END_TEST

START_TEST(test_dsize_range_matches_inside)
{
	ck_assert(hits(R("dsize:3<>5;"), "abcd"));
}
END_TEST

START_TEST(test_dsize_greater_than_matches_larger_payloads)
{
	ck_assert(hits(R("dsize:>2;"), "abc"));
}
END_TEST

START_TEST(test_dsize_zero_matches_a_packet_without_payload)
{
	ck_assert(hit(R("dsize:0;"), NULL, 0));
}
END_TEST

static Suite *
payload_suite(void)
{
	Suite *s = suite_create("payload");
	TCase *content = tcase_create("content");
	TCase *isdataat = tcase_create("isdataat");
	TCase *pcre = tcase_create("pcre");
	TCase *bytes = tcase_create("bytes");
	TCase *dsize = tcase_create("dsize");

	tcase_add_checked_fixture(content, harness_setup, harness_teardown);
	tcase_add_test(content, test_nocase_content_matches_another_case);
	tcase_add_test(content, test_nocase_content_still_needs_the_bytes);
	tcase_add_test(content, test_content_ending_at_depth_matches);
	tcase_add_test(content, test_content_ending_past_depth_does_not_match);
	tcase_add_test(content, test_content_starting_at_offset_matches);
	tcase_add_test(content, test_content_before_offset_does_not_match);
	tcase_add_test(content, test_depth_counts_from_offset);
	tcase_add_test(content,
	    test_offset_and_depth_window_excludes_later_content);
	tcase_add_test(content,
	    test_distance_skips_bytes_after_the_previous_match);
	tcase_add_test(content,
	    test_content_closer_than_distance_does_not_match);
	tcase_add_test(content, test_negative_distance_reaches_back);
	tcase_add_test(content, test_content_ending_at_within_matches);
	tcase_add_test(content,
	    test_content_ending_past_within_does_not_match);
	tcase_add_test(content, test_distance_and_within_make_a_window);
	tcase_add_test(content,
	    test_relative_content_is_not_found_before_the_previous_match);
	tcase_add_test(content,
	    test_relative_chain_retries_a_later_occurrence);
	tcase_add_test(content,
	    test_relative_chain_fails_when_no_occurrence_fits);
	tcase_add_test(content, test_three_content_chain_backtracks_twice);
	tcase_add_test(content,
	    test_startswith_matches_content_at_the_start);
	tcase_add_test(content, test_startswith_fails_for_content_further_in);
	tcase_add_test(content, test_endswith_matches_content_at_the_end);
	tcase_add_test(content, test_endswith_fails_for_content_earlier);
	tcase_add_test(content,
	    test_endswith_finds_the_last_of_repeated_content);
	tcase_add_test(content,
	    test_negated_relative_content_looks_only_in_its_window);
	tcase_add_test(content,
	    test_negated_relative_content_fails_inside_its_window);
	tcase_add_test(content, test_hex_and_text_mix_in_one_content);
	tcase_add_test(content, test_depth_may_come_from_byte_extract);
	tcase_add_test(content, test_depth_from_byte_extract_is_enforced);
	tcase_add_test(content,
	    test_fast_pattern_only_content_still_matches);
	tcase_add_test(content,
	    test_fast_pattern_chop_still_needs_the_whole_content);
	tcase_add_test(content,
	    test_fast_pattern_chop_matches_the_whole_content);
	tcase_add_test(content, test_rawbytes_changes_nothing);
	tcase_add_test(content, test_pkt_data_inspects_the_payload);
	tcase_add_test(content,
	    test_buffer_keywords_never_match_an_empty_payload);

	tcase_add_checked_fixture(isdataat, harness_setup, harness_teardown);
	tcase_add_test(isdataat,
	    test_isdataat_matches_an_offset_inside_the_payload);
	tcase_add_test(isdataat, test_isdataat_fails_at_the_payload_length);
	tcase_add_test(isdataat, test_negated_isdataat_matches_a_short_payload);
	tcase_add_test(isdataat,
	    test_relative_isdataat_counts_from_the_previous_match);
	tcase_add_test(isdataat,
	    test_relative_isdataat_fails_without_enough_data_after);
	tcase_add_test(isdataat,
	    test_negated_relative_isdataat_matches_at_the_end);

	tcase_add_checked_fixture(pcre, harness_setup, harness_teardown);
	tcase_add_test(pcre, test_pcre_matches_its_regex);
	tcase_add_test(pcre, test_pcre_without_a_match_fails);
	tcase_add_test(pcre, test_pcre_i_flag_ignores_case);
	tcase_add_test(pcre, test_pcre_is_case_sensitive_by_default);
	tcase_add_test(pcre, test_pcre_s_flag_lets_dot_match_newline);
	tcase_add_test(pcre, test_pcre_dot_stops_at_newline_by_default);
	tcase_add_test(pcre, test_pcre_m_flag_anchors_at_each_line);
	tcase_add_test(pcre,
	    test_pcre_relative_starts_after_the_previous_match);
	tcase_add_test(pcre,
	    test_pcre_relative_does_not_look_before_the_previous_match);
	tcase_add_test(pcre, test_negated_pcre_matches_when_absent);
	tcase_add_test(pcre, test_negated_pcre_fails_when_present);
	tcase_add_test(pcre, test_content_after_pcre_is_relative_to_its_end);
	tcase_add_test(pcre, test_pcre_backtracks_to_a_later_match);
	tcase_add_test(pcre,
	    test_pcre_escaped_semicolon_and_quote_are_literal);
	tcase_add_test(pcre,
	    test_pcre_hitting_its_match_limit_does_not_match);

	tcase_add_checked_fixture(bytes, harness_setup, harness_teardown);
	tcase_add_test(bytes, test_byte_test_reads_big_endian);
	tcase_add_test(bytes, test_byte_test_reads_little_endian);
	tcase_add_test(bytes, test_byte_test_greater_than_fails_on_equal);
	tcase_add_test(bytes, test_byte_test_less_or_equal_matches_equal);
	tcase_add_test(bytes, test_byte_test_and_matches_a_common_bit);
	tcase_add_test(bytes,
	    test_byte_test_negated_and_matches_without_the_bit);
	tcase_add_test(bytes, test_byte_test_reads_decimal_strings);
	tcase_add_test(bytes, test_byte_test_reads_hex_strings);
	tcase_add_test(bytes, test_byte_test_string_without_digits_fails);
	tcase_add_test(bytes,
	    test_byte_test_relative_reads_after_the_previous_match);
	tcase_add_test(bytes, test_byte_test_past_the_end_fails);
	tcase_add_test(bytes, test_byte_test_bitmask_masks_and_shifts);
	tcase_add_test(bytes,
	    test_byte_test_compares_with_a_byte_extract_variable);
	tcase_add_test(bytes, test_byte_jump_moves_the_cursor_by_the_value);
	tcase_add_test(bytes, test_byte_jump_lands_before_misplaced_content);
	tcase_add_test(bytes, test_byte_jump_past_the_end_fails);
	tcase_add_test(bytes, test_byte_jump_to_the_exact_end_matches);
	tcase_add_test(bytes,
	    test_byte_jump_from_beginning_counts_from_the_start);
	tcase_add_test(bytes, test_byte_jump_multiplier_and_align_round_up);
	tcase_add_test(bytes, test_byte_jump_post_offset_adjusts_the_landing);
	tcase_add_test(bytes,
	    test_byte_math_moves_the_cursor_past_the_bytes_read);
	tcase_add_test(bytes, test_byte_math_shift_result_feeds_byte_test);
	tcase_add_test(bytes, test_byte_math_string_times_rvalue);
	tcase_add_test(bytes, test_byte_math_bytes_and_rvalue_from_variables);
	tcase_add_test(bytes, test_byte_math_division_by_zero_does_not_match);
	tcase_add_test(bytes, test_byte_math_bitmask_and_little_endian);
	tcase_add_test(bytes,
	    test_byte_test_count_0_string_reads_the_number_there);
	tcase_add_test(bytes, test_byte_test_count_0_string_without_digits_fails);
	tcase_add_test(bytes, test_byte_test_count_0_binary_reads_zero);
	tcase_add_test(bytes, test_byte_test_count_0_at_the_end_fails);
	tcase_add_test(bytes, test_byte_jump_count_0_stays_put_even_at_the_end);
	tcase_add_test(bytes,
	    test_byte_jump_count_0_string_skips_the_digits_and_value);
	tcase_add_test(bytes,
	    test_byte_jump_relative_reads_after_the_previous_match);
	tcase_add_test(bytes, test_byte_extract_feeds_a_relative_distance);
	tcase_add_test(bytes, test_byte_extract_distance_is_enforced);
	tcase_add_test(bytes,
	    test_byte_extract_moves_the_cursor_past_its_bytes);
	tcase_add_test(bytes, test_byte_extract_past_the_end_fails);
	tcase_add_test(bytes, test_byte_extract_multiplier_scales_the_value);

	tcase_add_checked_fixture(dsize, harness_setup, harness_teardown);
	tcase_add_test(dsize, test_dsize_matches_the_exact_size);
	tcase_add_test(dsize, test_dsize_fails_on_another_size);
	tcase_add_test(dsize, test_dsize_range_excludes_its_ends);
	tcase_add_test(dsize, test_dsize_range_matches_inside);
	tcase_add_test(dsize, test_dsize_greater_than_matches_larger_payloads);
	tcase_add_test(dsize,
	    test_dsize_zero_matches_a_packet_without_payload);

	suite_add_tcase(s, content);
	suite_add_tcase(s, isdataat);
	suite_add_tcase(s, pcre);
	suite_add_tcase(s, bytes);
	suite_add_tcase(s, dsize);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(payload_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
