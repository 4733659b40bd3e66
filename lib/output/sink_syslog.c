/* filetype: syslog. Each line becomes one RFC 3164 message
 * "<PRI>Mmm dd hh:mm:ss identity[pid]: {json}" sent as a datagram to
 * the local syslog socket (/dev/log unless syslog-socket says
 * otherwise), the datagram syslog(3) sends. quell does not call
 * syslog(3) for this: openlog() is per process and belongs to quelld's
 * own log, and syslog(3) would wait for as long as journald or rsyslog
 * do not read; here a send waits at most timeout-ms and a message that
 * does not go out is dropped and counted. */
#include "core/base.h"

#include <errno.h>
#include <stdio.h>
#include <strings.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>
#include <sys/socket.h>

#include "core/counters.h"
#include "output/sink.h"
#include "output/sink_syslog.h"

/* A message beyond this is cut: rsyslog's and journald's defaults take
 * 8 KiB and 48 KiB; eve lines with a payload can be longer. */
#define SYSLOG_MSG_MAX	(64 * 1024)

struct sink_syslog {
	char		*socket_path;
	char		*identity;
	int		 pri;
	pid_t		 pid;
	int		 fd;
	bool		 ever_connected;
	unsigned	 timeout_ms;
	struct output_sink_backoff backoff;
	char		*msg;
	struct output_sink_counters *c;
};

static const struct {
	const char	*name;
	int		 value;
} facilities[] = {
	{ "auth", LOG_AUTH }, { "authpriv", LOG_AUTHPRIV },
	{ "cron", LOG_CRON }, { "daemon", LOG_DAEMON }, { "ftp", LOG_FTP },
	{ "kern", LOG_KERN }, { "local0", LOG_LOCAL0 },
	{ "local1", LOG_LOCAL1 }, { "local2", LOG_LOCAL2 },
	{ "local3", LOG_LOCAL3 }, { "local4", LOG_LOCAL4 },
	{ "local5", LOG_LOCAL5 }, { "local6", LOG_LOCAL6 },
	{ "local7", LOG_LOCAL7 }, { "lpr", LOG_LPR }, { "mail", LOG_MAIL },
	{ "news", LOG_NEWS }, { "syslog", LOG_SYSLOG }, { "user", LOG_USER },
	{ "uucp", LOG_UUCP },
}, levels[] = {
	{ "emergency", LOG_EMERG }, { "alert", LOG_ALERT },
	{ "critical", LOG_CRIT }, { "error", LOG_ERR },
	{ "warning", LOG_WARNING }, { "notice", LOG_NOTICE },
	{ "info", LOG_INFO }, { "debug", LOG_DEBUG },
};

int
output_sink_syslog_facility(const char *name)
{
	for (size_t i = 0; i < QUELL_NITEMS(facilities); i++)
		if (strcasecmp(facilities[i].name, name) == 0)
			return facilities[i].value;
	return -1;
}

int
output_sink_syslog_level(const char *name)
{
	for (size_t i = 0; i < QUELL_NITEMS(levels); i++)
		if (strcasecmp(levels[i].name, name) == 0)
			return levels[i].value;
	return -1;
}

static bool
syslog_ensure(struct sink_syslog *s)
{
	if (s->fd != -1)
		return true;
	if (!output_sink_backoff_due(&s->backoff))
		return false;
	if ((s->fd = output_sink_unix_connect(s->socket_path, SOCK_DGRAM,
	    s->timeout_ms)) == -1) {
		counter_inc(&s->c->disconnects);
		output_sink_backoff_failed(&s->backoff);
		return false;
	}
	if (s->ever_connected)
		counter_inc(&s->c->reconnects);
	s->ever_connected = true;
	output_sink_backoff_reset(&s->backoff);
	return true;
}

static void
syslog_put(void *arg, const char *line, size_t len)
{
	struct sink_syslog *s = arg;
	struct tm tm;
	time_t now = time(NULL);
	char stamp[32];
	int hdr;

	if (!syslog_ensure(s)) {
		counter_inc(&s->c->dropped);
		return;
	}
	if (len > 0 && line[len - 1] == '\n')
		len--;
	localtime_r(&now, &tm);
	strftime(stamp, sizeof(stamp), "%b %e %H:%M:%S", &tm);
	hdr = snprintf(s->msg, SYSLOG_MSG_MAX, "<%d>%s %s[%ld]: ", s->pri,
	    stamp, s->identity, (long)s->pid);
	if (hdr < 0 || hdr >= SYSLOG_MSG_MAX)
		hdr = 0;
	if (len > (size_t)(SYSLOG_MSG_MAX - hdr))
		len = (size_t)(SYSLOG_MSG_MAX - hdr);
	memcpy(s->msg + hdr, line, len);
	if (output_sink_unix_send(s->fd, s->msg, (size_t)hdr + len)) {
		counter_inc(&s->c->written);
		return;
	}
	counter_inc(&s->c->dropped);
	counter_inc(&s->c->write_errors);
	if (errno != EMSGSIZE) {
		close(s->fd);
		s->fd = -1;
		counter_inc(&s->c->disconnects);
		output_sink_backoff_failed(&s->backoff);
	}
}

static void
syslog_flush(void *arg)
{
	syslog_ensure(arg);
}

static void
syslog_close(void *arg)
{
	struct sink_syslog *s = arg;

	if (s == NULL)
		return;
	if (s->fd != -1)
		close(s->fd);
	free(s->msg);
	free(s->identity);
	free(s->socket_path);
	free(s);
}

static void *
syslog_open(const struct output_sink_cfg *cfg, struct output_sink_counters *c,
    char *err, size_t errlen)
{
	struct sink_syslog *s;
	const char *sock = cfg->syslog_socket != NULL &&
	    cfg->syslog_socket[0] != '\0' ? cfg->syslog_socket : "/dev/log";
	const char *ident = cfg->identity != NULL && cfg->identity[0] != '\0' ?
	    cfg->identity : "quelld";

	if ((s = calloc(1, sizeof(*s))) == NULL ||
	    (s->socket_path = strdup(sock)) == NULL ||
	    (s->identity = strdup(ident)) == NULL ||
	    (s->msg = malloc(SYSLOG_MSG_MAX)) == NULL) {
		snprintf(err, errlen, "out of memory");
		syslog_close(s);
		return NULL;
	}
	s->fd = -1;
	s->c = c;
	s->pid = getpid();
	s->pri = (cfg->facility & LOG_FACMASK) | (cfg->level & LOG_PRIMASK);
	s->timeout_ms = cfg->timeout_ms;
	output_sink_backoff_init(&s->backoff, cfg->backoff_min_ms,
	    cfg->backoff_max_ms);
	syslog_ensure(s);
	return s;
}

const struct output_sink_ops output_sink_syslog = {
	.name = "syslog",
	.open = syslog_open,
	.put = syslog_put,
	.flush = syslog_flush,
	.close = syslog_close,
};
