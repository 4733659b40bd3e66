#include "core/base.h"

#include <check.h>
#include <stdio.h>

#include "applayer/http/http.h"
#include "chunks.h"
#include "feed.h"
#include "suites.h"

#define TS	APPLAYER_TOSERVER
#define TC	APPLAYER_TOCLIENT

START_TEST(test_one_transaction_completes_both_ways)
{
	static const struct feed_msg m[] = {
		{ TS, "GET /index.html HTTP/1.1\r\nHost: example.com\r\n\r\n",
		  0 },
		{ TC, "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello", 0 },
	};
	struct feed f;
	void *tx;

	feed_config(&f);
	feed_start(&f, NULL);
	feed_run(&f, m, 2, CHUNK, false);
	ck_assert_int_eq(f.errors, 0);
	ck_assert_uint_eq(feed_ntx(&f), 1);
	tx = feed_tx(&f, 0);
	ck_assert_uint_eq(applayer_http_parser.tx_id(f.st, tx), 0);
	ck_assert_int_eq(feed_progress(tx, TS),
	    applayer_http_parser.complete[TS]);
	ck_assert_int_eq(feed_progress(tx, TC),
	    applayer_http_parser.complete[TC]);
	feed_end(&f);
}
END_TEST

/* tx_get(i) walks keep their answers (glue_tx_get's cache): after a
 * tx in the middle is freed, and after new requests, index i is still
 * the i-th held tx, in any order of calls. */
START_TEST(test_tx_get_after_frees_and_new_requests)
{
	static const struct feed_msg m[] = {
		{ TS, "GET /a HTTP/1.1\r\nHost: h\r\n\r\n"
		      "GET /b HTTP/1.1\r\nHost: h\r\n\r\n"
		      "GET /c HTTP/1.1\r\nHost: h\r\n\r\n", 0 },
		{ TC, "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nA"
		      "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nB", 0 },
	};
	static const struct feed_msg more[] = {
		{ TS, "GET /d HTTP/1.1\r\nHost: h\r\n\r\n", 0 },
	};
	const struct applayer_parser *p = &applayer_http_parser;
	struct feed f;

	feed_config(&f);
	feed_start(&f, NULL);
	feed_run(&f, m, 2, 0, false);
	ck_assert_uint_eq(feed_ntx(&f), 3);
	ck_assert_str_eq(feed_buf(feed_tx(&f, 2), "http.uri", TS, NULL), "/c");
	ck_assert_str_eq(feed_buf(feed_tx(&f, 1), "http.uri", TS, NULL), "/b");
	/* /b is complete both ways: freed */
	p->tx_free(f.st, 1);
	ck_assert_uint_eq(feed_ntx(&f), 2);
	ck_assert_str_eq(feed_buf(feed_tx(&f, 1), "http.uri", TS, NULL), "/c");
	ck_assert_str_eq(feed_buf(feed_tx(&f, 0), "http.uri", TS, NULL), "/a");
	ck_assert_ptr_null(feed_tx(&f, 2));
	feed_run(&f, more, 1, 0, false);
	ck_assert_uint_eq(feed_ntx(&f), 3);
	ck_assert_str_eq(feed_buf(feed_tx(&f, 2), "http.uri", TS, NULL), "/d");
	ck_assert_str_eq(feed_buf(feed_tx(&f, 1), "http.uri", TS, NULL), "/c");
	p->tx_free(f.st, 0);
	ck_assert_str_eq(feed_buf(feed_tx(&f, 0), "http.uri", TS, NULL), "/c");
	ck_assert_str_eq(feed_buf(feed_tx(&f, 1), "http.uri", TS, NULL), "/d");
	feed_end(&f);
}
END_TEST

/* The uri of the tx tx_next finds from id on, its id into *id; NULL
 * when none. */
static const char *
next_uri(struct feed *f, uint64_t *id)
{
	void *tx = applayer_http_parser.tx_next(f->st, id);

	return tx != NULL ? feed_buf(tx, "http.uri", TS, NULL) : NULL;
}

/* tx_next: the first held tx from an id on, past the freed ones, among
 * 40 pipelined requests (the id table grows and drops its front). */
