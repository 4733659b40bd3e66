#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "detect/xform.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* Suricata's dotprefix: a '.' before the buffer, so that
 * "dns.query; dotprefix; content:\".example.com\"; endswith;" matches
 * example.com and its subdomains, not badexample.com. */

static int	dotprefix_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static uint32_t	dotprefix_room(const void *, uint32_t);
static uint32_t	dotprefix_xform(const void *, const uint8_t *, uint32_t,
		    uint8_t *, void *);

const struct keyword kw_dotprefix = {
	.name = "dotprefix",
	.desc = "transform: prefix the buffer with a '.'",
	.flags = KEYWORD_VALUE_NONE,
	.setup = dotprefix_setup,
	.xform_room = dotprefix_room,
	.xform = dotprefix_xform,
};

static uint32_t
dotprefix_room(const void *data, uint32_t len)
{
	return len + 1;
}

static uint32_t
dotprefix_xform(const void *data, const uint8_t *in, uint32_t len,
    uint8_t *out, void *scratch)
{
	out[0] = '.';
	memcpy(out + 1, in, len);
	return len + 1;
}

static int
dotprefix_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_xform_attach(p, r, opt, &kw_dotprefix, NULL);
}
