/* Multi-pattern matchers: the prefilter back ends behind one interface,
 * chosen by name ("ac" built in, always there; "hs" Hyperscan, when
 * configure found libhs). A matcher is built once from a set of literal
 * patterns and is then immutable and shared by all threads; each thread
 * scans with its own scratch. Every back end reports exactly the
 * patterns that occur in the buffer (case-insensitively for nocase
 * patterns, exactly otherwise); a pattern may be reported more than
 * once. */
#ifndef QUELL_DETECT_MPM_H
#define QUELL_DETECT_MPM_H

#include "core/base.h"

struct mpm;

struct mpm_pattern {
	const uint8_t	*bytes;
	uint32_t	 len;		/* >= 1 */
	uint32_t	 id;		/* reported on a match */
	bool		 nocase;
};

/* Called for each occurrence; end is the offset just past it. */
typedef void (*mpm_match_fn)(uint32_t id, uint32_t end, void *arg);

struct mpm_ops {
	const char	*name;
	/* Builds a matcher for pats[0..n) (n >= 1). NULL with a message in
	 * err on failure. */
	struct mpm	*(*build)(const struct mpm_pattern *pats, size_t n,
			    char *err, size_t errlen);
	void		(*free)(struct mpm *);
	/* Makes *scratch (NULL at first) able to scan m: called once per
	 * matcher of the engine for each thread. 0, or -1 (ENOMEM). */
	int		(*scratch_grow)(void **scratch, const struct mpm *m);
	void		(*scratch_free)(void *scratch);
	void		(*scan)(const struct mpm *, void *scratch,
			    const uint8_t *buf, size_t len, mpm_match_fn fn,
			    void *arg);
	/* Bytes the matcher holds (the Aho-Corasick tables, the Hyperscan
	 * database; not the scratch). Nothing reports it yet: only
	 * tests/fuzz/fuzz_mpm calls it, neither -T nor the benchmarks. */
	size_t		(*memory)(const struct mpm *);
	/* false when the back end cannot run here (CPU lacks SSSE3). */
	bool		(*usable)(void);
};

extern const struct mpm_ops mpm_ac_ops;
#ifdef HAVE_HYPERSCAN
extern const struct mpm_ops mpm_hs_ops;
#endif

/* The back end called name ("ac", "hs"), or for "auto" the best usable
 * one; NULL when unknown or not built in. */
const struct mpm_ops *mpm_lookup(const char *name);

#endif
