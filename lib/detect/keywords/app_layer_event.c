/* app-layer-event:<proto>.<event> or one of the generic applayer_*
 * events (Suricata's app-layer-event). The name is checked when the
 * rule loads: the protocol must be an app-layer protocol Suricata
 * knows, the event well formed. quell has no app-layer parser yet, so
 * no flow carries app-layer events and the keyword cannot match; once
 * lib/applayer raises events, the match reads them from the flow. */
#include "core/base.h"

#include <ctype.h>
#include <stdlib.h>

#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/proto.h"
#include "rules/rule.h"

static int	app_layer_event_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	app_layer_event_match(struct detect_inspect *, const void *);

/* The protocol-independent events of Suricata's app-layer-events.rules. */
static const char *const app_layer_generic[] = {
	"applayer_detect_protocol_only_one_direction",
	"applayer_mismatch_protocol_both_directions",
	"applayer_no_tls_after_starttls",
	"applayer_proto_detection_skipped",
	"applayer_unexpected_protocol",
	"applayer_wrong_direction_first_data",
};

const struct keyword kw_app_layer_event = {
	.name = "app-layer-event",
	.desc = "the flow's app-layer raised this event (http.<event>, ...; "
	    "no app-layer parser raises events yet)",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = app_layer_event_setup,
	.match = app_layer_event_match,
};

static int
app_layer_event_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg a = { opt->value, opt->value_len, opt->value_off };
	const struct rules_proto *proto;
	const char *dot = memchr(a.s, '.', a.len);
	size_t i;

	if (dot == NULL) {
		for (i = 0; i < QUELL_NITEMS(app_layer_generic); i++)
			if (kwparse_is(&a, app_layer_generic[i]))
				break;
		if (i == QUELL_NITEMS(app_layer_generic)) {
			kwparse_error(p, &a, "unknown app-layer event '%.*s' "
			    "(expected <proto>.<event> or applayer_*)",
			    (int)(a.len > 64 ? 64 : a.len), a.s);
			return -1;
		}
	} else {
		size_t plen = (size_t)(dot - a.s);

		proto = rules_proto_lookup(a.s, plen);
		if (proto == NULL || proto->kind != RULES_PROTO_APP ||
		    plen + 1 == a.len) {
			kwparse_error(p, &a, "unknown app-layer event '%.*s'",
			    (int)(a.len > 64 ? 64 : a.len), a.s);
			return -1;
		}
		for (i = plen + 1; i < a.len; i++)
			if (!isalnum((unsigned char)a.s[i]) && a.s[i] != '_' &&
			    a.s[i] != '.') {
				kwparse_error(p, &a, "unknown app-layer event "
				    "'%.*s'", (int)(a.len > 64 ? 64 : a.len),
				    a.s);
				return -1;
			}
	}
	if (rules_rule_add_match(r, &kw_app_layer_event, RULE_LIST_MATCH,
	    NULL) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}

/* No parser raises app-layer events yet (see the top of this file). */
static bool
app_layer_event_match(struct detect_inspect *in, const void *data)
{
	(void)in;
	(void)data;
	return false;
}
