#include "core/base.h"

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/erspan.h"
#include "decode/ether.h"
#include "decode/events.h"
#include "decode/stats.h"

#define ERSPAN2_HDR_LEN		8

int
decode_erspan(struct packet *p, uint8_t link, const uint8_t *b,
    uint32_t len)
{
	uint32_t hlen;
	uint16_t ver, vlan;

	DECODE_SEEN(p, ERSPAN);
	if (link == PKT_LINK_ERSPAN1)
		return decode_ether(p, b, len);
	hlen = ERSPAN2_HDR_LEN;
	if (len < hlen) {
		decode_event_set(p->events, DECODE_EV_ERSPAN_HEADER_TOO_SMALL);
		return -1;
	}
	/* Ver (4) | VLAN (12) */
	ver = decode_be16(b) >> 12;
	vlan = decode_be16(b) & 0x0fff;
	if (ver != 1) {
		decode_event_set(p->events, DECODE_EV_ERSPAN_UNSUPPORTED_VERSION);
		return -1;
	}
	if (vlan != 0 && decode_ether_push_vlan(p, vlan) == -1) {
		decode_event_set(p->events, DECODE_EV_ERSPAN_TOO_MANY_VLAN_LAYERS);
		return -1;
	}
	return decode_ether(p, b + hlen, len - hlen);
}
