/* TCP header and options. */
#ifndef QUELL_DECODE_TCP_H
#define QUELL_DECODE_TCP_H

#include "core/base.h"
#include "core/packet.h"

/* Decodes the TCP header at hdr[0..len), len being what the IP layer
 * says follows. Fewer than 20 bytes (tcp.pkt_too_small), a data offset
 * past len (tcp.hlen_too_small) or below 5 words (tcp.invalid_optlen)
 * leave no TCP; else ports, seq, ack, flags, window, l4_valid and the
 * payload. Options of a bad length (tcp.opt_invalid_len) or repeated
 * (tcp.opt_duplicate) are events only. */
void	decode_tcp(struct packet *p, const uint8_t *hdr, uint32_t len);

#endif
