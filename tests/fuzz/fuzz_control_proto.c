/* libFuzzer target: the control protocol. Any bytes go through the
 * request parser and then through the whole dispatch (built-in commands
 * only), and every reply must be one well-formed reply line. */
#include "core/base.h"

#include <jansson.h>

#include "control/commands.h"
#include "control/proto.h"

int	LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct control_registry reg;
	static bool init;
	struct control_request req;
	struct control_reply rep;
	char err[CONTROL_PROTO_ERR_MAX];
	char *line;
	size_t len;

	if (!init) {
		control_commands_init(&reg, NULL, 0, NULL);
		init = true;
	}
	if (control_proto_parse_request((const char *)data, size, &req, err,
	    sizeof(err)) == 0)
		control_proto_request_free(&req);

	if ((line = control_commands_handle_line(&reg, (const char *)data,
	    size, &len)) == NULL)
		return 0;
	if (len == 0 || line[len - 1] != '\n' ||
	    memchr(line, '\n', len) != line + len - 1 ||
	    control_proto_parse_reply(line, len - 1, &rep, err,
	    sizeof(err)) == -1)
		__builtin_trap();
	control_proto_reply_free(&rep);
	free(line);
	return 0;
}
