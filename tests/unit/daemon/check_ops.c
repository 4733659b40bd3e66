/* daemon/ operations modules: pidfile, sd_notify, privilege drop,
 * daemonize. Everything runs in temporary directories; the privilege drop
 * and daemonize tests run in processes they fork and end with _exit(), so
 * the test process itself keeps its uid, capabilities and session. */
#include "core/base.h"

#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/un.h>
#include <sys/wait.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <pwd.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include <cap-ng.h>
#include <check.h>

#include "daemon/daemonize.h"
#include "daemon/pidfile.h"
#include "daemon/privs.h"
#include "daemon/sdnotify.h"

static char tmpdir[64];
static char pidpath[PATH_MAX];
static char err[512];

static void
tmp_setup(void)
{
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/check_ops.XXXXXX");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	snprintf(pidpath, sizeof(pidpath), "%s/quelld.pid", tmpdir);
	err[0] = '\0';
	unsetenv("NOTIFY_SOCKET");
}

/* Removes tmpdir (made by mkdtemp, so the quoting is safe). */
static void
tmp_teardown(void)
{
	char cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	ck_assert_int_eq(system(cmd), 0);
}

static void
write_file(const char *path, const char *text)
{
	FILE *fp = fopen(path, "w");

	ck_assert_ptr_nonnull(fp);
	fputs(text, fp);
	ck_assert_int_eq(fclose(fp), 0);
}

static const char *
read_file(const char *path)
{
	static char buf[8192];
	FILE *fp = fopen(path, "r");
	size_t n;

	ck_assert_ptr_nonnull(fp);
	n = fread(buf, 1, sizeof(buf) - 1, fp);
	buf[n] = '\0';
	fclose(fp);
	return buf;
}

static const char *
our_pid_line(void)
{
	static char buf[32];

	snprintf(buf, sizeof(buf), "%ld\n", (long)getpid());
	return buf;
}

/* A child that lives until killed: a live pid to put in a pidfile. */
static pid_t
spawn_sleeper(void)
{
	pid_t pid = fork();

	ck_assert_int_ne(pid, -1);
	if (pid == 0) {
		for (;;)
			pause();
	}
	return pid;
}

static void
reap(pid_t pid)
{
	kill(pid, SIGKILL);
	ck_assert_int_eq(waitpid(pid, NULL, 0), pid);
}

/* The pid of a process that existed and is gone. */
static pid_t
dead_pid(void)
{
	pid_t pid = fork();

	ck_assert_int_ne(pid, -1);
	if (pid == 0)
		_exit(0);
	ck_assert_int_eq(waitpid(pid, NULL, 0), pid);
	return pid;
}

/* --- pidfile ------------------------------------------------------ */

START_TEST(test_pidfile_create_writes_our_pid)
{
	ck_assert_int_eq(pidfile_create(pidpath, (uid_t)-1, (gid_t)-1, err,
	    sizeof(err)), 0);
	ck_assert_str_eq(read_file(pidpath), our_pid_line());
}
END_TEST

