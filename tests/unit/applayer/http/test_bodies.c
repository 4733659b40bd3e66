#include "core/base.h"

#include <check.h>
#include <jansson.h>

#include "applayer/http/body.h"
#include "applayer/http/file.h"
#include "applayer/http/http.h"
#include "chunks.h"
#include "feed.h"
#include "suites.h"

#define TS	APPLAYER_TOSERVER
#define TC	APPLAYER_TOCLIENT

static const char gz[] = {
	0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, (char)0xcb,
	0x48, (char)0xcd, (char)0xc9, (char)0xc9, 0x57, 0x48, (char)0xaf,
	(char)0xca, 0x2c, 0x50, 0x28, (char)0xcf, 0x2f, (char)0xca, 0x49,
	(char)0xd1, 0x51, (char)0xc8, 0x40, 0x13, (char)0xe1, 0x02, 0x00,
	0x06, 0x69, 0x31, (char)0xe4, 0x23, 0x00, 0x00, 0x00,
};
#define GZ_PLAIN	"hello gzip world, hello gzip world\n"

static const char zl[] = {
	0x78, (char)0x9c, 0x4b, 0x49, 0x4d, (char)0xcb, 0x49, 0x2c, 0x49,
	0x4d, 0x51, 0x48, (char)0xca, 0x4f, (char)0xa9, 0x54, 0x48,
	(char)0xaa, 0x2c, 0x49, 0x2d, (char)0xe6, 0x02, 0x00, 0x50, 0x01,
	0x07, 0x59,
};
#define ZL_PLAIN	"deflated body bytes\n"

/* raw deflate (no zlib header), as some servers send "deflate" */
static const char raw[] = {
	0x2b, 0x4a, 0x2c, 0x57, 0x48, 0x49, 0x4d, (char)0xcb, 0x49, 0x2c,
	0x49, 0x55, 0x48, (char)0xca, 0x4f, (char)0xa9, 0x54, 0x48,
	(char)0xaa, 0x2c, 0x49, 0x2d, (char)0xe6, 0x02, 0x00,
};
#define RAW_PLAIN	"raw deflate body bytes\n"

static const struct feed_msg get = {
	TS, "GET /file.txt?v=1 HTTP/1.1\r\nHost: h\r\n\r\n", 0 };

/* A body kept in itself (HTTP_BODY_INLINE bytes), then grown past it:
 * the bytes stay whole and in order through the growth and the
 * window's drop. */
START_TEST(test_body_grows_past_its_inline_bytes)
{
	struct http_body b;
	uint8_t big[300];
	const uint8_t *buf;
	uint32_t len;
	uint64_t off;

	memset(&b, 0, sizeof(b));
	for (size_t i = 0; i < sizeof(big); i++)
		big[i] = (uint8_t)i;
	ck_assert_int_eq(http_body_append(&b, big, 10, 0), 10);
	ck_assert_ptr_eq(b.buf, b.inl);
	ck_assert_int_eq(http_body_append(&b, big + 10, 290, 0), 290);
	ck_assert_ptr_ne(b.buf, b.inl);
	ck_assert(http_body_window(&b, 0, 0, 100, true, &buf, &len, &off));
	ck_assert_uint_eq(len, 300);
	ck_assert_uint_eq(off, 0);
	ck_assert_int_eq(memcmp(buf, big, 300), 0);
	http_body_inspected(&b, 0, 100);
	ck_assert_uint_eq(b.base, 200);
	ck_assert_uint_eq(b.len, 100);
	ck_assert_int_eq(memcmp(b.buf, big + 200, 100), 0);
	http_body_free(&b);
}
END_TEST

START_TEST(test_chunked_response_is_dechunked)
{
	const struct feed_msg m[] = {
		get,
		{ TC, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
		      "5\r\nhello\r\n7;ext=1\r\n, world\r\n0\r\n"
		      "X-Trailer: t\r\n\r\n", 0 },
	};
	struct feed f;
	void *tx;

	feed_config(&f);
	feed_start(&f, NULL);
	feed_run(&f, m, 2, CHUNK, false);
	tx = feed_tx(&f, 0);
	ck_assert_str_eq(feed_buf(tx, "http.response_body", TC, NULL),
	    "hello, world");
	ck_assert_int_eq(feed_progress(tx, TC),
	    applayer_http_parser.complete[TC]);
	feed_end(&f);
}
END_TEST

