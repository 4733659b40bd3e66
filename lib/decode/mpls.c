#include "core/base.h"

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/ether.h"
#include "decode/events.h"
#include "decode/ipv4.h"
#include "decode/ipv6.h"
#include "decode/layer.h"
#include "decode/mpls.h"
#include "decode/stats.h"

#define MPLS_LABEL_LEN		4
#define MPLS_PW_LEN		4	/* pseudowire control word */
#define MPLS_LABEL_IPV4_NULL	0
#define MPLS_LABEL_ROUTER_ALERT	1
#define MPLS_LABEL_IPV6_NULL	2
#define MPLS_LABEL_IMPLICIT_NULL 3
#define MPLS_MAX_RESERVED	16

/* Label (20 bits) | TC (3) | bottom of stack (1) | TTL (8). The loop
 * consumes 4 bytes a label, so it ends with the buffer. */
int
decode_mpls(struct packet *p, const uint8_t *b, uint32_t len)
{
	uint32_t shim, label;

	DECODE_SEEN(p, MPLS);
	if (!decode_layer_enter(p))
		return -1;
	do {
		if (len < MPLS_LABEL_LEN) {
			decode_event_set(p->events,
			    DECODE_EV_MPLS_HEADER_TOO_SMALL);
			return -1;
		}
		shim = decode_be32(b);
		b += MPLS_LABEL_LEN;
		len -= MPLS_LABEL_LEN;
	} while ((shim & 0x100) == 0);

	label = shim >> 12;
	switch (label) {
	case MPLS_LABEL_IPV4_NULL:
		return decode_ipv4(p, b, len);
	case MPLS_LABEL_IPV6_NULL:
		return decode_ipv6(p, b, len);
	case MPLS_LABEL_ROUTER_ALERT:
		decode_event_set(p->events, DECODE_EV_MPLS_BAD_LABEL_ROUTER_ALERT);
		return -1;
	case MPLS_LABEL_IMPLICIT_NULL:
		decode_event_set(p->events,
		    DECODE_EV_MPLS_BAD_LABEL_IMPLICIT_NULL);
		return -1;
	default:
		if (label < MPLS_MAX_RESERVED) {
			decode_event_set(p->events,
			    DECODE_EV_MPLS_BAD_LABEL_RESERVED);
			return -1;
		}
		break;
	}
	/* No label says what follows: guess from the first nibble. */
	if (len == 0) {
		decode_event_set(p->events, DECODE_EV_MPLS_PKT_TOO_SMALL);
		return -1;
	}
	switch (b[0] >> 4) {
	case 4:
		return decode_ipv4(p, b, len);
	case 6:
		return decode_ipv6(p, b, len);
	case 0:
		if (len < MPLS_PW_LEN + DECODE_ETHER_HDR_LEN) {
			decode_event_set(p->events,
			    DECODE_EV_MPLS_PKT_TOO_SMALL);
			return -1;
		}
		return decode_ether(p, b + MPLS_PW_LEN, len - MPLS_PW_LEN);
	default:
		decode_event_set(p->events, DECODE_EV_MPLS_UNKNOWN_PAYLOAD_TYPE);
		return -1;
	}
}
