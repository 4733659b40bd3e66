#include "core/base.h"

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/events.h"
#include "decode/l4.h"
#include "decode/tcp.h"

#define TCP_HDR_LEN	20
#define TCP_OPT_EOL	0
#define TCP_OPT_NOP	1

static void	decode_tcp_options(struct packet *, const uint8_t *, uint32_t);

/* As IPv4 options: EOL ends the list, NOP is one byte, any other option
 * has a length byte >= 2 that stays inside the header. */
static void
decode_tcp_options(struct packet *p, const uint8_t *opt, uint32_t len)
{
	uint32_t i = 0;

	while (i < len) {
		uint8_t kind = opt[i];
		uint8_t optlen;

		if (kind == TCP_OPT_EOL)
			return;
		if (kind == TCP_OPT_NOP) {
			i++;
			continue;
		}
		if (len - i < 2) {
			decode_event_set(p->events, DECODE_EV_TCP_INVALID_OPTLEN);
			return;
		}
		optlen = opt[i + 1];
		if (optlen < 2 || optlen > len - i) {
			decode_event_set(p->events, DECODE_EV_TCP_INVALID_OPTLEN);
			return;
		}
		i += optlen;
	}
}

void
decode_tcp(struct packet *p, const uint8_t *hdr, uint32_t len)
{
	uint32_t hlen;

	if (len < TCP_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_TCP_PKT_TOO_SMALL);
		return;
	}
	p->sport = decode_be16(hdr);
	p->dport = decode_be16(hdr + 2);
	p->tcp_seq = decode_be32(hdr + 4);
	p->tcp_ack = decode_be32(hdr + 8);
	p->tcp_flags = hdr[13];
	p->tcp_window = decode_be16(hdr + 14);

	/* Suricata's order and events: a header longer than the segment
	 * is hlen_too_small; a data offset below 5 words leaves an option
	 * length below 0, which it reports as invalid_optlen. */
	hlen = (uint32_t)(hdr[12] >> 4) * 4;
	if (hlen > len) {
		decode_event_set(p->events, DECODE_EV_TCP_HLEN_TOO_SMALL);
		return;
	}
	if (hlen < TCP_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_TCP_INVALID_OPTLEN);
		return;
	}
	decode_tcp_options(p, hdr + TCP_HDR_LEN, hlen - TCP_HDR_LEN);
	p->l4_hdr_len = (uint16_t)hlen;
	p->l4_valid = true;
	decode_l4_set_payload(p, hdr + hlen, len - hlen);
}
