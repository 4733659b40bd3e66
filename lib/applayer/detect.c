/* Protocol detection on the first bytes of one direction, Suricata's
 * AppLayerProtoDetectGetProto: the patterns of every enabled protocol
 * (whatever the ports), then the probes of the protocols whose
 * detection ports the flow uses. Patterns of the other direction are
 * tried when this direction's found nothing within their depth: a flow
 * whose first packet came from the server (a response seen first)
 * still gets its protocol, flagged reversed.
 *
 * Each direction gives up on its own: patterns once the data reached
 * the deepest pattern of that direction, probes once each said FAILED
 * or APPLAYER_PROBE_DEPTH bytes went by. */
#include "core/base.h"

#include <ctype.h>
#include <netinet/in.h>

#include "applayer/applayer_int.h"
#include "applayer/registry.h"
#include "flow/flow.h"

/* Bytes a probe sees at most before it counts as failed (Suricata's
 * probing parsers bound their own max_depth; quell's probes answer
 * UNKNOWN for "more please", so the framework bounds them). */
#define APPLAYER_PROBE_DEPTH	4096

enum pm_result {
	PM_MATCH,
	PM_MORE,	/* not within the data yet; more may match */
	PM_NO,		/* cannot match any more */
};

static bool
bytes_eq(const uint8_t *a, const char *b, uint16_t n, bool nocase)
{
	for (uint16_t i = 0; i < n; i++) {
		uint8_t x = a[i], y = (uint8_t)b[i];

		if (nocase) {
			x = (uint8_t)tolower(x);
			y = (uint8_t)tolower(y);
		}
		if (x != y)
			return false;
	}
	return true;
}

/* Pattern pt somewhere in [offset, depth) of data. */
static enum pm_result
pattern_match(const struct applayer_pattern *pt, const uint8_t *data,
    uint32_t len)
{
	uint32_t end = pt->depth > len ? len : pt->depth;

	if (pt->len == 0 || pt->depth < pt->offset + pt->len)
		return PM_NO;
	for (uint32_t i = pt->offset; i + pt->len <= end; i++)
		if (bytes_eq(data + i, pt->bytes, pt->len, pt->nocase))
			return PM_MATCH;
	return len >= pt->depth ? PM_NO : PM_MORE;
}

/* The first enabled protocol with a pattern of direction pdir matching
 * data (and its confirm hook agreeing, which may say the data goes the
 * other way: *rev); *more set when one may still match with more
 * data. dir is the direction the data travels. */
static enum applayer_proto
pm_run(const struct applayer_config *cfg, uint8_t ipproto, const uint8_t *data,
    uint32_t len, uint8_t dir, uint8_t pdir, bool *more, bool *rev)
{
	*more = false;
	*rev = false;
	for (int pr = 0; pr < APPLAYER_PROTO_MAX; pr++) {
		const struct applayer_parser *ap = cfg->protos[pr].parser;

		if (ap == NULL || applayer_config_enabled(cfg,
		    (enum applayer_proto)pr, ipproto) == APPLAYER_ENABLE_NO)
			continue;
		for (size_t i = 0; i < ap->npatterns; i++) {
			const struct applayer_pattern *pt = &ap->patterns[i];

			if (!(pt->dirs & (1u << pdir)))
				continue;
			switch (pattern_match(pt, data, len)) {
			case PM_MATCH:
				if (ap->confirm != NULL) {
					uint8_t rdir = dir;
					enum applayer_proto c = ap->confirm(
					    data, len, dir, &rdir);

					if (c == APPLAYER_PROTO_UNKNOWN) {
						*more = true;
						break;
					}
					if (c != (enum applayer_proto)pr)
						break;
					*rev = rdir != dir;
				}
				return (enum applayer_proto)pr;
			case PM_MORE:
				*more = true;
				break;
			case PM_NO:
				break;
			}
		}
	}
	return APPLAYER_PROTO_UNKNOWN;
}

enum applayer_proto
applayer_detect_run(const struct applayer_config *cfg,
    struct applayer_flow *af, const struct flow *f, const uint8_t *data,
    uint32_t len, uint8_t dir, bool *reverse)
{
	uint8_t *df = &af->dflags[dir];
	enum applayer_proto found;
	bool more, rev, pending = false;

	*reverse = false;
	if (!(*df & AF_PM_DONE)) {
		found = pm_run(cfg, f->proto, data, len, dir, dir, &more,
		    &rev);
		if (found != APPLAYER_PROTO_UNKNOWN) {
			*reverse = rev;
			return found;
		}
		if (!more) {
			/* nothing of this direction: the other's? */
			found = pm_run(cfg, f->proto, data, len, dir, dir ^ 1,
			    &more, &rev);
			if (found != APPLAYER_PROTO_UNKNOWN) {
				*reverse = true;
				return found;
			}
			*df |= AF_PM_DONE;
		}
	}
	if (!(*df & AF_PP_DONE)) {
		for (int pr = 0; pr < APPLAYER_PROTO_MAX; pr++) {
			const struct applayer_parser *ap =
			    cfg->protos[pr].parser;
			enum applayer_proto (*probe)(const uint8_t *, uint32_t,
			    uint8_t, uint8_t *);
			enum applayer_proto r;
			uint8_t rdir = dir;

			if (ap == NULL || (af->probe_failed[dir] &
			    (1u << pr)) || applayer_config_enabled(cfg,
			    (enum applayer_proto)pr, f->proto) ==
			    APPLAYER_ENABLE_NO || !applayer_config_port_match(
			    cfg, (enum applayer_proto)pr, f->proto,
			    f->client_port, f->server_port))
				continue;
			probe = f->proto == IPPROTO_UDP && ap->probe_dgram !=
			    NULL ? ap->probe_dgram : ap->probe;
			if (probe == NULL)
				continue;
			r = probe(data, len, dir, &rdir);
			if (r == (enum applayer_proto)pr) {
				*reverse = rdir != dir;
				return r;
			}
			if (r == APPLAYER_PROTO_UNKNOWN &&
			    len < APPLAYER_PROBE_DEPTH) {
				pending = true;
				continue;
			}
			af->probe_failed[dir] |= (uint8_t)(1u << pr);
		}
		if (!pending)
			*df |= AF_PP_DONE;
	}
	if ((*df & (AF_PM_DONE | AF_PP_DONE)) == (AF_PM_DONE | AF_PP_DONE))
		return APPLAYER_PROTO_FAILED;
	return APPLAYER_PROTO_UNKNOWN;
}
