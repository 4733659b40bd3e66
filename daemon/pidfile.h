/* The pidfile: one decimal process id and a newline. A second quelld
 * refuses to start while the first one lives; a pidfile left behind by a
 * process that is gone (crash, kill -9, reboot without /run on tmpfs) is
 * replaced. */
#ifndef QUELL_DAEMON_PIDFILE_H
#define QUELL_DAEMON_PIDFILE_H

#include "core/base.h"

#include <sys/types.h>

/* Creates path (O_EXCL, mode 0644, not through a symbolic link) holding
 * getpid(), owned by owner:group so the process can still rewrite it
 * after dropping root ((uid_t)-1 / (gid_t)-1 leave the owner as is).
 *
 * If path exists and names a live process other than us, refuses:
 * "PATH: quelld already running as pid N". If it names a dead process,
 * our own pid (a previous life of a restarted container) or holds no pid
 * at all, it is stale: it is replaced and err says so.
 *
 * Returns 0 when created, 1 when a stale pidfile was replaced (err holds
 * a line worth logging), -1 on error (err holds the reason). */
int	pidfile_create(const char *path, uid_t owner, gid_t group, char *err,
	    size_t errlen);

/* Removes path if it still holds our pid. When the directory does not let
 * the unprivileged process unlink it, empties it instead, which the next
 * start treats as stale. Never fails visibly: it runs at exit. */
void	pidfile_remove(const char *path);

#endif
