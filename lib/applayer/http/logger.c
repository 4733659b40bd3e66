#include "core/base.h"

#include <sys/socket.h>

#include <arpa/inet.h>
#include <stdio.h>
#include <strings.h>

#include <htp/htp.h>
#include <jansson.h>

#include "applayer/http/logger.h"
#include "core/jtext.h"
#include "applayer/http/state.h"

#define TS	APPLAYER_TOSERVER
#define TC	APPLAYER_TOCLIENT

/* Suricata's MAX_SIZE_HEADER_NAME / _VALUE for the header dump */
#define LOG_HEADER_NAME_MAX	256
#define LOG_HEADER_VALUE_MAX	2048
/* Suricata's XFF_CHAIN_MINLEN / XFF_CHAIN_MAXLEN */
#define XFF_CHAIN_MIN		7
#define XFF_CHAIN_MAX		256

static bool
utf8_valid(const uint8_t *s, size_t n)
{
	size_t i = 0;

	while (i < n) {
		uint8_t c = s[i];
		size_t k;
		uint32_t cp;

		if (c < 0x80) {
			i++;
			continue;
		}
		if (c >= 0xc2 && c <= 0xdf) {
			k = 1;
			cp = c & 0x1f;
		} else if (c >= 0xe0 && c <= 0xef) {
			k = 2;
			cp = c & 0x0f;
		} else if (c >= 0xf0 && c <= 0xf4) {
			k = 3;
			cp = c & 0x07;
		} else
			return false;
		if (n - i <= k)
			return false;
		for (size_t j = 1; j <= k; j++) {
			if ((s[i + j] & 0xc0) != 0x80)
				return false;
			cp = (cp << 6) | (s[i + j] & 0x3f);
		}
		if ((k == 2 && cp < 0x800) || (k == 3 && cp < 0x10000) ||
		    cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
			return false;
		i += k + 1;
	}
	return true;
}

/* b as Suricata's JSON builder writes bytes: valid UTF-8 as it is,
 * otherwise every byte >= 0x80 as the text \xNN. 0, or -1 when out of
 * memory. */
static int
lossy_bytes(const uint8_t *b, size_t len, char **out, size_t *olen)
{
	char *s;
	size_t o = 0;

	if (len > (SIZE_MAX - 1) / 4 || (s = malloc(len * 4 + 1)) == NULL)
		return -1;
	for (size_t i = 0; i < len; i++) {
		if (b[i] < 0x80)
			s[o++] = (char)b[i];
		else
			o += (size_t)snprintf(s + o, 5, "\\x%02x", b[i]);
	}
	*out = s;
	*olen = o;
	return 0;
}

int
http_json_set_bytes(json_t *obj, const char *key, const uint8_t *b,
    size_t len)
{
	json_t *v;
	char *s;
	size_t o;

	if (utf8_valid(b, len))
		return json_object_set_new(obj, key, json_stringn(
		    (const char *)b, len));
	if (lossy_bytes(b, len, &s, &o) == -1)
		return -1;
	v = json_stringn(s, o);
	free(s);
	return json_object_set_new(obj, key, v);
}

void
http_jtext_bytes(struct jtext *t, const uint8_t *b, size_t len)
{
	char *s;
	size_t o;

	if (utf8_valid(b, len)) {
		jtext_string(t, (const char *)b, len);
		return;
	}
	if (lossy_bytes(b, len, &s, &o) == -1) {
		t->failed = true;
		return;
	}
	jtext_string(t, s, o);
	free(s);
}

/* key (a string literal): value pairs of the http object */
#define KV_BYTES(t, first, key, b, len) \
	kv_bytes((t), (first), "\"" key "\":", sizeof(key) + 2, (b), (len))
#define KV_BSTR(t, first, key, v) \
	KV_BYTES(t, first, key, bstr_ptr(v), bstr_len(v))
#define KV_INT(t, first, key, v) \
	kv_int((t), (first), "\"" key "\":", sizeof(key) + 2, (v))

static void
kv_bytes(struct jtext *t, bool *first, const char *quoted, size_t n,
    const uint8_t *b, size_t len)
{
	jtext_key_raw(t, first, quoted, n);
	http_jtext_bytes(t, b, len);
}

static void
kv_int(struct jtext *t, bool *first, const char *quoted, size_t n,
    int64_t v)
{
	jtext_key_raw(t, first, quoted, n);
	jtext_int(t, v);
}

static const bstr *
header(const struct http_tx *tx, uint8_t dir, const char *name)
{
	return http_header_value(tx, dir, name);
}

static const bstr *
known(const struct http_tx *tx, uint8_t dir, enum http_hdr which)
{
	return http_header_known(tx, dir, which);
}

/* Suricata's EveHttpLogJSONBasic */
static void
log_basic(const struct http_tx *tx, struct jtext *t, bool *first)
{
	const htp_tx_t *h = tx->htx;
	const bstr *v;

	if (h->request_hostname != NULL)
		KV_BSTR(t, first, "hostname", h->request_hostname);
	/* only a port written in the URI or the Host header */
	if (h->request_port_number >= 0)
		KV_INT(t, first, "http_port", h->request_port_number);
	if (h->request_uri != NULL)
		KV_BSTR(t, first, "url", h->request_uri);
	if ((v = known(tx, TS, HTTP_HDR_USER_AGENT)) != NULL)
		KV_BSTR(t, first, "http_user_agent", v);
	if ((v = known(tx, TS, HTTP_HDR_X_FORWARDED_FOR)) != NULL)
		KV_BSTR(t, first, "xff", v);
	if ((v = known(tx, TC, HTTP_HDR_CONTENT_TYPE)) != NULL) {
		const uint8_t *p = bstr_ptr(v);
		size_t n = 0;

		/* up to the first ';' (and a NUL stops it, as Suricata's
		 * C string does) */
		while (n < bstr_len(v) && p[n] != ';' && p[n] != '\0')
			n++;
		KV_BYTES(t, first, "http_content_type", p, n);
	}
	if ((v = known(tx, TC, HTTP_HDR_CONTENT_RANGE)) != NULL) {
		bool f2 = true;

		JTEXT_KEY(t, first, "content_range");
		jtext_char(t, '{');
		KV_BSTR(t, &f2, "raw", v);
		jtext_char(t, '}');
	}
}

/* Suricata's EveHttpLogJSONExtended */
static void
log_extended(const struct http_tx *tx, struct jtext *t, bool *first)
{
	const htp_tx_t *h = tx->htx;
	const bstr *v;

	if ((v = known(tx, TS, HTTP_HDR_REFERER)) != NULL)
		KV_BSTR(t, first, "http_refer", v);
	if (h->request_method != NULL)
		KV_BSTR(t, first, "http_method", h->request_method);
	if (h->request_protocol != NULL)
		KV_BSTR(t, first, "protocol", h->request_protocol);
	if (h->response_status != NULL) {
		char num[32];
		size_t n = bstr_len(h->response_status);

		if (n >= sizeof(num))
			n = sizeof(num) - 1;
		memcpy(num, bstr_ptr(h->response_status), n);
		num[n] = '\0';
		KV_INT(t, first, "status",
		    (int64_t)(json_int_t)strtoul(num, NULL, 10));
		if ((v = known(tx, TC, HTTP_HDR_LOCATION)) != NULL)
			KV_BSTR(t, first, "redirect", v);
	}
	KV_INT(t, first, "length", (int64_t)h->response_message_len);
}

/* Suricata's http_fields (output-json-http.c): the names a custom entry
 * may use (its config name, or the header's, any case) and the header
 * it logs in request_headers / response_headers. */
static const struct {
	const char	*eve;
	const char	*header;
} custom_fields[] = {
	{ "accept", "accept" },
	{ "accept_charset", "accept-charset" },
	{ "accept_encoding", "accept-encoding" },
	{ "accept_language", "accept-language" },
	{ "accept_datetime", "accept-datetime" },
	{ "authorization", "authorization" },
	{ "cache_control", "cache-control" },
	{ "cookie", "cookie" },
	{ "from", "from" },
	{ "max_forwards", "max-forwards" },
	{ "origin", "origin" },
	{ "pragma", "pragma" },
	{ "proxy_authorization", "proxy-authorization" },
	{ "range", "range" },
	{ "te", "te" },
	{ "via", "via" },
	{ "x_requested_with", "x-requested-with" },
	{ "dnt", "dnt" },
	{ "x_forwarded_proto", "x-forwarded-proto" },
	{ "x_authenticated_user", "x-authenticated-user" },
	{ "x_flash_version", "x-flash-version" },
	{ "accept_range", "accept-range" },
	{ "age", "age" },
	{ "allow", "allow" },
	{ "connection", "connection" },
	{ "content_encoding", "content-encoding" },
	{ "content_language", "content-language" },
	{ "content_length", "content-length" },
	{ "content_location", "content-location" },
	{ "content_md5", "content-md5" },
	{ "content_range", "content-range" },
	{ "content_type", "content-type" },
	{ "date", "date" },
	{ "etag", "etag" },
	{ "expires", "expires" },
	{ "last_modified", "last-modified" },
	{ "link", "link" },
	{ "location", "location" },
	{ "proxy_authenticate", "proxy-authenticate" },
	{ "referer", "referer" },
	{ "refresh", "refresh" },
	{ "retry_after", "retry-after" },
	{ "server", "server" },
	{ "set_cookie", "set-cookie" },
	{ "trailer", "trailer" },
	{ "transfer_encoding", "transfer-encoding" },
	{ "upgrade", "upgrade" },
	{ "vary", "vary" },
	{ "warning", "warning" },
	{ "www_authenticate", "www-authenticate" },
	{ "true_client_ip", "true-client-ip" },
	{ "org_src_ip", "org-src-ip" },
	{ "x_bluecoat_via", "x-bluecoat-via" },
};

uint64_t
http_logger_custom_field(const char *name)
{
	for (size_t i = 0; i < QUELL_NITEMS(custom_fields); i++)
		if (strcasecmp(name, custom_fields[i].eve) == 0 ||
		    strcasecmp(name, custom_fields[i].header) == 0)
			return 1ull << i;
	return 0;
}

int
http_logger_headers_option(const char *v)
{
	if (strcasecmp(v, "both") == 0)
		return HTTP_LOG_HEADERS_REQUEST | HTTP_LOG_HEADERS_RESPONSE;
	if (strcasecmp(v, "request") == 0)
		return HTTP_LOG_HEADERS_REQUEST;
	if (strcasecmp(v, "response") == 0)
		return HTTP_LOG_HEADERS_RESPONSE;
	return -1;
}

/* Whether header name is one of the custom fields o asks for. */
static bool
custom_wanted(const struct http_log_options *o, const bstr *name)
{
	for (size_t i = 0; i < QUELL_NITEMS(custom_fields); i++)
		if ((o->custom & (1ull << i)) &&
		    bstr_cmp_c_nocase(name, custom_fields[i].header) == 0)
			return true;
	return false;
}

/* Suricata 7's EveHttpLogJSONHeaders: [{"name": .., "value": ..}] of
 * every header (dump-all-headers for this direction) or of the custom
 * fields' headers; names and values cut to 255 and 2047 bytes and at a
 * NUL. Nothing when neither asks for a header of the direction. */
static void
log_headers(const struct http_tx *tx, uint8_t dir,
    const struct http_log_options *o, struct jtext *t, bool *first)
{
	htp_table_t *tb = dir == TS ? tx->htx->request_headers :
	    tx->htx->response_headers;
	bool all = (o->headers & (dir == TS ? HTTP_LOG_HEADERS_REQUEST :
	    HTTP_LOG_HEADERS_RESPONSE)) != 0;
	size_t n = 0;

	if (tb == NULL || htp_table_size(tb) == 0 || (!all && o->custom == 0))
		return;
	for (size_t i = 0; i < htp_table_size(tb); i++) {
		htp_header_t *h = htp_table_get_index(tb, i, NULL);
		bool f2 = true;
		size_t nl, vl;

		if (h == NULL || (!all && !custom_wanted(o, h->name)))
			continue;
		nl = strnlen((const char *)bstr_ptr(h->name),
		    bstr_len(h->name) < LOG_HEADER_NAME_MAX - 1 ?
		    bstr_len(h->name) : LOG_HEADER_NAME_MAX - 1);
		vl = strnlen((const char *)bstr_ptr(h->value),
		    bstr_len(h->value) < LOG_HEADER_VALUE_MAX - 1 ?
		    bstr_len(h->value) : LOG_HEADER_VALUE_MAX - 1);
		if (n++ == 0) {
			jtext_key(t, first, dir == TS ? "request_headers" :
			    "response_headers");
			jtext_char(t, '[');
		} else
			jtext_char(t, ',');
		jtext_char(t, '{');
		KV_BYTES(t, &f2, "name", bstr_ptr(h->name), nl);
		KV_BYTES(t, &f2, "value", bstr_ptr(h->value), vl);
		jtext_char(t, '}');
	}
	if (n > 0)
		jtext_char(t, ']');
}

int
http_logger_render(const struct http_tx *tx,
    const struct http_log_options *o, struct jtext *t)
{
	bool first = true;

	jtext_char(t, '{');
	log_basic(tx, t, &first);
	if (o->extended)
		log_extended(tx, t, &first);
	log_headers(tx, TS, o, t, &first);
	log_headers(tx, TC, o, t, &first);
	jtext_char(t, '}');
	return jtext_ok(t) ? 0 : -1;
}

int
http_logger_json_merge(json_t *out, const char *text, size_t len)
{
	json_t *v;
	int rc;

	if ((v = json_loadb(text, len, JSON_ALLOW_NUL, NULL)) == NULL)
		return -1;
	rc = json_object_update(out, v);
	json_decref(v);
	return rc;
}

int
http_logger_log(const struct http_tx *tx, const struct http_log_options *o,
    json_t *out)
{
	char stack[1024];
	struct jtext t;
	int rc = -1;

	jtext_init_with(&t, stack, sizeof(stack));
	if (http_logger_render(tx, o, &t) == 0)
		rc = http_logger_json_merge(out, t.data, t.len);
	jtext_free(&t);
	return rc != 0 ? -1 : 0;
}

static const struct http_log_options alert_opts = { .extended = true };

int
http_logger_log_tx(void *state, void *tx, json_t *out)
{
	(void)state;
	return http_logger_log(tx, &alert_opts, out);
}

int
http_logger_log_tx_text(void *state, void *tx, struct jtext *out)
{
	(void)state;
	return http_logger_render(tx, &alert_opts, out);
}

int
http_logger_log_record(void *state, void *tx, uint32_t idx, json_t *out)
{
	const struct http_state *st = state;

	if (idx > 0)
		return 0;
	return http_logger_log(tx, &st->blk->log, out) == 0 ? 1 : -1;
}

int
http_logger_log_record_text(void *state, void *tx, uint32_t idx,
    struct jtext *out)
{
	const struct http_state *st = state;
	const struct http_log_options *o = &st->blk->log;

	if (idx > 0)
		return 0;
	if (http_logger_render(tx, o, out) == -1)
		return -1;
	/* the alerts' object (http_logger_log_tx_text) when the options
	 * are theirs */
	return o->extended == alert_opts.extended &&
	    o->headers == alert_opts.headers &&
	    o->custom == alert_opts.custom ? 2 : 1;
}

/* Suricata's ParseXFFString: "[v6]:port", "v4:port", or an address. */
static bool
xff_parse(char *s, char *out, size_t outlen)
{
	struct in6_addr a;
	char *c;

	if (s[0] == '[') {
		if ((c = strchr(s, ']')) == NULL)
			return false;
		*c = '\0';
		s++;
	} else if ((c = strchr(s, ':')) != NULL && c == strrchr(s, ':'))
		*c = '\0';
	if (inet_pton(AF_INET, s, &a) != 1 && inet_pton(AF_INET6, s, &a) != 1)
		return false;
	snprintf(out, outlen, "%s", s);
	return true;
}

bool
http_logger_xff(const struct http_tx *tx, const char *name, bool forward,
    char *out, size_t outlen)
{
	char chain[XFF_CHAIN_MAX];
	const bstr *v;
	size_t n;
	char *p;

	if ((v = header(tx, TS, name)) == NULL)
		return false;
	n = bstr_len(v);
	if (n < XFF_CHAIN_MIN || n >= XFF_CHAIN_MAX)
		return false;
	memcpy(chain, bstr_ptr(v), n);
	chain[n] = '\0';
	if (forward) {
		/* the first address of the chain */
		if ((p = memchr(chain, ',', n)) != NULL)
			*p = '\0';
		p = chain;
	} else {
		/* the last: after the last space (Suricata's choice) */
		p = memrchr(chain, ' ', n);
		p = p == NULL ? chain : p + 1;
	}
	return xff_parse(p, out, outlen);
}
