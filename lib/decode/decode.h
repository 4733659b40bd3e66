/* Packet decoder: link layers, IPv4, IPv6 (+ extension headers), TCP,
 * UDP, SCTP, ICMP, ICMPv6, and the encapsulations (VLAN, MPLS, NSH,
 * PPP/PPPoE in place; GRE, ERSPAN, VXLAN, Geneve, Teredo, IP in IP as
 * tunnels, decode/tunnel.h). Every length is checked before the byte is
 * read; every problem is a named event bit on the packet, never a
 * crash. */
#ifndef QUELL_DECODE_DECODE_H
#define QUELL_DECODE_DECODE_H

#include "core/base.h"
#include "core/packet.h"
#include "decode/config.h"
#include "decode/events.h"

/* Decodes p->data/p->len (link type p->link) into p's decode fields,
 * resetting them first, with Suricata's default decoder settings.
 * Returns 0 when at least the IP layer decoded, -1 when the packet is
 * not usable as IP (events say why, or it is simply not IP: ARP). */
int	decode_packet(struct packet *p);

/* The same with the given settings (tunnel ports and switches). */
int	decode_packet_cfg(struct packet *p, const struct decode_config *cfg);

/* For decode_tunnel: decodes p, a tunnel's inner packet, starting from
 * the VLANs of outer (flows inside a tunnel are told apart by them, as
 * Suricata's). */
int	decode_packet_inherit(struct packet *p, const struct decode_config *cfg,
	    const struct packet *outer);

#endif
