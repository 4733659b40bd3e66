#include "core/base.h"

#include <errno.h>
#include <string.h>

#include "core/exception.h"

const char *const exception_policy_names[EXCEPTION_NPOLICIES + 1] = {
	[EXCEPTION_AUTO]	= "auto",
	[EXCEPTION_IGNORE]	= "ignore",
	[EXCEPTION_DROP_FLOW]	= "drop-flow",
	[EXCEPTION_DROP_PACKET]	= "drop-packet",
	[EXCEPTION_PASS_FLOW]	= "pass-flow",
	[EXCEPTION_PASS_PACKET]	= "pass-packet",
	[EXCEPTION_BYPASS]	= "bypass",
	[EXCEPTION_REJECT]	= "reject",
	[EXCEPTION_NPOLICIES]	= NULL,
};

static const char *const counter_actions[EXCEPTION_NPOLICIES] = {
	[EXCEPTION_AUTO]	= "auto",
	[EXCEPTION_IGNORE]	= "ignore",
	[EXCEPTION_DROP_FLOW]	= "drop_flow",
	[EXCEPTION_DROP_PACKET]	= "drop_packet",
	[EXCEPTION_PASS_FLOW]	= "pass_flow",
	[EXCEPTION_PASS_PACKET]	= "pass_packet",
	[EXCEPTION_BYPASS]	= "bypass",
	[EXCEPTION_REJECT]	= "reject",
};

static const struct {
	const char	*key;
	const char	*counter;
	const char	*drop_reason;
} causes[EXCEPTION_NCAUSES] = {
	[EXCEPTION_CAUSE_STREAM_MEMCAP] = { "stream.memcap-policy",
	    "exception_policy.tcp.ssn_memcap", "stream memcap" },
	[EXCEPTION_CAUSE_REASSEMBLY_MEMCAP] = {
	    "stream.reassembly.memcap-policy",
	    "exception_policy.tcp.reassembly", "stream reassembly" },
	[EXCEPTION_CAUSE_MIDSTREAM] = { "stream.midstream-policy",
	    "exception_policy.tcp.midstream", "stream midstream" },
	[EXCEPTION_CAUSE_APPLAYER_ERROR] = { "app-layer.error-policy",
	    "exception_policy.app_layer.error", "applayer error" },
};

const char *
exception_policy_name(enum exception_policy p)
{
	if ((unsigned)p >= EXCEPTION_NPOLICIES)
		return NULL;
	return exception_policy_names[p];
}

int
exception_policy_lookup(const char *name)
{
	for (int i = 0; i < EXCEPTION_NPOLICIES; i++)
		if (strcmp(exception_policy_names[i], name) == 0)
			return i;
	return -1;
}

const char *
exception_cause_counter(enum exception_cause c)
{
	if ((unsigned)c >= EXCEPTION_NCAUSES)
		return NULL;
	return causes[c].counter;
}

const char *
exception_cause_drop_reason(enum exception_cause c)
{
	if ((unsigned)c >= EXCEPTION_NCAUSES)
		return NULL;
	return causes[c].drop_reason;
}

const char *
exception_cause_key(enum exception_cause c)
{
	if ((unsigned)c >= EXCEPTION_NCAUSES)
		return NULL;
	return causes[c].key;
}

const char *
exception_policy_counter(enum exception_policy p)
{
	if ((unsigned)p >= EXCEPTION_NPOLICIES)
		return NULL;
	return counter_actions[p];
}

int
exception_policy_resolve(enum exception_cause c, const char *master,
    const char *own, bool ips)
{
	const char *name = own != NULL && own[0] != '\0' ? own : master;
	int p;

	if ((unsigned)c >= EXCEPTION_NCAUSES) {
		errno = EINVAL;
		return -1;
	}
	p = exception_policy_lookup(name != NULL && name[0] != '\0' ? name :
	    "auto");
	if (p < 0) {
		errno = EINVAL;
		return -1;
	}
	if (p == EXCEPTION_AUTO)
		p = ips ? EXCEPTION_DROP_FLOW : EXCEPTION_IGNORE;
	if (c == EXCEPTION_CAUSE_MIDSTREAM && (p == EXCEPTION_DROP_PACKET ||
	    p == EXCEPTION_PASS_PACKET)) {
		/* the master's per-packet action becomes the flow's, as
		 * Suricata falls back from drop-flow to drop-packet where a
		 * flow action is impossible, the other way round here */
		if (own == NULL || own[0] == '\0')
			return p == EXCEPTION_DROP_PACKET ?
			    EXCEPTION_DROP_FLOW : EXCEPTION_PASS_FLOW;
		errno = EINVAL;
		return -1;
	}
	return p;
}
