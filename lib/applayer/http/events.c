#include "core/base.h"

#include "applayer/http/events.h"
#include "applayer/http/state.h"

const char *const http_event_names[HTTP_NEVENTS] = {
	[HTTP_EV_UNKNOWN_ERROR] = "unknown_error",
	[HTTP_EV_GZIP_DECOMPRESSION_FAILED] = "gzip_decompression_failed",
	[HTTP_EV_REQUEST_FIELD_MISSING_COLON] = "request_field_missing_colon",
	[HTTP_EV_RESPONSE_FIELD_MISSING_COLON] = "response_field_missing_colon",
	[HTTP_EV_INVALID_REQUEST_CHUNK_LEN] = "invalid_request_chunk_len",
	[HTTP_EV_INVALID_RESPONSE_CHUNK_LEN] = "invalid_response_chunk_len",
	[HTTP_EV_INVALID_TRANSFER_ENCODING_VALUE_IN_REQUEST] =
	    "invalid_transfer_encoding_value_in_request",
	[HTTP_EV_INVALID_TRANSFER_ENCODING_VALUE_IN_RESPONSE] =
	    "invalid_transfer_encoding_value_in_response",
	[HTTP_EV_INVALID_CONTENT_LENGTH_FIELD_IN_REQUEST] =
	    "invalid_content_length_field_in_request",
	[HTTP_EV_INVALID_CONTENT_LENGTH_FIELD_IN_RESPONSE] =
	    "invalid_content_length_field_in_response",
	[HTTP_EV_DUPLICATE_CONTENT_LENGTH_FIELD_IN_REQUEST] =
	    "duplicate_content_length_field_in_request",
	[HTTP_EV_DUPLICATE_CONTENT_LENGTH_FIELD_IN_RESPONSE] =
	    "duplicate_content_length_field_in_response",
	[HTTP_EV_100_CONTINUE_ALREADY_SEEN] = "100_continue_already_seen",
	[HTTP_EV_UNABLE_TO_MATCH_RESPONSE_TO_REQUEST] =
	    "unable_to_match_response_to_request",
	[HTTP_EV_INVALID_SERVER_PORT_IN_REQUEST] =
	    "invalid_server_port_in_request",
	[HTTP_EV_INVALID_AUTHORITY_PORT] = "invalid_authority_port",
	[HTTP_EV_REQUEST_HEADER_INVALID] = "request_header_invalid",
	[HTTP_EV_RESPONSE_HEADER_INVALID] = "response_header_invalid",
	[HTTP_EV_MISSING_HOST_HEADER] = "missing_host_header",
	[HTTP_EV_HOST_HEADER_AMBIGUOUS] = "host_header_ambiguous",
	[HTTP_EV_INVALID_REQUEST_FIELD_FOLDING] =
	    "invalid_request_field_folding",
	[HTTP_EV_INVALID_RESPONSE_FIELD_FOLDING] =
	    "invalid_response_field_folding",
	[HTTP_EV_REQUEST_FIELD_TOO_LONG] = "request_field_too_long",
	[HTTP_EV_RESPONSE_FIELD_TOO_LONG] = "response_field_too_long",
	[HTTP_EV_FILE_NAME_TOO_LONG] = "file_name_too_long",
	[HTTP_EV_REQUEST_SERVER_PORT_TCP_PORT_MISMATCH] =
	    "request_server_port_tcp_port_mismatch",
	[HTTP_EV_REQUEST_URI_HOST_INVALID] = "request_uri_host_invalid",
	[HTTP_EV_REQUEST_HEADER_HOST_INVALID] = "request_header_host_invalid",
	[HTTP_EV_REQUEST_AUTH_UNRECOGNIZED] = "request_auth_unrecognized",
	[HTTP_EV_REQUEST_HEADER_REPETITION] = "request_header_repetition",
	[HTTP_EV_RESPONSE_HEADER_REPETITION] = "response_header_repetition",
	[HTTP_EV_DOUBLE_ENCODED_URI] = "double_encoded_uri",
	[HTTP_EV_URI_DELIM_NON_COMPLIANT] = "uri_delim_non_compliant",
	[HTTP_EV_METHOD_DELIM_NON_COMPLIANT] = "method_delim_non_compliant",
	[HTTP_EV_REQUEST_LINE_LEADING_WHITESPACE] =
	    "request_line_leading_whitespace",
	[HTTP_EV_TOO_MANY_ENCODING_LAYERS] = "too_many_encoding_layers",
	[HTTP_EV_ABNORMAL_CE_HEADER] = "abnormal_ce_header",
	[HTTP_EV_RESPONSE_MULTIPART_BYTERANGES] =
	    "response_multipart_byteranges",
	[HTTP_EV_RESPONSE_ABNORMAL_TRANSFER_ENCODING] =
	    "response_abnormal_transfer_encoding",
	[HTTP_EV_RESPONSE_CHUNKED_OLD_PROTO] = "response_chunked_old_proto",
	[HTTP_EV_RESPONSE_INVALID_PROTOCOL] = "response_invalid_protocol",
	[HTTP_EV_RESPONSE_INVALID_STATUS] = "response_invalid_status",
	[HTTP_EV_REQUEST_LINE_INCOMPLETE] = "request_line_incomplete",
	[HTTP_EV_REQUEST_LINE_MISSING_PROTOCOL] =
	    "request_line_missing_protocol",
	[HTTP_EV_REQUEST_TOO_MANY_HEADERS] = "request_too_many_headers",
	[HTTP_EV_RESPONSE_TOO_MANY_HEADERS] = "response_too_many_headers",
	[HTTP_EV_LZMA_MEMLIMIT_REACHED] = "lzma_memlimit_reached",
	[HTTP_EV_COMPRESSION_BOMB] = "compression_bomb",
	[HTTP_EV_COMPRESSION_BOMB_LIMIT_REACHED] =
	    "compression_bomb_limit_reached",
	[HTTP_EV_RANGE_INVALID] = "range_invalid",
	[HTTP_EV_REQUEST_CHUNK_EXTENSION] = "request_chunk_extension",
	[HTTP_EV_MULTIPART_GENERIC_ERROR] = "multipart_generic_error",
	[HTTP_EV_MULTIPART_NO_FILEDATA] = "multipart_no_filedata",
	[HTTP_EV_MULTIPART_INVALID_HEADER] = "multipart_invalid_header",
	[HTTP_EV_TOO_MANY_WARNINGS] = "too_many_warnings",
	[HTTP_EV_FAILED_PROTOCOL_CHANGE] = "failed_protocol_change",
	[HTTP_EV_REQUEST_LINE_INVALID] = "request_line_invalid",
	[HTTP_EV_REQUEST_BODY_UNEXPECTED] = "request_body_unexpected",
};

