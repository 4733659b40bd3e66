#include "core/base.h"

#include "detect/buffer.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "detect/uint.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	urilen_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static int	urilen_inspect(struct detect_inspect *, const void *,
		    uint32_t *);

/* Suricata's urilen: the length of http.uri (",norm", the default) or
 * of http.uri.raw (",raw") compared with N, <N, >N, N<>M. It inspects
 * that buffer whatever the rule's sticky buffer is. */
const struct keyword kw_urilen = {
	.name = "urilen",
	.desc = "length of the request URI: [<|>]N[,norm|raw], N<>M",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = urilen_setup,
	.inspect = urilen_inspect,
	.free = free,
};

static int
urilen_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg args[2];
	struct detect_uint *u;
	struct rule_match *m;
	const char *buf = "http.uri";
	int n;

	if ((n = kwparse_split(p, opt, ',', args, QUELL_NITEMS(args))) == -1)
		return -1;
	if (n == 2) {
		if (kwparse_is(&args[1], "raw"))
			buf = "http.uri.raw";
		else if (!kwparse_is(&args[1], "norm")) {
			kwparse_error(p, &args[1], "unknown urilen option "
			    "'%.*s' (expected norm or raw)",
			    (int)(args[1].len > 32 ? 32 : args[1].len),
			    args[1].s);
			return -1;
		}
	}
	if ((u = malloc(sizeof(*u))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (!detect_uint_parse(args[0].s, args[0].len, UINT16_MAX, u)) {
		free(u);
		kwparse_error(p, &args[0], "invalid urilen '%.*s' (expected "
		    "N, <N, >N or N<>M up to 65535)", (int)(args[0].len > 64 ?
		    64 : args[0].len), args[0].s);
		return -1;
	}
	if ((m = rules_rule_add_match(r, &kw_urilen, RULE_LIST_BUFFER,
	    u)) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return detect_buffer_attach(p, r, opt, m, buf);
}

static int
urilen_inspect(struct detect_inspect *in, const void *data,
    uint32_t *resume)
{
	*resume = 0;
	return detect_uint_match(data, in->buf_len) ? DETECT_INSPECT_MATCH :
	    DETECT_INSPECT_ABORT;
}
