/* app-layer-event:<proto>.<event> or one of the generic applayer_*
 * events (Suricata's app-layer-event), as Suricata splits them:
 *
 *   applayer_* (lib/applayer/applayer.h): raised by the framework on
 *	the packet being processed (protocol detection's outcomes); a
 *	packet match, Suricata's APP_LAYER_EVENT_TYPE_PACKET.
 *   <proto>.<event>: an event of a parser's transaction (the names of
 *	struct applayer_parser.events, Suricata's <proto>-events.rules);
 *	the rule becomes one of <proto> (an app-layer protocol already
 *	set otherwise is an error) and is evaluated per transaction, in
 *	both directions, alerting once per transaction and direction.
 *
 * A protocol Suricata knows but quell has no parser for makes the
 * rule unsupported; an event name its parser does not have is an
 * error, as in Suricata. */
#include "core/base.h"

#include <stdio.h>
#include <stdlib.h>
#include <strings.h>

#include "applayer/applayer.h"
#include "applayer/registry.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "detect/tx.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/proto.h"
#include "rules/rule.h"

struct ale_data {
	bool		 generic;	/* applayer_*: a packet event */
	unsigned	 ev;
};

static int	app_layer_event_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	app_layer_event_match(struct detect_inspect *, const void *);

const struct keyword kw_app_layer_event = {
	.name = "app-layer-event",
	.desc = "the packet raised a generic app-layer event (applayer_*), "
	    "or the transaction a parser's event (proto.event)",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = app_layer_event_setup,
	.match = app_layer_event_match,
	.free = free,
};

static int
parser_event(const struct applayer_parser *ap, const char *name, size_t len)
{
	for (size_t i = 0; i < ap->nevents; i++)
		if (ap->events[i] != NULL && strlen(ap->events[i]) == len &&
		    strncasecmp(ap->events[i], name, len) == 0)
			return (int)i;
	return -1;
}

static int
app_layer_event_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg a = { opt->value, opt->value_len, opt->value_off };
	const struct rules_proto *proto;
	const struct applayer_parser *ap;
	const char *dot = memchr(a.s, '.', a.len);
	struct ale_data *d;
	int ev;
	int n = (int)(a.len > 64 ? 64 : a.len);

	if ((d = calloc(1, sizeof(*d))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (dot == NULL) {
		if ((ev = applayer_event_lookup(a.s, a.len)) < 0) {
			kwparse_error(p, &a, "unknown app-layer event '%.*s' "
			    "(expected <proto>.<event> or applayer_*)", n,
			    a.s);
			goto fail;
		}
		d->generic = true;
		d->ev = (unsigned)ev;
		r->flags |= RULE_F_NEEDS_FLOW;
		if (rules_rule_add_match(r, &kw_app_layer_event,
		    RULE_LIST_PACKET, d) == NULL)
			goto nomem;
		return 0;
	}
	proto = rules_proto_lookup(a.s, (size_t)(dot - a.s));
	if (proto == NULL || proto->kind != RULES_PROTO_APP ||
	    dot + 1 == a.s + a.len) {
		kwparse_error(p, &a, "unknown app-layer event '%.*s'", n, a.s);
		goto fail;
	}
	/* a protocol quell detects only (smb, dcerpc) has no events */
	if (proto->alproto == 0 || (ap = applayer_registry_get(
	    (enum applayer_proto)proto->alproto)) == NULL ||
	    ap->state_new == NULL) {
		char what[RULES_UNSUPPORTED_MAX];

		snprintf(what, sizeof(what), "app-layer-event %s", proto->name);
		rules_parser_unsupported(p, what, a.off, a.s, a.len,
		    "app-layer-event of protocol '%s': quell has no %s parser",
		    proto->name, proto->name);
		free(d);
		return 0;
	}
	if ((ev = parser_event(ap, dot + 1, (size_t)(a.s + a.len - dot -
	    1))) < 0) {
		kwparse_error(p, &a, "unknown app-layer event '%.*s': the %s "
		    "parser has no such event", n, a.s, ap->name);
		goto fail;
	}
	if (r->alproto != 0 && r->alproto != (uint8_t)ap->proto) {
		kwparse_error(p, &a, "app-layer-event '%.*s' in a rule of "
		    "another app-layer protocol", n, a.s);
		goto fail;
	}
	r->alproto = (uint8_t)ap->proto;
	r->flags |= RULE_F_TX | RULE_F_NEEDS_FLOW;
	d->ev = (unsigned)ev;
	if (rules_rule_add_match(r, &kw_app_layer_event, RULE_LIST_MATCH,
	    d) == NULL)
		goto nomem;
	return 0;
nomem:
	rules_parser_nomem(p);
	return -1;
fail:
	free(d);
	return -1;
}

static bool
app_layer_event_match(struct detect_inspect *in, const void *data)
{
	const struct ale_data *d = data;

	if (d->generic)
		return applayer_flow_event(in->flow,
		    (enum applayer_event)d->ev);
	return in->tx != NULL && in->txsrc != NULL &&
	    in->txsrc->tx_event != NULL &&
	    in->txsrc->tx_event(in->txsrc->ctx, in->tx, d->ev);
}