START_TEST(test_pidfile_live_process_refuses_start)
{
	pid_t live = spawn_sleeper();
	char text[32], want[PATH_MAX + 64];

	snprintf(text, sizeof(text), "%ld\n", (long)live);
	write_file(pidpath, text);
	ck_assert_int_eq(pidfile_create(pidpath, (uid_t)-1, (gid_t)-1, err,
	    sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s: quelld already running as pid %ld",
	    pidpath, (long)live);
	ck_assert_str_eq(err, want);
	ck_assert_str_eq(read_file(pidpath), text);
	reap(live);
}
END_TEST

START_TEST(test_pidfile_live_pid_without_newline_refuses_start)
{
	pid_t live = spawn_sleeper();
	char text[32];

	snprintf(text, sizeof(text), "%ld", (long)live);
	write_file(pidpath, text);
	ck_assert_int_eq(pidfile_create(pidpath, (uid_t)-1, (gid_t)-1, err,
	    sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "quelld already running as pid"));
	reap(live);
}
END_TEST

START_TEST(test_pidfile_dead_process_is_replaced)
{
	pid_t dead = dead_pid();
	char text[32], want[PATH_MAX + 64];

	snprintf(text, sizeof(text), "%ld\n", (long)dead);
	write_file(pidpath, text);
	ck_assert_int_eq(pidfile_create(pidpath, (uid_t)-1, (gid_t)-1, err,
	    sizeof(err)), 1);
	snprintf(want, sizeof(want), "%s: replaced stale pidfile (pid %ld is "
	    "not running)", pidpath, (long)dead);
	ck_assert_str_eq(err, want);
	ck_assert_str_eq(read_file(pidpath), our_pid_line());
}
END_TEST

START_TEST(test_pidfile_own_pid_is_stale)
{
	write_file(pidpath, our_pid_line());
	ck_assert_int_eq(pidfile_create(pidpath, (uid_t)-1, (gid_t)-1, err,
	    sizeof(err)), 1);
	ck_assert_ptr_nonnull(strstr(err, "is this process)"));
	ck_assert_str_eq(read_file(pidpath), our_pid_line());
}
END_TEST

START_TEST(test_pidfile_garbage_is_replaced)
{
	char want[PATH_MAX + 64];

	write_file(pidpath, "quelld\n");
	ck_assert_int_eq(pidfile_create(pidpath, (uid_t)-1, (gid_t)-1, err,
	    sizeof(err)), 1);
	snprintf(want, sizeof(want), "%s: replaced stale pidfile (it holds "
	    "no process id)", pidpath);
	ck_assert_str_eq(err, want);
	ck_assert_str_eq(read_file(pidpath), our_pid_line());
}
END_TEST

START_TEST(test_pidfile_empty_file_is_replaced)
{
	write_file(pidpath, "");
	ck_assert_int_eq(pidfile_create(pidpath, (uid_t)-1, (gid_t)-1, err,
	    sizeof(err)), 1);
	ck_assert_str_eq(read_file(pidpath), our_pid_line());
}
END_TEST

START_TEST(test_pidfile_pid_followed_by_junk_is_garbage)
{
	write_file(pidpath, "1 2\n");
	ck_assert_int_eq(pidfile_create(pidpath, (uid_t)-1, (gid_t)-1, err,
	    sizeof(err)), 1);
	ck_assert_ptr_nonnull(strstr(err, "holds no process id"));
}
END_TEST

START_TEST(test_pidfile_overlong_file_is_garbage)
{
	char big[4097];

	/* "1" followed by spaces would parse as pid 1 if read unbounded. */
	memset(big, ' ', sizeof(big) - 1);
	big[0] = '1';
	big[sizeof(big) - 1] = '\0';
	write_file(pidpath, big);
	ck_assert_int_eq(pidfile_create(pidpath, (uid_t)-1, (gid_t)-1, err,
	    sizeof(err)), 1);
	ck_assert_ptr_nonnull(strstr(err, "holds no process id"));
	ck_assert_str_eq(read_file(pidpath), our_pid_line());
}
END_TEST

START_TEST(test_pidfile_huge_number_is_garbage)
{
	write_file(pidpath, "99999999999999999999\n");
	ck_assert_int_eq(pidfile_create(pidpath, (uid_t)-1, (gid_t)-1, err,
	    sizeof(err)), 1);
	ck_assert_ptr_nonnull(strstr(err, "holds no process id"));
}
END_TEST

START_TEST(test_pidfile_symlink_is_not_followed)
{
	char target[PATH_MAX], want[PATH_MAX + 64];

	snprintf(target, sizeof(target), "%s/target", tmpdir);
	ck_assert_int_eq(symlink(target, pidpath), 0);
	ck_assert_int_eq(pidfile_create(pidpath, (uid_t)-1, (gid_t)-1, err,
	    sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s: is a symbolic link; not touching it",
	    pidpath);
	ck_assert_str_eq(err, want);
	ck_assert_int_eq(access(target, F_OK), -1);
}
END_TEST

START_TEST(test_pidfile_directory_is_not_removed)
{
	char want[PATH_MAX + 64];

	ck_assert_int_eq(mkdir(pidpath, 0700), 0);
	ck_assert_int_eq(pidfile_create(pidpath, (uid_t)-1, (gid_t)-1, err,
	    sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s: not a regular file; not touching it",
	    pidpath);
	ck_assert_str_eq(err, want);
}
END_TEST

START_TEST(test_pidfile_missing_directory_is_error)
{
	char path[PATH_MAX], want[PATH_MAX + 64];

	snprintf(path, sizeof(path), "%s/no/quelld.pid", tmpdir);
	ck_assert_int_eq(pidfile_create(path, (uid_t)-1, (gid_t)-1, err,
	    sizeof(err)), -1);
	snprintf(want, sizeof(want), "%s: cannot create: No such file or "
	    "directory", path);
	ck_assert_str_eq(err, want);
}
END_TEST

START_TEST(test_pidfile_owner_is_set)
{
	struct stat st;

	ck_assert_int_eq(pidfile_create(pidpath, getuid(), getgid(), err,
	    sizeof(err)), 0);
	ck_assert_int_eq(stat(pidpath, &st), 0);
	ck_assert_uint_eq(st.st_uid, getuid());
	ck_assert_uint_eq(st.st_gid, getgid());
}
END_TEST

START_TEST(test_pidfile_remove_deletes_our_file)
{
	ck_assert_int_eq(pidfile_create(pidpath, (uid_t)-1, (gid_t)-1, err,
	    sizeof(err)), 0);
	pidfile_remove(pidpath);
	ck_assert_int_eq(access(pidpath, F_OK), -1);
	ck_assert_int_eq(errno, ENOENT);
}
END_TEST

START_TEST(test_pidfile_remove_leaves_another_process_file)
{
	write_file(pidpath, "1\n");
	pidfile_remove(pidpath);
	ck_assert_str_eq(read_file(pidpath), "1\n");
}
END_TEST

START_TEST(test_pidfile_remove_of_missing_file_is_quiet)
{
	errno = 0;
	pidfile_remove(pidpath);
	pidfile_remove(NULL);
	ck_assert_int_eq(errno, 0);
}
END_TEST

/* --- sdnotify ----------------------------------------------------- */

static int listen_fd = -1;

/* Binds a datagram socket named as $NOTIFY_SOCKET would name it and
 * points $NOTIFY_SOCKET at it. */
static void
listen_on(const char *name)
{
	struct sockaddr_un sun;
	size_t len = strlen(name);
	socklen_t salen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) +
	    len + (name[0] == '@' ? 0 : 1));

	memset(&sun, 0, sizeof(sun));
	sun.sun_family = AF_UNIX;
	memcpy(sun.sun_path, name, len);
	if (name[0] == '@')
		sun.sun_path[0] = '\0';
	listen_fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	ck_assert_int_ne(listen_fd, -1);
	ck_assert_int_eq(bind(listen_fd, (struct sockaddr *)&sun, salen), 0);
	ck_assert_int_eq(setenv("NOTIFY_SOCKET", name, 1), 0);
}

static void
listen_path(void)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/notify", tmpdir);
	listen_on(path);
}

