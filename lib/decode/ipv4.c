#include "core/base.h"

#include <netinet/in.h>
#include <sys/socket.h>

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/events.h"
#include "decode/ipv4.h"
#include "decode/l4.h"

#define IPV4_HDR_LEN		20
#define IPV4_OPT_EOL		0
#define IPV4_OPT_NOP		1
#define IPV4_FRAG_OFFSET_MASK	0x1fff
#define IPV4_FRAG_MF		0x1

static void	decode_ipv4_options(struct packet *, const uint8_t *, uint32_t);

/* Walks the options in opt[0..len) for their lengths only: EOL ends the
 * list, NOP is one byte, every other option carries a length byte >= 2
 * that must stay inside the header. The first bad one ends the walk. */
static void
decode_ipv4_options(struct packet *p, const uint8_t *opt, uint32_t len)
{
	uint32_t i = 0;

	while (i < len) {
		uint8_t type = opt[i];
		uint8_t optlen;

		if (type == IPV4_OPT_EOL)
			return;
		if (type == IPV4_OPT_NOP) {
			i++;
			continue;
		}
		if (len - i < 2) {
			decode_event_set(p->events, DECODE_EV_IPV4_OPT_INVALID);
			return;
		}
		optlen = opt[i + 1];
		if (optlen < 2 || optlen > len - i) {
			decode_event_set(p->events, DECODE_EV_IPV4_OPT_INVALID);
			return;
		}
		i += optlen;
	}
}

int
decode_ipv4(struct packet *p, const uint8_t *pkt, uint32_t len)
{
	uint32_t hlen, tot_len, avail;
	uint16_t frag;

	if (len < IPV4_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_IPV4_PKT_TOO_SMALL);
		return -1;
	}
	if (pkt[0] >> 4 != 4) {
		decode_event_set(p->events, DECODE_EV_IPV4_WRONG_IP_VER);
		return -1;
	}
	hlen = (uint32_t)(pkt[0] & 0x0f) * 4;
	if (hlen < IPV4_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_IPV4_HLEN_TOO_SMALL);
		return -1;
	}
	tot_len = decode_be16(pkt + 2);
	if (tot_len < hlen) {
		decode_event_set(p->events,
		    DECODE_EV_IPV4_IPLEN_SMALLER_THAN_HLEN);
		return -1;
	}
	/* Fewer bytes than the datagram claims: decode what is there. More:
	 * link-layer padding, which is not part of the datagram. */
	if (tot_len > len) {
		decode_event_set(p->events, DECODE_EV_IPV4_TRUNC_PKT);
		avail = len;
	} else
		avail = tot_len;
	/* A header cut short leaves its options and the upper layer unknown. */
	if (hlen > avail)
		return -1;

	p->ip_version = 4;
	p->l3 = pkt;
	p->tos = pkt[1];
	p->ip_id = decode_be16(pkt + 4);
	frag = decode_be16(pkt + 6);
	p->frag_flags = (uint8_t)(frag >> 13);
	p->frag_offset = frag & IPV4_FRAG_OFFSET_MASK;
	p->is_fragment = p->frag_offset != 0 || (p->frag_flags & IPV4_FRAG_MF);
	p->ttl = pkt[8];
	p->proto = pkt[9];
	p->src.family = AF_INET;
	memcpy(&p->src.u.v4, pkt + 12, 4);
	p->dst.family = AF_INET;
	memcpy(&p->dst.u.v4, pkt + 16, 4);
	p->ip_hdr_len = (uint16_t)hlen;

	decode_ipv4_options(p, pkt + IPV4_HDR_LEN, hlen - IPV4_HDR_LEN);
	decode_l4(p, pkt + hlen, avail - hlen, tot_len - hlen);
	return 0;
}
