/* Control socket server: a unix stream socket served by one thread.
 *
 * Clients are non-blocking with their own input and output buffers: a
 * client that stalls mid-line or stops reading its replies only delays
 * itself, and is dropped when its pending output passes
 * CONTROL_SERVER_MAX_OUTPUT. At most CONTROL_SERVER_MAX_CLIENTS are
 * served at once; the next one gets {"return":"NOK","message":"too many
 * clients"} and is closed. Requests are answered in order, one reply line
 * per request line (see control/proto.h). */
#ifndef QUELL_CONTROL_SERVER_H
#define QUELL_CONTROL_SERVER_H

#include "core/base.h"

#include <sys/types.h>

#include "control/commands.h"

#define CONTROL_SERVER_MAX_CLIENTS	16
/* Pending reply bytes per client before it is dropped; a single reply
 * larger than this is replaced by NOK "reply too large". */
#define CONTROL_SERVER_MAX_OUTPUT	(4 * 1024 * 1024)
/* A client whose pending output makes no progress this long is dropped. */
#define CONTROL_SERVER_STALL_MS		30000

struct control_server;

/* Creates the listening socket at path. A socket file left by a dead
 * daemon (nothing answers on it) is replaced; a live one is refused, as
 * is any other kind of file. The file gets mode and is chowned to
 * uid:gid ((uid_t)-1 / (gid_t)-1 leave that part alone) before the
 * socket accepts connections. Returns NULL with the reason in err. */
struct control_server *control_server_open(const char *path, mode_t mode,
	    uid_t uid, gid_t gid, char *err, size_t errlen);

/* Starts the server thread answering the daemon's commands (table: sorted
 * by name, checked with control_commands_check(), must outlive the
 * server; NULL/0 for none) and the built-ins; every daemon handler gets
 * ctx. Call once, with signals the daemon handles already blocked.
 * Returns 0, or -1 with the reason in err. */
int	control_server_start(struct control_server *srv,
	    const struct control_command *table, size_t n, void *ctx,
	    char *err, size_t errlen);

/* Stops the thread (replies already built get one last chance to be
 * sent), closes every client, removes the socket file if it is still
 * ours and frees srv. NULL is a no-op; a server never started is fine. */
void	control_server_stop(struct control_server *srv);

/* The socket path as given to control_server_open(). */
const char *control_server_path(const struct control_server *srv);

#endif
