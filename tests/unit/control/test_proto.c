/* lib/control/proto: request parsing and reply building, exact texts. */
#include "core/base.h"

#include <check.h>
#include <jansson.h>

#include "control/proto.h"

#include "helpers.h"
#include "suites.h"

static char err[CONTROL_PROTO_ERR_MAX];

/* Parses s (strlen) and returns the NOK text; the parse must fail. */
static const char *
parse_error(const char *s, size_t len)
{
	struct control_request req;

	ck_assert_int_eq(control_proto_parse_request(s, len, &req, err,
	    sizeof(err)), -1);
	ck_assert_ptr_null(req.command);
	ck_assert_ptr_null(req.args);
	return err;
}

START_TEST(test_request_with_command_and_args_parses)
{
	const char *s = "{\"command\":\"bypass-add\",\"args\":{\"a\":1}}";
	struct control_request req;

	ck_assert_int_eq(control_proto_parse_request(s, strlen(s), &req, err,
	    sizeof(err)), 0);
	ck_assert_str_eq(req.command, "bypass-add");
	ck_assert_int_eq(json_integer_value(json_object_get(req.args, "a")),
	    1);
	control_proto_request_free(&req);
}
END_TEST

START_TEST(test_request_without_args_gets_an_empty_args_object)
{
	const char *s = "{\"command\":\"version\"}";
	struct control_request req;

	ck_assert_int_eq(control_proto_parse_request(s, strlen(s), &req, err,
	    sizeof(err)), 0);
	ck_assert(json_is_object(req.args));
	ck_assert_uint_eq(json_object_size(req.args), 0);
	control_proto_request_free(&req);
}
END_TEST

START_TEST(test_request_ending_in_carriage_return_parses)
{
	const char *s = "{\"command\":\"version\"}\r";
	struct control_request req;

	ck_assert_int_eq(control_proto_parse_request(s, strlen(s), &req, err,
	    sizeof(err)), 0);
	ck_assert_str_eq(req.command, "version");
	control_proto_request_free(&req);
}
END_TEST

START_TEST(test_request_is_parsed_within_len_only)
{
	const char *s = "{\"command\":\"version\"}garbage";
	struct control_request req;

	ck_assert_int_eq(control_proto_parse_request(s, 21, &req, err,
	    sizeof(err)), 0);
	ck_assert_str_eq(req.command, "version");
	control_proto_request_free(&req);
}
END_TEST

START_TEST(test_text_that_is_not_json_is_malformed)
{
	ck_assert_str_eq(parse_error("not json", 8),
	    "malformed JSON: invalid token near 'not'");
}
END_TEST

START_TEST(test_empty_line_is_malformed)
{
	ck_assert_str_eq(parse_error("", 0),
	    "malformed JSON: unexpected token near end of file");
}
END_TEST

START_TEST(test_truncated_object_is_malformed)
{
	ck_assert_str_eq(parse_error("{\"command\":\"version\"", 20),
	    "malformed JSON: '}' expected near end of file");
}
END_TEST

START_TEST(test_two_objects_on_one_line_are_malformed)
{
	ck_assert_str_eq(parse_error("{} {}", 5),
	    "malformed JSON: end of file expected near '{'");
}
END_TEST

START_TEST(test_duplicate_key_is_malformed)
{
	const char *s = "{\"command\":\"version\",\"command\":\"shutdown\"}";

	ck_assert_str_eq(parse_error(s, strlen(s)),
	    "malformed JSON: duplicate object key near '\"command\"'");
}
END_TEST

START_TEST(test_nul_byte_inside_a_string_is_malformed)
{
	ck_assert_str_eq(parse_error("{\"command\":\"ver\0sion\"}", 22),
	    "malformed JSON: control character 0x0 near '\"ver'");
}
END_TEST

START_TEST(test_escaped_nul_in_command_is_malformed)
{
	const char *s = "{\"command\":\"ver\\u0000sion\"}";

	ck_assert_str_eq(parse_error(s, strlen(s)),
	    "malformed JSON: \\u0000 is not allowed without JSON_ALLOW_NUL "
	    "near '\"ver\\u0000sion\"'");
}
END_TEST

START_TEST(test_invalid_utf8_is_malformed)
{
	ck_assert_str_eq(parse_error("{\"command\":\"\xff\"}", 15),
	    "malformed JSON: unable to decode byte 0xff near '\"'");
}
END_TEST

START_TEST(test_nesting_deeper_than_jansson_allows_is_malformed)
{
	char deep[4096];

	memset(deep, '[', sizeof(deep));
	ck_assert_str_eq(parse_error(deep, sizeof(deep)),
	    "malformed JSON: maximum parsing depth reached near '['");
}
END_TEST

