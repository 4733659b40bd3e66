#include "core/base.h"

#include "detect/buffer.h"
#include "detect/keywords/keyword.h"
#include "rules/rule.h"

static int	http_stat_code_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Suricata's legacy content modifier: the content before it inspects
 * http.stat_code (response status code). */
const struct keyword kw_http_stat_code = {
	.name = "http_stat_code",
	.desc = "content modifier: the content inspects http.stat_code",
	.flags = KEYWORD_VALUE_NONE,
	.setup = http_stat_code_setup,
};

static int
http_stat_code_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_buffer_modifier_setup(p, r, opt, "http.stat_code");
}
