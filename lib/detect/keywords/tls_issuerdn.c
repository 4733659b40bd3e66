#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "detect/keywords/tls_legacy.h"

/* tls.issuerdn:[!]"value" (Suricata's): tls_legacy.c. */

static int	tls_issuerdn_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

const struct keyword kw_tls_issuerdn = {
	.name = "tls.issuerdn",
	.desc = "the first certificate's issuer contains the value "
	    "(older form of tls.cert_issuer)",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = tls_issuerdn_setup,
	.match = tls_legacy_match,
	.free = tls_legacy_free,
};

static int
tls_issuerdn_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return tls_legacy_setup(p, r, opt, &kw_tls_issuerdn,
	    APPLAYER_TLS_CERT_ISSUER, false);
}
