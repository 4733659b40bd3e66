/* Control socket server. One thread polls the listening socket and every
 * client; all client sockets are non-blocking and every client has its
 * own bounded input and output buffers, so no client can make the thread
 * wait. The thread blocks every signal: the daemon's main thread owns
 * them. */
#include "core/base.h"

#include <sys/types.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "control/commands.h"
#include "control/proto.h"
#include "control/server.h"
#include "core/log.h"

/* Input buffer: the longest line, an optional '\r' and the '\n'. */
#define CLIENT_IN_SIZE		(CONTROL_PROTO_MAX_LINE + 2)
/* Output buffers above this are released once drained. */
#define CLIENT_OUT_KEEP		(64 * 1024)
/* Connections accepted per loop round, so a connect storm cannot starve
 * the clients already served. */
#define ACCEPT_BURST		32
/* How long accepting pauses when out of file descriptors. */
#define ACCEPT_PAUSE_MS		100

#define NOK_TOO_MANY		"too many clients"

struct server_client {
	int		 fd;		/* -1: slot being removed */
	char		*in;		/* CLIENT_IN_SIZE bytes */
	size_t		 inlen;
	size_t		 inscan;	/* in[0..inscan) holds no '\n' */
	char		*out;
	size_t		 outoff;	/* first byte not yet sent */
	size_t		 outlen;	/* bytes in out */
	size_t		 outcap;
	int64_t		 progress_ms;	/* last time pending output moved */
	bool		 closing;	/* close once out is sent */
};

struct control_server {
	char			*path;
	int			 lfd;
	int			 wake[2];	/* pipe: stop request */
	dev_t			 dev;		/* of the socket file bound */
	ino_t			 ino;
	pthread_t		 thread;
	bool			 started;
	struct control_registry	 reg;
	int64_t			 accept_paused_until;
	struct server_client	 clients[CONTROL_SERVER_MAX_CLIENTS];
	size_t			 nclients;
};

static int	 client_append(struct server_client *, const char *, size_t);
static void	 client_close(struct server_client *);
static int	 client_flush(struct server_client *, int64_t);
static int	 client_read(struct control_server *, struct server_client *,
		    int64_t);
static int	 client_reply_nok(struct server_client *, const char *);
static int	 client_lines(struct control_server *, struct server_client *,
		    bool);
static void	 server_accept(struct control_server *, int64_t);
static void	*server_main(void *);
static int	 server_poll_timeout(const struct control_server *, int64_t);
static void	 server_reap(struct control_server *);
static int	 socket_probe(const char *, const struct sockaddr_un *,
		    char *, size_t);
static int64_t	 now_ms(void);

static int64_t
now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Decides what to do about an existing file at the socket path: 0 when it
 * is a socket nobody answers on (and has been removed), -1 otherwise. */
static int
socket_probe(const char *path, const struct sockaddr_un *sun, char *err,
    size_t errlen)
{
	struct stat st;
	int fd, rc;

	if (lstat(path, &st) == -1) {
		if (errno == ENOENT)
			return 0;
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	if (!S_ISSOCK(st.st_mode)) {
		snprintf(err, errlen, "%s exists and is not a socket", path);
		return -1;
	}
	/* non-blocking: a live daemon with a full backlog makes a blocking
	 * connect() wait; EAGAIN says just as well that someone listens */
	if ((fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC,
	    0)) == -1) {
		snprintf(err, errlen, "socket: %s", strerror(errno));
		return -1;
	}
	rc = connect(fd, (const struct sockaddr *)sun, sizeof(*sun));
	if (rc == 0 || errno == EAGAIN) {
		close(fd);
		snprintf(err, errlen, "%s is in use: another quelld is "
		    "answering on it", path);
		return -1;
	}
	if (errno != ECONNREFUSED) {
		snprintf(err, errlen, "%s: cannot tell whether it is in use: "
		    "%s", path, strerror(errno));
		close(fd);
		return -1;
	}
	close(fd);
	if (unlink(path) == -1 && errno != ENOENT) {
		snprintf(err, errlen, "cannot remove stale socket %s: %s",
		    path, strerror(errno));
		return -1;
	}
	log_info("removed stale control socket %s", path);
	return 0;
}

