#include "core/base.h"

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	id_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	id_match(struct detect_inspect *, const void *);

/* IPv4 only, as Suricata. */
const struct keyword kw_id = {
	.name = "id",
	.desc = "IPv4 identification field: N",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = id_setup,
	.match = id_match,
	.free = free,
};

static int
id_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return kwparse_number_match(p, r, opt, &kw_id, UINT16_MAX);
}

static bool
id_match(struct detect_inspect *in, const void *data)
{
	const struct packet *p = in->pkt;
	const uint64_t *v = data;

	if (p->ip_version != 4)
		return false;
	return p->ip_id == *v;
}
