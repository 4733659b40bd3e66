#include "core/base.h"

#include <ctype.h>
#include <stdlib.h>

#include "applayer/tls/tls.h"
#include "detect/keywords/keyword.h"
#include "detect/keywords/tls_legacy.h"
#include "detect/txmatch.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

struct tls_legacy_data {
	enum applayer_tls_cert_field field;
	bool		 negate;
	char		*value;
};

int
tls_legacy_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt, const struct keyword *kw,
    enum applayer_tls_cert_field field, bool lower)
{
	struct rules_option o = *opt;
	struct tls_legacy_data *d;

	if ((d = calloc(1, sizeof(*d))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	d->field = field;
	while (o.value_len > 0 && isspace((unsigned char)o.value[0])) {
		o.value++;
		o.value_len--;
		o.value_off++;
	}
	if (o.value_len > 0 && o.value[0] == '!') {
		d->negate = true;
		o.value++;
		o.value_len--;
		o.value_off++;
	}
	if (rules_parser_string(p, &o, &d->value) == -1) {
		free(d);
		return -1;
	}
	if (d->value[0] == '\0') {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "%s: empty value", kw->name);
		tls_legacy_free(d);
		return -1;
	}
	if (lower) {
		/* the fingerprint: 20 hex pairs joined by ':', as Suricata
		 * wants it whole */
		size_t n = strlen(d->value);
		bool ok = n == 59;

		for (size_t i = 0; ok && i < n; i++)
			ok = i % 3 == 2 ? d->value[i] == ':' :
			    isxdigit((unsigned char)d->value[i]) != 0;
		if (!ok) {
			rules_parser_error(p, opt->value_off, opt->value,
			    opt->value_len, "%s: expected 20 hex pairs joined "
			    "by ':'", kw->name);
			tls_legacy_free(d);
			return -1;
		}
		for (char *c = d->value; *c != '\0'; c++)
			*c = (char)tolower((unsigned char)*c);
	}
	return detect_txmatch_attach(p, r, opt, kw, APPLAYER_PROTO_TLS, d);
}

bool
tls_legacy_match(struct detect_inspect *in, const void *data)
{
	const struct tls_legacy_data *d = data;
	const char *v;

	if (in->tx == NULL || (v = applayer_tls_cert_str(in->tx,
	    detect_txmatch_dir(in), d->field)) == NULL)
		return false;
	return (strstr(v, d->value) != NULL) != d->negate;
}

void
tls_legacy_free(void *data)
{
	struct tls_legacy_data *d = data;

	if (d != NULL)
		free(d->value);
	free(d);
}
