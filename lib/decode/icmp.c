#include "core/base.h"

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/events.h"
#include "decode/icmp.h"
#include "decode/l4.h"

#define ICMP_HDR_LEN		8
#define ICMP_ECHO_REPLY		0
#define ICMP_ECHO_REQUEST	8

void
decode_icmp(struct packet *p, const uint8_t *hdr, uint32_t len)
{
	if (len < ICMP_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_ICMPV4_PKT_TOO_SMALL);
		return;
	}
	p->icmp_type = hdr[0];
	p->icmp_code = hdr[1];
	if (p->icmp_type == ICMP_ECHO_REQUEST || p->icmp_type == ICMP_ECHO_REPLY) {
		p->icmp_id = decode_be16(hdr + 4);
		p->icmp_seq = decode_be16(hdr + 6);
	}
	p->l4_hdr_len = ICMP_HDR_LEN;
	p->l4_valid = true;
	decode_l4_set_payload(p, hdr + ICMP_HDR_LEN, len - ICMP_HDR_LEN);
}
