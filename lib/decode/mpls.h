/* MPLS label stack (ethertypes 0x8847/0x8848), decoded in place: the
 * payload after the bottom label is IPv4, IPv6 or an Ethernet
 * pseudowire, judged as Suricata does. */
#ifndef QUELL_DECODE_MPLS_H
#define QUELL_DECODE_MPLS_H

#include "core/base.h"
#include "core/packet.h"

int	decode_mpls(struct packet *p, const uint8_t *b, uint32_t len);

#endif
