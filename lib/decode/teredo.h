/* Teredo (RFC 4380): IPv6 in UDP, optionally after an origin
 * indication. Nothing in it proves it is Teredo, so, as Suricata, only
 * a well-formed IPv6 header whose length matches the rest counts. */
#ifndef QUELL_DECODE_TEREDO_H
#define QUELL_DECODE_TEREDO_H

#include "core/base.h"
#include "core/packet.h"

/* b is the UDP payload. Returns true when it is Teredo. */
bool	decode_teredo(struct packet *p, const uint8_t *b, uint32_t len);

#endif
