/* lib/control/server and client: a real server on a temporary socket
 * with the fake daemon table. */
#include "core/base.h"

#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include <check.h>
#include <jansson.h>

#include "control/client.h"
#include "control/proto.h"
#include "control/server.h"

#include "helpers.h"
#include "suites.h"

#define VERSION_REQ	"{\"command\":\"version\"}"
#define VERSION_OK	"{\"return\":\"OK\",\"message\":{\"name\":\"quell\"," \
			"\"version\":\"" PACKAGE_VERSION "\"}}"
#define TOO_MANY	"{\"return\":\"NOK\",\"message\":\"too many clients\"}"
#define TOO_LONG	"{\"return\":\"NOK\",\"message\":\"request too long\"}"

static char dir[64];
static char path[96];
static char err[CONTROL_PROTO_ERR_MAX];
static struct control_server *srv;
static struct fake_daemon fake;

static void
tmp_setup(void)
{
	helper_tmpdir(dir, sizeof(dir));
	snprintf(path, sizeof(path), "%s/quell.socket", dir);
	srv = NULL;
	memset(&fake, 0, sizeof(fake));
}

static void
tmp_teardown(void)
{
	control_server_stop(srv);
	srv = NULL;
	helper_tmpdir_remove(dir);
}

/* A started server at path answering the fake table. */
static void
server_setup(void)
{
	tmp_setup();
	srv = control_server_open(path, 0660, (uid_t)-1, (gid_t)-1, err,
	    sizeof(err));
	ck_assert_msg(srv != NULL, "%s", err);
	ck_assert_int_eq(control_server_start(srv, fake_table, fake_ntable,
	    &fake, err, sizeof(err)), 0);
}

/* A socket file nobody listens on, as a killed daemon leaves it. */
static void
make_stale_socket(const char *p)
{
	struct sockaddr_un sun = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);

	snprintf(sun.sun_path, sizeof(sun.sun_path), "%s", p);
	ck_assert_int_eq(bind(fd, (struct sockaddr *)&sun, sizeof(sun)), 0);
	close(fd);
}

static void
call_expect(int fd, const char *req, const char *want)
{
	char *r = helper_call(fd, req);

	ck_assert_ptr_nonnull(r);
	ck_assert_str_eq(r, want);
	free(r);
}

START_TEST(test_server_answers_a_command_with_ok)
{
	int fd = helper_connect(path);

	call_expect(fd, VERSION_REQ, VERSION_OK);
	close(fd);
}
END_TEST

START_TEST(test_server_answers_a_failing_command_with_nok)
{
	int fd = helper_connect(path);

	call_expect(fd, "{\"command\":\"reload-rules\"}",
	    "{\"return\":\"NOK\",\"message\":\"" FAKE_RELOAD_ERROR "\"}");
	close(fd);
}
END_TEST

START_TEST(test_server_answers_unknown_command_with_nok)
{
	int fd = helper_connect(path);

	call_expect(fd, "{\"command\":\"x\"}",
	    "{\"return\":\"NOK\",\"message\":\"unknown command 'x'\"}");
	close(fd);
}
END_TEST

START_TEST(test_socket_file_has_mode_0660)
{
	struct stat st;

	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert(S_ISSOCK(st.st_mode));
	ck_assert_uint_eq(st.st_mode & 07777, 0660);
}
END_TEST

START_TEST(test_socket_file_is_owned_by_the_given_user_and_group)
{
	struct stat st;

	control_server_stop(srv);
	srv = control_server_open(path, 0600, getuid(), getgid(), err,
	    sizeof(err));
	ck_assert_msg(srv != NULL, "%s", err);
	ck_assert_int_eq(stat(path, &st), 0);
	ck_assert_uint_eq(st.st_uid, getuid());
	ck_assert_uint_eq(st.st_gid, getgid());
	ck_assert_uint_eq(st.st_mode & 07777, 0600);
}
END_TEST

