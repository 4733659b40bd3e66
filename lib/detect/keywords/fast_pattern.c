#include "core/base.h"

#include "detect/keywords/content.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	fast_pattern_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Picks the content the prefilter searches for this rule (instead of
 * Suricata's longest-content choice); "only" is accepted and means the
 * same (quell always re-checks the content), "off,len" feeds only that
 * slice of it to the prefilter. */
const struct keyword kw_fast_pattern = {
	.name = "fast_pattern",
	.desc = "use the previous content as the prefilter pattern "
	    "[:only | :offset,length]",
	.setup = fast_pattern_setup,
};

static int
fast_pattern_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct detect_content *c = detect_content_last(p, r, opt, NULL);
	struct kwparse_arg args[2];
	int64_t off, len;
	int n;

	if (c == NULL)
		return -1;
	if (r->flags & RULE_F_FAST_PATTERN) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "'fast_pattern' given for more than one content");
		return -1;
	}
	if ((c->flags & CONTENT_NEGATED) &&
	    (c->flags & (CONTENT_ABSOLUTE | CONTENT_RELATIVE))) {
		rules_parser_error(p, opt->name_off, opt->name, opt->name_len,
		    "'fast_pattern' cannot be used on a negated content with "
		    "depth, offset, distance or within");
		return -1;
	}
	r->flags |= RULE_F_FAST_PATTERN;
	c->flags |= CONTENT_FAST_PATTERN;
	if (!opt->has_value)
		return 0;
	if ((n = kwparse_split(p, opt, ',', args, 2)) == -1)
		return -1;
	if (n == 1 && kwparse_is(&args[0], "only")) {
		c->flags |= CONTENT_FP_ONLY;
		return 0;
	}
	if (n != 2 || !kwparse_i64(args[0].s, args[0].len, 0, 65535, &off) ||
	    !kwparse_i64(args[1].s, args[1].len, 1, 65535, &len)) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "invalid fast_pattern '%.*s': expected "
		    "'only' or 'offset,length'", (int)(opt->value_len > 64 ?
		    64 : opt->value_len), opt->value);
		return -1;
	}
	if (off + len > c->len) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "fast_pattern %lld,%lld reaches past the "
		    "end of the content (%u bytes)", (long long)off,
		    (long long)len, c->len);
		return -1;
	}
	c->flags |= CONTENT_FP_CHOP;
	c->fp_off = (uint32_t)off;
	c->fp_len = (uint32_t)len;
	return 0;
}
