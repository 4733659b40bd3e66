#include "core/base.h"

#include <netinet/in.h>

#include "core/packet.h"
#include "detect/keywords/keyword.h"
#include "detect/uint.h"
#include "rules/parser.h"
#include "rules/rule.h"

static int	tcp_mss_setup(struct rules_parser *, struct rule *,
		    const struct rules_option *);
static bool	tcp_mss_match(struct detect_inspect *, const void *);
static bool	tcp_mss_option(const struct packet *, uint16_t *);

/* Packets without an MSS option do not match. */
const struct keyword kw_tcp_mss = {
	.name = "tcp.mss",
	.desc = "TCP MSS option value: N, <N, >N, N-M, !N",
	.flags = KEYWORD_VALUE_REQUIRED | KEYWORD_ONCE,
	.setup = tcp_mss_setup,
	.match = tcp_mss_match,
	.free = free,
};

static int
tcp_mss_setup(struct rules_parser *p, struct rule *r,
    const struct rules_option *opt)
{
	return detect_uint_setup(p, r, opt, &kw_tcp_mss, UINT16_MAX);
}

/* The MSS option of p's TCP header, walking the options with every
 * length checked. */
static bool
tcp_mss_option(const struct packet *p, uint16_t *mss)
{
	const uint8_t *o = p->l4;
	size_t i = 20, end = p->l4_hdr_len;

	if (o == NULL || end <= 20)
		return false;
	while (i < end) {
		uint8_t kind = o[i];

		if (kind == 0)
			return false;
		if (kind == 1) {
			i++;
			continue;
		}
		if (i + 1 >= end || o[i + 1] < 2 || i + o[i + 1] > end)
			return false;
		if (kind == 2 && o[i + 1] == 4) {
			*mss = (uint16_t)(o[i + 2] << 8 | o[i + 3]);
			return true;
		}
		i += o[i + 1];
	}
	return false;
}

static bool
tcp_mss_match(struct detect_inspect *in, const void *data)
{
	const struct packet *p = in->pkt;
	uint16_t mss;

	if (p->proto != IPPROTO_TCP || !p->l4_valid || !tcp_mss_option(p, &mss))
		return false;
	return detect_uint_match(data, mss);
}
