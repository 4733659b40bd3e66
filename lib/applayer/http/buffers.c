#include "core/base.h"

#include <strings.h>

#include <htp/htp.h>

#include "applayer/http/body.h"
#include "applayer/http/buffers.h"
#include "applayer/http/file.h"
#include "applayer/http/state.h"

#define TS	APPLAYER_TOSERVER
#define TC	APPLAYER_TOCLIENT
#define D_TS	(1u << APPLAYER_TOSERVER)
#define D_TC	(1u << APPLAYER_TOCLIENT)

static bool
from_bstr(const bstr *b, const uint8_t **buf, uint32_t *len)
{
	if (b == NULL || bstr_len(b) > UINT32_MAX)
		return false;
	*buf = bstr_ptr(b);
	*len = (uint32_t)bstr_len(b);
	return true;
}

static htp_table_t *
headers(const struct http_tx *tx, uint8_t dir)
{
	return dir == TS ? tx->htx->request_headers :
	    tx->htx->response_headers;
}

const bstr *
http_header_value(const struct http_tx *tx, uint8_t dir, const char *name)
{
	htp_table_t *t = headers(tx, dir);
	htp_header_t *h;

	if (t == NULL || (h = htp_table_get_c(t, name)) == NULL)
		return NULL;
	return h->value;
}

/* enum http_hdr's names */
static const struct {
	const char	*name;
	size_t		 len;
} known_names[HTTP_HDR_MAX] = {
#define N(e, s)	[e] = { s, sizeof(s) - 1 }
	N(HTTP_HDR_HOST, "host"),
	N(HTTP_HDR_USER_AGENT, "user-agent"),
	N(HTTP_HDR_COOKIE, "cookie"),
	N(HTTP_HDR_SET_COOKIE, "set-cookie"),
	N(HTTP_HDR_CONTENT_TYPE, "content-type"),
	N(HTTP_HDR_CONTENT_LENGTH, "content-length"),
	N(HTTP_HDR_CONTENT_ENCODING, "content-encoding"),
	N(HTTP_HDR_CONTENT_RANGE, "content-range"),
	N(HTTP_HDR_CONTENT_DISPOSITION, "content-disposition"),
	N(HTTP_HDR_REFERER, "referer"),
	N(HTTP_HDR_ACCEPT, "accept"),
	N(HTTP_HDR_ACCEPT_ENCODING, "accept-encoding"),
	N(HTTP_HDR_ACCEPT_LANGUAGE, "accept-language"),
	N(HTTP_HDR_CONNECTION, "connection"),
	N(HTTP_HDR_SERVER, "server"),
	N(HTTP_HDR_LOCATION, "location"),
	N(HTTP_HDR_X_FORWARDED_FOR, "x-forwarded-for"),
#undef N
};

/* Whether table key k names known_names[i] as htp_table_get_c compares
 * (any case, NUL bytes in the key skipped); nul: k holds a NUL. */
static bool
known_is(const bstr *k, bool nul, size_t i)
{
	if (nul)
		return bstr_cmp_c_nocasenorzero(k, known_names[i].name) == 0;
	return bstr_len(k) == known_names[i].len &&
	    strncasecmp((const char *)bstr_ptr(k), known_names[i].name,
	    known_names[i].len) == 0;
}

void
http_header_forget(struct http_tx *tx, uint8_t dir)
{
	/* called per header line: nothing to do before a first lookup */
	if (tx->hdr_seen[dir] == 0)
		return;
	memset(tx->hdr_known[dir], 0, sizeof(tx->hdr_known[dir]));
	tx->hdr_seen[dir] = 0;
}

const bstr *
http_header_known(const struct http_tx *ctx, uint8_t dir, enum http_hdr which)
{
	/* the index is a cache: filling it changes no value the tx has */
	struct http_tx *tx = (struct http_tx *)(uintptr_t)ctx;
	htp_table_t *t = headers(tx, dir);
	size_t n;

	if (t == NULL)
		return NULL;
	if ((n = htp_table_size(t)) < tx->hdr_seen[dir])
		http_header_forget(tx, dir);
	/* the entries added since the last look, the first of a name
	 * kept (libhtp folds a repeated header into its first entry) */
	for (size_t i = tx->hdr_seen[dir]; i < n; i++) {
		bstr *k = NULL;
		htp_header_t *h = htp_table_get_index(t, i, &k);
		bool nul;

		if (h == NULL || k == NULL)
			continue;
		nul = memchr(bstr_ptr(k), '\0', bstr_len(k)) != NULL;
		for (size_t j = 0; j < HTTP_HDR_MAX; j++) {
			if (known_is(k, nul, j)) {
				if (tx->hdr_known[dir][j] == NULL)
					tx->hdr_known[dir][j] = h;
				break;
			}
		}
	}
	tx->hdr_seen[dir] = n;
	return tx->hdr_known[dir][which] != NULL ?
	    tx->hdr_known[dir][which]->value : NULL;
}