static void
compressed(const char *enc, const char *body, size_t blen, const char *plain,
    size_t chunk)
{
	char res[512];
	int n = snprintf(res, sizeof(res), "HTTP/1.1 200 OK\r\n"
	    "Content-Encoding: %s\r\nContent-Length: %zu\r\n\r\n", enc, blen);
	struct feed_msg m[2] = { get, { TC, res, 0 } };
	struct feed f;
	void *tx;
	uint32_t len;

	memcpy(res + n, body, blen);
	m[1].len = (size_t)n + blen;
	feed_config(&f);
	feed_start(&f, NULL);
	feed_run(&f, m, 2, chunk, false);
	tx = feed_tx(&f, 0);
	ck_assert_str_eq(feed_buf(tx, "http.response_body", TC, &len), plain);
	ck_assert_str_eq(feed_multi(tx, "file.data", TC, 0, &len), plain);
	ck_assert_int_eq(f.errors, 0);
	feed_end(&f);
}

START_TEST(test_gzip_response_is_decompressed)
{
	compressed("gzip", gz, sizeof(gz), GZ_PLAIN, CHUNK);
}
END_TEST

/* Every piece size: Debian's libhtp 0.5.42 inflated garbage when a
 * deflate body came 1 to 7 bytes per call (its raw-deflate first guess,
 * retried on the current piece only); the glue inflates gzip and
 * deflate bodies itself (lib/applayer/http/inflate.c). */
static const size_t deflate_chunks[] = { 0, 1, 2, 3, 4, 5, 6, 7, 12, 64,
	1500 };

START_TEST(test_deflate_response_is_decompressed)
{
	compressed("deflate", zl, sizeof(zl), ZL_PLAIN, deflate_chunks[_i]);
}
END_TEST

START_TEST(test_raw_deflate_response_is_decompressed)
{
	compressed("deflate", raw, sizeof(raw), RAW_PLAIN, CHUNK);
}
END_TEST

/* http-evader's reserved gzip flag (FLG 0x20): zlib refuses the header,
 * libhtp skips it and inflates raw; so does the glue, in every piece
 * size (suricata-verify http-evader-200) */
START_TEST(test_gzip_reserved_flag_is_decompressed)
{
	char odd[sizeof(gz)];

	memcpy(odd, gz, sizeof(gz));
	odd[3] = 0x20;
	compressed("gzip", odd, sizeof(odd), GZ_PLAIN, CHUNK);
}
END_TEST

START_TEST(test_gzip_labelled_zlib_is_decompressed)
{
	/* the label is wrong, the bytes say zlib: as libhtp, inflated */
	compressed("gzip", zl, sizeof(zl), ZL_PLAIN, CHUNK);
}
END_TEST

/* Chunked transfer coding cuts the compressed bytes into 1-byte pieces
 * whatever the segment size (libhtp's dechunker hands each chunk on). */
START_TEST(test_deflate_in_one_byte_chunks_is_decompressed)
{
	char res[1024];
	int n = snprintf(res, sizeof(res), "HTTP/1.1 200 OK\r\n"
	    "Content-Encoding: deflate\r\nTransfer-Encoding: chunked\r\n\r\n");
	struct feed_msg m[2] = { get, { TC, res, 0 } };
	struct feed f;
	void *tx;
	uint32_t len;

	for (size_t i = 0; i < sizeof(zl); i++) {
		n += snprintf(res + n, sizeof(res) - (size_t)n, "1\r\n");
		res[n++] = zl[i];
		n += snprintf(res + n, sizeof(res) - (size_t)n, "\r\n");
	}
	n += snprintf(res + n, sizeof(res) - (size_t)n, "0\r\n\r\n");
	m[1].len = (size_t)n;
	feed_config(&f);
	feed_start(&f, NULL);
	feed_run(&f, m, 2, CHUNK, false);
	tx = feed_tx(&f, 0);
	ck_assert_str_eq(feed_buf(tx, "http.response_body", TC, &len),
	    ZL_PLAIN);
	ck_assert_str_eq(feed_multi(tx, "file.data", TC, 0, &len), ZL_PLAIN);
	ck_assert(!feed_event(tx, "gzip_decompression_failed"));
	feed_end(&f);
}
END_TEST

