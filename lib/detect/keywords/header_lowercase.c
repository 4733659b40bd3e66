#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "detect/xform.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* Suricata's header_lowercase, for header blocks (http.header_names,
 * http.request_header ...): on each line, the bytes before the first
 * ':' (the name) to lower case; values untouched. */

static int	header_lowercase_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static uint32_t	header_lowercase_room(const void *, uint32_t);
static uint32_t	header_lowercase_xform(const void *, const uint8_t *,
		    uint32_t, uint8_t *, void *);

const struct keyword kw_header_lowercase = {
	.name = "header_lowercase",
	.desc = "transform: header names (before each line's ':') to lower "
	    "case",
	.flags = KEYWORD_VALUE_NONE,
	.setup = header_lowercase_setup,
	.xform_room = header_lowercase_room,
	.xform = header_lowercase_xform,
};

static uint32_t
header_lowercase_room(const void *data, uint32_t len)
{
	return len;
}

static uint32_t
header_lowercase_xform(const void *data, const uint8_t *in, uint32_t len,
    uint8_t *out, void *scratch)
{
	bool value = false;

	for (uint32_t i = 0; i < len; i++) {
		uint8_t c = in[i];

		if (!value && c == ':')
			value = true;
		else if (!value && c >= 'A' && c <= 'Z')
			c = (uint8_t)(c + 32);
		else if (value && c == '\n')
			value = false;
		out[i] = c;
	}
	return len;
}

static int
header_lowercase_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_xform_attach(p, r, opt, &kw_header_lowercase, NULL);
}
