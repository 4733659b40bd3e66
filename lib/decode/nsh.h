/* Network Service Header (RFC 8300, ethertype 0x894f), decoded in
 * place: MD type 1 (fixed 24-byte header) and 2 (variable), then IPv4,
 * IPv6, Ethernet or MPLS. */
#ifndef QUELL_DECODE_NSH_H
#define QUELL_DECODE_NSH_H

#include "core/base.h"
#include "core/packet.h"

int	decode_nsh(struct packet *p, const uint8_t *b, uint32_t len);

#endif
