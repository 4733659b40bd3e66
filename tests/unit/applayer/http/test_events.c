#include "core/base.h"

#include <check.h>

#include "applayer/http/events.h"
#include "applayer/http/http.h"
#include "chunks.h"
#include "feed.h"
#include "suites.h"

#define TS	APPLAYER_TOSERVER
#define TC	APPLAYER_TOCLIENT

static void *
one(struct feed *f, const char *req, const char *res, size_t chunk)
{
	struct feed_msg m[2] = { { TS, req, 0 }, { TC, res, 0 } };

	feed_config(f);
	feed_start(f, NULL);
	feed_run(f, m, res != NULL ? 2 : 1, chunk, false);
	ck_assert_uint_ge(feed_ntx(f), 1);
	return feed_tx(f, 0);
}

START_TEST(test_missing_colon_raises_its_event)
{
	struct feed f;
	void *tx = one(&f, "GET / HTTP/1.1\r\nHost: h\r\nNoColonHere\r\n\r\n",
	    NULL, CHUNK);

	ck_assert(feed_event(tx, "request_field_missing_colon"));
	feed_end(&f);
}
END_TEST

START_TEST(test_missing_host_raises_its_event)
{
	struct feed f;
	void *tx = one(&f, "GET / HTTP/1.1\r\nUser-Agent: a\r\n\r\n", NULL,
	    CHUNK);

	ck_assert(feed_event(tx, "missing_host_header"));
	feed_end(&f);
}
END_TEST

START_TEST(test_bad_chunk_length_raises_its_event)
{
	struct feed f;
	void *tx = one(&f, "GET / HTTP/1.1\r\nHost: h\r\n\r\n",
	    "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
	    CHUNK);

	ck_assert(feed_event(tx, "invalid_response_chunk_len"));
	feed_end(&f);
}
END_TEST

START_TEST(test_invalid_content_length_raises_its_event)
{
	struct feed f;
	void *tx = one(&f, "POST / HTTP/1.1\r\nHost: h\r\n"
	    "Content-Length: abc\r\n\r\n", NULL, CHUNK);

	ck_assert(feed_event(tx, "invalid_content_length_field_in_request"));
	feed_end(&f);
}
END_TEST

START_TEST(test_bad_status_raises_its_event)
{
	struct feed f;
	void *tx = one(&f, "GET / HTTP/1.1\r\nHost: h\r\n\r\n",
	    "HTTP/1.1 2x0 OK\r\nContent-Length: 0\r\n\r\n", CHUNK);

	ck_assert(feed_event(tx, "response_invalid_status"));
	feed_end(&f);
}
END_TEST

START_TEST(test_clean_request_raises_none)
{
	struct feed f;
	void *tx = one(&f, "GET / HTTP/1.1\r\nHost: h\r\n\r\n",
	    "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", CHUNK);
	const struct applayer_txdata *td = applayer_http_parser.tx_data(tx);

	ck_assert_uint_eq(td->events[0] | td->events[1], 0);
	feed_end(&f);
}
END_TEST

START_TEST(test_double_encoded_uri_with_double_decode)
{
	struct feed f;
	struct feed_msg m[1] = { { TS, "GET /a%252fb HTTP/1.1\r\nHost: h\r\n"
	    "\r\n", 0 } };
	void *tx;

	feed_config(&f);
	f.cfg.def.double_decode_path = true;
	feed_start(&f, NULL);
	feed_run(&f, m, 1, CHUNK, false);
	tx = feed_tx(&f, 0);
	ck_assert(feed_event(tx, "double_encoded_uri"));
	ck_assert_str_eq(feed_buf(tx, "http.uri", TS, NULL), "/a/b");
	feed_end(&f);
}
END_TEST

