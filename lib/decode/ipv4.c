#include "core/base.h"

#include <netinet/in.h>
#include <sys/socket.h>

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/events.h"
#include "decode/ipv4.h"
#include "decode/l4.h"
#include "decode/stats.h"

#define IPV4_HDR_LEN		20
#define IPV4_FRAG_OFFSET_MASK	0x1fff
#define IPV4_FRAG_MF		0x1

/* Option types (RFC 791 and successors) and their length rules, as
 * Suricata's decode-ipv4.h has them. */
#define IPV4_OPT_EOL		0x00
#define IPV4_OPT_NOP		0x01
#define IPV4_OPT_RR		0x07
#define IPV4_OPT_QS		0x19
#define IPV4_OPT_TS		0x44
#define IPV4_OPT_SEC		0x82
#define IPV4_OPT_LSRR		0x83
#define IPV4_OPT_ESEC		0x85
#define IPV4_OPT_CIPSO		0x86
#define IPV4_OPT_SID		0x88
#define IPV4_OPT_SSRR		0x89
#define IPV4_OPT_RTRALT		0x94
#define IPV4_OPT_SID_LEN	4
#define IPV4_OPT_RTRALT_LEN	4
#define IPV4_OPT_SEC_MIN	3
#define IPV4_OPT_ROUTE_MIN	3
#define IPV4_OPT_QS_MIN		8
#define IPV4_OPT_TS_MIN		5
#define IPV4_OPT_CIPSO_MIN	10

/* The options that may appear once each: a bit per kind. */
enum ipv4_opt_kind {
	OPT_K_RR, OPT_K_QS, OPT_K_TS, OPT_K_SEC, OPT_K_ESEC, OPT_K_LSRR,
	OPT_K_CIPSO, OPT_K_SID, OPT_K_SSRR, OPT_K_RTRALT,
};

static bool	ipv4_opt_route(struct packet *, const uint8_t *, uint8_t);
static bool	ipv4_opt_ts(struct packet *, const uint8_t *, uint8_t);
static bool	ipv4_opt_cipso(struct packet *, const uint8_t *, uint8_t);
static bool	ipv4_opt_valid(struct packet *, uint8_t, const uint8_t *,
		    uint8_t);
static int	decode_ipv4_options(struct packet *, const uint8_t *, uint32_t);

/* Record, loose and strict source route: a 1-based pointer past type,
 * length and itself, in steps of an address, not past the option. */
static bool
ipv4_opt_route(struct packet *p, const uint8_t *o, uint8_t len)
{
	uint8_t ptr;

	if (len < IPV4_OPT_ROUTE_MIN) {
		decode_event_set(p->events, DECODE_EV_IPV4_OPT_INVALID_LEN);
		return false;
	}
	ptr = o[2];
	if (ptr < 4 || ptr % 4 != 0 || ptr > len + 1) {
		decode_event_set(p->events, DECODE_EV_IPV4_OPT_MALFORMED);
		return false;
	}
	return true;
}

/* Timestamp (RFC 781): pointer, overflow/flag; records of 4 bytes, or 8
 * (address and time) with flag 1 or 3. */
static bool
ipv4_opt_ts(struct packet *p, const uint8_t *o, uint8_t len)
{
	uint8_t ptr, rec;

	if (len < IPV4_OPT_TS_MIN) {
		decode_event_set(p->events, DECODE_EV_IPV4_OPT_INVALID_LEN);
		return false;
	}
	ptr = o[2];
	if (ptr < 5) {
		decode_event_set(p->events, DECODE_EV_IPV4_OPT_MALFORMED);
		return false;
	}
	rec = ((o[3] & 0x0f) == 1 || (o[3] & 0x0f) == 3) ? 8 : 4;
	if ((ptr - 5) % rec != 0 || ptr > len + 1) {
		decode_event_set(p->events, DECODE_EV_IPV4_OPT_MALFORMED);
		return false;
	}
	return true;
}

/* CIPSO: domain of interpretation (4), then tags {type, length, ...};
 * tag types 1, 2, 5, 6, 7 of at least 4 bytes, an alignment byte of 0
 * except in type 7. */
static bool
ipv4_opt_cipso(struct packet *p, const uint8_t *o, uint8_t len)
{
	const uint8_t *tag;
	uint32_t rest;

	if (len < IPV4_OPT_CIPSO_MIN) {
		decode_event_set(p->events, DECODE_EV_IPV4_OPT_INVALID_LEN);
		return false;
	}
	tag = o + 6;
	rest = (uint32_t)len - 6;
	while (rest != 0) {
		uint8_t type, tlen;

		if (rest < 2)
			goto malformed;
		type = tag[0];
		tlen = tag[1];
		if (tlen > rest)
			goto malformed;
		switch (type) {
		case 1: case 2: case 5: case 6: case 7:
			if (tlen < 4)
				goto malformed;
			if (type != 7 && tag[2] != 0)
				goto malformed;
			tag += tlen;
			rest -= tlen;
			break;
		default:	/* 0 is reserved, the rest unknown */
			goto malformed;
		}
	}
	return true;
malformed:
	decode_event_set(p->events, DECODE_EV_IPV4_OPT_MALFORMED);
	return false;
}

/* The checks of one option o[0..len) of a known type; false with an
 * event when it fails. */