/* Past the headers: Suricata's getters of whole-header buffers check
 * progress > HTP_REQUEST_HEADERS (resp. RESPONSE). */
static bool
headers_done(const struct http_tx *tx, uint8_t dir)
{
	return dir == TS ? tx->htx->request_progress > HTP_REQUEST_HEADERS :
	    tx->htx->response_progress > HTP_RESPONSE_HEADERS;
}

/* ----------------------------------------------------- normalised URI */

static int
built_add(struct http_built *b, size_t *cap, const void *p, size_t n)
{
	if (n == 0)
		return 0;
	if (b->len + n > *cap) {
		size_t c = *cap > 0 ? *cap : 64;
		uint8_t *m;

		while (c < b->len + n)
			c *= 2;
		if (c > UINT32_MAX || (m = realloc(b->buf, c)) == NULL)
			return -1;
		b->buf = m;
		*cap = c;
	}
	memcpy(b->buf + b->len, p, n);
	b->len += (uint32_t)n;
	return 0;
}

/* Room for n bytes at once: a buffer whose size is known is one
 * allocation, not a doubling from 64 bytes. */
static int
built_reserve(struct http_built *b, size_t *cap, size_t n)
{
	uint8_t *m;

	if (b->len + n <= *cap)
		return 0;
	if (b->len + n > UINT32_MAX || (m = realloc(b->buf, b->len + n)) ==
	    NULL)
		return -1;
	b->buf = m;
	*cap = b->len + n;
	return 0;
}

static int
built_bstr(struct http_built *b, size_t *cap, const bstr *s)
{
	return s == NULL ? 0 : built_add(b, cap, bstr_ptr(s), bstr_len(s));
}

/* Suricata's SCHTPGenerateNormalizedUri: the parsed (normalised) path,
 * '?' and the query URL-decoded once more, '#' and the fragment; with
 * uri-include-all also scheme://user:pass@host:port before. */
int
http_buffers_build_uri(struct http_tx *tx)
{
	const htp_uri_t *u = tx->htx->parsed_uri;
	struct http_built *b = &tx->uri;
	size_t cap = 0;
	int rc = 0;

	http_built_clear(b);
	if (u == NULL)
		return 0;
	/* the path, '?', the query (decoding only shortens it), '#' and
	 * the fragment: the authority's parts, when included, grow it */
	if (built_reserve(b, &cap, (u->path != NULL ? bstr_len(u->path) : 0) +
	    (u->query != NULL ? bstr_len(u->query) + 1 : 0) +
	    (u->fragment != NULL ? bstr_len(u->fragment) + 1 : 0)) == -1)
		return -1;
	if (tx->st->blk->s.uri_include_all) {
		if (u->scheme != NULL) {
			rc |= built_bstr(b, &cap, u->scheme);
			rc |= built_add(b, &cap, "://", 3);
		}
		if (u->username != NULL || u->password != NULL) {
			rc |= built_bstr(b, &cap, u->username);
			rc |= built_add(b, &cap, ":", 1);
			rc |= built_bstr(b, &cap, u->password);
			rc |= built_add(b, &cap, "@", 1);
		}
		rc |= built_bstr(b, &cap, u->hostname);
		if (u->port != NULL) {
			rc |= built_add(b, &cap, ":", 1);
			rc |= built_bstr(b, &cap, u->port);
		}
	}
	rc |= built_bstr(b, &cap, u->path);
	if (u->query != NULL) {
		bstr *q = bstr_dup(u->query);
		uint64_t flags = 0;

		if (q == NULL)
			return -1;
		htp_urldecode_inplace(tx->htx->cfg, HTP_DECODER_URLENCODED, q,
		    &flags);
		rc |= built_add(b, &cap, "?", 1);
		rc |= built_bstr(b, &cap, q);
		bstr_free(q);
	}
	if (u->fragment != NULL) {
		rc |= built_add(b, &cap, "#", 1);
		rc |= built_bstr(b, &cap, u->fragment);
	}
	if (rc != 0) {
		http_built_clear(b);
		return -1;
	}
	b->valid = true;
	return 0;
}