struct control_server *
control_server_open(const char *path, mode_t mode, uid_t uid, gid_t gid,
    char *err, size_t errlen)
{
	struct control_server *srv;
	struct sockaddr_un sun;
	struct stat st;

	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	if (strlen(path) >= sizeof(sun.sun_path)) {
		snprintf(err, errlen, "control socket path too long (%zu "
		    "bytes at most): %s", sizeof(sun.sun_path) - 1, path);
		return NULL;
	}
	memcpy(sun.sun_path, path, strlen(path) + 1);
	if (socket_probe(path, &sun, err, errlen) == -1)
		return NULL;

	if ((srv = calloc(1, sizeof(*srv))) == NULL ||
	    (srv->path = strdup(path)) == NULL) {
		snprintf(err, errlen, "out of memory");
		free(srv);
		return NULL;
	}
	srv->lfd = -1;
	srv->wake[0] = srv->wake[1] = -1;
	for (size_t i = 0; i < QUELL_NITEMS(srv->clients); i++)
		srv->clients[i].fd = -1;

	if ((srv->lfd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK |
	    SOCK_CLOEXEC, 0)) == -1) {
		snprintf(err, errlen, "socket: %s", strerror(errno));
		goto fail;
	}
	if (bind(srv->lfd, (struct sockaddr *)&sun, sizeof(sun)) == -1) {
		snprintf(err, errlen, "cannot bind %s: %s", path,
		    strerror(errno));
		goto fail;
	}
	/* Permissions are set before listen(): until then every connect()
	 * is refused, so no one slips in under the default mode. */
	if (stat(path, &st) == -1 || chmod(path, mode) == -1) {
		snprintf(err, errlen, "chmod %s: %s", path, strerror(errno));
		goto fail_unlink;
	}
	srv->dev = st.st_dev;
	srv->ino = st.st_ino;
	if ((uid != (uid_t)-1 || gid != (gid_t)-1) &&
	    chown(path, uid, gid) == -1) {
		snprintf(err, errlen, "chown %s: %s", path, strerror(errno));
		goto fail_unlink;
	}
	if (listen(srv->lfd, SOMAXCONN) == -1) {
		snprintf(err, errlen, "listen %s: %s", path, strerror(errno));
		goto fail_unlink;
	}
	if (pipe2(srv->wake, O_NONBLOCK | O_CLOEXEC) == -1) {
		snprintf(err, errlen, "pipe: %s", strerror(errno));
		goto fail_unlink;
	}
	control_commands_init(&srv->reg, NULL, 0, NULL);
	return srv;

fail_unlink:
	unlink(path);
fail:
	if (srv->lfd != -1)
		close(srv->lfd);
	free(srv->path);
	free(srv);
	return NULL;
}

const char *
control_server_path(const struct control_server *srv)
{
	return srv->path;
}

int
control_server_start(struct control_server *srv,
    const struct control_command *table, size_t n, void *ctx, char *err,
    size_t errlen)
{
	sigset_t all, old;
	struct timespec started_mono;
	time_t started;
	int rc;

	if (srv->started) {
		snprintf(err, errlen, "control server already started");
		return -1;
	}
	if (table == NULL)
		n = 0;
	if (control_commands_check(table, n, err, errlen) == -1)
		return -1;
	/* uptime counts from open(), which the daemon does early */
	started = srv->reg.started;
	started_mono = srv->reg.started_mono;
	control_commands_init(&srv->reg, table, n, ctx);
	srv->reg.started = started;
	srv->reg.started_mono = started_mono;

	/* The thread inherits a full mask: signals are the main thread's. */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	rc = pthread_create(&srv->thread, NULL, server_main, srv);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (rc != 0) {
		snprintf(err, errlen, "cannot start control thread: %s",
		    strerror(rc));
		return -1;
	}
	srv->started = true;
	return 0;
}