static bool
ipv4_opt_valid(struct packet *p, uint8_t type, const uint8_t *o, uint8_t len)
{
	bool bad;

	switch (type) {
	case IPV4_OPT_RR:
	case IPV4_OPT_LSRR:
	case IPV4_OPT_SSRR:
		return ipv4_opt_route(p, o, len);
	case IPV4_OPT_TS:
		return ipv4_opt_ts(p, o, len);
	case IPV4_OPT_CIPSO:
		return ipv4_opt_cipso(p, o, len);
	case IPV4_OPT_QS:
		bad = len < IPV4_OPT_QS_MIN;
		break;
	case IPV4_OPT_SEC:
	case IPV4_OPT_ESEC:
		bad = len < IPV4_OPT_SEC_MIN;
		break;
	case IPV4_OPT_SID:
		bad = len != IPV4_OPT_SID_LEN;
		break;
	default:	/* IPV4_OPT_RTRALT */
		bad = len != IPV4_OPT_RTRALT_LEN;
		break;
	}
	if (bad)
		decode_event_set(p->events, DECODE_EV_IPV4_OPT_INVALID_LEN);
	return !bad;
}

/* Suricata's DecodeIPV4Options on opt[0..len): an option list not a
 * multiple of 8 bytes asks for padding (its rule, not RFC 791's 4);
 * EOL ends the walk, NOP is one byte; an option whose length byte is
 * missing wants an EOL; one whose length is below 2 or past the header
 * makes the whole header invalid (-1). Known options are checked and
 * may appear once; a repeat or an unknown type is an event only. */
static int
decode_ipv4_options(struct packet *p, const uint8_t *opt, uint32_t len)
{
	unsigned seen = 0;

	if (len % 8 != 0)
		decode_event_set(p->events, DECODE_EV_IPV4_OPT_PAD_REQUIRED);
	while (len != 0) {
		uint8_t type = opt[0], olen;
		int kind;

		if (type == IPV4_OPT_EOL)
			break;
		if (type == IPV4_OPT_NOP) {
			opt++;
			len--;
			continue;
		}
		if (len < 2) {
			decode_event_set(p->events,
			    DECODE_EV_IPV4_OPT_EOL_REQUIRED);
			break;
		}
		olen = opt[1];
		if (olen > len || olen < 2) {
			decode_event_set(p->events,
			    DECODE_EV_IPV4_OPT_INVALID_LEN);
			return -1;
		}
		switch (type) {
		case IPV4_OPT_RR: kind = OPT_K_RR; break;
		case IPV4_OPT_QS: kind = OPT_K_QS; break;
		case IPV4_OPT_TS: kind = OPT_K_TS; break;
		case IPV4_OPT_SEC: kind = OPT_K_SEC; break;
		case IPV4_OPT_ESEC: kind = OPT_K_ESEC; break;
		case IPV4_OPT_LSRR: kind = OPT_K_LSRR; break;
		case IPV4_OPT_CIPSO: kind = OPT_K_CIPSO; break;
		case IPV4_OPT_SID: kind = OPT_K_SID; break;
		case IPV4_OPT_SSRR: kind = OPT_K_SSRR; break;
		case IPV4_OPT_RTRALT: kind = OPT_K_RTRALT; break;
		default: kind = -1; break;
		}
		if (kind < 0)
			decode_event_set(p->events, DECODE_EV_IPV4_OPT_INVALID);
		else if (seen & (1u << kind))
			decode_event_set(p->events, DECODE_EV_IPV4_OPT_DUPLICATE);
		else if (ipv4_opt_valid(p, type, opt, olen))
			/* only a valid option counts as seen */
			seen |= 1u << kind;
		opt += olen;
		len -= olen;
	}
	return 0;
}

/* Suricata's DecodeIPV4: a header that fails a check (including a
 * datagram longer than the capture and a bad option length) leaves p
 * without IP. A fragment's upper layer waits for reassembly: it has no
 * L4 header, ports or payload of its own. */
int
decode_ipv4(struct packet *p, const uint8_t *pkt, uint32_t len)
{
	uint32_t hlen, tot_len;
	uint16_t frag;

	DECODE_SEEN(p, IPV4);
	if (len < IPV4_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_IPV4_PKT_TOO_SMALL);
		return -1;
	}
	if (pkt[0] >> 4 != 4) {
		decode_event_set(p->events, DECODE_EV_IPV4_WRONG_IP_VER);
		return -1;
	}
	hlen = (uint32_t)(pkt[0] & 0x0f) * 4;
	if (hlen < IPV4_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_IPV4_HLEN_TOO_SMALL);
		return -1;
	}
	tot_len = decode_be16(pkt + 2);
	if (tot_len < hlen) {
		decode_event_set(p->events,
		    DECODE_EV_IPV4_IPLEN_SMALLER_THAN_HLEN);
		return -1;
	}
	/* Bytes past the total length are link-layer padding. */
	if (tot_len > len) {
		decode_event_set(p->events, DECODE_EV_IPV4_TRUNC_PKT);
		return -1;
	}
	if (hlen > IPV4_HDR_LEN && decode_ipv4_options(p, pkt + IPV4_HDR_LEN,
	    hlen - IPV4_HDR_LEN) == -1)
		return -1;

	p->ip_version = 4;
	p->l3 = pkt;
	p->tos = pkt[1];
	p->ip_id = decode_be16(pkt + 4);
	frag = decode_be16(pkt + 6);
	p->frag_flags = (uint8_t)(frag >> 13);
	p->frag_offset = frag & IPV4_FRAG_OFFSET_MASK;
	p->is_fragment = p->frag_offset != 0 || (p->frag_flags & IPV4_FRAG_MF);
	p->ttl = pkt[8];
	p->proto = pkt[9];
	p->src.family = AF_INET;
	memcpy(&p->src.u.v4, pkt + 12, 4);
	p->dst.family = AF_INET;
	memcpy(&p->dst.u.v4, pkt + 16, 4);
	p->ip_hdr_len = (uint16_t)hlen;
	if (!p->is_fragment)
		decode_l4(p, pkt + hlen, tot_len - hlen);
	return 0;
}
