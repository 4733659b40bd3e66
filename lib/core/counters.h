/* Single-writer counters: the owning thread increments with a plain
 * load and a relaxed store (a normal mov on x86), other threads read
 * with a relaxed load. No locked instructions on the packet path. */
#ifndef QUELL_CORE_COUNTERS_H
#define QUELL_CORE_COUNTERS_H

#include "core/base.h"

static inline void
counter_add(uint64_t *c, uint64_t n)
{
	__atomic_store_n(c, *c + n, __ATOMIC_RELAXED);
}

static inline void
counter_inc(uint64_t *c)
{
	counter_add(c, 1);
}

static inline uint64_t
counter_get(const uint64_t *c)
{
	return __atomic_load_n(c, __ATOMIC_RELAXED);
}

#endif
