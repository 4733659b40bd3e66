/* quelld's own control-socket commands (the generic ones live in
 * lib/control/commands.c). */
#ifndef QUELL_DAEMON_CONTROL_CMDS_H
#define QUELL_DAEMON_CONTROL_CMDS_H

#include "core/base.h"

struct control_command;
struct quell_config;
struct quelld_options;
struct runmode;

struct control_ctx {
	const struct quell_config *cfg;
	const struct quelld_options *opts;
	struct runmode		*rm;
};

/* The sorted command table for control_server_start(). */
const struct control_command *control_cmds_table(size_t *n);

#endif