/* "Compressed" bytes that are no gzip, zlib or deflate go on as they
 * came, with gzip_decompression_failed, as libhtp does. */
START_TEST(test_uncompressed_body_passes_through)
{
	compressed("deflate", "plain text, not deflate\n", 24,
	    "plain text, not deflate\n", CHUNK);
}
END_TEST

/* A compressed upload: the request body inflated, in every piece size */
START_TEST(test_deflate_request_body_is_decompressed)
{
	char req[512];
	int n = snprintf(req, sizeof(req), "POST /up HTTP/1.1\r\nHost: h\r\n"
	    "Content-Encoding: deflate\r\nContent-Length: %zu\r\n\r\n",
	    sizeof(zl));
	struct feed_msg m[1] = { { TS, req, 0 } };
	struct feed f;
	void *tx;
	uint32_t len;

	memcpy(req + n, zl, sizeof(zl));
	m[0].len = (size_t)n + sizeof(zl);
	feed_config(&f);
	feed_start(&f, NULL);
	feed_run(&f, m, 1, CHUNK, false);
	tx = feed_tx(&f, 0);
	ck_assert_str_eq(feed_buf(tx, "http.request_body", TS, &len),
	    ZL_PLAIN);
	feed_end(&f);
}
END_TEST

/* http-body-inline auto in IPS mode (quelld sets http_config.ips): the
 * 5 bytes come to inspection at once; yes does it in IDS mode too. */
START_TEST(test_request_body_inline_does_not_wait)
{
	static const struct feed_msg m[] = {
		{ TS, "POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n"
		      "\r\n12345", 0 },
	};
	struct feed f;
	uint32_t len;
	void *tx;

	feed_config(&f);
	if (_i == 0)
		f.cfg.ips = true;
	else
		f.cfg.def.body_inline = HTTP_BODY_INLINE_YES;
	feed_start(&f, NULL);
	feed_run(&f, m, 1, 0, false);
	tx = feed_tx(&f, 0);
	ck_assert_str_eq(feed_buf(tx, "http.request_body", TS, &len),
	    "12345");
	feed_end(&f);
}
END_TEST

START_TEST(test_response_body_stops_at_its_limit)
{
	static char body[3000];
	char res[4096];
	struct feed_msg m[2] = { get, { TC, res, 0 } };
	struct feed f;
	void *tx;
	uint32_t len;

	memset(body, 'x', sizeof(body));
	snprintf(res, sizeof(res), "HTTP/1.1 200 OK\r\nContent-Length: %zu"
	    "\r\n\r\n%.*s", sizeof(body), (int)sizeof(body), body);
	feed_config(&f);
	f.cfg.def.response_body_limit = 1000;
	feed_start(&f, NULL);
	feed_run(&f, m, 2, CHUNK, false);
	tx = feed_tx(&f, 0);
	ck_assert_ptr_nonnull(feed_buf(tx, "http.response_body", TC, &len));
	ck_assert_uint_eq(len, 1000);
	feed_end(&f);
}
END_TEST

START_TEST(test_request_body_waits_for_min_size)
{
	static const struct feed_msg m[] = {
		{ TS, "POST /x HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n"
		      "\r\n12345", 0 },
	};
	struct feed f;
	void *tx;

	feed_config(&f);
	feed_start(&f, NULL);
	feed_run(&f, m, 1, CHUNK, false);
	tx = feed_tx(&f, 0);
	/* 5 of 10 bytes, below request-body-minimal-inspect-size */
	ck_assert_ptr_null(feed_buf(tx, "http.request_body", TS, NULL));
	feed_end(&f);
}
END_TEST

