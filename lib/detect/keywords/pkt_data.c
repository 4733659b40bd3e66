#include "core/base.h"

#include "detect/buffer.h"
#include "detect/keywords/keyword.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	pkt_data_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);

/* A sticky buffer keyword: the content keywords after it inspect the
 * packet payload (the default). Future buffers (http.uri, dns.query)
 * are keywords like this one setting another id. */
const struct keyword kw_pkt_data = {
	.name = "pkt_data",
	.desc = "inspect the packet payload from here on (the default)",
	.flags = KEYWORD_VALUE_NONE,
	.setup = pkt_data_setup,
};

static int
pkt_data_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	r->buffer = DETECT_BUFFER_PAYLOAD;
	r->xchain = 0;
	r->xforms_ok = false;
	return 0;
}