START_TEST(test_pipelined_requests_are_answered_in_order)
{
	int fd = helper_connect(path);
	char *r1, *r2, *r3;

	helper_send_str(fd, VERSION_REQ "\n{\"command\":\"fail\"}\n"
	    "{\"command\":\"null\"}\n");
	r1 = helper_read_line(fd, HELPER_WAIT_MS);
	r2 = helper_read_line(fd, HELPER_WAIT_MS);
	r3 = helper_read_line(fd, HELPER_WAIT_MS);
	ck_assert_str_eq(r1, VERSION_OK);
	ck_assert_str_eq(r2, "{\"return\":\"NOK\",\"message\":\"boom\"}");
	ck_assert_str_eq(r3, "{\"return\":\"OK\",\"message\":null}");
	free(r1);
	free(r2);
	free(r3);
	close(fd);
}
END_TEST

START_TEST(test_last_line_without_newline_is_answered_at_end_of_stream)
{
	int fd = helper_connect(path);
	char *r;

	helper_send_str(fd, "{\"command\":\"null\"}");
	ck_assert_int_eq(shutdown(fd, SHUT_WR), 0);
	r = helper_read_line(fd, HELPER_WAIT_MS);
	ck_assert_str_eq(r, "{\"return\":\"OK\",\"message\":null}");
	ck_assert_ptr_null(helper_read_line(fd, HELPER_WAIT_MS));
	free(r);
	close(fd);
}
END_TEST

START_TEST(test_twenty_clients_the_last_four_get_too_many_clients)
{
	int fds[20];

	for (int i = 0; i < 20; i++)
		ck_assert_int_ge(fds[i] = helper_connect(path), 0);
	for (int i = CONTROL_SERVER_MAX_CLIENTS; i < 20; i++) {
		char *r = helper_read_line(fds[i], HELPER_WAIT_MS);

		ck_assert_ptr_nonnull(r);
		ck_assert_str_eq(r, TOO_MANY);
		ck_assert_ptr_null(helper_read_line(fds[i], HELPER_WAIT_MS));
		free(r);
	}
	for (int i = 0; i < CONTROL_SERVER_MAX_CLIENTS; i++)
		call_expect(fds[i], VERSION_REQ, VERSION_OK);
	for (int i = 0; i < 20; i++)
		close(fds[i]);
}
END_TEST

START_TEST(test_a_slot_freed_by_a_client_serves_the_next)
{
	int fds[CONTROL_SERVER_MAX_CLIENTS], late;

	for (int i = 0; i < CONTROL_SERVER_MAX_CLIENTS; i++)
		call_expect(fds[i] = helper_connect(path), VERSION_REQ,
		    VERSION_OK);
	close(fds[0]);
	/* the close is seen before the next accept: wait for it */
	call_expect(fds[1], VERSION_REQ, VERSION_OK);
	late = helper_connect(path);
	call_expect(late, VERSION_REQ, VERSION_OK);
	for (int i = 1; i < CONTROL_SERVER_MAX_CLIENTS; i++)
		close(fds[i]);
	close(late);
}
END_TEST

START_TEST(test_half_line_from_one_client_does_not_block_another)
{
	int stalled = helper_connect(path);
	int other = helper_connect(path);

	helper_send_str(stalled, "{\"command\":\"ver");
	call_expect(other, VERSION_REQ, VERSION_OK);
	close(other);
	close(stalled);
}
END_TEST

START_TEST(test_half_line_completed_later_is_answered)
{
	int fd = helper_connect(path);
	int other = helper_connect(path);

	helper_send_str(fd, "{\"command\":\"ver");
	call_expect(other, VERSION_REQ, VERSION_OK);
	call_expect(fd, "sion\"}", VERSION_OK);
	close(other);
	close(fd);
}
END_TEST

