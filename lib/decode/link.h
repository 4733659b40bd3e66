/* Link layers: the header a capture (or a tunnel) puts before the
 * network layer, by enum packet_link. */
#ifndef QUELL_DECODE_LINK_H
#define QUELL_DECODE_LINK_H

#include "core/base.h"
#include "core/packet.h"

/* Decodes b[0..len) as link type link. Returns 0 when an IP layer
 * decoded, -1 otherwise (events say why, or nothing for frames that are
 * simply not IP, such as ARP). */
int	decode_link(struct packet *p, uint8_t link, const uint8_t *b,
	    uint32_t len);

#endif
