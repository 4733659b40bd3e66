#include "core/base.h"

#include <errno.h>
#include <signal.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <unistd.h>

#include <jansson.h>

#include "bypass/key.h"
#include "bypass/manager.h"
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
	struct control_ctx *ctx = arg;
	struct bypass_manager *m = runmode_bypass(ctx->rm);
	struct control_tuple t;
	struct bypass_key key;
	char text[BYPASS_KEY_STRLEN];

	if (control_tuple_from_json(args, &t, err, errlen) == -1)
		return -1;
	if (m == NULL) {
		snprintf(err, errlen, "conntrack bypass is not available (see "
		    "quelld's log at start)");
		return -1;
	}
	memset(&key, 0, sizeof(key));
	key.src = t.src;
	key.dst = t.dst;
	key.sport = t.sport;
	key.dport = t.dport;
	key.proto = t.proto;
	if (bypass_manager_submit_key(m, &key, BYPASS_WHY_CONTROL) == -1) {
		snprintf(err, errlen, "%s: %s", bypass_key_format(&key, text,
		    sizeof(text)), errno == EEXIST ? "already bypassed" :
		    errno == ENOSPC ? "the bypass table is full "
		    "(bypass.max-flows)" : strerror(errno));
		return -1;
	}
	*message = json_sprintf("bypass requested for %s",
	    bypass_key_format(&key, text, sizeof(text)));
	return 0;
}

/* bypass-list renders every flow or answers an error naming the first
 * one it could not render: a silently shorter list would read as
 * "that flow is not bypassed". */
static bool
addr_text(const struct ip_addr *a, char *buf, size_t len)
{
	if (a->family == AF_INET)
		return inet_ntop(AF_INET, &a->u.v4, buf, (socklen_t)len) != NULL;
	if (a->family == AF_INET6)
		return inet_ntop(AF_INET6, a->u.v6, buf, (socklen_t)len) != NULL;
	return false;
}

struct list_ctx {
	json_t		*flows;
	bool		 failed;
	char		 err[512];
};

static void
list_one(const struct bypass_flow_info *info, void *arg)
{
	struct list_ctx *lc = arg;
	char proto[16], src[INET6_ADDRSTRLEN], dst[INET6_ADDRSTRLEN];
	char text[BYPASS_KEY_STRLEN];
	json_error_t jerr;
	json_t *o;

	if (lc->failed)
		return;
	bypass_key_format(&info->key, text, sizeof(text));
	if (!addr_text(&info->key.src, src, sizeof(src)) ||
	    !addr_text(&info->key.dst, dst, sizeof(dst))) {
		snprintf(lc->err, sizeof(lc->err), "cannot render bypassed "
		    "flow %s: address family %u/%u", text,
		    info->key.src.family, info->key.dst.family);
		lc->failed = true;
		return;
	}
	o = json_pack_ex(&jerr, 0,
	    "{s:s,s:s,s:i,s:s,s:i,s:I,s:s,s:b,s:b,s:I,s:I,s:I,s:I}",
	    "proto", bypass_key_proto_name(info->key.proto, proto,
	    sizeof(proto)), "src_ip", src, "src_port", (int)info->key.sport,
	    "dest_ip", dst, "dest_port", (int)info->key.dport,
	    "ct_id", (json_int_t)info->ct_id,
	    "why", bypass_why_name(info->why), "restored", (int)info->restored,
	    "pending", (int)info->pending,
	    "pkts_toserver", (json_int_t)info->pkts[0],
	    "pkts_toclient", (json_int_t)info->pkts[1],
	    "bytes_toserver", (json_int_t)info->bytes[0],
	    "bytes_toclient", (json_int_t)info->bytes[1]);
	if (o == NULL || json_array_append_new(lc->flows, o) == -1) {
		snprintf(lc->err, sizeof(lc->err), "cannot render bypassed "
		    "flow %s: %s", text, o == NULL ? jerr.text :
		    "out of memory");
		lc->failed = true;
	}
}

static int
cmd_bypass_list(void *arg, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	struct control_ctx *ctx = arg;
	struct bypass_manager *m = runmode_bypass(ctx->rm);
	struct list_ctx lc = { .flows = json_array() };
	size_t count = 0;

	(void)args;
	if (lc.flows == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	if (m != NULL)
		count = bypass_manager_list(m, list_one, &lc, 1000);
	if (lc.failed) {
		json_decref(lc.flows);
		snprintf(err, errlen, "%s", lc.err);
		return -1;
	}
	*message = json_pack("{s:I,s:o}", "count", (json_int_t)count,
	    "flows", lc.flows);
	return 0;
}

static int
cmd_counters(void *arg, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	struct control_ctx *ctx = arg;
	struct output_eve_queue_stats qs[CONFIG_MAX_QUEUES];
	struct output_eve_stats s;
	struct output_counter c[OUTPUT_COUNTERS_MAX];
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
			    "{s:I,s:I,s:I,s:I,s:I,s:I}",
			    "queue_total", (json_int_t)q->kernel_queue_total,
			    "queue_hwm", (json_int_t)q->kernel_queue_hwm,
			    "queue_dropped", (json_int_t)q->kernel_queue_dropped,
			    "user_dropped", (json_int_t)q->kernel_user_dropped,
			    "failopen", (json_int_t)q->kernel_failopen,
			    "id_sequence", (json_int_t)q->kernel_id_sequence));
		json_array_append_new(list, o);
	}
	*message = json_pack("{s:o}", "queues", list);
	return 0;
}

/* Starts a reload on the reload thread and answers at once: a
 * reload running already is refused (EBUSY) rather than queued, so the
 * asker knows. {"id": N}; reload-status says when N is done (quellctl
 * reload-rules waits for it). */
static int
cmd_reload_rules(void *arg, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	uint64_t id;

	(void)arg;
	(void)args;
	if (reload_request(RELOAD_REFUSE, &id, err, errlen) == -1)
		return -1;
	*message = json_pack("{s:I,s:s}", "id", (json_int_t)id, "state",
	    "building");
	return 0;
}

/* The reload thread's state and the last finished reload. */
static int
cmd_reload_status(void *arg, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	struct reload_status st;
	struct reload_counters c;

	(void)arg;
	(void)args;
	(void)err;
	(void)errlen;
	reload_get_status(&st);
	reload_get_counters(&c);
	*message = json_pack("{s:s,s:b,s:I,s:I,s:b,s:s,s:I,s:I,s:I,s:I}",
	    "state", st.building ? "building" : "idle",
	    "queued", st.queued,
	    "started", (json_int_t)st.started,
	    "done", (json_int_t)st.done,
	    "ok", st.ok,
	    "message", st.message,
	    "reloads", (json_int_t)c.reloads,
	    "failed", (json_int_t)c.failed,
	    "engine_bytes", (json_int_t)c.engine_bytes,
	    "peak_bytes", (json_int_t)c.peak_bytes);
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
	{ "reload-rules", cmd_reload_rules, "start a reload of the rule "
	    "files (refused while one runs); the old rules stay if the new "
	    "ones have errors" },
	{ "reload-status", cmd_reload_status, "the reload thread's state "
	    "and the last reload's result" },
	{ "running-config", cmd_running_config, "the effective configuration" },
	{ "shutdown", cmd_shutdown, "stop quelld" },
};

const struct control_command *
control_cmds_table(size_t *n)
{
	*n = QUELL_NITEMS(commands);
	return commands;
}
