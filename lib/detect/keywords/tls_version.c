#include "core/base.h"

#include <stdlib.h>

#include "applayer/tls/tls.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "detect/txmatch.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* tls.version:1.0|1.1|1.2|1.3|0xNNNN (Suricata's): the version of the
 * packet's side of the handshake (the client's to the server, the
 * negotiated one to the client). Every TLS 1.3 draft (0x7fNN) counts
 * as 1.3 unless the value is given raw in hex. */

struct tls_version_data {
	uint16_t	 version;
	bool		 raw;
};

static int	tls_version_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	tls_version_match(struct detect_inspect *, const void *);

const struct keyword kw_tls_version = {
	.name = "tls.version",
	.desc = "the TLS version: 1.0, 1.1, 1.2, 1.3 or 0xNNNN",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = tls_version_setup,
	.match = tls_version_match,
	.free = free,
};

static int
tls_version_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	static const struct {
		const char	*name;
		uint16_t	 v;
	} names[] = {
		{ "1.0", TLS_VERSION_10 }, { "1.1", TLS_VERSION_11 },
		{ "1.2", TLS_VERSION_12 }, { "1.3", TLS_VERSION_13 },
	};
	struct tls_version_data *d;
	struct kwparse_arg a;
	uint64_t v;

	detect_txmatch_value(opt, &a);
	if ((d = calloc(1, sizeof(*d))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	for (size_t i = 0; i < QUELL_NITEMS(names); i++)
		if (kwparse_is(&a, names[i].name))
			d->version = names[i].v;
	if (d->version == 0) {
		if (a.len != 6 || a.s[0] != '0' || (a.s[1] != 'x' &&
		    a.s[1] != 'X') || !kwparse_u64(a.s, a.len, UINT16_MAX,
		    &v)) {
			kwparse_error(p, &a, "invalid tls.version '%.*s' "
			    "(expected 1.0, 1.1, 1.2, 1.3 or 0xNNNN)",
			    (int)(a.len > 32 ? 32 : a.len), a.s);
			free(d);
			return -1;
		}
		d->version = (uint16_t)v;
		d->raw = true;
	}
	return detect_txmatch_attach(p, r, opt, &kw_tls_version,
	    APPLAYER_PROTO_TLS, d);
}

static bool
tls_version_match(struct detect_inspect *in, const void *data)
{
	const struct tls_version_data *d = data;
	uint16_t v;

	if (in->tx == NULL)
		return false;
	v = applayer_tls_dir_version(in->tx, detect_txmatch_dir(in));
	if (!d->raw && (v >> 8) == 0x7f)
		v = TLS_VERSION_13;
	return v != 0 && v == d->version;
}
