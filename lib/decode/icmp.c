#include "core/base.h"

#include <netinet/in.h>
#include <sys/socket.h>

#include <string.h>

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/events.h"
#include "decode/icmp.h"
#include "decode/l4.h"
#include "decode/stats.h"

#define ICMP_HDR_LEN		8
#define ICMP_TIMESTAMP_LEN	12	/* originate, receive, transmit */
#define IPV4_HDR_LEN		20

#define ICMP_ECHOREPLY		0
#define ICMP_DEST_UNREACH	3
#define ICMP_SOURCE_QUENCH	4
#define ICMP_REDIRECT		5
#define ICMP_ECHO		8
#define ICMP_ROUTERADVERT	9
#define ICMP_TIME_EXCEEDED	11
#define ICMP_PARAMETERPROB	12
#define ICMP_TIMESTAMP		13
#define ICMP_TIMESTAMPREPLY	14
#define ICMP_INFO_REQUEST	15
#define ICMP_INFO_REPLY		16
#define ICMP_ADDRESS		17
#define ICMP_ADDRESSREPLY	18
/* highest code each error type defines */
#define NR_ICMP_UNREACH		15
#define ICMP_REDIR_HOSTTOS	3
#define ICMP_EXC_FRAGTIME	1

#define TCP_HDR_LEN		20
#define UDP_HDR_LEN		8

static bool	icmp_partial_ipv4(struct packet *, const uint8_t *, uint32_t);

/* An error message quotes the offending datagram's IPv4 header (and 8
 * bytes more): too short for a header or not version 4 are events.
 * Else its tuple is kept, the ports read at the fixed offset 20 as
 * Suricata's DecodePartialIPV4 does; true when that is a whole TCP or
 * UDP header. */
static bool
icmp_partial_ipv4(struct packet *p, const uint8_t *b, uint32_t len)
{
	if (len < IPV4_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_ICMPV4_IPV4_TRUNC_PKT);
		return false;
	}
	if (b[0] >> 4 != 4) {
		decode_event_set(p->events, DECODE_EV_ICMPV4_IPV4_UNKNOWN_VER);
		return false;
	}
	if (!((b[9] == IPPROTO_TCP && len >= IPV4_HDR_LEN + TCP_HDR_LEN) ||
	    (b[9] == IPPROTO_UDP && len >= IPV4_HDR_LEN + UDP_HDR_LEN)))
		return false;
	p->icmp_emb_proto = b[9];
	p->icmp_emb_src.family = AF_INET;
	memcpy(&p->icmp_emb_src.u.v4, b + 12, 4);
	p->icmp_emb_dst.family = AF_INET;
	memcpy(&p->icmp_emb_dst.u.v4, b + 16, 4);
	p->icmp_emb_sport = decode_be16(b + IPV4_HDR_LEN);
	p->icmp_emb_dport = decode_be16(b + IPV4_HDR_LEN + 2);
	return true;
}

/* Suricata's DecodeICMPV4: type and code checks per type, the quoted
 * header of error messages, and a header of 8 bytes (20 for timestamp
 * messages, 8 + the addresses for a router advertisement) before the
 * payload. */
void
decode_icmp(struct packet *p, const uint8_t *hdr, uint32_t len)
{
	uint32_t hlen = ICMP_HDR_LEN;
	uint8_t type, code;
	bool code0 = false, quote = false, echo = false;

	DECODE_SEEN(p, ICMPV4);
	if (len < ICMP_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_ICMPV4_PKT_TOO_SMALL);
		return;
	}
	type = hdr[0];
	code = hdr[1];
	switch (type) {
	case ICMP_ECHOREPLY:
	case ICMP_ECHO:
	case ICMP_INFO_REQUEST:
	case ICMP_INFO_REPLY:
	case ICMP_ADDRESS:
	case ICMP_ADDRESSREPLY:
		code0 = echo = true;
		break;
	case ICMP_TIMESTAMP:
	case ICMP_TIMESTAMPREPLY:
		code0 = echo = true;
		if (len < ICMP_HDR_LEN + ICMP_TIMESTAMP_LEN)
			decode_event_set(p->events,
			    DECODE_EV_ICMPV4_IPV4_TRUNC_PKT);
		else
			hlen += ICMP_TIMESTAMP_LEN;
		break;
	case ICMP_DEST_UNREACH:
		if (code > NR_ICMP_UNREACH)
			decode_event_set(p->events, DECODE_EV_ICMPV4_UNKNOWN_CODE);
		else
			quote = len > ICMP_HDR_LEN;
		break;
	case ICMP_SOURCE_QUENCH:
		/* quoted even when empty: its check is >= */
		if (code != 0)
			decode_event_set(p->events, DECODE_EV_ICMPV4_UNKNOWN_CODE);
		else
			quote = true;
		break;
	case ICMP_REDIRECT:
		if (code > ICMP_REDIR_HOSTTOS)
			decode_event_set(p->events, DECODE_EV_ICMPV4_UNKNOWN_CODE);
		else
			quote = len > ICMP_HDR_LEN;
		break;
	case ICMP_TIME_EXCEEDED:
		if (code > ICMP_EXC_FRAGTIME)
			decode_event_set(p->events, DECODE_EV_ICMPV4_UNKNOWN_CODE);
		else
			quote = len > ICMP_HDR_LEN;
		break;
	case ICMP_PARAMETERPROB:
		if (code != 0)
			decode_event_set(p->events, DECODE_EV_ICMPV4_UNKNOWN_CODE);
		else
			quote = len > ICMP_HDR_LEN;
		break;
	case ICMP_ROUTERADVERT: {
		/* number of addresses, address entry size in words */
		uint32_t alen = (uint32_t)hdr[4] * hdr[5] * 4;

		if (len < alen + ICMP_HDR_LEN)
			decode_event_set(p->events,
			    DECODE_EV_ICMPV4_IPV4_TRUNC_PKT);
		else
			hlen += alen;
		break;
	}
	default:
		decode_event_set(p->events, DECODE_EV_ICMPV4_UNKNOWN_TYPE);
		break;
	}
	if (code0 && code != 0)
		decode_event_set(p->events, DECODE_EV_ICMPV4_UNKNOWN_CODE);
	p->icmp_emb_valid = false;
	if (quote && icmp_partial_ipv4(p, hdr + ICMP_HDR_LEN,
	    len - ICMP_HDR_LEN) && type == ICMP_DEST_UNREACH &&
	    !decode_event_invalid(p->events))
		p->icmp_emb_valid = true;
	p->l4 = hdr;
	p->icmp_type = type;
	p->icmp_code = code;
	if (echo) {
		p->icmp_id = decode_be16(hdr + 4);
		p->icmp_seq = decode_be16(hdr + 6);
	}
	p->l4_hdr_len = (uint16_t)hlen;
	p->l4_valid = true;
	decode_l4_set_payload(p, hdr + hlen, len - hlen);
}
