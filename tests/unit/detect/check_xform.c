/* Unit tests of the transforms (lib/detect/keywords: dotprefix,
 * strip_whitespace, compress_whitespace, to_lowercase, to_uppercase,
 * url_decode, to_md5, to_sha1, to_sha256, header_lowercase,
 * strip_pseudo_headers, xor, pcrexform) and of their rule syntax
 * (lib/detect/xform.c): each transform on the vectors of Suricata's own
 * unit tests and a few edge cases of ours, then what Suricata 7.0.6
 * accepts and rejects in rules. Engine-level behaviour (prefilters per
 * transform chain, thread scratch) is in check_engine. */
#include "core/base.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/diag.h"
#include "detect/keywords/keyword.h"
#include "detect/keywords/registry.h"
#include "rules/ruleset.h"

static Suite	*xform_suite(void);
static const struct keyword *kw(const char *);
static void	*rule_xform_data(const char *, const char *);
static void	expect(const char *, const void *, const char *, size_t,
		    const char *, size_t);
static size_t	load_errors(const char *);

static struct ruleset *held_rs;
static struct rule **held;
static size_t nheld;

static void
held_free(void)
{
	for (size_t i = 0; i < nheld; i++)
		rules_rule_free(held[i]);
	free(held);
	rules_ruleset_free(held_rs);
	held = NULL;
	held_rs = NULL;
	nheld = 0;
}

static const struct keyword *
kw(const char *name)
{
	const struct keyword *k = detect_keywords_registry_lookup(name,
	    strlen(name));

	ck_assert_ptr_nonnull(k);
	ck_assert_ptr_nonnull(k->xform);
	return k;
}

/* Applies transform name (data: its parsed value or NULL) to in[0..len)
 * and checks the output is want[0..wlen). */
static void
expect(const char *name, const void *data, const char *in, size_t len,
    const char *want, size_t wlen)
{
	const struct keyword *k = kw(name);
	uint32_t room = k->xform_room(data, (uint32_t)len);
	uint8_t *out = malloc(room + 1);
	void *scratch = k->thread_new != NULL ? k->thread_new() : NULL;
	uint32_t n;

	ck_assert_ptr_nonnull(out);
	n = k->xform(data, (const uint8_t *)in, (uint32_t)len, out, scratch);
	ck_assert_uint_le(n, room);
	ck_assert_uint_eq(n, wlen);
	ck_assert_mem_eq(out, want, wlen);
	if (scratch != NULL)
		k->thread_free(scratch);
	free(out);
}

/* The parsed value of the transform of a one-rule file: the rule stays
 * loaded until the test's teardown. */
static void *
rule_xform_data(const char *rule, const char *name)
{
	struct diag_list dl;

	diag_list_init(&dl);
	held_rs = rules_ruleset_new();
	ck_assert_int_eq(rules_load_string(held_rs, "t.rules", rule, NULL,
	    &dl), 0);
	ck_assert_uint_eq(dl.count, 0);
	diag_list_free(&dl);
	rules_ruleset_take(held_rs, &held, &nheld);
	ck_assert_uint_eq(nheld, 1);
	for (size_t c = 0; c < held[0]->nxchains; c++)
		for (size_t i = 0; i < held[0]->xchains[c].n; i++)
			if (strcmp(held[0]->xchains[c].xforms[i].kw->name,
			    name) == 0)
				return held[0]->xchains[c].xforms[i].data;
	ck_abort_msg("no %s in the rule", name);
	return NULL;
}

/* Errors loading rules (each rule one line). */
static size_t
load_errors(const char *rules)
{
	struct ruleset *rs = rules_ruleset_new();
	struct diag_list dl;
	size_t n;

	diag_list_init(&dl);
	(void)rules_load_string(rs, "t.rules", rules, NULL, &dl);
	n = dl.errors;
	diag_list_free(&dl);
	rules_ruleset_free(rs);
	return n;
}

#define S(x)	x, sizeof(x) - 1

START_TEST(test_dotprefix_prefixes_a_dot)
{
	expect("dotprefix", NULL, S("google.com"), S(".google.com"));
}
END_TEST

START_TEST(test_strip_whitespace_removes_every_whitespace_byte)
{
	/* Suricata's DetectTransformStripWhitespaceTest01 */
	expect("strip_whitespace", NULL, S(" A B C D "), S("ABCD"));
	expect("strip_whitespace", NULL, S("a\t\r\n\v\fb"), S("ab"));
}
END_TEST

START_TEST(test_compress_whitespace_keeps_the_first_of_a_run)
{
	/* Suricata's DetectTransformCompressWhitespaceTest01 input */
	expect("compress_whitespace", NULL, S("  A   B C D  "),
	    S(" A B C D "));
	expect("compress_whitespace", NULL, S("a\t \r\nb"), S("a\tb"));
}
END_TEST

START_TEST(test_to_lowercase_changes_ascii_letters_only)
{
	expect("to_lowercase", NULL, S("ABCDEFGHIJKLMNOPQRSTUVWXYZ\xc4[@"),
	    S("abcdefghijklmnopqrstuvwxyz\xc4[@"));
}
END_TEST

