/* The libhtp glue: one connection parser per flow, fed the stream's
 * bytes per direction; libhtp's hooks fill quell's per-transaction data
 * (struct http_tx, the libhtp tx's user data).
 *
 * Hooks and undefined behaviour. libhtp keeps every hook as
 * int (*)(void *) and calls it through that type, whatever type its
 * htp_config_register_*() prototype names. Calling a function through
 * another function type is undefined (UBSan's -fsanitize=function), so
 * each hook here really is int (*)(void *), registered through a cast
 * (HOOK_TX, HOOK_DATA) that libhtp undoes before the call; the typed
 * work is done by the functions the hooks call. */
#include "core/base.h"

#include <sys/time.h>

#include <arpa/inet.h>
#include <strings.h>

#include <htp/htp.h>
#include <jansson.h>

#include "applayer/http/body.h"
#include "applayer/http/buffers.h"
#include "applayer/http/config.h"
#include "applayer/http/events.h"
#include "applayer/http/file.h"
#include "applayer/http/inflate.h"
#include "applayer/http/http.h"
#include "applayer/http/logger.h"
#include "applayer/http/state.h"
#include "applayer/parser.h"
#include "config/config.h"
#include "flow/flow.h"

/* Through void (*)(void), which -Wcast-function-type lets through: the
 * pointer is converted back to int (*)(void *) inside libhtp. */
#define HOOK_TX(fn)	((int (*)(htp_tx_t *))(void (*)(void))(fn))
#define HOOK_DATA(fn)	((int (*)(htp_tx_data_t *))(void (*)(void))(fn))

#define DIR_TS	APPLAYER_TOSERVER
#define DIR_TC	APPLAYER_TOCLIENT

static struct http_state *
tx_state(const htp_tx_t *htx)
{
	return htp_connp_get_user_data(htx->connp);
}

struct http_tx *
http_glue_tx(htp_tx_t *htx)
{
	return htp_tx_get_user_data(htx);
}

/* st->byid with room for n slots from its start. */
static bool
byid_grow(struct http_state *st, size_t n)
{
	size_t cap = st->byid_cap > 0 ? st->byid_cap : 16;
	struct http_tx **b;

	while (cap < n)
		cap *= 2;
	if ((b = reallocarray(st->byid, cap, sizeof(*b))) == NULL)
		return false;
	st->byid = b;
	st->byid_cap = cap;
	return true;
}

/* Room in st->byid for id: a slot, NULL, or the tx there already. */
static bool
byid_room(struct http_state *st, uint64_t id)
{
	size_t lo, need;

	if (st->byid_len == 0) {
		st->byid_base = id;
		st->byid_off = 0;
	}
	/* ids below the base (a tx held late): the slots before it */
	if (id < st->byid_base) {
		size_t shift = (size_t)(st->byid_base - id);

		if (shift > st->byid_off) {
			if (st->byid_len + shift > st->byid_cap - st->byid_off &&
			    !byid_grow(st, st->byid_len + shift))
				return false;
			memmove(st->byid + shift, st->byid + st->byid_off,
			    st->byid_len * sizeof(*st->byid));
			st->byid_off = shift;
		}
		st->byid_off -= shift;
		memset(st->byid + st->byid_off, 0, shift * sizeof(*st->byid));
		st->byid_len += shift;
		st->byid_base = id;
		return true;
	}
	if ((need = (size_t)(id - st->byid_base) + 1) <= st->byid_len)
		return true;
	if (st->byid_off + need > st->byid_cap) {
		/* the front is free: move down before growing */
		if (st->byid_off > 0 && st->byid_len > 0)
			memmove(st->byid, st->byid + st->byid_off,
			    st->byid_len * sizeof(*st->byid));
		st->byid_off = 0;
		if (need > st->byid_cap && !byid_grow(st, need))
			return false;
	}
	lo = st->byid_off + st->byid_len;
	memset(st->byid + lo, 0, (need - st->byid_len) * sizeof(*st->byid));
	st->byid_len = need;
	return true;
}

struct http_tx *
http_glue_tx_ensure(struct http_state *st, htp_tx_t *htx)
{
	struct http_tx *tx = htp_tx_get_user_data(htx);

	if (tx != NULL)
		return tx;
	if (!byid_room(st, htx->index) ||
	    (tx = calloc(1, sizeof(*tx))) == NULL) {
		st->oom = true;
		return NULL;
	}
	st->byid[st->byid_off + (htx->index - st->byid_base)] = tx;
	tx->st = st;
	tx->htx = htx;
	tx->id = htx->index;
	htp_tx_set_user_data(htx, tx);
	st->live++;
	/* a tx behind the cached one renumbers those after it */
	if (st->cache_ok && htx->index <= st->cache_k)
		st->cache_ok = false;
	return tx;
}

void
http_built_clear(struct http_built *b)
{
	free(b->buf);
	b->buf = NULL;
	b->len = 0;
	b->valid = false;
}

static void
tx_invalidate(struct http_tx *tx, uint8_t dir)
{
	http_built_clear(&tx->hdr[dir]);
	http_built_clear(&tx->names[dir]);
	http_built_clear(&tx->start[dir]);
}

