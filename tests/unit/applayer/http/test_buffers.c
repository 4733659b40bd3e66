/* Every buffer's exact bytes, as Suricata 7 builds them (see
 * doc/suricata-compat notes in lib/applayer/http/buffers.c), for one
 * request and response cut in every chunk size. */
#include "core/base.h"

#include <check.h>

#include "applayer/http/http.h"
#include "chunks.h"
#include "feed.h"
#include "suites.h"

#define TS	APPLAYER_TOSERVER
#define TC	APPLAYER_TOCLIENT

#define REQ \
	"GET /a/./b/../c%2Fd?x=%41%20b&y=1#frag HTTP/1.1\r\n" \
	"Host: WWW.Example.COM:8080\r\n" \
	"User-Agent: curl/7.88.1\r\n" \
	"Accept: */*\r\n" \
	"Accept-Encoding: gzip, deflate\r\n" \
	"Accept-Language: en-US\r\n" \
	"Cookie: a=1; b=2\r\n" \
	"Referer: http://ref.example/\r\n" \
	"Connection: keep-alive\r\n" \
	"Content-Type: text/plain\r\n" \
	"X-Forwarded-For: 198.18.0.9, 198.18.0.7\r\n" \
	"\r\n"
#define RES \
	"HTTP/1.1 302 Found it\r\n" \
	"Server: nginx/1.22\r\n" \
	"Location: /elsewhere\r\n" \
	"Set-Cookie: s=9\r\n" \
	"Content-Type: text/html; charset=utf-8\r\n" \
	"Content-Length: 4\r\n" \
	"Connection: close\r\n" \
	"\r\n" \
	"body"

static const struct feed_msg conv[] = {
	{ TS, REQ, 0 },
	{ TC, RES, 0 },
};

static struct feed f;
static void *tx;

static void
setup(int chunk)
{
	feed_config(&f);
	feed_start(&f, NULL);
	feed_run(&f, conv, 2, chunk_sizes[chunk], false);
	ck_assert_int_eq(f.errors, 0);
	ck_assert_uint_eq(feed_ntx(&f), 1);
	tx = feed_tx(&f, 0);
}

#define BUF_IS(name, dir, want) do {					\
	uint32_t n_;							\
	const char *got_ = feed_buf(tx, name, dir, &n_);		\
									\
	ck_assert_msg(got_ != NULL, "%s: absent", name);		\
	ck_assert_uint_eq(n_, sizeof(want) - 1);			\
	ck_assert_msg(memcmp(got_, want, n_) == 0, "%s: [%s]", name,	\
	    got_);							\
} while (0)

START_TEST(test_request_line_buffers)
{
	setup(_i);
	BUF_IS("http.method", TS, "GET");
	/* path normalised (dot segments, %2F decoded as libhtp 0.5.47's
	 * IDS personality does), query decoded once, fragment kept:
	 * Suricata 7.0.6 matched exactly these bytes on the same request */
	BUF_IS("http.uri", TS, "/a/c/d?x=A b&y=1#frag");
	BUF_IS("http.uri.raw", TS, "/a/./b/../c%2Fd?x=%41%20b&y=1#frag");
	BUF_IS("http.request_line", TS,
	    "GET /a/./b/../c%2Fd?x=%41%20b&y=1#frag HTTP/1.1");
	BUF_IS("http.protocol", TS, "HTTP/1.1");
	feed_end(&f);
}
END_TEST

START_TEST(test_request_header_buffers)
{
	setup(_i);
	/* not lower-cased: libhtp lower-cases a URI's host only, and
	 * Suricata 7.0.6 matched "WWW.Example.COM" here (15 bytes) */
	BUF_IS("http.host", TS, "WWW.Example.COM");
	BUF_IS("http.host.raw", TS, "WWW.Example.COM:8080");
	BUF_IS("http.user_agent", TS, "curl/7.88.1");
	BUF_IS("http.accept", TS, "*/*");
	BUF_IS("http.accept_enc", TS, "gzip, deflate");
	BUF_IS("http.accept_lang", TS, "en-US");
	BUF_IS("http.cookie", TS, "a=1; b=2");
	BUF_IS("http.referer", TS, "http://ref.example/");
	BUF_IS("http.connection", TS, "keep-alive");
	BUF_IS("http.content_type", TS, "text/plain");
	ck_assert_ptr_null(feed_buf(tx, "http.content_len", TS, NULL));
	feed_end(&f);
}
END_TEST

