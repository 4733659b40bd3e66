/* eve's "ssh" object, Suricata 7's (rust/src/ssh/logger.rs). */
#ifndef QUELL_APPLAYER_SSH_LOGGER_H
#define QUELL_APPLAYER_SSH_LOGGER_H

#include "core/base.h"

struct json_t;

/* The parser's log_tx: {"client": {proto_version, software_version,
 * hassh: {hash, string}}, "server": {...}}; a side without a banner is
 * left out, hassh only with app-layer.protocols.ssh.hassh. -1 when
 * neither side has a banner (Suricata logs nothing then). */
int	applayer_ssh_log_tx(void *state, void *tx, struct json_t *out);

#endif
