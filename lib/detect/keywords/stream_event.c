/* stream-event:<event> (Suricata's stream-event): the packet raised
 * that TCP stream event ("3whs_ack_in_wrong_dir", ...; the names of
 * Suricata's stream-events.rules). The events share the decoder's table
 * (lib/decode/events.h, "stream." names): lib/stream raises them with
 * decode_event_set() on the packet, and this keyword fires on them. */
#include "core/base.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/packet.h"
#include "decode/events.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	stream_event_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	stream_event_match(struct detect_inspect *, const void *);

const struct keyword kw_stream_event = {
	.name = "stream-event",
	.desc = "the packet raised this TCP stream event "
	    "(3whs_ack_in_wrong_dir, ...)",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = stream_event_setup,
	.match = stream_event_match,
	.free = free,
};

/* Names Suricata 7 accepts in rules for events it counts and logs by
 * another (its stats and eve say "diff_ack"; the rules of its later
 * releases say "different_ack") */
static const struct {
	const char	*rule_name;
	const char	*name;
} stream_event_aliases[] = {
	{ "3whs_synack_resend_with_different_ack",
	    "3whs_synack_resend_with_diff_ack" },
	{ "est_synack_resend_with_different_ack",
	    "est_synack_resend_with_diff_ack" },
};

static int
stream_event_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg a = { opt->value, opt->value_len, opt->value_off };
	const char *s = a.s;
	size_t len = a.len;
	char name[96];
	int n, ev, *data;

	for (size_t i = 0; i < QUELL_NITEMS(stream_event_aliases); i++)
		if (strlen(stream_event_aliases[i].rule_name) == len &&
		    memcmp(stream_event_aliases[i].rule_name, s, len) == 0) {
			s = stream_event_aliases[i].name;
			len = strlen(s);
		}
	n = snprintf(name, sizeof(name), "stream.%.*s",
	    (int)(len > 80 ? 80 : len), s);
	ev = len > 80 || n < 0 ? -1 :
	    decode_event_lookup(name, (size_t)n);
	if (ev < DECODE_EV_STREAM_FIRST) {
		kwparse_error(p, &a, "unknown stream event '%.*s'",
		    (int)(a.len > 64 ? 64 : a.len), a.s);
		return -1;
	}
	if ((data = malloc(sizeof(*data))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	*data = ev;
	if (rules_rule_add_match(r, &kw_stream_event, RULE_LIST_PACKET,
	    data) == NULL) {
		free(data);
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}

static bool
stream_event_match(struct detect_inspect *in, const void *data)
{
	return decode_event_has(in->pkt->events,
	    (enum decode_event)*(const int *)data);
}
