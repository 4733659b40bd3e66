#include "core/base.h"

#include "flow/flow.h"

const char *
flow_state_name(enum flow_state state)
{
	switch (state) {
	case FLOW_STATE_NEW:
		return "new";
	case FLOW_STATE_ESTABLISHED:
		return "established";
	case FLOW_STATE_CLOSED:
		return "closed";
	}
	return "unknown";
}

const char *
flow_end_reason_name(enum flow_end_reason reason)
{
	switch (reason) {
	case FLOW_END_TIMEOUT:
		return "timeout";
	case FLOW_END_SHUTDOWN:
		return "shutdown";
	case FLOW_END_FORCED:
		return "forced";
	case FLOW_END_TCP_REUSE:
		return "tcp_reuse";
	}
	return "unknown";
}
