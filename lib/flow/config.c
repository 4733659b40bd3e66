#include "core/base.h"

#include "flow/config.h"

/* suricata.yaml's flow-timeouts, seconds: new, established, closed,
 * bypassed; then the emergency values. */
static const uint32_t
default_timeouts[FLOW_PROTO_COUNT][FLOW_TIMEOUT_KINDS] = {
	[FLOW_PROTO_DEFAULT] =	{ 30, 300, 0, 100 },
	[FLOW_PROTO_TCP] =	{ 60, 600, 60, 100 },
	[FLOW_PROTO_UDP] =	{ 30, 300, 0, 100 },
	[FLOW_PROTO_ICMP] =	{ 30, 300, 0, 100 },
};
static const uint32_t
default_emergency[FLOW_PROTO_COUNT][FLOW_TIMEOUT_KINDS] = {
	[FLOW_PROTO_DEFAULT] =	{ 10, 100, 0, 50 },
	[FLOW_PROTO_TCP] =	{ 5, 100, 10, 50 },
	[FLOW_PROTO_UDP] =	{ 10, 100, 0, 50 },
	[FLOW_PROTO_ICMP] =	{ 10, 100, 0, 50 },
};

static const char *const proto_names[FLOW_PROTO_COUNT] = {
	[FLOW_PROTO_DEFAULT] = "default",
	[FLOW_PROTO_TCP] = "tcp",
	[FLOW_PROTO_UDP] = "udp",
	[FLOW_PROTO_ICMP] = "icmp",
};

static const char *const timeout_names[FLOW_TIMEOUT_KINDS] = {
	[FLOW_TIMEOUT_NEW] = "new",
	[FLOW_TIMEOUT_ESTABLISHED] = "established",
	[FLOW_TIMEOUT_CLOSED] = "closed",
	[FLOW_TIMEOUT_BYPASSED] = "bypassed",
};

void
flow_config_default(struct flow_table_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->memcap = 128u << 20;
	cfg->hash_size = 65536;
	cfg->prealloc = 10000;
	cfg->emergency_recovery = 30;
	cfg->midstream = true;
	cfg->liberal_timestamps = true;
	cfg->tcp_max_syn_queued = 10;	/* Suricata's STREAMTCP_DEFAULT_MAX_SYN_QUEUED */
	cfg->bypass_after = 0;
	memcpy(cfg->timeouts, default_timeouts, sizeof(cfg->timeouts));
	memcpy(cfg->emergency_timeouts, default_emergency,
	    sizeof(cfg->emergency_timeouts));
}

const char *
flow_config_check(const struct flow_table_config *cfg)
{
	if (cfg->memcap == 0)
		return "flow.memcap: must be more than 0";
	if (cfg->hash_size == 0 || cfg->hash_size > 1u << 30)
		return "flow.hash-size: must be 1 to 1073741824";
	if (cfg->emergency_recovery < 1 || cfg->emergency_recovery > 100)
		return "flow.emergency-recovery: must be 1 to 100 (percent)";
	return NULL;
}

void
flow_config_per_table(struct flow_table_config *cfg, unsigned int ntables)
{
	if (ntables <= 1)
		return;
	cfg->memcap /= ntables;
	cfg->hash_size /= ntables;
	cfg->prealloc /= ntables;
	if (cfg->memcap == 0)
		cfg->memcap = 1;
	if (cfg->hash_size == 0)
		cfg->hash_size = 1;
}

const char *
flow_config_proto_name(enum flow_proto proto)
{
	if ((unsigned int)proto >= FLOW_PROTO_COUNT)
		return NULL;
	return proto_names[proto];
}

const char *
flow_config_timeout_name(enum flow_timeout_kind kind)
{
	if ((unsigned int)kind >= FLOW_TIMEOUT_KINDS)
		return NULL;
	return timeout_names[kind];
}
