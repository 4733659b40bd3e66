#include "core/base.h"

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/events.h"
#include "decode/ipv4.h"
#include "decode/ipv6.h"
#include "decode/layer.h"
#include "decode/ppp.h"
#include "decode/stats.h"

#define PPP_HDR_LEN		2
#define PPP_IPV4		0x0021
#define PPP_IPV6		0x0057
#define PPP_VJ_COMP		0x002d
#define PPP_VJ_UCOMP		0x002f
#define PPPOE_HDR_LEN		6
#define PPPOE_CODE_SESSION	0x00
#define IPV4_MIN		20
#define IPV6_MIN		40

static bool	ppp_is_known(uint16_t);

/* Control and network protocols PPP may carry that we do not decode
 * (Suricata's list): "unsupported" rather than "wrong". */
static bool
ppp_is_known(uint16_t proto)
{
	switch (proto) {
	case 0x0001: case 0x0003: case 0x0023: case 0x0025: case 0x0027:
	case 0x0029: case 0x002b: case 0x0031: case 0x0033: case 0x0039:
	case 0x003b: case 0x003d: case 0x003f: case 0x0041: case 0x0053:
	case 0x0055: case 0x0201: case 0x0203: case 0x8021: case 0x8023:
	case 0x8025: case 0x8027: case 0x8029: case 0x802b: case 0x802d:
	case 0x802f: case 0x8031: case 0x8033: case 0x8035: case 0x8039:
	case 0x803b: case 0x803d: case 0x803f: case 0x8041: case 0x8053:
	case 0x8055: case 0x8057: case 0x8201: case 0x8203: case 0x8207:
	case 0x820d: case 0xc021: case 0xc023: case 0xc025: case 0xc223:
	case 0x0281: case 0x8281:
		return true;
	default:
		return false;
	}
}

int
decode_ppp(struct packet *p, const uint8_t *b, uint32_t len)
{
	uint16_t proto;

	DECODE_SEEN(p, PPP);
	if (!decode_layer_enter(p))
		return -1;
	/* HDLC-like framing: all-stations address, unnumbered info. */
	if (len >= 2 && b[0] == 0xff && b[1] == 0x03) {
		b += 2;
		len -= 2;
	}
	if (len < PPP_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_PPP_PKT_TOO_SMALL);
		return -1;
	}
	proto = decode_be16(b);
	b += PPP_HDR_LEN;
	len -= PPP_HDR_LEN;
	switch (proto) {
	case PPP_IPV4:
		if (len < IPV4_MIN) {
			decode_event_set(p->events,
			    DECODE_EV_PPP_IPV4_PKT_TOO_SMALL);
			return -1;
		}
		return decode_ipv4(p, b, len);
	case PPP_IPV6:
		if (len < IPV6_MIN) {
			decode_event_set(p->events,
			    DECODE_EV_PPP_IPV6_PKT_TOO_SMALL);
			return -1;
		}
		return decode_ipv6(p, b, len);
	case PPP_VJ_UCOMP:
		/* Van Jacobson uncompressed: an IPv4 header whose protocol
		 * byte holds the slot; decoded as IPv4 as Suricata does. */
		if (len < IPV4_MIN) {
			decode_event_set(p->events,
			    DECODE_EV_PPP_VJU_PKT_TOO_SMALL);
			return -1;
		}
		if (b[0] >> 4 == 4)
			return decode_ipv4(p, b, len);
		return -1;
	case PPP_VJ_COMP:
		decode_event_set(p->events, DECODE_EV_PPP_UNSUP_PROTO);
		return -1;
	default:
		decode_event_set(p->events, ppp_is_known(proto) ?
		    DECODE_EV_PPP_UNSUP_PROTO : DECODE_EV_PPP_WRONG_TYPE);
		return -1;
	}
}

/* ver/type (0x11) | code | session id (2) | length (2), then PPP. */
int
decode_pppoe_session(struct packet *p, const uint8_t *b, uint32_t len)
{
	uint32_t plen;

	DECODE_SEEN(p, PPPOE);
	if (len < PPPOE_HDR_LEN + PPP_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_PPPOE_PKT_TOO_SMALL);
		return -1;
	}
	if (b[1] != PPPOE_CODE_SESSION) {
		decode_event_set(p->events, DECODE_EV_PPPOE_WRONG_CODE);
		return -1;
	}
	plen = decode_be16(b + 4);
	if (plen < len - PPPOE_HDR_LEN)
		len = PPPOE_HDR_LEN + plen;	/* Ethernet padding */
	if (len < PPPOE_HDR_LEN + PPP_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_PPPOE_PKT_TOO_SMALL);
		return -1;
	}
	return decode_ppp(p, b + PPPOE_HDR_LEN, len - PPPOE_HDR_LEN);
}

/* Discovery (PADI, PADO, PADR, PADS, PADT): codes and the tag list
 * (type, length, value) are checked, nothing is decoded further. */
void
decode_pppoe_discovery(struct packet *p, const uint8_t *b, uint32_t len)
{
	uint32_t plen;

	DECODE_SEEN(p, PPPOE);
	if (len < PPPOE_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_PPPOE_PKT_TOO_SMALL);
		return;
	}
	switch (b[1]) {
	case 0x09: case 0x07: case 0x19: case 0x65: case 0xa7:
		break;
	default:
		decode_event_set(p->events, DECODE_EV_PPPOE_WRONG_CODE);
		return;
	}
	/* As Suricata: only a length past the frame is malformed; a tag
	 * running past the length ends its walk without an event (and
	 * nothing is taken from the tags). */
	plen = decode_be16(b + 4);
	if (plen > len - PPPOE_HDR_LEN)
		decode_event_set(p->events, DECODE_EV_PPPOE_MALFORMED_TAGS);
}
