#include "core/base.h"

#include <sys/socket.h>
#include <sys/un.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "sdnotify.h"

/* STATUS= text beyond this is cut; systemctl shows one line anyway. */
#define SDNOTIFY_STATUS_MAX	512

int
sdnotify(const char *state)
{
	struct sockaddr_un sun;
	const char *path = getenv("NOTIFY_SOCKET");
	socklen_t salen;
	size_t len;
	ssize_t n;
	int fd, saved;

	if (path == NULL || *path == '\0')
		return 0;
	if (*path != '/' && *path != '@') {
		errno = EAFNOSUPPORT;
		return -1;
	}
	len = strlen(path);
	if (len >= sizeof(sun.sun_path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	memcpy(sun.sun_path, path, len);
	/* Abstract names start with NUL and are exactly len bytes long;
	 * path names include their terminating NUL. */
	if (*path == '@') {
		sun.sun_path[0] = '\0';
		salen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + len);
	} else {
		salen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) +
		    len + 1);
	}

	if ((fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0)) == -1)
		return -1;
	do {
		n = sendto(fd, state, strlen(state), MSG_NOSIGNAL,
		    (const struct sockaddr *)&sun, salen);
	} while (n == -1 && errno == EINTR);
	saved = errno;
	close(fd);
	if (n == -1) {
		errno = saved;
		return -1;
	}
	return 0;
}

int
sdnotify_ready(void)
{
	return sdnotify("READY=1");
}

int
sdnotify_status(const char *fmt, ...)
{
	char msg[sizeof("STATUS=") + SDNOTIFY_STATUS_MAX];
	va_list ap;

	memcpy(msg, "STATUS=", sizeof("STATUS=") - 1);
	va_start(ap, fmt);
	vsnprintf(msg + sizeof("STATUS=") - 1, SDNOTIFY_STATUS_MAX + 1, fmt,
	    ap);
	va_end(ap);
	/* A newline would start a new assignment. */
	for (char *p = msg; *p != '\0'; p++)
		if (*p == '\n' || *p == '\r')
			*p = ' ';
	return sdnotify(msg);
}

int
sdnotify_reloading(void)
{
	struct timespec ts;
	char msg[64];

	if (clock_gettime(CLOCK_MONOTONIC, &ts) == -1)
		return -1;
	snprintf(msg, sizeof(msg), "RELOADING=1\nMONOTONIC_USEC=%llu",
	    (unsigned long long)ts.tv_sec * 1000000ULL +
	    (unsigned long long)ts.tv_nsec / 1000ULL);
	return sdnotify(msg);
}

int
sdnotify_stopping(void)
{
	return sdnotify("STOPPING=1");
}
