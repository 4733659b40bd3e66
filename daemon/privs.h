/* Dropping root: after the privileged setup (queues bound, raw sockets and
 * logs opened, pidfile written) quelld switches to an unprivileged user and
 * keeps only CAP_NET_ADMIN, which verdicts on an NFQUEUE socket need. */
#ifndef QUELL_DAEMON_PRIVS_H
#define QUELL_DAEMON_PRIVS_H

#include "core/base.h"

#include <sys/types.h>

/* Resolves user and group, each a name or a number. An empty or NULL
 * group means the user's primary group. An empty or NULL user sets *uid
 * and *gid to -1 and returns 0 (nothing to switch to); a group without a
 * user is an error. Returns -1 with a message naming the user or group
 * in err. */
int	privs_resolve(const char *user, const char *group, uid_t *uid,
	    gid_t *gid, char *err, size_t errlen);

/* Switches the process to user/group (as privs_resolve() reads them) with
 * no supplementary groups, keeps CAP_NET_ADMIN effective and permitted and
 * no other capability (none inheritable or ambient), clears the bounding
 * set when CAP_SETPCAP allows it, and sets PR_SET_NO_NEW_PRIVS.
 *
 * Must run before any thread is started: capabilities belong to a thread,
 * and a thread that did not drop them itself loses all of them (also
 * CAP_NET_ADMIN) when the uid changes. Refuses when more than one thread
 * runs.
 *
 * NULL or empty user: does nothing and returns 0. Returns -1 with a
 * message naming the user and group in err. */
int	privs_drop(const char *user, const char *group, char *err,
	    size_t errlen);

#endif
