/* libFuzzer target: the prefilter back ends (lib/detect/mpm*.c). A
 * pattern the prefilter misses is a rule that never runs: a detection
 * bypass. The input is a pattern set and a buffer:
 *
 *	n:u8 { len:u8 flags:u8 bytes[len] } x (n % 32 + 1), then the buffer
 *
 * (len is taken % 64 + 1; flags bit 0: nocase). The built-in
 * Aho-Corasick and, when built in and usable, Hyperscan must each report
 * exactly the patterns a naive search finds (the engine uses the set of
 * pattern ids; Hyperscan reports each pattern once, Aho-Corasick every
 * occurrence), and every report must be a real occurrence: the pattern
 * ends at the reported offset. */
#include "core/base.h"

#include <ctype.h>
#include <stdio.h>

#include "detect/mpm.h"
#include "fuzz.h"

#define FUZZ_MPM_PATTERNS	32
#define FUZZ_MPM_PATLEN		64
#define FUZZ_MPM_BUF		4096

struct fuzz_hits {
	/* bit per (pattern, end): end 1..FUZZ_MPM_BUF */
	uint8_t		 seen[FUZZ_MPM_PATTERNS][FUZZ_MPM_BUF / 8 + 1];
	bool		 found[FUZZ_MPM_PATTERNS];
	bool		 bad;		/* id or end out of range */
	const struct fuzz_hits *want;	/* backend runs: the reference */
};

static void	fuzz_on_match(uint32_t, uint32_t, void *);
static void	fuzz_reference(const struct mpm_pattern *, size_t,
		    const uint8_t *, size_t, struct fuzz_hits *);
static void	fuzz_backend(const struct mpm_ops *, const struct mpm_pattern *,
		    size_t, const uint8_t *, size_t, const struct fuzz_hits *);

static void
fuzz_on_match(uint32_t id, uint32_t end, void *arg)
{
	struct fuzz_hits *h = arg;

	if (id >= FUZZ_MPM_PATTERNS || end == 0 || end > FUZZ_MPM_BUF) {
		h->bad = true;
		return;
	}
	h->seen[id][end / 8] |= (uint8_t)(1u << (end % 8));
	h->found[id] = true;
	/* A report that is no occurrence. */
	if (h->want != NULL &&
	    !(h->want->seen[id][end / 8] & (1u << (end % 8))))
		h->bad = true;
}

static void
fuzz_reference(const struct mpm_pattern *pats, size_t n, const uint8_t *buf,
    size_t len, struct fuzz_hits *h)
{
	for (size_t i = 0; i < n; i++) {
		const struct mpm_pattern *p = &pats[i];

		for (size_t at = 0; at + p->len <= len; at++) {
			size_t k;

			for (k = 0; k < p->len; k++) {
				uint8_t a = buf[at + k], b = p->bytes[k];

				if (p->nocase ? tolower(a) != tolower(b) : a != b)
					break;
			}
			if (k == p->len)
				fuzz_on_match(p->id, (uint32_t)(at + p->len), h);
		}
	}
}

static void
fuzz_backend(const struct mpm_ops *ops, const struct mpm_pattern *pats,
    size_t n, const uint8_t *buf, size_t len, const struct fuzz_hits *want)
{
	static struct fuzz_hits got;
	struct mpm *m;
	void *scratch = NULL;
	char err[256];

	if (ops == NULL || !ops->usable())
		return;
	if ((m = ops->build(pats, n, err, sizeof(err))) == NULL)
		return;		/* a refused pattern set is not a miss */
	if (ops->scratch_grow(&scratch, m) == 0) {
		memset(&got, 0, sizeof(got));
		got.want = want;
		ops->scan(m, scratch, buf, len, fuzz_on_match, &got);
		if (got.bad || memcmp(got.found, want->found,
		    sizeof(got.found)) != 0) {
			for (size_t i = 0; i < n; i++)
				if (got.found[i] != want->found[i])
					fprintf(stderr, "fuzz_mpm: %s %s pattern "
					    "%zu (%u bytes%s)\n", ops->name,
					    want->found[i] ? "missed" :
					    "reported absent", i, pats[i].len,
					    pats[i].nocase ? ", nocase" : "");
			if (got.bad)
				fprintf(stderr, "fuzz_mpm: %s reported a match "
				    "that is no occurrence\n", ops->name);
			abort();
		}
		(void)ops->memory(m);
	}
	ops->scratch_free(scratch);
	ops->free(m);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct fuzz_hits want;
	static const char *only;
	static bool init;
	struct mpm_pattern pats[FUZZ_MPM_PATTERNS];
	uint8_t *copy, *buf;
	size_t n, i, off = 1, len;

	if (!init) {
		only = getenv("FUZZ_MPM_ONLY");
		init = true;
	}
	if (size < 1)
		return 0;
	n = data[0] % FUZZ_MPM_PATTERNS + 1;
	/* The patterns point into a heap copy of exactly the input. */
	if ((copy = fuzz_memdup(data, size)) == NULL)
		return 0;
	for (i = 0; i < n; i++) {
		if (size - off < 2)
			break;
		len = copy[off] % FUZZ_MPM_PATLEN + 1;
		pats[i].nocase = copy[off + 1] & 1;
		off += 2;
		if (len > size - off)
			break;
		pats[i].bytes = copy + off;
		pats[i].len = (uint32_t)len;
		pats[i].id = (uint32_t)i;
		off += len;
	}
	n = i;
	len = size - off;
	if (n == 0 || len > FUZZ_MPM_BUF - 1) {
		free(copy);
		return 0;
	}
	buf = copy + off;
	memset(&want, 0, sizeof(want));
	fuzz_reference(pats, n, buf, len, &want);
	/* FUZZ_MPM_ONLY=ac (or hs) fuzzes one back end, e.g. while the
	 * other has a known, unfixed finding. */
	if (only == NULL || strcmp(only, "ac") == 0)
		fuzz_backend(mpm_lookup("ac"), pats, n, buf, len, &want);
	if (only == NULL || strcmp(only, "hs") == 0)
		fuzz_backend(mpm_lookup("hs"), pats, n, buf, len, &want);
	free(copy);
	return 0;
}