/* One datagram, NUL-terminated; fails the test after 2 s. */
static const char *
received(void)
{
	static char buf[1024];
	struct timeval tv = { 2, 0 };
	ssize_t n;

	ck_assert_int_eq(setsockopt(listen_fd, SOL_SOCKET, SO_RCVTIMEO, &tv,
	    sizeof(tv)), 0);
	n = recv(listen_fd, buf, sizeof(buf) - 1, 0);
	ck_assert_int_gt(n, 0);
	buf[n] = '\0';
	return buf;
}

static void
sd_teardown(void)
{
	if (listen_fd != -1)
		close(listen_fd);
	listen_fd = -1;
	unsetenv("NOTIFY_SOCKET");
	tmp_teardown();
}

START_TEST(test_sdnotify_without_socket_does_nothing)
{
	ck_assert_int_eq(sdnotify_ready(), 0);
	ck_assert_int_eq(sdnotify_status("x %d", 1), 0);
	ck_assert_int_eq(sdnotify_reloading(), 0);
	ck_assert_int_eq(sdnotify_stopping(), 0);
}
END_TEST

START_TEST(test_sdnotify_empty_socket_variable_does_nothing)
{
	setenv("NOTIFY_SOCKET", "", 1);
	ck_assert_int_eq(sdnotify_ready(), 0);
}
END_TEST

