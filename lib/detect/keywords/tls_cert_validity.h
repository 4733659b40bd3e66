/* What tls_cert_notbefore, tls_cert_notafter, tls_cert_expired and
 * tls_cert_valid share: Suricata's date operand and the match on the
 * server's first certificate, to the client (as Suricata). */
#ifndef QUELL_DETECT_KEYWORDS_TLS_CERT_VALIDITY_H
#define QUELL_DETECT_KEYWORDS_TLS_CERT_VALIDITY_H

#include "core/base.h"

#include <time.h>

struct detect_inspect;
struct keyword;
struct rule;
struct rules_option;
struct rules_parser;

enum tls_validity_kind {
	TLS_VALIDITY_NOTBEFORE,	/* compare notBefore with the operand */
	TLS_VALIDITY_NOTAFTER,	/* compare notAfter with the operand */
	TLS_VALIDITY_EXPIRED,	/* notAfter before the packet's time */
	TLS_VALIDITY_VALID,	/* the packet's time within the validity */
};

/* Setup of one of the four: the operand ([<|>]date or date<>date, the
 * date as YYYY-MM[-DD[THH[:MM[:SS]]]] UTC or epoch seconds) for
 * NOTBEFORE and NOTAFTER, none for the others. 0, or -1 after
 * reporting. They match in the to-client direction only, on the
 * server's certificate. */
int	tls_validity_setup(struct rules_parser *, struct rule *,
	    const struct rules_option *, const struct keyword *kw,
	    enum tls_validity_kind);
bool	tls_validity_match(struct detect_inspect *, const void *data);

#endif
