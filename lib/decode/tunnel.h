/* Tunnels: the outer packet is decoded as itself (its payload is the
 * encapsulation) and records where the inner packet starts; the caller
 * then makes the inner packet with decode_tunnel() and runs it through
 * the same flow and detection path, as Suricata's tunnel packets. The
 * outer packet's verdict is the worse of both (drop wins).
 *
 * Tunnels: GRE (IPv4, IPv6, Ethernet, VLAN, PPP, ERSPAN I/II/III), IP in
 * IPv4 and IPv6 (4in4, 6in4, 4in6, 6in6), and on UDP: VXLAN, Geneve,
 * Teredo (ports and switches from struct decode_config). */
#ifndef QUELL_DECODE_TUNNEL_H
#define QUELL_DECODE_TUNNEL_H

#include "core/base.h"
#include "core/packet.h"
#include "decode/config.h"

/* Records b[0..len) as p's inner packet of link type link, unless p is
 * at the depth bound (then the too_many_layers event). */
void	decode_tunnel_set(struct packet *p, const uint8_t *b, uint32_t len,
	    uint8_t link, uint8_t src);

/* The UDP encapsulations on a decoded UDP packet, in Suricata's order:
 * Teredo, Geneve, VXLAN. */
void	decode_tunnel_udp(struct packet *p, const struct decode_config *cfg);

/* Makes inner the packet inside outer's tunnel (outer->inner != NULL):
 * capture fields, time and VLANs from outer, depth + 1, root = the
 * captured packet, then decodes it. Returns what decode_packet returns. */
int	decode_tunnel(const struct packet *outer, struct packet *inner,
	    const struct decode_config *cfg);

#endif