START_TEST(test_sdnotify_ready_reaches_path_socket)
{
	listen_path();
	ck_assert_int_eq(sdnotify_ready(), 0);
	ck_assert_str_eq(received(), "READY=1");
}
END_TEST

START_TEST(test_sdnotify_ready_reaches_abstract_socket)
{
	char name[64];

	snprintf(name, sizeof(name), "@quell-check-ops-%ld-%ld",
	    (long)getpid(), (long)time(NULL));
	listen_on(name);
	ck_assert_int_eq(sdnotify_ready(), 0);
	ck_assert_str_eq(received(), "READY=1");
}
END_TEST

START_TEST(test_sdnotify_status_is_one_line)
{
	listen_path();
	ck_assert_int_eq(sdnotify_status("ready: %d queue(s)\nand more", 2), 0);
	ck_assert_str_eq(received(), "STATUS=ready: 2 queue(s) and more");
}
END_TEST

START_TEST(test_sdnotify_long_status_is_cut)
{
	char big[2048];
	const char *got;

	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	listen_path();
	ck_assert_int_eq(sdnotify_status("%s", big), 0);
	got = received();
	ck_assert_uint_eq(strlen(got), strlen("STATUS=") + 512);
}
END_TEST

START_TEST(test_sdnotify_reloading_carries_monotonic_usec)
{
	struct timespec before, after;
	unsigned long long usec, lo, hi;
	const char *got;
	char *end;

	listen_path();
	clock_gettime(CLOCK_MONOTONIC, &before);
	ck_assert_int_eq(sdnotify_reloading(), 0);
	clock_gettime(CLOCK_MONOTONIC, &after);
	got = received();
	ck_assert_int_eq(strncmp(got, "RELOADING=1\nMONOTONIC_USEC=", 27), 0);
	usec = strtoull(got + 27, &end, 10);
	ck_assert_int_eq(*end, '\0');
	lo = (unsigned long long)before.tv_sec * 1000000ULL +
	    (unsigned long long)before.tv_nsec / 1000ULL;
	hi = (unsigned long long)after.tv_sec * 1000000ULL +
	    (unsigned long long)after.tv_nsec / 1000ULL;
	ck_assert(usec >= lo && usec <= hi);
}
END_TEST

START_TEST(test_sdnotify_stopping)
{
	listen_path();
	ck_assert_int_eq(sdnotify_stopping(), 0);
	ck_assert_str_eq(received(), "STOPPING=1");
}
END_TEST

START_TEST(test_sdnotify_relative_socket_is_refused)
{
	setenv("NOTIFY_SOCKET", "notify", 1);
	ck_assert_int_eq(sdnotify_ready(), -1);
	ck_assert_int_eq(errno, EAFNOSUPPORT);
}
END_TEST

START_TEST(test_sdnotify_too_long_socket_is_refused)
{
	char name[200];

	memset(name, 'a', sizeof(name) - 1);
	name[0] = '/';
	name[sizeof(name) - 1] = '\0';
	setenv("NOTIFY_SOCKET", name, 1);
	ck_assert_int_eq(sdnotify_ready(), -1);
	ck_assert_int_eq(errno, ENAMETOOLONG);
}
END_TEST

START_TEST(test_sdnotify_missing_socket_is_error)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/nobody-listens", tmpdir);
	setenv("NOTIFY_SOCKET", path, 1);
	ck_assert_int_eq(sdnotify_ready(), -1);
	ck_assert_int_eq(errno, ENOENT);
}
END_TEST

/* --- privs -------------------------------------------------------- */