void
control_server_stop(struct control_server *srv)
{
	struct stat st;

	if (srv == NULL)
		return;
	if (srv->started) {
		/* a full pipe already holds a wake-up, so EAGAIN is fine */
		while (write(srv->wake[1], "x", 1) == -1 && errno == EINTR)
			continue;
		pthread_join(srv->thread, NULL);
		srv->started = false;
	}
	for (size_t i = 0; i < srv->nclients; i++)
		client_close(&srv->clients[i]);
	srv->nclients = 0;
	close(srv->lfd);
	close(srv->wake[0]);
	close(srv->wake[1]);
	/* a newer daemon may own the path by now: remove only our file */
	if (lstat(srv->path, &st) == 0 && st.st_dev == srv->dev &&
	    st.st_ino == srv->ino)
		unlink(srv->path);
	free(srv->path);
	srv->path = NULL;
	free(srv);
}

static void
client_close(struct server_client *c)
{
	if (c->fd != -1)
		close(c->fd);
	free(c->in);
	free(c->out);
	memset(c, 0, sizeof(*c));
	c->fd = -1;
}

/* Queues len bytes of reply. Returns -1 when the client has too much
 * unread output and must be dropped. */
static int
client_append(struct server_client *c, const char *data, size_t len)
{
	size_t pending = c->outlen - c->outoff;

	if (pending + len > CONTROL_SERVER_MAX_OUTPUT) {
		log_warnx("dropping client fd %d: %zu reply bytes "
		    "unread", c->fd, pending + len);
		return -1;
	}
	if (c->outoff > 0) {
		memmove(c->out, c->out + c->outoff, pending);
		c->outoff = 0;
		c->outlen = pending;
	}
	if (c->outlen + len > c->outcap) {
		size_t cap = c->outcap > 0 ? c->outcap : 4096;
		char *p;

		while (cap < c->outlen + len)
			cap *= 2;
		if ((p = realloc(c->out, cap)) == NULL) {
			log_warnx("out of memory for a reply");
			return -1;
		}
		c->out = p;
		c->outcap = cap;
	}
	if (pending == 0)
		c->progress_ms = now_ms();
	memcpy(c->out + c->outlen, data, len);
	c->outlen += len;
	return 0;
}

static int
client_reply_nok(struct server_client *c, const char *msg)
{
	char *reply;
	size_t len;
	int rc;

	if ((reply = control_proto_reply_nok(msg, &len)) == NULL)
		return -1;
	rc = client_append(c, reply, len);
	free(reply);
	return rc;
}

/* Sends what the socket takes now. Returns -1 when the client is gone or
 * done (closing and drained), 0 otherwise. */
static int
client_flush(struct server_client *c, int64_t now)
{
	while (c->outoff < c->outlen) {
		ssize_t n = send(c->fd, c->out + c->outoff,
		    c->outlen - c->outoff, MSG_NOSIGNAL | MSG_DONTWAIT);

		if (n == -1) {
			if (errno == EINTR)
				continue;
			if (errno == EAGAIN || errno == EWOULDBLOCK)
				return 0;
			return -1;
		}
		c->outoff += (size_t)n;
		c->progress_ms = now;
	}
	c->outoff = c->outlen = 0;
	if (c->outcap > CLIENT_OUT_KEEP) {
		free(c->out);
		c->out = NULL;
		c->outcap = 0;
	}
	return c->closing ? -1 : 0;
}

/* Answers every complete line in the input buffer; at end of stream a
 * last unterminated line counts too. Returns -1 to drop the client. */
