/* Geneve (RFC 8926) on UDP: 8-byte header, options, then Ethernet,
 * IPv4 or IPv6 by its protocol type. */
#ifndef QUELL_DECODE_GENEVE_H
#define QUELL_DECODE_GENEVE_H

#include "core/base.h"
#include "core/packet.h"

/* b is the UDP payload. Returns true when it is Geneve. */
bool	decode_geneve(struct packet *p, const uint8_t *b, uint32_t len);

#endif