START_TEST(test_array_is_not_an_object)
{
	ck_assert_str_eq(parse_error("[\"version\"]", 11),
	    "request is not a JSON object");
}
END_TEST

START_TEST(test_string_is_not_an_object)
{
	ck_assert_str_eq(parse_error("\"version\"", 9),
	    "request is not a JSON object");
}
END_TEST

START_TEST(test_object_without_command_is_refused)
{
	ck_assert_str_eq(parse_error("{\"args\":{}}", 11),
	    "missing \"command\"");
}
END_TEST

START_TEST(test_numeric_command_is_refused)
{
	ck_assert_str_eq(parse_error("{\"command\":7}", 13),
	    "\"command\" must be a string");
}
END_TEST

START_TEST(test_empty_command_is_refused)
{
	ck_assert_str_eq(parse_error("{\"command\":\"\"}", 14),
	    "\"command\" must not be empty");
}
END_TEST

START_TEST(test_args_that_are_not_an_object_are_refused)
{
	const char *s = "{\"command\":\"echo\",\"args\":[1]}";

	ck_assert_str_eq(parse_error(s, strlen(s)),
	    "\"args\" must be an object");
}
END_TEST

START_TEST(test_line_over_64k_is_too_long)
{
	char *s = malloc(CONTROL_PROTO_MAX_LINE + 1);

	ck_assert_ptr_nonnull(s);
	memset(s, ' ', CONTROL_PROTO_MAX_LINE + 1);
	ck_assert_str_eq(parse_error(s, CONTROL_PROTO_MAX_LINE + 1),
	    "request too long");
	free(s);
}
END_TEST

START_TEST(test_line_of_exactly_64k_parses)
{
	const char *cmd = "{\"command\":\"version\"}";
	char *s = malloc(CONTROL_PROTO_MAX_LINE);
	struct control_request req;

	ck_assert_ptr_nonnull(s);
	memset(s, ' ', CONTROL_PROTO_MAX_LINE);
	memcpy(s, cmd, strlen(cmd));
	ck_assert_int_eq(control_proto_parse_request(s, CONTROL_PROTO_MAX_LINE,
	    &req, err, sizeof(err)), 0);
	ck_assert_str_eq(req.command, "version");
	control_proto_request_free(&req);
	free(s);
}
END_TEST

START_TEST(test_random_bytes_never_parse_and_never_crash)
{
	uint64_t seed = 0x9e3779b97f4a7c15ULL;
	uint8_t buf[512];
	int parsed = 0;

	for (int i = 0; i < 10000; i++) {
		struct control_request req;
		size_t n = helper_rand(&seed) % sizeof(buf);

		helper_rand_bytes(&seed, buf, n);
		parsed += control_proto_parse_request((const char *)buf, n,
		    &req, err, sizeof(err)) == 0;
	}
	ck_assert_int_eq(parsed, 0);
}
END_TEST

START_TEST(test_ok_reply_has_the_suricata_shape)
{
	size_t len;
	char *line = control_proto_reply_ok(json_pack("{s:i}", "a", 1), &len);

	ck_assert_str_eq(line, "{\"return\":\"OK\",\"message\":{\"a\":1}}\n");
	ck_assert_uint_eq(len, strlen(line));
	free(line);
}
END_TEST

START_TEST(test_ok_reply_without_message_sends_null)
{
	size_t len;
	char *line = control_proto_reply_ok(NULL, &len);

	ck_assert_str_eq(line, "{\"return\":\"OK\",\"message\":null}\n");
	free(line);
}
END_TEST

START_TEST(test_nok_reply_has_the_suricata_shape)
{
	size_t len;
	char *line = control_proto_reply_nok("unknown command 'x'", &len);

	ck_assert_str_eq(line,
	    "{\"return\":\"NOK\",\"message\":\"unknown command 'x'\"}\n");
	free(line);
}
END_TEST

START_TEST(test_nok_reply_escapes_newlines_and_quotes)
{
	size_t len;
	char *line = control_proto_reply_nok("a:1: \"x\"\nb:2: y", &len);

	ck_assert_str_eq(line, "{\"return\":\"NOK\",\"message\":"
	    "\"a:1: \\\"x\\\"\\nb:2: y\"}\n");
	free(line);
}
END_TEST

