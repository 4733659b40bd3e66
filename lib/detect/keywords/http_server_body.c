#include "core/base.h"

#include "detect/buffer.h"
#include "detect/keywords/keyword.h"
#include "rules/rule.h"

static int	http_server_body_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Suricata's legacy content modifier: the content before it inspects
 * http.response_body (response body, dechunked and decompressed). */
const struct keyword kw_http_server_body = {
	.name = "http_server_body",
	.desc = "content modifier: the content inspects http.response_body",
	.flags = KEYWORD_VALUE_NONE,
	.setup = http_server_body_setup,
};

static int
http_server_body_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_buffer_modifier_setup(p, r, opt, "http.response_body");
}
