#include "core/base.h"

#include <arpa/inet.h>
#include <check.h>

#include "applayer/http/config.h"
#include "applayer/http/file.h"
#include "applayer/http/http.h"
#include "feed.h"

void
feed_config(struct feed *f)
{
	memset(f, 0, sizeof(*f));
	http_config_default(&f->cfg);
	f->cfg.def.randomize = false;
	/* as with rules on every buffer the parser fills on demand */
	f->needs = UINT32_MAX;
}

void
feed_start(struct feed *f, const char *srv)
{
	char err[256] = "";
	struct ip_addr a;

	f->rt = http_config_runtime_new(&f->cfg, err, sizeof(err));
	ck_assert_msg(f->rt != NULL, "%s", err);
	memset(&a, 0, sizeof(a));
	if (srv != NULL) {
		a.family = AF_INET;
		ck_assert_int_eq(inet_pton(AF_INET, srv, &a.u.v4), 1);
	}
	f->st = http_state_new(f->rt, srv != NULL ? &a : NULL, 40000, 80);
	ck_assert_ptr_nonnull(f->st);
}

static void
feed_one(struct feed *f, uint8_t dir, const uint8_t *data, size_t len,
    uint8_t flags)
{
	struct applayer_chunk c;
	struct applayer_result r;
	uint8_t *copy = malloc(len > 0 ? len : 1);

	ck_assert_ptr_nonnull(copy);
	if (len > 0)
		memcpy(copy, data, len);
	memset(&c, 0, sizeof(c));
	c.data = copy;
	c.len = (uint32_t)len;
	c.dir = dir;
	c.needs = f->needs;
	c.flags = flags;
	c.ts.tv_sec = 1700000000;
	r = applayer_http_parser.parse(f->st, &c);
	if (r.status == APPLAYER_ERROR)
		f->errors++;
	if (r.flags & APPLAYER_RESULT_CHANGE)
		f->changes++;
	if (r.status == APPLAYER_INCOMPLETE) {
		size_t rest = len - r.consumed;
		uint8_t *p;

		/* needed 0: hold the rest for after the other direction */
		ck_assert_uint_eq(r.needed, 0);
		ck_assert_uint_le(r.consumed, len);
		p = realloc(f->pending[dir], f->npending[dir] + rest);
		ck_assert_ptr_nonnull(p);
		memcpy(p + f->npending[dir], copy + r.consumed, rest);
		f->pending[dir] = p;
		f->npending[dir] += rest;
	}
	free(copy);
}

static void
feed_dir(struct feed *f, uint8_t dir, const uint8_t *data, size_t len,
    size_t chunk, uint8_t flags)
{
	size_t step = chunk > 0 ? chunk : (len > 0 ? len : 1);

	if (f->npending[dir] > 0) {
		/* held bytes go first, and everything after waits too */
		uint8_t *p = realloc(f->pending[dir], f->npending[dir] + len);

		ck_assert_ptr_nonnull(p);
		if (len > 0)
			memcpy(p + f->npending[dir], data, len);
		f->pending[dir] = p;
		f->npending[dir] += len;
		return;
	}
	if (len == 0) {
		feed_one(f, dir, data, 0, flags);
		return;
	}
	for (size_t off = 0; off < len; off += step) {
		size_t n = len - off < step ? len - off : step;

		if (f->npending[dir] > 0) {
			feed_dir(f, dir, data + off, len - off, chunk, flags);
			return;
		}
		feed_one(f, dir, data + off, n, off + n == len ? flags : 0);
	}
}

/* The other direction was parsed: retry what dir held back. */
static void
feed_resume(struct feed *f, uint8_t dir, size_t chunk)
{
	uint8_t *p = f->pending[dir];
	size_t n = f->npending[dir];

	if (n == 0)
		return;
	f->pending[dir] = NULL;
	f->npending[dir] = 0;
	feed_dir(f, dir, p, n, chunk, 0);
	free(p);
}

void
feed_run(struct feed *f, const struct feed_msg *msgs, size_t n, size_t chunk,
    bool eof)
{
	for (size_t i = 0; i < n; i++) {
		size_t len = msgs[i].len > 0 ? msgs[i].len :
		    strlen(msgs[i].data);

		feed_dir(f, msgs[i].dir, (const uint8_t *)msgs[i].data, len,
		    chunk, 0);
		feed_resume(f, msgs[i].dir ^ 1, chunk);
	}
	if (eof) {
		feed_one(f, APPLAYER_TOSERVER, (const uint8_t *)"", 0,
		    APPLAYER_CHUNK_EOF);
		feed_one(f, APPLAYER_TOCLIENT, (const uint8_t *)"", 0,
		    APPLAYER_CHUNK_EOF);
	}
}

void
feed_end(struct feed *f)
{
	http_state_free(f->st);
	http_config_runtime_free(f->rt);
	http_config_clear(&f->cfg);
	free(f->pending[0]);
	free(f->pending[1]);
	http_file_magic_thread_done();
}

void *
feed_tx(struct feed *f, uint64_t i)
{
	return applayer_http_parser.tx_get(f->st, i);
}

uint64_t
feed_ntx(struct feed *f)
{
	return applayer_http_parser.tx_count(f->st);
}

static const struct applayer_buffer *
buffer(const char *name)
{
	for (size_t i = 0; i < applayer_http_parser.nbuffers; i++)
		if (strcmp(applayer_http_parser.buffers[i].name, name) == 0)
			return &applayer_http_parser.buffers[i];
	ck_abort_msg("no buffer %s", name);
	return NULL;
}

static char out[1 << 20];

static const char *
copy_out(const uint8_t *b, uint32_t len, uint32_t *lenp)
{
	ck_assert_uint_lt(len, sizeof(out));
	memcpy(out, b, len);
	out[len] = '\0';
	if (lenp != NULL)
		*lenp = len;
	return out;
}

const char *
feed_buf(void *tx, const char *name, uint8_t dir, uint32_t *len)
{
	const struct applayer_buffer *b = buffer(name);
	const uint8_t *p;
	uint32_t n;

	ck_assert_ptr_nonnull(b->get);
	if (!(b->dirs & (1u << dir)) || !b->get(tx, dir, &p, &n))
		return NULL;
	return copy_out(p, n, len);
}

const char *
feed_multi(void *tx, const char *name, uint8_t dir, uint32_t idx,
    uint32_t *len)
{
	const struct applayer_buffer *b = buffer(name);
	const uint8_t *p;
	uint32_t n;

	ck_assert_ptr_nonnull(b->get_multi);
	if (!(b->dirs & (1u << dir)) || !b->get_multi(tx, dir, idx, &p, &n))
		return NULL;
	return copy_out(p, n, len);
}

bool
feed_event(void *tx, const char *name)
{
	for (size_t i = 0; i < applayer_http_parser.nevents; i++)
		if (strcmp(applayer_http_parser.events[i], name) == 0)
			return applayer_txdata_has_event(
			    applayer_http_parser.tx_data(tx), (unsigned)i);
	ck_abort_msg("no event %s", name);
	return false;
}

int
feed_progress(void *tx, uint8_t dir)
{
	return applayer_http_parser.tx_progress(tx, dir);
}
