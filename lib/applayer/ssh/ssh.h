/* SSH (lib/applayer/ssh/): the registry entry, and what tests and the
 * fuzz target reach without the framework.
 *
 * As Suricata's (rust/src/ssh): one transaction per flow (id 0) holding
 * both sides' banner (protocol and software version) and key exchange
 * (the KEXINIT's algorithm lists as hassh / hassh.server: the string
 * and its MD5). Progress per direction is Suricata's SSHConnectionState:
 * SSH_PROGRESS_IN_PROGRESS, _BANNER_WAIT_EOL (a banner longer than 256
 * bytes without its end yet), _BANNER_DONE, _FINISHED (this side's
 * NEWKEYS: the rest is encrypted); the tx is complete once both sides
 * finished. */
#ifndef QUELL_APPLAYER_SSH_SSH_H
#define QUELL_APPLAYER_SSH_SSH_H

#include "core/base.h"
#include "applayer/parser.h"

extern const struct applayer_parser applayer_ssh_parser;

enum {
	SSH_PROGRESS_IN_PROGRESS,
	SSH_PROGRESS_BANNER_WAIT_EOL,
	SSH_PROGRESS_BANNER_DONE,
	SSH_PROGRESS_FINISHED,
};

/* Suricata's events (ssh-events.rules), by index */
enum {
	SSH_EV_INVALID_BANNER,
	SSH_EV_LONG_BANNER,
	SSH_EV_INVALID_RECORD,
	SSH_EV_LONG_KEX_RECORD,
	SSH_EV_MAX
};

/* The cfg of state_new (NULL: the defaults). */
struct applayer_ssh_config {
	bool		 log_hassh;	/* app-layer.protocols.ssh.hassh */
};

#endif
