/* Checksum validation. Inline, the kernel has already accepted the
 * packet and offloaded checksums are often not filled in yet, so quell
 * does not validate there; offline `-k all` asks for it. */
#ifndef QUELL_DECODE_CHECKSUM_H
#define QUELL_DECODE_CHECKSUM_H

#include "core/base.h"
#include "core/packet.h"

/* True when the IPv4 header checksum and the TCP/UDP/ICMP/ICMPv6
 * checksum of a decoded packet are right (fragments: the IPv4 header
 * only; UDP over IPv4 with checksum 0 is valid). Packets whose L4 is
 * truncated in the capture are judged on the IP header alone. */
bool	decode_checksums_valid(const struct packet *);

#endif
