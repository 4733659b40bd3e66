#include "core/base.h"

#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "daemonize.h"

/* The one byte the daemon sends when it is up. */
#define DAEMONIZE_READY	'R'

static _Noreturn void wait_for_daemon(int, pid_t);

/* The original process: exit 0 when the daemon reports readiness, 1 when
 * its end of the socket closes first (it died, or gave up). _exit: the
 * daemon owns everything this process allocated and buffered. */
static _Noreturn void
wait_for_daemon(int fd, pid_t child)
{
	char c = 0;
	ssize_t n;

	/* The first child exits right after the second fork; reap it. */
	while (waitpid(child, NULL, 0) == -1 && errno == EINTR)
		;
	do {
		n = read(fd, &c, 1);
	} while (n == -1 && errno == EINTR);
	_exit(n == 1 && c == DAEMONIZE_READY ? 0 : 1);
}

int
daemonize_start(char *err, size_t errlen)
{
	int sv[2];
	pid_t pid;

	/* A socket rather than a pipe: the daemon sends with MSG_NOSIGNAL,
	 * so a waiting command killed meanwhile cannot SIGPIPE it. */
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) == -1) {
		snprintf(err, errlen, "daemonize: socketpair: %s",
		    strerror(errno));
		return -1;
	}
	/* Nothing buffered may be written twice. */
	fflush(NULL);
	if ((pid = fork()) == -1) {
		snprintf(err, errlen, "daemonize: fork: %s", strerror(errno));
		close(sv[0]);
		close(sv[1]);
		return -1;
	}
	if (pid > 0) {
		close(sv[1]);
		wait_for_daemon(sv[0], pid);
	}

	close(sv[0]);
	if (setsid() == -1)
		_exit(1);	/* the waiting command reports the failure */
	/* The session leader exits so that the daemon can never acquire a
	 * controlling terminal again. */
	if ((pid = fork()) == -1)
		_exit(1);
	if (pid > 0)
		_exit(0);
	if (chdir("/") == -1) {
		snprintf(err, errlen, "daemonize: chdir /: %s",
		    strerror(errno));
		close(sv[1]);
		return -1;
	}
	return sv[1];
}

int
daemonize_ready(int fd, char *err, size_t errlen)
{
	const char c = DAEMONIZE_READY;
	ssize_t n;
	int null;

	if ((null = open("/dev/null", O_RDWR | O_CLOEXEC)) == -1) {
		snprintf(err, errlen, "daemonize: /dev/null: %s",
		    strerror(errno));
		close(fd);
		return -1;
	}
	/* stdio first: the command may return the shell prompt as soon as
	 * it reads the byte, and our output must not land on it. */
	fflush(NULL);
	if (dup2(null, STDIN_FILENO) == -1 ||
	    dup2(null, STDOUT_FILENO) == -1 ||
	    dup2(null, STDERR_FILENO) == -1) {
		snprintf(err, errlen, "daemonize: dup2: %s", strerror(errno));
		close(null);
		close(fd);
		return -1;
	}
	if (null > STDERR_FILENO)
		close(null);
	do {
		n = send(fd, &c, 1, MSG_NOSIGNAL);
	} while (n == -1 && errno == EINTR);
	if (n != 1) {
		snprintf(err, errlen, "daemonize: cannot tell the starting "
		    "command: %s", n == -1 ? strerror(errno) : "short write");
		close(fd);
		return -1;
	}
	close(fd);
	return 0;
}
