#include "core/base.h"

#include <pthread.h>
#include <stdio.h>

#include "applayer/parser.h"
#include "applayer/registry.h"
#include "detect/applayer.h"
#include "detect/buffer.h"
#include "detect/tx.h"

struct applayer_reg {
	char		*err;
	size_t		 errlen;
	int		 rc;
};

static void	applayer_one(const struct applayer_parser *, void *);
static void	applayer_once(void);
static void	**applayer_slot(void *, void *);
static bool	applayer_event(void *, void *, unsigned);

static pthread_once_t applayer_done = PTHREAD_ONCE_INIT;
static int	applayer_rc;
static char	applayer_err[256];

/* Names of the frame buffers ("frame:tls.pdu"): registered once,
 * they live as long as the buffer table. */
#define FRAME_NAMES_MAX	32
#define FRAME_NAME_LEN	56
static char	frame_names[FRAME_NAMES_MAX][FRAME_NAME_LEN];
static unsigned	nframe_names;

/* The frame types of ap as buffers of scope FRAME. */
static int
applayer_frames(const struct applayer_parser *ap, char *err, size_t errlen)
{
	const char *prefix = ap->frame_prefix != NULL ? ap->frame_prefix :
	    ap->name;

	for (size_t i = 0; i < ap->nframe_types; i++) {
		struct detect_buffer b;
		char full[FRAME_NAME_LEN - 8];
		int n;

		n = snprintf(full, sizeof(full), "%s.%s", prefix,
		    ap->frame_types[i]);
		if (n < 0 || (size_t)n >= sizeof(full) || i > UINT8_MAX) {
			snprintf(err, errlen, "%s: frame type %zu: name too "
			    "long", ap->name, i);
			return -1;
		}
		if (detect_buffer_frame_lookup(full, (size_t)n, 0) != NULL)
			continue;
		if (nframe_names == FRAME_NAMES_MAX) {
			snprintf(err, errlen, "%s: too many frame types",
			    ap->name);
			return -1;
		}
		snprintf(frame_names[nframe_names], FRAME_NAME_LEN,
		    "frame:%s", full);
		memset(&b, 0, sizeof(b));
		b.name = frame_names[nframe_names];
		b.desc = "an app-layer frame (frame keyword)";
		b.scope = DETECT_BUFFER_SCOPE_FRAME;
		b.dirs = DETECT_BUFFER_BOTH;
		b.fp_priority = 0;
		b.alproto = (uint16_t)ap->proto;
		b.frame_type = (uint8_t)i;
		b.internal = true;
		if (detect_buffer_register(&b) == -1) {
			snprintf(err, errlen, "%s: cannot register frame "
			    "buffer '%s'", ap->name, full);
			return -1;
		}
		nframe_names++;
	}
	return 0;
}

int
detect_applayer_register_parser(const struct applayer_parser *ap, char *err,
    size_t errlen)
{
	if (applayer_frames(ap, err, errlen) == -1)
		return -1;
	for (size_t i = 0; i < ap->nbuffers; i++) {
		const struct applayer_buffer *ab = &ap->buffers[i];
		const struct detect_buffer *old;
		struct detect_buffer b;

		if (ab->name == NULL || (ab->get == NULL &&
		    ab->get_multi == NULL)) {
			snprintf(err, errlen, "%s: buffer %zu has no name or "
			    "no getter", ap->name, i);
			return -1;
		}
		old = detect_buffer_lookup(ab->name, strlen(ab->name));
		if (old != NULL && old->scope == DETECT_BUFFER_SCOPE_TX &&
		    old->alproto == (uint16_t)ap->proto)
			continue;
		memset(&b, 0, sizeof(b));
		b.name = ab->name;
		b.alias = ab->alias;
		b.desc = ab->desc;
		b.scope = DETECT_BUFFER_SCOPE_TX;
		b.dirs = (uint8_t)(((ab->dirs >> APPLAYER_TOSERVER) & 1 ?
		    DETECT_BUFFER_TOSERVER : 0) | ((ab->dirs >>
		    APPLAYER_TOCLIENT) & 1 ? DETECT_BUFFER_TOCLIENT : 0));
		b.fp_priority = 2;
		b.alproto = (uint16_t)ap->proto;
		b.progress[DETECT_TX_TOSERVER] = ab->progress;
		b.progress[DETECT_TX_TOCLIENT] = ab->progress;
		b.get_tx = ab->get;
		b.get_tx_multi = ab->get_multi;
		b.tx_inspected = ab->inspected;
		b.internal = ab->internal;
		if (detect_buffer_register(&b) == -1) {
			snprintf(err, errlen, "%s: cannot register buffer "
			    "'%s' (%s)", ap->name, ab->name, old != NULL ?
			    "the name is taken" : "too many buffers");
			return -1;
		}
	}
	return 0;
}

static void
applayer_one(const struct applayer_parser *ap, void *arg)
{
	struct applayer_reg *r = arg;

	if (r->rc == 0)
		r->rc = detect_applayer_register_parser(ap, r->err,
		    r->errlen);
}

static void
applayer_once(void)
{
	struct applayer_reg r = { applayer_err, sizeof(applayer_err), 0 };

	applayer_registry_foreach(applayer_one, &r);
	applayer_rc = r.rc;
	/* the parsers' tx_free releases detection's per-tx state */
	applayer_txdata_set_release(detect_tx_state_free);
}

int
detect_applayer_register(char *err, size_t errlen)
{
	pthread_once(&applayer_done, applayer_once);
	if (applayer_rc == -1)
		snprintf(err, errlen, "%s", applayer_err);
	return applayer_rc;
}

bool
detect_applayer_proto_match(uint16_t sig, uint16_t flow)
{
	return applayer_proto_equals(sig, flow);
}

static void **
applayer_slot(void *ctx, void *tx)
{
	const struct applayer_parser *ap = ctx;
	struct applayer_txdata *td;

	if (ap->tx_data == NULL || (td = ap->tx_data(tx)) == NULL)
		return NULL;
	return &td->detect_state;
}

static bool
applayer_event(void *ctx, void *tx, unsigned ev)
{
	const struct applayer_parser *ap = ctx;
	const struct applayer_txdata *td;

	return ap->tx_data != NULL && (td = ap->tx_data(tx)) != NULL &&
	    applayer_txdata_has_event(td, ev);
}

void
detect_applayer_tx_source(const struct applayer_parser *ap, void *state,
    struct detect_tx_source *src)
{
	memset(src, 0, sizeof(*src));
	src->state = state;
	src->alproto = (uint16_t)ap->proto;
	src->tx_count = ap->tx_count;
	src->tx_get = ap->tx_get;
	src->tx_id = ap->tx_id;
	src->tx_next = ap->tx_next;
	src->progress = ap->tx_progress;
	src->complete[DETECT_TX_TOSERVER] = ap->complete[APPLAYER_TOSERVER];
	src->complete[DETECT_TX_TOCLIENT] = ap->complete[APPLAYER_TOCLIENT];
	src->detect_slot = applayer_slot;
	src->tx_event = applayer_event;
	src->ctx = (void *)(uintptr_t)ap;
}
