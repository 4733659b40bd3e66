/* Standalone reproducer (no quell code) for the fuzz_mpm findings
 * corpus/mpm/crash-hs-*: Hyperscan 5.4.0 (Debian 12, libhyperscan5
 * 5.4.0-2) databases built with hs_compile_lit_multi() miss literals that
 * occur in the buffer:
 *
 *  1. with HS_FLAG_SINGLEMATCH: the 1-byte literal "\0" in the buffer "\0",
 *     next to a 39-byte caseless literal (crash-hs-singlematch-miss-1byte);
 *  2. without it too: a 63-byte caseless literal with 0xff bytes at the
 *     start of the buffer, next to two caseless "\xff" literals
 *     (crash-hs-lit-miss-caseless-ff).
 *
 * The same bytes compiled with hs_compile_multi() as \xNN regexes (what
 * Suricata's util-mpm-hs.c does), same flags, match in both cases.
 *
 *	cc hs_lit_singlematch.c $(pkg-config --cflags --libs libhs) -lstdc++ -lm
 *	./a.out
 */
#include <hs.h>
#include <stdio.h>
#include <string.h>

static unsigned found;

static int
on(unsigned id, unsigned long long from, unsigned long long to, unsigned fl,
    void *ctx)
{
	found |= 1u << id;
	return 0;
}

/* Scans buf with pats[0..n) compiled both ways; prints the ids found. */
static void
try(const char *what, const char *const *pats, const size_t *lens,
    const unsigned *flags, unsigned n, const char *buf, size_t len,
    unsigned want)
{
	static char rx[8][64 * 4 + 1];
	const char *rxp[8];
	unsigned ids[8];
	hs_database_t *db;
	hs_compile_error_t *e;
	hs_scratch_t *s;

	for (unsigned i = 0; i < n; i++) {
		char *q = rx[i];

		for (size_t k = 0; k < lens[i]; k++)
			q += sprintf(q, "\\x%02x", (unsigned char)pats[i][k]);
		rxp[i] = rx[i];
		ids[i] = i;
	}
	for (int lit = 1; lit >= 0; lit--) {
		db = NULL;
		e = NULL;
		s = NULL;
		if ((lit ? hs_compile_lit_multi(pats, flags, ids, lens, n,
		    HS_MODE_BLOCK, NULL, &db, &e) : hs_compile_multi(rxp, flags,
		    ids, n, HS_MODE_BLOCK, NULL, &db, &e)) != HS_SUCCESS) {
			printf("%s: compile failed\n", what);
			return;
		}
		hs_alloc_scratch(db, &s);
		found = 0;
		hs_scan(db, buf, (unsigned)len, 0, s, on, NULL);
		printf("%-28s %-20s found 0x%x, want 0x%x%s\n", what,
		    lit ? "hs_compile_lit_multi" : "hs_compile_multi", found,
		    want, found == want ? "" : "  <-- MISSED");
		hs_free_scratch(s);
		hs_free_database(db);
	}
}

int
main(void)
{
	static char p39[39] = { 0x01, '@', '`' };	/* rest NUL */
	static char p63[63] = { 'K', '\xff', '\xff', '\xff', '\xff', '\xfd',
	    '\xff', '\xff', '\xff', '\xff', '\xff', '\xff', '\xff', '\xff',
	    '\xff', '\xff', '\xff', '\xff', '`', '\x10', 0, '\x13', '5', 'l' };
	static char buf2[65];
	const char *a[2] = { p39, "\0" }, *b[3] = { "\xff", p63, "\xff" };
	size_t la[2] = { 39, 1 }, lb[3] = { 1, 63, 1 };
	unsigned fa[2] = { HS_FLAG_CASELESS | HS_FLAG_SINGLEMATCH,
	    HS_FLAG_SINGLEMATCH };
	unsigned fb[3] = { HS_FLAG_CASELESS, HS_FLAG_CASELESS,
	    HS_FLAG_CASELESS };

	printf("hyperscan %s\n", hs_version());
	try("1-byte NUL, SINGLEMATCH", a, la, fa, 2, "\0", 1, 0x2);
	memcpy(buf2, p63, 63);
	buf2[63] = buf2[64] = '\xff';
	try("63-byte caseless, no flags", b, lb, fb, 3, buf2, 65, 0x7);
	return 0;
}
