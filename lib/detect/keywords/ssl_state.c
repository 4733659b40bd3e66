#include "core/base.h"

#include <stdlib.h>
#include <strings.h>

#include "applayer/tls/tls.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "detect/txmatch.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* ssl_state:[!]s[|[!]s]... with s one of client_hello server_hello
 * client_keyx server_keyx unknown (Suricata's): the kind of the last
 * handshake message of those kinds the packet's side sent (Suricata's
 * current_flags, as inline parsing leaves it). A plain
 * state matches when it is that one, a negated one when it is not; any
 * of the list is enough (Suricata's (flags & current) ^ mask). */

struct ssl_state_data {
	uint32_t	 flags;
	uint32_t	 mask;
};

static int	ssl_state_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	ssl_state_match(struct detect_inspect *, const void *);

const struct keyword kw_ssl_state = {
	.name = "ssl_state",
	.desc = "handshake messages seen: client_hello, server_hello, "
	    "client_keyx, server_keyx, unknown; '|' for any, '!' for not",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = ssl_state_setup,
	.match = ssl_state_match,
	.free = free,
};

static int
ssl_state_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	static const struct {
		const char	*name;
		uint32_t	 bit;
	} names[] = {
		{ "client_hello", TLS_STATE_CLIENT_HELLO },
		{ "server_hello", TLS_STATE_SERVER_HELLO },
		{ "client_keyx", TLS_STATE_CLIENT_KEYX },
		{ "server_keyx", TLS_STATE_SERVER_KEYX },
		{ "unknown", TLS_STATE_UNKNOWN },
	};
	struct ssl_state_data *d;
	struct kwparse_arg a;
	size_t i = 0;

	detect_txmatch_value(opt, &a);
	if ((d = calloc(1, sizeof(*d))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	while (i <= a.len) {
		size_t n = 0, k;
		bool neg = false;

		while (i < a.len && a.s[i] == ' ')
			i++;
		if (i < a.len && a.s[i] == '!') {
			neg = true;
			i++;
		}
		while (i + n < a.len && a.s[i + n] != '|' && a.s[i + n] != ' ')
			n++;
		for (k = 0; k < QUELL_NITEMS(names); k++)
			if (strlen(names[k].name) == n &&
			    strncasecmp(names[k].name, a.s + i, n) == 0)
				break;
		if (k == QUELL_NITEMS(names)) {
			kwparse_error(p, &a, "invalid ssl_state '%.*s'",
			    (int)(a.len > 64 ? 64 : a.len), a.s);
			free(d);
			return -1;
		}
		d->flags |= names[k].bit;
		if (neg)
			d->mask |= names[k].bit;
		i += n;
		while (i < a.len && a.s[i] == ' ')
			i++;
		if (i < a.len && a.s[i] != '|') {
			kwparse_error(p, &a, "invalid ssl_state '%.*s'",
			    (int)(a.len > 64 ? 64 : a.len), a.s);
			free(d);
			return -1;
		}
		i++;
	}
	return detect_txmatch_attach(p, r, opt, &kw_ssl_state,
	    APPLAYER_PROTO_TLS, d);
}

static bool
ssl_state_match(struct detect_inspect *in, const void *data)
{
	const struct ssl_state_data *d = data;

	if (in->tx == NULL)
		return false;
	return ((d->flags & applayer_tls_ssl_state_current(in->tx,
	    detect_txmatch_dir(in))) ^ d->mask) != 0;
}
