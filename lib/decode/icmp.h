/* ICMP for IPv4. */
#ifndef QUELL_DECODE_ICMP_H
#define QUELL_DECODE_ICMP_H

#include "core/base.h"
#include "core/packet.h"

/* The ICMP header is 8 bytes for every type: type, code, checksum and a
 * 4-byte type-specific word. Shorter is DECODE_EV_ICMPV4_PKT_TOO_SMALL
 * and leaves type and code unset (0) with l4_valid false. icmp_id and
 * icmp_seq are filled for echo request (8) and reply (0). */
void	decode_icmp(struct packet *p, const uint8_t *hdr, uint32_t len);

#endif
