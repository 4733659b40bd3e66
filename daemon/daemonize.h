/* Going to the background (-D) so that the exit status of `quelld -D`
 * tells whether the daemon came up: the command returns 0 only once the
 * daemon has bound its queues and loaded its rules, and 1 if it died
 * before. Under systemd use Type=notify and no -D.
 *
 *	fd = daemonize_start(err, sizeof(err));  (the caller's process
 *						   waits here and exits)
 *	... privileged setup, pidfile, drop, threads; errors still go to
 *	    the terminal's stderr and end the start ...
 *	daemonize_ready(fd, err, sizeof(err));   (stdio to /dev/null; the
 *						   waiting command exits 0) */
#ifndef QUELL_DAEMON_DAEMONIZE_H
#define QUELL_DAEMON_DAEMONIZE_H

#include "core/base.h"

/* Forks twice with setsid() in between and changes to "/". Call it while
 * the process has a single thread (before any thread starts).
 *
 * In the original process it does not return: it waits until the daemon
 * calls daemonize_ready() and exits 0, or exits 1 when the daemon ends
 * (or closes fd) without doing so. In the daemon it returns a descriptor
 * for daemonize_ready() (close-on-exec). Returns -1 with the reason in
 * err when it could not fork; the process is then still in the
 * foreground. */
int	daemonize_start(char *err, size_t errlen);

/* In the daemon: points stdin, stdout and stderr at /dev/null, tells the
 * waiting command that the daemon is up and closes fd. Returns -1 with
 * the reason in err (the daemon runs on; stdio may still be the
 * terminal's). Logging must have moved off stderr before this call. */
int	daemonize_ready(int fd, char *err, size_t errlen);

#endif
