#include "core/base.h"

#include <ctype.h>
#include <stdlib.h>
#include <strings.h>

#include "applayer/tls/tls.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "detect/txmatch.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* ssl_version:[!]v[,v]... with v one of sslv2 sslv3 tls1.0 tls1.1
 * tls1.2 tls1.3 (Suricata 7.0.14's, which 7.0.6 rejects when one '!'
 * precedes a list): matches when the version of the packet's side of
 * the handshake is one of the list; with a leading '!', when it is a
 * known version none of the list. An unknown version never matches. */

struct ssl_version_data {
	uint32_t	 set;		/* 1 << TLS_SSLVER_* */
	bool		 negate;
};

static int	ssl_version_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	ssl_version_match(struct detect_inspect *, const void *);

const struct keyword kw_ssl_version = {
	.name = "ssl_version",
	.desc = "the SSL/TLS version: [!]sslv2,sslv3,tls1.0,tls1.1,tls1.2,"
	    "tls1.3",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = ssl_version_setup,
	.match = ssl_version_match,
	.free = free,
};

static const struct {
	const char	*name;
	unsigned	 bit;
} ssl_version_names[] = {
	{ "sslv2", TLS_SSLVER_SSL2 }, { "sslv3", TLS_SSLVER_SSL3 },
	{ "tls1.0", TLS_SSLVER_TLS10 }, { "tls1.1", TLS_SSLVER_TLS11 },
	{ "tls1.2", TLS_SSLVER_TLS12 }, { "tls1.3", TLS_SSLVER_TLS13 },
};

static int
ssl_version_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct ssl_version_data *d;
	struct kwparse_arg a;
	size_t i = 0;

	detect_txmatch_value(opt, &a);
	if ((d = calloc(1, sizeof(*d))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (a.len > 0 && a.s[0] == '!') {
		d->negate = true;
		i = 1;
	}
	while (i < a.len) {
		size_t n = 0, k;

		while (i < a.len && (isspace((unsigned char)a.s[i]) ||
		    a.s[i] == ','))
			i++;
		if (i == a.len)
			break;
		while (i + n < a.len && !isspace((unsigned char)a.s[i + n]) &&
		    a.s[i + n] != ',')
			n++;
		for (k = 0; k < QUELL_NITEMS(ssl_version_names); k++)
			if (strlen(ssl_version_names[k].name) == n &&
			    strncasecmp(ssl_version_names[k].name, a.s + i,
			    n) == 0)
				break;
		if (k == QUELL_NITEMS(ssl_version_names) ||
		    (d->set & (1u << ssl_version_names[k].bit))) {
			kwparse_error(p, &a, "invalid ssl_version '%.*s' (%s)",
			    (int)(a.len > 64 ? 64 : a.len), a.s,
			    k == QUELL_NITEMS(ssl_version_names) ?
			    "unknown version" : "a version twice");
			free(d);
			return -1;
		}
		d->set |= 1u << ssl_version_names[k].bit;
		i += n;
	}
	if (d->set == 0) {
		kwparse_error(p, &a, "invalid ssl_version: no version");
		free(d);
		return -1;
	}
	return detect_txmatch_attach(p, r, opt, &kw_ssl_version,
	    APPLAYER_PROTO_TLS, d);
}

static bool
ssl_version_match(struct detect_inspect *in, const void *data)
{
	const struct ssl_version_data *d = data;
	unsigned bit;
	uint16_t v;

	if (in->tx == NULL)
		return false;
	v = applayer_tls_dir_version(in->tx, detect_txmatch_dir(in));
	switch (v) {
	case TLS_VERSION_SSL2:
		bit = TLS_SSLVER_SSL2;
		break;
	case TLS_VERSION_SSL3:
		bit = TLS_SSLVER_SSL3;
		break;
	case TLS_VERSION_10:
		bit = TLS_SSLVER_TLS10;
		break;
	case TLS_VERSION_11:
		bit = TLS_SSLVER_TLS11;
		break;
	case TLS_VERSION_12:
		bit = TLS_SSLVER_TLS12;
		break;
	default:
		/* 1.3 and its drafts (0x7f00..0x7f1c) */
		if (v != TLS_VERSION_13 && (v >> 8) != 0x7f)
			return false;
		bit = TLS_SSLVER_TLS13;
		break;
	}
	return ((d->set & (1u << bit)) != 0) != d->negate;
}
