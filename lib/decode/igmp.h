/* IGMP v1/v2/v3 (RFC 1112, 2236, 3376) as Suricata 8 decodes it: the
 * 8-byte header, then a v3 query's sources or a v3 report's group
 * records, bounded by the datagram. */
#ifndef QUELL_DECODE_IGMP_H
#define QUELL_DECODE_IGMP_H

#include "core/base.h"
#include "core/packet.h"

/* Fewer than 8 bytes is igmp.pkt_too_small; a v3 query or report whose
 * counts reach past the datagram is igmp.v3_pkt_too_small or
 * igmp.malformed, and leaves no L4. The payload is what follows the
 * header (with its v3 sources and records). */
void	decode_igmp(struct packet *p, const uint8_t *hdr, uint32_t len);

#endif