START_TEST(test_header_block_buffers)
{
	setup(_i);
	/* every header but Cookie, "Name: value\r\n" */
	BUF_IS("http.header", TS,
	    "Host: WWW.Example.COM:8080\r\n"
	    "User-Agent: curl/7.88.1\r\n"
	    "Accept: */*\r\n"
	    "Accept-Encoding: gzip, deflate\r\n"
	    "Accept-Language: en-US\r\n"
	    "Referer: http://ref.example/\r\n"
	    "Connection: keep-alive\r\n"
	    "Content-Type: text/plain\r\n"
	    "X-Forwarded-For: 198.18.0.9, 198.18.0.7\r\n");
	BUF_IS("http.header.raw", TS,
	    "Host: WWW.Example.COM:8080\r\n"
	    "User-Agent: curl/7.88.1\r\n"
	    "Accept: */*\r\n"
	    "Accept-Encoding: gzip, deflate\r\n"
	    "Accept-Language: en-US\r\n"
	    "Cookie: a=1; b=2\r\n"
	    "Referer: http://ref.example/\r\n"
	    "Connection: keep-alive\r\n"
	    "Content-Type: text/plain\r\n"
	    "X-Forwarded-For: 198.18.0.9, 198.18.0.7\r\n"
	    "\r\n");
	BUF_IS("http.header_names", TS,
	    "\r\nHost\r\nUser-Agent\r\nAccept\r\nAccept-Encoding\r\n"
	    "Accept-Language\r\nCookie\r\nReferer\r\nConnection\r\n"
	    "Content-Type\r\nX-Forwarded-For\r\n\r\n");
	BUF_IS("http.start", TS, REQ);
	feed_end(&f);
}
END_TEST

START_TEST(test_response_buffers)
{
	setup(_i);
	BUF_IS("http.stat_code", TC, "302");
	BUF_IS("http.stat_msg", TC, "Found it");
	BUF_IS("http.response_line", TC, "HTTP/1.1 302 Found it");
	BUF_IS("http.protocol", TC, "HTTP/1.1");
	BUF_IS("http.server", TC, "nginx/1.22");
	BUF_IS("http.location", TC, "/elsewhere");
	BUF_IS("http.cookie", TC, "s=9");
	BUF_IS("http.content_type", TC, "text/html; charset=utf-8");
	BUF_IS("http.content_len", TC, "4");
	/* Suricata 7: http.connection in both directions */
	BUF_IS("http.connection", TC, "close");
	BUF_IS("http.header", TC,
	    "Server: nginx/1.22\r\n"
	    "Location: /elsewhere\r\n"
	    "Content-Type: text/html; charset=utf-8\r\n"
	    "Content-Length: 4\r\n"
	    "Connection: close\r\n");
	BUF_IS("http.header_names", TC,
	    "\r\nServer\r\nLocation\r\nSet-Cookie\r\nContent-Type\r\n"
	    "Content-Length\r\nConnection\r\n\r\n");
	BUF_IS("http.start", TC,
	    "HTTP/1.1 302 Found it\r\n"
	    "Server: nginx/1.22\r\n"
	    "Location: /elsewhere\r\n"
	    "Set-Cookie: s=9\r\n"
	    "Content-Type: text/html; charset=utf-8\r\n"
	    "Content-Length: 4\r\n"
	    "Connection: close\r\n"
	    "\r\n");
	BUF_IS("http.response_body", TC, "body");
	ck_assert_ptr_null(feed_buf(tx, "http.user_agent", TC, NULL));
	ck_assert_ptr_null(feed_buf(tx, "http.server", TS, NULL));
	feed_end(&f);
}
END_TEST

START_TEST(test_one_header_per_value)
{
	uint32_t n;

	setup(_i);
	ck_assert_str_eq(feed_multi(tx, "http.request_header", TS, 0, &n),
	    "Host: WWW.Example.COM:8080");
	ck_assert_str_eq(feed_multi(tx, "http.request_header", TS, 5, &n),
	    "Cookie: a=1; b=2");
	ck_assert_ptr_null(feed_multi(tx, "http.request_header", TS, 10, &n));
	ck_assert_str_eq(feed_multi(tx, "http.response_header", TC, 1, &n),
	    "Location: /elsewhere");
	feed_end(&f);
}
END_TEST

START_TEST(test_headers_wait_for_the_end_of_the_block)
{
	static const struct feed_msg half[] = {
		{ TS, "GET / HTTP/1.1\r\nHost: h\r\nUser-Agent: x\r\n", 0 },
	};
	struct feed g;
	void *t;

	feed_config(&g);
	feed_start(&g, NULL);
	feed_run(&g, half, 1, 0, false);
	t = feed_tx(&g, 0);
	ck_assert_str_eq(feed_buf(t, "http.method", TS, NULL), "GET");
	ck_assert_ptr_null(feed_buf(t, "http.header", TS, NULL));
	ck_assert_ptr_null(feed_buf(t, "http.header_names", TS, NULL));
	ck_assert_ptr_null(feed_buf(t, "http.start", TS, NULL));
	feed_end(&g);
}
END_TEST

