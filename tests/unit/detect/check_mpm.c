/* Unit tests of the prefilter back ends (lib/detect/mpm*.c): each reports
 * exactly the patterns that occur, with nocase honoured, and the built-in
 * Aho-Corasick and Hyperscan (when built in) agree on random pattern sets
 * and buffers. */
#include "core/base.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>

#include "detect/mpm.h"

#define MPM_MAX_IDS	4096

struct hits {
	uint8_t		 seen[MPM_MAX_IDS];
	uint32_t	 count;		/* distinct ids */
	uint32_t	 last_end[MPM_MAX_IDS];
};

static void	on_match(uint32_t, uint32_t, void *);
static void	scan(const struct mpm_ops *, const struct mpm_pattern *,
		    size_t, const char *, struct hits *);
static void	scan_bytes(const struct mpm_ops *, struct mpm *, void *,
		    const uint8_t *, size_t, struct hits *);
static struct mpm_pattern pat(const char *, uint32_t, bool);
static uint32_t	rnd(uint32_t *);
static void	random_set(uint32_t *, struct mpm_pattern *, uint8_t *, size_t,
		    unsigned);
static void	differential(const struct mpm_ops *, const struct mpm_ops *,
		    unsigned, size_t, uint32_t);
static void	pick_ac(void);
#ifdef HAVE_HYPERSCAN
static void	pick_hs(void);
#endif
static Suite	*mpm_suite(void);

static const struct mpm_ops *backend;

static void
on_match(uint32_t id, uint32_t end, void *arg)
{
	struct hits *h = arg;

	ck_assert_uint_lt(id, MPM_MAX_IDS);
	if (!h->seen[id])
		h->count++;
	h->seen[id] = 1;
	h->last_end[id] = end;
}

static void
scan_bytes(const struct mpm_ops *ops, struct mpm *m, void *scratch,
    const uint8_t *buf, size_t len, struct hits *h)
{
	memset(h, 0, sizeof(*h));
	ops->scan(m, scratch, buf, len, on_match, h);
}

static void
scan(const struct mpm_ops *ops, const struct mpm_pattern *pats, size_t n,
    const char *text, struct hits *h)
{
	char err[256];
	struct mpm *m = ops->build(pats, n, err, sizeof(err));
	void *scratch = NULL;

	ck_assert_msg(m != NULL, "%s", err);
	ck_assert_int_eq(ops->scratch_grow(&scratch, m), 0);
	scan_bytes(ops, m, scratch, (const uint8_t *)text, strlen(text), h);
	ops->scratch_free(scratch);
	ops->free(m);
}

static struct mpm_pattern
pat(const char *s, uint32_t id, bool nocase)
{
	struct mpm_pattern p = { (const uint8_t *)s, (uint32_t)strlen(s), id,
	    nocase };

	return p;
}

static uint32_t
rnd(uint32_t *state)
{
	*state ^= *state << 13;
	*state ^= *state >> 17;
	*state ^= *state << 5;
	return *state;
}

/* n patterns of 1..12 bytes over a small alphabet (so they overlap and
 * nest), every third nocase, into pats with their bytes in store. */
static void
random_set(uint32_t *state, struct mpm_pattern *pats, uint8_t *store,
    size_t n, unsigned alphabet)
{
	static const char letters[] = "aAbBcC\x00\xff-dD";

	for (size_t i = 0; i < n; i++) {
		uint32_t len = 1 + rnd(state) % 12;

		for (uint32_t k = 0; k < len; k++)
			store[i * 12 + k] = (uint8_t)letters[rnd(state) %
			    alphabet];
		pats[i].bytes = &store[i * 12];
		pats[i].len = len;
		pats[i].id = (uint32_t)i;
		pats[i].nocase = i % 3 == 0;
	}
}