static void
tx_close_files(struct http_tx *tx, uint8_t dir, enum http_file_state s)
{
	for (size_t i = 0; i < tx->nfiles[dir]; i++)
		http_file_close(tx->files[dir][i], s);
	tx->flags &= ~(dir == DIR_TS ? HTTP_TX_FILE_OPEN_TS :
	    HTTP_TX_FILE_OPEN_TC);
}

static void
tx_destroy(struct http_tx *tx)
{
	applayer_txdata_release(&tx->txd);
	for (uint8_t d = 0; d < 2; d++) {
		tx_close_files(tx, d, HTTP_FILE_TRUNCATED);
		for (size_t i = 0; i < tx->nfiles[d]; i++)
			http_file_free(tx->files[d][i]);
		free(tx->hdr_raw[d]);
		free(tx->multi[d]);
		http_body_free(&tx->body[d]);
		http_inflate_free(tx->inflate[d]);
		tx_invalidate(tx, d);
	}
	http_built_clear(&tx->uri);
	free(tx);
}

/* ---------------------------------------------------------------- hooks */

/* What libhtp consumed of the chunk being parsed in dir. */
static int64_t
frame_pos(const struct http_state *st, uint8_t dir)
{
	return (int64_t)(dir == DIR_TS ?
	    htp_connp_req_data_consumed(st->connp) :
	    htp_connp_res_data_consumed(st->connp));
}

/* A request or response starts where libhtp is in the chunk
 * (Suricata's HTPCallbackRequestStart): its frame, of unknown length
 * until it completes (frame_end). */
static void
frame_start(struct http_state *st, const struct http_tx *tx, uint8_t dir)
{
	const struct applayer_chunk *c = st->chunk;

	if (c == NULL || c->dir != dir)
		return;
	st->frame_id[dir] = applayer_frame_add(c, frame_pos(st, dir), -1,
	    dir == DIR_TS ? HTTP_FRAME_REQUEST : HTTP_FRAME_RESPONSE);
	applayer_frame_set_tx(c, st->frame_id[dir], tx->id);
}

static void
frame_end(struct http_state *st, uint8_t dir)
{
	const struct applayer_chunk *c = st->chunk;

	if (c == NULL || c->dir != dir || st->frame_id[dir] == 0)
		return;
	applayer_frame_set_end(c, st->frame_id[dir], frame_pos(st, dir));
	st->frame_id[dir] = 0;
}

static int
tx_start(htp_tx_t *htx, uint8_t dir)
{
	struct http_state *st = tx_state(htx);
	struct http_tx *tx = http_glue_tx_ensure(st, htx);

	if (tx == NULL)
		return HTP_ERROR;
	frame_start(st, tx, dir);
	return HTP_OK;
}

static int
on_request_start(void *arg)
{
	return tx_start(arg, DIR_TS);
}

static int
on_response_start(void *arg)
{
	return tx_start(arg, DIR_TC);
}

/* Suricata's HTPCallbackDoubleDecodeUriPart: decode once more; if that
 * shortened it, the URI was encoded twice. */
static void
double_decode(htp_tx_t *htx, bstr *part)
{
	struct http_state *st = tx_state(htx);
	uint64_t flags = 0;
	size_t before;

	if (part == NULL)
		return;
	before = bstr_len(part);
	if (htp_urldecode_inplace(htx->cfg, HTP_DECODER_URLENCODED, part,
	    &flags) == HTP_OK && bstr_len(part) < before)
		http_events_set(st, http_glue_tx_ensure(st, htx),
		    HTTP_EV_DOUBLE_ENCODED_URI);
}

static int
on_double_decode_query(void *arg)
{
	htp_tx_t *htx = arg;

	if (htx->parsed_uri != NULL)
		double_decode(htx, htx->parsed_uri->query);
	return HTP_OK;
}

static int
on_double_decode_path(void *arg)
{
	htp_tx_t *htx = arg;

	if (htx->parsed_uri != NULL)
		double_decode(htx, htx->parsed_uri->path);
	return HTP_OK;
}

static int
on_request_line(void *arg)
{
	htp_tx_t *htx = arg;
	struct http_state *st = tx_state(htx);
	struct http_tx *tx = http_glue_tx_ensure(st, htx);

	if (tx == NULL || http_buffers_build_uri(tx) == -1) {
		st->oom = true;
		return HTP_ERROR;
	}
	if (htx->flags != 0)
		http_events_request_flags(st, tx);
	return HTP_OK;
}

static int
header_data(htp_tx_data_t *d, uint8_t dir)
{
	struct http_state *st = tx_state(d->tx);
	struct http_tx *tx = http_glue_tx_ensure(st, d->tx);
	size_t need;

	if (tx == NULL)
		return HTP_ERROR;
	if (d->data == NULL || d->len == 0)
		return HTP_OK;
	need = tx->hdr_raw_len[dir] + d->len;
	if (need > tx->hdr_raw_cap[dir]) {
		size_t cap = tx->hdr_raw_cap[dir] > 0 ?
		    tx->hdr_raw_cap[dir] : 256;
		uint8_t *n;

		while (cap < need)
			cap *= 2;
		if ((n = realloc(tx->hdr_raw[dir], cap)) == NULL) {
			st->oom = true;
			return HTP_ERROR;
		}
		tx->hdr_raw[dir] = n;
		tx->hdr_raw_cap[dir] = cap;
	}
	memcpy(tx->hdr_raw[dir] + tx->hdr_raw_len[dir], d->data, d->len);
	tx->hdr_raw_len[dir] = need;
	tx_invalidate(tx, dir);
	http_header_forget(tx, dir);
	if (dir == DIR_TS && d->tx->flags != 0)
		http_events_request_flags(st, tx);
	return HTP_OK;
}

