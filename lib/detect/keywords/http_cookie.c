#include "core/base.h"

#include "detect/buffer.h"
#include "detect/keywords/keyword.h"
#include "rules/rule.h"

static int	http_cookie_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Suricata's legacy content modifier: the content before it inspects
 * http.cookie (Cookie / Set-Cookie header). */
const struct keyword kw_http_cookie = {
	.name = "http_cookie",
	.desc = "content modifier: the content inspects http.cookie",
	.flags = KEYWORD_VALUE_NONE,
	.setup = http_cookie_setup,
};

static int
http_cookie_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_buffer_modifier_setup(p, r, opt, "http.cookie");
}
