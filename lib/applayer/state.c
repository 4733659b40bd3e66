/* Per-flow app-layer state (struct applayer_flow in f->app) and the
 * transaction bookkeeping that needs no protocol code: which
 * transactions detection is done with per direction, which were
 * logged, and freeing the ones nothing needs any more.
 *
 * A transaction's struct applayer_txdata.flags holds the framework's
 * bits: TXF_DETECT_TS/TC once detection inspected it complete in that
 * direction, TXF_LOGGED once the tx logger had it. A tx is freed when
 * it is complete both ways, detection is done with it in every
 * direction detection ever ran in for the flow (Suricata's: a side
 * without a signature group yet does not hold it) and, when its
 * protocol has a tx logger, it was logged. */
#include "core/base.h"

#include <errno.h>
#include <netinet/in.h>
#include <strings.h>

#include <jansson.h>

#include "applayer/applayer_int.h"
#include "core/counters.h"
#include "core/jtext.h"
#include "flow/flow.h"

#define TXF_DETECT_TS	0x01
#define TXF_DETECT_TC	0x02
#define TXF_LOGGED	0x04


struct applayer_flow *
applayer_flow_get(struct flow *f, const struct applayer_config *cfg)
{
	struct applayer_flow *af = f->app;

	if (af != NULL)
		return af;
	if ((af = calloc(1, sizeof(*af))) == NULL)
		return NULL;
	af->cfg = cfg;
	af->first_dir = 0xff;
	af->ipproto = f->proto;
	f->app = af;
	return af;
}

int
applayer_flow_start(struct applayer_ctx *ctx, struct applayer_flow *af,
    const struct flow *f, enum applayer_proto proto)
{
	const struct applayer_proto_cfg *pc = &af->cfg->protos[proto];

	af->cur.parser = NULL;
	af->cur.state = NULL;
	if (pc->parser == NULL || pc->parser->state_new == NULL ||
	    applayer_config_enabled(af->cfg, proto, f->proto) !=
	    APPLAYER_ENABLE_YES)
		return 0;
	if ((af->cur.state = pc->parser->state_new(f, pc->cfg)) == NULL) {
		counter_inc(&ctx->st.err_alloc[proto]);
		if (f->proto == IPPROTO_UDP)
			counter_inc(&ctx->st.err_alloc_udp[proto]);
		return -1;
	}
	af->cur.parser = pc->parser;
	af->cur.logged = pc->logged;
	return 0;
}

void
applayer_pstate_free(struct applayer_pstate *ps)
{
	if (ps->parser != NULL && ps->state != NULL)
		ps->parser->state_free(ps->state);
	memset(ps, 0, sizeof(*ps));
}

void
applayer_flow_free(void *app)
{
	struct applayer_flow *af = app;

	if (af == NULL)
		return;
	applayer_pstate_free(&af->cur);
	applayer_pstate_free(&af->old);
	applayer_frames_free(af);
	free(af);
}

static bool
tx_complete(const struct applayer_parser *ap, void *tx, uint8_t dir)
{
	return ap->tx_progress(tx, dir) >= ap->complete[dir];
}

void *
applayer_tx_iter_next(const struct applayer_pstate *ps,
    struct applayer_tx_iter *it)
{
	const struct applayer_parser *ap = ps->parser;
	uint64_t id = it->id;
	void *tx;

	if (ap->tx_next != NULL) {
		if ((tx = ap->tx_next(ps->state, &id)) != NULL) {
			it->cur = id;
			it->id = id + 1;
		}
		return tx;
	}
	for (uint64_t n = ap->tx_count(ps->state); it->i < n;) {
		if ((tx = ap->tx_get(ps->state, it->i++)) == NULL ||
		    (id = ap->tx_id(ps->state, tx)) < it->id)
			continue;
		it->cur = id;
		it->id = id + 1;
		return tx;
	}
	return NULL;
}

/* A tx flagged past the position of its flag (out of order): cleanup
 * looks that far. */
static void
pstate_ooo(struct applayer_pstate *ps, uint64_t id)
{
	if (id + 1 > ps->ooo_id)
		ps->ooo_id = id + 1;
}

