#include "core/base.h"

#include "detect/filehash.h"
#include "detect/keywords/keyword.h"

static int	filemd5_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Suricata's filemd5:[!]LIST: the MD5 of a closed file is (not) in
 * the hash list LIST (one hex digest a line; detect/filehash.h). */
const struct keyword kw_filemd5 = {
	.name = "filemd5",
	.desc = "MD5 of a closed file is in a hash list: [!]FILE",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = filemd5_setup,
	.inspect = detect_filehash_inspect,
	.free = detect_filehash_free,
};

static int
filemd5_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_filehash_setup(p, r, opt, &kw_filemd5, 16,
	    "file.md5");
}
