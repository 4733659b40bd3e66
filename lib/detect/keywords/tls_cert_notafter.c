#include "core/base.h"

#include <stdlib.h>

#include "detect/keywords/keyword.h"
#include "detect/keywords/tls_cert_validity.h"

/* tls_cert_notafter (Suricata's): tls_cert_validity.c. */

static int	tls_cert_notafter_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

const struct keyword kw_tls_cert_notafter = {
	.name = "tls_cert_notafter",
	.desc = "the first certificate's notAfter: [<|>]date or date<>date",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = tls_cert_notafter_setup,
	.match = tls_validity_match,
	.free = free,
};

static int
tls_cert_notafter_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return tls_validity_setup(p, r, opt, &kw_tls_cert_notafter,
	    TLS_VALIDITY_NOTAFTER);
}
