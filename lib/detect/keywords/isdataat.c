#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/parser.h"
#include "rules/rule.h"

struct isdataat {
	struct detect_value offset;
	bool		 negated;
	bool		 relative;
};

static int	isdataat_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static int	isdataat_inspect(struct detect_inspect *, const void *,
		    uint32_t *);

/* As Suricata: isdataat:N holds when the buffer has a byte at offset N;
 * isdataat:N,relative when at least N bytes follow the cursor. */
const struct keyword kw_isdataat = {
	.name = "isdataat",
	.desc = "the buffer has data at an offset: [!]N[,relative]",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = isdataat_setup,
	.inspect = isdataat_inspect,
	.free = free,
};

static int
isdataat_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg args[3];
	struct isdataat *d;
	struct rule_match *m;
	int n;

	if ((n = kwparse_split(p, opt, ',', args, QUELL_NITEMS(args))) == -1)
		return -1;
	if ((d = calloc(1, sizeof(*d))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (args[0].len > 0 && args[0].s[0] == '!') {
		d->negated = true;
		args[0].s++;
		args[0].len--;
		args[0].off++;
	}
	if (kwparse_value(p, r, &args[0], "isdataat offset", 0, 65535,
	    &d->offset) == -1)
		goto fail;
	for (int i = 1; i < n; i++) {
		if (kwparse_is(&args[i], "relative"))
			d->relative = true;
		else if (!kwparse_is(&args[i], "rawbytes")) {
			kwparse_error(p, &args[i], "unknown isdataat option "
			    "'%.*s' (expected relative or rawbytes)",
			    (int)(args[i].len > 32 ? 32 : args[i].len),
			    args[i].s);
			goto fail;
		}
	}
	if ((m = rules_rule_add_match(r, &kw_isdataat, RULE_LIST_BUFFER,
	    d)) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	if (d->relative)
		m->flags |= RULE_MATCH_RELATIVE;
	return 0;
fail:
	free(d);
	return -1;
}

static int
isdataat_inspect(struct detect_inspect *in, const void *data,
    uint32_t *resume)
{
	const struct isdataat *d = data;
	int64_t at = detect_value_get(&d->offset, in);
	bool has;

	*resume = 0;
	if (d->relative)
		has = (int64_t)in->cursor + at <= (int64_t)in->buf_len;
	else
		has = at < (int64_t)in->buf_len;
	if (has != d->negated)
		return DETECT_INSPECT_MATCH;
	/* a constant offset fails wherever the previous keyword matched
	 * when there is no data (Suricata's no_match_discontinue) */
	return !has && d->offset.var < 0 ? DETECT_INSPECT_ABORT :
	    DETECT_INSPECT_NOMATCH;
}
