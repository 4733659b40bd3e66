/* Turns the rules that matched a packet into its verdict and alerts. */
#ifndef QUELL_DETECT_VERDICT_H
#define QUELL_DETECT_VERDICT_H

#include "core/base.h"
#include "detect/engine.h"

struct rule;

/* matched[0..n) in load order; fills all of res (see detect_packet()). */
void	detect_verdict_resolve(const struct rule *const *matched, size_t n,
	    struct detect_result *res);

#endif
