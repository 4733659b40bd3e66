#include "core/base.h"

#include "flow/flow.h"

/* request/reply (or solicit/advert) type pairs */
static const uint8_t icmp4_counterparts[][2] = {
	{ 8, 0 },	/* echo, echo reply */
	{ 13, 14 },	/* timestamp */
	{ 15, 16 },	/* information */
	{ 10, 9 },	/* router solicitation, advertisement */
	{ 17, 18 },	/* address mask */
};
static const uint8_t icmp6_counterparts[][2] = {
	{ 128, 129 },	/* echo */
	{ 135, 136 },	/* neighbor solicitation, advertisement */
	{ 133, 134 },	/* router solicitation, advertisement */
	{ 130, 131 },	/* multicast listener query, report */
	{ 139, 140 },	/* node information query, reply */
	{ 144, 145 },	/* home agent address discovery */
	{ 146, 147 },	/* mobile prefix solicitation, advertisement */
	{ 148, 149 },	/* certification path solicitation, advertisement */
	{ 151, 152 },	/* multicast router advertisement, solicitation */
	{ 157, 158 },	/* duplicate address request, confirmation */
};

int
flow_icmp_counterpart(uint8_t ip_version, uint8_t type)
{
	const uint8_t (*t)[2] = ip_version == 6 ? icmp6_counterparts :
	    icmp4_counterparts;
	size_t n = ip_version == 6 ? QUELL_NITEMS(icmp6_counterparts) :
	    QUELL_NITEMS(icmp4_counterparts);

	for (size_t i = 0; i < n; i++) {
		if (t[i][0] == type)
			return t[i][1];
		if (t[i][1] == type)
			return t[i][0];
	}
	return -1;
}

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
