#include "core/base.h"

#include "detect/buffer.h"
#include "detect/keywords/keyword.h"
#include "rules/rule.h"

static int	http_method_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Suricata's legacy content modifier: the content before it inspects
 * http.method (request method). */
const struct keyword kw_http_method = {
	.name = "http_method",
	.desc = "content modifier: the content inspects http.method",
	.flags = KEYWORD_VALUE_NONE,
	.setup = http_method_setup,
};

static int
http_method_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_buffer_modifier_setup(p, r, opt, "http.method");
}
