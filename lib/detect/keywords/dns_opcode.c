#include "core/base.h"

#include <stdlib.h>

#include "applayer/dns/dns.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "detect/txmatch.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* dns.opcode:[!]N (Suricata 7): the opcode of the message of a DNS
 * transaction, a request (to the server) or a response (to the
 * client), 0..15. */

struct dns_opcode_data {
	uint8_t		 opcode;
	bool		 negate;
};

static int	dns_opcode_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	dns_opcode_match(struct detect_inspect *, const void *);

const struct keyword kw_dns_opcode = {
	.name = "dns.opcode",
	.desc = "the DNS message's opcode: [!]N",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = dns_opcode_setup,
	.match = dns_opcode_match,
	.free = free,
};

static int
dns_opcode_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg a, n;
	struct dns_opcode_data *d;
	uint64_t v;

	detect_txmatch_value(opt, &a);
	n = a;
	if (n.len > 0 && n.s[0] == '!') {
		n.s++;
		n.len--;
	}
	while (n.len > 0 && n.s[0] == ' ') {
		n.s++;
		n.len--;
	}
	if (!kwparse_u64(n.s, n.len, 15, &v)) {
		kwparse_error(p, &a, "invalid dns.opcode '%.*s' (expected "
		    "[!]0..15)", (int)(a.len > 32 ? 32 : a.len), a.s);
		return -1;
	}
	if ((d = calloc(1, sizeof(*d))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	d->opcode = (uint8_t)v;
	d->negate = a.s[0] == '!';
	return detect_txmatch_attach(p, r, opt, &kw_dns_opcode,
	    APPLAYER_PROTO_DNS, d);
}

static bool
dns_opcode_match(struct detect_inspect *in, const void *data)
{
	const struct dns_opcode_data *d = data;
	uint8_t op;

	/* a DNS tx is one message, inspected in its own direction only
	 * (Suricata's unidirectional txs) */
	if (in->tx == NULL || applayer_dns_tx_dir(in->tx) !=
	    detect_txmatch_dir(in) || !applayer_dns_tx_opcode(in->tx, &op))
		return false;
	return (op == d->opcode) != d->negate;
}
