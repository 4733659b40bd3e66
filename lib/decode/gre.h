/* GRE (IP protocol 47), versions 0 (RFC 2784/2890, with RFC 1701
 * routing) and 1 (PPTP, RFC 2637). The payload becomes a tunnel. */
#ifndef QUELL_DECODE_GRE_H
#define QUELL_DECODE_GRE_H

#include "core/base.h"
#include "core/packet.h"

void	decode_gre(struct packet *p, const uint8_t *b, uint32_t len);

#endif
