/* filetype: redis, through hiredis, with suricata.yaml's keys: each
 * line is one LPUSH (mode list or lpush, the default), RPUSH (rpush),
 * PUBLISH (channel or publish) or XADD key [MAXLEN [~] N] * eve LINE
 * (xadd or stream) on `key`. With pipelining, up to batch-size commands
 * go out before their replies are read; a batch also ends with every
 * writer pass, so no event waits for a full batch.
 *
 * Nothing here waits longer than timeout-ms: a refused, lost or hung
 * connection drops the lines at hand (counted), and the next attempt
 * waits a backoff that doubles up to reconnect-max-ms. Lines arriving
 * meanwhile are dropped at once, so the writer keeps draining its rings
 * and what is lost is counted as dropped, not as ring overflow. Lines
 * sent but whose replies were lost with the connection count as
 * dropped too, although Redis may have stored some of them. */
#include "core/base.h"

#include <stdio.h>
#include <strings.h>
#include <sys/time.h>

#include <hiredis/hiredis.h>

#include "core/counters.h"
#include "output/sink.h"

enum redis_cmd {
	REDIS_CMD_LPUSH,
	REDIS_CMD_RPUSH,
	REDIS_CMD_PUBLISH,
	REDIS_CMD_XADD,
};

static const struct {
	const char	*mode;
	enum redis_cmd	 cmd;
} redis_modes[] = {
	{ "list", REDIS_CMD_LPUSH }, { "lpush", REDIS_CMD_LPUSH },
	{ "rpush", REDIS_CMD_RPUSH },
	{ "channel", REDIS_CMD_PUBLISH }, { "publish", REDIS_CMD_PUBLISH },
	{ "xadd", REDIS_CMD_XADD }, { "stream", REDIS_CMD_XADD },
};

struct sink_redis {
	char		*server;
	unsigned	 port;
	char		*key;
	enum redis_cmd	 cmd;
	unsigned	 batch;
	char		 maxlen[24];	/* XADD MAXLEN, "" = none */
	bool		 trim_exact;
	unsigned	 timeout_ms;
	redisContext	*ctx;		/* NULL: not connected */
	bool		 ever_connected;
	unsigned	 pending;	/* commands whose replies are unread */
	struct output_sink_backoff backoff;
	struct output_sink_counters *c;
};

static struct timeval
redis_tv(unsigned ms)
{
	struct timeval tv = {
		.tv_sec = ms / 1000,
		.tv_usec = (suseconds_t)(ms % 1000) * 1000,
	};

	return tv;
}

static void
redis_disconnect(struct sink_redis *r)
{
	if (r->ctx == NULL)
		return;
	counter_add(&r->c->dropped, r->pending);
	r->pending = 0;
	redisFree(r->ctx);
	r->ctx = NULL;
	counter_inc(&r->c->disconnects);
	output_sink_backoff_failed(&r->backoff);
}

static bool
redis_ensure(struct sink_redis *r)
{
	redisContext *ctx;

	if (r->ctx != NULL)
		return true;
	if (!output_sink_backoff_due(&r->backoff))
		return false;
	ctx = redisConnectWithTimeout(r->server, (int)r->port,
	    redis_tv(r->timeout_ms));
	if (ctx == NULL || ctx->err != 0 ||
	    redisSetTimeout(ctx, redis_tv(r->timeout_ms)) != REDIS_OK) {
		if (ctx != NULL)
			redisFree(ctx);
		counter_inc(&r->c->disconnects);
		output_sink_backoff_failed(&r->backoff);
		return false;
	}
	redisEnableKeepAlive(ctx);
	r->ctx = ctx;
	if (r->ever_connected)
		counter_inc(&r->c->reconnects);
	r->ever_connected = true;
	output_sink_backoff_reset(&r->backoff);
	return true;
}

/* Reads the replies of every pipelined command. */
static void
redis_flush(void *arg)
{
	struct sink_redis *r = arg;

	if (r->ctx == NULL) {
		/* Lets the connection come back while no event arrives. */
		redis_ensure(r);
		return;
	}
	while (r->pending > 0) {
		redisReply *reply = NULL;

		if (redisGetReply(r->ctx, (void **)&reply) != REDIS_OK) {
			counter_inc(&r->c->write_errors);
			redis_disconnect(r);
			return;
		}
		r->pending--;
		if (reply != NULL && reply->type == REDIS_REPLY_ERROR) {
			/* WRONGTYPE, OOM, ...: this line is not stored. */
			counter_inc(&r->c->write_errors);
			counter_inc(&r->c->dropped);
		} else
			counter_inc(&r->c->written);
		freeReplyObject(reply);
	}
}

