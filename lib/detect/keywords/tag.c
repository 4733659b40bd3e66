#include "core/base.h"

#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "detect/tag.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	tag_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* Suricata's tag: session[,count,metric] or host[,count,metric[,src|dst]]
 * with metric packets|seconds|bytes; the default is 256 packets of the
 * session, or of the destination host. What it tags eve logs as
 * "packet" events (see detect/tag.h). A rule may have several. */
const struct keyword kw_tag = {
	.name = "tag",
	.desc = "log the packets after the alert: session|host[,count,"
	    "packets|seconds|bytes[,src|dst]]",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = tag_setup,
};

static int
tag_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg args[4];
	struct detect_tag *t;
	int64_t v;
	int n;

	if ((n = kwparse_split(p, opt, ',', args, 4)) == -1)
		return -1;
	if ((t = calloc(1, sizeof(*t))) == NULL) {
		rules_parser_nomem(p);
		return -1;
	}
	t->count = DETECT_TAG_MAX_PKTS;
	t->metric = DETECT_TAG_PACKETS;
	t->dir = DETECT_TAG_DST;
	if (kwparse_is(&args[0], "session"))
		t->type = DETECT_TAG_SESSION;
	else if (kwparse_is(&args[0], "host"))
		t->type = DETECT_TAG_HOST;
	else
		goto bad;
	if (n == 2 || (n == 4 && t->type == DETECT_TAG_SESSION))
		goto bad;
	if (n >= 3) {
		if (!kwparse_i64(args[1].s, args[1].len, 0, UINT32_MAX, &v))
			goto bad;
		t->count = (uint32_t)v;
		if (kwparse_is(&args[2], "packets"))
			t->metric = DETECT_TAG_PACKETS;
		else if (kwparse_is(&args[2], "seconds"))
			t->metric = DETECT_TAG_SECONDS;
		else if (kwparse_is(&args[2], "bytes"))
			t->metric = DETECT_TAG_BYTES;
		else
			goto bad;
	}
	if (n == 4) {
		if (kwparse_is(&args[3], "src"))
			t->dir = DETECT_TAG_SRC;
		else if (!kwparse_is(&args[3], "dst"))
			goto bad;
	}
	/* A rule may tag both, as Suricata allows: "tag:host,...;
	 * tag:session;" */
	{
		struct detect_tag **tail = &r->tag;

		while (*tail != NULL)
			tail = &(*tail)->next;
		*tail = t;
	}
	return 0;
bad:
	free(t);
	rules_parser_error(p, opt->value_off, opt->value, opt->value_len,
	    "invalid tag '%.*s' (expected session[,count,packets|seconds|"
	    "bytes] or host[,count,packets|seconds|bytes[,src|dst]])",
	    (int)(opt->value_len > 64 ? 64 : opt->value_len), opt->value);
	return -1;
}
