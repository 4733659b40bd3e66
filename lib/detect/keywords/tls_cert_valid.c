#include "core/base.h"

#include <stdlib.h>

#include "detect/keywords/keyword.h"
#include "detect/keywords/tls_cert_validity.h"

/* tls_cert_valid (Suricata's): tls_cert_validity.c. */

static int	tls_cert_valid_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

const struct keyword kw_tls_cert_valid = {
	.name = "tls_cert_valid",
	.desc = "the packet's time is within the first certificate's validity",
	.flags = KEYWORD_VALUE_NONE,
	.setup = tls_cert_valid_setup,
	.match = tls_validity_match,
	.free = free,
};

static int
tls_cert_valid_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return tls_validity_setup(p, r, opt, &kw_tls_cert_valid,
	    TLS_VALIDITY_VALID);
}