/* ------------------------------------------------------------ getters */

#define TX(v)	((struct http_tx *)(v))

static bool
get_method(void *v, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	return from_bstr(TX(v)->htx->request_method, buf, len);
}

static bool
get_uri(void *v, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	const struct http_built *b = &TX(v)->uri;

	if (!b->valid)
		return false;
	*buf = b->buf;
	*len = b->len;
	return true;
}

static bool
get_uri_raw(void *v, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	return from_bstr(TX(v)->htx->request_uri, buf, len);
}

static bool
get_request_line(void *v, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	return from_bstr(TX(v)->htx->request_line, buf, len);
}

static bool
get_protocol(void *v, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	return from_bstr(dir == TS ? TX(v)->htx->request_protocol :
	    TX(v)->htx->response_protocol, buf, len);
}

/* libhtp's request_hostname: from the URI or the Host header,
 * lower-cased, without the port. */
static bool
get_host(void *v, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	return from_bstr(TX(v)->htx->request_hostname, buf, len);
}

/* Suricata's http.host.raw: the absolute URI's host, else the Host
 * header as sent. */
static bool
get_host_raw(void *v, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	const htp_tx_t *h = TX(v)->htx;

	if (h->parsed_uri != NULL && h->parsed_uri->hostname != NULL)
		return from_bstr(h->parsed_uri->hostname, buf, len);
	return from_bstr(http_header_known(TX(v), TS, HTTP_HDR_HOST), buf,
	    len);
}

/* NONE: the buffer has no header that way */
#define NONE	HTTP_HDR_MAX
#define HEADER_GETTER(fn, ts_hdr, tc_hdr)				\
static bool								\
fn(void *v, uint8_t dir, const uint8_t **buf, uint32_t *len)		\
{									\
	enum http_hdr which = dir == TS ? ts_hdr : tc_hdr;		\
									\
	return which != NONE &&						\
	    from_bstr(http_header_known(TX(v), dir, which), buf, len);	\
}

HEADER_GETTER(get_user_agent, HTTP_HDR_USER_AGENT, NONE)
HEADER_GETTER(get_cookie, HTTP_HDR_COOKIE, HTTP_HDR_SET_COOKIE)
HEADER_GETTER(get_content_type, HTTP_HDR_CONTENT_TYPE, HTTP_HDR_CONTENT_TYPE)
HEADER_GETTER(get_content_len, HTTP_HDR_CONTENT_LENGTH,
    HTTP_HDR_CONTENT_LENGTH)
HEADER_GETTER(get_referer, HTTP_HDR_REFERER, NONE)
HEADER_GETTER(get_accept, HTTP_HDR_ACCEPT, NONE)
HEADER_GETTER(get_accept_enc, HTTP_HDR_ACCEPT_ENCODING, NONE)
HEADER_GETTER(get_accept_lang, HTTP_HDR_ACCEPT_LANGUAGE, NONE)
HEADER_GETTER(get_connection, HTTP_HDR_CONNECTION, HTTP_HDR_CONNECTION)
HEADER_GETTER(get_server, NONE, HTTP_HDR_SERVER)
HEADER_GETTER(get_location, NONE, HTTP_HDR_LOCATION)
#undef NONE

static bool
built_get(struct http_built *b, const uint8_t **buf, uint32_t *len)
{
	if (!b->valid)
		return false;
	*buf = b->buf;
	*len = b->len;
	return true;
}

/* Suricata's http.header: every header but Cookie (to server) and
 * Set-Cookie (to client), "Name: value\r\n" each, in order. */
