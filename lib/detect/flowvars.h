/* Detection's per-flow state, kept in struct flow.detect_vars (owned by
 * lib/detect, allocated on first write): the flowbits that are set, the
 * flowints, the flowvars, and per-flow rate-limit counters. Keys are ids from
 * detect/names.h, so they survive rule reloads. The flow belongs to one
 * worker: nothing here is locked. */
#ifndef QUELL_DETECT_FLOWVARS_H
#define QUELL_DETECT_FLOWVARS_H

#include "core/base.h"

struct flow;

#define DETECT_FLOWVARS_MAX	1024	/* entries of each kind per flow */

bool	detect_flowvars_bit_isset(const struct flow *, uint32_t id);
/* 0, or -1 when memory or the per-flow cap ran out (the bit stays
 * unset). */
int	detect_flowvars_bit_set(struct flow *, uint32_t id);
void	detect_flowvars_bit_unset(struct flow *, uint32_t id);

bool	detect_flowvars_int_get(const struct flow *, uint32_t id,
	    uint32_t *value);
int	detect_flowvars_int_set(struct flow *, uint32_t id, uint32_t value);

/* Flowvars (pcre captures into flow:NAME): a byte string per id. set
 * copies val[0..len) (len at most DETECT_FLOWVARS_VAR_MAX), replacing
 * the value the flow had; 0, or -1 when memory or the cap ran out. get
 * points *val into the flow's copy (valid until the next set). */
#define DETECT_FLOWVARS_VAR_MAX	65535
int	detect_flowvars_var_set(struct flow *, uint32_t id, const uint8_t *val,
	    size_t len);
bool	detect_flowvars_var_get(const struct flow *, uint32_t id,
	    const uint8_t **val, size_t *len);
/* For eve's metadata.flowvars: var(name, value, len) for each flowvar,
 * in the order they were first set (Suricata's list order). */
void	detect_flowvars_each_var(const struct flow *,
	    void (*var)(const char *name, const uint8_t *val, size_t len,
	    void *arg), void *arg);

/* For eve's metadata: calls bit(name) for each flowbit set on the flow
 * and integer(name, value) for each flowint, in the order the
 * flow holds them. */
void	detect_flowvars_each(const struct flow *,
	    void (*bit)(const char *name, void *arg),
	    void (*integer)(const char *name, uint32_t value, void *arg),
	    void *arg);

/* The flow's tags (tag:session, see detect/tag.h). */
struct detect_tag;
struct packet;
void	detect_flowvars_tag_add(struct flow *, uint32_t gid, uint32_t sid,
	    const struct detect_tag *, int64_t now_sec);
bool	detect_flowvars_tag_packet(struct flow *, const struct packet *);

/* A rate-limit counter of this flow for gid:sid, created zeroed when
 * absent (NULL when memory or the cap ran out). */
struct detect_flowvars_counter {
	uint32_t	 gid;
	uint32_t	 sid;
	uint64_t	 start_ns;	/* window start */
	uint32_t	 count;
};
struct detect_flowvars_counter *detect_flowvars_counter(struct flow *,
	    uint32_t gid, uint32_t sid, bool *created);

#endif