static int
client_lines(struct control_server *srv, struct server_client *c, bool eof)
{
	size_t start = 0;

	while (!c->closing && start < c->inlen) {
		/* a line trickling in byte by byte is scanned once, not once
		 * per byte */
		size_t from = start > c->inscan ? start : c->inscan;
		char *nl = memchr(c->in + from, '\n', c->inlen - from);
		size_t len, rlen;
		char *reply;

		if (nl == NULL && !eof) {
			c->inscan = c->inlen;
			break;
		}
		len = nl != NULL ? (size_t)(nl - (c->in + start)) :
		    c->inlen - start;
		if (len > 0 && c->in[start + len - 1] == '\r')
			len--;
		if (len > CONTROL_PROTO_MAX_LINE) {
			c->closing = true;
			return client_reply_nok(c, CONTROL_PROTO_ERR_TOO_LONG);
		}
		reply = control_commands_handle_line(&srv->reg, c->in + start,
		    len, &rlen);
		if (reply == NULL)
			return -1;
		if (rlen > CONTROL_SERVER_MAX_OUTPUT) {
			char msg[64];

			snprintf(msg, sizeof(msg),
			    "reply too large (%zu bytes)", rlen);
			free(reply);
			if (client_reply_nok(c, msg) == -1)
				return -1;
		} else {
			int rc = client_append(c, reply, rlen);

			free(reply);
			if (rc == -1)
				return -1;
		}
		start = nl != NULL ? (size_t)(nl - c->in) + 1 : c->inlen;
	}
	if (start > 0) {
		memmove(c->in, c->in + start, c->inlen - start);
		c->inlen -= start;
		c->inscan = c->inscan > start ? c->inscan - start : 0;
	}
	/* a full buffer without a newline can only be an oversized line */
	if (!c->closing && c->inlen == CLIENT_IN_SIZE) {
		c->closing = true;
		return client_reply_nok(c, CONTROL_PROTO_ERR_TOO_LONG);
	}
	return 0;
}

/* One read per poll round, so a client that writes without pause still
 * shares the thread. Returns -1 to drop the client. */
static int
client_read(struct control_server *srv, struct server_client *c,
    int64_t now)
{
	ssize_t n;

	n = recv(c->fd, c->in + c->inlen, CLIENT_IN_SIZE - c->inlen,
	    MSG_DONTWAIT);
	if (n == -1) {
		if (errno == EINTR || errno == EAGAIN || errno == EWOULDBLOCK)
			return 0;
		return -1;
	}
	if (n == 0) {
		/* the client shut down its side: answer what it sent, then
		 * close once the replies are out */
		if (client_lines(srv, c, true) == -1)
			return -1;
		c->closing = true;
		return client_flush(c, now);
	}
	c->inlen += (size_t)n;
	if (client_lines(srv, c, false) == -1)
		return -1;
	return client_flush(c, now);
}

static void
server_accept(struct control_server *srv, int64_t now)
{
	for (int i = 0; i < ACCEPT_BURST; i++) {
		struct server_client *c;
		int fd;

		fd = accept4(srv->lfd, NULL, NULL, SOCK_NONBLOCK |
		    SOCK_CLOEXEC);
		if (fd == -1) {
			if (errno == EMFILE || errno == ENFILE ||
			    errno == ENOBUFS || errno == ENOMEM) {
				log_warn("accept");
				srv->accept_paused_until = now +
				    ACCEPT_PAUSE_MS;
			}
			return;
		}
		if (srv->nclients == CONTROL_SERVER_MAX_CLIENTS) {
			char *reply;
			size_t len;

			log_warnx("refusing a client: %d already "
			    "connected", CONTROL_SERVER_MAX_CLIENTS);
			/* best effort: a fresh socket buffer takes it */
			if ((reply = control_proto_reply_nok(NOK_TOO_MANY,
			    &len)) != NULL &&
			    send(fd, reply, len, MSG_NOSIGNAL |
			    MSG_DONTWAIT) == -1)
				log_debug("send: %s",
				    strerror(errno));
			free(reply);
			close(fd);
			continue;
		}
		c = &srv->clients[srv->nclients];
		if ((c->in = malloc(CLIENT_IN_SIZE)) == NULL) {
			log_warnx("out of memory for a client");
			close(fd);
			continue;
		}
		c->fd = fd;
		c->progress_ms = now;
		srv->nclients++;
		log_debug("client fd %d connected", fd);
	}
}

