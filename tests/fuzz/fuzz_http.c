/* The HTTP glue fed both directions with chunk boundaries the input
 * chooses: byte 0 holds config bits (double decoding, tiny body limits,
 * uri-include-all), then records of [dir|flags byte][len byte][len
 * bytes]: dir bit 0 picks the direction, bit 1 marks EOF, bit 2 makes
 * the record a gap of len bytes. Every record is its own exact-size
 * allocation (ASan sees over-reads). After each parse every buffer of
 * every tx is read, some txs are freed, and eve and fileinfo are
 * written, as detection, cleanup and outputs would. */
#include "core/base.h"

#include <jansson.h>

#include "applayer/http/config.h"
#include "applayer/http/file.h"
#include "applayer/http/http.h"
#include "applayer/parser.h"
#include "fuzz.h"

static void
walk(void *st)
{
	const struct applayer_parser *p = &applayer_http_parser;
	uint64_t n = p->tx_count(st);

	for (uint64_t i = 0; i < n; i++) {
		void *tx = p->tx_get(st, i);
		json_t *o;

		if (tx == NULL)
			abort();
		for (size_t b = 0; b < p->nbuffers; b++) {
			const struct applayer_buffer *ab = &p->buffers[b];

			for (uint8_t d = 0; d < 2; d++) {
				const uint8_t *buf;
				uint32_t len;
				volatile uint8_t sink = 0;

				if (!(ab->dirs & (1u << d)))
					continue;
				if (ab->get != NULL && ab->get(tx, d, &buf,
				    &len)) {
					if (len > 0)
						sink ^= buf[0] ^ buf[len - 1];
					if (ab->inspected != NULL)
						ab->inspected(tx, d, 0);
				}
				for (uint32_t k = 0; ab->get_multi != NULL &&
				    k < 4 && ab->get_multi(tx, d, k, &buf,
				    &len); k++) {
					if (len > 0)
						sink ^= buf[0] ^ buf[len - 1];
					if (ab->inspected != NULL)
						ab->inspected(tx, d, k);
				}
				(void)sink;
			}
		}
		if ((o = json_object()) != NULL) {
			(void)p->log_tx(st, tx, o);
			for (uint8_t d = 0; d < 2; d++)
				for (size_t k = 0; k < http_tx_nfiles(tx, d);
				    k++)
					(void)http_file_log(http_tx_file(tx,
					    d, k), 0, 0, o);
			json_decref(o);
		}
	}
	/* cleanup frees what is complete both ways, oldest first */
	while (p->tx_count(st) > 0) {
		void *tx = p->tx_get(st, 0);

		if (p->tx_progress(tx, 0) < p->complete[0] ||
		    p->tx_progress(tx, 1) < p->complete[1])
			break;
		p->tx_free(st, p->tx_id(st, tx));
	}
}

/* The frames recorded so far lie in the bytes given (a known end at
 * most end); a full set is emptied (open frames then get no end). */
static void
frames_check(struct applayer_frames *fr, uint64_t end)
{
	uint64_t o;
	int64_t l;
	uint8_t t;

	for (uint32_t i = 0; applayer_frames_at(fr, i, &t, &o, &l); i++)
		if (l < -1 || (l >= 0 && o + (uint64_t)l > end) ||
		    t > 1 /* request, response */)
			abort();
	if (applayer_frames_count(fr) == APPLAYER_MAX_FRAMES)
		applayer_frames_clear(fr);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct http_config cfg;
	struct http_runtime *rt;
	struct applayer_frames *fr[2];
	uint64_t soff[2] = { 0, 0 };
	char err[256];
	void *st;
	size_t off = 1;

	if (size < 1)
		return 0;
	fr[0] = applayer_frames_new();
	fr[1] = applayer_frames_new();
	if (fr[0] == NULL || fr[1] == NULL)
		abort();
	http_config_default(&cfg);
	cfg.def.randomize = false;
	cfg.def.double_decode_path = data[0] & 1;
	cfg.def.double_decode_query = data[0] & 2;
	cfg.def.uri_include_all = data[0] & 4;
	if (data[0] & 8) {
		cfg.def.request_body_limit = 64;
		cfg.def.response_body_limit = 64;
		cfg.def.request_inspect_min = 16;
		cfg.def.response_inspect_min = 16;
		cfg.def.request_inspect_window = 8;
		cfg.def.response_inspect_window = 8;
	}
	cfg.def.lzma_enabled = data[0] & 16;
	if ((rt = http_config_runtime_new(&cfg, err, sizeof(err))) == NULL)
		abort();
	if ((st = http_state_new(rt, NULL, 1234, 80)) == NULL)
		abort();
	while (off + 2 <= size) {
		uint8_t ctl = data[off], len = data[off + 1];
		struct applayer_chunk c;
		struct applayer_result r;
		uint8_t *copy;

		off += 2;
		if (!(ctl & 4) && len > size - off)
			len = (uint8_t)(size - off);
		memset(&c, 0, sizeof(c));
		c.dir = ctl & 1;
		c.flags = (ctl & 2) ? APPLAYER_CHUNK_EOF : 0;
		c.offset = soff[c.dir];
		c.frames = fr[c.dir];
		/* all the parser computes on demand: digests, bodies */
		c.needs = UINT32_MAX;
		if (ctl & 4) {
			c.flags |= APPLAYER_CHUNK_GAP;
			c.data = NULL;
			c.len = len;
			copy = NULL;
		} else {
			if ((copy = fuzz_memdup(data + off, len)) == NULL)
				break;
			c.data = copy;
			c.len = len;
			off += len;
		}
		r = applayer_http_parser.parse(st, &c);
		if (r.status == APPLAYER_INCOMPLETE && (r.consumed > c.len ||
		    r.needed != 0))
			abort();
		free(copy);
		frames_check(fr[c.dir], c.offset + c.len);
		soff[c.dir] += r.status == APPLAYER_INCOMPLETE ? r.consumed :
		    c.len;
		walk(st);
		if (r.status == APPLAYER_ERROR)
			break;
	}
	http_state_free(st);
	applayer_frames_delete(fr[0]);
	applayer_frames_delete(fr[1]);
	http_config_runtime_free(rt);
	http_config_clear(&cfg);
	http_file_magic_thread_done();
	return 0;
}
