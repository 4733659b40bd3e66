#include "core/base.h"

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/events.h"
#include "decode/l4.h"
#include "decode/udp.h"

#define UDP_HDR_LEN	8

void
decode_udp(struct packet *p, const uint8_t *hdr, uint32_t len, uint32_t ip_len)
{
	uint32_t ulen, end;

	if (len < UDP_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_UDP_PKT_TOO_SMALL);
		return;
	}
	p->sport = decode_be16(hdr);
	p->dport = decode_be16(hdr + 2);
	p->l4_hdr_len = UDP_HDR_LEN;

	ulen = decode_be16(hdr + 4);
	if (ulen < UDP_HDR_LEN || (!p->is_fragment && ulen > ip_len)) {
		decode_event_set(p->events, DECODE_EV_UDP_HLEN_INVALID);
		end = len;
	} else {
		p->l4_valid = true;
		/* Bytes past the UDP length inside the IP datagram are not
		 * payload; bytes not captured are not there. */
		end = ulen < len ? ulen : len;
	}
	decode_l4_set_payload(p, hdr + UDP_HDR_LEN, end - UDP_HDR_LEN);
}
