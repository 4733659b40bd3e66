#include "core/base.h"

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/events.h"
#include "decode/icmpv6.h"
#include "decode/l4.h"
#include "decode/stats.h"

#define ICMPV6_HDR_LEN		8
#define ICMPV6_INFO_HDR_LEN	4	/* what non-error messages count */
#define IPV6_HDR_LEN		40

#define ICMP6_DST_UNREACH	1
#define ICMP6_PACKET_TOO_BIG	2
#define ICMP6_TIME_EXCEEDED	3
#define ICMP6_PARAM_PROB	4
#define ICMP6_ECHO_REQUEST	128
#define ICMP6_ECHO_REPLY	129
#define MLD_LISTENER_QUERY	130
#define MLD_LISTENER_REPORT	131
#define MLD_LISTENER_REDUCTION	132
#define ICMP6_RR		138
#define ICMP6_NI_QUERY		139
#define ICMP6_NI_REPLY		140
#define ICMP6_MOBILE_EXPERIMENTAL 150
#define MC_ROUTER_ADVERT	151
#define MC_ROUTER_SOLICIT	152
#define MC_ROUTER_TERMINATE	153
#define RPL_CONTROL_MSG		155
/* highest code each error type defines */
#define ICMP6_DST_UNREACH_MAX	6
#define ICMP6_TIME_EXCEED_MAX	1
#define ICMP6_PARAMPROB_MAX	2

static void	icmpv6_partial_ipv6(struct packet *, const uint8_t *, uint32_t);
static void	icmpv6_type_event(struct packet *, uint8_t);
static void	icmpv6_code_event(struct packet *, uint8_t, uint8_t);

/* An error message quotes the offending packet's IPv6 header: too short
 * for one or not version 6 are events. */
static void
icmpv6_partial_ipv6(struct packet *p, const uint8_t *b, uint32_t len)
{
	if (len < IPV6_HDR_LEN)
		decode_event_set(p->events, DECODE_EV_ICMPV6_IPV6_TRUNC_PKT);
	else if (b[0] >> 4 != 6)
		decode_event_set(p->events, DECODE_EV_ICMPV6_IPV6_UNKNOWN_VER);
}

/* A type none of Suricata's cases knows: the IANA ranges it flags. */
static void
icmpv6_type_event(struct packet *p, uint8_t type)
{
	enum decode_event ev;

	if (type > 4 && type < 100)
		ev = DECODE_EV_ICMPV6_UNASSIGNED_TYPE;
	else if (type >= 100 && type < 102)
		ev = DECODE_EV_ICMPV6_EXPERIMENTATION_TYPE;
	else if (type >= 102 && type < 127)
		ev = DECODE_EV_ICMPV6_UNASSIGNED_TYPE;
	else if (type >= 160 && type < 200)
		ev = DECODE_EV_ICMPV6_UNASSIGNED_TYPE;
	else if (type >= 200 && type < 202)
		ev = DECODE_EV_ICMPV6_EXPERIMENTATION_TYPE;
	else if (type >= 202)
		ev = DECODE_EV_ICMPV6_UNASSIGNED_TYPE;
	else
		ev = DECODE_EV_ICMPV6_UNKNOWN_TYPE;
	decode_event_set(p->events, ev);
}

/* The code check of the informational types 133 to 159. */
static void
icmpv6_code_event(struct packet *p, uint8_t type, uint8_t code)
{
	bool bad;

	switch (type) {
	case ICMP6_RR:
		bad = code > 2 && code != 255;
		break;
	case ICMP6_NI_QUERY:
	case ICMP6_NI_REPLY:
		bad = code > 2;
		break;
	case RPL_CONTROL_MSG:
		bad = (code > 3 && code < 128) || code > 132;
		break;
	case ICMP6_MOBILE_EXPERIMENTAL:
	case MC_ROUTER_ADVERT:
	case MC_ROUTER_SOLICIT:
	case MC_ROUTER_TERMINATE:
		bad = false;
		break;
	default:
		bad = code != 0;
		break;
	}
	if (bad)
		decode_event_set(p->events, DECODE_EV_ICMPV6_UNKNOWN_CODE);
}

/* Suricata's DecodeICMPV6: the errors quote a packet and, with a known
 * code, have an 8-byte header before the payload, as echo messages with
 * code 0; every other message's payload starts after 4 bytes. MLD must
 * come with a hop limit of 1. */
void
decode_icmpv6(struct packet *p, const uint8_t *hdr, uint32_t len)
{
	uint8_t type, code, max;
	bool full = false;

	DECODE_SEEN(p, ICMPV6);
	if (len < ICMPV6_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_ICMPV6_PKT_TOO_SMALL);
		return;
	}
	type = hdr[0];
	code = hdr[1];
	switch (type) {
	case ICMP6_DST_UNREACH:
	case ICMP6_PACKET_TOO_BIG:
	case ICMP6_TIME_EXCEEDED:
	case ICMP6_PARAM_PROB:
		max = type == ICMP6_DST_UNREACH ? ICMP6_DST_UNREACH_MAX :
		    type == ICMP6_PACKET_TOO_BIG ? 0 :
		    type == ICMP6_TIME_EXCEEDED ? ICMP6_TIME_EXCEED_MAX :
		    ICMP6_PARAMPROB_MAX;
		if (code > max)
			decode_event_set(p->events, DECODE_EV_ICMPV6_UNKNOWN_CODE);
		else {
			icmpv6_partial_ipv6(p, hdr + ICMPV6_HDR_LEN,
			    len - ICMPV6_HDR_LEN);
			full = true;
		}
		break;
	case ICMP6_ECHO_REQUEST:
	case ICMP6_ECHO_REPLY:
		if (code != 0)
			decode_event_set(p->events, DECODE_EV_ICMPV6_UNKNOWN_CODE);
		else {
			p->icmp_id = decode_be16(hdr + 4);
			p->icmp_seq = decode_be16(hdr + 6);
			full = true;
		}
		break;
	case MLD_LISTENER_QUERY:
	case MLD_LISTENER_REPORT:
	case MLD_LISTENER_REDUCTION:
		if (code != 0)
			decode_event_set(p->events, DECODE_EV_ICMPV6_UNKNOWN_CODE);
		if (p->ttl != 1)
			decode_event_set(p->events,
			    DECODE_EV_ICMPV6_MLD_MESSAGE_WITH_INVALID_HL);
		break;
	default:
		if (type >= 133 && type <= 159)
			icmpv6_code_event(p, type, code);
		else
			icmpv6_type_event(p, type);
		break;
	}
	p->l4 = hdr;
	p->icmp_type = type;
	p->icmp_code = code;
	p->l4_hdr_len = ICMPV6_HDR_LEN;
	p->l4_valid = true;
	if (full)
		decode_l4_set_payload(p, hdr + ICMPV6_HDR_LEN,
		    len - ICMPV6_HDR_LEN);
	else
		decode_l4_set_payload(p, hdr + ICMPV6_INFO_HDR_LEN,
		    len - ICMPV6_INFO_HDR_LEN);
}
