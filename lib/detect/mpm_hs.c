#include "core/base.h"

#include <errno.h>
#include <stdio.h>

#include <hs.h>

#include "detect/mpm.h"

/*
 * Hyperscan back end: the patterns are compiled as literals
 * (as \xNN regex escapes through hs_compile_multi), caseless where
 * nocase, and each reported once per scan (HS_FLAG_SINGLEMATCH). The
 * database is read-only once compiled; a thread's scratch is grown with
 * hs_alloc_scratch() for every database of the engine.
 *
 * Databases are vectored (HS_MODE_VECTORED, scanned as a vector of one
 * buffer), not block mode: a block-mode database carries Hyperscan's
 * "small write" engine, a DFA over the literals for short buffers,
 * which costs ~230 KB per database even for 60 patterns (ET sample:
 * 79 databases, 18.5 MB) and whose construction blows up on some sets
 * (a 490-pattern set of bench/gen-rules: 90 MB peak RSS and 250 ms to
 * compile; vectored: 8 MB and 25 ms). The price is the scan of buffers
 * under ~70 bytes: 40 ns with the small write engine, 56 ns (63
 * patterns) to 143 ns (618) without (pattern sets dumped from those
 * builds, compiled and scanned in a scratch program, one run).
 */

struct mpm {
	hs_database_t	*db;
	size_t		 memory;
};

struct hs_ctx {
	mpm_match_fn	 fn;
	void		*arg;
};

static struct mpm *hs_build(const struct mpm_pattern *, size_t, char *,
		    size_t);
static void	hs_free(struct mpm *);
static int	hs_scratch_grow(void **, const struct mpm *);
static void	hs_scratch_free_cb(void *);
static void	hs_scan_buf(const struct mpm *, void *, const uint8_t *,
		    size_t, mpm_match_fn, void *);
static size_t	hs_memory(const struct mpm *);
static bool	hs_usable(void);
static int	hs_on_match(unsigned int, unsigned long long,
		    unsigned long long, unsigned int, void *);

const struct mpm_ops mpm_hs_ops = {
	.name = "hs",
	.build = hs_build,
	.free = hs_free,
	.scratch_grow = hs_scratch_grow,
	.scratch_free = hs_scratch_free_cb,
	.scan = hs_scan_buf,
	.memory = hs_memory,
	.usable = hs_usable,
};

static bool
hs_usable(void)
{
	return hs_valid_platform() == HS_SUCCESS;
}

static struct mpm *
hs_build(const struct mpm_pattern *pats, size_t n, char *err, size_t errlen)
{
	const char **exprs = NULL;
	unsigned *flags = NULL, *ids = NULL;
	size_t *lens = NULL;
	hs_compile_error_t *cerr = NULL;
	struct mpm *m = NULL;

	if (n == 0 || n > UINT32_MAX) {
		snprintf(err, errlen, "hyperscan: %zu patterns", n);
		errno = EINVAL;
		return NULL;
	}
	exprs = calloc(n, sizeof(*exprs));
	flags = calloc(n, sizeof(*flags));
	ids = calloc(n, sizeof(*ids));
	lens = calloc(n, sizeof(*lens));
	if (exprs == NULL || flags == NULL || ids == NULL || lens == NULL ||
	    (m = calloc(1, sizeof(*m))) == NULL) {
		snprintf(err, errlen, "hyperscan: out of memory");
		errno = ENOMEM;
		goto fail;
	}
	/* Every byte as a \xNN regex escape, compiled with
	 * hs_compile_multi() as Suricata does: Hyperscan 5.4.0's literal
	 * API (hs_compile_lit_multi) misses some literals (fuzz_mpm
	 * findings in tests/fuzz/crashes/mpm). */
	for (size_t i = 0; i < n; i++) {
		char *e = malloc(pats[i].len * 4 + 1);

		if (e == NULL) {
			snprintf(err, errlen, "hyperscan: out of memory");
			errno = ENOMEM;
			goto fail;
		}
		for (size_t j = 0; j < pats[i].len; j++)
			snprintf(e + j * 4, 5, "\\x%02x", pats[i].bytes[j]);
		e[pats[i].len * 4] = '\0';
		exprs[i] = e;
		lens[i] = pats[i].len;
		ids[i] = pats[i].id;
		flags[i] = HS_FLAG_SINGLEMATCH |
		    (pats[i].nocase ? HS_FLAG_CASELESS : 0);
	}
	if (hs_compile_multi(exprs, flags, ids, (unsigned)n, HS_MODE_VECTORED,
	    NULL, &m->db, &cerr) != HS_SUCCESS) {
		snprintf(err, errlen, "hyperscan: compiling %zu patterns: %s",
		    n, cerr != NULL ? cerr->message : "unknown error");
		hs_free_compile_error(cerr);
		errno = EINVAL;
		goto fail;
	}
	if (hs_database_size(m->db, &m->memory) != HS_SUCCESS)
		m->memory = 0;
	for (size_t i = 0; i < n; i++)
		free((char *)exprs[i]);
	free(exprs);
	free(flags);
	free(ids);
	free(lens);
	return m;
fail:
	for (size_t i = 0; exprs != NULL && i < n; i++)
		free((char *)exprs[i]);
	free(exprs);
	free(flags);
	free(ids);
	free(lens);
	hs_free(m);
	return NULL;
}

static void
hs_free(struct mpm *m)
{
	if (m == NULL)
		return;
	hs_free_database(m->db);
	free(m);
}

static int
hs_scratch_grow(void **scratch, const struct mpm *m)
{
	hs_scratch_t *s = *scratch;

	if (hs_alloc_scratch(m->db, &s) != HS_SUCCESS) {
		errno = ENOMEM;
		return -1;
	}
	*scratch = s;
	return 0;
}

static void
hs_scratch_free_cb(void *scratch)
{
	hs_free_scratch(scratch);
}

static int
hs_on_match(unsigned int id, unsigned long long from, unsigned long long to,
    unsigned int flags, void *arg)
{
	struct hs_ctx *c = arg;

	c->fn(id, (uint32_t)to, c->arg);
	return 0;
}

static void
hs_scan_buf(const struct mpm *m, void *scratch, const uint8_t *buf,
    size_t len, mpm_match_fn fn, void *arg)
{
	struct hs_ctx c = { fn, arg };
	const char *data[1] = { (const char *)buf };
	unsigned lens[1] = { (unsigned)len };

	/* the only failure is a bad scratch: a programmer error caught by
	 * the tests; nothing is reported then */
	(void)hs_scan_vector(m->db, data, lens, 1, 0, scratch,
	    hs_on_match, &c);
}

static size_t
hs_memory(const struct mpm *m)
{
	return m->memory;
}
