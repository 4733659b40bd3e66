/* IPv6 header and extension header chain. */
#ifndef QUELL_DECODE_IPV6_H
#define QUELL_DECODE_IPV6_H

#include "core/base.h"
#include "core/packet.h"

/* Decodes the IPv6 packet at pkt (len captured bytes) into p: fixed
 * header, extension headers, then the upper layer, as Suricata's
 * DecodeIPV6. Does not reset p. Returns 0 when the fixed header
 * decoded, -1 when it is not usable (too short, not version 6, payload
 * length past the capture). A fragment (not an atomic one) ends the
 * walk at its fragment header: p->proto is 44, no upper layer. */
int	decode_ipv6(struct packet *p, const uint8_t *pkt, uint32_t len);

#endif
