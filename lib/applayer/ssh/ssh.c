/* The SSH entry of the app-layer registry. */
#include "core/base.h"

#include <stdio.h>

#include "applayer/ssh/buffers.h"
#include "applayer/ssh/logger.h"
#include "applayer/ssh/ssh.h"
#include "applayer/ssh/state.h"
#include "config/config.h"

#define TS	(1u << APPLAYER_TOSERVER)
#define TC	(1u << APPLAYER_TOCLIENT)

/* Suricata's (app-layer-ssh.c): "SSH-" at the start of either side's
 * data, any case; no probe, no ports. */
static const struct applayer_pattern patterns[] = {
	{ "SSH-", 4, 0, 4, TS | TC, true },
};

/* ssh-events.rules' names (Suricata 7's SSHEvent) */
static const char *const events[SSH_EV_MAX] = {
	[SSH_EV_INVALID_BANNER] = "invalid_banner",
	[SSH_EV_LONG_BANNER] = "long_banner",
	[SSH_EV_INVALID_RECORD] = "invalid_record",
	[SSH_EV_LONG_KEX_RECORD] = "long_kex_record",
};

static void *
ssh_config_new(const struct quell_config *qc, char *err, size_t errlen)
{
	struct applayer_ssh_config *c = calloc(1, sizeof(*c));

	if (c == NULL) {
		snprintf(err, errlen, "ssh: out of memory");
		return NULL;
	}
	c->log_hassh = qc->ssh_hassh;
	return c;
}

static void
ssh_config_free(void *cfg)
{
	free(cfg);
}

const struct applayer_parser applayer_ssh_parser = {
	.name = "ssh",
	.proto = APPLAYER_PROTO_SSH,
	.ipprotos = APPLAYER_IPPROTO_TCP,
	.patterns = patterns,
	.npatterns = QUELL_NITEMS(patterns),
	.probe = NULL,
	.default_ports = NULL,
	.config_new = ssh_config_new,
	.config_free = ssh_config_free,
	.state_new = applayer_ssh_state_new,
	.state_free = applayer_ssh_state_free,
	.parse = applayer_ssh_state_parse,
	.state_flags = applayer_ssh_state_flags,
	.tx_count = applayer_ssh_state_tx_count,
	.tx_get = applayer_ssh_state_tx_get,
	.tx_id = applayer_ssh_state_tx_id,
	.tx_free = applayer_ssh_state_tx_free,
	.tx_progress = applayer_ssh_state_tx_progress,
	.complete = { SSH_PROGRESS_FINISHED, SSH_PROGRESS_FINISHED },
	.tx_data = applayer_ssh_state_tx_data,
	.events = events,
	.nevents = SSH_EV_MAX,
	.buffers = applayer_ssh_buffers,
	.nbuffers = APPLAYER_SSH_NBUFFERS,
	.log_tx = applayer_ssh_log_tx,
	.log_tx_id = true,
};