START_TEST(test_messages_map_like_suricata)
{
	ck_assert_int_eq(http_events_for_message("GZip decompressor: inflate "
	    "failed with -3"), HTTP_EV_GZIP_DECOMPRESSION_FAILED);
	ck_assert_int_eq(http_events_for_message("Request field invalid: "
	    "colon missing"), HTTP_EV_REQUEST_FIELD_MISSING_COLON);
	ck_assert_int_eq(http_events_for_message("Request field invalid: "
	    "empty name"), HTTP_EV_REQUEST_HEADER_INVALID);
	ck_assert_int_eq(http_events_for_message("Request server port=81 "
	    "number differs from the actual TCP port=80"),
	    HTTP_EV_REQUEST_SERVER_PORT_TCP_PORT_MISMATCH);
	ck_assert_int_eq(http_events_for_message("Something new"),
	    HTTP_EV_UNKNOWN_ERROR);
}
END_TEST

/* every event of Suricata's http-events.rules has a name here */
START_TEST(test_rule_file_events_all_known)
{
	static const char *const names[] = {
		"unknown_error", "gzip_decompression_failed",
		"request_field_missing_colon", "response_field_missing_colon",
		"invalid_request_chunk_len", "invalid_response_chunk_len",
		"invalid_transfer_encoding_value_in_request",
		"invalid_transfer_encoding_value_in_response",
		"invalid_content_length_field_in_request",
		"invalid_content_length_field_in_response",
		"100_continue_already_seen",
		"unable_to_match_response_to_request",
		"invalid_server_port_in_request", "invalid_authority_port",
		"request_header_invalid", "response_header_invalid",
		"missing_host_header", "host_header_ambiguous",
		"invalid_request_field_folding",
		"invalid_response_field_folding", "request_field_too_long",
		"response_field_too_long", "multipart_generic_error",
		"multipart_no_filedata", "multipart_invalid_header",
		"request_server_port_tcp_port_mismatch",
		"request_uri_host_invalid", "request_header_host_invalid",
		"uri_delim_non_compliant", "method_delim_non_compliant",
		"request_line_leading_whitespace", "too_many_encoding_layers",
		"abnormal_ce_header", "request_auth_unrecognized",
		"request_header_repetition", "response_header_repetition",
		"response_abnormal_transfer_encoding",
		"response_chunked_old_proto", "response_invalid_protocol",
		"response_invalid_status", "request_line_incomplete",
		"double_encoded_uri", "request_line_invalid",
		"request_body_unexpected", "lzma_memlimit_reached",
		"duplicate_content_length_field_in_request",
		"duplicate_content_length_field_in_response",
		"compression_bomb", "too_many_warnings", "range_invalid",
		"file_name_too_long", "failed_protocol_change",
		"request_line_missing_protocol", "request_too_many_headers",
		"response_too_many_headers", "compression_bomb_limit_reached",
	};

	for (size_t i = 0; i < QUELL_NITEMS(names); i++) {
		bool found = false;

		for (size_t j = 0; j < applayer_http_parser.nevents; j++)
			found |= strcmp(applayer_http_parser.events[j],
			    names[i]) == 0;
		ck_assert_msg(found, "%s", names[i]);
	}
}
END_TEST

Suite *
http_events_suite(void)
{
	Suite *s = suite_create("http_events");
	TCase *tc = tcase_create("events");

	tcase_add_loop_test(tc, test_missing_colon_raises_its_event, 0,
	    NCHUNKS);
	tcase_add_loop_test(tc, test_missing_host_raises_its_event, 0,
	    NCHUNKS);
	tcase_add_loop_test(tc, test_bad_chunk_length_raises_its_event, 0,
	    NCHUNKS);
	tcase_add_loop_test(tc, test_invalid_content_length_raises_its_event,
	    0, NCHUNKS);
	tcase_add_loop_test(tc, test_bad_status_raises_its_event, 0, NCHUNKS);
	tcase_add_loop_test(tc, test_clean_request_raises_none, 0, NCHUNKS);
	tcase_add_loop_test(tc, test_double_encoded_uri_with_double_decode, 0,
	    NCHUNKS);
	tcase_add_test(tc, test_messages_map_like_suricata);
	tcase_add_test(tc, test_rule_file_events_all_known);
	suite_add_tcase(s, tc);
	return s;
}