START_TEST(test_privs_drop_without_user_does_nothing)
{
	uid_t uid = getuid();

	ck_assert_int_eq(privs_drop(NULL, NULL, err, sizeof(err)), 0);
	ck_assert_int_eq(privs_drop("", "", err, sizeof(err)), 0);
	ck_assert_uint_eq(getuid(), uid);
}
END_TEST

START_TEST(test_privs_drop_unknown_user_names_it)
{
	ck_assert_int_eq(privs_drop("quell-no-such-user", NULL, err,
	    sizeof(err)), -1);
	ck_assert_str_eq(err, "user 'quell-no-such-user': no such user");
}
END_TEST

START_TEST(test_privs_drop_unknown_group_names_it)
{
	ck_assert_int_eq(privs_drop("root", "quell-no-such-group", err,
	    sizeof(err)), -1);
	ck_assert_str_eq(err, "group 'quell-no-such-group': no such group");
}
END_TEST

START_TEST(test_privs_group_without_user_is_error)
{
	ck_assert_int_eq(privs_drop("", "nogroup", err, sizeof(err)), -1);
	ck_assert_str_eq(err, "group 'nogroup' given without a user to run as");
}
END_TEST

START_TEST(test_privs_resolve_names_and_numbers)
{
	uid_t uid;
	gid_t gid;

	ck_assert_int_eq(privs_resolve("root", NULL, &uid, &gid, err,
	    sizeof(err)), 0);
	ck_assert_uint_eq(uid, 0);
	ck_assert_uint_eq(gid, 0);
	ck_assert_int_eq(privs_resolve("0", "0", &uid, &gid, err,
	    sizeof(err)), 0);
	ck_assert_uint_eq(uid, 0);
	ck_assert_uint_eq(gid, 0);
	ck_assert_int_eq(privs_resolve("", "", &uid, &gid, err,
	    sizeof(err)), 0);
	ck_assert_uint_eq(uid, (uid_t)-1);
	ck_assert_uint_eq(gid, (gid_t)-1);
}
END_TEST

static void *
idle_thread(void *arg)
{
	int fd = *(int *)arg;
	char c;

	/* Returns when the test closes the other end. */
	while (read(fd, &c, 1) == -1 && errno == EINTR)
		;
	return NULL;
}

START_TEST(test_privs_drop_refuses_once_threads_run)
{
	pthread_t t;
	int p[2];

	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_eq(pthread_create(&t, NULL, idle_thread, &p[0]), 0);
	ck_assert_int_eq(privs_drop("nobody", NULL, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "2 threads run already; privileges "
	    "must be dropped before threads start"));
	close(p[1]);
	ck_assert_int_eq(pthread_join(t, NULL), 0);
	close(p[0]);
}
END_TEST

START_TEST(test_privs_drop_as_non_root_names_the_problem)
{
	ck_assert_int_eq(privs_drop("nobody", NULL, err, sizeof(err)), -1);
	ck_assert_ptr_nonnull(strstr(err, "cannot switch to user 'nobody'"));
	ck_assert_ptr_nonnull(strstr(err, "start quelld as root"));
}
END_TEST

/* What systemd's CapabilityBoundingSet= without CAP_SETPCAP leaves. */
static int
drop_setpcap(void)
{
	if (prctl(PR_CAPBSET_DROP, CAP_SETPCAP, 0, 0, 0) == -1 ||
	    capng_get_caps_process() != 0 ||
	    capng_update(CAPNG_DROP, CAPNG_EFFECTIVE | CAPNG_PERMITTED,
	    CAP_SETPCAP) != 0)
		return -1;
	return capng_apply(CAPNG_SELECT_CAPS);
}

/* Runs privs_drop(user, group) in a child (after dropping CAP_SETPCAP
 * first when asked, as systemd's CapabilityBoundingSet= does) and returns
 * the child's /proc/self/status, or "error: ..." */
