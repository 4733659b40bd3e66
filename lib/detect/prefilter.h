/* The multi-pattern prefilters. Each rule contributes at most one fast
 * pattern, chosen from any of its buffers with Suricata's priorities
 * (detect_prefilter_select()); each group then has one prefilter per
 * buffer its rules' fast patterns are on. A packet (or transaction)
 * evaluates only the group's rules whose fast pattern occurs in its
 * buffer, plus the rules that have none; a rule whose fast pattern is
 * on a buffer the packet lacks is no candidate.
 *
 * A prefilter's matcher holds exactly the group's patterns for that
 * buffer; groups (and buffers) with the same pattern set share one
 * matcher (Suricata's sgh-mpm-context: auto), so the engine's memory
 * follows the distinct pattern sets, and a group's maps are sized by its
 * own patterns, never by another group's. */
#ifndef QUELL_DETECT_PREFILTER_H
#define QUELL_DETECT_PREFILTER_H

#include "core/base.h"

struct detect_engine;
struct detect_group;
struct mpm;

struct detect_prefilter {
	const struct mpm *mpm;		/* owned by the engine, shared */
	uint8_t		 buffer;	/* enum detect_buffer_id */
	uint32_t	 npat;		/* the matcher's patterns */
	uint32_t	 nsigs;		/* rules it selects from */
	uint32_t	*sig_off;	/* npat + 1: rules of pattern i are */
	uint32_t	*sig_ids;	/* sig_ids[sig_off[i]..sig_off[i+1]) */
};

struct detect_prefilter_cache;

/* Chooses every rule's fast pattern into de->sigs[].fp, .fp_buffer and
 * de->fps. 0, or -1 (ENOMEM). */
int	detect_prefilter_select(struct detect_engine *);
/* The strength Suricata ranks patterns by (more distinct, rarer bytes:
 * stronger). */
uint32_t detect_prefilter_strength(const uint8_t *, uint32_t);

struct detect_prefilter_cache *detect_prefilter_cache_new(void);
void	detect_prefilter_cache_free(struct detect_prefilter_cache *);
/* Fills g (always, nalways, nsigs, ntx, pfs) from the sig nums
 * sigs[0..n), sorted: one prefilter per buffer, its matcher from cache
 * or built (owned by de). 0, or -1 with a message in err. */
int	detect_prefilter_group(struct detect_engine *,
	    struct detect_prefilter_cache *, struct detect_group *g,
	    const uint32_t *sigs, size_t n, char *err, size_t errlen);
/* Frees g's prefilters (not the matchers). */
void	detect_prefilter_group_free(struct detect_group *g);
/* Bytes of g's prefilter maps. */
size_t	detect_prefilter_group_bytes(const struct detect_group *g);

#endif
