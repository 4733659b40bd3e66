#include "core/base.h"

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/ether.h"
#include "decode/events.h"
#include "decode/ipv4.h"
#include "decode/layer.h"
#include "decode/ipv6.h"
#include "decode/mpls.h"
#include "decode/nsh.h"
#include "decode/ppp.h"
#include "decode/stats.h"

#define VLAN_TAG_LEN		4	/* TCI, then the inner type */
#define IEEE8021AH_HDR_LEN	18	/* I-TAG (4), customer MACs (12), type */
#define VNTAG_LEN		6	/* tag (4) + inner type */
#define ETAG_LEN		8	/* tag (6) + inner type */
#define ETHERTYPE_MIN		0x0600	/* below: an 802.3 length (LLC) */
#define DCE_HDR_LEN		16	/* Suricata's ETHERNET_DCE_HEADER_LEN */

int
decode_ether_push_vlan(struct packet *p, uint16_t vid)
{
	if (p->vlan_n >= PKT_MAX_VLAN)
		return -1;
	p->vlan[p->vlan_n++] = vid;
	return 0;
}

int
decode_ether(struct packet *p, const uint8_t *b, uint32_t len)
{
	/* Suricata sets VXLAN's inner packet up past its Ethernet header,
	 * which it does not count */
	if (p->pkt_src != PKT_SRC_VXLAN || p->layers != 0)
		DECODE_SEEN(p, ETHERNET);
	if (!decode_layer_enter(p))
		return -1;
	if (len < DECODE_ETHER_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_ETHERNET_PKT_TOO_SMALL);
		return -1;
	}
	return decode_ethertype(p, decode_be16(b + 12),
	    b + DECODE_ETHER_HDR_LEN, len - DECODE_ETHER_HDR_LEN);
}

/* Recursive through tags and MPLS/NSH/PPPoE; decode_layer_enter
 * bounds the depth. */
int
decode_ethertype(struct packet *p, uint16_t type, const uint8_t *b,
    uint32_t len)
{
	if (type != DECODE_ETHERTYPE_IPV4 && type != DECODE_ETHERTYPE_IPV6 &&
	    !decode_layer_enter(p))
		return -1;
	switch (type) {
	case DECODE_ETHERTYPE_IPV4:
		return decode_ipv4(p, b, len);
	case DECODE_ETHERTYPE_IPV6:
		return decode_ipv6(p, b, len);
	case DECODE_ETHERTYPE_VLAN:
	case DECODE_ETHERTYPE_8021AD:
	case DECODE_ETHERTYPE_QINQ: {
		uint16_t inner;

		if (len < VLAN_TAG_LEN) {
			decode_event_set(p->events,
			    DECODE_EV_VLAN_HEADER_TOO_SMALL);
			return -1;
		}
		/* the first, second, third header: Suricata's vlan_idx */
		if (p->vlan_n == 0)
			DECODE_SEEN(p, VLAN);
		else if (p->vlan_n == 1)
			DECODE_SEEN(p, VLAN_QINQ);
		else if (p->vlan_n == 2)
			DECODE_SEEN(p, VLAN_QINQINQ);
		if (decode_ether_push_vlan(p, decode_be16(b) & 0x0fff) == -1) {
			decode_event_set(p->events,
			    DECODE_EV_VLAN_TOO_MANY_LAYERS);
			return -1;
		}
		inner = decode_be16(b + 2);
		switch (inner) {
		case DECODE_ETHERTYPE_IPV4:
		case DECODE_ETHERTYPE_IPV6:
		case DECODE_ETHERTYPE_VLAN:
		case DECODE_ETHERTYPE_8021AD:
		case DECODE_ETHERTYPE_QINQ:
		case DECODE_ETHERTYPE_8021AH:
		case DECODE_ETHERTYPE_ARP:
		case DECODE_ETHERTYPE_MPLS_UC:
		case DECODE_ETHERTYPE_MPLS_MC:
		case DECODE_ETHERTYPE_NSH:
		case DECODE_ETHERTYPE_PPPOE_DISC:
		case DECODE_ETHERTYPE_PPPOE_SESS:
		case DECODE_ETHERTYPE_VNTAG:
		case DECODE_ETHERTYPE_ETAG:
			break;
		default:
			decode_event_set(p->events, DECODE_EV_VLAN_UNKNOWN_TYPE);
			return -1;
		}
		return decode_ethertype(p, inner, b + VLAN_TAG_LEN,
		    len - VLAN_TAG_LEN);
	}
	case DECODE_ETHERTYPE_8021AH:
		/* Provider backbone bridge: the I-TAG, then the customer's
		 * frame with its own MACs and type. */
		DECODE_SEEN(p, IEEE8021AH);
		if (len < IEEE8021AH_HDR_LEN) {
			decode_event_set(p->events,
			    DECODE_EV_IEEE8021AH_HEADER_TOO_SMALL);
			return -1;
		}
		return decode_ethertype(p,
		    decode_be16(b + IEEE8021AH_HDR_LEN - 2),
		    b + IEEE8021AH_HDR_LEN, len - IEEE8021AH_HDR_LEN);
	case DECODE_ETHERTYPE_VNTAG:
		DECODE_SEEN(p, VNTAG);
		if (len < VNTAG_LEN) {
			decode_event_set(p->events,
			    DECODE_EV_VNTAG_HEADER_TOO_SMALL);
			return -1;
		}
		type = decode_be16(b + 4);
		if (type < ETHERTYPE_MIN) {
			decode_event_set(p->events, DECODE_EV_VNTAG_UNKNOWN_TYPE);
			return -1;
		}
		return decode_ethertype(p, type, b + VNTAG_LEN,
		    len - VNTAG_LEN);
	case DECODE_ETHERTYPE_ETAG:
		if (len < ETAG_LEN) {
			decode_event_set(p->events,
			    DECODE_EV_ETAG_HEADER_TOO_SMALL);
			return -1;
		}
		type = decode_be16(b + 6);
		if (type < ETHERTYPE_MIN) {
			decode_event_set(p->events, DECODE_EV_ETAG_UNKNOWN_TYPE);
			return -1;
		}
		return decode_ethertype(p, type, b + ETAG_LEN,
		    len - ETAG_LEN);
	case DECODE_ETHERTYPE_DCE:
		/* Cisco FabricPath: 2 bytes, then an Ethernet frame (as
		 * Suricata 7.0.6 reads it) */
		if (len < DCE_HDR_LEN) {
			decode_event_set(p->events, DECODE_EV_DCE_PKT_TOO_SMALL);
			return -1;
		}
		return decode_ether(p, b + 2, len - 2);
	case DECODE_ETHERTYPE_MPLS_UC:
	case DECODE_ETHERTYPE_MPLS_MC:
		return decode_mpls(p, b, len);
	case DECODE_ETHERTYPE_NSH:
		return decode_nsh(p, b, len);
	case DECODE_ETHERTYPE_PPPOE_SESS:
		return decode_pppoe_session(p, b, len);
	case DECODE_ETHERTYPE_PPPOE_DISC:
		decode_pppoe_discovery(p, b, len);
		return -1;
	case DECODE_ETHERTYPE_ARP:
		DECODE_SEEN(p, ARP);
		return -1;
	default:
		DECODE_SEEN(p, UNKNOWN_ETHERTYPE);
		/* Suricata 8's event (7.0.6 has none). An 802.3 length field
		 * (STP, CDP, ...) is not a type. */
		if (type >= ETHERTYPE_MIN)
			decode_event_set(p->events,
			    DECODE_EV_ETHERNET_UNKNOWN_ETHERTYPE);
		return -1;
	}
}
