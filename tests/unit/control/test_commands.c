/* lib/control/commands: built-ins, table checks and the dispatch of a
 * request line to a reply line, with the fake daemon table. */
#include "core/base.h"

#include <check.h>
#include <jansson.h>

#include "control/commands.h"
#include "control/proto.h"

#include "helpers.h"
#include "suites.h"

static struct control_registry reg;
static struct fake_daemon fake;
static char err[CONTROL_PROTO_ERR_MAX];

static void
setup(void)
{
	memset(&fake, 0, sizeof(fake));
	control_commands_init(&reg, fake_table, fake_ntable, &fake);
}

/* The reply line to s, without its "\n". */
static char *
handle(const char *s)
{
	size_t len;
	char *reply = control_commands_handle_line(&reg, s, strlen(s), &len);

	ck_assert_ptr_nonnull(reply);
	ck_assert_uint_eq(len, strlen(reply));
	ck_assert_int_eq(reply[len - 1], '\n');
	reply[len - 1] = '\0';
	return reply;
}

/* The message of an OK reply to s (caller decrefs). */
static json_t *
handle_ok(const char *s)
{
	struct control_reply rep;
	char *line = handle(s);

	ck_assert_int_eq(control_proto_parse_reply(line, strlen(line), &rep,
	    err, sizeof(err)), 0);
	ck_assert_msg(rep.ok, "not OK: %s", line);
	free(line);
	return rep.message;
}

START_TEST(test_builtin_table_is_sorted_and_unique)
{
	for (size_t i = 1; i < control_commands_nbuiltin; i++)
		ck_assert_int_lt(strcmp(control_commands_builtin[i - 1].name,
		    control_commands_builtin[i].name), 0);
}
END_TEST

START_TEST(test_fake_daemon_table_passes_the_check)
{
	ck_assert_int_eq(control_commands_check(fake_table, fake_ntable, err,
	    sizeof(err)), 0);
}
END_TEST

START_TEST(test_unsorted_table_is_refused)
{
	const struct control_command t[] = {
		{ "queues", fake_table[0].fn, "" },
		{ "counters", fake_table[0].fn, "" },
	};

	ck_assert_int_eq(control_commands_check(t, 2, err, sizeof(err)), -1);
	ck_assert_str_eq(err,
	    "command table not sorted or not unique at 'counters'");
}
END_TEST

START_TEST(test_duplicate_command_is_refused)
{
	const struct control_command t[] = {
		{ "counters", fake_table[0].fn, "" },
		{ "counters", fake_table[0].fn, "" },
	};

	ck_assert_int_eq(control_commands_check(t, 2, err, sizeof(err)), -1);
	ck_assert_str_eq(err,
	    "command table not sorted or not unique at 'counters'");
}
END_TEST

