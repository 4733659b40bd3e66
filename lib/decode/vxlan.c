#include "core/base.h"

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/ether.h"
#include "decode/events.h"
#include "decode/tunnel.h"
#include "decode/vxlan.h"
#include "decode/stats.h"

#define VXLAN_HDR_LEN	8
#define VXLAN_F_I	0x08	/* the VNI is valid */

/* flags (8) | reserved (24) | VNI (24) | reserved (8) */
bool
decode_vxlan(struct packet *p, const uint8_t *b, uint32_t len)
{
	uint16_t type;

	if (len < VXLAN_HDR_LEN + DECODE_ETHER_HDR_LEN)
		return false;
	if (!(b[0] & VXLAN_F_I) || b[7] != 0)
		return false;
	DECODE_SEEN(p, VXLAN);
	type = decode_be16(b + VXLAN_HDR_LEN + 12);
	switch (type) {
	case DECODE_ETHERTYPE_ARP:
		/* VXLAN all the same, but no inner packet: Suricata makes
		 * none for ARP (nor counts its headers) */
		return true;
	case DECODE_ETHERTYPE_IPV4:
	case DECODE_ETHERTYPE_IPV6:
	case DECODE_ETHERTYPE_VLAN:
	case DECODE_ETHERTYPE_8021AD:
		break;
	default:
		decode_event_set(p->events, DECODE_EV_VXLAN_UNKNOWN_PAYLOAD_TYPE);
		return true;
	}
	decode_tunnel_set(p, b + VXLAN_HDR_LEN, len - VXLAN_HDR_LEN,
	    PKT_LINK_ETHERNET, PKT_SRC_VXLAN);
	return true;
}
