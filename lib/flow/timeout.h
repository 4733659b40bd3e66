/* Which timeout applies to a flow, and whether it has passed. A flow
 * times out when no packet was seen for its timeout: the protocol
 * class (flow_timeout_proto) and kind (flow_timeout_kind) pick the
 * value, the emergency set while the table is in emergency mode. */
#ifndef QUELL_FLOW_TIMEOUT_H
#define QUELL_FLOW_TIMEOUT_H

#include "core/base.h"

#include <time.h>

#include "flow/config.h"
#include "flow/flow.h"

/* TCP, UDP, ICMP (ICMP and ICMPv6), or DEFAULT for any other IPPROTO_*. */
enum flow_proto	flow_timeout_proto(uint8_t ipproto);
/* BYPASSED while FLOW_F_BYPASSED is set, else by f->state. */
enum flow_timeout_kind flow_timeout_kind(const struct flow *);
/* Seconds without packets after which f times out. */
uint32_t	flow_timeout_get(const struct flow_table_config *,
		    const struct flow *, bool emergency);
/* True when now is at least timeout seconds after last (a flow's
 * last_ts). */
bool		flow_timeout_passed(const struct timespec *last, uint32_t timeout,
		    const struct timespec *now);

#endif
