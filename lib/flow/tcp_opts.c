#include "core/base.h"

#include <string.h>

#include "flow/tcp_opts.h"

#define TCP_HDR_LEN	20
#define OPT_EOL		0
#define OPT_NOP		1
#define OPT_WSCALE	3
#define OPT_SACKOK	4
#define OPT_SACK	5
#define OPT_TS		8
#define OPT_TFO		34
#define OPT_EXP		254
#define TFO_MAGIC	0xf989

static uint32_t
be32(const uint8_t *b)
{
	return (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 |
	    (uint32_t)b[2] << 8 | b[3];
}

void
flow_tcp_opts_parse(const struct packet *p, struct flow_tcp_opts *o)
{
	const uint8_t *opt, *end;

	memset(o, 0, sizeof(*o));
	if (p->l4 == NULL || p->l4_hdr_len <= TCP_HDR_LEN)
		return;
	opt = p->l4 + TCP_HDR_LEN;
	end = p->l4 + p->l4_hdr_len;
	while (opt < end && *opt != OPT_EOL) {
		uint8_t kind = opt[0], len;

		if (kind == OPT_NOP) {
			opt++;
			continue;
		}
		if (end - opt < 2 || (len = opt[1]) < 2 || len > end - opt)
			return;
		switch (kind) {
		case OPT_WSCALE:
			if (len == 3) {
				o->flags |= FLOW_TCP_OPT_WSCALE;
				o->wscale = opt[2] > FLOW_TCP_WSCALE_MAX ?
				    FLOW_TCP_WSCALE_MAX : opt[2];
			}
			break;
		case OPT_SACKOK:
			if (len == 2)
				o->flags |= FLOW_TCP_OPT_SACKOK;
			break;
		case OPT_SACK:
			if (len >= 10 && (len - 2) % 8 == 0)
				o->flags |= FLOW_TCP_OPT_SACK;
			break;
		case OPT_TS:
			if (len == 10) {
				o->flags |= FLOW_TCP_OPT_TS;
				o->tsval = be32(opt + 2);
				o->tsecr = be32(opt + 6);
			}
			break;
		case OPT_TFO:
			/* a cookie request (2) or a cookie of 4..16 bytes */
			if (len == 2 || (len >= 6 && len <= 18 &&
			    (len - 2) % 2 == 0))
				o->flags |= FLOW_TCP_OPT_TFO;
			break;
		case OPT_EXP:
			if (len >= 4 && (opt[2] << 8 | opt[3]) == TFO_MAGIC)
				o->flags |= FLOW_TCP_OPT_TFO;
			break;
		default:
			break;
		}
		opt += len;
	}
}
