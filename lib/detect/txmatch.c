#include "core/base.h"

#include <ctype.h>
#include <stdio.h>

#include "applayer/parser.h"
#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "detect/txmatch.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

int
detect_txmatch_attach(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt, const struct keyword *kw,
    uint8_t alproto, void *data)
{
	struct kwparse_arg a = { opt->value, opt->value_len, opt->value_off };

	if (r->alproto != 0 && r->alproto != alproto) {
		kwparse_error(p, &a, "%s in a rule of another app-layer "
		    "protocol (%s)", kw->name, applayer_proto_name(
		    (enum applayer_proto)r->alproto));
		goto fail;
	}
	r->alproto = alproto;
	r->flags |= RULE_F_TX | RULE_F_NEEDS_FLOW;
	if (rules_rule_add_match(r, kw, RULE_LIST_MATCH, data) == NULL) {
		rules_parser_nomem(p);
		goto fail;
	}
	return 0;
fail:
	if (kw->free != NULL)
		kw->free(data);
	return -1;
}

uint8_t
detect_txmatch_dir(const struct detect_inspect *in)
{
	return (in->pkt->flow_flags & PKT_FLOW_TO_CLIENT) ?
	    APPLAYER_TOCLIENT : APPLAYER_TOSERVER;
}

void
detect_txmatch_value(const struct rules_option *opt, struct kwparse_arg *out)
{
	const char *s = opt->value;
	size_t len = opt->value_len, off = opt->value_off;

	while (len > 0 && isspace((unsigned char)s[0])) {
		s++;
		len--;
		off++;
	}
	while (len > 0 && isspace((unsigned char)s[len - 1]))
		len--;
	if (len >= 2 && s[0] == '"' && s[len - 1] == '"') {
		s++;
		len -= 2;
		off++;
	}
	out->s = s;
	out->len = len;
	out->off = off;
}
