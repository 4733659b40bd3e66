#include "core/base.h"
#include "core/hex.h"

#include "detect/keywords/keyword.h"
#include "detect/xform.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* Suricata's url_decode: %HH decoded, '+' to a space; a '%' without two
 * hex digits after it (also in the last two bytes) stays as it is, and
 * %u encoding is not decoded. */

static int	url_decode_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static uint32_t	url_decode_room(const void *, uint32_t);
static uint32_t	url_decode_xform(const void *, const uint8_t *, uint32_t,
		    uint8_t *, void *);

const struct keyword kw_url_decode = {
	.name = "url_decode",
	.desc = "transform: decode %HH and '+' (URL encoding)",
	.flags = KEYWORD_VALUE_NONE,
	.setup = url_decode_setup,
	.xform_room = url_decode_room,
	.xform = url_decode_xform,
};

static uint32_t
url_decode_room(const void *data, uint32_t len)
{
	return len;
}

static uint32_t
url_decode_xform(const void *data, const uint8_t *in, uint32_t len,
    uint8_t *out, void *scratch)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < len; i++) {
		if (in[i] == '%' && i + 2 < len && core_hex_value(in[i + 1]) !=
		    -1 && core_hex_value(in[i + 2]) != -1) {
			out[n++] = (uint8_t)(core_hex_value(in[i + 1]) << 4 |
			    core_hex_value(in[i + 2]));
			i += 2;
		} else if (in[i] == '+')
			out[n++] = ' ';
		else
			out[n++] = in[i];
	}
	return n;
}

static int
url_decode_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_xform_attach(p, r, opt, &kw_url_decode, NULL);
}
