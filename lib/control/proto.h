/* Control protocol: line-delimited JSON over a unix stream socket.
 *
 * Request, one object per line:  {"command":"NAME","args":{...}}
 * Reply, one object per line:    {"return":"OK","message":<any JSON>}
 *                                {"return":"NOK","message":"why"}
 *
 * Pure functions, no I/O: they take and return whole lines, so both ends
 * and the fuzzer share them. Every function accepts any bytes (NULs,
 * invalid UTF-8, any length) and never reads past len. */
#ifndef QUELL_CONTROL_PROTO_H
#define QUELL_CONTROL_PROTO_H

#include "core/base.h"

#include <jansson.h>

/* Longest request line, without its "\n" (a trailing "\r" is allowed on
 * top). Longer lines get CONTROL_PROTO_ERR_TOO_LONG and the connection
 * is closed after the reply. */
#define CONTROL_PROTO_MAX_LINE		(64 * 1024)
/* Longest reply line a client accepts, "\n" included. */
#define CONTROL_PROTO_MAX_REPLY		(64 * 1024 * 1024)
/* Size of the error buffers handed around; longer texts are cut. */
#define CONTROL_PROTO_ERR_MAX		8192
/* Longest command name echoed back in "unknown command 'x'". */
#define CONTROL_PROTO_MAX_NAME		64

#define CONTROL_PROTO_ERR_TOO_LONG	"request too long"

struct control_request {
	char	*command;	/* never NULL after a successful parse */
	json_t	*args;		/* an object, empty when the request had none */
};

/* Parses one request line (without its "\n"; a trailing "\r" is
 * ignored). Returns 0 and fills req, or -1 with the NOK text in err:
 *   "request too long"                    len > CONTROL_PROTO_MAX_LINE
 *   "malformed JSON: <jansson text>"      not JSON (incl. empty line)
 *   "request is not a JSON object"        JSON, but not an object
 *   "missing \"command\""                 no "command" member
 *   "\"command\" must be a string"
 *   "\"command\" must not be empty"
 *   "\"args\" must be an object"
 * On success the caller frees req with control_proto_request_free(). */
int	control_proto_parse_request(const char *line, size_t len,
	    struct control_request *req, char *err, size_t errlen);
void	control_proto_request_free(struct control_request *req);

/* Reply lines, '\n'-terminated, in malloc'd memory (*lenp excludes the
 * NUL). reply_ok steals the reference to message (NULL becomes null).
 * Both return NULL only on allocation failure. */
char	*control_proto_reply_ok(json_t *message, size_t *lenp);
char	*control_proto_reply_nok(const char *msg, size_t *lenp);

/* Client side. request_line builds a request line ('\n'-terminated,
 * malloc'd); args may be NULL and is not stolen. */
char	*control_proto_request_line(const char *command, const json_t *args,
	    size_t *lenp);

struct control_reply {
	bool	 ok;
	json_t	*message;	/* never NULL after a successful parse */
};

/* Parses one reply line (without its "\n"). Returns 0 and fills rep
 * (free with control_proto_reply_free()), or -1 with err set when the
 * line is not a reply. */
int	control_proto_parse_reply(const char *line, size_t len,
	    struct control_reply *rep, char *err, size_t errlen);
void	control_proto_reply_free(struct control_reply *rep);

#endif