static int
on_request_header_data(void *arg)
{
	return header_data(arg, DIR_TS);
}

static int
on_response_header_data(void *arg)
{
	return header_data(arg, DIR_TC);
}

/* Suricata's HTTPParseContentDispositionHeader for "filename=": the
 * value of the first such parameter after the first ';', quotes off. */
static bool
disposition_filename(const bstr *v, const uint8_t **name, size_t *len)
{
	const uint8_t *p = bstr_ptr(v), *end = p + bstr_len(v);

	while (p < end && *p != ';')
		p++;
	while (p < end) {
		const uint8_t *tok, *tend;

		p++;
		while (p < end && *p == ' ')
			p++;
		tok = p;
		while (p < end && *p != ';')
			p++;
		tend = p;
		if ((size_t)(tend - tok) > 9 &&
		    strncasecmp((const char *)tok, "filename=", 9) == 0) {
			tok += 9;
			if (tok < tend && *tok == '"') {
				tok++;
				if (tend > tok && tend[-1] == '"')
					tend--;
			}
			*name = tok;
			*len = (size_t)(tend - tok);
			return true;
		}
	}
	return false;
}

/* The file of a body direction: opened on its first bytes (name from
 * the path, or for a response Content-Disposition's filename). */
static struct http_file *
body_file(struct http_state *st, struct http_tx *tx, uint8_t dir)
{
	uint8_t open = dir == DIR_TS ? HTTP_TX_FILE_OPEN_TS :
	    HTTP_TX_FILE_OPEN_TC;
	uint8_t done = dir == DIR_TS ? HTTP_TX_FILE_DONE_TS :
	    HTTP_TX_FILE_DONE_TC;
	const htp_tx_t *h = tx->htx;
	const uint8_t *name = NULL;
	size_t len = 0;
	const bstr *cd;
	struct http_file *f;

	if (tx->flags & open)
		return tx->files[dir][tx->nfiles[dir] - 1];
	if (tx->flags & done)
		return NULL;
	tx->flags |= done;
	if (dir == DIR_TS) {
		const bstr *ct = http_header_known(tx, DIR_TS,
		    HTTP_HDR_CONTENT_TYPE);

		/* Suricata: a PUT body is a file, and a POST body that is
		 * not multipart/form-data (multipart parts: not yet) */
		if (h->request_method_number != HTP_M_PUT &&
		    h->request_method_number != HTP_M_POST)
			return NULL;
		if (h->request_method_number == HTP_M_POST && ct != NULL &&
		    bstr_len(ct) >= 19 && strncasecmp((const char *)
		    bstr_ptr(ct), "multipart/form-data", 19) == 0)
			return NULL;
	}
	if (h->parsed_uri != NULL && h->parsed_uri->path != NULL) {
		name = bstr_ptr(h->parsed_uri->path);
		len = bstr_len(h->parsed_uri->path);
	}
	if (dir == DIR_TC && (cd = http_header_known(tx, DIR_TC,
	    HTTP_HDR_CONTENT_DISPOSITION)) != NULL)
		(void)disposition_filename(cd, &name, &len);
	if (name == NULL || tx->nfiles[dir] == HTTP_TX_MAX_FILES)
		return NULL;
	if (len > HTTP_FILE_NAME_MAX)
		http_events_set(st, tx, HTTP_EV_FILE_NAME_TOO_LONG);
	/* the digests and bytes loaded rules inspect
	 * (applayer_http_parser.needs), the digests force-hash asks for,
	 * the first bytes force-magic's libmagic reads */
	if ((f = http_file_open(name, len, (st->needs & HTTP_NEED_DIGESTS) |
	    st->blk->file_digests | ((st->needs & HTTP_NEED_FILE_DATA) ?
	    HTTP_FILE_DATA : 0) | (st->blk->file_magic ? HTTP_FILE_HEAD :
	    0))) == NULL) {
		st->oom = true;
		return NULL;
	}
	tx->files[dir][tx->nfiles[dir]++] = f;
	tx->flags |= open;
	return f;
}

struct body_sink {
	struct http_state *st;
	struct http_tx	*tx;
	uint8_t		 dir;
};

/* Keeps body bytes (dechunked, decompressed) up to the body limit when
 * a loaded rule inspects the body (else counts them); the file gets
 * each piece that starts within it. */
static int
body_store(void *arg, const uint8_t *data, size_t len)
{
	struct body_sink *bs = arg;
	struct http_state *st = bs->st;
	struct http_tx *tx = bs->tx;
	uint64_t limit = bs->dir == DIR_TS ? st->blk->s.request_body_limit :
	    st->blk->s.response_body_limit;
	struct http_body *b = &tx->body[bs->dir];
	struct http_file *f;

	if (limit != 0 && b->total >= limit) {
		b->limited = true;
		return 0;
	}
	if ((f = body_file(st, tx, bs->dir)) != NULL &&
	    http_file_append(f, data, len) == -1)
		st->oom = true;
	if (!(st->needs & (bs->dir == DIR_TS ? HTTP_NEED_REQUEST_BODY :
	    HTTP_NEED_RESPONSE_BODY)))
		http_body_count(b, len, limit);
	else if (http_body_append(b, data, len, limit) == -1)
		st->oom = true;
	return st->oom ? -1 : 0;
}

