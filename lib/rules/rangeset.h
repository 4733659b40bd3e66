/* Sets of unsigned integers up to 128 bits wide, kept as sorted, disjoint,
 * non-adjacent closed ranges. Address and port expressions of rule headers
 * (lists, negation, variables) compile into these, so a header field is
 * matched with one binary search whatever the expression looked like. */
#ifndef QUELL_RULES_RANGESET_H
#define QUELL_RULES_RANGESET_H

#include "core/base.h"

struct rules_u128 {
	uint64_t	hi;
	uint64_t	lo;
};

struct rules_range {
	struct rules_u128 first;
	struct rules_u128 last;		/* inclusive */
};

struct rules_rangeset {
	struct rules_range *r;
	size_t		 n;
	size_t		 cap;
};

void	rules_rangeset_init(struct rules_rangeset *);
void	rules_rangeset_free(struct rules_rangeset *);
/* Adds [first, last]; the set stays normalized. 0, or -1 (ENOMEM). */
int	rules_rangeset_add(struct rules_rangeset *, struct rules_u128 first,
	    struct rules_u128 last);
/* dst |= src. 0, or -1 (ENOMEM). */
int	rules_rangeset_union(struct rules_rangeset *dst,
	    const struct rules_rangeset *src);
/* Appends src's ranges to dst without normalizing, so building a set of n
 * items costs one sort instead of n; call rules_rangeset_normalize()
 * before any other operation on dst. 0, or -1 (ENOMEM). */
int	rules_rangeset_append(struct rules_rangeset *dst,
	    const struct rules_rangeset *src);
void	rules_rangeset_normalize(struct rules_rangeset *);
/* dst = [min, max] \ src; dst must not be src. 0, or -1 (ENOMEM). */
int	rules_rangeset_complement(struct rules_rangeset *dst,
	    const struct rules_rangeset *src, struct rules_u128 min,
	    struct rules_u128 max);
/* a \= b within [min, max]. 0, or -1 (ENOMEM). */
int	rules_rangeset_subtract(struct rules_rangeset *a,
	    const struct rules_rangeset *b, struct rules_u128 min,
	    struct rules_u128 max);
/* Moves src into dst (freeing what dst held); src is left empty. */
void	rules_rangeset_move(struct rules_rangeset *dst,
	    struct rules_rangeset *src);
bool	rules_rangeset_contains(const struct rules_rangeset *,
	    struct rules_u128 v);
bool	rules_rangeset_is_full(const struct rules_rangeset *,
	    struct rules_u128 min, struct rules_u128 max);

int	rules_u128_cmp(struct rules_u128, struct rules_u128);

#endif
