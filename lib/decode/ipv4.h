/* IPv4 header, options and fragment fields. */
#ifndef QUELL_DECODE_IPV4_H
#define QUELL_DECODE_IPV4_H

#include "core/base.h"
#include "core/packet.h"

/* Decodes the IPv4 datagram at pkt (len captured bytes) into p, then its
 * upper layer. Does not reset p. Returns 0 when the IPv4 header decoded,
 * -1 when it is not usable (an event says why). */
int	decode_ipv4(struct packet *p, const uint8_t *pkt, uint32_t len);

#endif
