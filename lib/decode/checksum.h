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

/* The checksums as Suricata's checksum keywords judge them (ipv4-csum,
 * tcpv4-csum, ...): computed with the field taken as zero, compared
 * with the field. 1 when right, 0 when wrong, -1 when the packet has no
 * such header to judge: the IP layer or the L4 header did not decode,
 * a fragment, UDP over IPv4 without a checksum (0), or the bytes summed
 * run past the capture. Lengths are Suricata's: TCP and UDP their
 * header and payload; ICMP and IGMP the IPv4 total length less the
 * header; ICMPv6 the payload length less the extension headers. */
int	decode_csum_ipv4(const struct packet *);
int	decode_csum_tcp(const struct packet *);	/* IPv4 or IPv6 */
int	decode_csum_udp(const struct packet *);	/* IPv4 or IPv6 */
int	decode_csum_icmpv4(const struct packet *);
int	decode_csum_icmpv6(const struct packet *);
int	decode_csum_igmp(const struct packet *);

#endif
