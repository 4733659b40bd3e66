/* IPv6 header and extension header chain. */
#ifndef QUELL_DECODE_IPV6_H
#define QUELL_DECODE_IPV6_H

#include "core/base.h"
#include "core/packet.h"

/* At most this many extension headers are walked before the packet is
 * flagged (DECODE_EV_TOO_MANY_LAYERS) and left without upper layer. */
#define DECODE_IPV6_EXTHDR_MAX	8

/* Decodes the IPv6 packet at pkt (len captured bytes) into p: fixed
 * header, extension headers, then the upper layer. Does not reset p.
 * Returns 0 when the fixed header decoded, -1 when it is not usable. */
int	decode_ipv6(struct packet *p, const uint8_t *pkt, uint32_t len);

#endif