START_TEST(test_tx_next_finds_the_first_held_tx_from_an_id)
{
	static const struct feed_msg more[] = {
		{ TS, "GET /new HTTP/1.1\r\nHost: h\r\n\r\n", 0 },
	};
	const struct applayer_parser *p = &applayer_http_parser;
	struct feed_msg m[41];
	char reqs[41][48];
	struct feed f;
	uint64_t id;

	for (int i = 0; i < 40; i++) {
		snprintf(reqs[i], sizeof(reqs[i]), "GET /%d HTTP/1.1\r\n"
		    "Host: h\r\n\r\n", i);
		m[i] = (struct feed_msg){ TS, reqs[i], 0 };
	}
	m[40] = (struct feed_msg){ TC, "HTTP/1.1 200 OK\r\nContent-Length: "
	    "0\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", 0 };
	feed_config(&f);
	feed_start(&f, NULL);
	feed_run(&f, m, 41, 0, false);
	ck_assert_uint_eq(feed_ntx(&f), 40);
	id = 17;
	ck_assert_str_eq(next_uri(&f, &id), "/17");
	ck_assert_uint_eq(id, 17);
	/* 0 and 1 are complete both ways: freed, out of order */
	p->tx_free(f.st, 1);
	id = 1;
	ck_assert_str_eq(next_uri(&f, &id), "/2");
	ck_assert_uint_eq(id, 2);
	p->tx_free(f.st, 0);
	id = 0;
	ck_assert_str_eq(next_uri(&f, &id), "/2");
	ck_assert_uint_eq(id, 2);
	id = 39;
	ck_assert_str_eq(next_uri(&f, &id), "/39");
	id = 40;
	ck_assert_ptr_null(next_uri(&f, &id));
	feed_run(&f, more, 1, 0, false);
	id = 40;
	ck_assert_str_eq(next_uri(&f, &id), "/new");
	ck_assert_uint_eq(id, 40);
	feed_end(&f);
}
END_TEST

START_TEST(test_pipelined_requests_make_one_tx_each)
{
	static const struct feed_msg m[] = {
		{ TS, "GET /a HTTP/1.1\r\nHost: h\r\n\r\n"
		      "GET /b HTTP/1.1\r\nHost: h\r\n\r\n"
		      "GET /c HTTP/1.1\r\nHost: h\r\n\r\n", 0 },
		{ TC, "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nA"
		      "HTTP/1.1 404 Not Found\r\nContent-Length: 1\r\n\r\nB"
		      "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nC", 0 },
	};
	static const char *const uris[] = { "/a", "/b", "/c" };
	static const char *const codes[] = { "200", "404", "200" };
	struct feed f;

	feed_config(&f);
	feed_start(&f, NULL);
	feed_run(&f, m, 2, CHUNK, false);
	ck_assert_int_eq(f.errors, 0);
	ck_assert_uint_eq(feed_ntx(&f), 3);
	for (uint64_t i = 0; i < 3; i++) {
		void *tx = feed_tx(&f, i);

		ck_assert_uint_eq(applayer_http_parser.tx_id(f.st, tx), i);
		ck_assert_str_eq(feed_buf(tx, "http.uri", TS, NULL), uris[i]);
		ck_assert_str_eq(feed_buf(tx, "http.stat_code", TC, NULL),
		    codes[i]);
		ck_assert_str_eq(feed_buf(tx, "http.response_body", TC, NULL),
		    i == 0 ? "A" : i == 1 ? "B" : "C");
	}
	feed_end(&f);
}
END_TEST

START_TEST(test_freed_tx_leaves_the_others)
{
	static const struct feed_msg m[] = {
		{ TS, "GET /a HTTP/1.1\r\nHost: h\r\n\r\n"
		      "GET /b HTTP/1.1\r\nHost: h\r\n\r\n", 0 },
		{ TC, "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"
		      "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", 0 },
	};
	struct feed f;

	feed_config(&f);
	feed_start(&f, NULL);
	feed_run(&f, m, 2, CHUNK, false);
	applayer_http_parser.tx_free(f.st, 0);
	ck_assert_uint_eq(feed_ntx(&f), 1);
	ck_assert_uint_eq(applayer_http_parser.tx_id(f.st, feed_tx(&f, 0)),
	    1);
	ck_assert_str_eq(feed_buf(feed_tx(&f, 0), "http.uri", TS, NULL),
	    "/b");
	ck_assert_ptr_null(feed_tx(&f, 1));
	feed_end(&f);
}
END_TEST

START_TEST(test_connect_accepted_changes_protocol)
{
	static const struct feed_msg m[] = {
		{ TS, "CONNECT example.com:443 HTTP/1.1\r\n"
		      "Host: example.com:443\r\n\r\n"
		      "\x16\x03\x01\x00\x05hello", 0 },
		{ TC, "HTTP/1.1 200 Connection established\r\n\r\n", 0 },
		{ TS, "\x16\x03\x01\x00\x05more!", 0 },
	};
	struct feed f;
	void *tx;

	feed_config(&f);
	feed_start(&f, NULL);
	feed_run(&f, m, 3, CHUNK, false);
	ck_assert_int_eq(f.errors, 0);
	ck_assert_int_ge(f.changes, 1);
	ck_assert_uint_eq(feed_ntx(&f), 1);
	tx = feed_tx(&f, 0);
	ck_assert_str_eq(feed_buf(tx, "http.method", TS, NULL), "CONNECT");
	ck_assert_str_eq(feed_buf(tx, "http.uri.raw", TS, NULL),
	    "example.com:443");
	ck_assert_int_eq(feed_progress(tx, TS),
	    applayer_http_parser.complete[TS]);
	ck_assert_int_eq(feed_progress(tx, TC),
	    applayer_http_parser.complete[TC]);
	feed_end(&f);
}
END_TEST

