#include "core/base.h"

#include "detect/buffer.h"
#include "detect/keywords/keyword.h"
#include "rules/rule.h"

static int	http_stat_msg_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Suricata's legacy content modifier: the content before it inspects
 * http.stat_msg (response status message). */
const struct keyword kw_http_stat_msg = {
	.name = "http_stat_msg",
	.desc = "content modifier: the content inspects http.stat_msg",
	.flags = KEYWORD_VALUE_NONE,
	.setup = http_stat_msg_setup,
};

static int
http_stat_msg_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_buffer_modifier_setup(p, r, opt, "http.stat_msg");
}
