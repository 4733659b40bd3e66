#include "core/base.h"

#include "detect/filehash.h"
#include "detect/keywords/keyword.h"

static int	filesha256_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Suricata's filesha256:[!]LIST: the SHA-256 of a closed file is (not) in
 * the hash list LIST (one hex digest a line; detect/filehash.h). */
const struct keyword kw_filesha256 = {
	.name = "filesha256",
	.desc = "SHA-256 of a closed file is in a hash list: [!]FILE",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = filesha256_setup,
	.inspect = detect_filehash_inspect,
	.free = detect_filehash_free,
};

static int
filesha256_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_filehash_setup(p, r, opt, &kw_filesha256, 32,
	    "file.sha256");
}