START_TEST(test_body_window_moves_after_inspection)
{
	static char body[9000];
	char req[10000];
	struct feed_msg m[1] = { { TS, req, 0 } };
	const struct applayer_buffer *b = NULL;
	struct feed f;
	const uint8_t *p;
	uint32_t len;
	void *tx;

	memset(body, 'y', sizeof(body));
	snprintf(req, sizeof(req), "POST /x HTTP/1.1\r\nHost: h\r\n"
	    "Content-Length: 20000\r\n\r\n%.*s", (int)sizeof(body), body);
	feed_config(&f);
	f.cfg.def.request_inspect_min = 4000;
	f.cfg.def.request_inspect_window = 1000;
	feed_start(&f, NULL);
	feed_run(&f, m, 1, CHUNK, false);
	tx = feed_tx(&f, 0);
	for (size_t i = 0; i < applayer_http_parser.nbuffers; i++)
		if (strcmp(applayer_http_parser.buffers[i].name,
		    "http.request_body") == 0)
			b = &applayer_http_parser.buffers[i];
	ck_assert_ptr_nonnull(b);
	ck_assert(b->get(tx, TS, &p, &len));
	ck_assert_uint_eq(len, 9000);
	b->inspected(tx, TS, 0);
	/* nothing new: no window */
	ck_assert(!b->get(tx, TS, &p, &len));
	feed_end(&f);
}
END_TEST

START_TEST(test_response_body_is_a_closed_file)
{
	const struct feed_msg m[] = {
		get,
		{ TC, "HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\nabcdef", 0 },
	};
	struct feed f;
	const struct http_file *file;
	const uint8_t *name;
	size_t nlen;
	uint8_t sha[32], md5[16];
	void *tx;

	feed_config(&f);
	f.needs = HTTP_FILE_SHA256;	/* a filesha256 rule is loaded */
	feed_start(&f, NULL);
	feed_run(&f, m, 2, CHUNK, false);
	tx = feed_tx(&f, 0);
	ck_assert_uint_eq(http_tx_nfiles(tx, TC), 1);
	ck_assert_uint_eq(http_tx_nfiles(tx, TS), 0);
	file = http_tx_file(tx, TC, 0);
	name = http_file_name(file, &nlen);
	ck_assert_uint_eq(nlen, 9);
	ck_assert(memcmp(name, "/file.txt", 9) == 0);
	ck_assert_uint_eq(http_file_size(file), 6);
	ck_assert_int_eq(http_file_state(file), HTTP_FILE_CLOSED);
	ck_assert(http_file_sha256(file, sha));
	/* sha256("abcdef") */
	ck_assert_uint_eq(sha[0], 0xbe);
	ck_assert_uint_eq(sha[31], 0x21);
	/* no rule inspects the MD5: not computed */
	ck_assert(!http_file_md5(file, md5));
	feed_end(&f);
}
END_TEST

START_TEST(test_put_body_is_an_upload_file)
{
	static const struct feed_msg m[] = {
		{ TS, "PUT /up/doc.pdf HTTP/1.1\r\nHost: h\r\n"
		      "Content-Length: 8\r\n\r\n%PDF-1.4", 0 },
	};
	struct feed f;
	void *tx;
	uint32_t len;

	feed_config(&f);
	feed_start(&f, NULL);
	feed_run(&f, m, 1, CHUNK, false);
	tx = feed_tx(&f, 0);
	ck_assert_uint_eq(http_tx_nfiles(tx, TS), 1);
	ck_assert_str_eq(feed_multi(tx, "file.data", TS, 0, &len), "%PDF-1.4");
	ck_assert_int_eq(http_file_state(http_tx_file(tx, TS, 0)),
	    HTTP_FILE_CLOSED);
	feed_end(&f);
}
END_TEST