static bool
get_header(void *v, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	struct http_tx *tx = v;
	struct http_built *b = &tx->hdr[dir];
	htp_table_t *t = headers(tx, dir);
	const char *skip = dir == TS ? "cookie" : "set-cookie";
	size_t cap = 0, need = 0;
	int rc = 0;

	if (!headers_done(tx, dir) || t == NULL)
		return false;
	if (b->valid)
		return built_get(b, buf, len);
	for (size_t i = 0; i < htp_table_size(t); i++) {
		htp_header_t *h = htp_table_get_index(t, i, NULL);

		if (h != NULL)
			need += bstr_len(h->name) + bstr_len(h->value) + 4;
	}
	rc |= built_reserve(b, &cap, need);
	for (size_t i = 0; i < htp_table_size(t); i++) {
		htp_header_t *h = htp_table_get_index(t, i, NULL);

		if (h == NULL || (bstr_len(h->name) == strlen(skip) &&
		    strncasecmp((const char *)bstr_ptr(h->name), skip,
		    strlen(skip)) == 0))
			continue;
		rc |= built_bstr(b, &cap, h->name);
		rc |= built_add(b, &cap, ": ", 2);
		rc |= built_bstr(b, &cap, h->value);
		rc |= built_add(b, &cap, "\r\n", 2);
	}
	if (rc != 0) {
		http_built_clear(b);
		return false;
	}
	b->valid = true;
	return built_get(b, buf, len);
}

/* Suricata's http.header.raw: the header block as received, with the
 * empty line (and trailers after a chunked body). */
static bool
get_header_raw(void *v, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	struct http_tx *tx = v;

	if (tx->hdr_raw[dir] == NULL || tx->hdr_raw_len[dir] > UINT32_MAX)
		return false;
	*buf = tx->hdr_raw[dir];
	*len = (uint32_t)tx->hdr_raw_len[dir];
	return true;
}

/* Suricata's http.header_names: "\r\n", each name and "\r\n", then
 * "\r\n". */
static bool
get_header_names(void *v, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	struct http_tx *tx = v;
	struct http_built *b = &tx->names[dir];
	htp_table_t *t = headers(tx, dir);
	size_t cap = 0, need = 4;
	int rc = 0;

	if (!headers_done(tx, dir) || t == NULL)
		return false;
	if (b->valid)
		return built_get(b, buf, len);
	for (size_t i = 0; i < htp_table_size(t); i++) {
		htp_header_t *h = htp_table_get_index(t, i, NULL);

		if (h != NULL)
			need += bstr_len(h->name) + 2;
	}
	rc |= built_reserve(b, &cap, need);
	rc |= built_add(b, &cap, "\r\n", 2);
	for (size_t i = 0; i < htp_table_size(t); i++) {
		htp_header_t *h = htp_table_get_index(t, i, NULL);

		if (h == NULL)
			continue;
		rc |= built_bstr(b, &cap, h->name);
		rc |= built_add(b, &cap, "\r\n", 2);
	}
	rc |= built_add(b, &cap, "\r\n", 2);
	if (rc != 0) {
		http_built_clear(b);
		return false;
	}
	b->valid = true;
	return built_get(b, buf, len);
}

/* Suricata's http.start: the request (status) line, "\r\n", then the
 * raw header block. */
static bool
get_start(void *v, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	struct http_tx *tx = v;
	struct http_built *b = &tx->start[dir];
	const bstr *line = dir == TS ? tx->htx->request_line :
	    tx->htx->response_line;
	size_t cap = 0;
	int rc = 0;

	if (!headers_done(tx, dir) || line == NULL ||
	    tx->hdr_raw[dir] == NULL)
		return false;
	if (b->valid)
		return built_get(b, buf, len);
	rc |= built_reserve(b, &cap, bstr_len(line) + 2 +
	    tx->hdr_raw_len[dir]);
	rc |= built_bstr(b, &cap, line);
	rc |= built_add(b, &cap, "\r\n", 2);
	rc |= built_add(b, &cap, tx->hdr_raw[dir], tx->hdr_raw_len[dir]);
	if (rc != 0) {
		http_built_clear(b);
		return false;
	}
	b->valid = true;
	return built_get(b, buf, len);
}

static bool
get_stat_code(void *v, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	return from_bstr(TX(v)->htx->response_status, buf, len);
}

static bool
get_stat_msg(void *v, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	return from_bstr(TX(v)->htx->response_message, buf, len);
}

static bool
get_response_line(void *v, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	return from_bstr(TX(v)->htx->response_line, buf, len);
}

