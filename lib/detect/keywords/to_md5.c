#include "core/base.h"

#include "detect/digest.h"
#include "detect/keywords/keyword.h"
#include "detect/xform.h"
#include "rules/parser.h"
#include "rules/rule.h"

/* Suricata's to_md5: the buffer becomes its MD5 digest (raw bytes, as
 * content:"|..|" writes them). */

static int	to_md5_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static uint32_t	to_md5_room(const void *, uint32_t);
static uint32_t	to_md5_xform(const void *, const uint8_t *, uint32_t,
		    uint8_t *, void *);

const struct keyword kw_to_md5 = {
	.name = "to_md5",
	.desc = "transform: the buffer's MD5 digest",
	.flags = KEYWORD_VALUE_NONE,
	.setup = to_md5_setup,
	.xform_room = to_md5_room,
	.xform = to_md5_xform,
};

static uint32_t
to_md5_room(const void *data, uint32_t len)
{
	return DETECT_DIGEST_MAX;
}

static uint32_t
to_md5_xform(const void *data, const uint8_t *in, uint32_t len,
    uint8_t *out, void *scratch)
{
	return detect_digest(DETECT_DIGEST_MD5, in, len, out);
}

static int
to_md5_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_xform_attach(p, r, opt, &kw_to_md5, NULL);
}