START_TEST(test_request_sent_byte_by_byte_is_answered)
{
	const char *req = VERSION_REQ "\n";
	struct timespec us = { 0, 100000 };
	int fd = helper_connect(path);
	char *r;

	for (size_t i = 0; i < strlen(req); i++) {
		ck_assert_uint_eq(helper_send(fd, req + i, 1), 1);
		nanosleep(&us, NULL);
	}
	r = helper_read_line(fd, HELPER_WAIT_MS);
	ck_assert_ptr_nonnull(r);
	ck_assert_str_eq(r, VERSION_OK);
	free(r);
	close(fd);
}
END_TEST

START_TEST(test_client_that_never_reads_is_dropped_without_blocking_others)
{
	const char *blob = "{\"command\":\"blob\"}\n";
	int slow = helper_connect(path);
	int other = helper_connect(path);
	size_t got;

	/* eight 1 MiB replies: twice what a client may leave unread */
	for (int i = 0; i < 8; i++)
		helper_send_str(slow, blob);
	call_expect(other, VERSION_REQ, VERSION_OK);
	got = helper_drain(slow, HELPER_WAIT_MS);
	ck_assert_uint_lt(got, 8u * 1024 * 1024);
	call_expect(other, VERSION_REQ, VERSION_OK);
	close(other);
	close(slow);
}
END_TEST

START_TEST(test_reply_larger_than_the_output_bound_becomes_nok)
{
	int fd = helper_connect(path);
	char want[128];

	snprintf(want, sizeof(want), "{\"return\":\"NOK\",\"message\":"
	    "\"reply too large (%d bytes)\"}", 5 * 1024 * 1024 + 29);
	call_expect(fd, "{\"command\":\"blob\",\"args\":{\"size\":5242880}}",
	    want);
	close(fd);
}
END_TEST

START_TEST(test_random_input_gets_nok_replies_then_a_valid_command_works)
{
	uint64_t seed = 7;
	uint8_t buf[100 * 201];
	int fd = helper_connect(path);

	for (int batch = 0; batch < 100; batch++) {
		size_t len = 0, lines = 0;

		/* 100 random strings, NULs and newlines included, each
		 * ended by a newline */
		for (int i = 0; i < 100; i++) {
			size_t n = helper_rand(&seed) % 200;

			helper_rand_bytes(&seed, buf + len, n);
			len += n;
			buf[len++] = '\n';
		}
		for (size_t i = 0; i < len; i++)
			lines += buf[i] == '\n';
		ck_assert_uint_eq(helper_send(fd, buf, len), len);
		for (size_t i = 0; i < lines; i++) {
			char *r = helper_read_line(fd, HELPER_WAIT_MS);

			ck_assert_ptr_nonnull(r);
			ck_assert_msg(strncmp(r, "{\"return\":\"NOK\",", 16) == 0,
			    "batch %d reply %zu: %s", batch, i, r);
			free(r);
		}
	}
	call_expect(fd, VERSION_REQ, VERSION_OK);
	close(fd);
}
END_TEST

START_TEST(test_megabyte_line_gets_too_long_and_the_connection_closes)
{
	size_t n = 1024 * 1024;
	char *big = malloc(n);
	int fd = helper_connect(path);
	char *r;

	ck_assert_ptr_nonnull(big);
	memset(big, 'a', n);
	/* the server stops reading at 64 KiB: the rest may bounce */
	helper_send(fd, big, n);
	r = helper_read_line(fd, HELPER_WAIT_MS);
	ck_assert_ptr_nonnull(r);
	ck_assert_str_eq(r, TOO_LONG);
	ck_assert_ptr_null(helper_read_line(fd, HELPER_WAIT_MS));
	free(r);
	free(big);
	close(fd);
}
END_TEST

START_TEST(test_after_a_megabyte_line_the_next_client_is_served)
{
	size_t n = 1024 * 1024;
	char *big = malloc(n);
	int fd = helper_connect(path), next;

	ck_assert_ptr_nonnull(big);
	memset(big, '{', n);
	helper_send(fd, big, n);
	helper_drain(fd, HELPER_WAIT_MS);
	close(fd);
	next = helper_connect(path);
	call_expect(next, VERSION_REQ, VERSION_OK);
	close(next);
	free(big);
}
END_TEST

