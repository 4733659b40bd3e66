#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "detect/keywords/tls_legacy.h"

/* tls.subject:[!]"value" (Suricata's): tls_legacy.c. */

static int	tls_subject_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

const struct keyword kw_tls_subject = {
	.name = "tls.subject",
	.desc = "the first certificate's subject contains the value "
	    "(older form of tls.cert_subject)",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = tls_subject_setup,
	.match = tls_legacy_match,
	.free = tls_legacy_free,
};

static int
tls_subject_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return tls_legacy_setup(p, r, opt, &kw_tls_subject,
	    APPLAYER_TLS_CERT_SUBJECT, false);
}
