/* Control socket client (quellctl's transport): connect, send a request
 * line, read its reply line. */
#ifndef QUELL_CONTROL_CLIENT_H
#define QUELL_CONTROL_CLIENT_H

#include "core/base.h"

#include <jansson.h>

#include "control/proto.h"

struct control_client;

/* Connects to the daemon's socket. NULL with the reason in err (e.g.
 * "cannot connect to PATH: No such file or directory (is quelld
 * running?)") and errno set. */
struct control_client *control_client_connect(const char *path, char *err,
	    size_t errlen);

/* Sends one request (args may be NULL) and waits up to timeout_ms (-1:
 * forever) for its reply. Returns 0 with rep filled (OK or NOK; free it
 * with control_proto_reply_free()), or -1 with err set when the daemon
 * could not be reached or answered garbage. When raw is not NULL it gets
 * the reply line as received (malloc'd, "\n" stripped) on success. */
int	control_client_call(struct control_client *cl, const char *command,
	    const json_t *args, int timeout_ms, struct control_reply *rep,
	    char **raw, char *err, size_t errlen);

void	control_client_close(struct control_client *cl);

#endif