/* Both back ends, same random patterns and buffers: same id sets. */
static void
differential(const struct mpm_ops *a, const struct mpm_ops *b,
    unsigned rounds, size_t npats, uint32_t seed)
{
	static struct mpm_pattern pats[MPM_MAX_IDS];
	static uint8_t store[MPM_MAX_IDS * 12];
	static struct hits ha, hb;
	uint8_t buf[1500];
	uint32_t state = seed;
	char err[256];

	for (unsigned r = 0; r < rounds; r++) {
		struct mpm *ma, *mb;
		void *sa = NULL, *sb = NULL;

		random_set(&state, pats, store, npats, 4 + r % 7);
		ma = a->build(pats, npats, err, sizeof(err));
		ck_assert_msg(ma != NULL, "%s", err);
		mb = b->build(pats, npats, err, sizeof(err));
		ck_assert_msg(mb != NULL, "%s", err);
		ck_assert_int_eq(a->scratch_grow(&sa, ma), 0);
		ck_assert_int_eq(b->scratch_grow(&sb, mb), 0);
		for (unsigned t = 0; t < 20; t++) {
			size_t len = rnd(&state) % sizeof(buf);

			for (size_t i = 0; i < len; i++)
				buf[i] = (uint8_t)"aAbBcC\x00\xff-dDxyz"[
				    rnd(&state) % 14];
			scan_bytes(a, ma, sa, buf, len, &ha);
			scan_bytes(b, mb, sb, buf, len, &hb);
			ck_assert_uint_eq(ha.count, hb.count);
			ck_assert_mem_eq(ha.seen, hb.seen, npats);
		}
		a->scratch_free(sa);
		b->scratch_free(sb);
		a->free(ma);
		b->free(mb);
	}
}

START_TEST(test_pattern_in_the_buffer_is_reported)
{
	struct mpm_pattern p[] = { pat("evil", 7, false) };
	struct hits h;

	scan(backend, p, 1, "an evil payload", &h);
	ck_assert_uint_eq(h.count, 1);
	ck_assert_uint_eq(h.seen[7], 1);
	ck_assert_uint_eq(h.last_end[7], 7);
}
END_TEST

START_TEST(test_absent_pattern_is_not_reported)
{
	struct mpm_pattern p[] = { pat("evil", 0, false) };
	struct hits h;

	scan(backend, p, 1, "a harmless payload", &h);
	ck_assert_uint_eq(h.count, 0);
}
END_TEST

START_TEST(test_case_sensitive_pattern_needs_the_exact_case)
{
	struct mpm_pattern p[] = { pat("Evil", 0, false) };
	struct hits h;

	scan(backend, p, 1, "an EVIL and an evil", &h);
	ck_assert_uint_eq(h.count, 0);
}
END_TEST

START_TEST(test_nocase_pattern_matches_any_case)
{
	struct mpm_pattern p[] = { pat("evil", 0, true) };
	struct hits h;

	scan(backend, p, 1, "an EvIl payload", &h);
	ck_assert_uint_eq(h.count, 1);
}
END_TEST

START_TEST(test_overlapping_and_nested_patterns_are_all_reported)
{
	struct mpm_pattern p[] = { pat("he", 0, false), pat("she", 1, false),
	    pat("his", 2, false), pat("hers", 3, false), pat("s", 4, false) };
	struct hits h;

	scan(backend, p, 5, "ushers", &h);
	ck_assert_uint_eq(h.count, 4);
	ck_assert_uint_eq(h.seen[2], 0);
}
END_TEST

START_TEST(test_binary_patterns_with_nul_bytes_match)
{
	static const uint8_t bin[] = { 0x00, 0x01, 0xff, 0x00 };
	static const uint8_t buf[] = { 0x41, 0x00, 0x01, 0xff, 0x00, 0x42 };
	struct mpm_pattern p[] = { { bin, 4, 3, false } };
	char err[256];
	struct mpm *m = backend->build(p, 1, err, sizeof(err));
	void *scratch = NULL;
	struct hits h;

	ck_assert_ptr_nonnull(m);
	ck_assert_int_eq(backend->scratch_grow(&scratch, m), 0);
	scan_bytes(backend, m, scratch, buf, sizeof(buf), &h);
	ck_assert_uint_eq(h.seen[3], 1);
	backend->scratch_free(scratch);
	backend->free(m);
}
END_TEST

START_TEST(test_same_bytes_with_and_without_nocase_are_told_apart)
{
	struct mpm_pattern p[] = { pat("abc", 0, false), pat("abc", 1, true) };
	struct hits h;

	scan(backend, p, 2, "xABCx", &h);
	ck_assert_uint_eq(h.count, 1);
	ck_assert_uint_eq(h.seen[1], 1);
}
END_TEST

START_TEST(test_pattern_at_the_very_start_and_end_match)
{
	struct mpm_pattern p[] = { pat("GET", 0, false),
	    pat("\r\n\r\n", 1, false) };
	struct hits h;

	scan(backend, p, 2, "GET / HTTP/1.0\r\n\r\n", &h);
	ck_assert_uint_eq(h.count, 2);
}
END_TEST

