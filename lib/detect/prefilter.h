/* The multi-pattern prefilter: each rule contributes one fast pattern
 * (Suricata's choice: the content marked fast_pattern, else the longest
 * non-negated content, ties to the strongest pattern, then the first).
 * A packet evaluates only its group's rules whose fast pattern occurs in
 * it, plus the group's rules that have none.
 *
 * Matchers are expensive to build (Hyperscan compiles), groups are many:
 * so the groups of one protocol class and direction share one matcher
 * over all their fast patterns (identical sets across classes share
 * too), and each group maps the matcher's pattern ids to its own rules.
 * A pattern of another group's rule then costs a lookup that finds no
 * rule, never a wrong candidate. */
#ifndef QUELL_DETECT_PREFILTER_H
#define QUELL_DETECT_PREFILTER_H

#include "core/base.h"

struct detect_engine;
struct detect_group;
struct mpm;

struct detect_prefilter {
	const struct mpm *mpm;		/* owned by the engine */
	uint32_t	 npat;
	uint32_t	*sig_off;	/* npat + 1: rules of pattern i are */
	uint32_t	*sig_ids;	/* sig_ids[sig_off[i]..sig_off[i+1]) */
};

struct detect_prefilter_cache;

/* A matcher and the sorted fast pattern ids it was built from (pattern i
 * of the matcher is fast pattern ids[i]). */
struct detect_prefilter_matcher {
	struct mpm	*mpm;		/* owned by the engine */
	uint32_t	*ids;
	uint32_t	 n;
	uint64_t	 hash;
};

/* Chooses every rule's fast pattern into de->sigs[].fp and de->fps. 0,
 * or -1 (ENOMEM). */
int	detect_prefilter_select(struct detect_engine *);
/* The strength Suricata ranks patterns by (more distinct, rarer bytes:
 * stronger). */
uint32_t detect_prefilter_strength(const uint8_t *, uint32_t);

struct detect_prefilter_cache *detect_prefilter_cache_new(void);
void	detect_prefilter_cache_free(struct detect_prefilter_cache *);
/* The matcher over the fast patterns of the sig nums sigs[0..n), from
 * cache or built (owned by de, listed in cache): 0 with *out set (NULL
 * when none of them has a fast pattern), or -1 with a message in err. */
int	detect_prefilter_matcher(struct detect_engine *,
	    struct detect_prefilter_cache *, const uint32_t *sigs, size_t n,
	    const struct detect_prefilter_matcher **out, char *err,
	    size_t errlen);
/* Fills g (always, nalways, nsigs, pf) from the sig nums sigs[0..n),
 * sorted, whose fast patterns m holds. 0, or -1 with a message in
 * err. */
int	detect_prefilter_group(struct detect_engine *, struct detect_group *g,
	    const uint32_t *sigs, size_t n,
	    const struct detect_prefilter_matcher *m, char *err,
	    size_t errlen);
void	detect_prefilter_free(struct detect_prefilter *);

#endif