/* One header per value, "Name: value" (Suricata 7's http.request_header
 * and http.response_header multi-buffers). */
static bool
header_multi(struct http_tx *tx, uint8_t dir, uint32_t idx,
    const uint8_t **buf, uint32_t *len)
{
	htp_table_t *t = headers(tx, dir);
	htp_header_t *h;
	uint8_t *m;
	size_t n;

	if (t == NULL || idx >= htp_table_size(t) ||
	    (h = htp_table_get_index(t, idx, NULL)) == NULL)
		return false;
	n = bstr_len(h->name) + 2 + bstr_len(h->value);
	if (n > UINT32_MAX)
		return false;
	/* one scratch per direction, as Suricata's per-thread buffer: the
	 * bytes stay valid until the next call */
	if ((m = malloc(n > 0 ? n : 1)) == NULL)
		return false;
	memcpy(m, bstr_ptr(h->name), bstr_len(h->name));
	memcpy(m + bstr_len(h->name), ": ", 2);
	memcpy(m + bstr_len(h->name) + 2, bstr_ptr(h->value),
	    bstr_len(h->value));
	free(tx->multi[dir]);
	tx->multi[dir] = m;
	*buf = m;
	*len = (uint32_t)n;
	return true;
}

static bool
get_request_header(void *v, uint8_t dir, uint32_t idx, const uint8_t **buf,
    uint32_t *len)
{
	return header_multi(v, TS, idx, buf, len);
}

static bool
get_response_header(void *v, uint8_t dir, uint32_t idx, const uint8_t **buf,
    uint32_t *len)
{
	return header_multi(v, TC, idx, buf, len);
}

/* Bodies: Suricata's inspect windows; done once past the body or at
 * the direction's end. */
static bool
body_done(const struct http_tx *tx, uint8_t dir)
{
	uint8_t eof = dir == TS ? HTTP_STATE_EOF_TS : HTTP_STATE_EOF_TC;

	if (tx->st->flags & eof)
		return true;
	return dir == TS ? tx->htx->request_progress > HTP_REQUEST_BODY :
	    tx->htx->response_progress > HTP_RESPONSE_BODY;
}

static void
inspect_sizes(const struct http_tx *tx, uint8_t dir, uint64_t *limit,
    uint64_t *min, uint64_t *window)
{
	const struct http_settings *s = &tx->st->blk->s;

	*limit = dir == TS ? s->request_body_limit : s->response_body_limit;
	*min = dir == TS ? s->request_inspect_min : s->response_inspect_min;
	*window = dir == TS ? s->request_inspect_window :
	    s->response_inspect_window;
}

/* http-body-inline: Suricata inspects what came at once instead of
 * waiting for the minimal inspect size (the window sizes stay) */
static bool
body_inline(const struct http_tx *tx)
{
	return tx->st->blk->s.body_inline == HTTP_BODY_INLINE_YES;
}

static bool
body_get(struct http_tx *tx, uint8_t dir, const uint8_t **buf,
    uint32_t *len)
{
	uint64_t limit, min, window, off;

	inspect_sizes(tx, dir, &limit, &min, &window);
	return http_body_window(&tx->body[dir], limit, min, window,
	    body_done(tx, dir) || body_inline(tx), buf, len, &off);
}

static bool
get_request_body(void *v, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	return body_get(v, TS, buf, len);
}

static bool
get_response_body(void *v, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	return body_get(v, TC, buf, len);
}

static void
body_inspected(void *v, uint8_t dir, uint32_t idx)
{
	struct http_tx *tx = v;
	uint64_t limit, min, window;

	inspect_sizes(tx, dir, &limit, &min, &window);
	http_body_inspected(&tx->body[dir], min, window);
}

/* file.data: each file of the direction (Suricata 7 inspects HTTP
 * file.data through its files), with the body's inspect sizes. */
static bool
get_file_data(void *v, uint8_t dir, uint32_t idx, const uint8_t **buf,
    uint32_t *len)
{
	struct http_tx *tx = v;
	uint64_t limit, min, window, off;
	const struct http_file *f;
	bool done;

	if (idx >= tx->nfiles[dir])
		return false;
	f = tx->files[dir][idx];
	inspect_sizes(tx, dir, &limit, &min, &window);
	done = http_file_state(f) != HTTP_FILE_OPEN || body_done(tx, dir) ||
	    body_inline(tx);
	return http_body_window(http_file_cdata(f), 0, min, window, done,
	    buf, len, &off);
}

