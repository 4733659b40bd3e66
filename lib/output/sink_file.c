/* filetype: regular. Lines are batched into one write() of up to
 * FILE_BUF bytes; the file is opened for appending, so logrotate's
 * rename followed by reopen (SIGHUP) loses nothing. */
#include "core/base.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "core/counters.h"
#include "output/sink.h"

#define FILE_BUF	(256 * 1024)

struct sink_file {
	char		*path;
	int		 fd;
	char		*buf;
	size_t		 used;
	size_t		 lines;		/* in buf */
	struct output_sink_counters *c;
};

static int
file_open_fd(const char *path)
{
	return open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0640);
}

static bool
file_write_all(int fd, const char *buf, size_t len)
{
	while (len > 0) {
		ssize_t n = write(fd, buf, len);

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
file_flush(void *arg)
{
	struct sink_file *f = arg;

	if (f->used == 0)
		return;
	if (file_write_all(f->fd, f->buf, f->used))
		counter_add(&f->c->written, f->lines);
	else {
		counter_inc(&f->c->write_errors);
		counter_add(&f->c->dropped, f->lines);
	}
	f->used = 0;
	f->lines = 0;
}

static void
file_put(void *arg, const char *line, size_t len)
{
	struct sink_file *f = arg;

	if (f->used + len > FILE_BUF)
		file_flush(f);
	if (len > FILE_BUF) {
		if (file_write_all(f->fd, line, len))
			counter_inc(&f->c->written);
		else {
			counter_inc(&f->c->write_errors);
			counter_inc(&f->c->dropped);
		}
		return;
	}
	memcpy(f->buf + f->used, line, len);
	f->used += len;
	f->lines++;
}

static void
file_close(void *arg)
{
	struct sink_file *f = arg;

	if (f == NULL)
		return;
	file_flush(f);
	if (f->fd != -1)
		close(f->fd);
	free(f->buf);
	free(f->path);
	free(f);
}

static void *
file_open(const struct output_sink_cfg *cfg, struct output_sink_counters *c,
    char *err, size_t errlen)
{
	struct sink_file *f;

	if ((f = calloc(1, sizeof(*f))) == NULL)
		goto fail;
	f->fd = -1;
	f->c = c;
	if ((f->path = strdup(cfg->path)) == NULL ||
	    (f->buf = malloc(FILE_BUF)) == NULL)
		goto fail;
	if ((f->fd = file_open_fd(cfg->path)) == -1)
		goto fail;
	return f;
fail:
	snprintf(err, errlen, "cannot open %s: %s", cfg->path,
	    strerror(errno));
	file_close(f);
	return NULL;
}

static void
file_reopen(void *arg)
{
	struct sink_file *f = arg;
	int fd;

	file_flush(f);
	if ((fd = file_open_fd(f->path)) == -1) {
		counter_inc(&f->c->write_errors);
		return;
	}
	close(f->fd);
	f->fd = fd;
}

static int
file_chown(void *arg, uid_t uid, gid_t gid)
{
	struct sink_file *f = arg;

	return fchown(f->fd, uid, gid);
}

const struct output_sink_ops output_sink_file = {
	.name = "regular",
	.open = file_open,
	.put = file_put,
	.flush = file_flush,
	.reopen = file_reopen,
	.chown = file_chown,
	.close = file_close,
};