struct message_map {
	const char	*prefix;
	enum http_event	 ev;
};

/* Suricata 7's htp_errors[]: message prefixes of libhtp errors. */
static const struct message_map errors[] = {
	{ "GZip decompressor:", HTTP_EV_GZIP_DECOMPRESSION_FAILED },
	{ "Request field invalid: colon missing",
	    HTTP_EV_REQUEST_FIELD_MISSING_COLON },
	{ "Response field invalid: missing colon",
	    HTTP_EV_RESPONSE_FIELD_MISSING_COLON },
	{ "Request chunk encoding: Invalid chunk length",
	    HTTP_EV_INVALID_REQUEST_CHUNK_LEN },
	{ "Response chunk encoding: Invalid chunk length",
	    HTTP_EV_INVALID_RESPONSE_CHUNK_LEN },
	{ "Invalid T-E value in request",
	    HTTP_EV_INVALID_TRANSFER_ENCODING_VALUE_IN_REQUEST },
	{ "Invalid T-E value in response",
	    HTTP_EV_INVALID_TRANSFER_ENCODING_VALUE_IN_RESPONSE },
	{ "Invalid C-L field in request",
	    HTTP_EV_INVALID_CONTENT_LENGTH_FIELD_IN_REQUEST },
	{ "Invalid C-L field in response",
	    HTTP_EV_INVALID_CONTENT_LENGTH_FIELD_IN_RESPONSE },
	{ "Already seen 100-Continue", HTTP_EV_100_CONTINUE_ALREADY_SEEN },
	{ "Unable to match response to request",
	    HTTP_EV_UNABLE_TO_MATCH_RESPONSE_TO_REQUEST },
	{ "Invalid server port information in request",
	    HTTP_EV_INVALID_SERVER_PORT_IN_REQUEST },
	{ "Invalid authority port", HTTP_EV_INVALID_AUTHORITY_PORT },
	{ "Request buffer over", HTTP_EV_REQUEST_FIELD_TOO_LONG },
	{ "Response buffer over", HTTP_EV_RESPONSE_FIELD_TOO_LONG },
	{ "C-T multipart/byteranges in responses not supported",
	    HTTP_EV_RESPONSE_MULTIPART_BYTERANGES },
	{ "Compression bomb:", HTTP_EV_COMPRESSION_BOMB },
};

