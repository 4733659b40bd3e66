#include "core/base.h"

#include <check.h>

#include "applayer/http/config.h"
#include "applayer/http/http.h"
#include "config/config.h"
#include "feed.h"
#include "suites.h"

#define TS	APPLAYER_TOSERVER

static const char yaml[] =
	"app-layer:\n"
	"  protocols:\n"
	"    http:\n"
	"      libhtp:\n"
	"        default-config:\n"
	"          personality: IDS\n"
	"          request-body-limit: 2kb\n"
	"          randomize-inspection-sizes: no\n"
	"          double-decode-path: yes\n"
	"          swf-decompression:\n"
	"            enabled: no\n"
	"        server-config:\n"
	"          - apache:\n"
	"              address: [198.18.1.0/24, \"2001:2::/48\"]\n"
	"              personality: Apache_2\n"
	"              request-body-limit: 4096\n"
	"              path-convert-lowercase: yes\n"
	"          - iis7:\n"
	"              address: 198.18.1.7\n"
	"              personality: iis_7_0\n";

START_TEST(test_yaml_fills_default_and_servers)
{
	struct quell_config *qc = config_new();
	struct diag_list dl;

	ck_assert_ptr_nonnull(qc);
	diag_list_init(&dl);
	ck_assert_int_eq(config_load_string(qc, "t.yaml", yaml, &dl), 0);
	ck_assert_uint_eq(dl.errors, 0);
	ck_assert_uint_eq(qc->http.def.request_body_limit, 2048);
	ck_assert(!qc->http.def.randomize);
	ck_assert(qc->http.def.double_decode_path);
	ck_assert_uint_eq(qc->http.def.response_body_limit, 100 << 10);
	ck_assert_uint_eq(qc->http.nservers, 2);
	ck_assert_str_eq(qc->http.servers[0].name, "apache");
	ck_assert_uint_eq(qc->http.servers[0].nprefixes, 2);
	ck_assert_int_eq(qc->http.servers[0].s.personality,
	    HTTP_PERS_APACHE_2);
	ck_assert_int_eq(qc->http.servers[0].s.path_lowercase, 1);
	/* a server entry starts from Suricata's code defaults */
	ck_assert_uint_eq(qc->http.servers[0].s.response_body_limit, 4096);
	ck_assert_int_eq(qc->http.servers[1].s.personality,
	    HTTP_PERS_IIS_7_0);
	diag_list_free(&dl);
	config_free(qc);
}
END_TEST

START_TEST(test_bad_server_address_names_the_line)
{
	struct quell_config *qc = config_new();
	struct diag_list dl;

	diag_list_init(&dl);
	ck_assert_int_eq(config_load_string(qc, "t.yaml",
	    "app-layer:\n  protocols:\n    http:\n      libhtp:\n"
	    "        server-config:\n          - x:\n"
	    "              address: 300.1.1.1\n", &dl), -1);
	ck_assert_uint_eq(dl.errors, 1);
	ck_assert_uint_eq(dl.items[0].line, 7);
	diag_list_free(&dl);
	config_free(qc);
}
END_TEST

START_TEST(test_longest_prefix_picks_the_personality)
{
	struct quell_config *qc = config_new();
	struct diag_list dl;
	struct feed f;
	struct feed_msg m[1] = { { TS,
	    "GET /A/B HTTP/1.1\r\nHost: h\r\n\r\n", 0 } };

	diag_list_init(&dl);
	ck_assert_int_eq(config_load_string(qc, "t.yaml", yaml, &dl), 0);
	/* 198.18.1.9 is in apache's /24, which lowercases the path */
	feed_config(&f);
	http_config_clear(&f.cfg);
	f.cfg = qc->http;
	memset(&qc->http, 0, sizeof(qc->http));
	feed_start(&f, "198.18.1.9");
	feed_run(&f, m, 1, 0, false);
	ck_assert_str_eq(feed_buf(feed_tx(&f, 0), "http.uri", TS, NULL),
	    "/a/b");
	feed_end(&f);
	/* default-config keeps the case */
	feed_config(&f);
	feed_start(&f, "198.18.2.9");
	feed_run(&f, m, 1, 0, false);
	ck_assert_str_eq(feed_buf(feed_tx(&f, 0), "http.uri", TS, NULL),
	    "/A/B");
	feed_end(&f);
	diag_list_free(&dl);
	config_free(qc);
}
END_TEST

START_TEST(test_prefix_parsing)
{
	struct http_prefix p;

	ck_assert_int_eq(http_config_parse_prefix("198.18.1.77/24", &p), 0);
	ck_assert_uint_eq(p.bits, 24);
	ck_assert_uint_eq(p.addr[3], 0);
	ck_assert_int_eq(http_config_parse_prefix("::1", &p), 0);
	ck_assert_uint_eq(p.bits, 128);
	ck_assert_int_eq(http_config_parse_prefix("1.2.3.4/33", &p), -1);
	ck_assert_int_eq(http_config_parse_prefix("host", &p), -1);
	ck_assert_int_eq(http_config_parse_prefix("1.2.3.4/", &p), -1);
}
END_TEST

Suite *
http_config_suite(void)
{
	Suite *s = suite_create("http_config");
	TCase *tc = tcase_create("config");

	tcase_add_test(tc, test_yaml_fills_default_and_servers);
	tcase_add_test(tc, test_bad_server_address_names_the_line);
	tcase_add_test(tc, test_longest_prefix_picks_the_personality);
	tcase_add_test(tc, test_prefix_parsing);
	suite_add_tcase(s, tc);
	return s;
}
