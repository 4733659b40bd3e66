/* Rate limits of the threshold and detection_filter keywords, with
 * Suricata's semantics, on packet time (p->ts) so offline runs are
 * deterministic. Counters are process-wide (as Suricata's host table):
 * a sharded table of mutex-protected buckets keyed by gid:sid, the kind
 * of tracking and the address(es) (by_both: the lower address first, so
 * both directions count together). They survive engine rebuilds: after
 * a rule reload the same gid:sid continues its windows. by_flow
 * counters live in the flow (see flowvars.h). */
#ifndef QUELL_DETECT_THRESHOLD_H
#define QUELL_DETECT_THRESHOLD_H

#include "core/base.h"

struct flow;
struct packet;
struct rule;

enum detect_threshold_type {
	DETECT_THRESHOLD_LIMIT,		/* first count per window */
	DETECT_THRESHOLD_THRESHOLD,	/* every count-th */
	DETECT_THRESHOLD_BOTH,		/* once, at the count-th */
	DETECT_THRESHOLD_DETECTION,	/* every one after the count-th */
	DETECT_THRESHOLD_RATE,		/* rate_filter: past count in seconds,
					 * new_action for timeout seconds */
};

enum detect_threshold_track {
	DETECT_TRACK_BY_SRC,
	DETECT_TRACK_BY_DST,
	DETECT_TRACK_BY_RULE,
	DETECT_TRACK_BY_BOTH,
	DETECT_TRACK_BY_FLOW,
};

struct detect_threshold {
	enum detect_threshold_type type;
	enum detect_threshold_track track;
	uint32_t	 count;
	uint32_t	 seconds;
	uint8_t		 new_action;	/* RATE: enum detect_action */
	uint32_t	 timeout;	/* RATE: seconds new_action holds */
};

/* What to do with a match of rule r on p. */
enum detect_threshold_result {
	DETECT_THRESHOLD_DROP_MATCH,	/* as if the rule had not matched */
	DETECT_THRESHOLD_ALERT,		/* act and alert */
	DETECT_THRESHOLD_SILENT,	/* act, do not alert */
};

#define DETECT_THRESHOLD_ENTRIES_MAX	(1u << 18)	/* all shards */

enum detect_threshold_result detect_threshold_check(
	    const struct detect_threshold *, const struct rule *r,
	    const struct packet *p);
/* A rate_filter (type RATE) on a match of r on p, as Suricata's: the
 * match always alerts; the return is t->new_action while the filter is
 * active (from the match after the count-th within seconds, for timeout
 * seconds), else -1. */
int	detect_threshold_rate(const struct detect_threshold *,
	    const struct rule *r, const struct packet *p);
/* Forgets every counter (tests; never needed in the daemon). */
void	detect_threshold_reset(void);
/* Counters in the table (not the per-flow ones). */
size_t	detect_threshold_entries(void);

#endif
