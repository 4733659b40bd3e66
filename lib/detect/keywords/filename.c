#include "core/base.h"

#include "detect/buffer.h"
#include "detect/keywords/content.h"
#include "detect/keywords/keyword.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

extern const struct keyword kw_nocase;

static int	filename_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Suricata 7's filename:[!]"name": a content on file.name, nocase (a
 * substring of the file's name: "r.pdf" matches "/~regit/R.PDF"); the
 * rule becomes one of the protocol whose files carry the buffer (HTTP
 * here), whatever its header protocol. */
const struct keyword kw_filename = {
	.name = "filename",
	.desc = "file name contains: [!]\"name\" (file.name, nocase)",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = filename_setup,
};

static int
filename_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct rule_match *m;

	if (kw_content.setup(p, r, opt) == -1 ||
	    detect_content_last(p, r, opt, &m) == NULL ||
	    kw_nocase.setup(p, r, opt) == -1)
		return -1;
	return detect_buffer_attach(p, r, opt, m, "file.name");
}