static const char *
status_after_drop(const char *user, const char *group, bool no_setpcap)
{
	static char buf[8192];
	size_t len = 0;
	ssize_t n;
	pid_t pid;
	int p[2], status;

	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_ne(pid = fork(), -1);
	if (pid == 0) {
		char e[512];
		int fd;

		close(p[0]);
		if (no_setpcap && drop_setpcap() == -1) {
			dprintf(p[1], "error: cannot drop CAP_SETPCAP");
			_exit(1);
		}
		if (privs_drop(user, group, e, sizeof(e)) == -1) {
			dprintf(p[1], "error: %s", e);
			_exit(1);
		}
		fd = open("/proc/self/status", O_RDONLY);
		while (fd != -1 && (n = read(fd, buf, sizeof(buf))) > 0)
			if (write(p[1], buf, (size_t)n) != n)
				_exit(1);
		/* _exit: LeakSanitizer cannot trace a process that changed
		 * its uid. */
		_exit(0);
	}
	close(p[1]);
	while (len < sizeof(buf) - 1 &&
	    (n = read(p[0], buf + len, sizeof(buf) - 1 - len)) > 0)
		len += (size_t)n;
	buf[len] = '\0';
	close(p[0]);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	return buf;
}

/* The value of one "Name:\tvalue" line of a status text. */
static const char *
status_field(const char *status, const char *name)
{
	static char value[256];
	char key[64];
	const char *p, *end;

	snprintf(key, sizeof(key), "\n%s:", name);
	ck_assert_msg((p = strstr(status, key)) != NULL, "no %s in %s", name,
	    status);
	p += strlen(key);
	while (*p == '\t' || *p == ' ')
		p++;
	end = strchr(p, '\n');
	ck_assert_ptr_nonnull(end);
	snprintf(value, sizeof(value), "%.*s", (int)(end - p), p);
	return value;
}

static struct passwd *
nobody(void)
{
	struct passwd *pw = getpwnam("nobody");

	ck_assert_ptr_nonnull(pw);
	return pw;
}

START_TEST(test_privs_drop_keeps_only_net_admin)
{
	const char *st = status_after_drop("nobody", NULL, false);
	char ids[128];
	struct passwd *pw = nobody();

	ck_assert_msg(strncmp(st, "error", 5) != 0, "%s", st);
	snprintf(ids, sizeof(ids), "%lu\t%lu\t%lu\t%lu",
	    (unsigned long)pw->pw_uid, (unsigned long)pw->pw_uid,
	    (unsigned long)pw->pw_uid, (unsigned long)pw->pw_uid);
	ck_assert_str_eq(status_field(st, "Uid"), ids);
	snprintf(ids, sizeof(ids), "%lu\t%lu\t%lu\t%lu",
	    (unsigned long)pw->pw_gid, (unsigned long)pw->pw_gid,
	    (unsigned long)pw->pw_gid, (unsigned long)pw->pw_gid);
	ck_assert_str_eq(status_field(st, "Gid"), ids);
	ck_assert_str_eq(status_field(st, "Groups"), "");
	ck_assert_str_eq(status_field(st, "CapInh"), "0000000000000000");
	ck_assert_str_eq(status_field(st, "CapPrm"), "0000000000001000");
	ck_assert_str_eq(status_field(st, "CapEff"), "0000000000001000");
	ck_assert_str_eq(status_field(st, "CapBnd"), "0000000000000000");
	ck_assert_str_eq(status_field(st, "CapAmb"), "0000000000000000");
	ck_assert_str_eq(status_field(st, "NoNewPrivs"), "1");
}
END_TEST

START_TEST(test_privs_drop_uses_the_given_group)
{
	const char *st = status_after_drop("nobody", "daemon", false);

	ck_assert_msg(strncmp(st, "error", 5) != 0, "%s", st);
	/* Debian: group daemon is gid 1. */
	ck_assert_str_eq(status_field(st, "Gid"), "1\t1\t1\t1");
	ck_assert_str_eq(status_field(st, "CapEff"), "0000000000001000");
}
END_TEST

START_TEST(test_privs_drop_without_setpcap_keeps_bounding_set)
{
	const char *st = status_after_drop("nobody", NULL, true);

	ck_assert_msg(strncmp(st, "error", 5) != 0, "%s", st);
	ck_assert_str_eq(status_field(st, "CapEff"), "0000000000001000");
	ck_assert_str_eq(status_field(st, "CapPrm"), "0000000000001000");
	ck_assert_str_ne(status_field(st, "CapBnd"), "0000000000000000");
}
END_TEST