/* The header lookups keep what they found (http_header_known): a
 * header that arrives after a lookup is still found, a repeated one is
 * the first one with libhtp's folded value. */
START_TEST(test_header_lookup_sees_the_headers_after_it)
{
	static const struct feed_msg first[] = {
		{ TS, "GET / HTTP/1.1\r\nHost: h\r\nAccept: a\r\n", 0 },
	};
	static const struct feed_msg rest[] = {
		{ TS, "User-Agent: x\r\nuser-agent: y\r\n\r\n", 0 },
	};
	struct feed g;
	void *t;

	feed_config(&g);
	feed_start(&g, NULL);
	feed_run(&g, first, 1, 0, false);
	t = feed_tx(&g, 0);
	ck_assert_ptr_null(feed_buf(t, "http.user_agent", TS, NULL));
	ck_assert_str_eq(feed_buf(t, "http.host.raw", TS, NULL), "h");
	feed_run(&g, rest, 1, 0, false);
	ck_assert_str_eq(feed_buf(t, "http.user_agent", TS, NULL), "x, y");
	ck_assert_str_eq(feed_buf(t, "http.accept", TS, NULL), "a");
	ck_assert_str_eq(feed_buf(t, "http.host.raw", TS, NULL), "h");
	feed_end(&g);
}
END_TEST

/* libhtp frees the headers of a 100 Continue response before the final
 * response's: a lookup made while the first ones were there finds the
 * final ones afterwards (ASan: nothing of the freed ones is read). */
START_TEST(test_header_lookup_after_100_continue_sees_the_final_headers)
{
	static const struct feed_msg m1[] = {
		{ TS, "POST /u HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\n"
		      "Content-Length: 2\r\n\r\n", 0 },
		{ TC, "HTTP/1.1 100 Continue\r\nServer: early\r\nX: 1\r\n", 0 },
	};
	static const struct feed_msg m2[] = {
		{ TC, "\r\n", 0 },
		{ TS, "ok", 0 },
		{ TC, "HTTP/1.1 200 OK\r\nServer: final\r\nLocation: /l\r\n"
		      "Content-Length: 0\r\n\r\n", 0 },
	};
	struct feed g;
	void *t;

	feed_config(&g);
	feed_start(&g, NULL);
	feed_run(&g, m1, 2, 0, false);
	t = feed_tx(&g, 0);
	ck_assert_str_eq(feed_buf(t, "http.server", TC, NULL), "early");
	feed_run(&g, m2, 3, 0, false);
	ck_assert_uint_eq(feed_ntx(&g), 1);
	ck_assert_str_eq(feed_buf(t, "http.server", TC, NULL), "final");
	ck_assert_str_eq(feed_buf(t, "http.location", TC, NULL), "/l");
	feed_end(&g);
}
END_TEST

START_TEST(test_uri_include_all_adds_the_authority)
{
	static const struct feed_msg m[] = {
		{ TS, "GET http://User:pw@Host.Example:81/p?q=%41 HTTP/1.1\r\n"
		      "Host: host.example:81\r\n\r\n", 0 },
	};
	struct feed g;

	feed_config(&g);
	g.cfg.def.uri_include_all = true;
	feed_start(&g, NULL);
	feed_run(&g, m, 1, 0, false);
	tx = feed_tx(&g, 0);
	/* libhtp's normalised URI has no port string (port_number only),
	 * so Suricata's builder leaves the port out */
	BUF_IS("http.uri", TS, "http://User:pw@host.example/p?q=A");
	BUF_IS("http.host.raw", TS, "host.example");
	feed_end(&g);
}
END_TEST

Suite *
http_buffers_suite(void)
{
	Suite *s = suite_create("http_buffers");
	TCase *tc = tcase_create("buffers");

	tcase_add_loop_test(tc, test_request_line_buffers, 0, NCHUNKS);
	tcase_add_loop_test(tc, test_request_header_buffers, 0, NCHUNKS);
	tcase_add_loop_test(tc, test_header_block_buffers, 0, NCHUNKS);
	tcase_add_loop_test(tc, test_response_buffers, 0, NCHUNKS);
	tcase_add_loop_test(tc, test_one_header_per_value, 0, NCHUNKS);
	tcase_add_test(tc, test_headers_wait_for_the_end_of_the_block);
	tcase_add_test(tc, test_uri_include_all_adds_the_authority);
	tcase_add_test(tc, test_header_lookup_sees_the_headers_after_it);
	tcase_add_test(tc,
	    test_header_lookup_after_100_continue_sees_the_final_headers);
	suite_add_tcase(s, tc);
	return s;
}
