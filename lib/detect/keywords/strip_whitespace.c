#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "detect/xform.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* Suricata's strip_whitespace: every whitespace byte (isspace) removed.
 * A content with whitespace can then never match: an error. */

static int	strip_whitespace_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static uint32_t	strip_whitespace_room(const void *, uint32_t);
static uint32_t	strip_whitespace_xform(const void *, const uint8_t *,
		    uint32_t, uint8_t *, void *);
static bool	strip_whitespace_validate(const void *, const uint8_t *,
		    uint32_t);

const struct keyword kw_strip_whitespace = {
	.name = "strip_whitespace",
	.desc = "transform: remove all whitespace",
	.flags = KEYWORD_VALUE_NONE,
	.setup = strip_whitespace_setup,
	.xform_room = strip_whitespace_room,
	.xform = strip_whitespace_xform,
	.xform_validate = strip_whitespace_validate,
};

static uint32_t
strip_whitespace_room(const void *data, uint32_t len)
{
	return len;
}

static uint32_t
strip_whitespace_xform(const void *data, const uint8_t *in, uint32_t len,
    uint8_t *out, void *scratch)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < len; i++)
		if (!detect_xform_is_space(in[i]))
			out[n++] = in[i];
	return n;
}

static bool
strip_whitespace_validate(const void *data, const uint8_t *pat, uint32_t len)
{
	for (uint32_t i = 0; i < len; i++)
		if (detect_xform_is_space(pat[i]))
			return false;
	return true;
}

static int
strip_whitespace_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_xform_attach(p, r, opt, &kw_strip_whitespace, NULL);
}
