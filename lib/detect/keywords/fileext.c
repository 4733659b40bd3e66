#include "core/base.h"

#include <stdio.h>

#include "detect/buffer.h"
#include "detect/keywords/content.h"
#include "detect/keywords/keyword.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

extern const struct keyword kw_endswith;
extern const struct keyword kw_nocase;

static int	fileext_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Suricata 7's fileext:[!]"ext": file.name ends with "." and ext, any
 * case ("pdf" matches "R.PDF", not "xpdf"). */
const struct keyword kw_fileext = {
	.name = "fileext",
	.desc = "file name extension: [!]\"ext\" (file.name, nocase)",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = fileext_setup,
};

static int
fileext_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct rules_option o = *opt;
	const char *v = opt->value;
	size_t i = 0, end = opt->value_len;
	bool neg = false;
	struct rule_match *m;
	char buf[300];
	int n;

	if (i < end && v[i] == '!') {
		neg = true;
		for (i++; i < end && rules_lexer_is_blank(v[i]); i++)
			;
	}
	if (end - i >= 2 && v[i] == '"' && v[end - 1] == '"') {
		i++;
		end--;
	}
	if (end == i || end - i > 255) {
		rules_parser_error(p, opt->value_off, opt->value,
		    opt->value_len, "fileext needs an extension of 1 to 255 "
		    "bytes");
		return -1;
	}
	n = snprintf(buf, sizeof(buf), "%s\".%.*s\"", neg ? "!" : "",
	    (int)(end - i), v + i);
	o.value = buf;
	o.value_len = (size_t)n;
	if (kw_content.setup(p, r, &o) == -1 ||
	    detect_content_last(p, r, opt, &m) == NULL ||
	    kw_nocase.setup(p, r, opt) == -1 ||
	    kw_endswith.setup(p, r, opt) == -1)
		return -1;
	return detect_buffer_attach(p, r, opt, m, "file.name");
}
