#include "core/base.h"

#include "detect/buffer.h"
#include "detect/keywords/keyword.h"
#include "rules/rule.h"

static int	http_user_agent_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Suricata's legacy content modifier: the content before it inspects
 * http.user_agent (User-Agent header). */
const struct keyword kw_http_user_agent = {
	.name = "http_user_agent",
	.desc = "content modifier: the content inspects http.user_agent",
	.flags = KEYWORD_VALUE_NONE,
	.setup = http_user_agent_setup,
};

static int
http_user_agent_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_buffer_modifier_setup(p, r, opt, "http.user_agent");
}
