/* The multi-pattern prefilters. Each rule contributes at most one fast
 * pattern, chosen from any of its buffers with Suricata's priorities
 * (detect_prefilter_select()); each group then has one prefilter per
 * inspection list (buffer and transform chain) its rules' fast patterns
 * are on. A packet (or transaction) evaluates only the group's rules
 * whose fast pattern occurs in the list's bytes, plus the rules that
 * have none; a rule whose fast pattern is on a buffer the packet lacks
 * is no candidate.
 *
 * Matchers (struct mpm) are distinct pattern sets, shared by groups;
 * which sets exist follows detect.sgh-mpm-context (Suricata's key):
 *
 *	full	one matcher per group and list holding the group's
 *		patterns; groups with the same set, or a set within a
 *		slightly larger one, share it
 *	single	one matcher per list for the whole engine; each group
 *		keeps only its map
 *	auto	single with Aho-Corasick, full with Hyperscan (as
 *		Suricata)
 *
 * Building happens in three passes (group.c): every group plans its
 * prefilters against the matcher sets (detect_prefilter_group_plan()),
 * all matchers are compiled, on several threads
 * (detect_prefilter_build_matchers()), then each group's map is filled
 * (detect_prefilter_group_map()). A group's map holds only its own
 * patterns: a bitmap over the matcher's patterns with a rank per
 * 64-bit word, so a matcher shared by many groups costs each group
 * npat / 8 + npat / 16 bytes plus its own patterns' rules, never a
 * table of the matcher's size. */
#ifndef QUELL_DETECT_PREFILTER_H
#define QUELL_DETECT_PREFILTER_H

#include "core/base.h"

struct detect_engine;
struct detect_group;
struct mpm;

struct detect_prefilter {
	const struct mpm *mpm;		/* owned by the engine, shared */
	uint16_t	 list;		/* struct detect_list index */
	uint8_t		 buffer;	/* the list's buffer */
	uint32_t	 matcher;	/* index of the planned matcher */
	uint32_t	 npat;		/* the matcher's patterns */
	uint32_t	 nown;		/* of them, the group's */
	uint32_t	 nsigs;		/* rules it selects from */
	uint64_t	*bits;		/* npat bits: the group's patterns;
					 * NULL when all are (index = id) */
	uint32_t	*rank;		/* per word of bits: set bits before */
	uint32_t	*sig_off;	/* nown + 1: rules of own pattern k */
	uint32_t	*sig_ids;	/* sig_ids[sig_off[k]..sig_off[k+1]) */
};

/* The index of matcher pattern id among pf's own patterns, or -1 when
 * the group has no rule with that pattern. */
static inline int64_t
detect_prefilter_slot(const struct detect_prefilter *pf, uint32_t id)
{
	uint64_t w, below;

	if (pf->bits == NULL)
		return id;
	w = pf->bits[id >> 6];
	if (!((w >> (id & 63)) & 1))
		return -1;
	below = w & ((1ull << (id & 63)) - 1);
	return (int64_t)pf->rank[id >> 6] + __builtin_popcountll(below);
}

struct detect_prefilter_cache;

/* Chooses every rule's fast pattern into de->sigs[].fp, .fp_list and
 * de->fps. 0, or -1 (ENOMEM). */
int	detect_prefilter_select(struct detect_engine *);
/* The strength Suricata ranks patterns by (more distinct, rarer bytes:
 * stronger). */
uint32_t detect_prefilter_strength(const uint8_t *, uint32_t);

/* The matcher sets of de being planned; NULL (ENOMEM). */
struct detect_prefilter_cache *detect_prefilter_cache_new(
	    const struct detect_engine *);
void	detect_prefilter_cache_free(struct detect_prefilter_cache *);
/* Fills g (always, nalways, nsigs, ntx, pfs with their lists and
 * matcher indexes) from the sig nums sigs[0..n), sorted. Call for the
 * largest groups first: a smaller group's set may then use a close
 * superset's matcher. 0, or -1 with a message in err. */
int	detect_prefilter_group_plan(struct detect_engine *,
	    struct detect_prefilter_cache *, struct detect_group *g,
	    const uint32_t *sigs, size_t n, char *err, size_t errlen);
/* Compiles every planned matcher into de->mpms, on up to threads
 * threads (0: the online CPUs). 0, or -1 with a message in err. */
int	detect_prefilter_build_matchers(struct detect_engine *,
	    struct detect_prefilter_cache *, unsigned threads, char *err,
	    size_t errlen);
/* Fills g's maps (planned with the same sigs) once the matchers are
 * built. 0, or -1 with a message in err. */
int	detect_prefilter_group_map(struct detect_engine *,
	    struct detect_prefilter_cache *, struct detect_group *g,
	    const uint32_t *sigs, size_t n, char *err, size_t errlen);
/* Frees g's prefilters (not the matchers). */
void	detect_prefilter_group_free(struct detect_group *g);
/* Bytes of g's prefilter maps. */
size_t	detect_prefilter_group_bytes(const struct detect_group *g);

#endif