static void
pstate_cleanup(struct applayer_ctx *ctx, const struct applayer_flow *af,
    struct applayer_pstate *ps)
{
	const struct applayer_parser *ap = ps->parser;
	struct applayer_tx_iter it = { 0 };
	uint64_t bound = UINT64_MAX;
	uint8_t need = 0;
	void *tx;

	if (ap == NULL)
		return;
	if (af->flags & AF_F_DETECT_TS)
		need |= TXF_DETECT_TS;
	if (af->flags & AF_F_DETECT_TC)
		need |= TXF_DETECT_TC;
	if (ps->logged)
		need |= TXF_LOGGED;
	/* a tx with every flag it needs lies below each needed flag's
	 * position, or was flagged out of order (below ooo_id): the txs
	 * past both (the live ones) are not looked at */
	if ((need & TXF_DETECT_TS) && ps->inspect_id[APPLAYER_TOSERVER] <
	    bound)
		bound = ps->inspect_id[APPLAYER_TOSERVER];
	if ((need & TXF_DETECT_TC) && ps->inspect_id[APPLAYER_TOCLIENT] <
	    bound)
		bound = ps->inspect_id[APPLAYER_TOCLIENT];
	if ((need & TXF_LOGGED) && ps->log_id < bound)
		bound = ps->log_id;
	if (ps->ooo_id > bound)
		bound = ps->ooo_id;
	while (it.id < bound && (tx = applayer_tx_iter_next(ps, &it)) !=
	    NULL && it.cur < bound) {
		struct applayer_txdata *td;
		uint64_t n;

		if ((td = ap->tx_data(tx)) == NULL ||
		    (td->flags & need) != need ||
		    !tx_complete(ap, tx, APPLAYER_TOSERVER) ||
		    !tx_complete(ap, tx, APPLAYER_TOCLIENT))
			continue;
		n = ap->tx_count(ps->state);
		ap->tx_free(ps->state, it.cur);
		counter_inc(&ctx->st.txs[ap->proto]);
		if (af->ipproto == IPPROTO_UDP)
			counter_inc(&ctx->st.txs_udp[ap->proto]);
		/* a tx_get walk: the next tx took the freed one's index
		 * (not for a parser that keeps the tx, freed in name only) */
		if (ap->tx_next == NULL && ap->tx_count(ps->state) < n)
			it.i--;
	}
}

void
applayer_flow_cleanup(struct applayer_ctx *ctx, struct applayer_flow *af)
{
	pstate_cleanup(ctx, af, &af->cur);
	if (af->old.parser != NULL) {
		pstate_cleanup(ctx, af, &af->old);
		if (af->old.parser->tx_count(af->old.state) == 0)
			applayer_pstate_free(&af->old);
	}
}

/* The txs complete in dir get its TXF_DETECT, from the position on
 * (those before have it); the position moves past the leading run. */
static void
pstate_detect_done(struct applayer_pstate *ps, uint8_t dir)
{
	const struct applayer_parser *ap = ps->parser;
	uint8_t flag = dir == APPLAYER_TOSERVER ? TXF_DETECT_TS :
	    TXF_DETECT_TC;
	struct applayer_tx_iter it = { 0 };
	bool lead = true;
	void *tx;

	if (ap == NULL)
		return;
	it.id = ps->inspect_id[dir];
	while ((tx = applayer_tx_iter_next(ps, &it)) != NULL) {
		struct applayer_txdata *td = ap->tx_data(tx);

		if (td != NULL && !(td->flags & flag) &&
		    tx_complete(ap, tx, dir)) {
			td->flags |= flag;
			if (!lead)
				pstate_ooo(ps, it.cur);
		}
		if (lead && td != NULL && (td->flags & flag))
			ps->inspect_id[dir] = it.cur + 1;
		else
			lead = false;
	}
}

void
applayer_detect_done(struct flow *f, uint8_t dir)
{
	struct applayer_flow *af = f != NULL ? f->app : NULL;

	if (af == NULL || dir > 1)
		return;
	af->flags |= dir == APPLAYER_TOSERVER ? AF_F_DETECT_TS :
	    AF_F_DETECT_TC;
	pstate_detect_done(&af->cur, dir);
	applayer_frames_detect_done(af, f, dir);
}

