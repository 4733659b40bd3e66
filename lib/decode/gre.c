#include "core/base.h"

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/ether.h"
#include "decode/events.h"
#include "decode/gre.h"
#include "decode/tunnel.h"
#include "decode/stats.h"

#define GRE_HDR_LEN		4
#define GRE_OPT_LEN		4	/* checksum+offset, key, sequence */
#define GRE_SRE_HDR_LEN		4	/* address family (2), offset, length */
#define GRE_F_CHECKSUM		0x8000
#define GRE_F_ROUTING		0x4000
#define GRE_F_KEY		0x2000
#define GRE_F_SEQ		0x1000
#define GRE_F_SSR		0x0800
#define GRE_RECUR_MASK		0x0700
#define GRE_V1_F_ACK		0x0080
#define GRE_FLAGS_MASK		0x0078
#define GRE_VERSION_MASK	0x0007

static int	decode_gre_v0(struct packet *, const uint8_t *, uint32_t,
		    uint16_t, uint32_t *);
static int	decode_gre_v1(struct packet *, uint32_t, uint16_t, uint16_t,
		    uint32_t *);

/* Header length of a version 0 header with flags fl into *hlen; -1 on
 * an event. The routing list ends with a zero entry; each entry's
 * length is checked against what is left. */
static int
decode_gre_v0(struct packet *p, const uint8_t *b, uint32_t len, uint16_t fl,
    uint32_t *hlen)
{
	uint32_t n = GRE_HDR_LEN;

	if (fl & GRE_RECUR_MASK) {
		decode_event_set(p->events, DECODE_EV_GRE_VERSION0_RECUR);
		return -1;
	}
	if (fl & GRE_FLAGS_MASK) {
		decode_event_set(p->events, DECODE_EV_GRE_VERSION0_FLAGS);
		return -1;
	}
	if (fl & (GRE_F_CHECKSUM | GRE_F_ROUTING))
		n += GRE_OPT_LEN;
	if (fl & GRE_F_KEY)
		n += GRE_OPT_LEN;
	if (fl & GRE_F_SEQ)
		n += GRE_OPT_LEN;
	if (n > len) {
		decode_event_set(p->events, DECODE_EV_GRE_VERSION0_HDR_TOO_BIG);
		return -1;
	}
	if (fl & GRE_F_ROUTING) {
		for (;;) {
			uint16_t af;
			uint8_t sre_len;

			if (len - n < GRE_SRE_HDR_LEN) {
				decode_event_set(p->events,
				    DECODE_EV_GRE_VERSION0_MALFORMED_SRE_HDR);
				return -1;
			}
			af = decode_be16(b + n);
			sre_len = b[n + 3];
			n += GRE_SRE_HDR_LEN;
			if (af == 0 && sre_len == 0)
				break;
			if (sre_len > len - n) {
				decode_event_set(p->events,
				    DECODE_EV_GRE_VERSION0_MALFORMED_SRE_HDR);
				return -1;
			}
			n += sre_len;
		}
	}
	*hlen = n;
	return 0;
}

/* Version 1 (enhanced GRE of PPTP): key always, sequence and ack
 * optional, nothing else allowed. */
static int
decode_gre_v1(struct packet *p, uint32_t len, uint16_t fl, uint16_t proto,
    uint32_t *hlen)
{
	uint32_t n = GRE_HDR_LEN + GRE_OPT_LEN;
	enum decode_event ev = DECODE_EV_MAX;

	if (fl & GRE_F_CHECKSUM)
		ev = DECODE_EV_GRE_VERSION1_CHKSUM;
	else if (fl & GRE_F_ROUTING)
		ev = DECODE_EV_GRE_VERSION1_ROUTE;
	else if (fl & GRE_F_SSR)
		ev = DECODE_EV_GRE_VERSION1_SSR;
	else if (fl & GRE_RECUR_MASK)
		ev = DECODE_EV_GRE_VERSION1_RECUR;
	else if (fl & GRE_FLAGS_MASK)
		ev = DECODE_EV_GRE_VERSION1_FLAGS;
	else if (proto != DECODE_ETHERTYPE_PPP)
		ev = DECODE_EV_GRE_VERSION1_WRONG_PROTOCOL;
	else if (!(fl & GRE_F_KEY))
		ev = DECODE_EV_GRE_VERSION1_NO_KEY;
	if (ev != DECODE_EV_MAX) {
		decode_event_set(p->events, ev);
		return -1;
	}
	if (fl & GRE_F_SEQ)
		n += GRE_OPT_LEN;
	if (fl & GRE_V1_F_ACK)
		n += GRE_OPT_LEN;
	if (n > len) {
		decode_event_set(p->events, DECODE_EV_GRE_VERSION1_HDR_TOO_BIG);
		return -1;
	}
	*hlen = n;
	return 0;
}

void
decode_gre(struct packet *p, const uint8_t *b, uint32_t len)
{
	uint32_t hlen;
	uint16_t fl, proto;
	uint8_t link;

	DECODE_SEEN(p, GRE);
	if (len < GRE_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_GRE_PKT_TOO_SMALL);
		return;
	}
	fl = decode_be16(b);
	proto = decode_be16(b + 2);
	switch (fl & GRE_VERSION_MASK) {
	case 0:
		if (decode_gre_v0(p, b, len, fl, &hlen) == -1)
			return;
		break;
	case 1:
		if (decode_gre_v1(p, len, fl, proto, &hlen) == -1)
			return;
		break;
	default:
		decode_event_set(p->events, DECODE_EV_GRE_WRONG_VERSION);
		return;
	}
	/* As Suricata's DecodeGRE: the header is the L4, the payload is the
	 * inner packet, not the outer packet's payload. */
	p->l4 = b;
	p->l4_hdr_len = (uint16_t)hlen;
	p->l4_valid = true;

	switch (proto) {
	case DECODE_ETHERTYPE_IPV4:
		link = PKT_LINK_IPV4;
		break;
	case DECODE_ETHERTYPE_IPV6:
		link = PKT_LINK_IPV6;
		break;
	case DECODE_ETHERTYPE_BRIDGE:
		link = PKT_LINK_ETHERNET;
		break;
	case DECODE_ETHERTYPE_VLAN:
		link = PKT_LINK_VLAN;
		break;
	case DECODE_ETHERTYPE_PPP:
		link = PKT_LINK_PPP;
		break;
	case DECODE_ETHERTYPE_ERSPAN:
		/* Type II carries a sequence number, type I does not. Type
		 * III (0x22eb) is not decoded, as Suricata's. */
		link = (fl & GRE_F_SEQ) ? PKT_LINK_ERSPAN2 : PKT_LINK_ERSPAN1;
		break;
	default:
		return;
	}
	decode_tunnel_set(p, b + hlen, len - hlen, link, PKT_SRC_GRE);
}
