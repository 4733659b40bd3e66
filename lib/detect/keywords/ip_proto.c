#include "core/base.h"

#include <strings.h>

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/kwparse.h"
#include "detect/uint.h"
#include "rules/lexer.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	ip_proto_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	ip_proto_match(struct detect_inspect *, const void *);

/* The names of /etc/protocols that rules use; a fixed table keeps rule
 * loading independent of the system's files. */
static const struct {
	const char	*name;
	uint8_t		 proto;
} ip_proto_names[] = {
	{ "ah", 51 }, { "egp", 8 }, { "esp", 50 }, { "gre", 47 },
	{ "icmp", 1 }, { "icmpv6", 58 }, { "igmp", 2 }, { "ip", 0 },
	{ "ipip", 4 }, { "ipv6", 41 }, { "ipv6-frag", 44 },
	{ "ipv6-icmp", 58 }, { "ipv6-nonxt", 59 }, { "ipv6-opts", 60 },
	{ "ipv6-route", 43 }, { "l2tp", 115 }, { "ospf", 89 },
	{ "pim", 103 }, { "rsvp", 46 }, { "sctp", 132 }, { "tcp", 6 },
	{ "udp", 17 }, { "udplite", 136 }, { "vrrp", 112 },
};

const struct keyword kw_ip_proto = {
	.name = "ip_proto",
	.desc = "IP protocol number or name: N, !N, <N, >N, tcp, !udp",
	.flags = KEYWORD_VALUE_REQUIRED,
	.setup = ip_proto_setup,
	.match = ip_proto_match,
	.free = free,
};

static int
ip_proto_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	struct kwparse_arg a = { opt->value, opt->value_len, opt->value_off };
	struct detect_uint *u;
	bool neg = false;

	if (a.len > 0 && a.s[0] == '!') {
		neg = true;
		a.s++;
		a.len--;
	}
	for (size_t i = 0; i < QUELL_NITEMS(ip_proto_names); i++) {
		if (!kwparse_is(&a, ip_proto_names[i].name))
			continue;
		if ((u = calloc(1, sizeof(*u))) == NULL) {
			rules_parser_nomem(p);
			return -1;
		}
		u->mode = neg ? DETECT_UINT_NE : DETECT_UINT_EQ;
		u->a = ip_proto_names[i].proto;
		if (rules_rule_add_match(r, &kw_ip_proto, RULE_LIST_PACKET,
		    u) == NULL) {
			rules_parser_nomem(p);
			return -1;
		}
		return 0;
	}
	return detect_uint_setup(p, r, opt, &kw_ip_proto, UINT8_MAX);
}

static bool
ip_proto_match(struct detect_inspect *in, const void *data)
{
	return detect_uint_match(data, in->pkt->proto);
}
