/* VXLAN (RFC 7348) on UDP: 8-byte header with the I flag, then an
 * Ethernet frame carrying IPv4, IPv6 or ARP. */
#ifndef QUELL_DECODE_VXLAN_H
#define QUELL_DECODE_VXLAN_H

#include "core/base.h"
#include "core/packet.h"

/* b is the UDP payload. Returns true when it is VXLAN (the tunnel is
 * set on p, or an event says why the frame inside is not decodable). */
bool	decode_vxlan(struct packet *p, const uint8_t *b, uint32_t len);

#endif