START_TEST(test_to_uppercase_changes_ascii_letters_only)
{
	expect("to_uppercase", NULL, S("abcdefghijklmnopqrstuvwxyz\xe4`{"),
	    S("ABCDEFGHIJKLMNOPQRSTUVWXYZ\xe4`{"));
}
END_TEST

START_TEST(test_url_decode_decodes_percent_and_plus)
{
	/* Suricata's DetectTransformUrlDecodeTest01 */
	expect("url_decode", NULL,
	    S("Suricata%20is+%27%61wesome%21%27%25%30%30%ZZ%4"),
	    S("Suricata is 'awesome!'%00%ZZ%4"));
}
END_TEST

START_TEST(test_url_decode_leaves_a_percent_in_the_last_two_bytes)
{
	expect("url_decode", NULL, S("a%41"), S("aA"));
	expect("url_decode", NULL, S("a%4"), S("a%4"));
	expect("url_decode", NULL, S("%"), S("%"));
}
END_TEST

START_TEST(test_to_md5_is_the_raw_digest)
{
	/* RFC 1321 test suite: MD5("abc") */
	expect("to_md5", NULL, S("abc"),
	    S("\x90\x01\x50\x98\x3c\xd2\x4f\xb0\xd6\x96\x3f\x7d\x28\xe1\x7f"
	    "\x72"));
}
END_TEST

START_TEST(test_to_sha1_is_the_raw_digest)
{
	/* FIPS 180 example: SHA-1("abc") */
	expect("to_sha1", NULL, S("abc"),
	    S("\xa9\x99\x3e\x36\x47\x06\x81\x6a\xba\x3e\x25\x71\x78\x50\xc2"
	    "\x6c\x9c\xd0\xd8\x9d"));
}
END_TEST

START_TEST(test_to_sha256_is_the_raw_digest)
{
	/* FIPS 180 example: SHA-256("abc") */
	expect("to_sha256", NULL, S("abc"),
	    S("\xba\x78\x16\xbf\x8f\x01\xcf\xea\x41\x41\x40\xde\x5d\xae\x22"
	    "\x23\xb0\x03\x61\xa3\x96\x17\x7a\x9c\xb4\x10\xff\x61\xf2\x00\x15"
	    "\xad"));
}
END_TEST

START_TEST(test_header_lowercase_lowers_names_not_values)
{
	expect("header_lowercase", NULL,
	    S("Host: Example.COM\r\nAccept-Ranges: Bytes\r\nX-A:B\r\n"),
	    S("host: Example.COM\r\naccept-ranges: Bytes\r\nx-a:B\r\n"));
}
END_TEST

START_TEST(test_strip_pseudo_headers_removes_colon_lines)
{
	expect("strip_pseudo_headers", NULL,
	    S(":method: GET\r\n:path: /\r\nuser-agent: x\r\n:authority: a\r\n"
	    "accept: */*\r\n"),
	    S("user-agent: x\r\naccept: */*\r\n"));
	/* a line that is only a line end is no header */
	expect("strip_pseudo_headers", NULL, S("\r\n:a: b\r\nc: d"),
	    S("\r\nc: d"));
}
END_TEST

START_TEST(test_xor_repeats_the_key)
{
	/* Suricata's detect-xor case: "password=" under key 0d0ac8ff */
	void *k = rule_xform_data("alert tcp any any -> any any (tcp.hdr; "
	    "xor:\"0d0ac8ff\"; content:\"a\"; sid:1;)", "xor");

	expect("xor", k, S("password="), S("\x7d\x6b\xbb\x8c\x7a\x65\xba"
	    "\x9b\x30"));
	expect("xor", k, S("\x7d\x6b\xbb\x8c\x7a\x65\xba\x9b\x30"),
	    S("password="));
}
END_TEST

START_TEST(test_pcrexform_keeps_the_capture)
{
	/* Suricata's detect-pcrexform-01 case */
	void *px = rule_xform_data("alert tcp any any -> any any (tcp.hdr; "
	    "pcrexform:\"[a-zA-Z]+\\s+(.*)\\s+HTTP\"; content:\"a\"; sid:1;)",
	    "pcrexform");

	expect("pcrexform", px, S("GET /z4d4kWk.jpg HTTP/1.1"),
	    S("/z4d4kWk.jpg"));
}
END_TEST

START_TEST(test_pcrexform_without_a_match_leaves_the_buffer)
{
	void *px = rule_xform_data("alert tcp any any -> any any (tcp.hdr; "
	    "pcrexform:\"(NOPE)\"; content:\"a\"; sid:1;)", "pcrexform");

	/* Suricata 7.0.6 (checked on detect-pcrexform-01's capture) */
	expect("pcrexform", px, S("GET / HTTP/1.1"), S("GET / HTTP/1.1"));
}
END_TEST

START_TEST(test_transforms_must_follow_a_sticky_buffer)
{
	ck_assert_uint_eq(load_errors("alert tcp any any -> any any "
	    "(to_lowercase; content:\"a\"; sid:1;)\n"
	    "alert tcp any any -> any any (pkt_data; to_lowercase; "
	    "content:\"a\"; sid:2;)\n"), 2);
	ck_assert_uint_eq(load_errors("alert tcp any any -> any any "
	    "(tcp.hdr; to_lowercase; content:\"a\"; sid:1;)\n"), 0);
}
END_TEST

