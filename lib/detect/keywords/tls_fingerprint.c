#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "detect/keywords/tls_legacy.h"

/* tls.fingerprint:[!]"value" (Suricata's): tls_legacy.c. */

static int	tls_fingerprint_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

const struct keyword kw_tls_fingerprint = {
	.name = "tls.fingerprint",
	.desc = "the first certificate's SHA-1 fingerprint is the value, "
	    "any case (older form of tls.cert_fingerprint)",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = tls_fingerprint_setup,
	.match = tls_legacy_match,
	.free = tls_legacy_free,
};

static int
tls_fingerprint_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return tls_legacy_setup(p, r, opt, &kw_tls_fingerprint,
	    APPLAYER_TLS_CERT_FINGERPRINT, true);
}
