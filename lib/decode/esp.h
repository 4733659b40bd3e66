/* ESP (RFC 4303): the SPI and sequence number in clear, then the
 * encrypted payload. */
#ifndef QUELL_DECODE_ESP_H
#define QUELL_DECODE_ESP_H

#include "core/base.h"
#include "core/packet.h"

/* Fewer than 8 bytes is esp.pkt_too_small; else the payload is what
 * follows the 8-byte header. */
void	decode_esp(struct packet *p, const uint8_t *hdr, uint32_t len);

#endif