START_TEST(test_shutdown_reply_reaches_the_client_before_stop)
{
	int fd = helper_connect(path);
	struct timespec ms = { 0, 1000000 };
	char *r;

	helper_send_str(fd, "{\"command\":\"shutdown\"}\n");
	for (int i = 0; i < HELPER_WAIT_MS &&
	    !__atomic_load_n(&fake.shutdown, __ATOMIC_SEQ_CST); i++)
		nanosleep(&ms, NULL);
	control_server_stop(srv);
	srv = NULL;
	r = helper_read_line(fd, HELPER_WAIT_MS);
	ck_assert_ptr_nonnull(r);
	ck_assert_str_eq(r,
	    "{\"return\":\"OK\",\"message\":\"shutting down\"}");
	free(r);
	close(fd);
}
END_TEST

START_TEST(test_stop_removes_the_socket_file)
{
	control_server_stop(srv);
	srv = NULL;
	ck_assert_int_eq(access(path, F_OK), -1);
	ck_assert_int_eq(errno, ENOENT);
}
END_TEST

START_TEST(test_stop_leaves_a_file_that_replaced_ours)
{
	int fd;

	ck_assert_int_eq(unlink(path), 0);
	fd = open(path, O_CREAT | O_WRONLY, 0600);
	ck_assert_int_ge(fd, 0);
	close(fd);
	control_server_stop(srv);
	srv = NULL;
	ck_assert_int_eq(access(path, F_OK), 0);
}
END_TEST

START_TEST(test_live_socket_is_refused)
{
	char want[256];

	snprintf(want, sizeof(want),
	    "%s is in use: another quelld is answering on it", path);
	ck_assert_ptr_null(control_server_open(path, 0660, (uid_t)-1,
	    (gid_t)-1, err, sizeof(err)));
	ck_assert_str_eq(err, want);
}
END_TEST

START_TEST(test_live_socket_keeps_serving_after_a_refused_open)
{
	int fd;

	ck_assert_ptr_null(control_server_open(path, 0660, (uid_t)-1,
	    (gid_t)-1, err, sizeof(err)));
	fd = helper_connect(path);
	call_expect(fd, VERSION_REQ, VERSION_OK);
	close(fd);
}
END_TEST

START_TEST(test_stale_socket_file_is_replaced)
{
	int fd;

	make_stale_socket(path);
	srv = control_server_open(path, 0660, (uid_t)-1, (gid_t)-1, err,
	    sizeof(err));
	ck_assert_msg(srv != NULL, "%s", err);
	ck_assert_int_eq(control_server_start(srv, NULL, 0, NULL, err,
	    sizeof(err)), 0);
	fd = helper_connect(path);
	call_expect(fd, VERSION_REQ, VERSION_OK);
	close(fd);
}
END_TEST

START_TEST(test_regular_file_at_the_path_is_refused)
{
	char want[256];
	int fd = open(path, O_CREAT | O_WRONLY, 0600);

	close(fd);
	snprintf(want, sizeof(want), "%s exists and is not a socket", path);
	ck_assert_ptr_null(control_server_open(path, 0660, (uid_t)-1,
	    (gid_t)-1, err, sizeof(err)));
	ck_assert_str_eq(err, want);
}
END_TEST

START_TEST(test_missing_directory_is_reported)
{
	char p[256], want[512];

	snprintf(p, sizeof(p), "%s/nodir/quell.socket", dir);
	snprintf(want, sizeof(want), "cannot bind %s: No such file or "
	    "directory", p);
	ck_assert_ptr_null(control_server_open(p, 0660, (uid_t)-1,
	    (gid_t)-1, err, sizeof(err)));
	ck_assert_str_eq(err, want);
}
END_TEST

