#include "core/base.h"

#include <sys/socket.h>
#include <sys/un.h>
#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <unistd.h>

#include <check.h>
#include <jansson.h>

#include "control/tuple.h"

#include "helpers.h"

static void	count_call(void *);
static bool	wait_readable(int, int);
static int	fake_blob(void *, json_t *, json_t **, char *, size_t);
static int	fake_bypass_add(void *, json_t *, json_t **, char *, size_t);
static int	fake_bypass_list(void *, json_t *, json_t **, char *, size_t);
static int	fake_counters(void *, json_t *, json_t **, char *, size_t);
static int	fake_echo(void *, json_t *, json_t **, char *, size_t);
static int	fake_fail(void *, json_t *, json_t **, char *, size_t);
static int	fake_fail_silent(void *, json_t *, json_t **, char *, size_t);
static int	fake_null(void *, json_t *, json_t **, char *, size_t);
static int	fake_queues(void *, json_t *, json_t **, char *, size_t);
static int	fake_reload_rules(void *, json_t *, json_t **, char *, size_t);
static int	fake_running_config(void *, json_t *, json_t **, char *,
		    size_t);
static int	fake_shutdown(void *, json_t *, json_t **, char *, size_t);

const struct control_command fake_table[] = {
	{ "blob", fake_blob, "a string of args.size bytes (default 1 MiB)" },
	{ "bypass-add", fake_bypass_add, "bypass a flow" },
	{ "bypass-list", fake_bypass_list, "bypassed flows" },
	{ "counters", fake_counters, "all counters" },
	{ "echo", fake_echo, "replies its args" },
	{ "fail", fake_fail, "always fails" },
	{ "fail-silent", fake_fail_silent, "fails without a reason" },
	{ "null", fake_null, "replies null" },
	{ "queues", fake_queues, "per-queue counters" },
	{ "reload-rules", fake_reload_rules, "reload the rules" },
	{ "running-config", fake_running_config, "configuration in effect" },
	{ "shutdown", fake_shutdown, "stop the daemon" },
};
const size_t fake_ntable = QUELL_NITEMS(fake_table);

static void
count_call(void *ctx)
{
	struct fake_daemon *fd = ctx;

	if (fd != NULL)
		__atomic_add_fetch(&fd->calls, 1, __ATOMIC_SEQ_CST);
}

static int
fake_blob(void *ctx, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	json_t *size = json_object_get(args, "size");
	size_t n = json_is_integer(size) ?
	    (size_t)json_integer_value(size) : 1024 * 1024;
	char *s = malloc(n + 1);

	count_call(ctx);
	ck_assert_ptr_nonnull(s);
	memset(s, 'b', n);
	s[n] = '\0';
	*message = json_string(s);
	free(s);
	return 0;
}

static int
fake_bypass_add(void *ctx, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	struct control_tuple t;
	char buf[128];

	count_call(ctx);
	if (control_tuple_from_json(args, &t, err, errlen) == -1)
		return -1;
	*message = json_pack("{s:s}", "added",
	    control_tuple_format(&t, buf, sizeof(buf)));
	return 0;
}

static int
fake_bypass_list(void *ctx, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	count_call(ctx);
	*message = json_loads("{\"count\":1,\"flows\":[{\"proto\":\"tcp\","
	    "\"src_ip\":\"198.18.1.2\",\"src_port\":1234,"
	    "\"dest_ip\":\"198.18.2.2\",\"dest_port\":80,"
	    "\"packets\":10}]}", 0, NULL);
	return 0;
}

static int
fake_counters(void *ctx, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	count_call(ctx);
	*message = json_loads("{\"nfq\":{\"packets\":42,\"dropped\":2},"
	    "\"detect\":{\"alert\":7}}", 0, NULL);
	return 0;
}

static int
fake_echo(void *ctx, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	count_call(ctx);
	*message = json_incref(args);
	return 0;
}

static int
fake_fail(void *ctx, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	count_call(ctx);
	snprintf(err, errlen, "boom");
	return -1;
}

static int
fake_fail_silent(void *ctx, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	count_call(ctx);
	return -1;
}

static int
fake_null(void *ctx, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	count_call(ctx);
	*message = NULL;
	return 0;
}

