/* filetype: unix_stream and unix_dgram: eve lines to a local socket
 * that another program (a log shipper, a collector) listens on, as
 * Suricata's. The stream form writes lines back to back; the datagram
 * form sends one line per datagram, without its newline. Neither waits for a consumer
 * longer than timeout-ms: a stream that times out is closed and
 * reconnected after a backoff (a reader sees a cut line at worst), a
 * datagram that does not fit is dropped, and while the backoff runs
 * every line is dropped at once. Each drop is counted. */
#include "core/base.h"

#include <errno.h>
#include <stdio.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/un.h>

#include "core/counters.h"
#include "output/sink.h"

#define STREAM_BUF	(64 * 1024)

struct sink_unix {
	char		*path;
	int		 type;		/* SOCK_STREAM or SOCK_DGRAM */
	int		 fd;		/* -1: not connected */
	bool		 ever_connected;
	unsigned	 timeout_ms;
	struct output_sink_backoff backoff;
	char		*buf;		/* stream only */
	size_t		 used;
	size_t		 lines;
	struct output_sink_counters *c;
};

int
output_sink_unix_connect(const char *path, int type, unsigned timeout_ms)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	struct timeval tv = {
		.tv_sec = timeout_ms / 1000,
		.tv_usec = (suseconds_t)(timeout_ms % 1000) * 1000,
	};
	int fd, saved;

	if (strlen(path) >= sizeof(sun.sun_path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(sun.sun_path, path, strlen(path) + 1);
	if ((fd = socket(AF_UNIX, type | SOCK_CLOEXEC, 0)) == -1)
		return -1;
	if (setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof(tv)) == -1 ||
	    connect(fd, (struct sockaddr *)&sun, sizeof(sun)) == -1) {
		saved = errno;
		close(fd);
		errno = saved;
		return -1;
	}
	return fd;
}

/* Sends all of buf; false on a timeout or error. */
bool
output_sink_unix_send(int fd, const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t n = send(fd, buf, len, MSG_NOSIGNAL);

		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			return false;
		buf += n;
		len -= (size_t)n;
	}
	return true;
}

static void
unix_disconnect(struct sink_unix *u)
{
	if (u->fd == -1)
		return;
	close(u->fd);
	u->fd = -1;
	counter_inc(&u->c->disconnects);
	output_sink_backoff_failed(&u->backoff);
}

/* Connected, or not and the lines at hand are to be dropped. */
static bool
unix_ensure(struct sink_unix *u)
{
	if (u->fd != -1)
		return true;
	if (!output_sink_backoff_due(&u->backoff))
		return false;
	if ((u->fd = output_sink_unix_connect(u->path, u->type,
	    u->timeout_ms)) == -1) {
		counter_inc(&u->c->disconnects);
		output_sink_backoff_failed(&u->backoff);
		return false;
	}
	if (u->ever_connected)
		counter_inc(&u->c->reconnects);
	u->ever_connected = true;
	output_sink_backoff_reset(&u->backoff);
	return true;
}

static void
unix_flush(void *arg)
{
	struct sink_unix *u = arg;

	if (u->type != SOCK_STREAM || u->used == 0) {
		if (u->type != SOCK_STREAM)
			unix_ensure(u);
		return;
	}
	if (unix_ensure(u) && output_sink_unix_send(u->fd, u->buf, u->used))
		counter_add(&u->c->written, u->lines);
	else {
		if (u->fd != -1) {
			counter_inc(&u->c->write_errors);
			unix_disconnect(u);
		}
		counter_add(&u->c->dropped, u->lines);
	}
	u->used = 0;
	u->lines = 0;
}

static void
unix_put(void *arg, const char *line, size_t len)
{
	struct sink_unix *u = arg;

	if (u->type == SOCK_DGRAM) {
		/* A datagram is one record: no newline. */
		if (len > 0 && line[len - 1] == '\n')
			len--;
		if (!unix_ensure(u)) {
			counter_inc(&u->c->dropped);
			return;
		}
		if (output_sink_unix_send(u->fd, line, len)) {
			counter_inc(&u->c->written);
			return;
		}
		counter_inc(&u->c->dropped);
		counter_inc(&u->c->write_errors);
		/* Too big for one datagram: only this line is lost. */
		if (errno != EMSGSIZE)
			unix_disconnect(u);
		return;
	}
	if (u->used + len > STREAM_BUF)
		unix_flush(u);
	if (len > STREAM_BUF) {
		if (unix_ensure(u) && output_sink_unix_send(u->fd, line, len))
			counter_inc(&u->c->written);
		else {
			if (u->fd != -1) {
				counter_inc(&u->c->write_errors);
				unix_disconnect(u);
			}
			counter_inc(&u->c->dropped);
		}
		return;
	}
	memcpy(u->buf + u->used, line, len);
	u->used += len;
	u->lines++;
}

static void
unix_close(void *arg)
{
	struct sink_unix *u = arg;

	if (u == NULL)
		return;
	if (u->buf != NULL)
		unix_flush(u);
	if (u->fd != -1)
		close(u->fd);
	free(u->buf);
	free(u->path);
	free(u);
}

static void *
unix_open(const struct output_sink_cfg *cfg, struct output_sink_counters *c,
    int type, char *err, size_t errlen)
{
	struct sink_unix *u;
	struct sockaddr_un sun;

	if (strlen(cfg->path) >= sizeof(sun.sun_path)) {
		snprintf(err, errlen, "%s: socket path longer than %zu bytes",
		    cfg->path, sizeof(sun.sun_path) - 1);
		return NULL;
	}
	if ((u = calloc(1, sizeof(*u))) == NULL ||
	    (u->path = strdup(cfg->path)) == NULL ||
	    (type == SOCK_STREAM && (u->buf = malloc(STREAM_BUF)) == NULL)) {
		snprintf(err, errlen, "out of memory");
		unix_close(u);
		return NULL;
	}
	u->fd = -1;
	u->type = type;
	u->c = c;
	u->timeout_ms = cfg->timeout_ms;
	output_sink_backoff_init(&u->backoff, cfg->backoff_min_ms,
	    cfg->backoff_max_ms);
	/* No listener yet is fine: the first lines retry. */
	unix_ensure(u);
	return u;
}

static void *
unix_stream_open(const struct output_sink_cfg *cfg,
    struct output_sink_counters *c, char *err, size_t errlen)
{
	return unix_open(cfg, c, SOCK_STREAM, err, errlen);
}

static void *
unix_dgram_open(const struct output_sink_cfg *cfg,
    struct output_sink_counters *c, char *err, size_t errlen)
{
	return unix_open(cfg, c, SOCK_DGRAM, err, errlen);
}

const struct output_sink_ops output_sink_unix_stream = {
	.name = "unix_stream",
	.open = unix_stream_open,
	.put = unix_put,
	.flush = unix_flush,
	.close = unix_close,
};

const struct output_sink_ops output_sink_unix_dgram = {
	.name = "unix_dgram",
	.open = unix_dgram_open,
	.put = unix_put,
	.flush = unix_flush,
	.close = unix_close,
};
