/* SCTP (RFC 9260) common header as an L4 with ports, and a bounded walk
 * over its chunks for the sctp.* events. */
#ifndef QUELL_DECODE_SCTP_H
#define QUELL_DECODE_SCTP_H

#include "core/base.h"
#include "core/packet.h"

void	decode_sctp(struct packet *p, const uint8_t *hdr, uint32_t len);

#endif
