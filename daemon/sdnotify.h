/* systemd's readiness protocol (sd_notify(3)) without libsystemd: one
 * datagram of newline-separated VAR=value assignments to the AF_UNIX
 * socket named by $NOTIFY_SOCKET ("/path", or "@name" for the abstract
 * namespace). Without $NOTIFY_SOCKET (not started by systemd with
 * Type=notify) every call does nothing and returns 0.
 *
 * The unit says NotifyAccess=main: call these from the main process (after
 * daemonize, the daemon), not from a child. All functions return 0 when
 * sent or not needed, -1 with errno set when sending failed; the daemon
 * logs that and carries on. */
#ifndef QUELL_DAEMON_SDNOTIFY_H
#define QUELL_DAEMON_SDNOTIFY_H

#include "core/base.h"

/* Sends state as it is ("READY=1\nSTATUS=..."). EAFNOSUPPORT when
 * $NOTIFY_SOCKET is neither "/..." nor "@...", ENAMETOOLONG when it does
 * not fit in sun_path. */
int	sdnotify(const char *state);
/* READY=1: queues bound, rules loaded; also after a reload. */
int	sdnotify_ready(void);
/* STATUS=...: one line shown by systemctl status (newlines become
 * spaces). */
int	sdnotify_status(const char *fmt, ...) QUELL_PRINTF(1, 2);
/* RELOADING=1 with MONOTONIC_USEC=<CLOCK_MONOTONIC in us>, which
 * systemd >= 253 uses to match the READY=1 that ends the reload. */
int	sdnotify_reloading(void);
/* STOPPING=1: shutdown has begun. */
int	sdnotify_stopping(void);

#endif
