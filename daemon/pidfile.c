#include "core/base.h"

#include <sys/stat.h>
#include <sys/types.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

#include "pidfile.h"

/* A pid is at most 10 digits; allow some trailing white space. Anything
 * longer is not a pidfile we wrote. */
#define PIDFILE_MAX_LEN	32

enum pid_read {
	PID_READ_ERROR = -1,	/* errno set */
	PID_READ_NOT_REGULAR = -2,
	PID_READ_GARBAGE = 0,
	PID_READ_OK = 1,
};

static enum pid_read pidfile_read(const char *, pid_t *);
static int	pid_parse(const char *, pid_t *);
static int	write_pid(int, const char *, uid_t, gid_t, char *, size_t);

/* Digits, then nothing but white space: "1234", "1234\n". */
static int
pid_parse(const char *s, pid_t *pid)
{
	long n = 0;
	const char *p = s;

	for (; *p >= '0' && *p <= '9'; p++) {
		n = n * 10 + (*p - '0');
		if (n > INT_MAX)
			return -1;
	}
	if (p == s || n <= 0)
		return -1;
	for (; *p != '\0'; p++)
		if (*p != '\n' && *p != '\r' && *p != ' ' && *p != '\t')
			return -1;
	*pid = (pid_t)n;
	return 0;
}

static enum pid_read
pidfile_read(const char *path, pid_t *pid)
{
	char buf[PIDFILE_MAX_LEN + 1];
	struct stat st;
	size_t len = 0;
	int fd, saved;

	/* O_NONBLOCK: a FIFO planted at path must not hang the start. */
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd == -1)
		return PID_READ_ERROR;
	if (fstat(fd, &st) == -1)
		goto fail;
	if (!S_ISREG(st.st_mode)) {
		close(fd);
		return PID_READ_NOT_REGULAR;
	}
	if (st.st_size > PIDFILE_MAX_LEN) {
		close(fd);
		return PID_READ_GARBAGE;
	}
	while (len < PIDFILE_MAX_LEN) {
		ssize_t n = read(fd, buf + len, PIDFILE_MAX_LEN - len);

		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1)
			goto fail;
		if (n == 0)
			break;
		len += (size_t)n;
	}
	close(fd);
	buf[len] = '\0';
	if (memchr(buf, '\0', len) != NULL || pid_parse(buf, pid) == -1)
		return PID_READ_GARBAGE;
	return PID_READ_OK;
fail:
	saved = errno;
	close(fd);
	errno = saved;
	return PID_READ_ERROR;
}

/* Writes our pid into the new file fd and hands it to owner:group.
 * Removes the file again on failure. */
static int
write_pid(int fd, const char *path, uid_t owner, gid_t group, char *err,
    size_t errlen)
{
	char buf[32];
	int len = snprintf(buf, sizeof(buf), "%ld\n", (long)getpid());
	ssize_t n;

	do {
		n = write(fd, buf, (size_t)len);
	} while (n == -1 && errno == EINTR);
	if (n != len) {
		snprintf(err, errlen, "%s: cannot write: %s", path,
		    n == -1 ? strerror(errno) : "short write");
		goto fail;
	}
	if ((owner != (uid_t)-1 || group != (gid_t)-1) &&
	    fchown(fd, owner, group) == -1) {
		snprintf(err, errlen, "%s: cannot change owner to %ld:%ld: "
		    "%s", path, owner == (uid_t)-1 ? -1L : (long)owner,
		    group == (gid_t)-1 ? -1L : (long)group, strerror(errno));
		goto fail;
	}
	if (close(fd) == -1) {
		snprintf(err, errlen, "%s: cannot write: %s", path,
		    strerror(errno));
		unlink(path);
		return -1;
	}
	return 0;
fail:
	close(fd);
	unlink(path);
	return -1;
}

int
pidfile_create(const char *path, uid_t owner, gid_t group, char *err,
    size_t errlen)
{
	int replaced = 0;

	/* Each round either creates the file, refuses, or removes one
	 * stale file; a file that keeps coming back is another quelld
	 * starting at the same time. */
	for (int round = 0; round < 3; round++) {
		char why[64] = "";
		pid_t pid = 0;
		int fd;

		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
		    O_CLOEXEC, 0644);
		if (fd != -1)
			return write_pid(fd, path, owner, group, err,
			    errlen) == -1 ? -1 : replaced;
		if (errno != EEXIST) {
			snprintf(err, errlen, "%s: cannot create: %s", path,
			    strerror(errno));
			return -1;
		}
		switch (pidfile_read(path, &pid)) {
		case PID_READ_ERROR:
			if (errno == ENOENT)
				continue;	/* removed meanwhile */
			if (errno == ELOOP)
				snprintf(err, errlen, "%s: is a symbolic link; "
				    "not touching it", path);
			else
				snprintf(err, errlen, "%s: cannot read: %s",
				    path, strerror(errno));
			return -1;
		case PID_READ_NOT_REGULAR:
			snprintf(err, errlen, "%s: not a regular file; not "
			    "touching it", path);
			return -1;
		case PID_READ_OK:
			if (pid != getpid() &&
			    (kill(pid, 0) == 0 || errno == EPERM)) {
				snprintf(err, errlen, "%s: quelld already "
				    "running as pid %ld", path, (long)pid);
				return -1;
			}
			snprintf(why, sizeof(why), pid == getpid() ?
			    "pid %ld is this process" : "pid %ld is not running",
			    (long)pid);
			break;
		case PID_READ_GARBAGE:
			snprintf(why, sizeof(why), "it holds no process id");
			break;
		}
		if (unlink(path) == -1 && errno != ENOENT) {
			snprintf(err, errlen, "%s: cannot remove stale pidfile "
			    "(%s): %s", path, why, strerror(errno));
			return -1;
		}
		snprintf(err, errlen, "%s: replaced stale pidfile (%s)", path,
		    why);
		replaced = 1;
	}
	snprintf(err, errlen, "%s: reappears after removal; is another "
	    "quelld starting?", path);
	return -1;
}

void
pidfile_remove(const char *path)
{
	pid_t pid;
	int fd, saved = errno;

	if (path == NULL)
		return;
	/* Not ours (any more): leave it to its owner. */
	if (pidfile_read(path, &pid) != PID_READ_OK || pid != getpid())
		goto done;
	if (unlink(path) == 0 || errno == ENOENT)
		goto done;
	/* The directory belongs to root, the file to us: empty it. */
	fd = open(path, O_WRONLY | O_TRUNC | O_NOFOLLOW | O_CLOEXEC);
	if (fd != -1)
		close(fd);
done:
	errno = saved;
}