START_TEST(test_connect_refused_keeps_http)
{
	static const struct feed_msg m[] = {
		{ TS, "CONNECT example.com:443 HTTP/1.1\r\n"
		      "Host: example.com:443\r\n\r\n", 0 },
		{ TC, "HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n",
		  0 },
		{ TS, "GET /next HTTP/1.1\r\nHost: h\r\n\r\n", 0 },
	};
	struct feed f;

	feed_config(&f);
	feed_start(&f, NULL);
	feed_run(&f, m, 3, CHUNK, false);
	ck_assert_int_eq(f.errors, 0);
	ck_assert_int_eq(f.changes, 0);
	ck_assert_uint_eq(feed_ntx(&f), 2);
	ck_assert_str_eq(feed_buf(feed_tx(&f, 1), "http.uri", TS, NULL),
	    "/next");
	feed_end(&f);
}
END_TEST

START_TEST(test_100_continue_is_not_the_response)
{
	static const struct feed_msg m[] = {
		{ TS, "POST /up HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n"
		      "Expect: 100-continue\r\n\r\n", 0 },
		{ TC, "HTTP/1.1 100 Continue\r\n\r\n", 0 },
		{ TS, "data", 0 },
		{ TC, "HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok",
		  0 },
	};
	struct feed f;
	void *tx;

	feed_config(&f);
	feed_start(&f, NULL);
	feed_run(&f, m, 4, CHUNK, false);
	ck_assert_int_eq(f.errors, 0);
	ck_assert_uint_eq(feed_ntx(&f), 1);
	tx = feed_tx(&f, 0);
	ck_assert_str_eq(feed_buf(tx, "http.stat_code", TC, NULL), "201");
	ck_assert_str_eq(feed_buf(tx, "http.request_body", TS, NULL), "data");
	ck_assert_str_eq(feed_buf(tx, "http.response_body", TC, NULL), "ok");
	feed_end(&f);
}
END_TEST

START_TEST(test_response_to_close_ends_at_eof)
{
	static const struct feed_msg m[] = {
		{ TS, "GET / HTTP/1.0\r\n\r\n", 0 },
		{ TC, "HTTP/1.0 200 OK\r\n\r\nbody until close", 0 },
	};
	struct feed f;
	void *tx;

	feed_config(&f);
	feed_start(&f, NULL);
	feed_run(&f, m, 2, CHUNK, true);
	tx = feed_tx(&f, 0);
	ck_assert_int_eq(feed_progress(tx, TC),
	    applayer_http_parser.complete[TC]);
	ck_assert_str_eq(feed_buf(tx, "http.response_body", TC, NULL),
	    "body until close");
	feed_end(&f);
}
END_TEST

START_TEST(test_garbage_never_crashes)
{
	static const struct feed_msg m[] = {
		{ TS, "\x00\xff\r\n\r\nGET\t\t/ HTTP/9.9\r\n: :\r\n\r\n", 30 },
		{ TC, "HTTP/1.1 abc\r\nTransfer-Encoding: chunked\r\n\r\n"
		      "zz\r\n", 0 },
	};
	struct feed f;

	feed_config(&f);
	feed_start(&f, NULL);
	feed_run(&f, m, 2, CHUNK, true);
	/* whatever libhtp made of it, every tx is reachable */
	for (uint64_t i = 0; i < feed_ntx(&f); i++)
		ck_assert_ptr_nonnull(feed_tx(&f, i));
	feed_end(&f);
}
END_TEST

Suite *
http_parse_suite(void)
{
	Suite *s = suite_create("http_parse");
	TCase *tc = tcase_create("conversations");

	tcase_add_loop_test(tc, test_one_transaction_completes_both_ways, 0,
	    NCHUNKS);
	tcase_add_test(tc, test_tx_get_after_frees_and_new_requests);
	tcase_add_test(tc, test_tx_next_finds_the_first_held_tx_from_an_id);
	tcase_add_loop_test(tc, test_pipelined_requests_make_one_tx_each, 0,
	    NCHUNKS);
	tcase_add_loop_test(tc, test_freed_tx_leaves_the_others, 0, NCHUNKS);
	tcase_add_loop_test(tc, test_connect_accepted_changes_protocol, 0,
	    NCHUNKS);
	tcase_add_loop_test(tc, test_connect_refused_keeps_http, 0, NCHUNKS);
	tcase_add_loop_test(tc, test_100_continue_is_not_the_response, 0,
	    NCHUNKS);
	tcase_add_loop_test(tc, test_response_to_close_ends_at_eof, 0,
	    NCHUNKS);
	tcase_add_loop_test(tc, test_garbage_never_crashes, 0, NCHUNKS);
	suite_add_tcase(s, tc);
	return s;
}
