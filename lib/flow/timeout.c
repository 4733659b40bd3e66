#include "core/base.h"

#include <netinet/in.h>
#include <time.h>

#include "flow/config.h"
#include "flow/flow.h"
#include "flow/timeout.h"

enum flow_proto
flow_timeout_proto(uint8_t ipproto)
{
	switch (ipproto) {
	case IPPROTO_TCP:
		return FLOW_PROTO_TCP;
	case IPPROTO_UDP:
		return FLOW_PROTO_UDP;
	case IPPROTO_ICMP:
	case IPPROTO_ICMPV6:
		return FLOW_PROTO_ICMP;
	default:
		return FLOW_PROTO_DEFAULT;
	}
}

enum flow_timeout_kind
flow_timeout_kind(const struct flow *f)
{
	if (f->flags & FLOW_F_BYPASSED)
		return FLOW_TIMEOUT_BYPASSED;
	switch (f->state) {
	case FLOW_STATE_ESTABLISHED:
		return FLOW_TIMEOUT_ESTABLISHED;
	case FLOW_STATE_CLOSED:
		return FLOW_TIMEOUT_CLOSED;
	case FLOW_STATE_NEW:
	default:
		return FLOW_TIMEOUT_NEW;
	}
}

uint32_t
flow_timeout_get(const struct flow_table_config *cfg, const struct flow *f,
    bool emergency)
{
	enum flow_proto proto = flow_timeout_proto(f->proto);
	enum flow_timeout_kind kind = flow_timeout_kind(f);

	if (emergency)
		return cfg->emergency_timeouts[proto][kind];
	return cfg->timeouts[proto][kind];
}

bool
flow_timeout_passed(const struct timespec *last, uint32_t timeout,
    const struct timespec *now)
{
	time_t deadline = last->tv_sec + (time_t)timeout;

	if (now->tv_sec != deadline)
		return now->tv_sec > deadline;
	return now->tv_nsec >= last->tv_nsec;
}
