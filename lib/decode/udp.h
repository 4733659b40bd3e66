/* UDP header. */
#ifndef QUELL_DECODE_UDP_H
#define QUELL_DECODE_UDP_H

#include "core/base.h"
#include "core/packet.h"

/* Decodes the UDP header at hdr[0..len), len being what the IP layer
 * says follows. Fewer than 8 bytes (udp.hlen_too_small), a length field
 * past len (udp.pkt_too_small) or below 8 (udp.len_invalid) leave no
 * UDP; else ports, l4_valid and the payload up to the UDP length. */
void	decode_udp(struct packet *p, const uint8_t *hdr, uint32_t len);

#endif
