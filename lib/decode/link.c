#include "core/base.h"

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/erspan.h"
#include "decode/ether.h"
#include "decode/events.h"
#include "decode/ipv4.h"
#include "decode/ipv6.h"
#include "decode/layer.h"
#include "decode/link.h"
#include "decode/ppp.h"
#include "decode/stats.h"

#define SLL_HDR_LEN		16
#define SLL2_HDR_LEN		20
#define NULL_HDR_LEN		4
#define CHDLC_HDR_LEN		4
#define VLAN_TAG_LEN		4
/* Address families in DLT_NULL/DLT_LOOP headers, as the capturing OS
 * numbered them: AF_INET is 2 everywhere, AF_INET6 is 10 on Linux, 24
 * on OpenBSD and NetBSD, 28 on FreeBSD, 30 on macOS. */
#define BSD_AF_INET		2

static int	decode_link_raw(struct packet *, const uint8_t *, uint32_t);
static int	decode_link_null(struct packet *, bool, const uint8_t *,
		    uint32_t);

static int
decode_link_raw(struct packet *p, const uint8_t *b, uint32_t len)
{
	DECODE_SEEN(p, RAW);
	if (len == 0) {
		decode_event_set(p->events, DECODE_EV_UNKNOWN_IP_VERSION);
		return -1;
	}
	switch (b[0] >> 4) {
	case 4:
		return decode_ipv4(p, b, len);
	case 6:
		return decode_ipv6(p, b, len);
	default:
		decode_event_set(p->events, DECODE_EV_UNKNOWN_IP_VERSION);
		return -1;
	}
}

/* loop: DLT_LOOP, family in network order; else DLT_NULL, in the
 * capturing host's order, which may not be ours: every family fits in
 * 16 bits, so a value whose low half (read little-endian) is zero was
 * written big-endian. */
static int
decode_link_null(struct packet *p, bool loop, const uint8_t *b,
    uint32_t len)
{
	uint32_t af;

	DECODE_SEEN(p, LTNULL);
	if (len < NULL_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_LTNULL_PKT_TOO_SMALL);
		return -1;
	}
	af = decode_be32(b);
	if (!loop) {
		af = (uint32_t)b[0] | (uint32_t)b[1] << 8 |
		    (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
		if ((af & 0xffff) == 0)
			af = decode_be32(b);
	}
	switch (af) {
	case BSD_AF_INET:
		return decode_ipv4(p, b + NULL_HDR_LEN, len - NULL_HDR_LEN);
	case 10: case 24: case 28: case 30:
		return decode_ipv6(p, b + NULL_HDR_LEN, len - NULL_HDR_LEN);
	default:
		decode_event_set(p->events, DECODE_EV_LTNULL_UNSUPPORTED_TYPE);
		return -1;
	}
}

int
decode_link(struct packet *p, uint8_t link, const uint8_t *b, uint32_t len)
{
	switch (link) {
	case PKT_LINK_RAW:
		return decode_link_raw(p, b, len);
	case PKT_LINK_IPV4:
		return decode_ipv4(p, b, len);
	case PKT_LINK_IPV6:
		return decode_ipv6(p, b, len);
	case PKT_LINK_ETHERNET:
		return decode_ether(p, b, len);
	case PKT_LINK_SLL:
		DECODE_SEEN(p, SLL);
		if (len < SLL_HDR_LEN) {
			decode_event_set(p->events, DECODE_EV_SLL_PKT_TOO_SMALL);
			return -1;
		}
		return decode_ethertype(p, decode_be16(b + 14),
		    b + SLL_HDR_LEN, len - SLL_HDR_LEN);
	case PKT_LINK_SLL2:
		DECODE_SEEN(p, SLL);
		if (len < SLL2_HDR_LEN) {
			decode_event_set(p->events, DECODE_EV_SLL_PKT_TOO_SMALL);
			return -1;
		}
		return decode_ethertype(p, decode_be16(b), b + SLL2_HDR_LEN,
		    len - SLL2_HDR_LEN);
	case PKT_LINK_NULL:
	case PKT_LINK_LOOP:
		return decode_link_null(p, link == PKT_LINK_LOOP, b, len);
	case PKT_LINK_CHDLC:
		/* address (0x0f unicast, 0x8f broadcast), control, type */
		DECODE_SEEN(p, CHDLC);
		if (len < CHDLC_HDR_LEN) {
			decode_event_set(p->events,
			    DECODE_EV_CHDLC_PKT_TOO_SMALL);
			return -1;
		}
		return decode_ethertype(p, decode_be16(b + 2),
		    b + CHDLC_HDR_LEN, len - CHDLC_HDR_LEN);
	case PKT_LINK_PPP:
	case PKT_LINK_PPP_HDLC:
		return decode_ppp(p, b, len);
	case PKT_LINK_VLAN:
		/* GRE protocol 0x8100: the payload starts with a tag. */
		return decode_ethertype(p, DECODE_ETHERTYPE_VLAN, b, len);
	case PKT_LINK_ERSPAN1:
	case PKT_LINK_ERSPAN2:
		return decode_erspan(p, link, b, len);
	default:
		return -1;
	}
}