/* Suricata 7's htp_warnings[] */
static const struct message_map warnings[] = {
	{ "GZip decompressor:", HTTP_EV_GZIP_DECOMPRESSION_FAILED },
	{ "Request field invalid", HTTP_EV_REQUEST_HEADER_INVALID },
	{ "Response field invalid", HTTP_EV_RESPONSE_HEADER_INVALID },
	{ "Request header name is not a token",
	    HTTP_EV_REQUEST_HEADER_INVALID },
	{ "Response header name is not a token",
	    HTTP_EV_RESPONSE_HEADER_INVALID },
	{ "Host information in request headers required by HTTP/1.1",
	    HTTP_EV_MISSING_HOST_HEADER },
	{ "Host information ambiguous", HTTP_EV_HOST_HEADER_AMBIGUOUS },
	{ "Invalid request field folding",
	    HTTP_EV_INVALID_REQUEST_FIELD_FOLDING },
	{ "Invalid response field folding",
	    HTTP_EV_INVALID_RESPONSE_FIELD_FOLDING },
	/* "Request server port=%d number differs from the actual TCP
	 * port=%d" */
	{ "Request server port=",
	    HTTP_EV_REQUEST_SERVER_PORT_TCP_PORT_MISMATCH },
	{ "Request line: URI contains non-compliant delimiter",
	    HTTP_EV_URI_DELIM_NON_COMPLIANT },
	{ "Request line: non-compliant delimiter between Method and URI",
	    HTTP_EV_METHOD_DELIM_NON_COMPLIANT },
	{ "Request line: leading whitespace",
	    HTTP_EV_REQUEST_LINE_LEADING_WHITESPACE },
	{ "Too many response content encoding layers",
	    HTTP_EV_TOO_MANY_ENCODING_LAYERS },
	{ "C-E gzip has abnormal value", HTTP_EV_ABNORMAL_CE_HEADER },
	{ "C-E deflate has abnormal value", HTTP_EV_ABNORMAL_CE_HEADER },
	{ "C-E unknown setting", HTTP_EV_ABNORMAL_CE_HEADER },
	{ "Excessive request header repetitions",
	    HTTP_EV_REQUEST_HEADER_REPETITION },
	{ "Excessive response header repetitions",
	    HTTP_EV_RESPONSE_HEADER_REPETITION },
	{ "Transfer-encoding has abnormal chunked value",
	    HTTP_EV_RESPONSE_ABNORMAL_TRANSFER_ENCODING },
	{ "Chunked transfer-encoding on HTTP/0.9 or HTTP/1.0",
	    HTTP_EV_RESPONSE_CHUNKED_OLD_PROTO },
	{ "Invalid response line: invalid protocol",
	    HTTP_EV_RESPONSE_INVALID_PROTOCOL },
	{ "Invalid response line: invalid response status",
	    HTTP_EV_RESPONSE_INVALID_STATUS },
	{ "Request line incomplete", HTTP_EV_REQUEST_LINE_INCOMPLETE },
	{ "Unexpected request body", HTTP_EV_REQUEST_BODY_UNEXPECTED },
	{ "LZMA decompressor: memory limit reached",
	    HTTP_EV_LZMA_MEMLIMIT_REACHED },
	{ "Ambiguous request C-L value",
	    HTTP_EV_DUPLICATE_CONTENT_LENGTH_FIELD_IN_REQUEST },
	{ "Ambiguous response C-L value",
	    HTTP_EV_DUPLICATE_CONTENT_LENGTH_FIELD_IN_RESPONSE },
	{ "Request line: missing protocol",
	    HTTP_EV_REQUEST_LINE_MISSING_PROTOCOL },
	{ "Too many request headers", HTTP_EV_REQUEST_TOO_MANY_HEADERS },
	{ "Too many response headers", HTTP_EV_RESPONSE_TOO_MANY_HEADERS },
};

