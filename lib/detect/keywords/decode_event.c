/* decode-event:<layer>.<event> (Suricata's decode-event): the packet
 * raised that decoder event (lib/decode/events.h, the names of
 * Suricata's decoder-events.rules; "decoder." in front is accepted). */
#include "core/base.h"

#include <stdlib.h>

#include "core/packet.h"
#include "decode/events.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

#define DECODER_PREFIX		"decoder."

static int	decode_event_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	decode_event_match(struct detect_inspect *, const void *);

const struct keyword kw_decode_event = {
	.name = "decode-event",
	.desc = "the packet raised this decoder event (ipv4.trunc_pkt, ...)",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = decode_event_setup,
	.match = decode_event_match,
	.free = free,
};

static int
decode_event_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg a = { opt->value, opt->value_len, opt->value_off };
	size_t plen = sizeof(DECODER_PREFIX) - 1;
	int ev, *data;

	if (a.len > plen && strncasecmp(a.s, DECODER_PREFIX, plen) == 0) {
		a.s += plen;
		a.len -= plen;
	}
	ev = decode_event_lookup(a.s, a.len);
	if (ev < 0 || ev >= DECODE_EV_MAX) {
		kwparse_error(p, &a, "unknown decoder event '%.*s'",
		    (int)(a.len > 64 ? 64 : a.len), a.s);
		return -1;
	}
	if ((data = malloc(sizeof(*data))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	*data = ev;
	if (rules_rule_add_match(r, &kw_decode_event, RULE_LIST_PACKET,
	    data) == NULL) {
		free(data);
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}

static bool
decode_event_match(struct detect_inspect *in, const void *data)
{
	return decode_event_has(in->pkt->events,
	    (enum decode_event)*(const int *)data);
}
