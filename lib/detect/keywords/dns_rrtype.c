#include "core/base.h"

#include <stdlib.h>

#include "applayer/dns/dns.h"
#include "detect/keywords/keyword.h"
#include "detect/txmatch.h"
#include "detect/uint.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* dns.rrtype:<uint16> (Suricata 8, which 7 lacks): matches when the
 * type of one question of the DNS message (request or response) does,
 * in the unsigned syntax of detect/uint.h (N, !N, <N, >N, N-M, ...). */

static int	dns_rrtype_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	dns_rrtype_match(struct detect_inspect *, const void *);

const struct keyword kw_dns_rrtype = {
	.name = "dns.rrtype",
	.desc = "the record type of a question of the DNS message",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = dns_rrtype_setup,
	.match = dns_rrtype_match,
	.free = free,
};

static int
dns_rrtype_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct detect_uint *u;

	if ((u = calloc(1, sizeof(*u))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (!detect_uint_parse(opt->value, opt->value_len, UINT16_MAX, u)) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid dns.rrtype '%.*s'",
		    (int)(opt->value_len > 32 ? 32 : opt->value_len),
		    opt->value);
		free(u);
		return -1;
	}
	return detect_txmatch_attach(p, r, opt, &kw_dns_rrtype,
	    APPLAYER_PROTO_DNS, u);
}

static bool
dns_rrtype_match(struct detect_inspect *in, const void *data)
{
	const uint8_t *name;
	uint32_t len;
	uint16_t type;

	if (in->tx == NULL || applayer_dns_tx_dir(in->tx) !=
	    detect_txmatch_dir(in))
		return false;
	for (uint32_t i = 0; applayer_dns_tx_query(in->tx, i, &name, &len,
	    &type); i++)
		if (detect_uint_match(data, type))
			return true;
	return false;
}