bool
applayer_flow_inspect_tx(const struct flow *f, uint8_t dir, uint64_t *id)
{
	const struct applayer_flow *af = f != NULL ? f->app : NULL;
	const struct applayer_parser *ap;
	uint8_t done = dir == APPLAYER_TOSERVER ? TXF_DETECT_TS :
	    TXF_DETECT_TC;

	struct applayer_tx_iter it = { 0 };
	void *tx;

	if (af == NULL || (ap = af->cur.parser) == NULL || dir > 1)
		return false;
	it.id = af->cur.inspect_id[dir];
	while ((tx = applayer_tx_iter_next(&af->cur, &it)) != NULL) {
		const struct applayer_txdata *td;

		if ((td = ap->tx_data(tx)) == NULL || (td->flags & done))
			continue;
		*id = it.cur;
		return true;
	}
	return false;
}

const struct applayer_parser *
applayer_flow_parser(const struct flow *f, void **state)
{
	const struct applayer_flow *af = f != NULL ? f->app : NULL;

	if (af == NULL || af->cur.parser == NULL)
		return NULL;
	*state = af->cur.state;
	return af->cur.parser;
}

uint64_t *
applayer_flow_detect_walk(struct flow *f)
{
	struct applayer_flow *af = f != NULL ? f->app : NULL;

	if (af == NULL || af->cur.parser == NULL)
		return NULL;
	return af->cur.detect_walk;
}

bool
applayer_flow_event(const struct flow *f, enum applayer_event ev)
{
	const struct applayer_flow *af = f != NULL ? f->app : NULL;

	return af != NULL && (unsigned)ev < APPLAYER_EV_MAX &&
	    (af->pkt_events & (1ull << ev)) != 0;
}

bool
applayer_flow_encrypted(const struct flow *f)
{
	const struct applayer_flow *af = f != NULL ? f->app : NULL;

	return af != NULL && af->cur.parser != NULL &&
	    af->cur.parser->state_flags != NULL &&
	    (af->cur.parser->state_flags(af->cur.state) &
	    APPLAYER_STATE_ENCRYPTED) != 0;
}

bool
applayer_flow_bypass(const struct flow *f)
{
	const struct applayer_flow *af = f != NULL ? f->app : NULL;

	return af != NULL && af->cur.parser != NULL &&
	    af->cur.parser->state_flags != NULL &&
	    (af->cur.parser->state_flags(af->cur.state) &
	    APPLAYER_STATE_BYPASS) != 0;
}

/* log_one for a parser with the text hooks: each object is rendered as
 * JSON text into a scratch buffer and handed on as it is (no copy into
 * a jansson string); the tx's own object is kept in a second one for
 * the fileinfo records after it. */
