#include "core/base.h"

#include "detect/buffer.h"
#include "detect/keywords/keyword.h"
#include "rules/rule.h"

static int	http_raw_header_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Suricata's legacy content modifier: the content before it inspects
 * http.header.raw (header block as sent). */
const struct keyword kw_http_raw_header = {
	.name = "http_raw_header",
	.desc = "content modifier: the content inspects http.header.raw",
	.flags = KEYWORD_VALUE_NONE,
	.setup = http_raw_header_setup,
};

static int
http_raw_header_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_buffer_modifier_setup(p, r, opt, "http.header.raw");
}
