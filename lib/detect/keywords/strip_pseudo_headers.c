#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "detect/xform.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* Suricata's strip_pseudo_headers, for HTTP/2 header blocks: the lines
 * whose name starts with ':' (":method: GET") removed with their line
 * end. A line starts after a '\n'; the '\r' and '\n' bytes that begin a
 * line belong to no header and stay. */

static int	strip_pseudo_headers_setup(struct rules_parser *,
		    struct rule *, const struct rules_option *);
static uint32_t	strip_pseudo_headers_room(const void *, uint32_t);
static uint32_t	strip_pseudo_headers_xform(const void *, const uint8_t *,
		    uint32_t, uint8_t *, void *);

const struct keyword kw_strip_pseudo_headers = {
	.name = "strip_pseudo_headers",
	.desc = "transform: remove the pseudo header lines (\":name: value\")",
	.flags = KEYWORD_VALUE_NONE,
	.setup = strip_pseudo_headers_setup,
	.xform_room = strip_pseudo_headers_room,
	.xform = strip_pseudo_headers_xform,
};

static uint32_t
strip_pseudo_headers_room(const void *data, uint32_t len)
{
	return len;
}

static uint32_t
strip_pseudo_headers_xform(const void *data, const uint8_t *in, uint32_t len,
    uint8_t *out, void *scratch)
{
	bool new_line = true, pseudo = false;
	uint32_t n = 0;

	for (uint32_t i = 0; i < len; i++) {
		if (new_line) {
			if (in[i] == ':')
				pseudo = true;
			if (in[i] != '\r' && in[i] != '\n')
				new_line = false;
		} else if (in[i] == '\n') {
			new_line = true;
			if (!pseudo)
				out[n++] = in[i];
			pseudo = false;
			continue;
		}
		if (!pseudo)
			out[n++] = in[i];
	}
	return n;
}

static int
strip_pseudo_headers_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_xform_attach(p, r, opt, &kw_strip_pseudo_headers, NULL);
}
