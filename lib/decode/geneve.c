#include "core/base.h"

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/ether.h"
#include "decode/events.h"
#include "decode/geneve.h"
#include "decode/tunnel.h"
#include "decode/stats.h"

#define GENEVE_HDR_LEN		8
#define GENEVE_OPT_HDR_LEN	4

/* Ver (2) | Opt Len (6) | O | C | Rsvd (6) | Protocol Type (16) |
 * VNI (24) | Reserved (8), then Opt Len 4-byte words of options, each
 * class (16) | type (8) | R (3) | length (5, in 4-byte words) | data. */
bool
decode_geneve(struct packet *p, const uint8_t *b, uint32_t len)
{
	uint32_t hlen, off;
	uint8_t link;

	if (len < GENEVE_HDR_LEN || b[0] >> 6 != 0)
		return false;
	hlen = GENEVE_HDR_LEN + (uint32_t)(b[0] & 0x3f) * 4;
	if (hlen > len)
		return false;
	for (off = GENEVE_HDR_LEN; off < hlen;) {
		uint32_t olen;

		if (hlen - off < GENEVE_OPT_HDR_LEN)
			return false;
		olen = GENEVE_OPT_HDR_LEN + (uint32_t)(b[off + 3] & 0x1f) * 4;
		if (olen > hlen - off)
			return false;
		off += olen;
	}
	DECODE_SEEN(p, GENEVE);
	switch (decode_be16(b + 2)) {
	case DECODE_ETHERTYPE_BRIDGE:
		if (len - hlen < DECODE_ETHER_HDR_LEN)
			return false;
		link = PKT_LINK_ETHERNET;
		break;
	case DECODE_ETHERTYPE_IPV4:
		link = PKT_LINK_IPV4;
		break;
	case DECODE_ETHERTYPE_IPV6:
		link = PKT_LINK_IPV6;
		break;
	default:
		decode_event_set(p->events,
		    DECODE_EV_GENEVE_UNKNOWN_PAYLOAD_TYPE);
		return true;
	}
	decode_tunnel_set(p, b + hlen, len - hlen, link, PKT_SRC_GENEVE);
	return true;
}
