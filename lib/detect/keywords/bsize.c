#include "core/base.h"

#include "detect/buffer.h"
#include "detect/keywords/keyword.h"
#include "detect/uint.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	bsize_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static int	bsize_inspect(struct detect_inspect *, const void *,
		    uint32_t *);

/* Suricata's bsize: the length of the sticky buffer (after its
 * transforms) compared with N, <N, >N, N<>M, ...; bsize:0 matches a
 * buffer that exists but is empty (an empty header). Only after a
 * sticky buffer, as in Suricata. */
const struct keyword kw_bsize = {
	.name = "bsize",
	.desc = "length of the sticky buffer: N, <N, >N, N<>M, !N",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = bsize_setup,
	.inspect = bsize_inspect,
	.free = free,
};

static int
bsize_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct detect_uint *u;

	if (r->buffer == DETECT_BUFFER_PAYLOAD) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "bsize needs a sticky buffer before it");
		return -1;
	}
	if ((u = malloc(sizeof(*u))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (!detect_uint_parse(opt->value, opt->value_len, UINT32_MAX, u)) {
		free(u);
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid bsize '%.*s' (expected N, !N, "
		    "<N, >N or N<>M)", (int)(opt->value_len > 64 ? 64 :
		    opt->value_len), opt->value);
		return -1;
	}
	if (rules_rule_add_match(r, &kw_bsize, RULE_LIST_BUFFER, u) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	return 0;
}

static int
bsize_inspect(struct detect_inspect *in, const void *data, uint32_t *resume)
{
	*resume = 0;
	/* the length does not depend on where the previous keyword
	 * matched: no retry can change the answer */
	return detect_uint_match(data, in->buf_len) ? DETECT_INSPECT_MATCH :
	    DETECT_INSPECT_ABORT;
}
