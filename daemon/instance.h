/* Side-by-side quelld: each instance has a name (--instance NAME, or
 * one made from its queues: "q0", "q0-3", "q1,5") and its own control
 * socket in the run directory, so two quelld that differ only in their
 * queues never collide. */
#ifndef QUELL_DAEMON_INSTANCE_H
#define QUELL_DAEMON_INSTANCE_H

#include "core/base.h"

#define INSTANCE_NAME_MAX	64

/* Letters, digits, '.', '_', '-', ',' only; 1..INSTANCE_NAME_MAX-1. */
bool	instance_name_valid(const char *);
/* "q0", "q0-3,7" from the queue numbers (in their order); "" for none. */
void	instance_name_from_queues(const uint16_t *queues, size_t n,
	    char *buf, size_t len);
/* The run directory: $RUNTIME_DIRECTORY (systemd's RuntimeDirectory=,
 * the first of a ':' list) or RUNSTATEDIR/quell. */
void	instance_rundir(char *buf, size_t len);
/* <rundir>/quell-<name>.socket, or <rundir>/quell.socket for "". */
void	instance_socket_path(const char *name, char *buf, size_t len);

#endif