/* Removes the clients marked gone (fd -1), keeping the array dense. */
static void
server_reap(struct control_server *srv)
{
	size_t j = 0;

	for (size_t i = 0; i < srv->nclients; i++) {
		if (srv->clients[i].fd == -1)
			continue;
		if (i != j) {
			srv->clients[j] = srv->clients[i];
			memset(&srv->clients[i], 0, sizeof(srv->clients[i]));
			srv->clients[i].fd = -1;
		}
		j++;
	}
	srv->nclients = j;
}

/* Milliseconds poll() may sleep: forever, unless a stalled client's
 * deadline or the end of an accept pause comes first. */
static int
server_poll_timeout(const struct control_server *srv, int64_t now)
{
	int64_t deadline = INT64_MAX;

	if (srv->accept_paused_until > now)
		deadline = srv->accept_paused_until;
	for (size_t i = 0; i < srv->nclients; i++) {
		const struct server_client *c = &srv->clients[i];

		if (c->outoff < c->outlen &&
		    c->progress_ms + CONTROL_SERVER_STALL_MS < deadline)
			deadline = c->progress_ms + CONTROL_SERVER_STALL_MS;
	}
	if (deadline == INT64_MAX)
		return -1;
	if (deadline <= now)
		return 0;
	return deadline - now > 60000 ? 60000 : (int)(deadline - now);
}

static void *
server_main(void *arg)
{
	struct control_server *srv = arg;
	struct pollfd pfd[2 + CONTROL_SERVER_MAX_CLIENTS];

	log_procinit("control");
	log_debug("listening on %s", srv->path);
	for (;;) {
		int64_t now = now_ms();
		size_t nfds = 0;
		bool listening = srv->accept_paused_until <= now;

		pfd[nfds++] = (struct pollfd){ .fd = srv->wake[0],
		    .events = POLLIN };
		pfd[nfds++] = (struct pollfd){ .fd = listening ? srv->lfd : -1,
		    .events = POLLIN };
		for (size_t i = 0; i < srv->nclients; i++) {
			const struct server_client *c = &srv->clients[i];
			short ev = 0;

			if (!c->closing)
				ev |= POLLIN;
			if (c->outoff < c->outlen)
				ev |= POLLOUT;
			pfd[nfds++] = (struct pollfd){ .fd = c->fd,
			    .events = ev };
		}
		if (poll(pfd, nfds, server_poll_timeout(srv, now)) == -1) {
			if (errno == EINTR)
				continue;
			log_warn("poll");
			break;
		}
		if (pfd[0].revents != 0)
			break;
		now = now_ms();

		for (size_t i = 0; i < srv->nclients; i++) {
			struct server_client *c = &srv->clients[i];
			short rev = pfd[2 + i].revents;
			int rc = 0;

			if ((rev & (POLLIN | POLLHUP | POLLERR)) &&
			    !c->closing)
				rc = client_read(srv, c, now);
			else if (rev & (POLLHUP | POLLERR))
				rc = -1;
			if (rc == 0 && (rev & POLLOUT))
				rc = client_flush(c, now);
			if (rc == 0 && c->outoff < c->outlen &&
			    now - c->progress_ms >= CONTROL_SERVER_STALL_MS) {
				log_warnx("dropping client fd %d: "
				    "not reading its replies", c->fd);
				rc = -1;
			}
			if (rc == -1) {
				log_debug("client fd %d closed",
				    c->fd);
				client_close(c);
			}
		}
		server_reap(srv);
		if (pfd[1].revents & POLLIN)
			server_accept(srv, now);
	}
	/* replies already built get one more chance before the close */
	for (size_t i = 0; i < srv->nclients; i++)
		(void)client_flush(&srv->clients[i], now_ms());
	return NULL;
}