/* --- daemonize ---------------------------------------------------- */

/* Forks the "command" that calls daemonize_start(). Its daemon runs
 * daemon_fn(fd) and _exit()s. Returns the command's exit status. */
static int
run_daemonized(void (*daemon_fn)(int), int stderr_fd)
{
	pid_t pid;
	int status;

	ck_assert_int_ne(pid = fork(), -1);
	if (pid == 0) {
		char e[256];
		int fd;

		if (stderr_fd != -1)
			dup2(stderr_fd, STDERR_FILENO);
		if ((fd = daemonize_start(e, sizeof(e))) == -1)
			_exit(2);
		daemon_fn(fd);
		_exit(0);
	}
	if (stderr_fd != -1)
		close(stderr_fd);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert(WIFEXITED(status));
	return WEXITSTATUS(status);
}

static void
report_fd(FILE *fp, int fd)
{
	char link[64], target[PATH_MAX];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, target, sizeof(target) - 1);
	fprintf(fp, "fd%d=%.*s\n", fd, n > 0 ? (int)n : 0, target);
}

/* The daemon: becomes ready, then writes what the test checks into
 * tmpdir/report (renamed into place, so the test reads it whole). */
static void
daemon_reports(int fd)
{
	char e[256], path[PATH_MAX], tmp[PATH_MAX], cwd[PATH_MAX];
	FILE *fp;

	if (daemonize_ready(fd, e, sizeof(e)) == -1)
		_exit(3);
	snprintf(tmp, sizeof(tmp), "%s/report.tmp", tmpdir);
	snprintf(path, sizeof(path), "%s/report", tmpdir);
	if ((fp = fopen(tmp, "w")) == NULL)
		_exit(4);
	fprintf(fp, "pid=%ld\nsid=%ld\ncwd=%s\n", (long)getpid(),
	    (long)getsid(0), getcwd(cwd, sizeof(cwd)) ? cwd : "?");
	report_fd(fp, 0);
	report_fd(fp, 1);
	report_fd(fp, 2);
	fclose(fp);
	rename(tmp, path);
	_exit(0);
}

static void
daemon_dies(int fd)
{
	(void)fd;
	fprintf(stderr, "early failure\n");
	_exit(3);
}

static const char *
wait_for_report(void)
{
	char path[PATH_MAX];

	snprintf(path, sizeof(path), "%s/report", tmpdir);
	for (int i = 0; i < 300 && access(path, F_OK) == -1; i++)
		usleep(10000);
	return read_file(path);
}

START_TEST(test_daemonize_command_exits_0_when_daemon_is_ready)
{
	const char *r;
	long pid = 0, sid = 0;

	ck_assert_int_eq(run_daemonized(daemon_reports, -1), 0);
	r = wait_for_report();
	ck_assert_int_eq(sscanf(r, "pid=%ld\nsid=%ld\n", &pid, &sid), 2);
	/* A new session whose leader is gone: no terminal can come back. */
	ck_assert_int_ne(sid, (long)getsid(0));
	ck_assert_int_ne(sid, pid);
	ck_assert_ptr_nonnull(strstr(r, "\ncwd=/\n"));
	ck_assert_ptr_nonnull(strstr(r, "\nfd0=/dev/null\n"));
	ck_assert_ptr_nonnull(strstr(r, "\nfd1=/dev/null\n"));
	ck_assert_ptr_nonnull(strstr(r, "\nfd2=/dev/null\n"));
}
END_TEST

START_TEST(test_daemonize_command_exits_1_when_daemon_dies_first)
{
	char buf[128];
	ssize_t n;
	int p[2];

	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_eq(run_daemonized(daemon_dies, p[1]), 1);
	/* Until it is ready the daemon's errors reach the caller. */
	n = read(p[0], buf, sizeof(buf) - 1);
	ck_assert_int_gt(n, 0);
	buf[n] = '\0';
	ck_assert_str_eq(buf, "early failure\n");
	close(p[0]);
}
END_TEST

