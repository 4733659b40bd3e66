#include "core/base.h"

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/events.h"
#include "decode/icmpv6.h"
#include "decode/l4.h"

#define ICMPV6_HDR_LEN		8
#define ICMPV6_ECHO_REQUEST	128
#define ICMPV6_ECHO_REPLY	129

void
decode_icmpv6(struct packet *p, const uint8_t *hdr, uint32_t len)
{
	if (len < ICMPV6_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_ICMPV6_PKT_TOO_SMALL);
		return;
	}
	p->icmp_type = hdr[0];
	p->icmp_code = hdr[1];
	if (p->icmp_type == ICMPV6_ECHO_REQUEST ||
	    p->icmp_type == ICMPV6_ECHO_REPLY) {
		p->icmp_id = decode_be16(hdr + 4);
		p->icmp_seq = decode_be16(hdr + 6);
	}
	p->l4_hdr_len = ICMPV6_HDR_LEN;
	p->l4_valid = true;
	decode_l4_set_payload(p, hdr + ICMPV6_HDR_LEN, len - ICMPV6_HDR_LEN);
}
