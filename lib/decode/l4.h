/* Upper-layer dispatch shared by the IPv4 and IPv6 decoders. */
#ifndef QUELL_DECODE_L4_H
#define QUELL_DECODE_L4_H

#include "core/base.h"
#include "core/packet.h"

/* Decodes the upper layer p->proto at hdr: len bytes are captured, ip_len
 * (>= len) is what the IP layer says the datagram holds from hdr on. A
 * non-first fragment or a protocol without a decoder gets no l4; its
 * bytes become the payload. */
void	decode_l4(struct packet *p, const uint8_t *hdr, uint32_t len,
	    uint32_t ip_len);
/* payload = b[0..len), or NULL/0 for len 0. */
void	decode_l4_set_payload(struct packet *p, const uint8_t *b, uint32_t len);

#endif
