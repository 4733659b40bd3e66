#include "core/base.h"

#include "detect/keywords/content.h"
#include "detect/keywords/keyword.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	rawbytes_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Snort's "do not decode telnet/ftp"; the packet payload is raw bytes
 * already, so it changes nothing (Suricata accepts it the same way). */
const struct keyword kw_rawbytes = {
	.name = "rawbytes",
	.desc = "inspect raw bytes (a no-op: the payload is raw)",
	.flags = KEYWORD_VALUE_NONE,
	.setup = rawbytes_setup,
};

static int
rawbytes_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct detect_content *c = detect_content_last(p, r, opt, NULL);

	if (c == NULL)
		return -1;
	c->flags |= CONTENT_RAWBYTES;
	return 0;
}
