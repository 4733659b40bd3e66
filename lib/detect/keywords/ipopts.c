#include "core/base.h"

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

#define IPOPTS_ANY	(-1)

static int	ipopts_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	ipopts_match(struct detect_inspect *, const void *);

static const struct {
	const char	*name;
	int		 type;
} ipopts_names[] = {
	{ "any", IPOPTS_ANY },
	{ "eol", 0x00 },
	{ "esec", 0x85 },
	{ "lsrr", 0x83 },
	{ "nop", 0x01 },
	{ "rr", 0x07 },
	{ "satid", 0x88 },
	{ "sec", 0x82 },
	{ "ssrr", 0x89 },
	{ "ts", 0x44 },
};

const struct keyword kw_ipopts = {
	.name = "ipopts",
	.desc = "an IPv4 option is present: rr eol nop ts sec esec lsrr "
	    "ssrr satid any",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = ipopts_setup,
	.match = ipopts_match,
	.free = free,
};

static int
ipopts_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg a = { opt->value, opt->value_len, opt->value_off };
	int *type;

	for (size_t i = 0; i < QUELL_NITEMS(ipopts_names); i++) {
		if (!kwparse_is(&a, ipopts_names[i].name))
			continue;
		if ((type = malloc(sizeof(*type))) == NULL) {
			rules_parser_nomem(p);
			return -1;
		}
		*type = ipopts_names[i].type;
		if (rules_rule_add_match(r, &kw_ipopts, RULE_LIST_PACKET,
		    type) == NULL) {
			rules_parser_nomem(p);
			return -1;
		}
		return 0;
	}
	kwparse_error(p, &a, "unknown ipopts '%.*s' (expected rr, eol, nop, "
	    "ts, sec, esec, lsrr, ssrr, satid or any)",
	    (int)(a.len > 64 ? 64 : a.len), a.s);
	return -1;
}

/* Walks the options of the IPv4 header, every length checked. */
static bool
ipopts_match(struct detect_inspect *in, const void *data)
{
	const struct packet *p = in->pkt;
	int want = *(const int *)data;
	size_t i = 20, end = p->ip_hdr_len;
	const uint8_t *ip = p->l3;

	if (p->ip_version != 4 || ip == NULL || end <= 20 ||
	    end > p->len - (size_t)(ip - p->data))
		return false;
	while (i < end) {
		uint8_t t = ip[i];

		if (want == IPOPTS_ANY || t == want)
			return true;
		if (t == 0)
			return false;
		if (t == 1) {
			i++;
			continue;
		}
		if (i + 1 >= end || ip[i + 1] < 2)
			return false;
		i += ip[i + 1];
	}
	return false;
}
