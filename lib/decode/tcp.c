#include "core/base.h"

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/events.h"
#include "decode/l4.h"
#include "decode/tcp.h"
#include "decode/stats.h"

#define TCP_HDR_LEN	20
#define TCP_OPT_MAX_LEN	40
#define TCP_OPT_EOL	0
#define TCP_OPT_NOP	1
#define TCP_OPT_MSS	2
#define TCP_OPT_WS	3
#define TCP_OPT_SACKOK	4
#define TCP_OPT_SACK	5
#define TCP_OPT_TS	8
#define TCP_OPT_MD5	19
#define TCP_OPT_AO	29
#define TCP_OPT_TFO	34
#define TCP_OPT_EXP1	253
#define TCP_OPT_EXP2	254
#define TCP_TFO_MAGIC	0xf989

/* The options that may appear once each, a bit per kind. */
enum tcp_opt_kind {
	TCP_K_MSS, TCP_K_WS, TCP_K_SACKOK, TCP_K_SACK, TCP_K_TS, TCP_K_TFO,
};

static bool	tcp_opt_len_ok(uint8_t, uint8_t);
static int	tcp_opt_kind(uint8_t, const uint8_t *, uint8_t);
static void	decode_tcp_options(struct packet *, const uint8_t *, uint32_t);

/* The length rules of Suricata's DecodeTCPOptions. */
static bool
tcp_opt_len_ok(uint8_t type, uint8_t len)
{
	switch (type) {
	case TCP_OPT_MSS:
		return len == 4;
	case TCP_OPT_WS:
		return len == 3;
	case TCP_OPT_SACKOK:
		return len == 2;
	case TCP_OPT_TS:
		return len == 10;
	case TCP_OPT_SACK:
		/* 2 (empty, seen in the wild) or 1 to 4 blocks of 8 */
		return len == 2 ||
		    (len >= 10 && len <= 34 && (len - 2) % 8 == 0);
	case TCP_OPT_TFO:
		/* 2 (cookie request) or an even cookie of 4 to 16 bytes */
		return len == 2 ||
		    (len >= 4 && len <= 18 && (len - 2) % 2 == 0);
	case TCP_OPT_EXP1:
	case TCP_OPT_EXP2:
		return len == 4 || len == 12;
	case TCP_OPT_MD5:
		return len == 18;
	case TCP_OPT_AO:
		return len >= 4;
	default:
		return true;
	}
}

/* The once-only kind of an option, -1 for the rest. An experimental
 * option with the TFO magic counts as TFO. */
static int
tcp_opt_kind(uint8_t type, const uint8_t *opt, uint8_t len)
{
	switch (type) {
	case TCP_OPT_MSS:
		return TCP_K_MSS;
	case TCP_OPT_WS:
		return TCP_K_WS;
	case TCP_OPT_SACKOK:
		return TCP_K_SACKOK;
	case TCP_OPT_SACK:
		return TCP_K_SACK;
	case TCP_OPT_TS:
		return TCP_K_TS;
	case TCP_OPT_TFO:
		return TCP_K_TFO;
	case TCP_OPT_EXP1:
	case TCP_OPT_EXP2:
		return len >= 4 && decode_be16(opt + 2) == TCP_TFO_MAGIC ?
		    TCP_K_TFO : -1;
	default:
		return -1;
	}
}

/* Suricata's walk: EOL ends it, NOP is one byte, a missing length byte
 * ends it quietly; a length below 2 or past the header is an invalid
 * length and ends it; a known option of the wrong length is an invalid
 * length, a second one of a kind a duplicate. */
static void
decode_tcp_options(struct packet *p, const uint8_t *opt, uint32_t len)
{
	unsigned seen = 0;

	while (len != 0) {
		uint8_t type = opt[0], olen;
		int kind;

		if (type == TCP_OPT_EOL)
			return;
		if (type == TCP_OPT_NOP) {
			opt++;
			len--;
			continue;
		}
		if (len < 2)
			return;
		olen = opt[1];
		if (olen > len || olen < 2) {
			/* invalid here, a plain event below, as Suricata */
			decode_event_set_invalid(p->events,
			    DECODE_EV_TCP_OPT_INVALID_LEN);
			return;
		}
		if (!tcp_opt_len_ok(type, olen))
			decode_event_set(p->events, DECODE_EV_TCP_OPT_INVALID_LEN);
		else if ((kind = tcp_opt_kind(type, opt, olen)) >= 0) {
			if (seen & (1u << kind))
				decode_event_set(p->events,
				    DECODE_EV_TCP_OPT_DUPLICATE);
			seen |= 1u << kind;
		}
		opt += olen;
		len -= olen;
	}
}

/* Suricata's DecodeTCPPacket: short packet, header past the segment or
 * a data offset below 5 leave p without TCP (no ports, no payload). */
void
decode_tcp(struct packet *p, const uint8_t *hdr, uint32_t len)
{
	uint32_t hlen;

	DECODE_SEEN(p, TCP);
	if (len < TCP_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_TCP_PKT_TOO_SMALL);
		return;
	}
	hlen = (uint32_t)(hdr[12] >> 4) * 4;
	if (hlen > len) {
		decode_event_set(p->events, DECODE_EV_TCP_HLEN_TOO_SMALL);
		return;
	}
	/* Its option length is hlen - 20 in 8 bits: below 5 words it wraps
	 * past 40, which it calls invalid_optlen. */
	if (hlen < TCP_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_TCP_INVALID_OPTLEN);
		return;
	}
	decode_tcp_options(p, hdr + TCP_HDR_LEN, hlen - TCP_HDR_LEN);
	p->l4 = hdr;
	p->sport = decode_be16(hdr);
	p->dport = decode_be16(hdr + 2);
	p->tcp_seq = decode_be32(hdr + 4);
	p->tcp_ack = decode_be32(hdr + 8);
	p->tcp_flags = hdr[13];
	p->tcp_window = decode_be16(hdr + 14);
	p->l4_hdr_len = (uint16_t)hlen;
	p->l4_valid = true;
	decode_l4_set_payload(p, hdr + hlen, len - hlen);
}
