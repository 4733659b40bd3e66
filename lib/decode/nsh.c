#include "core/base.h"

#include "core/packet.h"
#include "decode/ether.h"
#include "decode/events.h"
#include "decode/ipv4.h"
#include "decode/ipv6.h"
#include "decode/layer.h"
#include "decode/mpls.h"
#include "decode/nsh.h"
#include "decode/stats.h"

#define NSH_BASE_LEN		8	/* base header + service path header */
#define NSH_MD1_LEN		24
#define NSH_NEXT_IPV4		1
#define NSH_NEXT_IPV6		2
#define NSH_NEXT_ETHERNET	3
#define NSH_NEXT_NSH		4
#define NSH_NEXT_MPLS		5

/*  0                   1                   2                   3
 *  0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 * |Ver|O|U|    TTL    |   Length  |U|U|U|U|MD Type| Next Protocol |
 * |          Service Path Identifier (SPI)        | Service Index |
 * Length counts 4-byte words of the whole NSH. */
int
decode_nsh(struct packet *p, const uint8_t *b, uint32_t len)
{
	uint32_t hlen;
	uint8_t md;

	DECODE_SEEN(p, NSH);
	if (!decode_layer_enter(p))
		return -1;
	if (len < NSH_BASE_LEN) {
		decode_event_set(p->events, DECODE_EV_NSH_HEADER_TOO_SMALL);
		return -1;
	}
	if (b[0] >> 6 != 0) {
		decode_event_set(p->events, DECODE_EV_NSH_UNSUPPORTED_VERSION);
		return -1;
	}
	hlen = (uint32_t)(b[1] & 0x3f) * 4;
	if (hlen < NSH_BASE_LEN) {
		decode_event_set(p->events, DECODE_EV_NSH_BAD_HEADER_LENGTH);
		return -1;
	}
	if (hlen > len) {
		/* Suricata's event for a length past the packet too */
		decode_event_set(p->events, DECODE_EV_NSH_BAD_HEADER_LENGTH);
		return -1;
	}
	md = b[2] & 0x0f;
	switch (md) {
	case 1:
		if (hlen != NSH_MD1_LEN) {
			decode_event_set(p->events,
			    DECODE_EV_NSH_BAD_HEADER_LENGTH);
			return -1;
		}
		break;
	case 2:
		break;
	case 0:
	case 0xf:
		decode_event_set(p->events, DECODE_EV_NSH_RESERVED_TYPE);
		return -1;
	default:
		decode_event_set(p->events, DECODE_EV_NSH_UNSUPPORTED_TYPE);
		return -1;
	}
	switch (b[3]) {
	case NSH_NEXT_IPV4:
		return decode_ipv4(p, b + hlen, len - hlen);
	case NSH_NEXT_IPV6:
		return decode_ipv6(p, b + hlen, len - hlen);
	case NSH_NEXT_ETHERNET:
		return decode_ether(p, b + hlen, len - hlen);
	case NSH_NEXT_MPLS:
		return decode_mpls(p, b + hlen, len - hlen);
	case NSH_NEXT_NSH:
	default:
		decode_event_set(p->events, DECODE_EV_NSH_UNKNOWN_PAYLOAD);
		return -1;
	}
}