START_TEST(test_content_a_transform_cannot_produce_is_an_error)
{
	/* Suricata 7.0.6: "content string ... incompatible with ...
	 * transform" */
	ck_assert_uint_eq(load_errors(
	    "alert tcp any any -> any any (tcp.hdr; to_lowercase; "
	    "content:\"A\"; sid:1;)\n"
	    "alert tcp any any -> any any (tcp.hdr; to_uppercase; "
	    "content:\"a\"; sid:2;)\n"
	    "alert tcp any any -> any any (tcp.hdr; strip_whitespace; "
	    "content:\"a b\"; sid:3;)\n"
	    "alert tcp any any -> any any (tcp.hdr; compress_whitespace; "
	    "content:\"a  b\"; sid:4;)\n"
	    "alert tcp any any -> any any (tcp.hdr; dotprefix; "
	    "to_lowercase; content:\".A\"; sid:5;)\n"), 5);
	ck_assert_uint_eq(load_errors(
	    "alert tcp any any -> any any (tcp.hdr; compress_whitespace; "
	    "content:\" a \"; sid:1;)\n"
	    "alert tcp any any -> any any (tcp.hdr; header_lowercase; "
	    "content:\"A\"; sid:2;)\n"
	    "alert tcp any any -> any any (tcp.hdr; content:\"A\"; "
	    "to_lowercase; content:\"b\"; sid:3;)\n"), 0);
}
END_TEST

START_TEST(test_xor_key_is_quoted_even_hex)
{
	ck_assert_uint_eq(load_errors(
	    "alert tcp any any -> any any (tcp.hdr; xor:0d0a; "
	    "content:\"a\"; sid:1;)\n"
	    "alert tcp any any -> any any (tcp.hdr; xor:\"0\"; "
	    "content:\"a\"; sid:2;)\n"
	    "alert tcp any any -> any any (tcp.hdr; xor:\"\"; "
	    "content:\"a\"; sid:3;)\n"
	    "alert tcp any any -> any any (tcp.hdr; xor:\"zz\"; "
	    "content:\"a\"; sid:4;)\n"), 4);
}
END_TEST

START_TEST(test_pcrexform_needs_exactly_one_capture)
{
	ck_assert_uint_eq(load_errors(
	    "alert tcp any any -> any any (tcp.hdr; pcrexform:\"(a)(b)\"; "
	    "content:\"a\"; sid:1;)\n"
	    "alert tcp any any -> any any (tcp.hdr; pcrexform:\"abc\"; "
	    "content:\"a\"; sid:2;)\n"
	    "alert tcp any any -> any any (tcp.hdr; pcrexform:\"(\"; "
	    "content:\"a\"; sid:3;)\n"), 3);
}
END_TEST

START_TEST(test_transforms_without_value_refuse_one)
{
	ck_assert_uint_eq(load_errors("alert tcp any any -> any any "
	    "(tcp.hdr; dotprefix:x; content:\"a\"; sid:1;)\n"), 1);
}
END_TEST

static Suite *
xform_suite(void)
{
	Suite *s = suite_create("xform");
	TCase *v = tcase_create("vectors");
	TCase *r = tcase_create("rules");

	tcase_add_checked_fixture(v, NULL, held_free);
	tcase_add_test(v, test_dotprefix_prefixes_a_dot);
	tcase_add_test(v, test_strip_whitespace_removes_every_whitespace_byte);
	tcase_add_test(v, test_compress_whitespace_keeps_the_first_of_a_run);
	tcase_add_test(v, test_to_lowercase_changes_ascii_letters_only);
	tcase_add_test(v, test_to_uppercase_changes_ascii_letters_only);
	tcase_add_test(v, test_url_decode_decodes_percent_and_plus);
	tcase_add_test(v, test_url_decode_leaves_a_percent_in_the_last_two_bytes);
	tcase_add_test(v, test_to_md5_is_the_raw_digest);
	tcase_add_test(v, test_to_sha1_is_the_raw_digest);
	tcase_add_test(v, test_to_sha256_is_the_raw_digest);
	tcase_add_test(v, test_header_lowercase_lowers_names_not_values);
	tcase_add_test(v, test_strip_pseudo_headers_removes_colon_lines);
	tcase_add_test(v, test_xor_repeats_the_key);
	tcase_add_test(v, test_pcrexform_keeps_the_capture);
	tcase_add_test(v, test_pcrexform_without_a_match_leaves_the_buffer);
	suite_add_tcase(s, v);

	tcase_add_test(r, test_transforms_must_follow_a_sticky_buffer);
	tcase_add_test(r, test_content_a_transform_cannot_produce_is_an_error);
	tcase_add_test(r, test_xor_key_is_quoted_even_hex);
	tcase_add_test(r, test_pcrexform_needs_exactly_one_capture);
	tcase_add_test(r, test_transforms_without_value_refuse_one);
	suite_add_tcase(s, r);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(xform_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
