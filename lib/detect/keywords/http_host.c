#include "core/base.h"

#include "detect/buffer.h"
#include "detect/keywords/keyword.h"
#include "rules/rule.h"

static int	http_host_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Suricata's legacy content modifier: the content before it inspects
 * http.host (normalised host (lower case, no port)). */
const struct keyword kw_http_host = {
	.name = "http_host",
	.desc = "content modifier: the content inspects http.host",
	.flags = KEYWORD_VALUE_NONE,
	.setup = http_host_setup,
};

static int
http_host_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_buffer_modifier_setup(p, r, opt, "http.host");
}