static void
redis_put(void *arg, const char *line, size_t len)
{
	struct sink_redis *r = arg;
	static const char *const names[] = {
		[REDIS_CMD_LPUSH] = "LPUSH", [REDIS_CMD_RPUSH] = "RPUSH",
		[REDIS_CMD_PUBLISH] = "PUBLISH", [REDIS_CMD_XADD] = "XADD",
	};
	const char *argv[8];
	size_t argl[8];
	int argc = 0;

	if (!redis_ensure(r)) {
		counter_inc(&r->c->dropped);
		return;
	}
	if (len > 0 && line[len - 1] == '\n')
		len--;
	argv[argc++] = names[r->cmd];
	argv[argc++] = r->key;
	if (r->cmd == REDIS_CMD_XADD) {
		if (r->maxlen[0] != '\0') {
			argv[argc++] = "MAXLEN";
			if (!r->trim_exact)
				argv[argc++] = "~";
			argv[argc++] = r->maxlen;
		}
		argv[argc++] = "*";
		argv[argc++] = "eve";
	}
	argv[argc++] = line;
	for (int i = 0; i < argc - 1; i++)
		argl[i] = strlen(argv[i]);
	argl[argc - 1] = len;
	if (redisAppendCommandArgv(r->ctx, argc, argv, argl) != REDIS_OK) {
		counter_inc(&r->c->dropped);
		counter_inc(&r->c->write_errors);
		redis_disconnect(r);
		return;
	}
	if (++r->pending >= r->batch)
		redis_flush(r);
}

static void
redis_close(void *arg)
{
	struct sink_redis *r = arg;

	if (r == NULL)
		return;
	if (r->ctx != NULL) {
		redis_flush(r);
		if (r->ctx != NULL)
			redisFree(r->ctx);
	}
	free(r->server);
	free(r->key);
	free(r);
}

static void *
redis_open(const struct output_sink_cfg *cfg, struct output_sink_counters *c,
    char *err, size_t errlen)
{
	struct sink_redis *r;
	const char *mode = cfg->mode != NULL ? cfg->mode : "list";
	size_t i;

	for (i = 0; i < QUELL_NITEMS(redis_modes); i++)
		if (strcasecmp(redis_modes[i].mode, mode) == 0)
			break;
	if (i == QUELL_NITEMS(redis_modes)) {
		snprintf(err, errlen, "redis mode %s: not one of list, lpush, "
		    "rpush, channel, publish, xadd, stream", mode);
		return NULL;
	}
	if ((r = calloc(1, sizeof(*r))) == NULL ||
	    (r->server = strdup(cfg->server != NULL ? cfg->server :
	    "127.0.0.1")) == NULL ||
	    (r->key = strdup(cfg->key != NULL ? cfg->key : "suricata")) == NULL) {
		snprintf(err, errlen, "out of memory");
		redis_close(r);
		return NULL;
	}
	r->cmd = redis_modes[i].cmd;
	r->port = cfg->port != 0 ? cfg->port : 6379;
	r->batch = cfg->batch > 0 ? cfg->batch : 1;
	if (cfg->stream_maxlen > 0)
		snprintf(r->maxlen, sizeof(r->maxlen), "%u", cfg->stream_maxlen);
	r->trim_exact = cfg->stream_trim_exact;
	r->timeout_ms = cfg->timeout_ms > 0 ? cfg->timeout_ms : 1000;
	r->c = c;
	output_sink_backoff_init(&r->backoff, cfg->backoff_min_ms,
	    cfg->backoff_max_ms);
	/* Redis not up yet is not an error: lines retry with backoff. */
	redis_ensure(r);
	return r;
}

const struct output_sink_ops output_sink_redis = {
	.name = "redis",
	.open = redis_open,
	.put = redis_put,
	.flush = redis_flush,
	.close = redis_close,
};