/* Suricata's HTPCallbackRequestBodyData / ResponseBodyData, the body
 * going through the glue's own inflater first when it has one. */
static int
body_data(htp_tx_data_t *d, uint8_t dir)
{
	struct http_state *st = tx_state(d->tx);
	struct http_tx *tx = http_glue_tx_ensure(st, d->tx);
	uint64_t limit = dir == DIR_TS ? st->blk->s.request_body_limit :
	    st->blk->s.response_body_limit;
	struct body_sink bs = { st, tx, dir };
	unsigned ev;
	int rc;

	if (tx == NULL)
		return HTP_ERROR;
	if (d->data == NULL || d->len == 0)
		return HTP_OK;
	if (limit != 0 && tx->body[dir].total >= limit) {
		tx->body[dir].limited = true;
		return HTP_OK;
	}
	if (tx->inflate[dir] == NULL)
		return body_store(&bs, d->data, d->len) == 0 ? HTP_OK :
		    HTP_ERROR;
	rc = http_inflate_feed(tx->inflate[dir], d->data, d->len, body_store,
	    &bs);
	ev = http_inflate_events(tx->inflate[dir]);
	if (ev & HTTP_INFLATE_EV_FAILED)
		http_events_set(st, tx, HTTP_EV_GZIP_DECOMPRESSION_FAILED);
	if (ev & HTTP_INFLATE_EV_BOMB)
		http_events_set(st, tx, HTTP_EV_COMPRESSION_BOMB);
	if (rc == -1)
		st->oom = true;
	return st->oom ? HTP_ERROR : HTP_OK;
}

/* "gzip", "x-gzip", "deflate", "x-deflate", any case, blanks around:
 * one layer the glue inflates. */
static bool
single_layer(const bstr *v)
{
	static const char *const names[] = { "gzip", "x-gzip", "deflate",
		"x-deflate" };
	const uint8_t *p;
	size_t n;

	if (v == NULL)
		return false;
	p = bstr_ptr(v);
	n = bstr_len(v);
	while (n > 0 && (*p == ' ' || *p == '\t'))
		p++, n--;
	while (n > 0 && (p[n - 1] == ' ' || p[n - 1] == '\t'))
		n--;
	for (size_t i = 0; i < QUELL_NITEMS(names); i++)
		if (strlen(names[i]) == n &&
		    strncasecmp((const char *)p, names[i], n) == 0)
			return true;
	return false;
}

/* The request headers are in: libhtp's request decompression is off
 * (http_glue_register), a single gzip or deflate layer is inflated by
 * the glue, as for responses. */
static int
on_request_headers(void *arg)
{
	htp_tx_t *htx = arg;
	struct http_state *st = tx_state(htx);
	struct http_tx *tx = http_glue_tx_ensure(st, htx);

	if (tx == NULL)
		return HTP_ERROR;
	if (tx->inflate[DIR_TS] != NULL ||
	    !single_layer(http_header_known(tx, DIR_TS,
	    HTTP_HDR_CONTENT_ENCODING)))
		return HTP_OK;
	if ((tx->inflate[DIR_TS] = http_inflate_new(
	    st->blk->s.compression_bomb_limit)) == NULL) {
		st->oom = true;
		return HTP_ERROR;
	}
	return HTP_OK;
}

/* The headers are in: a single gzip or deflate layer is inflated by the
 * glue (inflate.h says why), libhtp's decompression is turned off for
 * it, as its RESPONSE_HEADERS hook allows. Several layers and lzma stay
 * libhtp's; a layer limit of 0 means no decompression at all. */
static int
on_response_headers(void *arg)
{
	htp_tx_t *htx = arg;
	struct http_state *st = tx_state(htx);
	struct http_tx *tx = http_glue_tx_ensure(st, htx);

	if (tx == NULL)
		return HTP_ERROR;
	if (st->blk->s.decompress_layer_limit == 0 ||
	    (htx->response_content_encoding_processing !=
	    HTP_COMPRESSION_GZIP && htx->response_content_encoding_processing
	    != HTP_COMPRESSION_DEFLATE) || tx->inflate[DIR_TC] != NULL)
		return HTP_OK;
	if ((tx->inflate[DIR_TC] = http_inflate_new(
	    st->blk->s.compression_bomb_limit)) == NULL) {
		st->oom = true;
		return HTP_ERROR;
	}
	htx->response_content_encoding_processing = HTP_COMPRESSION_NONE;
	return HTP_OK;
}

static int
on_request_body_data(void *arg)
{
	return body_data(arg, DIR_TS);
}

static int
on_response_body_data(void *arg)
{
	return body_data(arg, DIR_TC);
}