static void
file_data_inspected(void *v, uint8_t dir, uint32_t idx)
{
	struct http_tx *tx = v;
	uint64_t limit, min, window;

	if (idx >= tx->nfiles[dir])
		return;
	inspect_sizes(tx, dir, &limit, &min, &window);
	http_body_inspected(http_file_data(tx->files[dir][idx]), min, window);
}

/* file.name: each file's name (the URI's last part or the
 * Content-Disposition filename), as the file keywords see it */
static bool
get_file_name(void *v, uint8_t dir, uint32_t idx, const uint8_t **buf,
    uint32_t *len)
{
	struct http_tx *tx = v;
	size_t n;

	if (idx >= tx->nfiles[dir])
		return false;
	*buf = http_file_name(tx->files[dir][idx], &n);
	if (*buf == NULL || n > UINT32_MAX)
		return false;
	*len = (uint32_t)n;
	return true;
}

/* file.md5, file.sha1, file.sha256: each file's digest (raw bytes)
 * once it is closed, empty while it is open (detection tries again
 * until the tx is complete, when every file is closed) */
static bool
file_digest(void *v, uint8_t dir, uint32_t idx, int which,
    const uint8_t **buf, uint32_t *len)
{
	struct http_tx *tx = v;

	if (idx >= tx->nfiles[dir])
		return false;
	*len = 0;
	if ((*buf = http_file_digest(tx->files[dir][idx], which, len)) ==
	    NULL)
		*len = 0;
	return true;
}

static bool
get_file_md5(void *v, uint8_t dir, uint32_t idx, const uint8_t **buf,
    uint32_t *len)
{
	return file_digest(v, dir, idx, 0, buf, len);
}

static bool
get_file_sha1(void *v, uint8_t dir, uint32_t idx, const uint8_t **buf,
    uint32_t *len)
{
	return file_digest(v, dir, idx, 1, buf, len);
}

static bool
get_file_sha256(void *v, uint8_t dir, uint32_t idx, const uint8_t **buf,
    uint32_t *len)
{
	return file_digest(v, dir, idx, 2, buf, len);
}

#define BUF(n, d, ds, prog, fn) \
	{ .name = n, .desc = d, .dirs = ds, .progress = prog, .get = fn }
/* with Suricata's older name of the sticky buffer (http_accept for
 * http.accept) */
#define BUFA(n, a, d, ds, prog, fn) \
	{ .name = n, .alias = a, .desc = d, .dirs = ds, .progress = prog, \
	  .get = fn }
#define MULTI(n, d, ds, prog, fn, insp) \
	{ .name = n, .desc = d, .dirs = ds, .progress = prog, \
	  .get_multi = fn, .inspected = insp }
/* no sticky keyword: for the keyword that attaches to it */
#define INTERNAL(n, d, fn) \
	{ .name = n, .desc = d, .dirs = D_TS | D_TC, \
	  .progress = HTP_REQUEST_BODY, .get_multi = fn, .internal = true }

/* Progress as Suricata registers each buffer (HTP_REQUEST_LINE 1,
 * HEADERS 2, BODY 3; the response values are the same numbers). */