START_TEST(test_nok_reply_with_invalid_utf8_keeps_the_text)
{
	size_t len;
	char *line = control_proto_reply_nok("bad \xff\xfe name", &len);

	ck_assert_str_eq(line,
	    "{\"return\":\"NOK\",\"message\":\"bad ?? name\"}\n");
	free(line);
}
END_TEST

START_TEST(test_request_line_is_one_compact_line)
{
	json_t *args = json_pack("{s:s}", "k", "multi\nline");
	size_t len;
	char *line = control_proto_request_line("echo", args, &len);

	ck_assert_str_eq(line, "{\"command\":\"echo\",\"args\":"
	    "{\"k\":\"multi\\nline\"}}\n");
	json_decref(args);
	free(line);
}
END_TEST

START_TEST(test_reply_line_parses_back)
{
	const char *s = "{\"return\":\"OK\",\"message\":{\"a\":[1,2]}}";
	struct control_reply rep;

	ck_assert_int_eq(control_proto_parse_reply(s, strlen(s), &rep, err,
	    sizeof(err)), 0);
	ck_assert(rep.ok);
	ck_assert_uint_eq(json_array_size(json_object_get(rep.message, "a")),
	    2);
	control_proto_reply_free(&rep);
}
END_TEST

START_TEST(test_nok_reply_line_parses_back_as_not_ok)
{
	const char *s = "{\"return\":\"NOK\",\"message\":\"boom\"}";
	struct control_reply rep;

	ck_assert_int_eq(control_proto_parse_reply(s, strlen(s), &rep, err,
	    sizeof(err)), 0);
	ck_assert(!rep.ok);
	ck_assert_str_eq(json_string_value(rep.message), "boom");
	control_proto_reply_free(&rep);
}
END_TEST

START_TEST(test_reply_without_return_is_refused)
{
	const char *s = "{\"message\":\"boom\"}";
	struct control_reply rep;

	ck_assert_int_eq(control_proto_parse_reply(s, strlen(s), &rep, err,
	    sizeof(err)), -1);
	ck_assert_str_eq(err, "malformed reply: no \"return\"");
}
END_TEST

Suite *
control_proto_suite(void)
{
	Suite *s = suite_create("control_proto");
	TCase *tc = tcase_create("request");
	TCase *tr = tcase_create("reply");

	tcase_add_test(tc, test_request_with_command_and_args_parses);
	tcase_add_test(tc, test_request_without_args_gets_an_empty_args_object);
	tcase_add_test(tc, test_request_ending_in_carriage_return_parses);
	tcase_add_test(tc, test_request_is_parsed_within_len_only);
	tcase_add_test(tc, test_text_that_is_not_json_is_malformed);
	tcase_add_test(tc, test_empty_line_is_malformed);
	tcase_add_test(tc, test_truncated_object_is_malformed);
	tcase_add_test(tc, test_two_objects_on_one_line_are_malformed);
	tcase_add_test(tc, test_duplicate_key_is_malformed);
	tcase_add_test(tc, test_nul_byte_inside_a_string_is_malformed);
	tcase_add_test(tc, test_escaped_nul_in_command_is_malformed);
	tcase_add_test(tc, test_invalid_utf8_is_malformed);
	tcase_add_test(tc, test_nesting_deeper_than_jansson_allows_is_malformed);
	tcase_add_test(tc, test_array_is_not_an_object);
	tcase_add_test(tc, test_string_is_not_an_object);
	tcase_add_test(tc, test_object_without_command_is_refused);
	tcase_add_test(tc, test_numeric_command_is_refused);
	tcase_add_test(tc, test_empty_command_is_refused);
	tcase_add_test(tc, test_args_that_are_not_an_object_are_refused);
	tcase_add_test(tc, test_line_over_64k_is_too_long);
	tcase_add_test(tc, test_line_of_exactly_64k_parses);
	tcase_add_test(tc, test_random_bytes_never_parse_and_never_crash);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(s, tc);

	tcase_add_test(tr, test_ok_reply_has_the_suricata_shape);
	tcase_add_test(tr, test_ok_reply_without_message_sends_null);
	tcase_add_test(tr, test_nok_reply_has_the_suricata_shape);
	tcase_add_test(tr, test_nok_reply_escapes_newlines_and_quotes);
	tcase_add_test(tr, test_nok_reply_with_invalid_utf8_keeps_the_text);
	tcase_add_test(tr, test_request_line_is_one_compact_line);
	tcase_add_test(tr, test_reply_line_parses_back);
	tcase_add_test(tr, test_nok_reply_line_parses_back_as_not_ok);
	tcase_add_test(tr, test_reply_without_return_is_refused);
	suite_add_tcase(s, tr);
	return s;
}