static int
on_request_complete(void *arg)
{
	htp_tx_t *htx = arg;
	struct http_state *st = tx_state(htx);
	struct http_tx *tx = http_glue_tx_ensure(st, htx);

	if (tx == NULL)
		return HTP_ERROR;
	http_events_request_flags(st, tx);
	tx_close_files(tx, DIR_TS, HTTP_FILE_CLOSED);
	frame_end(st, DIR_TS);
	return HTP_OK;
}

static int
on_response_complete(void *arg)
{
	htp_tx_t *htx = arg;
	struct http_state *st = tx_state(htx);
	struct http_tx *tx = http_glue_tx_ensure(st, htx);

	if (tx == NULL)
		return HTP_ERROR;
	tx_close_files(tx, DIR_TC, HTTP_FILE_CLOSED);
	frame_end(st, DIR_TC);
	/* Suricata: an accepted CONNECT as the flow's first tx turns the
	 * rest into another protocol, detected again */
	if (htx->request_method_number == HTP_M_CONNECT &&
	    htx->response_status_number >= 200 &&
	    htx->response_status_number < 300 && htx->index == 0) {
		st->flags |= HTTP_STATE_CHANGE;
		htx->request_progress = HTP_REQUEST_COMPLETE;
		htx->response_progress = HTP_RESPONSE_COMPLETE;
	}
	return HTP_OK;
}

void
http_glue_register(htp_cfg_t *c, const struct http_settings *s)
{
	htp_config_register_request_start(c, HOOK_TX(on_request_start));
	htp_config_register_response_start(c, HOOK_TX(on_response_start));
	/* double decoding runs on the parsed URI before quell's request
	 * line hook builds the normalised URI from it */
	if (s->double_decode_query)
		htp_config_register_request_uri_normalize(c,
		    HOOK_TX(on_double_decode_query));
	if (s->double_decode_path)
		htp_config_register_request_uri_normalize(c,
		    HOOK_TX(on_double_decode_path));
	htp_config_register_request_line(c, HOOK_TX(on_request_line));
	htp_config_register_request_header_data(c,
	    HOOK_DATA(on_request_header_data));
	htp_config_register_request_trailer_data(c,
	    HOOK_DATA(on_request_header_data));
	htp_config_register_response_header_data(c,
	    HOOK_DATA(on_response_header_data));
	htp_config_register_response_trailer_data(c,
	    HOOK_DATA(on_response_header_data));
	htp_config_register_request_body_data(c,
	    HOOK_DATA(on_request_body_data));
	htp_config_register_response_body_data(c,
	    HOOK_DATA(on_response_body_data));
	htp_config_register_response_headers(c,
	    HOOK_TX(on_response_headers));
	htp_config_register_request_headers(c, HOOK_TX(on_request_headers));
	htp_config_register_request_complete(c, HOOK_TX(on_request_complete));
	htp_config_register_response_complete(c,
	    HOOK_TX(on_response_complete));
}

/* ---------------------------------------------------------------- state */

/* The eve http record's options: those of the first eve-log whose
 * types include http (one record serves every output). Custom names
 * Suricata does not know are left out. */
static void
log_options(const struct quell_config *qc, struct http_config *c)
{
	size_t n = qc->neve > 0 ? qc->neve : 1;

	for (size_t i = 0; i < n && i < CONFIG_MAX_EVE; i++) {
		const struct config_eve *e = &qc->eve[i];
		bool http = false;
		int h;

		for (size_t j = 0; j < e->types.count; j++)
			http |= strcmp(e->types.items[j], "http") == 0;
		if (!http)
			continue;
		c->log_extended = e->http_extended;
		if (e->http_dump_headers != NULL &&
		    (h = http_logger_headers_option(e->http_dump_headers)) > 0)
			c->log_headers = (unsigned)h;
		for (size_t j = 0; j < e->http_custom.count; j++)
			c->log_custom |= http_logger_custom_field(
			    e->http_custom.items[j]);
		return;
	}
}

/* outputs.eve-log.types.files of the first eve-log whose types include
 * files (or fileinfo): force-hash's digests, force-magic. -1 (err set)
 * for a digest Suricata does not know. */
static int
file_options(const struct quell_config *qc, struct http_config *c, char *err,
    size_t errlen)
{
	static const char *const names[] = { "md5", "sha1", "sha256" };
	size_t n = qc->neve > 0 ? qc->neve : 1;

	for (size_t i = 0; i < n && i < CONFIG_MAX_EVE; i++) {
		const struct config_eve *e = &qc->eve[i];
		bool files = false;

		for (size_t j = 0; j < e->types.count; j++)
			files |= strcmp(e->types.items[j], "files") == 0 ||
			    strcmp(e->types.items[j], "fileinfo") == 0;
		if (!files)
			continue;
		c->file_force_magic = e->files_force_magic;
		for (size_t j = 0; j < e->files_force_hash.count; j++) {
			const char *h = e->files_force_hash.items[j];
			size_t k;

			for (k = 0; k < QUELL_NITEMS(names) &&
			    strcasecmp(h, names[k]) != 0; k++)
				;
			if (k == QUELL_NITEMS(names)) {
				snprintf(err, errlen, "outputs.eve-log.types."
				    "files.force-hash: unknown hash '%s' (md5, "
				    "sha1, sha256)", h);
				return -1;
			}
			c->file_force_digests |= 1u << k;
		}
		return 0;
	}
	return 0;
}

