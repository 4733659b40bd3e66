#include "core/base.h"

#include "bypass/config.h"

void
bypass_config_default(struct bypass_config *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	cfg->method = BYPASS_METHOD_CONNTRACK;
	cfg->mark = 0x40000000;
	cfg->mask = 0x40000000;
	cfg->max_flows = 65536;
	cfg->poll_interval = 5;
	cfg->restore = true;
	cfg->ring_size = 1024;
	cfg->restart = BYPASS_RESTART_SPLIT;
}

const char *
bypass_config_check(const struct bypass_config *cfg)
{
	if (cfg->method != BYPASS_METHOD_CONNTRACK &&
	    cfg->method != BYPASS_METHOD_MARK)
		return "nfq.bypass-method: must be conntrack or mark";
	if (cfg->mark == 0)
		return "nfq.bypass-mark: must not be 0";
	if ((cfg->mark & ~cfg->mask) != 0)
		return "nfq.bypass-mark: has bits outside nfq.bypass-mask";
	if (cfg->max_flows < 1 || cfg->max_flows > BYPASS_MAX_FLOWS_MAX)
		return "bypass.max-flows: must be 1 to 16777216";
	if (cfg->poll_interval < 1 || cfg->poll_interval > BYPASS_POLL_MAX)
		return "bypass.poll-interval: must be 1 to 3600 (seconds)";
	if (cfg->ring_size < 1 || cfg->ring_size > BYPASS_RING_MAX)
		return "bypass.ring-size: must be 1 to 65536";
	if (cfg->restart != BYPASS_RESTART_SPLIT &&
	    cfg->restart != BYPASS_RESTART_WHOLE)
		return "bypass.restart-accounting: must be split or whole";
	return NULL;
}

const char *
bypass_method_name(enum bypass_method m)
{
	switch (m) {
	case BYPASS_METHOD_CONNTRACK:
		return "conntrack";
	case BYPASS_METHOD_MARK:
		return "mark";
	}
	return NULL;
}

const char *
bypass_restart_name(enum bypass_restart r)
{
	switch (r) {
	case BYPASS_RESTART_SPLIT:
		return "split";
	case BYPASS_RESTART_WHOLE:
		return "whole";
	}
	return NULL;
}