START_TEST(test_fileinfo_fields)
{
	static const struct feed_msg m[] = {
		{ TS, "GET /d HTTP/1.1\r\nHost: h\r\n\r\n", 0 },
		{ TC, "HTTP/1.1 200 OK\r\nContent-Length: 8\r\n"
		      "Content-Disposition: attachment; filename=\"r.pdf\"\r\n"
		      "\r\n%PDF-1.4", 0 },
	};
	struct feed f;
	json_t *o = json_object();
	void *tx;

	feed_config(&f);
	f.needs = HTTP_FILE_SHA256;	/* a filesha256 rule is loaded */
	f.cfg.file_force_magic = true;
	feed_start(&f, NULL);
	feed_run(&f, m, 2, CHUNK, false);
	tx = feed_tx(&f, 0);
	ck_assert_int_eq(http_file_log(http_tx_file(tx, TC, 0), 0,
	    HTTP_FILE_LOG_MAGIC, o), 0);
	ck_assert_str_eq(json_string_value(json_object_get(o, "filename")),
	    "r.pdf");
	ck_assert_str_eq(json_string_value(json_object_get(o, "state")),
	    "CLOSED");
	ck_assert_int_eq(json_integer_value(json_object_get(o, "size")), 8);
	ck_assert(json_is_false(json_object_get(o, "gaps")));
	ck_assert(json_is_false(json_object_get(o, "stored")));
	ck_assert_uint_eq(strlen(json_string_value(json_object_get(o,
	    "sha256"))), 64);
	ck_assert_ptr_null(json_object_get(o, "md5"));
	ck_assert(strncmp(json_string_value(json_object_get(o, "magic")),
	    "PDF document", 12) == 0);
	json_decref(o);
	feed_end(&f);
}
END_TEST

/* As Suricata: a file computes (and fileinfo logs) only the digests a
 * loaded rule inspects (the chunks' needs) or force-hash asks for. */
static void
file_digests(size_t chunk, uint32_t needs, unsigned force, const char *want,
    const char *not)
{
	static const struct feed_msg m[] = {
		{ TS, "GET /d HTTP/1.1\r\nHost: h\r\n\r\n", 0 },
		{ TC, "HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\nabcdef", 0 },
	};
	struct feed f;
	json_t *o = json_object();

	feed_config(&f);
	f.needs = needs;
	f.cfg.file_force_digests = force;
	feed_start(&f, NULL);
	feed_run(&f, m, 2, chunk, false);
	ck_assert_int_eq(http_file_log(http_tx_file(feed_tx(&f, 0), TC, 0), 0,
	    0, o), 0);
	if (want != NULL)
		ck_assert_msg(json_object_get(o, want) != NULL, "%s", want);
	ck_assert_msg(json_object_get(o, not) == NULL, "%s", not);
	json_decref(o);
	feed_end(&f);
}

START_TEST(test_file_digests_are_those_rules_or_force_hash_ask)
{
	file_digests(CHUNK, 0, 0, NULL, "md5");
	file_digests(CHUNK, 0, 0, NULL, "sha1");
	file_digests(CHUNK, 0, 0, NULL, "sha256");
	file_digests(CHUNK, HTTP_FILE_MD5, 0, "md5", "sha256");
	file_digests(CHUNK, HTTP_FILE_SHA1, 0, "sha1", "md5");
	file_digests(CHUNK, 0, HTTP_FILE_SHA256, "sha256", "sha1");
	file_digests(CHUNK, HTTP_FILE_MD5, HTTP_FILE_SHA1, "sha1", "sha256");
	file_digests(CHUNK, HTTP_FILE_MD5, HTTP_FILE_SHA1, "md5", "sha256");
}
END_TEST

/* A body is kept only when a loaded rule inspects it: without such a
 * rule the response body and file.data give nothing, the file still
 * has its state and the size it has with every buffer kept (the limit
 * cuts it the same way); with one, that buffer alone has the bytes.
 * Returns the file's size. */
static uint64_t
kept_bodies(size_t chunk, uint32_t needs, bool body, bool data)
{
	uint64_t size;
	static const struct feed_msg m[] = {
		{ TS, "GET /d HTTP/1.1\r\nHost: h\r\n\r\n", 0 },
		{ TC, "HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\nabcdef", 0 },
	};
	struct feed f;
	uint32_t len;
	void *tx;

	feed_config(&f);
	f.needs = needs;
	f.cfg.def.response_body_limit = 4;
	feed_start(&f, NULL);
	feed_run(&f, m, 2, chunk, false);
	tx = feed_tx(&f, 0);
	ck_assert_uint_eq(http_tx_nfiles(tx, TC), 1);
	ck_assert_int_eq(http_file_state(http_tx_file(tx, TC, 0)),
	    HTTP_FILE_CLOSED);
	size = http_file_size(http_tx_file(tx, TC, 0));
	if (body)
		ck_assert_str_eq(feed_buf(tx, "http.response_body", TC, &len),
		    "abcd");
	else
		ck_assert_ptr_null(feed_buf(tx, "http.response_body", TC, &len));
	if (data)
		ck_assert_ptr_nonnull(feed_multi(tx, "file.data", TC, 0, &len));
	else
		ck_assert_ptr_null(feed_multi(tx, "file.data", TC, 0, &len));
	feed_end(&f);
	return size;
}

