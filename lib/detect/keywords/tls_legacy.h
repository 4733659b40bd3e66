/* What tls.subject, tls.issuerdn and tls.fingerprint share: Suricata's
 * older string keywords on the first certificate of the packet's side,
 * matching when the value occurs in the field ([!]"value"; '!': when
 * it does not, a certificate being there). */
#ifndef QUELL_DETECT_KEYWORDS_TLS_LEGACY_H
#define QUELL_DETECT_KEYWORDS_TLS_LEGACY_H

#include "core/base.h"

#include "applayer/tls/tls.h"

struct detect_inspect;
struct keyword;
struct rule;
struct rules_option;
struct rules_parser;

/* lower: the value is a whole SHA-1 fingerprint (xx:xx:...), compared
 * in lower case. 0, or -1 after reporting. */
int	tls_legacy_setup(struct rules_parser *, struct rule *,
	    const struct rules_option *, const struct keyword *kw,
	    enum applayer_tls_cert_field field, bool lower);
bool	tls_legacy_match(struct detect_inspect *, const void *data);
void	tls_legacy_free(void *data);

#endif
