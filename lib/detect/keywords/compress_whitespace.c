#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "detect/xform.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* Suricata's compress_whitespace: each run of whitespace (isspace)
 * shrinks to its first byte. A content with two whitespace bytes in a
 * row can then never match: an error. */

static int	compress_whitespace_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static uint32_t	compress_whitespace_room(const void *, uint32_t);
static uint32_t	compress_whitespace_xform(const void *, const uint8_t *,
		    uint32_t, uint8_t *, void *);
static bool	compress_whitespace_validate(const void *, const uint8_t *,
		    uint32_t);

const struct keyword kw_compress_whitespace = {
	.name = "compress_whitespace",
	.desc = "transform: each run of whitespace to its first byte",
	.flags = KEYWORD_VALUE_NONE,
	.setup = compress_whitespace_setup,
	.xform_room = compress_whitespace_room,
	.xform = compress_whitespace_xform,
	.xform_validate = compress_whitespace_validate,
};

static uint32_t
compress_whitespace_room(const void *data, uint32_t len)
{
	return len;
}

static uint32_t
compress_whitespace_xform(const void *data, const uint8_t *in, uint32_t len,
    uint8_t *out, void *scratch)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < len; i++)
		if (i == 0 || !detect_xform_is_space(in[i]) ||
		    !detect_xform_is_space(in[i - 1]))
			out[n++] = in[i];
	return n;
}

static bool
compress_whitespace_validate(const void *data, const uint8_t *pat,
    uint32_t len)
{
	for (uint32_t i = 1; i < len; i++)
		if (detect_xform_is_space(pat[i]) &&
		    detect_xform_is_space(pat[i - 1]))
			return false;
	return true;
}

static int
compress_whitespace_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_xform_attach(p, r, opt, &kw_compress_whitespace, NULL);
}