static void *
glue_config_new(const struct quell_config *qc, char *err, size_t errlen)
{
	struct http_config c = qc->http;

	log_options(qc, &c);
	if (file_options(qc, &c, err, errlen) == -1)
		return NULL;
	return http_config_runtime_new(&c, err, errlen);
}

static void
glue_config_free(void *cfg)
{
	http_config_runtime_free(cfg);
}

void *
http_state_new(const struct http_runtime *rt, const struct ip_addr *server,
    uint16_t client_port, uint16_t server_port)
{
	struct http_state *st = calloc(1, sizeof(*st));

	if (st == NULL)
		return NULL;
	st->blk = http_config_block(rt, server);
	if ((st->connp = htp_connp_create(st->blk->htp)) == NULL) {
		free(st);
		return NULL;
	}
	htp_connp_set_user_data(st->connp, st);
	st->conn = htp_connp_get_connection(st->connp);
	st->client_port = client_port;
	st->server_port = server_port;
	return st;
}

static void *
glue_state_new(const struct flow *f, const void *cfg)
{
	return http_state_new(cfg, f != NULL ? &f->server : NULL,
	    f != NULL ? f->client_port : 0, f != NULL ? f->server_port : 0);
}

void
http_state_free(void *state)
{
	struct http_state *st = state;

	if (st == NULL)
		return;
	if (st->conn != NULL) {
		for (size_t i = 0; i < htp_list_size(st->conn->transactions);
		    i++) {
			htp_tx_t *h = htp_list_get(st->conn->transactions, i);
			struct http_tx *tx;

			if (h == NULL || (tx = htp_tx_get_user_data(h)) ==
			    NULL)
				continue;
			htp_tx_set_user_data(h, NULL);
			tx_destroy(tx);
		}
	}
	htp_connp_destroy_all(st->connp);
	free(st->byid);
	free(st);
}

/* Every libhtp tx gets its user data (a response without a request is a
 * tx that no request hook saw): those libhtp made since the last sync,
 * the older ones have theirs (a walk from st->first was every live tx
 * per parse). A failed allocation is tried again next time. */
static void
sync_txs(struct http_state *st)
{
	size_t n = htp_list_size(st->conn->transactions);
	size_t i = st->synced > st->first ? st->synced : st->first;

	for (; i < n; i++) {
		htp_tx_t *h = htp_list_get(st->conn->transactions, i);

		if (h != NULL && http_glue_tx_ensure(st, h) == NULL)
			break;
	}
	st->synced = i;
}

static struct applayer_result
glue_parse(void *state, const struct applayer_chunk *c)
{
	struct http_state *st = state;
	struct applayer_result res = { .status = APPLAYER_OK };
	struct timeval tv = {
		.tv_sec = c->ts.tv_sec,
		.tv_usec = c->ts.tv_nsec / 1000,
	};
	bool ts = c->dir == DIR_TS;
	uint8_t eof = ts ? HTTP_STATE_EOF_TS : HTTP_STATE_EOF_TC;
	int r = HTP_STREAM_DATA;

	if (!(st->flags & HTTP_STATE_OPEN)) {
		htp_connp_open(st->connp, NULL, st->client_port, NULL,
		    st->server_port, &tv);
		st->flags |= HTTP_STATE_OPEN;
	}
	st->flags &= ~(ts ? HTTP_STATE_WAIT_TS : HTTP_STATE_WAIT_TC);
	st->dir = c->dir;
	st->needs = c->needs;
	if (c->len > 0 && !(st->flags & eof)) {
		const uint8_t *data = (c->flags & APPLAYER_CHUNK_GAP) ? NULL :
		    c->data;

		st->chunk = c;
		r = ts ? htp_connp_req_data(st->connp, &tv, data, c->len) :
		    htp_connp_res_data(st->connp, &tv, data, c->len);
	}
	if (r == HTP_STREAM_DATA_OTHER) {
		size_t used = ts ? htp_connp_req_data_consumed(st->connp) :
		    htp_connp_res_data_consumed(st->connp);

		if (used < c->len) {
			res.status = APPLAYER_INCOMPLETE;
			res.consumed = (uint32_t)used;
			res.needed = 0;
			st->flags |= ts ? HTTP_STATE_WAIT_TS :
			    HTTP_STATE_WAIT_TC;
		}
	}
	if ((c->flags & APPLAYER_CHUNK_EOF) && !(st->flags & eof) &&
	    res.status == APPLAYER_OK) {
		st->flags |= eof;
		st->chunk = c;
		/* Suricata: the client's close ends the request side, the
		 * server's the connection (a body read to the close ends) */
		if (ts)
			htp_connp_req_close(st->connp, &tv);
		else
			htp_connp_close(st->connp, &tv);
	}
	st->chunk = NULL;
	sync_txs(st);
	http_events_messages(st);
	if (st->oom || r == HTP_STREAM_ERROR)
		res.status = APPLAYER_ERROR;
	else if (st->live > st->blk->s.max_tx && st->blk->s.max_tx > 0)
		res.status = APPLAYER_ERROR;
	else if ((st->flags & HTTP_STATE_CHANGE) &&
	    !(st->flags & HTTP_STATE_CHANGED)) {
		st->flags |= HTTP_STATE_CHANGED;
		res.flags |= APPLAYER_RESULT_CHANGE;
		res.consumed = (uint32_t)(ts ?
		    htp_connp_req_data_consumed(st->connp) :
		    htp_connp_res_data_consumed(st->connp));
		if (r != HTP_STREAM_TUNNEL && res.status == APPLAYER_OK)
			res.consumed = c->len;
	}
	return res;
}

