/* ERSPAN (Cisco's encapsulated remote SPAN) inside GRE, as Suricata 7
 * decodes it: type I (no header; always, decoder.erspan.typeI.enabled
 * is ignored as 7.0 ignores it) and type II (8-byte header, version 1).
 * Type III is not decoded (Suricata does not). The mirrored frame is
 * Ethernet; a non-zero ERSPAN VLAN id is added to the packet's VLANs. */
#ifndef QUELL_DECODE_ERSPAN_H
#define QUELL_DECODE_ERSPAN_H

#include "core/base.h"
#include "core/packet.h"

/* link: PKT_LINK_ERSPAN1 or PKT_LINK_ERSPAN2. */
int	decode_erspan(struct packet *p, uint8_t link, const uint8_t *b,
	    uint32_t len);

#endif
