#include "core/base.h"

#include "detect/buffer.h"
#include "detect/keywords/keyword.h"
#include "rules/rule.h"

static int	http_client_body_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Suricata's legacy content modifier: the content before it inspects
 * http.request_body (request body, dechunked and decompressed). */
const struct keyword kw_http_client_body = {
	.name = "http_client_body",
	.desc = "content modifier: the content inspects http.request_body",
	.flags = KEYWORD_VALUE_NONE,
	.setup = http_client_body_setup,
};

static int
http_client_body_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_buffer_modifier_setup(p, r, opt, "http.request_body");
}
