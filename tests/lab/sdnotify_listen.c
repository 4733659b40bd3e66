/* sdnotify_listen: stands in for systemd's notify socket in tests.
 *
 *   sdnotify_listen [-p] [-n COUNT] [-t SECONDS] SOCKET
 *
 * Binds a datagram socket at SOCKET (a path, or "@name" in the abstract
 * namespace, as $NOTIFY_SOCKET spells it) and prints every message it
 * receives on one line of stdout, its assignments separated by a tab:
 *
 *   READY=1
 *   STATUS=ready: 1 queue(s)
 *   RELOADING=1<TAB>MONOTONIC_USEC=123456789
 *
 * -p prefixes each line with the sender's pid and a tab (SO_PASSCRED),
 * to check that only the main process talks (NotifyAccess=main).
 * Exits 0 on SIGTERM or SIGINT, after COUNT messages (-n), or when no
 * message came for SECONDS (-t, default 60); removes a path socket on
 * exit. "listening on SOCKET" goes to stderr once the socket is bound.
 * Exit 1 on a usage or socket error. */
#include "core/base.h"

#include <sys/socket.h>
#include <sys/un.h>

#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static volatile sig_atomic_t quit;

static void
on_signal(int sig)
{
	(void)sig;
	quit = 1;
}

static void
usage(void)
{
	fprintf(stderr, "usage: sdnotify_listen [-p] [-n count] "
	    "[-t seconds] socket\n");
	exit(1);
}

static unsigned long
number(const char *s, const char *what)
{
	char *end;
	unsigned long n;

	errno = 0;
	n = strtoul(s, &end, 10);
	if (errno != 0 || *end != '\0' || *s < '0' || *s > '9' ||
	    n > 1000000) {
		fprintf(stderr, "sdnotify_listen: %s: not a number near "
		    "'%s'\n", what, s);
		exit(1);
	}
	return n;
}

/* One received datagram: assignments on one line, tab-separated. */
static void
print_message(char *buf, size_t len, bool want_pid, const pid_t *pid)
{
	while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == '\0'))
		len--;
	for (size_t i = 0; i < len; i++)
		if (buf[i] == '\n')
			buf[i] = '\t';
		else if (buf[i] == '\0')
			buf[i] = ' ';
	if (want_pid && pid != NULL)
		printf("%ld\t", (long)*pid);
	else if (want_pid)
		printf("?\t");
	printf("%.*s\n", (int)len, buf);
	fflush(stdout);
}

int
main(int argc, char **argv)
{
	struct sockaddr_un sun;
	struct sigaction sa;
	unsigned long count = 0, timeout = 60, received = 0;
	bool want_pid = false;
	const char *name;
	socklen_t salen;
	size_t len;
	int c, fd, one = 1, status = 0;

	while ((c = getopt(argc, argv, "pn:t:")) != -1) {
		switch (c) {
		case 'p':
			want_pid = true;
			break;
		case 'n':
			count = number(optarg, "-n");
			break;
		case 't':
			timeout = number(optarg, "-t");
			break;
		default:
			usage();
		}
	}
	if (optind != argc - 1)
		usage();
	name = argv[optind];
	len = strlen(name);
	if ((*name != '/' && *name != '@') || len < 2 ||
	    len >= sizeof(sun.sun_path)) {
		fprintf(stderr, "sdnotify_listen: %s: not an absolute path or "
		    "@name that fits a socket address\n", name);
		return 1;
	}

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);

	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	memcpy(sun.sun_path, name, len);
	if (*name == '@') {
		sun.sun_path[0] = '\0';
		salen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len);
	} else {
		salen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) +
		    len + 1);
	}
	if ((fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0)) == -1 ||
	    bind(fd, (struct sockaddr *)&sun, salen) == -1) {
		fprintf(stderr, "sdnotify_listen: %s: %s\n", name,
		    strerror(errno));
		return 1;
	}
	if (want_pid &&
	    setsockopt(fd, SOL_SOCKET, SO_PASSCRED, &one, sizeof(one)) == -1) {
		fprintf(stderr, "sdnotify_listen: SO_PASSCRED: %s\n",
		    strerror(errno));
		return 1;
	}
	fprintf(stderr, "sdnotify_listen: listening on %s\n", name);

	while (!quit && (count == 0 || received < count)) {
		struct pollfd pfd = { .fd = fd, .events = POLLIN };
		char buf[4096];
		union {
			struct cmsghdr	hdr;
			char		buf[CMSG_SPACE(sizeof(struct ucred))];
		} control;
		struct iovec iov = { .iov_base = buf,
		    .iov_len = sizeof(buf) - 1 };
		struct msghdr msg = {
			.msg_iov = &iov,
			.msg_iovlen = 1,
			.msg_control = &control,
			.msg_controllen = sizeof(control),
		};
		struct ucred cred;
		bool have_cred = false;
		ssize_t n;
		int rc;

		rc = poll(&pfd, 1, (int)(timeout * 1000));
		if (rc == -1 && errno == EINTR)
			continue;
		if (rc == -1) {
			fprintf(stderr, "sdnotify_listen: poll: %s\n",
			    strerror(errno));
			status = 1;
			break;
		}
		if (rc == 0) {
			fprintf(stderr, "sdnotify_listen: no message for %lu "
			    "s; exiting\n", timeout);
			break;
		}
		n = recvmsg(fd, &msg, MSG_DONTWAIT);
		if (n == -1) {
			if (errno == EINTR || errno == EAGAIN)
				continue;
			fprintf(stderr, "sdnotify_listen: recvmsg: %s\n",
			    strerror(errno));
			status = 1;
			break;
		}
		for (struct cmsghdr *cm = CMSG_FIRSTHDR(&msg); cm != NULL;
		    cm = CMSG_NXTHDR(&msg, cm))
			if (cm->cmsg_level == SOL_SOCKET &&
			    cm->cmsg_type == SCM_CREDENTIALS &&
			    cm->cmsg_len >= CMSG_LEN(sizeof(cred))) {
				memcpy(&cred, CMSG_DATA(cm), sizeof(cred));
				have_cred = true;
			}
		print_message(buf, (size_t)n, want_pid,
		    have_cred ? &cred.pid : NULL);
		received++;
	}
	close(fd);
	if (*name == '/')
		unlink(name);
	return status;
}
