#include "core/base.h"

#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include <jansson.h>

#include "config/config.h"
#include "control/commands.h"
#include "control/tuple.h"
#include "control_cmds.h"
#include "output/eve.h"
#include "output/statslog.h"
#include "reload.h"
#include "runmode.h"

static int
cmd_bypass_add(void *arg, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	struct control_tuple t;

	(void)arg;
	(void)message;
	if (control_tuple_from_json(args, &t, err, errlen) == -1)
		return -1;
	snprintf(err, errlen, "bypass is not available in this build yet "
	    "(the conntrack bypass table is not implemented)");
	return -1;
}

static int
cmd_bypass_list(void *arg, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	(void)arg;
	(void)args;
	(void)err;
	(void)errlen;
	*message = json_pack("{s:i,s:[]}", "count", 0, "flows");
	return 0;
}

static int
cmd_counters(void *arg, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	struct control_ctx *ctx = arg;
	struct output_eve_queue_stats qs[CONFIG_MAX_QUEUES];
	struct output_eve_stats s;
	struct output_counter c[256];
	json_t *obj;
	size_t n;

	(void)args;
	(void)err;
	(void)errlen;
	runmode_counters(ctx->rm, qs, &s);
	n = output_counters_flatten(&s, c, QUELL_NITEMS(c));
	obj = json_object();
	for (size_t i = 0; i < n; i++)
		json_object_set_new(obj, c[i].name,
		    json_integer((json_int_t)c[i].value));
	json_object_set_new(obj, "uptime", json_integer((json_int_t)s.uptime));
	*message = obj;
	return 0;
}

static int
cmd_queues(void *arg, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	struct control_ctx *ctx = arg;
	struct output_eve_queue_stats qs[CONFIG_MAX_QUEUES];
	struct output_eve_stats s;
	json_t *list = json_array();

	(void)args;
	(void)err;
	(void)errlen;
	runmode_counters(ctx->rm, qs, &s);
	for (size_t i = 0; i < s.nqueues; i++) {
		const struct output_eve_queue_stats *q = &qs[i];
		json_t *o = json_pack("{s:i,s:I,s:I,s:I,s:I,s:I,s:I,s:I}",
		    "queue", q->queue, "packets", (json_int_t)q->packets,
		    "bytes", (json_int_t)q->bytes,
		    "accepted", (json_int_t)q->accepted,
		    "dropped", (json_int_t)q->dropped,
		    "ring_full", (json_int_t)q->ring_full,
		    "enobufs", (json_int_t)q->enobufs,
		    "verdict_errors", (json_int_t)q->verdict_errors);

		if (q->has_kernel)
			json_object_set_new(o, "kernel", json_pack(
			    "{s:I,s:I,s:I,s:I}",
			    "queue_total", (json_int_t)q->kernel_queue_total,
			    "queue_dropped", (json_int_t)q->kernel_queue_dropped,
			    "user_dropped", (json_int_t)q->kernel_user_dropped,
			    "id_sequence", (json_int_t)q->kernel_id_sequence));
		json_array_append_new(list, o);
	}
	*message = json_pack("{s:o}", "queues", list);
	return 0;
}

static int
cmd_reload_rules(void *arg, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	struct control_ctx *ctx = arg;

	(void)args;
	if (reload_rules(ctx->cfg, ctx->opts, ctx->rm, err, errlen) == -1)
		return -1;
	*message = json_string(err);
	return 0;
}

/* "key: value" lines of config_dump() as one JSON object. */
static int
cmd_running_config(void *arg, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	struct control_ctx *ctx = arg;
	char *text = NULL, *line, *save = NULL;
	size_t len = 0;
	FILE *fp;
	json_t *obj;

	(void)args;
	if ((fp = open_memstream(&text, &len)) == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	config_dump(ctx->cfg, fp);
	fclose(fp);
	obj = json_object();
	for (line = strtok_r(text, "\n", &save); line != NULL;
	    line = strtok_r(NULL, "\n", &save)) {
		char *colon = strstr(line, ": ");

		if (colon == NULL || line[0] == ' ')
			continue;
		*colon = '\0';
		json_object_set_new(obj, line, json_string(colon + 2));
	}
	free(text);
	*message = obj;
	return 0;
}

static int
cmd_shutdown(void *arg, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	(void)arg;
	(void)args;
	(void)err;
	(void)errlen;
	/* To the process: the control thread blocks every signal, the main
	 * loop takes it. */
	kill(getpid(), SIGTERM);
	*message = json_string("shutting down");
	return 0;
}

/* Sorted by name (control_server_start checks it). */
static const struct control_command commands[] = {
	{ "bypass-add", cmd_bypass_add, "bypass a flow: proto, src_ip, "
	    "src_port, dest_ip, dest_port" },
	{ "bypass-list", cmd_bypass_list, "list bypassed flows" },
	{ "counters", cmd_counters, "every counter" },
	{ "queues", cmd_queues, "per-queue counters and kernel figures" },
	{ "reload-rules", cmd_reload_rules, "reload the rule files; the old "
	    "rules stay if the new ones have errors" },
	{ "running-config", cmd_running_config, "the effective configuration" },
	{ "shutdown", cmd_shutdown, "stop quelld" },
};

const struct control_command *
control_cmds_table(size_t *n)
{
	*n = QUELL_NITEMS(commands);
	return commands;
}
