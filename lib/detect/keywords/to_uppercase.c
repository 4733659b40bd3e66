#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "detect/xform.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* Suricata's to_uppercase: ASCII letters to upper case. A content with
 * lowercase letters can then never match: an error. */

static int	to_uppercase_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static uint32_t	to_uppercase_room(const void *, uint32_t);
static uint32_t	to_uppercase_xform(const void *, const uint8_t *, uint32_t,
		    uint8_t *, void *);
static bool	to_uppercase_validate(const void *, const uint8_t *, uint32_t);

const struct keyword kw_to_uppercase = {
	.name = "to_uppercase",
	.desc = "transform: ASCII letters to upper case",
	.flags = KEYWORD_VALUE_NONE,
	.setup = to_uppercase_setup,
	.xform_room = to_uppercase_room,
	.xform = to_uppercase_xform,
	.xform_validate = to_uppercase_validate,
};

static uint32_t
to_uppercase_room(const void *data, uint32_t len)
{
	return len;
}

static uint32_t
to_uppercase_xform(const void *data, const uint8_t *in, uint32_t len,
    uint8_t *out, void *scratch)
{
	for (uint32_t i = 0; i < len; i++) {
		uint8_t c = in[i];

		out[i] = c >= 'a' && c <= 'z' ? (uint8_t)(c - 32) : c;
	}
	return len;
}

static bool
to_uppercase_validate(const void *data, const uint8_t *pat, uint32_t len)
{
	for (uint32_t i = 0; i < len; i++)
		if (pat[i] >= 'a' && pat[i] <= 'z')
			return false;
	return true;
}

static int
to_uppercase_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_xform_attach(p, r, opt, &kw_to_uppercase, NULL);
}