const struct applayer_buffer http_buffers[HTTP_NBUFFERS] = {
	BUF("http.method", "request method", D_TS, HTP_REQUEST_LINE,
	    get_method),
	BUF("http.uri", "normalised request URI", D_TS, HTP_REQUEST_LINE,
	    get_uri),
	BUF("http.uri.raw", "request URI as sent", D_TS, HTP_REQUEST_LINE,
	    get_uri_raw),
	BUFA("http.request_line", "http_request_line",
	    "request line", D_TS, HTP_REQUEST_LINE,
	    get_request_line),
	BUFA("http.protocol", "http_protocol",
	    "protocol of the request or status line",
	    D_TS | D_TC, HTP_REQUEST_LINE, get_protocol),
	BUF("http.host", "host, lower case, no port", D_TS,
	    HTP_REQUEST_HEADERS, get_host),
	BUF("http.host.raw", "host as sent", D_TS, HTP_REQUEST_HEADERS,
	    get_host_raw),
	BUF("http.user_agent", "User-Agent header", D_TS,
	    HTP_REQUEST_HEADERS, get_user_agent),
	BUF("http.header", "headers, normalised, without cookies",
	    D_TS | D_TC, HTP_REQUEST_HEADERS, get_header),
	BUF("http.header.raw", "header block as sent", D_TS | D_TC,
	    HTP_REQUEST_HEADERS + 1, get_header_raw),
	BUFA("http.header_names", "http_header_names",
	    "header names", D_TS | D_TC,
	    HTP_REQUEST_HEADERS, get_header_names),
	BUF("http.cookie", "Cookie / Set-Cookie header", D_TS | D_TC,
	    HTP_REQUEST_HEADERS, get_cookie),
	BUFA("http.content_type", "http_content_type",
	    "Content-Type header", D_TS | D_TC,
	    HTP_REQUEST_HEADERS, get_content_type),
	BUFA("http.content_len", "http_content_len",
	    "Content-Length header", D_TS | D_TC,
	    HTP_REQUEST_HEADERS, get_content_len),
	BUFA("http.referer", "http_referer",
	    "Referer header", D_TS, HTP_REQUEST_HEADERS,
	    get_referer),
	BUFA("http.accept", "http_accept",
	    "Accept header", D_TS, HTP_REQUEST_HEADERS,
	    get_accept),
	BUFA("http.accept_enc", "http_accept_enc",
	    "Accept-Encoding header", D_TS,
	    HTP_REQUEST_HEADERS, get_accept_enc),
	BUFA("http.accept_lang", "http_accept_lang",
	    "Accept-Language header", D_TS,
	    HTP_REQUEST_HEADERS, get_accept_lang),
	/* both ways since Suricata 7.0 (suricata-verify
	 * http-connection-toclient) */
	BUFA("http.connection", "http_connection", "Connection header",
	    D_TS | D_TC, HTP_REQUEST_HEADERS, get_connection),
	BUFA("http.start", "http_start",
	    "start line and header block", D_TS | D_TC,
	    HTP_REQUEST_HEADERS, get_start),
	{ .name = "http.request_body", .desc = "request body, dechunked, "
	  "decompressed", .dirs = D_TS, .progress = HTP_REQUEST_BODY,
	  .get = get_request_body, .inspected = body_inspected },
	BUF("http.stat_code", "response status code", D_TC,
	    HTP_RESPONSE_LINE, get_stat_code),
	BUF("http.stat_msg", "response status message", D_TC,
	    HTP_RESPONSE_LINE, get_stat_msg),
	BUFA("http.response_line", "http_response_line",
	    "response status line", D_TC,
	    HTP_RESPONSE_LINE, get_response_line),
	BUFA("http.server", "http_server",
	    "Server header", D_TC, HTP_RESPONSE_HEADERS,
	    get_server),
	BUFA("http.location", "http_location",
	    "Location header", D_TC, HTP_RESPONSE_HEADERS,
	    get_location),
	{ .name = "http.response_body", .desc = "response body, dechunked, "
	  "decompressed", .dirs = D_TC, .progress = HTP_RESPONSE_BODY,
	  .get = get_response_body, .inspected = body_inspected },
	{ .name = "file.data", .alias = "file_data", .desc = "file "
	  "contents: response bodies, uploads", .dirs = D_TS | D_TC,
	  .progress = HTP_REQUEST_BODY, .get_multi = get_file_data,
	  .inspected = file_data_inspected },
	MULTI("file.name", "file names: response bodies, uploads",
	    D_TS | D_TC, HTP_REQUEST_BODY, get_file_name, NULL),
	INTERNAL("file.md5", "MD5 of each closed file (filemd5)",
	    get_file_md5),
	INTERNAL("file.sha1", "SHA-1 of each closed file (filesha1)",
	    get_file_sha1),
	INTERNAL("file.sha256", "SHA-256 of each closed file (filesha256)",
	    get_file_sha256),
	MULTI("http.request_header", "one request header: \"Name: value\"",
	    D_TS, HTP_REQUEST_HEADERS, get_request_header, NULL),
	MULTI("http.response_header", "one response header: \"Name: "
	    "value\"", D_TC, HTP_RESPONSE_HEADERS, get_response_header, NULL),
};