START_TEST(test_bodies_are_kept_for_the_rules_that_inspect_them)
{
	uint64_t all = kept_bodies(CHUNK, UINT32_MAX, true, true);

	ck_assert_uint_ge(all, 4);
	ck_assert_uint_eq(kept_bodies(CHUNK, 0, false, false), all);
	ck_assert_uint_eq(kept_bodies(CHUNK, HTTP_NEED_RESPONSE_BODY, true,
	    false), all);
	ck_assert_uint_eq(kept_bodies(CHUNK, HTTP_NEED_FILE_DATA, false,
	    true), all);
}
END_TEST

START_TEST(test_open_file_is_truncated_when_freed)
{
	static const struct feed_msg m[] = {
		{ TS, "GET /d HTTP/1.1\r\nHost: h\r\n\r\n", 0 },
		{ TC, "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nabc", 0 },
	};
	struct feed f;
	void *tx;

	feed_config(&f);
	feed_start(&f, NULL);
	feed_run(&f, m, 2, 0, false);
	tx = feed_tx(&f, 0);
	ck_assert_int_eq(http_file_state(http_tx_file(tx, TC, 0)),
	    HTTP_FILE_OPEN);
	feed_end(&f);
}
END_TEST

Suite *
http_bodies_suite(void)
{
	Suite *s = suite_create("http_bodies");
	TCase *tc = tcase_create("bodies");

	tcase_add_test(tc, test_body_grows_past_its_inline_bytes);
	tcase_add_loop_test(tc, test_chunked_response_is_dechunked, 0,
	    NCHUNKS);
	tcase_add_loop_test(tc, test_gzip_response_is_decompressed, 0,
	    NCHUNKS);
	tcase_add_loop_test(tc, test_deflate_response_is_decompressed, 0,
	    (int)QUELL_NITEMS(deflate_chunks));
	tcase_add_loop_test(tc, test_raw_deflate_response_is_decompressed, 0,
	    NCHUNKS);
	tcase_add_loop_test(tc, test_gzip_labelled_zlib_is_decompressed, 0,
	    NCHUNKS);
	tcase_add_loop_test(tc, test_gzip_reserved_flag_is_decompressed, 0,
	    NCHUNKS);
	tcase_add_loop_test(tc, test_deflate_in_one_byte_chunks_is_decompressed,
	    0, NCHUNKS);
	tcase_add_loop_test(tc, test_uncompressed_body_passes_through, 0,
	    NCHUNKS);
	tcase_add_loop_test(tc, test_deflate_request_body_is_decompressed, 0,
	    NCHUNKS);
	tcase_add_loop_test(tc, test_request_body_inline_does_not_wait, 0, 2);
	tcase_add_loop_test(tc, test_response_body_stops_at_its_limit, 0,
	    NCHUNKS);
	tcase_add_loop_test(tc, test_request_body_waits_for_min_size, 0,
	    NCHUNKS);
	tcase_add_loop_test(tc, test_body_window_moves_after_inspection, 0,
	    NCHUNKS);
	tcase_add_loop_test(tc, test_response_body_is_a_closed_file, 0,
	    NCHUNKS);
	tcase_add_loop_test(tc, test_put_body_is_an_upload_file, 0, NCHUNKS);
	tcase_add_loop_test(tc, test_fileinfo_fields, 0, NCHUNKS);
	tcase_add_loop_test(tc,
	    test_file_digests_are_those_rules_or_force_hash_ask, 0, NCHUNKS);
	tcase_add_loop_test(tc,
	    test_bodies_are_kept_for_the_rules_that_inspect_them, 0, NCHUNKS);
	tcase_add_test(tc, test_open_file_is_truncated_when_freed);
	suite_add_tcase(s, tc);
	return s;
}