START_TEST(test_empty_buffer_reports_nothing)
{
	struct mpm_pattern p[] = { pat("a", 0, false) };
	struct hits h;

	scan(backend, p, 1, "", &h);
	ck_assert_uint_eq(h.count, 0);
}
END_TEST

START_TEST(test_thousands_of_patterns_build_and_scan)
{
	static struct mpm_pattern p[3000];
	static char store[3000][16];
	struct hits h;

	for (int i = 0; i < 3000; i++) {
		snprintf(store[i], sizeof(store[i]), "pat%05dx", i * 7);
		p[i] = pat(store[i], (uint32_t)i, i % 2 == 0);
	}
	scan(backend, p, 3000, "..PAT00014X..pat20986x..", &h);
	ck_assert_uint_eq(h.count, 2);
	ck_assert_uint_eq(h.seen[2], 1);
	ck_assert_uint_eq(h.seen[2998], 1);
}
END_TEST

START_TEST(test_lookup_knows_ac_and_auto)
{
	ck_assert_ptr_eq(mpm_lookup("ac"), &mpm_ac_ops);
	ck_assert_ptr_nonnull(mpm_lookup("auto"));
	ck_assert_ptr_null(mpm_lookup("bogus"));
}
END_TEST

START_TEST(test_ac_agrees_with_itself_on_random_input)
{
	/* guards the harness: a back end against itself */
	differential(&mpm_ac_ops, &mpm_ac_ops, 5, 50, 12345);
}
END_TEST

#ifdef HAVE_HYPERSCAN
START_TEST(test_hyperscan_and_aho_corasick_report_the_same_patterns)
{
	differential(&mpm_ac_ops, &mpm_hs_ops, 40, 200, 0xdecafbad);
}
END_TEST

START_TEST(test_backends_agree_on_small_sets)
{
	differential(&mpm_ac_ops, &mpm_hs_ops, 200, 3, 0x5eed);
}
END_TEST

START_TEST(test_backends_agree_on_large_sets)
{
	differential(&mpm_ac_ops, &mpm_hs_ops, 4, 3000, 0xbeef);
}
END_TEST
#endif

static void
pick_ac(void)
{
	backend = &mpm_ac_ops;
}

#ifdef HAVE_HYPERSCAN
static void
pick_hs(void)
{
	backend = &mpm_hs_ops;
}
#endif

/* The back-end cases hold the same tests; their fixture picks the back
 * end. */
static Suite *
mpm_suite(void)
{
	Suite *s = suite_create("mpm");
	TCase *diff = tcase_create("differential");
	struct {
		const char	*name;
		void		(*pick)(void);
	} backends[] = {
		{ "ac", pick_ac },
#ifdef HAVE_HYPERSCAN
		{ "hs", pick_hs },
#endif
	};

	for (size_t i = 0; i < QUELL_NITEMS(backends); i++) {
		TCase *tc = tcase_create(backends[i].name);

		tcase_add_checked_fixture(tc, backends[i].pick, NULL);
		tcase_add_test(tc, test_pattern_in_the_buffer_is_reported);
		tcase_add_test(tc, test_absent_pattern_is_not_reported);
		tcase_add_test(tc,
		    test_case_sensitive_pattern_needs_the_exact_case);
		tcase_add_test(tc, test_nocase_pattern_matches_any_case);
		tcase_add_test(tc,
		    test_overlapping_and_nested_patterns_are_all_reported);
		tcase_add_test(tc, test_binary_patterns_with_nul_bytes_match);
		tcase_add_test(tc,
		    test_same_bytes_with_and_without_nocase_are_told_apart);
		tcase_add_test(tc,
		    test_pattern_at_the_very_start_and_end_match);
		tcase_add_test(tc, test_empty_buffer_reports_nothing);
		tcase_add_test(tc, test_thousands_of_patterns_build_and_scan);
		tcase_set_timeout(tc, 60);
		suite_add_tcase(s, tc);
	}
	tcase_add_test(diff, test_lookup_knows_ac_and_auto);
	tcase_add_test(diff, test_ac_agrees_with_itself_on_random_input);
#ifdef HAVE_HYPERSCAN
	tcase_add_test(diff,
	    test_hyperscan_and_aho_corasick_report_the_same_patterns);
	tcase_add_test(diff, test_backends_agree_on_small_sets);
	tcase_add_test(diff, test_backends_agree_on_large_sets);
#endif
	tcase_set_timeout(diff, 120);
	suite_add_tcase(s, diff);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(mpm_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
