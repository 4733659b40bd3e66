/* app-layer-protocol:[!]<proto>[,<mode>] (Suricata 7's): the flow's
 * detected app-layer protocol, by default the one of the packet's
 * direction; modes final (the flow's), original (before a protocol
 * change), either, to_server, to_client, direction. "failed" names a
 * flow whose detection gave up. A direction not detected yet is "not
 * that protocol" (so !http holds there, as in Suricata 7.0.6); the
 * flow's protocols come from lib/applayer (struct flow alproto
 * fields), compared as Suricata's AppProtoEquals (dcerpc matches an
 * SMB flow).
 *
 * A rule with nothing to inspect besides app-layer-protocol (and flow
 * or post-match keywords) is Suricata's "PD-only" rule: the engine
 * evaluates it only on the packet that finished protocol detection
 * (DETECT_SIG_PDONLY), so it alerts once per flow, not per packet.
 *
 * Names: quell's parsers' (applayer_proto_name) and the other
 * app-layer protocols Suricata knows (rules/proto.c), which quell never
 * detects: app-layer-protocol:smtp never matches, !smtp matches every
 * detected flow. */
#include "core/base.h"

#include <stdlib.h>
#include <strings.h>

#include "applayer/parser.h"
#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "flow/flow.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/proto.h"
#include "rules/rule.h"

/* a Suricata protocol quell has no parser for: no flow ever has it */
#define ALPROTO_NEVER	0xff

enum alp_mode {
	ALP_DIRECTION,
	ALP_FINAL,
	ALP_EITHER,
	ALP_TOSERVER,
	ALP_TOCLIENT,
	ALP_ORIG,
};

struct alp_data {
	uint8_t		 alproto;
	bool		 negated;
	uint8_t		 mode;
};

static int	alp_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	alp_match(struct detect_inspect *, const void *);

const struct keyword kw_app_layer_protocol = {
	.name = "app-layer-protocol",
	.desc = "the flow's detected app-layer protocol: [!]proto[,mode] "
	    "(mode: direction, final, original, either, to_server, "
	    "to_client); \"failed\" when detection gave up",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = alp_setup,
	.match = alp_match,
	.free = free,
};

static const struct {
	const char	*name;
	enum alp_mode	 mode;
} modes[] = {
	{ "direction", ALP_DIRECTION },
	{ "either", ALP_EITHER },
	{ "final", ALP_FINAL },
	{ "original", ALP_ORIG },
	{ "to_client", ALP_TOCLIENT },
	{ "to_server", ALP_TOSERVER },
};

static bool
alp_conflicts(const struct alp_data *us, const struct alp_data *them)
{
	if (them->mode != us->mode)
		return false;
	/* Suricata's HasConflicts: mixing negated and plain, two plain,
	 * or the same protocol twice */
	return (them->negated != us->negated) || !us->negated ||
	    us->alproto == them->alproto;
}

static int
alp_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg args[2];
	struct alp_data *d;
	const char *s;
	size_t len;
	int n;

	if (r->alproto != 0) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "app-layer-protocol in a rule that already has an "
		    "app-layer protocol (its header or a protocol's "
		    "keyword)");
		return -1;
	}
	if ((n = kwparse_split(p, opt, ',', args, QUELL_NITEMS(args))) == -1)
		return -1;
	if ((d = calloc(1, sizeof(*d))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	s = args[0].s;
	len = args[0].len;
	if (len > 0 && s[0] == '!') {
		d->negated = true;
		s++;
		len--;
	}
	if (len == 6 && strncasecmp(s, "failed", 6) == 0)
		d->alproto = APPLAYER_PROTO_FAILED;
	else {
		const struct rules_proto *pr = rules_proto_lookup(s, len);

		if (pr == NULL || pr->kind != RULES_PROTO_APP) {
			kwparse_error(p, &args[0], "app-layer-protocol: "
			    "unknown protocol '%.*s'", (int)(len > 32 ? 32 :
			    len), s);
			goto fail;
		}
		d->alproto = pr->alproto != 0 ? pr->alproto : ALPROTO_NEVER;
	}
	d->mode = ALP_DIRECTION;
	if (n == 2) {
		size_t k;

		for (k = 0; k < QUELL_NITEMS(modes); k++)
			if (kwparse_is(&args[1], modes[k].name))
				break;
		if (k == QUELL_NITEMS(modes)) {
			kwparse_error(p, &args[1], "app-layer-protocol: "
			    "unknown mode '%.*s'", (int)(args[1].len > 32 ? 32 :
			    args[1].len), args[1].s);
			goto fail;
		}
		d->mode = (uint8_t)modes[k].mode;
	}
	for (size_t i = 0; i < r->nmatches; i++) {
		if (r->matches[i].kw == &kw_app_layer_protocol &&
		    alp_conflicts(d, r->matches[i].data)) {
			kwparse_error(p, &args[0], "can't mix positive "
			    "app-layer-protocol match with negated match or "
			    "match for 'failed'");
			goto fail;
		}
	}
	r->flags |= RULE_F_NEEDS_FLOW;
	if (rules_rule_add_match(r, &kw_app_layer_protocol, RULE_LIST_PACKET,
	    d) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
fail:
	free(d);
	return -1;
}

static bool
alp_match(struct detect_inspect *in, const void *data)
{
	const struct alp_data *d = data;
	const struct flow *f = in->flow;
	bool toserver = !(in->pkt->flow_flags & PKT_FLOW_TO_CLIENT);
	uint8_t a = APPLAYER_PROTO_UNKNOWN;
	bool r = false;

	if (f == NULL)
		return false;
	switch (d->mode) {
	case ALP_DIRECTION:
		a = toserver ? f->alproto_ts : f->alproto_tc;
		break;
	case ALP_ORIG:
		a = f->alproto_orig;
		break;
	case ALP_FINAL:
		a = f->alproto;
		break;
	case ALP_TOSERVER:
		a = f->alproto_ts;
		break;
	case ALP_TOCLIENT:
		a = f->alproto_tc;
		break;
	case ALP_EITHER:
		r = applayer_proto_equals(d->alproto, f->alproto_ts) ||
		    applayer_proto_equals(d->alproto, f->alproto_tc);
		return r != d->negated;
	}
	/* Suricata 7.0.6 compares a known protocol only: a direction not
	 * detected yet is "not equal", so a negated match holds there */
	if (a != APPLAYER_PROTO_UNKNOWN)
		r = applayer_proto_equals(d->alproto, a);
	return r != d->negated;
}