static Suite *
ops_suite(void)
{
	Suite *s = suite_create("ops");
	TCase *tc;

	tc = tcase_create("pidfile");
	tcase_add_checked_fixture(tc, tmp_setup, tmp_teardown);
	tcase_add_test(tc, test_pidfile_create_writes_our_pid);
	tcase_add_test(tc, test_pidfile_live_process_refuses_start);
	tcase_add_test(tc, test_pidfile_live_pid_without_newline_refuses_start);
	tcase_add_test(tc, test_pidfile_dead_process_is_replaced);
	tcase_add_test(tc, test_pidfile_own_pid_is_stale);
	tcase_add_test(tc, test_pidfile_garbage_is_replaced);
	tcase_add_test(tc, test_pidfile_empty_file_is_replaced);
	tcase_add_test(tc, test_pidfile_pid_followed_by_junk_is_garbage);
	tcase_add_test(tc, test_pidfile_overlong_file_is_garbage);
	tcase_add_test(tc, test_pidfile_huge_number_is_garbage);
	tcase_add_test(tc, test_pidfile_symlink_is_not_followed);
	tcase_add_test(tc, test_pidfile_directory_is_not_removed);
	tcase_add_test(tc, test_pidfile_missing_directory_is_error);
	tcase_add_test(tc, test_pidfile_owner_is_set);
	tcase_add_test(tc, test_pidfile_remove_deletes_our_file);
	tcase_add_test(tc, test_pidfile_remove_leaves_another_process_file);
	tcase_add_test(tc, test_pidfile_remove_of_missing_file_is_quiet);
	suite_add_tcase(s, tc);

	tc = tcase_create("sdnotify");
	tcase_add_checked_fixture(tc, tmp_setup, sd_teardown);
	tcase_add_test(tc, test_sdnotify_without_socket_does_nothing);
	tcase_add_test(tc, test_sdnotify_empty_socket_variable_does_nothing);
	tcase_add_test(tc, test_sdnotify_ready_reaches_path_socket);
	tcase_add_test(tc, test_sdnotify_ready_reaches_abstract_socket);
	tcase_add_test(tc, test_sdnotify_status_is_one_line);
	tcase_add_test(tc, test_sdnotify_long_status_is_cut);
	tcase_add_test(tc, test_sdnotify_reloading_carries_monotonic_usec);
	tcase_add_test(tc, test_sdnotify_stopping);
	tcase_add_test(tc, test_sdnotify_relative_socket_is_refused);
	tcase_add_test(tc, test_sdnotify_too_long_socket_is_refused);
	tcase_add_test(tc, test_sdnotify_missing_socket_is_error);
	suite_add_tcase(s, tc);

	tc = tcase_create("privs");
	tcase_add_checked_fixture(tc, tmp_setup, tmp_teardown);
	tcase_add_test(tc, test_privs_drop_without_user_does_nothing);
	tcase_add_test(tc, test_privs_drop_unknown_user_names_it);
	tcase_add_test(tc, test_privs_drop_unknown_group_names_it);
	tcase_add_test(tc, test_privs_group_without_user_is_error);
	tcase_add_test(tc, test_privs_resolve_names_and_numbers);
	tcase_add_test(tc, test_privs_drop_refuses_once_threads_run);
	/* The real switch needs root; without it, the error is the test. */
	if (geteuid() == 0) {
		tcase_add_test(tc, test_privs_drop_keeps_only_net_admin);
		tcase_add_test(tc, test_privs_drop_uses_the_given_group);
		tcase_add_test(tc,
		    test_privs_drop_without_setpcap_keeps_bounding_set);
	} else {
		tcase_add_test(tc, test_privs_drop_as_non_root_names_the_problem);
	}
	suite_add_tcase(s, tc);

	tc = tcase_create("daemonize");
	tcase_add_checked_fixture(tc, tmp_setup, tmp_teardown);
	tcase_add_test(tc, test_daemonize_command_exits_0_when_daemon_is_ready);
	tcase_add_test(tc, test_daemonize_command_exits_1_when_daemon_dies_first);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(ops_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
