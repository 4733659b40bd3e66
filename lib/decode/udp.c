#include "core/base.h"

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/events.h"
#include "decode/l4.h"
#include "decode/udp.h"
#include "decode/stats.h"

#define UDP_HDR_LEN	8

/* Suricata's DecodeUDPPacket: fewer than 8 bytes, a length past the
 * datagram or below 8 leave p without UDP. Bytes past the UDP length
 * are not payload. */
void
decode_udp(struct packet *p, const uint8_t *hdr, uint32_t len)
{
	uint32_t ulen;

	DECODE_SEEN(p, UDP);
	if (len < UDP_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_UDP_HLEN_TOO_SMALL);
		return;
	}
	ulen = decode_be16(hdr + 4);
	if (ulen > len) {
		decode_event_set(p->events, DECODE_EV_UDP_PKT_TOO_SMALL);
		return;
	}
	if (ulen < UDP_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_UDP_LEN_INVALID);
		return;
	}
	p->l4 = hdr;
	p->sport = decode_be16(hdr);
	p->dport = decode_be16(hdr + 2);
	p->l4_hdr_len = UDP_HDR_LEN;
	p->l4_valid = true;
	decode_l4_set_payload(p, hdr + UDP_HDR_LEN, ulen - UDP_HDR_LEN);
}
