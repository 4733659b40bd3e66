/* TCP header and option lengths. */
#ifndef QUELL_DECODE_TCP_H
#define QUELL_DECODE_TCP_H

#include "core/base.h"
#include "core/packet.h"

/* Decodes the TCP header at hdr (len bytes up to the datagram's end).
 * Ports, seq, ack, flags and window are filled whenever the 20-byte fixed
 * header is there; l4_valid only when the data offset is sane too. Bad
 * option lengths are an event but leave the header valid. */
void	decode_tcp(struct packet *p, const uint8_t *hdr, uint32_t len);

#endif