static int
fake_queues(void *ctx, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	count_call(ctx);
	*message = json_loads("{\"queues\":[{\"queue\":0,\"packets\":100,"
	    "\"accepted\":90,\"dropped\":10,\"ring_full\":0,\"kernel\":"
	    "{\"queue_total\":0,\"queue_dropped\":0,\"user_dropped\":0}}]}",
	    0, NULL);
	return 0;
}

static int
fake_reload_rules(void *ctx, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	count_call(ctx);
	snprintf(err, errlen, "%s", FAKE_RELOAD_ERROR);
	return -1;
}

static int
fake_running_config(void *ctx, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	count_call(ctx);
	*message = json_loads("{\"nfq\":{\"queues\":\"0-3\",\"fail-open\":"
	    "true}}", 0, NULL);
	return 0;
}

static int
fake_shutdown(void *ctx, json_t *args, json_t **message, char *err,
    size_t errlen)
{
	struct fake_daemon *fd = ctx;

	count_call(ctx);
	__atomic_store_n(&fd->shutdown, 1, __ATOMIC_SEQ_CST);
	*message = json_string("shutting down");
	return 0;
}

void
helper_tmpdir(char *dir, size_t len)
{
	snprintf(dir, len, "/tmp/quell-ctl-XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(dir));
}

void
helper_tmpdir_remove(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char path[512];

	if (d == NULL)
		return;
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, de->d_name);
		unlink(path);
	}
	closedir(d);
	rmdir(dir);
}

int
helper_connect(const char *path)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	int fd;

	snprintf(sun.sun_path, sizeof(sun.sun_path), "%s", path);
	fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	ck_assert_int_ge(fd, 0);
	if (connect(fd, (struct sockaddr *)&sun, sizeof(sun)) == -1) {
		close(fd);
		return -1;
	}
	return fd;
}

size_t
helper_send(int fd, const void *buf, size_t len)
{
	const char *p = buf;
	size_t sent = 0;

	while (sent < len) {
		ssize_t n = send(fd, p + sent, len - sent, MSG_NOSIGNAL);

		if (n == -1 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		sent += (size_t)n;
	}
	return sent;
}

void
helper_send_str(int fd, const char *s)
{
	ck_assert_uint_eq(helper_send(fd, s, strlen(s)), strlen(s));
}

/* Waits until fd is readable; false on timeout. */
static bool
wait_readable(int fd, int timeout_ms)
{
	struct pollfd pfd = { .fd = fd, .events = POLLIN };

	return poll(&pfd, 1, timeout_ms) == 1;
}

char *
helper_read_line(int fd, int timeout_ms)
{
	char tmp[65536];
	char *line = NULL;
	size_t len = 0;

	for (;;) {
		ssize_t n;
		char *nl, *p;
		size_t take;

		if (!wait_readable(fd, timeout_ms))
			break;
		/* peek so bytes after the line stay for the next call */
		n = recv(fd, tmp, sizeof(tmp), MSG_PEEK);
		if (n <= 0)
			break;
		nl = memchr(tmp, '\n', (size_t)n);
		take = nl != NULL ? (size_t)(nl - tmp) + 1 : (size_t)n;
		ck_assert_int_eq(recv(fd, tmp, take, 0), (ssize_t)take);
		p = realloc(line, len + take + 1);
		ck_assert_ptr_nonnull(p);
		line = p;
		memcpy(line + len, tmp, take);
		len += take;
		line[len] = '\0';
		if (nl != NULL) {
			line[len - 1] = '\0';
			return line;
		}
	}
	free(line);
	return NULL;
}

size_t
helper_drain(int fd, int timeout_ms)
{
	char tmp[65536];
	size_t total = 0;

	while (wait_readable(fd, timeout_ms)) {
		ssize_t n = recv(fd, tmp, sizeof(tmp), 0);

		if (n <= 0)
			break;
		total += (size_t)n;
	}
	return total;
}

char *
helper_call(int fd, const char *line)
{
	helper_send_str(fd, line);
	helper_send_str(fd, "\n");
	return helper_read_line(fd, HELPER_WAIT_MS);
}

uint64_t
helper_rand(uint64_t *state)
{
	uint64_t x = *state;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	*state = x;
	return x;
}

void
helper_rand_bytes(uint64_t *state, uint8_t *buf, size_t n)
{
	for (size_t i = 0; i < n; i++)
		buf[i] = (uint8_t)helper_rand(state);
}
