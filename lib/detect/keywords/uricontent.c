#include "core/base.h"

#include "detect/buffer.h"
#include "detect/keywords/content.h"
#include "detect/keywords/keyword.h"
#include "rules/rule.h"

static int	uricontent_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Snort's uricontent, which Suricata keeps: "content:X; http_uri;". */
const struct keyword kw_uricontent = {
	.name = "uricontent",
	.desc = "content in http.uri (content with http_uri)",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = uricontent_setup,
};

static int
uricontent_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct rule_match *m;

	if (kw_content.setup(p, r, opt) == -1 ||
	    detect_content_last(p, r, opt, &m) == NULL)
		return -1;
	return detect_buffer_modifier(p, r, opt, m, "http.uri");
}
