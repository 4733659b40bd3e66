/* Built-in control commands and the dispatch of a request line. */
#include "core/base.h"

#include <stdio.h>
#include <time.h>

#include <jansson.h>

#include "control/commands.h"
#include "control/proto.h"

static int	builtin_command_list(void *, json_t *, json_t **, char *,
		    size_t);
static int	builtin_uptime(void *, json_t *, json_t **, char *, size_t);
static int	builtin_version(void *, json_t *, json_t **, char *, size_t);
static int	command_cmp(const void *, const void *);
static int	entry_cmp(const void *, const void *);
static int	list_add(json_t *, const struct control_command *, size_t);
static const struct control_command *table_find(
		    const struct control_command *, size_t, const char *);

/* this has to be sorted always (a unit test checks it) */
const struct control_command control_commands_builtin[] = {
	{ "command-list", builtin_command_list,
	  "list the commands this daemon answers" },
	{ "uptime", builtin_uptime, "seconds since the daemon started" },
	{ "version", builtin_version, "daemon name and version" },
};
const size_t control_commands_nbuiltin = QUELL_NITEMS(control_commands_builtin);

void
control_commands_init(struct control_registry *reg,
    const struct control_command *table, size_t n, void *ctx)
{
	reg->table = table;
	reg->ntable = table != NULL ? n : 0;
	reg->ctx = ctx;
	reg->started = time(NULL);
	clock_gettime(CLOCK_MONOTONIC, &reg->started_mono);
}

int
control_commands_check(const struct control_command *table, size_t n,
    char *err, size_t errlen)
{
	for (size_t i = 0; i < n; i++) {
		const char *name = table[i].name;

		if (name == NULL || name[0] == '\0' || table[i].fn == NULL) {
			snprintf(err, errlen, "command %zu has no name or "
			    "handler", i);
			return -1;
		}
		if (i > 0 && strcmp(table[i - 1].name, name) >= 0) {
			snprintf(err, errlen, "command table not sorted or "
			    "not unique at '%s'", name);
			return -1;
		}
		if (table_find(control_commands_builtin,
		    control_commands_nbuiltin, name) != NULL) {
			snprintf(err, errlen, "command '%s' is a built-in",
			    name);
			return -1;
		}
	}
	return 0;
}

static int
command_cmp(const void *key, const void *elem)
{
	const struct control_command *c = elem;

	return strcmp(key, c->name);
}

static const struct control_command *
table_find(const struct control_command *table, size_t n, const char *name)
{
	if (n == 0)
		return NULL;
	return bsearch(name, table, n, sizeof(*table), command_cmp);
}

const struct control_command *
control_commands_lookup(const struct control_registry *reg, const char *name,
    void **ctx)
{
	const struct control_command *c;

	if ((c = table_find(reg->table, reg->ntable, name)) != NULL) {
		*ctx = reg->ctx;
		return c;
	}
	if ((c = table_find(control_commands_builtin,
	    control_commands_nbuiltin, name)) != NULL) {
		/* built-ins read the registry, never change it */
		*ctx = (void *)(uintptr_t)reg;
		return c;
	}
	return NULL;
}

char *
control_commands_handle_line(const struct control_registry *reg,
    const char *line, size_t len, size_t *lenp)
{
	struct control_request req;
	const struct control_command *c;
	json_t *message = NULL;
	void *ctx = NULL;
	char err[CONTROL_PROTO_ERR_MAX];
	char name[CONTROL_PROTO_MAX_NAME + 1];
	char *reply;
	size_t n;

	if (control_proto_parse_request(line, len, &req, err,
	    sizeof(err)) == -1)
		return control_proto_reply_nok(err, lenp);
	if ((c = control_commands_lookup(reg, req.command, &ctx)) == NULL) {
		/* echo at most a bounded prefix, cut on a UTF-8 boundary */
		n = strlen(req.command);
		if (n > CONTROL_PROTO_MAX_NAME) {
			n = CONTROL_PROTO_MAX_NAME;
			while (n > 0 &&
			    ((unsigned char)req.command[n] & 0xc0) == 0x80)
				n--;
		}
		memcpy(name, req.command, n);
		name[n] = '\0';
		snprintf(err, sizeof(err), "unknown command '%s%s'", name,
		    req.command[n] != '\0' ? "..." : "");
		control_proto_request_free(&req);
		return control_proto_reply_nok(err, lenp);
	}
	err[0] = '\0';
	if (c->fn(ctx, req.args, &message, err, sizeof(err)) == -1) {
		json_decref(message);
		control_proto_request_free(&req);
		return control_proto_reply_nok(err[0] != '\0' ? err :
		    "command failed", lenp);
	}
	control_proto_request_free(&req);
	if ((reply = control_proto_reply_ok(message, lenp)) == NULL)
		reply = control_proto_reply_nok("reply could not be encoded",
		    lenp);
	return reply;
}

static int
builtin_version(void *ctx, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	*message = json_pack("{s:s, s:s}", "name", PACKAGE_NAME,
	    "version", PACKAGE_VERSION);
	if (*message == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

static int
builtin_uptime(void *ctx, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	const struct control_registry *reg = ctx;
	struct timespec now;
	struct tm tm;
	char started[64];

	clock_gettime(CLOCK_MONOTONIC, &now);
	if (localtime_r(&reg->started, &tm) == NULL ||
	    strftime(started, sizeof(started), "%Y-%m-%dT%H:%M:%S%z",
	    &tm) == 0)
		started[0] = '\0';
	*message = json_pack("{s:I, s:s}", "uptime",
	    (json_int_t)(now.tv_sec - reg->started_mono.tv_sec),
	    "started", started);
	if (*message == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	return 0;
}

/* Appends the commands of table to list. */
static int
list_add(json_t *list, const struct control_command *table, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (json_array_append_new(list, json_pack("{s:s, s:s}",
		    "name", table[i].name, "help",
		    table[i].help != NULL ? table[i].help : "")) == -1)
			return -1;
	return 0;
}

static int
entry_cmp(const void *a, const void *b)
{
	json_t *const *ja = a;
	json_t *const *jb = b;

	return strcmp(json_string_value(json_object_get(*ja, "name")),
	    json_string_value(json_object_get(*jb, "name")));
}

/* {"count":N,"commands":[{"name":...,"help":...}...]}, sorted by name. */
static int
builtin_command_list(void *ctx, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	const struct control_registry *reg = ctx;
	json_t *list, *sorted = NULL, **items = NULL;
	size_t n;

	if ((list = json_array()) == NULL ||
	    list_add(list, reg->table, reg->ntable) == -1 ||
	    list_add(list, control_commands_builtin,
	    control_commands_nbuiltin) == -1)
		goto fail;
	n = json_array_size(list);
	if ((items = calloc(n, sizeof(*items))) == NULL)
		goto fail;
	for (size_t i = 0; i < n; i++)
		items[i] = json_array_get(list, i);
	qsort(items, n, sizeof(*items), entry_cmp);
	if ((sorted = json_array()) == NULL)
		goto fail;
	for (size_t i = 0; i < n; i++)
		if (json_array_append(sorted, items[i]) == -1)
			goto fail;
	*message = json_pack("{s:I, s:o}", "count", (json_int_t)n,
	    "commands", sorted);
	sorted = NULL;
	if (*message == NULL)
		goto fail;
	free(items);
	json_decref(list);
	return 0;

fail:
	snprintf(err, errlen, "out of memory");
	json_decref(sorted);
	free(items);
	json_decref(list);
	return -1;
}