bool
http_state_waiting(const void *state, uint8_t dir)
{
	const struct http_state *st = state;

	return (st->flags & (dir == DIR_TS ? HTTP_STATE_WAIT_TS :
	    HTTP_STATE_WAIT_TC)) != 0;
}

/* ----------------------------------------------------------- transactions */

static uint64_t
glue_tx_count(void *state)
{
	return ((struct http_state *)state)->live;
}

/* The i-th held tx. Callers walk i = 0, 1, 2 ...: the last answer is
 * kept so that each step goes on from there (a walk is linear, not
 * quadratic in the txs held: thousands of pipelined requests). */
static void *
glue_tx_get(void *state, uint64_t i)
{
	struct http_state *st = state;
	size_t n = htp_list_size(st->conn->transactions), k = st->first;
	uint64_t j = i;

	if (st->cache_ok && i >= st->cache_i && st->cache_k < n &&
	    st->cache_k >= st->first) {
		k = st->cache_k;
		j = i - st->cache_i;
	}
	for (; k < n; k++) {
		htp_tx_t *h = htp_list_get(st->conn->transactions, k);
		struct http_tx *tx;

		if (h == NULL || (tx = htp_tx_get_user_data(h)) == NULL)
			continue;
		if (j-- == 0) {
			st->cache_i = i;
			st->cache_k = k;
			st->cache_ok = true;
			return tx;
		}
	}
	return NULL;
}

/* A tx's id is its index in libhtp's list (htx->index; a freed tx
 * leaves NULL there): the walk from id goes on from that index, at no
 * cost for the txs before it. */
static void *
glue_tx_next(void *state, uint64_t *id)
{
	struct http_state *st = state;
	uint64_t end = st->byid_base + st->byid_len;

	for (uint64_t k = *id > st->byid_base ? *id : st->byid_base; k < end;
	    k++) {
		struct http_tx *tx = st->byid[st->byid_off + (k -
		    st->byid_base)];

		if (tx != NULL) {
			*id = k;
			return tx;
		}
	}
	return NULL;
}

static uint64_t
glue_tx_id(void *state, void *tx)
{
	return ((struct http_tx *)tx)->id;
}

/* Drops the freed txs at the front of st->byid. */
static void
byid_trim(struct http_state *st)
{
	while (st->byid_len > 0 && st->byid[st->byid_off] == NULL) {
		st->byid_off++;
		st->byid_len--;
		st->byid_base++;
	}
	if (st->byid_len == 0)
		st->byid_off = 0;
}

static void
glue_tx_free(void *state, uint64_t id)
{
	struct http_state *st = state;
	htp_tx_t *h;
	struct http_tx *tx;

	if (id >= htp_list_size(st->conn->transactions) ||
	    (h = htp_list_get(st->conn->transactions, id)) == NULL)
		return;
	if ((tx = htp_tx_get_user_data(h)) != NULL) {
		htp_tx_set_user_data(h, NULL);
		if (id >= st->byid_base && id - st->byid_base < st->byid_len)
			st->byid[st->byid_off + (id - st->byid_base)] = NULL;
		tx_destroy(tx);
		st->live--;
		st->cache_ok = false;
	}
	byid_trim(st);
	/* libhtp frees only complete txs; an incomplete one is left to
	 * htp_connp_destroy_all (its user data is gone already) */
	if (htp_tx_destroy(h) != HTP_OK)
		return;
	while (st->first < htp_list_size(st->conn->transactions) &&
	    htp_list_get(st->conn->transactions, st->first) == NULL)
		st->first++;
}

static int
glue_tx_progress(void *tx, uint8_t dir)
{
	const htp_tx_t *h = ((struct http_tx *)tx)->htx;

	return dir == DIR_TS ? (int)h->request_progress :
	    (int)h->response_progress;
}

static struct applayer_txdata *
glue_tx_data(void *tx)
{
	return &((struct http_tx *)tx)->txd;
}

size_t
http_tx_nfiles(const void *tx, uint8_t dir)
{
	return dir < 2 ? ((const struct http_tx *)tx)->nfiles[dir] : 0;
}

const struct http_file *
http_tx_file(const void *tx, uint8_t dir, size_t i)
{
	const struct http_tx *t = tx;

	return dir < 2 && i < t->nfiles[dir] ? t->files[dir][i] : NULL;
}

/* What a fileinfo object of st's flows carries besides what every one
 * has (the digests computed are logged, as Suricata's). */
static unsigned
file_log_flags(const struct http_state *st, unsigned flags)
{
	unsigned hf = 0;

	if ((flags & APPLAYER_FILE_LOG_MAGIC) || st->blk->file_magic)
		hf |= HTTP_FILE_LOG_MAGIC;
	return hf;
}

