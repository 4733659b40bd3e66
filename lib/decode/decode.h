/* Packet decoder: IPv4, IPv6 (+ extension headers), TCP, UDP, ICMP,
 * ICMPv6. Every length is checked before the byte is read; every problem
 * is a named event bit on the packet, never a crash. */
#ifndef QUELL_DECODE_DECODE_H
#define QUELL_DECODE_DECODE_H

#include "core/base.h"
#include "core/packet.h"
#include "decode/events.h"

/* Decodes p->data/p->len (starting at the IP header) into p's decode
 * fields, resetting them first. Returns 0 when at least the IP layer
 * decoded, -1 when the packet is not usable as IP (events say why). */
int	decode_packet(struct packet *p);

#endif
