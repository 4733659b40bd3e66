#include "core/base.h"

#include <check.h>
#include <jansson.h>

#include "applayer/http/http.h"
#include "applayer/http/logger.h"
#include "core/jtext.h"
#include "feed.h"
#include "suites.h"

#define TS	APPLAYER_TOSERVER
#define TC	APPLAYER_TOCLIENT

static const struct feed_msg conv[] = {
	{ TS, "GET /p?q=1 HTTP/1.1\r\nHost: Www.Example.com:8080\r\n"
	      "User-Agent: Mozilla/5.0\r\nReferer: http://r/\r\n"
	      "X-Forwarded-For: 198.18.0.1, 198.18.0.2\r\n\r\n", 0 },
	{ TC, "HTTP/1.1 301 Moved\r\nLocation: /new\r\n"
	      "Content-Type: text/html; charset=UTF-8\r\n"
	      "Content-Length: 3\r\n\r\nabc", 0 },
};

static const char *
str(json_t *o, const char *k)
{
	json_t *v = json_object_get(o, k);

	ck_assert_msg(json_is_string(v), "%s missing", k);
	return json_string_value(v);
}

START_TEST(test_eve_http_fields)
{
	struct feed f;
	json_t *o = json_object();
	void *tx;

	feed_config(&f);
	feed_start(&f, NULL);
	feed_run(&f, conv, 2, 0, false);
	tx = feed_tx(&f, 0);
	ck_assert_int_eq(applayer_http_parser.log_tx(f.st, tx, o), 0);
	ck_assert_str_eq(str(o, "hostname"), "Www.Example.com");
	ck_assert_int_eq(json_integer_value(json_object_get(o, "http_port")),
	    8080);
	ck_assert_str_eq(str(o, "url"), "/p?q=1");
	ck_assert_str_eq(str(o, "http_user_agent"), "Mozilla/5.0");
	ck_assert_str_eq(str(o, "xff"), "198.18.0.1, 198.18.0.2");
	ck_assert_str_eq(str(o, "http_content_type"), "text/html");
	ck_assert_str_eq(str(o, "http_refer"), "http://r/");
	ck_assert_str_eq(str(o, "http_method"), "GET");
	ck_assert_str_eq(str(o, "protocol"), "HTTP/1.1");
	ck_assert_int_eq(json_integer_value(json_object_get(o, "status")),
	    301);
	ck_assert_str_eq(str(o, "redirect"), "/new");
	ck_assert_int_eq(json_integer_value(json_object_get(o, "length")), 3);
	ck_assert_ptr_null(json_object_get(o, "request_headers"));
	json_decref(o);
	feed_end(&f);
}
END_TEST

START_TEST(test_eve_http_header_dump)
{
	static const struct http_log_options opt = {
		.extended = false,
		.headers = HTTP_LOG_HEADERS_REQUEST | HTTP_LOG_HEADERS_RESPONSE,
	};
	struct feed f;
	json_t *o = json_object(), *rq, *rs;

	feed_config(&f);
	feed_start(&f, NULL);
	feed_run(&f, conv, 2, 0, false);
	ck_assert_int_eq(http_logger_log(feed_tx(&f, 0), &opt, o), 0);
	ck_assert_ptr_null(json_object_get(o, "http_method"));
	rq = json_object_get(o, "request_headers");
	rs = json_object_get(o, "response_headers");
	ck_assert_uint_eq(json_array_size(rq), 4);
	ck_assert_str_eq(str(json_array_get(rq, 1), "name"), "User-Agent");
	ck_assert_str_eq(str(json_array_get(rq, 1), "value"), "Mozilla/5.0");
	ck_assert_uint_eq(json_array_size(rs), 3);
	json_decref(o);
	feed_end(&f);
}
END_TEST