static void
log_one_text(const struct flow *f, const struct applayer_pstate *ps,
    void *tx, const struct applayer_log_want *want, applayer_log_fn fn,
    void *arg, struct applayer_log_rec *rec)
{
	const struct applayer_parser *ap = ps->parser;
	char stack[2048], stack_tx[2048];
	struct jtext t, tt;		/* a record's; the tx's object */
	bool have_tx = false;

	jtext_init_with(&t, stack, sizeof(stack));
	jtext_init_with(&tt, stack_tx, sizeof(stack_tx));
	if (!(want->protos & (1u << ap->proto)))
		;
	else if (ap->log_record_text != NULL) {
		for (uint32_t idx = 0; idx < APPLAYER_MAX_TXS; idx++) {
			int r;

			jtext_reset(&t);
			if ((r = ap->log_record_text(ps->state, tx, idx,
			    &t)) != 1 && r != 2)
				break;
			if (!jtext_ok(&t))
				break;
			rec->obj_text = t.data;
			rec->obj_len = t.len;
			fn(arg, f, rec);
			/* 2: log_tx_text's object too, kept for fileinfo */
			if (r == 2 && !have_tx) {
				struct jtext x = t;

				t = tt;
				tt = x;
				have_tx = true;
			}
		}
	} else if (ap->log_tx_text != NULL) {
		if (ap->log_tx_text(ps->state, tx, &tt) == 0 &&
		    jtext_ok(&tt)) {
			have_tx = true;
			rec->obj_text = tt.data;
			rec->obj_len = tt.len;
			fn(arg, f, rec);
		}
	}
	if (want->files && ap->log_file_text != NULL) {
		rec->type = "fileinfo";
		rec->with_tx_id = false;	/* the fileinfo object has it */
		rec->app_name = ap->name;
		for (uint32_t idx = 0; idx < APPLAYER_MAX_TXS; idx++) {
			jtext_reset(&t);
			if (ap->log_file_text(ps->state, tx, idx,
			    want->file_flags, &rec->dir, &t) != 1 ||
			    !jtext_ok(&t))
				break;
			/* the same object the tx's own event had: built
			 * once */
			if (!have_tx && ap->log_tx_text != NULL) {
				jtext_reset(&tt);
				have_tx = ap->log_tx_text(ps->state, tx,
				    &tt) == 0 && jtext_ok(&tt);
			}
			rec->app_text = have_tx ? tt.data : NULL;
			rec->app_len = have_tx ? tt.len : 0;
			rec->obj_text = t.data;
			rec->obj_len = t.len;
			fn(arg, f, rec);
		}
	}
	jtext_free(&t);
	jtext_free(&tt);
}

/* One tx's eve records: log_record's, else log_tx's one; then its
 * files. */
static void
log_one(const struct flow *f, const struct applayer_pstate *ps, void *tx,
    const struct applayer_log_want *want, applayer_log_fn fn, void *arg)
{
	const struct applayer_parser *ap = ps->parser;
	struct applayer_log_rec rec;
	json_t *obj, *tx_obj = NULL;	/* log_tx's, again for fileinfo */

	memset(&rec, 0, sizeof(rec));
	rec.tx_id = ap->tx_id(ps->state, tx);
	rec.with_tx_id = ap->log_tx_id;
	rec.dir = APPLAYER_TOSERVER;
	rec.type = ap->name;
	if (ap->log_record_text != NULL || ap->log_tx_text != NULL) {
		log_one_text(f, ps, tx, want, fn, arg, &rec);
		return;
	}
	if (!(want->protos & (1u << ap->proto)))
		;
	else if (ap->log_record != NULL) {
		for (uint32_t idx = 0; idx < APPLAYER_MAX_TXS; idx++) {
			int r;

			if ((obj = json_object()) == NULL)
				break;
			r = ap->log_record(ps->state, tx, idx, obj);
			rec.obj = obj;
			if (r == 1)
				fn(arg, f, &rec);
			json_decref(obj);
			if (r != 1)
				break;
		}
	} else if (ap->log_tx != NULL && (obj = json_object()) != NULL) {
		rec.obj = obj;
		if (ap->log_tx(ps->state, tx, obj) == 0) {
			fn(arg, f, &rec);
			tx_obj = obj;
		} else
			json_decref(obj);
	}
	if (!want->files || ap->log_file == NULL) {
		if (tx_obj != NULL)
			json_decref(tx_obj);
		return;
	}
	rec.type = "fileinfo";
	rec.with_tx_id = false;		/* the fileinfo object has it */
	rec.app_name = ap->name;
	/* the same object the tx's own event had: built once */
	rec.app = tx_obj;
	for (uint32_t idx = 0; idx < APPLAYER_MAX_TXS; idx++) {
		int r;

		if ((obj = json_object()) == NULL)
			break;
		r = ap->log_file(ps->state, tx, idx, want->file_flags,
		    &rec.dir, obj);
		if (r == 1 && rec.app == NULL && ap->log_tx != NULL &&
		    (rec.app = json_object()) != NULL &&
		    ap->log_tx(ps->state, tx, rec.app) != 0) {
			json_decref(rec.app);
			rec.app = NULL;
		}
		rec.obj = obj;
		if (r == 1)
			fn(arg, f, &rec);
		json_decref(obj);
		if (r != 1)
			break;
	}
	if (rec.app != NULL)
		json_decref(rec.app);
}

