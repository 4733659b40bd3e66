#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "detect/xform.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* Suricata's to_lowercase: ASCII letters to lower case. A content with
 * uppercase letters can then never match: an error. */

static int	to_lowercase_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static uint32_t	to_lowercase_room(const void *, uint32_t);
static uint32_t	to_lowercase_xform(const void *, const uint8_t *, uint32_t,
		    uint8_t *, void *);
static bool	to_lowercase_validate(const void *, const uint8_t *, uint32_t);

const struct keyword kw_to_lowercase = {
	.name = "to_lowercase",
	.desc = "transform: ASCII letters to lower case",
	.flags = KEYWORD_VALUE_NONE,
	.setup = to_lowercase_setup,
	.xform_room = to_lowercase_room,
	.xform = to_lowercase_xform,
	.xform_validate = to_lowercase_validate,
};

static uint32_t
to_lowercase_room(const void *data, uint32_t len)
{
	return len;
}

static uint32_t
to_lowercase_xform(const void *data, const uint8_t *in, uint32_t len,
    uint8_t *out, void *scratch)
{
	for (uint32_t i = 0; i < len; i++) {
		uint8_t c = in[i];

		out[i] = c >= 'A' && c <= 'Z' ? (uint8_t)(c + 32) : c;
	}
	return len;
}

static bool
to_lowercase_validate(const void *data, const uint8_t *pat, uint32_t len)
{
	for (uint32_t i = 0; i < len; i++)
		if (pat[i] >= 'A' && pat[i] <= 'Z')
			return false;
	return true;
}

static int
to_lowercase_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_xform_attach(p, r, opt, &kw_to_lowercase, NULL);
}
