/* Control socket client: blocking requests with a reply deadline. Replies
 * are buffered, so a reply split over several reads (or two replies in
 * one read) is handled. */
#include "core/base.h"

#include <sys/socket.h>
#include <sys/un.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "control/client.h"
#include "control/proto.h"

struct control_client {
	int	 fd;
	char	*path;
	char	*buf;		/* bytes received, not yet returned */
	size_t	 len;
	size_t	 cap;
};

static int	client_read_line(struct control_client *, int, char **,
		    size_t *, char *, size_t);
static int	client_send(struct control_client *, const char *, size_t,
		    char *, size_t);
static int64_t	client_now_ms(void);

static int64_t
client_now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

struct control_client *
control_client_connect(const char *path, char *err, size_t errlen)
{
	struct control_client *cl;
	struct sockaddr_un sun;
	int saved;

	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	if (strlen(path) >= sizeof(sun.sun_path)) {
		snprintf(err, errlen, "socket path too long: %s", path);
		errno = ENAMETOOLONG;
		return NULL;
	}
	memcpy(sun.sun_path, path, strlen(path) + 1);
	if ((cl = calloc(1, sizeof(*cl))) == NULL ||
	    (cl->path = strdup(path)) == NULL) {
		free(cl);
		snprintf(err, errlen, "out of memory");
		errno = ENOMEM;
		return NULL;
	}
	if ((cl->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0)) == -1 ||
	    connect(cl->fd, (struct sockaddr *)&sun, sizeof(sun)) == -1) {
		saved = errno;
		snprintf(err, errlen, "cannot connect to %s: %s%s", path,
		    strerror(saved), saved == ENOENT ||
		    saved == ECONNREFUSED ? " (is quelld running?)" : "");
		if (cl->fd != -1)
			close(cl->fd);
		free(cl->path);
		free(cl);
		errno = saved;
		return NULL;
	}
	return cl;
}

void
control_client_close(struct control_client *cl)
{
	if (cl == NULL)
		return;
	close(cl->fd);
	free(cl->path);
	free(cl->buf);
	free(cl);
}

static int
client_send(struct control_client *cl, const char *data, size_t len,
    char *err, size_t errlen)
{
	while (len > 0) {
		ssize_t n = send(cl->fd, data, len, MSG_NOSIGNAL);

		if (n == -1) {
			if (errno == EINTR)
				continue;
			snprintf(err, errlen, "%s: send: %s", cl->path,
			    strerror(errno));
			return -1;
		}
		data += n;
		len -= (size_t)n;
	}
	return 0;
}

/* Returns the next line (without "\n") in malloc'd *line. */
static int
client_read_line(struct control_client *cl, int timeout_ms, char **line,
    size_t *linelen, char *err, size_t errlen)
{
	int64_t deadline = timeout_ms < 0 ? -1 : client_now_ms() + timeout_ms;
	size_t scanned = 0;

	for (;;) {
		char *nl = cl->len > scanned ?
		    memchr(cl->buf + scanned, '\n', cl->len - scanned) : NULL;
		struct pollfd pfd = { .fd = cl->fd, .events = POLLIN };
		int wait = -1;
		ssize_t n;

		if (nl != NULL) {
			size_t l = (size_t)(nl - cl->buf);

			if ((*line = malloc(l + 1)) == NULL) {
				snprintf(err, errlen, "out of memory");
				return -1;
			}
			memcpy(*line, cl->buf, l);
			(*line)[l] = '\0';
			*linelen = l;
			memmove(cl->buf, nl + 1, cl->len - l - 1);
			cl->len -= l + 1;
			return 0;
		}
		scanned = cl->len;
		if (cl->len >= CONTROL_PROTO_MAX_REPLY) {
			snprintf(err, errlen, "%s: reply too long", cl->path);
			return -1;
		}
		if (cl->cap - cl->len < 4096) {
			size_t cap = cl->cap > 0 ? cl->cap * 2 : 65536;
			char *p = realloc(cl->buf, cap);

			if (p == NULL) {
				snprintf(err, errlen, "out of memory");
				return -1;
			}
			cl->buf = p;
			cl->cap = cap;
		}
		if (deadline >= 0) {
			int64_t left = deadline - client_now_ms();

			if (left <= 0) {
				snprintf(err, errlen, "%s: no reply within "
				    "%d ms", cl->path, timeout_ms);
				return -1;
			}
			wait = left > 60000 ? 60000 : (int)left;
		}
		if (poll(&pfd, 1, wait) == -1 && errno != EINTR) {
			snprintf(err, errlen, "poll: %s", strerror(errno));
			return -1;
		}
		if (pfd.revents == 0)
			continue;
		n = recv(cl->fd, cl->buf + cl->len, cl->cap - cl->len, 0);
		if (n == -1) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			snprintf(err, errlen, "%s: %s", cl->path,
			    strerror(errno));
			return -1;
		}
		if (n == 0) {
			snprintf(err, errlen, "%s: connection closed by "
			    "quelld", cl->path);
			return -1;
		}
		cl->len += (size_t)n;
	}
}

int
control_client_call(struct control_client *cl, const char *command,
    const json_t *args, int timeout_ms, struct control_reply *rep,
    char **raw, char *err, size_t errlen)
{
	char *req, *line;
	size_t len;
	int rc;

	rep->ok = false;
	rep->message = NULL;
	if ((req = control_proto_request_line(command, args, &len)) == NULL) {
		snprintf(err, errlen, "cannot encode the request");
		return -1;
	}
	rc = client_send(cl, req, len, err, errlen);
	free(req);
	if (rc == -1)
		return -1;
	if (client_read_line(cl, timeout_ms, &line, &len, err, errlen) == -1)
		return -1;
	if (control_proto_parse_reply(line, len, rep, err, errlen) == -1) {
		free(line);
		return -1;
	}
	if (raw != NULL)
		*raw = line;
	else
		free(line);
	return 0;
}