START_TEST(test_command_shadowing_a_builtin_is_refused)
{
	const struct control_command t[] = {
		{ "version", fake_table[0].fn, "" },
	};

	ck_assert_int_eq(control_commands_check(t, 1, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "command 'version' is a built-in");
}
END_TEST

START_TEST(test_command_without_handler_is_refused)
{
	const struct control_command t[] = {
		{ "counters", NULL, "" },
	};

	ck_assert_int_eq(control_commands_check(t, 1, err, sizeof(err)), -1);
	ck_assert_str_eq(err, "command 0 has no name or handler");
}
END_TEST

START_TEST(test_unknown_command_gets_its_name_back)
{
	char *r = handle("{\"command\":\"nope\"}");

	ck_assert_str_eq(r,
	    "{\"return\":\"NOK\",\"message\":\"unknown command 'nope'\"}");
	free(r);
}
END_TEST

START_TEST(test_unknown_long_command_name_is_cut_at_64_bytes)
{
	char line[256], name[101];
	char *r;

	memset(name, 'x', 100);
	name[100] = '\0';
	snprintf(line, sizeof(line), "{\"command\":\"%s\"}", name);
	r = handle(line);
	name[64] = '\0';
	snprintf(line, sizeof(line), "{\"return\":\"NOK\",\"message\":"
	    "\"unknown command '%s...'\"}", name);
	ck_assert_str_eq(r, line);
	free(r);
}
END_TEST

START_TEST(test_unknown_command_name_is_cut_on_a_utf8_boundary)
{
	char line[512], name[256];
	char *r;

	/* 63 ASCII bytes, then a 2-byte character straddling byte 64 */
	memset(name, 'x', 63);
	snprintf(name + 63, sizeof(name) - 63, "\xc3\xa9yyyy");
	snprintf(line, sizeof(line), "{\"command\":\"%s\"}", name);
	r = handle(line);
	name[63] = '\0';
	snprintf(line, sizeof(line), "{\"return\":\"NOK\",\"message\":"
	    "\"unknown command '%s...'\"}", name);
	ck_assert_str_eq(r, line);
	free(r);
}
END_TEST

START_TEST(test_malformed_line_gets_malformed_json_reply)
{
	char *r = handle("{\"command\":");

	ck_assert_str_eq(r, "{\"return\":\"NOK\",\"message\":\"malformed "
	    "JSON: unexpected token near end of file\"}");
	free(r);
}
END_TEST

START_TEST(test_version_replies_name_and_package_version)
{
	json_t *m = handle_ok("{\"command\":\"version\"}");

	ck_assert_str_eq(json_string_value(json_object_get(m, "name")),
	    "quell");
	ck_assert_str_eq(json_string_value(json_object_get(m, "version")),
	    PACKAGE_VERSION);
	json_decref(m);
}
END_TEST

START_TEST(test_uptime_counts_seconds_from_init)
{
	json_t *m;

	reg.started_mono.tv_sec -= 3661;
	m = handle_ok("{\"command\":\"uptime\"}");
	ck_assert_int_ge(json_integer_value(json_object_get(m, "uptime")),
	    3661);
	ck_assert_int_le(json_integer_value(json_object_get(m, "uptime")),
	    3663);
	ck_assert(json_is_string(json_object_get(m, "started")));
	json_decref(m);
}
END_TEST

START_TEST(test_command_list_merges_daemon_and_builtins_sorted)
{
	json_t *m = handle_ok("{\"command\":\"command-list\"}");
	json_t *list = json_object_get(m, "commands");

	ck_assert_int_eq(json_integer_value(json_object_get(m, "count")),
	    (json_int_t)(fake_ntable + control_commands_nbuiltin));
	ck_assert_uint_eq(json_array_size(list),
	    fake_ntable + control_commands_nbuiltin);
	ck_assert_str_eq(json_string_value(json_object_get(
	    json_array_get(list, 0), "name")), "blob");
	ck_assert_str_eq(json_string_value(json_object_get(
	    json_array_get(list, 3), "name")), "command-list");
	ck_assert_str_eq(json_string_value(json_object_get(
	    json_array_get(list, 3), "help")),
	    "list the commands this daemon answers");
	ck_assert_str_eq(json_string_value(json_object_get(
	    json_array_get(list, json_array_size(list) - 1), "name")),
	    "version");
	json_decref(m);
}
END_TEST

START_TEST(test_handler_error_becomes_the_nok_message)
{
	char *r = handle("{\"command\":\"fail\"}");

	ck_assert_str_eq(r, "{\"return\":\"NOK\",\"message\":\"boom\"}");
	free(r);
}
END_TEST

START_TEST(test_handler_error_without_text_says_command_failed)
{
	char *r = handle("{\"command\":\"fail-silent\"}");

	ck_assert_str_eq(r,
	    "{\"return\":\"NOK\",\"message\":\"command failed\"}");
	free(r);
}
END_TEST

START_TEST(test_handler_gets_the_request_args)
{
	char *r = handle("{\"command\":\"echo\",\"args\":{\"x\":[1,\"y\"]}}");

	ck_assert_str_eq(r,
	    "{\"return\":\"OK\",\"message\":{\"x\":[1,\"y\"]}}");
	free(r);
}
END_TEST

START_TEST(test_handler_gets_empty_args_when_request_has_none)
{
	char *r = handle("{\"command\":\"echo\"}");

	ck_assert_str_eq(r, "{\"return\":\"OK\",\"message\":{}}");
	free(r);
}
END_TEST

START_TEST(test_handler_without_message_replies_null)
{
	char *r = handle("{\"command\":\"null\"}");

	ck_assert_str_eq(r, "{\"return\":\"OK\",\"message\":null}");
	free(r);
}
END_TEST

START_TEST(test_daemon_handler_gets_the_daemon_context)
{
	json_decref(handle_ok("{\"command\":\"counters\"}"));
	json_decref(handle_ok("{\"command\":\"queues\"}"));
	ck_assert_int_eq(fake.calls, 2);
}
END_TEST

START_TEST(test_reload_rules_error_reaches_the_client_verbatim)
{
	char *r = handle("{\"command\":\"reload-rules\"}");

	ck_assert_str_eq(r, "{\"return\":\"NOK\",\"message\":\""
	    FAKE_RELOAD_ERROR "\"}");
	free(r);
}
END_TEST

START_TEST(test_bypass_add_with_valid_tuple_is_ok)
{
	json_t *m = handle_ok("{\"command\":\"bypass-add\",\"args\":"
	    "{\"proto\":\"tcp\",\"src_ip\":\"198.18.1.2\",\"src_port\":1234,"
	    "\"dest_ip\":\"198.18.2.2\",\"dest_port\":80}}");

	ck_assert_str_eq(json_string_value(json_object_get(m, "added")),
	    "tcp 198.18.1.2:1234 -> 198.18.2.2:80");
	json_decref(m);
}
END_TEST

START_TEST(test_bypass_add_with_bad_port_is_nok)
{
	char *r = handle("{\"command\":\"bypass-add\",\"args\":"
	    "{\"proto\":\"tcp\",\"src_ip\":\"198.18.1.2\",\"src_port\":0,"
	    "\"dest_ip\":\"198.18.2.2\",\"dest_port\":80}}");

	ck_assert_str_eq(r, "{\"return\":\"NOK\",\"message\":"
	    "\"\\\"src_port\\\" must be an integer 1-65535\"}");
	free(r);
}
END_TEST

START_TEST(test_random_lines_always_get_a_nok_reply)
{
	uint64_t seed = 42;
	uint8_t buf[300];
	int nok = 0;

	for (int i = 0; i < 10000; i++) {
		struct control_reply rep;
		size_t n = helper_rand(&seed) % sizeof(buf), len;
		char *line;

		helper_rand_bytes(&seed, buf, n);
		line = control_commands_handle_line(&reg, (const char *)buf, n,
		    &len);
		ck_assert_ptr_nonnull(line);
		ck_assert_ptr_eq(memchr(line, '\n', len), line + len - 1);
		ck_assert_int_eq(control_proto_parse_reply(line, len - 1, &rep,
		    err, sizeof(err)), 0);
		nok += !rep.ok;
		control_proto_reply_free(&rep);
		free(line);
	}
	ck_assert_int_eq(nok, 10000);
}
END_TEST

Suite *
control_commands_suite(void)
{
	Suite *s = suite_create("control_commands");
	TCase *tc = tcase_create("commands");

	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_builtin_table_is_sorted_and_unique);
	tcase_add_test(tc, test_fake_daemon_table_passes_the_check);
	tcase_add_test(tc, test_unsorted_table_is_refused);
	tcase_add_test(tc, test_duplicate_command_is_refused);
	tcase_add_test(tc, test_command_shadowing_a_builtin_is_refused);
	tcase_add_test(tc, test_command_without_handler_is_refused);
	tcase_add_test(tc, test_unknown_command_gets_its_name_back);
	tcase_add_test(tc, test_unknown_long_command_name_is_cut_at_64_bytes);
	tcase_add_test(tc, test_unknown_command_name_is_cut_on_a_utf8_boundary);
	tcase_add_test(tc, test_malformed_line_gets_malformed_json_reply);
	tcase_add_test(tc, test_version_replies_name_and_package_version);
	tcase_add_test(tc, test_uptime_counts_seconds_from_init);
	tcase_add_test(tc, test_command_list_merges_daemon_and_builtins_sorted);
	tcase_add_test(tc, test_handler_error_becomes_the_nok_message);
	tcase_add_test(tc, test_handler_error_without_text_says_command_failed);
	tcase_add_test(tc, test_handler_gets_the_request_args);
	tcase_add_test(tc, test_handler_gets_empty_args_when_request_has_none);
	tcase_add_test(tc, test_handler_without_message_replies_null);
	tcase_add_test(tc, test_daemon_handler_gets_the_daemon_context);
	tcase_add_test(tc, test_reload_rules_error_reaches_the_client_verbatim);
	tcase_add_test(tc, test_bypass_add_with_valid_tuple_is_ok);
	tcase_add_test(tc, test_bypass_add_with_bad_port_is_nok);
	tcase_add_test(tc, test_random_lines_always_get_a_nok_reply);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);
	return s;
}