START_TEST(test_path_longer_than_sun_path_is_refused)
{
	char p[200];

	memset(p, 'p', sizeof(p) - 1);
	p[sizeof(p) - 1] = '\0';
	ck_assert_ptr_null(control_server_open(p, 0660, (uid_t)-1,
	    (gid_t)-1, err, sizeof(err)));
	ck_assert_int_eq(strncmp(err, "control socket path too long (107 "
	    "bytes at most): ppp", 51), 0);
}
END_TEST

START_TEST(test_start_refuses_an_unsorted_table)
{
	const struct control_command t[] = {
		{ "queues", fake_table[0].fn, "" },
		{ "counters", fake_table[0].fn, "" },
	};

	srv = control_server_open(path, 0660, (uid_t)-1, (gid_t)-1, err,
	    sizeof(err));
	ck_assert_ptr_nonnull(srv);
	ck_assert_int_eq(control_server_start(srv, t, 2, NULL, err,
	    sizeof(err)), -1);
	ck_assert_str_eq(err,
	    "command table not sorted or not unique at 'counters'");
}
END_TEST

START_TEST(test_client_library_gets_ok_reply_and_raw_line)
{
	struct control_client *cl = control_client_connect(path, err,
	    sizeof(err));
	struct control_reply rep;
	char *raw;

	ck_assert_ptr_nonnull(cl);
	ck_assert_int_eq(control_client_call(cl, "counters", NULL, 5000, &rep,
	    &raw, err, sizeof(err)), 0);
	ck_assert(rep.ok);
	ck_assert_int_eq(json_integer_value(json_object_get(json_object_get(
	    rep.message, "nfq"), "packets")), 42);
	ck_assert_str_eq(raw, "{\"return\":\"OK\",\"message\":{\"nfq\":"
	    "{\"packets\":42,\"dropped\":2},\"detect\":{\"alert\":7}}}");
	free(raw);
	control_proto_reply_free(&rep);
	control_client_close(cl);
}
END_TEST

START_TEST(test_client_library_gets_nok_reply)
{
	struct control_client *cl = control_client_connect(path, err,
	    sizeof(err));
	struct control_reply rep;

	ck_assert_int_eq(control_client_call(cl, "reload-rules", NULL, -1,
	    &rep, NULL, err, sizeof(err)), 0);
	ck_assert(!rep.ok);
	ck_assert_str_eq(json_string_value(rep.message), FAKE_RELOAD_ERROR);
	control_proto_reply_free(&rep);
	control_client_close(cl);
}
END_TEST

START_TEST(test_client_library_reuses_one_connection)
{
	struct control_client *cl = control_client_connect(path, err,
	    sizeof(err));
	struct control_reply rep;

	for (int i = 0; i < 3; i++) {
		ck_assert_int_eq(control_client_call(cl, "queues", NULL, 5000,
		    &rep, NULL, err, sizeof(err)), 0);
		ck_assert(rep.ok);
		control_proto_reply_free(&rep);
	}
	ck_assert_int_eq(fake.calls, 3);
	control_client_close(cl);
}
END_TEST

START_TEST(test_client_connect_to_a_missing_socket_asks_if_quelld_runs)
{
	char want[256];

	snprintf(want, sizeof(want), "cannot connect to %s: No such file or "
	    "directory (is quelld running?)", path);
	ck_assert_ptr_null(control_client_connect(path, err, sizeof(err)));
	ck_assert_str_eq(err, want);
}
END_TEST

START_TEST(test_client_connect_to_a_stale_socket_asks_if_quelld_runs)
{
	char want[256];

	make_stale_socket(path);
	snprintf(want, sizeof(want), "cannot connect to %s: Connection "
	    "refused (is quelld running?)", path);
	ck_assert_ptr_null(control_client_connect(path, err, sizeof(err)));
	ck_assert_str_eq(err, want);
}
END_TEST