START_TEST(test_xff_reverse_and_forward)
{
	struct feed f;
	char ip[64];

	feed_config(&f);
	feed_start(&f, NULL);
	feed_run(&f, conv, 2, 0, false);
	ck_assert(http_logger_xff(feed_tx(&f, 0), "X-Forwarded-For", false,
	    ip, sizeof(ip)));
	ck_assert_str_eq(ip, "198.18.0.2");
	ck_assert(http_logger_xff(feed_tx(&f, 0), "X-Forwarded-For", true,
	    ip, sizeof(ip)));
	ck_assert_str_eq(ip, "198.18.0.1");
	ck_assert(!http_logger_xff(feed_tx(&f, 0), "X-Real-IP", true, ip,
	    sizeof(ip)));
	feed_end(&f);
}
END_TEST

START_TEST(test_invalid_utf8_as_suricata_writes_it)
{
	json_t *o = json_object();

	ck_assert_int_eq(http_json_set_bytes(o, "k",
	    (const uint8_t *)"a\xff" "b", 3), 0);
	ck_assert_str_eq(str(o, "k"), "a\\xffb");
	ck_assert_int_eq(http_json_set_bytes(o, "u",
	    (const uint8_t *)"caf\xc3\xa9", 5), 0);
	ck_assert_str_eq(str(o, "u"), "caf\xc3\xa9");
	json_decref(o);
}
END_TEST

/* The http record as text: with the alerts' options (extended, no
 * header dump) it is log_tx_text's object too (2: eve renders it once
 * for the fileinfo record), with others not (1); and the text is what
 * the jansson API gives. */
static int
record_text(bool extended, unsigned headers, char **text, char **tx_text)
{
	struct feed f;
	struct jtext t, u;
	json_t *o = json_object();
	char *dump;
	int r;

	feed_config(&f);
	f.cfg.log_extended = extended;
	f.cfg.log_headers = headers;
	feed_start(&f, NULL);
	feed_run(&f, conv, 2, 0, false);
	jtext_init(&t, 0);
	jtext_init(&u, 0);
	r = applayer_http_parser.log_record_text(f.st, feed_tx(&f, 0), 0, &t);
	ck_assert_int_eq(applayer_http_parser.log_record_text(f.st,
	    feed_tx(&f, 0), 1, &t), 0);
	ck_assert_int_eq(applayer_http_parser.log_tx_text(f.st, feed_tx(&f, 0),
	    &u), 0);
	ck_assert_int_eq(applayer_http_parser.log_record(f.st, feed_tx(&f, 0),
	    0, o), 1);
	*text = jtext_take(&t, NULL);
	*tx_text = jtext_take(&u, NULL);
	dump = json_dumps(o, JSON_COMPACT);
	ck_assert_str_eq(*text, dump);
	free(dump);
	json_decref(o);
	jtext_free(&t);
	jtext_free(&u);
	feed_end(&f);
	return r;
}

START_TEST(test_record_text_is_the_alert_object_with_the_alert_options)
{
	char *a, *b;

	ck_assert_int_eq(record_text(true, 0, &a, &b), 2);
	ck_assert_str_eq(a, b);
	free(a);
	free(b);
	ck_assert_int_eq(record_text(false, 0, &a, &b), 1);
	ck_assert_str_ne(a, b);
	ck_assert_ptr_null(strstr(a, "http_method"));
	ck_assert_ptr_nonnull(strstr(b, "\"http_method\":\"GET\""));
	free(a);
	free(b);
	ck_assert_int_eq(record_text(true, HTTP_LOG_HEADERS_REQUEST, &a, &b),
	    1);
	ck_assert_ptr_nonnull(strstr(a, "\"request_headers\":[{\"name\":"
	    "\"Host\",\"value\":\"Www.Example.com:8080\"},"));
	free(a);
	free(b);
}
END_TEST

Suite *
http_logger_suite(void)
{
	Suite *s = suite_create("http_logger");
	TCase *tc = tcase_create("eve");

	tcase_add_test(tc, test_eve_http_fields);
	tcase_add_test(tc, test_eve_http_header_dump);
	tcase_add_test(tc, test_xff_reverse_and_forward);
	tcase_add_test(tc, test_invalid_utf8_as_suricata_writes_it);
	tcase_add_test(tc,
	    test_record_text_is_the_alert_object_with_the_alert_options);
	suite_add_tcase(s, tc);
	return s;
}
