#include "core/base.h"

#include <netinet/in.h>

#include "core/packet.h"
#include "decode/bytes.h"
#include "detect/keywords/keyword.h"
#include "detect/uint.h"
#include "rules/parser.h"
#include "rules/rule.h"

#define ICMPV6_PACKET_TOO_BIG	2

static int	icmpv6_mtu_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	icmpv6_mtu_match(struct detect_inspect *, const void *);

/* Suricata's icmpv6.mtu: the MTU of an ICMPv6 packet too big message
 * (type 2, code 0); every other packet fails. */
const struct keyword kw_icmpv6_mtu = {
	.name = "icmpv6.mtu",
	.desc = "MTU of an ICMPv6 packet too big (type 2 code 0): N, <N, >N, "
	    "N-M, !N",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_ONCE,
	.setup = icmpv6_mtu_setup,
	.match = icmpv6_mtu_match,
	.free = free,
};

static int
icmpv6_mtu_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_uint_setup(p, r, opt, &kw_icmpv6_mtu, UINT32_MAX);
}

static bool
icmpv6_mtu_match(struct detect_inspect *in, const void *data)
{
	const struct packet *p = in->pkt;

	if (p->ip_version != 6 || p->proto != IPPROTO_ICMPV6 ||
	    p->is_fragment || p->l4 == NULL || !p->l4_valid ||
	    p->l4 + 8 > p->data + p->len ||
	    p->icmp_type != ICMPV6_PACKET_TOO_BIG || p->icmp_code != 0)
		return false;
	return detect_uint_match(data, decode_be16(p->l4 + 4) * 65536u +
	    decode_be16(p->l4 + 6));
}