START_TEST(test_client_call_times_out_on_a_silent_peer)
{
	struct control_client *cl;
	struct control_reply rep;
	char want[256];

	/* opened, never started: connects, never answers */
	srv = control_server_open(path, 0660, (uid_t)-1, (gid_t)-1, err,
	    sizeof(err));
	cl = control_client_connect(path, err, sizeof(err));
	ck_assert_ptr_nonnull(cl);
	snprintf(want, sizeof(want), "%s: no reply within 100 ms", path);
	ck_assert_int_eq(control_client_call(cl, "version", NULL, 100, &rep,
	    NULL, err, sizeof(err)), -1);
	ck_assert_str_eq(err, want);
	control_client_close(cl);
}
END_TEST

Suite *
control_server_suite(void)
{
	Suite *s = suite_create("control_server");
	TCase *tc = tcase_create("serving");
	TCase *to = tcase_create("opening");

	tcase_add_checked_fixture(tc, server_setup, tmp_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_server_answers_a_command_with_ok);
	tcase_add_test(tc, test_server_answers_a_failing_command_with_nok);
	tcase_add_test(tc, test_server_answers_unknown_command_with_nok);
	tcase_add_test(tc, test_socket_file_has_mode_0660);
	tcase_add_test(tc, test_socket_file_is_owned_by_the_given_user_and_group);
	tcase_add_test(tc, test_pipelined_requests_are_answered_in_order);
	tcase_add_test(tc,
	    test_last_line_without_newline_is_answered_at_end_of_stream);
	tcase_add_test(tc, test_twenty_clients_the_last_four_get_too_many_clients);
	tcase_add_test(tc, test_a_slot_freed_by_a_client_serves_the_next);
	tcase_add_test(tc, test_half_line_from_one_client_does_not_block_another);
	tcase_add_test(tc, test_half_line_completed_later_is_answered);
	tcase_add_test(tc, test_request_sent_byte_by_byte_is_answered);
	tcase_add_test(tc,
	    test_client_that_never_reads_is_dropped_without_blocking_others);
	tcase_add_test(tc, test_reply_larger_than_the_output_bound_becomes_nok);
	tcase_add_test(tc,
	    test_random_input_gets_nok_replies_then_a_valid_command_works);
	tcase_add_test(tc,
	    test_megabyte_line_gets_too_long_and_the_connection_closes);
	tcase_add_test(tc, test_after_a_megabyte_line_the_next_client_is_served);
	tcase_add_test(tc, test_shutdown_reply_reaches_the_client_before_stop);
	tcase_add_test(tc, test_stop_removes_the_socket_file);
	tcase_add_test(tc, test_stop_leaves_a_file_that_replaced_ours);
	tcase_add_test(tc, test_live_socket_is_refused);
	tcase_add_test(tc, test_live_socket_keeps_serving_after_a_refused_open);
	tcase_add_test(tc, test_client_library_gets_ok_reply_and_raw_line);
	tcase_add_test(tc, test_client_library_gets_nok_reply);
	tcase_add_test(tc, test_client_library_reuses_one_connection);
	suite_add_tcase(s, tc);

	tcase_add_checked_fixture(to, tmp_setup, tmp_teardown);
	tcase_add_test(to, test_stale_socket_file_is_replaced);
	tcase_add_test(to, test_regular_file_at_the_path_is_refused);
	tcase_add_test(to, test_missing_directory_is_reported);
	tcase_add_test(to, test_path_longer_than_sun_path_is_refused);
	tcase_add_test(to, test_start_refuses_an_unsorted_table);
	tcase_add_test(to,
	    test_client_connect_to_a_missing_socket_asks_if_quelld_runs);
	tcase_add_test(to,
	    test_client_connect_to_a_stale_socket_asks_if_quelld_runs);
	tcase_add_test(to, test_client_call_times_out_on_a_silent_peer);
	suite_add_tcase(s, to);
	return s;
}