static void
pstate_log(const struct flow *f, struct applayer_pstate *ps,
    const struct applayer_log_want *want, bool eof, applayer_log_fn fn,
    void *arg)
{
	const struct applayer_parser *ap = ps->parser;
	const struct applayer_flow *af = f->app;
	struct applayer_tx_iter it = { 0 };
	uint64_t bound = UINT64_MAX;
	bool lead = true;
	uint8_t need = 0;
	void *tx;

	if (ap == NULL)
		return;
	/* as Suricata's tx loggers: once detection inspected the tx in
	 * each direction it runs in for the flow */
	if (af->flags & AF_F_DETECT_TS)
		need |= TXF_DETECT_TS;
	if (af->flags & AF_F_DETECT_TC)
		need |= TXF_DETECT_TC;
	/* from the first tx not logged; the position moves past the
	 * leading logged ones. Before the end, a tx to log has the flags
	 * need asks: it lies below their positions, or was flagged out of
	 * order (below ooo_id) */
	if (!eof && (need & TXF_DETECT_TS) &&
	    ps->inspect_id[APPLAYER_TOSERVER] < bound)
		bound = ps->inspect_id[APPLAYER_TOSERVER];
	if (!eof && (need & TXF_DETECT_TC) &&
	    ps->inspect_id[APPLAYER_TOCLIENT] < bound)
		bound = ps->inspect_id[APPLAYER_TOCLIENT];
	if (ps->ooo_id > bound)
		bound = ps->ooo_id;
	it.id = ps->log_id;
	while (it.id < bound && (tx = applayer_tx_iter_next(ps, &it)) !=
	    NULL && it.cur < bound) {
		struct applayer_txdata *td;

		if ((td = ap->tx_data(tx)) == NULL) {
			lead = false;
			continue;
		}
		if (td->flags & TXF_LOGGED) {
			if (lead)
				ps->log_id = it.cur + 1;
			continue;
		}
		if (!eof && (!tx_complete(ap, tx, APPLAYER_TOSERVER) ||
		    !tx_complete(ap, tx, APPLAYER_TOCLIENT) ||
		    (td->flags & need) != need)) {
			lead = false;
			continue;
		}
		td->flags |= TXF_LOGGED;
		if (lead)
			ps->log_id = it.cur + 1;
		else
			pstate_ooo(ps, it.cur);
		if (fn != NULL && want != NULL)
			log_one(f, ps, tx, want, fn, arg);
	}
}

void
applayer_flow_log(struct flow *f, const struct applayer_log_want *want,
    bool eof, applayer_log_fn fn, void *arg)
{
	struct applayer_flow *af = f != NULL ? f->app : NULL;

	if (af == NULL)
		return;
	pstate_log(f, &af->old, want, true, fn, arg);
	pstate_log(f, &af->cur, want, eof, fn, arg);
}

/* The tx tx_id of f for an alert's app-layer object, in the current
 * parser's state or the one before a protocol change, with that state
 * in *psp; NULL (errno ENOENT) when it is gone. */
static void *
alert_tx(const struct flow *f, uint64_t tx_id,
    const struct applayer_pstate **psp)
{
	const struct applayer_flow *af = f != NULL ? f->app : NULL;

	for (int k = 0; af != NULL && k < 2; k++) {
		const struct applayer_pstate *ps = k == 0 ? &af->cur :
		    &af->old;
		struct applayer_tx_iter it = { .id = tx_id };
		void *tx;

		if (ps->parser == NULL || ps->parser->log_tx == NULL)
			continue;
		/* the first tx from tx_id on: it, or tx_id is gone */
		if ((tx = applayer_tx_iter_next(ps, &it)) == NULL ||
		    it.cur != tx_id)
			continue;
		*psp = ps;
		return tx;
	}
	errno = ENOENT;
	return NULL;
}

int
applayer_flow_log_alert(const struct flow *f, uint64_t tx_id,
    struct json_t *out, const char **name)
{
	const struct applayer_pstate *ps;
	void *tx;

