/* UDP header. */
#ifndef QUELL_DECODE_UDP_H
#define QUELL_DECODE_UDP_H

#include "core/base.h"
#include "core/packet.h"

/* Decodes the UDP header at hdr: len bytes captured, ip_len what the IP
 * layer says follows. A length field < 8 or beyond ip_len (unless p is a
 * fragment, whose UDP length covers the reassembled datagram) is an
 * event; ports and the payload up to the captured end are still given,
 * with l4_valid false. */
void	decode_udp(struct packet *p, const uint8_t *hdr, uint32_t len,
	    uint32_t ip_len);

#endif
