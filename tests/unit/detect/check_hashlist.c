/* Unit tests of the digest lists of the file hash keywords
 * (lib/detect/hashlist.c) in Suricata 7.0.6's list format
 * (detect-file-hash-common.c DetectFileHashParse): what a line holds,
 * which lines are skipped, which are errors, and lookups. The keyword
 * itself on a real capture is tests/offline/t_http_hash_stream.sh. */
#include "core/base.h"

#include <check.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "detect/hashlist.h"

static Suite	*hashlist_suite(void);
static struct detect_hashlist *parse(const char *, uint8_t);
static void	unhex(const char *, uint8_t *);

static char err[512];

static struct detect_hashlist *
parse(const char *text, uint8_t len)
{
	err[0] = '\0';
	return detect_hashlist_parse("t.md5", text, strlen(text), len, err,
	    sizeof(err));
}

static void
unhex(const char *s, uint8_t *out)
{
	for (size_t i = 0; s[2 * i] != '\0'; i++) {
		unsigned v;

		ck_assert_int_eq(sscanf(s + 2 * i, "%2x", &v), 1);
		out[i] = (uint8_t)v;
	}
}

START_TEST(test_hashlist_finds_a_listed_md5)
{
	struct detect_hashlist *hl = parse(
	    "e19c1283c925b3206685ff522acfe3e6\n", 16);
	uint8_t h[16];

	ck_assert_ptr_nonnull(hl);
	unhex("e19c1283c925b3206685ff522acfe3e6", h);
	ck_assert(detect_hashlist_has(hl, h));
	h[15] ^= 1;
	ck_assert(!detect_hashlist_has(hl, h));
	detect_hashlist_free(hl);
}
END_TEST

START_TEST(test_hashlist_reads_upper_case_hex)
{
	struct detect_hashlist *hl = parse(
	    "E19C1283C925B3206685FF522ACFE3E6\n", 16);
	uint8_t h[16];

	ck_assert_ptr_nonnull(hl);
	unhex("e19c1283c925b3206685ff522acfe3e6", h);
	ck_assert(detect_hashlist_has(hl, h));
	detect_hashlist_free(hl);
}
END_TEST

/* Suricata: a line with no leading hex digit is ignored, what follows
 * the leading run of hex digits too, a last line needs no newline */
START_TEST(test_hashlist_skips_comments_and_blank_lines)
{
	struct detect_hashlist *hl = parse("# md5s\n\n   \n"
	    "00112233445566778899aabbccddeeff  file.exe\r\n"
	    "ffeeddccbbaa99887766554433221100", 16);
	uint8_t a[16], b[16];

	ck_assert_ptr_nonnull(hl);
	ck_assert_uint_eq(detect_hashlist_count(hl), 2);
	unhex("00112233445566778899aabbccddeeff", a);
	unhex("ffeeddccbbaa99887766554433221100", b);
	ck_assert(detect_hashlist_has(hl, a));
	ck_assert(detect_hashlist_has(hl, b));
	detect_hashlist_free(hl);
}
END_TEST

START_TEST(test_hashlist_counts_a_repeated_digest_once)
{
	struct detect_hashlist *hl = parse(
	    "ffeeddccbbaa99887766554433221100\n"
	    "00112233445566778899aabbccddeeff\n"
	    "FFEEDDCCBBAA99887766554433221100\n", 16);

	ck_assert_ptr_nonnull(hl);
	ck_assert_uint_eq(detect_hashlist_count(hl), 2);
	detect_hashlist_free(hl);
}
END_TEST

START_TEST(test_hashlist_short_digest_names_file_and_line)
{
	ck_assert_ptr_null(parse("00112233445566778899aabbccddeeff\n"
	    "0011223344556677\n", 16));
	ck_assert_str_eq(err, "t.md5:2: hash string not 32 characters");
}
END_TEST

/* a sha256 in an md5 list: its run of hex digits is too long */
START_TEST(test_hashlist_long_digest_is_an_error)
{
	ck_assert_ptr_null(parse("00112233445566778899aabbccddeeff"
	    "00112233445566778899aabbccddeeff\n", 16));
	ck_assert_str_eq(err, "t.md5:1: hash string not 32 characters");
}
END_TEST

START_TEST(test_hashlist_without_digests_is_an_error)
{
	ck_assert_ptr_null(parse("# nothing here\n", 16));
	ck_assert_str_eq(err, "t.md5: no hashes in the file");
}
END_TEST

START_TEST(test_hashlist_takes_sha256_length)
{
	struct detect_hashlist *hl = parse("9f86d081884c7d659a2feaa0c55ad015"
	    "a3bf4f1b2b0b822cd15d6c15b0f00a08\n", 32);
	uint8_t h[32];

	ck_assert_ptr_nonnull(hl);
	unhex("9f86d081884c7d659a2feaa0c55ad015"
	    "a3bf4f1b2b0b822cd15d6c15b0f00a08", h);
	ck_assert(detect_hashlist_has(hl, h));
	detect_hashlist_free(hl);
}
END_TEST

START_TEST(test_hashlist_load_of_a_missing_file_says_enoent)
{
	ck_assert_ptr_null(detect_hashlist_load("/nonexistent/quell.md5", 16,
	    err, sizeof(err)));
	ck_assert_int_eq(errno, ENOENT);
	ck_assert_str_eq(err, "opening hash file /nonexistent/quell.md5: "
	    "No such file or directory");
}
END_TEST

START_TEST(test_hashlist_load_reads_a_file)
{
	char path[] = "/tmp/quell-md5-XXXXXX";
	int fd = mkstemp(path);
	struct detect_hashlist *hl;
	static const char text[] = "00112233445566778899aabbccddeeff\n";
	uint8_t h[16];

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, text, sizeof(text) - 1),
	    (int)sizeof(text) - 1);
	close(fd);
	hl = detect_hashlist_load(path, 16, err, sizeof(err));
	unlink(path);
	ck_assert_ptr_nonnull(hl);
	unhex("00112233445566778899aabbccddeeff", h);
	ck_assert(detect_hashlist_has(hl, h));
	detect_hashlist_free(hl);
}
END_TEST

static Suite *
hashlist_suite(void)
{
	Suite *s = suite_create("hashlist");
	TCase *tc = tcase_create("core");

	tcase_add_test(tc, test_hashlist_finds_a_listed_md5);
	tcase_add_test(tc, test_hashlist_reads_upper_case_hex);
	tcase_add_test(tc, test_hashlist_skips_comments_and_blank_lines);
	tcase_add_test(tc, test_hashlist_counts_a_repeated_digest_once);
	tcase_add_test(tc, test_hashlist_short_digest_names_file_and_line);
	tcase_add_test(tc, test_hashlist_long_digest_is_an_error);
	tcase_add_test(tc, test_hashlist_without_digests_is_an_error);
	tcase_add_test(tc, test_hashlist_takes_sha256_length);
	tcase_add_test(tc, test_hashlist_load_of_a_missing_file_says_enoent);
	tcase_add_test(tc, test_hashlist_load_reads_a_file);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(hashlist_suite());
	int nfailed;

	srunner_run_all(sr, CK_NORMAL);
	nfailed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