/* File idx of the tx (both directions, request body's first) and its
 * direction, or NULL past the last. */
static const struct http_file *
log_file_at(const struct http_tx *t, uint32_t idx, uint8_t *dir)
{
	for (uint8_t d = 0; d < 2; d++) {
		if (idx < t->nfiles[d]) {
			*dir = d;
			return t->files[d][idx];
		}
		idx -= (uint32_t)t->nfiles[d];
	}
	return NULL;
}

/* The tx's files, request body's first, as eve fileinfo objects. */
static int
glue_log_file(void *state, void *tx, uint32_t idx, unsigned flags,
    uint8_t *dir, json_t *out)
{
	const struct http_tx *t = tx;
	const struct http_file *f;

	if ((f = log_file_at(t, idx, dir)) == NULL)
		return 0;
	return http_file_log(f, t->id, file_log_flags(state, flags), out) ==
	    0 ? 1 : -1;
}

static int
glue_log_file_text(void *state, void *tx, uint32_t idx, unsigned flags,
    uint8_t *dir, struct jtext *out)
{
	const struct http_tx *t = tx;
	const struct http_file *f;

	if ((f = log_file_at(t, idx, dir)) == NULL)
		return 0;
	return http_file_render(f, t->id, file_log_flags(state, flags),
	    out) == 0 ? 1 : -1;
}

/* ---------------------------------------------------------------- probe */

/* Suricata's detection patterns (HTPRegisterPatternsForProtocolDetection):
 * a method followed by a space or a tab at the start of the client's
 * data, "HTTP/0.9", "HTTP/1.0" or "HTTP/1.1" at the start of the
 * server's, all case-insensitive. Suricata has no probe and no default
 * ports for HTTP: the patterns find it on any port. */
static const struct applayer_pattern patterns[] = {
#define REQ(m)	{ m " ", sizeof(m), 0, sizeof(m), 1u << APPLAYER_TOSERVER, \
	    true }, { m "\t", sizeof(m), 0, sizeof(m), \
	    1u << APPLAYER_TOSERVER, true }
	REQ("GET"), REQ("PUT"), REQ("POST"), REQ("HEAD"), REQ("TRACE"),
	REQ("OPTIONS"), REQ("CONNECT"), REQ("DELETE"), REQ("PATCH"),
	REQ("PROPFIND"), REQ("PROPPATCH"), REQ("MKCOL"), REQ("COPY"),
	REQ("MOVE"), REQ("LOCK"), REQ("UNLOCK"), REQ("CHECKOUT"),
	REQ("UNCHECKOUT"), REQ("CHECKIN"), REQ("UPDATE"), REQ("LABEL"),
	REQ("REPORT"), REQ("MKWORKSPACE"), REQ("MKACTIVITY"), REQ("MERGE"),
	REQ("INVALID"), REQ("VERSION-CONTROL"), REQ("BASELINE-CONTROL"),
#undef REQ
#define RES(v)	{ v, sizeof(v) - 1, 0, sizeof(v) - 1, \
	    1u << APPLAYER_TOCLIENT, true }
	RES("HTTP/0.9"), RES("HTTP/1.0"), RES("HTTP/1.1"),
#undef RES
};

static const char *const http_frame_types[] = {
	[HTTP_FRAME_REQUEST] = "request",
	[HTTP_FRAME_RESPONSE] = "response",
};

/* bit i of a chunk's needs: HTTP_NEED_* (http.h) */
static const char *const http_needs[] = { "file.md5", "file.sha1",
	"file.sha256", "http.request_body", "http.response_body",
	"file.data" };

const struct applayer_parser applayer_http_parser = {
	.name = "http",
	.proto = APPLAYER_PROTO_HTTP1,
	.ipprotos = APPLAYER_IPPROTO_TCP,
	.patterns = patterns,
	.npatterns = QUELL_NITEMS(patterns),
	.probe = NULL,
	.default_ports = NULL,
	.config_new = glue_config_new,
	.config_free = glue_config_free,
	.state_new = glue_state_new,
	.state_free = http_state_free,
	.parse = glue_parse,
	.tx_count = glue_tx_count,
	.tx_get = glue_tx_get,
	.tx_next = glue_tx_next,
	.tx_id = glue_tx_id,
	.tx_free = glue_tx_free,
	.tx_progress = glue_tx_progress,
	.complete = { HTP_REQUEST_COMPLETE, HTP_RESPONSE_COMPLETE },
	.tx_data = glue_tx_data,
	.events = http_event_names,
	.nevents = HTTP_NEVENTS,
	.buffers = http_buffers,
	.nbuffers = HTTP_NBUFFERS,
	.frame_types = http_frame_types,
	.nframe_types = QUELL_NITEMS(http_frame_types),
	.frame_prefix = "http1",
	.needs = http_needs,
	.nneeds = QUELL_NITEMS(http_needs),
	.log_tx = http_logger_log_tx,
	.log_record = http_logger_log_record,
	.log_file = glue_log_file,
	.log_tx_text = http_logger_log_tx_text,
	.log_record_text = http_logger_log_record_text,
	.log_file_text = glue_log_file_text,
	.log_tx_id = true,
	.first_dirs = 1u << APPLAYER_TOSERVER | 1u << APPLAYER_TOCLIENT,
};
