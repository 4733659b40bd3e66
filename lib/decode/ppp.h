/* PPP (protocol field, optionally after HDLC address/control bytes) and
 * PPPoE (session stage carries PPP; discovery is checked only). */
#ifndef QUELL_DECODE_PPP_H
#define QUELL_DECODE_PPP_H

#include "core/base.h"
#include "core/packet.h"

/* b starts at the PPP protocol field, or at 0xff 0x03 before it. */
int	decode_ppp(struct packet *p, const uint8_t *b, uint32_t len);
int	decode_pppoe_session(struct packet *p, const uint8_t *b, uint32_t len);
void	decode_pppoe_discovery(struct packet *p, const uint8_t *b,
	    uint32_t len);

#endif
