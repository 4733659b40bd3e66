/* Upper-layer dispatch: the protocols an IPv4 header (or the fixed
 * IPv6 header) may name, with Suricata's decoders behind each. */
#ifndef QUELL_DECODE_L4_H
#define QUELL_DECODE_L4_H

#include "core/base.h"
#include "core/packet.h"

/* Decodes the upper layer p->proto at hdr[0..len), len being what the
 * IP header says follows it. A protocol without a decoder leaves p with
 * no L4 and no payload, as Suricata's. */
void	decode_l4(struct packet *p, const uint8_t *hdr, uint32_t len);
/* IP in IP (ver 4 or 6) at b[0..len): the inner packet of p's tunnel;
 * the outer packet keeps no payload. Shared with the IPv6 extension
 * header walk. */
void	decode_l4_ip_in_ip(struct packet *p, const uint8_t *b, uint32_t len,
	    uint8_t ver);
/* payload = b[0..len), or NULL/0 for len 0. */
void	decode_l4_set_payload(struct packet *p, const uint8_t *b, uint32_t len);

#endif
