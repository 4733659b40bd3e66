#include "core/base.h"

#include <stdlib.h>

#include "applayer/tls/tls.h"
#include "detect/keywords/keyword.h"
#include "detect/txmatch.h"
#include "detect/uint.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* tls.cert_chain_len:<uint32> (Suricata's): how many certificates the
 * packet's side sent, once its Certificate message was parsed. */

static int	tls_cert_chain_len_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	tls_cert_chain_len_match(struct detect_inspect *,
		    const void *);

const struct keyword kw_tls_cert_chain_len = {
	.name = "tls.cert_chain_len",
	.desc = "the number of certificates of the chain: N, <N, >N, "
	    "N<>M, !N",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = tls_cert_chain_len_setup,
	.match = tls_cert_chain_len_match,
	.free = free,
};

static int
tls_cert_chain_len_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct detect_uint *u;

	if ((u = calloc(1, sizeof(*u))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (!detect_uint_parse(opt->value, opt->value_len, UINT32_MAX, u)) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid tls.cert_chain_len '%.*s'",
		    (int)(opt->value_len > 32 ? 32 : opt->value_len),
		    opt->value);
		free(u);
		return -1;
	}
	return detect_txmatch_attach(p, r, opt, &kw_tls_cert_chain_len,
	    APPLAYER_PROTO_TLS, u);
}

static bool
tls_cert_chain_len_match(struct detect_inspect *in, const void *data)
{
	uint8_t dir = detect_txmatch_dir(in);

	if (in->tx == NULL || !applayer_tls_cert_seen(in->tx, dir))
		return false;
	return detect_uint_match(data, applayer_tls_cert_chain_len(in->tx,
	    dir));
}