static bool
message_find(const struct message_map *m, size_t n, const char *msg,
    enum http_event *ev)
{
	for (size_t i = 0; i < n; i++) {
		if (strncmp(msg, m[i].prefix, strlen(m[i].prefix)) == 0) {
			*ev = m[i].ev;
			return true;
		}
	}
	return false;
}

enum http_event
http_events_for_message(const char *msg)
{
	enum http_event ev;

	if (msg == NULL)
		return HTTP_EV_UNKNOWN_ERROR;
	if (message_find(errors, QUELL_NITEMS(errors), msg, &ev) ||
	    message_find(warnings, QUELL_NITEMS(warnings), msg, &ev))
		return ev;
	return HTTP_EV_UNKNOWN_ERROR;
}

/* Suricata's HTPSetEvent: on the message's tx, else on the newest tx
 * (an event before any tx is lost, as in Suricata). */
void
http_events_set(struct http_state *st, struct http_tx *tx, unsigned ev)
{
	if (tx == NULL && st->conn != NULL) {
		for (size_t n = htp_list_size(st->conn->transactions); n > 0;
		    n--) {
			htp_tx_t *h = htp_list_get(st->conn->transactions,
			    n - 1);

			if (h != NULL) {
				tx = http_glue_tx_ensure(st, h);
				break;
			}
		}
	}
	if (tx != NULL)
		applayer_txdata_set_event(&tx->txd, ev);
}

void
http_events_messages(struct http_state *st)
{
	size_t n;

	if (st->conn == NULL || st->conn->messages == NULL)
		return;
	n = htp_list_size(st->conn->messages);
	if (n >= HTTP_MAX_MESSAGES) {
		if (!(st->flags & HTTP_STATE_WARNINGS)) {
			st->flags |= HTTP_STATE_WARNINGS;
			http_events_set(st, NULL, HTTP_EV_TOO_MANY_WARNINGS);
		}
		st->msg_offset = n;
		return;
	}
	for (; st->msg_offset < n; st->msg_offset++) {
		htp_log_t *log = htp_list_get(st->conn->messages,
		    st->msg_offset);
		struct http_tx *tx = NULL;

		if (log == NULL)
			continue;
		if (log->tx != NULL)
			tx = http_glue_tx_ensure(st, log->tx);
		http_events_set(st, tx, http_events_for_message(log->msg));
	}
}

/* Suricata's HTPErrorCheckTxRequestFlags */
void
http_events_request_flags(struct http_state *st, struct http_tx *tx)
{
	const htp_tx_t *h = tx->htx;

	if (h->flags & HTP_REQUEST_INVALID_T_E)
		http_events_set(st, tx,
		    HTTP_EV_INVALID_TRANSFER_ENCODING_VALUE_IN_REQUEST);
	if (h->flags & HTP_REQUEST_INVALID_C_L)
		http_events_set(st, tx,
		    HTTP_EV_INVALID_CONTENT_LENGTH_FIELD_IN_REQUEST);
	if (h->flags & HTP_HOST_MISSING)
		http_events_set(st, tx, HTTP_EV_MISSING_HOST_HEADER);
	if (h->flags & HTP_HOST_AMBIGUOUS)
		http_events_set(st, tx, HTTP_EV_HOST_HEADER_AMBIGUOUS);
	if (h->flags & HTP_HOSTU_INVALID)
		http_events_set(st, tx, HTTP_EV_REQUEST_URI_HOST_INVALID);
	if (h->flags & HTP_HOSTH_INVALID)
		http_events_set(st, tx, HTTP_EV_REQUEST_HEADER_HOST_INVALID);
	if (h->request_auth_type == HTP_AUTH_UNRECOGNIZED)
		http_events_set(st, tx, HTTP_EV_REQUEST_AUTH_UNRECOGNIZED);
	if (h->is_protocol_0_9 && h->request_method_number == HTP_M_UNKNOWN &&
	    (h->request_protocol_number == HTP_PROTOCOL_INVALID ||
	    h->request_protocol_number == HTP_PROTOCOL_UNKNOWN))
		http_events_set(st, tx, HTTP_EV_REQUEST_LINE_INVALID);
}
