/* Settings of the bypass manager, filled from YAML by lib/config:
 *
 *   nfq.bypass-method    "conntrack" (default): the manager sets the
 *                        conntrack mark over ctnetlink; "mark": the
 *                        verdict carries the mark (CONNMARK --save-mark
 *                        recipes), the manager only accounts
 *   nfq.bypass-mark      u32, default 0x40000000, non-zero, inside the mask
 *   nfq.bypass-mask      u32, default 0x40000000
 *   bypass.max-flows     1..16777216, default 65536: bypassed flows the
 *                        table holds; more fall back to local bypass
 *   bypass.poll-interval seconds, 1..3600, default 5: conntrack counters
 *                        of bypassed flows are read this often
 *   bypass.restore       bool, default yes: rebuild the table at start
 *                        from conntrack entries carrying the mark
 *   bypass.ring-size     1..65536, default 1024 (rounded up to a power
 *                        of two): bypass requests in flight per worker
 *   bypass.restart-accounting
 *                        "split" (default): at stop every bypassed flow
 *                        gets a "shutdown" record; after a restart its
 *                        record counts what passed since the restart.
 *                        "whole": at stop flows still alive in conntrack
 *                        get no record (they stay bypassed for the next
 *                        start); after a restart the record carries
 *                        conntrack's totals of the whole connection, so
 *                        a flow is logged once, across restarts, with
 *                        nothing lost (but never, if quell does not come
 *                        back). Both runs must use the same value. */
#ifndef QUELL_BYPASS_CONFIG_H
#define QUELL_BYPASS_CONFIG_H

#include "core/base.h"

enum bypass_method {
	BYPASS_METHOD_CONNTRACK,
	BYPASS_METHOD_MARK,
};

enum bypass_restart {
	BYPASS_RESTART_SPLIT,
	BYPASS_RESTART_WHOLE,
};

struct bypass_config {
	enum bypass_method method;
	uint32_t	 mark;
	uint32_t	 mask;
	uint32_t	 max_flows;
	uint32_t	 poll_interval;		/* seconds */
	bool		 restore;
	uint32_t	 ring_size;
	enum bypass_restart restart;
};

#define BYPASS_MAX_FLOWS_MAX	(1u << 24)
#define BYPASS_POLL_MAX		3600
#define BYPASS_RING_MAX		65536

void	bypass_config_default(struct bypass_config *);
/* NULL when cfg is usable, else what is wrong (a static string naming
 * the YAML key). */
const char *bypass_config_check(const struct bypass_config *);
/* "conntrack", "mark"; NULL when out of range */
const char *bypass_method_name(enum bypass_method);
/* "split", "whole"; NULL when out of range */
const char *bypass_restart_name(enum bypass_restart);

#endif
