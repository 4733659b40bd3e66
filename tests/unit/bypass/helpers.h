/* What the bypass tests share: keys from address text, and real flows
 * taken out of a flow table, as workers hand them to the manager. */
#ifndef QUELL_TESTS_UNIT_BYPASS_HELPERS_H
#define QUELL_TESTS_UNIT_BYPASS_HELPERS_H

#include "core/base.h"
#include "bypass/key.h"
#include "flow/flow.h"

/* A TCP (or UDP, ICMP: proto) key; sport is the ICMP id, dport its type. */
struct bypass_key tkey(uint8_t proto, const char *src, uint16_t sport,
	    const char *dst, uint16_t dport);

/* A detached TCP flow src:sport -> dst:dport (one SYN seen), with
 * detection variables hung on it (freed through tvars_free). Free it
 * with flow_free(f, tvars_free) or hand it over. */
struct flow *tflow_new(const char *src, uint16_t sport, const char *dst,
	    uint16_t dport);
/* A detached flow of a non-first TCP fragment: keyed without ports. */
struct flow *tflow_fragment(const char *src, const char *dst);
/* Frees the flow table tflow_* used (its flows are all detached). */
void	tflow_cleanup(void);

/* Counts calls, then frees its argument. */
extern unsigned int tvars_freed_count;
void	tvars_release(void *);

#endif
