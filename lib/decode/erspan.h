/* ERSPAN (Cisco's encapsulated remote SPAN) inside GRE: type I (no
 * header, off by default as in Suricata: decoder.erspan.typeI.enabled),
 * type II (8-byte header) and type III (12 bytes, plus an 8-byte
 * platform subheader when its O flag is set). The mirrored frame is
 * Ethernet; a non-zero ERSPAN VLAN id is added to the packet's VLANs. */
#ifndef QUELL_DECODE_ERSPAN_H
#define QUELL_DECODE_ERSPAN_H

#include "core/base.h"
#include "core/packet.h"

/* link: PKT_LINK_ERSPAN1, 2 or 3. */
int	decode_erspan(struct packet *p, uint8_t link, const uint8_t *b,
	    uint32_t len);

#endif