	if ((tx = alert_tx(f, tx_id, &ps)) == NULL)
		return -1;
	*name = ps->parser->name;
	return ps->parser->log_tx(ps->state, tx, out);
}

int
applayer_flow_log_alert_text(const struct flow *f, uint64_t tx_id,
    struct jtext *out, const char **name)
{
	const struct applayer_pstate *ps;
	void *tx;

	if ((tx = alert_tx(f, tx_id, &ps)) == NULL ||
	    ps->parser->log_tx_text == NULL)
		return -1;
	*name = ps->parser->name;
	return ps->parser->log_tx_text(ps->state, tx, out) == 0 &&
	    jtext_ok(out) ? 0 : -1;
}

/* The value of request header name in one transaction of af's current
 * parser, through its http.request_header multi-buffer ("Name: value"
 * per header). */
static bool
tx_request_header(void *tx, const struct applayer_buffer *b, const char *name,
    const uint8_t **val, uint32_t *len)
{
	size_t nlen = strlen(name);
	const uint8_t *buf;
	uint32_t blen;

	for (uint32_t idx = 0; b->get_multi(tx, APPLAYER_TOSERVER, idx, &buf,
	    &blen); idx++) {
		if (blen < nlen + 2 || strncasecmp((const char *)buf, name,
		    nlen) != 0 || buf[nlen] != ':' || buf[nlen + 1] != ' ')
			continue;
		*val = buf + nlen + 2;
		*len = blen - (uint32_t)nlen - 2;
		return true;
	}
	return false;
}

bool
applayer_flow_request_header(const struct flow *f, bool has_tx,
    uint64_t tx_id, const char *name, applayer_header_fn fn, void *arg)
{
	const struct applayer_flow *af = f != NULL ? f->app : NULL;
	const struct applayer_parser *ap;
	const struct applayer_buffer *b = NULL;
	struct applayer_tx_iter it = { 0 };
	const uint8_t *val;
	uint32_t len;
	void *tx;

	if (af == NULL || (ap = af->cur.parser) == NULL ||
	    ap->proto != APPLAYER_PROTO_HTTP1 || f->alproto !=
	    APPLAYER_PROTO_HTTP1)
		return false;
	for (size_t i = 0; i < ap->nbuffers && b == NULL; i++)
		if (strcmp(ap->buffers[i].name, "http.request_header") == 0 &&
		    ap->buffers[i].get_multi != NULL)
			b = &ap->buffers[i];
	if (b == NULL)
		return false;
	it.id = has_tx ? tx_id : 0;
	while ((tx = applayer_tx_iter_next(&af->cur, &it)) != NULL) {
		if (has_tx && it.cur != tx_id)
			break;
		if (tx_request_header(tx, b, name, &val, &len) &&
		    fn(val, len, arg))
			return true;
		if (has_tx)
			break;
	}
	return false;
}

void
applayer_flow_tx_events(struct flow *f, applayer_tx_event_fn fn, void *arg)
{
	struct applayer_flow *af = f != NULL ? f->app : NULL;

	if (af == NULL || af->events_parses == af->parses)
		return;
	af->events_parses = af->parses;
	for (int k = 0; k < 2; k++) {
		const struct applayer_pstate *ps = k == 0 ? &af->old : &af->cur;
		const struct applayer_parser *ap = ps->parser;
		struct applayer_tx_iter it = { 0 };
		void *tx;

		if (ap == NULL || ap->tx_data == NULL)
			continue;
		while ((tx = applayer_tx_iter_next(ps, &it)) != NULL) {
			struct applayer_txdata *td;

			if ((td = ap->tx_data(tx)) == NULL)
				continue;
			for (unsigned w = 0; w < APPLAYER_MAX_EVENTS / 64; w++) {
				uint64_t fresh = td->events[w] &
				    ~td->events_logged[w];

				td->events_logged[w] |= fresh;
				while (fresh != 0) {
					unsigned ev = w * 64 + (unsigned)
					    __builtin_ctzll(fresh);

					fresh &= fresh - 1;
					fn(arg, ap, it.cur, ev);
				}
			}
		}
	}
}
