/* ICMPv6. */
#ifndef QUELL_DECODE_ICMPV6_H
#define QUELL_DECODE_ICMPV6_H

#include "core/base.h"
#include "core/packet.h"

/* As decode_icmp() (8-byte header or DECODE_EV_ICMPV6_PKT_TOO_SMALL),
 * with echo request 128 and reply 129. */
void	decode_icmpv6(struct packet *p, const uint8_t *hdr, uint32_t len);

#endif
