/* Control protocol framing: parse request lines, build reply lines.
 * Everything coming off the socket is untrusted: lengths are checked
 * before parsing, jansson validates UTF-8 and nesting depth, and every
 * member is type-checked before use. */
#include "core/base.h"

#include <stdio.h>

#include <jansson.h>

#include "control/proto.h"

#define PROTO_DUMP_FLAGS	(JSON_COMPACT | JSON_PRESERVE_ORDER)

static size_t	 proto_chomp(const char *, size_t);
static char	*proto_line(json_t *, size_t *);
static json_t	*proto_string(const char *);

/* Drops one trailing "\r" so "nc -C" and telnet users are served too. */
static size_t
proto_chomp(const char *line, size_t len)
{
	if (len > 0 && line[len - 1] == '\r')
		len--;
	return len;
}

int
control_proto_parse_request(const char *line, size_t len,
    struct control_request *req, char *err, size_t errlen)
{
	json_error_t jerr;
	json_t *root, *cmd, *args;
	const char *name;

	req->command = NULL;
	req->args = NULL;
	len = proto_chomp(line, len);
	if (len > CONTROL_PROTO_MAX_LINE) {
		snprintf(err, errlen, "%s", CONTROL_PROTO_ERR_TOO_LONG);
		return -1;
	}
	root = json_loadb(line, len, JSON_DECODE_ANY | JSON_REJECT_DUPLICATES,
	    &jerr);
	if (root == NULL) {
		snprintf(err, errlen, "malformed JSON: %s", jerr.text);
		return -1;
	}
	if (!json_is_object(root)) {
		snprintf(err, errlen, "request is not a JSON object");
		goto fail;
	}
	if ((cmd = json_object_get(root, "command")) == NULL) {
		snprintf(err, errlen, "missing \"command\"");
		goto fail;
	}
	if (!json_is_string(cmd)) {
		snprintf(err, errlen, "\"command\" must be a string");
		goto fail;
	}
	name = json_string_value(cmd);
	if (name[0] == '\0') {
		snprintf(err, errlen, "\"command\" must not be empty");
		goto fail;
	}
	args = json_object_get(root, "args");
	if (args != NULL && !json_is_object(args)) {
		snprintf(err, errlen, "\"args\" must be an object");
		goto fail;
	}
	if ((req->command = strdup(name)) == NULL) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	req->args = args != NULL ? json_incref(args) : json_object();
	if (req->args == NULL) {
		snprintf(err, errlen, "out of memory");
		goto fail;
	}
	json_decref(root);
	return 0;

fail:
	control_proto_request_free(req);
	json_decref(root);
	return -1;
}

void
control_proto_request_free(struct control_request *req)
{
	free(req->command);
	req->command = NULL;
	json_decref(req->args);
	req->args = NULL;
}

/* Serialises obj (consumed) as one compact line ending in "\n". */
static char *
proto_line(json_t *obj, size_t *lenp)
{
	char *s, *line;
	size_t n;

	if (obj == NULL)
		return NULL;
	s = json_dumps(obj, PROTO_DUMP_FLAGS);
	json_decref(obj);
	if (s == NULL)
		return NULL;
	n = strlen(s);
	if ((line = realloc(s, n + 2)) == NULL) {
		free(s);
		return NULL;
	}
	line[n] = '\n';
	line[n + 1] = '\0';
	*lenp = n + 1;
	return line;
}

/* A JSON string of s; bytes that are not valid UTF-8 (a file name, a
 * token echoed from input) become '?' instead of losing the message. */
static json_t *
proto_string(const char *s)
{
	json_t *j;
	char *copy;

	if ((j = json_string(s)) != NULL)
		return j;
	if ((copy = strdup(s)) == NULL)
		return NULL;
	for (char *p = copy; *p != '\0'; p++)
		if ((unsigned char)*p >= 0x80)
			*p = '?';
	j = json_string(copy);
	free(copy);
	return j;
}

char *
control_proto_reply_ok(json_t *message, size_t *lenp)
{
	json_t *obj;

	if (message == NULL)
		message = json_null();
	if ((obj = json_object()) == NULL) {
		json_decref(message);
		return NULL;
	}
	if (json_object_set_new(obj, "return", json_string("OK")) == -1 ||
	    json_object_set_new(obj, "message", message) == -1) {
		json_decref(obj);
		return NULL;
	}
	return proto_line(obj, lenp);
}

char *
control_proto_reply_nok(const char *msg, size_t *lenp)
{
	json_t *obj;

	if ((obj = json_object()) == NULL)
		return NULL;
	if (json_object_set_new(obj, "return", json_string("NOK")) == -1 ||
	    json_object_set_new(obj, "message", proto_string(msg)) == -1) {
		json_decref(obj);
		return NULL;
	}
	return proto_line(obj, lenp);
}

char *
control_proto_request_line(const char *command, const json_t *args,
    size_t *lenp)
{
	json_t *obj;

	if ((obj = json_object()) == NULL)
		return NULL;
	if (json_object_set_new(obj, "command", proto_string(command)) == -1) {
		json_decref(obj);
		return NULL;
	}
	/* deep copy: args stays the caller's, unshared */
	if (args != NULL && json_object_set_new(obj, "args",
	    json_deep_copy(args)) == -1) {
		json_decref(obj);
		return NULL;
	}
	return proto_line(obj, lenp);
}

int
control_proto_parse_reply(const char *line, size_t len,
    struct control_reply *rep, char *err, size_t errlen)
{
	json_error_t jerr;
	json_t *root, *ret, *msg;
	const char *s;

	rep->ok = false;
	rep->message = NULL;
	len = proto_chomp(line, len);
	if ((root = json_loadb(line, len, 0, &jerr)) == NULL) {
		snprintf(err, errlen, "malformed reply: %s", jerr.text);
		return -1;
	}
	ret = json_object_get(root, "return");
	if (!json_is_object(root) || !json_is_string(ret)) {
		snprintf(err, errlen, "malformed reply: no \"return\"");
		json_decref(root);
		return -1;
	}
	s = json_string_value(ret);
	if (strcmp(s, "OK") != 0 && strcmp(s, "NOK") != 0) {
		snprintf(err, errlen, "malformed reply: \"return\" is neither "
		    "OK nor NOK");
		json_decref(root);
		return -1;
	}
	rep->ok = strcmp(s, "OK") == 0;
	msg = json_object_get(root, "message");
	rep->message = msg != NULL ? json_incref(msg) : json_null();
	json_decref(root);
	return 0;
}

void
control_proto_reply_free(struct control_reply *rep)
{
	json_decref(rep->message);
	rep->message = NULL;
}
