/* eve's "http" object for a transaction, Suricata's fields and order
 * (output-json-http.c), and the X-Forwarded-For address outputs put in
 * an event (xff: extra-data or overwrite). */
#ifndef QUELL_APPLAYER_HTTP_LOGGER_H
#define QUELL_APPLAYER_HTTP_LOGGER_H

#include "core/base.h"

struct json_t;
struct http_tx;
struct jtext;

/* outputs.eve-log.types.http.dump-all-headers */
#define HTTP_LOG_HEADERS_REQUEST	0x01
#define HTTP_LOG_HEADERS_RESPONSE	0x02

struct http_log_options {
	bool		 extended;	/* http_refer .. length (alerts: yes) */
	unsigned	 headers;	/* HTTP_LOG_HEADERS_*: every header */
	uint64_t	 custom;	/* headers to log (http_logger_custom_field
					 * bits) where not every one is */
};

/* outputs.eve-log.types.http.custom: the bit of the field called name
 * (Suricata's eve name, "accept_encoding", or the header's,
 * "Accept-Encoding", any case), or 0 when Suricata has no such field. */
uint64_t http_logger_custom_field(const char *name);
/* outputs.eve-log.types.http.dump-all-headers: "both", "request",
 * "response" into HTTP_LOG_HEADERS_*; -1 for another value. */
int	http_logger_headers_option(const char *value);
/* The parser's log_record: the eve http record of tx with the options
 * of the configuration (record 0 only). */
int	http_logger_log_record(void *state, void *tx, uint32_t idx,
	    struct json_t *out);

/* The same record as JSON text (log_record_text): "{...}" appended to
 * out; 1, or 2 when it is also log_tx_text's object (the options are
 * the alerts'), 0 past record 0, -1 (out of memory). */
int	http_logger_log_record_text(void *state, void *tx, uint32_t idx,
	    struct jtext *out);

/* Appends the http object of tx as JSON text ("{...}", jansson's
 * compact bytes): 0, or -1 (out of memory). */
int	http_logger_render(const struct http_tx *,
	    const struct http_log_options *, struct jtext *out);
/* Fills out with the http object of tx (http_logger_render's text
 * parsed back): 0, or -1 (out of memory). */
int	http_logger_log(const struct http_tx *, const struct http_log_options *,
	    struct json_t *out);
/* The parser's log_tx: extended, no header dump (what Suricata puts in
 * an alert's http object). */
int	http_logger_log_tx(void *state, void *tx, struct json_t *out);
int	http_logger_log_tx_text(void *state, void *tx, struct jtext *out);
/* Adds to out the members of the JSON object text[0..len) (a text of
 * http_logger_render's): 0, or -1. */
int	http_logger_json_merge(struct json_t *out, const char *text,
	    size_t len);

/* The client address an X-Forwarded-For style header of tx names
 * (header: its name; forward: the first of the chain, else the last),
 * as Suricata's HttpXFFGetIPFromTx: into out, true when there is one. */
bool	http_logger_xff(const struct http_tx *, const char *header,
	    bool forward, char *out, size_t outlen);

/* Sets key to bytes as Suricata's JSON builder does: valid UTF-8 as it
 * is, otherwise every byte >= 0x80 written as the text \xNN. 0 or -1. */
int	http_json_set_bytes(struct json_t *obj, const char *key,
	    const uint8_t *b, size_t len);
/* The same bytes as a JSON string appended to t. */
void	http_jtext_bytes(struct jtext *t, const uint8_t *b, size_t len);

#endif
