#include "core/base.h"

#include <netinet/in.h>
#include <sys/socket.h>

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/esp.h"
#include "decode/events.h"
#include "decode/gre.h"
#include "decode/icmpv6.h"
#include "decode/ipv6.h"
#include "decode/l4.h"
#include "decode/sctp.h"
#include "decode/tcp.h"
#include "decode/udp.h"
#include "decode/stats.h"

#define IPV6_HDR_LEN		40
#define IPV6_FRAG_HDR_LEN	8
#define IPV6_AH_HDR_LEN		12	/* Suricata's IPV6AuthHdr */
#define IPV6_OPT_PAD1		0x00
#define IPV6_OPT_PADN		0x01
#define IPV6_OPT_RA		0x05
#define IPV6_OPT_JUMBO		0xc2
#define IPV6_OPT_HAO		0xc9
#define IPPROTO_HIP_		139
#define IPPROTO_SHIM6_		140

/* What the walk has seen of the headers that may appear once (twice
 * for destination options: before routing and before the upper
 * layer). */
struct ipv6_walk {
	bool		 hh, rh, ah, fh;
	unsigned	 dstopts;
	uint16_t	 prev;		/* offset from l3 of the byte naming
					   the current header */
};

static void	ipv6_options(struct packet *, uint8_t, const uint8_t *,
		    uint32_t);
static void	ipv6_frag(struct packet *, struct ipv6_walk *, const uint8_t *,
		    uint32_t);
static void	ipv6_exthdrs(struct packet *, const uint8_t *, uint32_t,
		    uint8_t);

/* The option TLVs of a hop-by-hop or destination options header,
 * opt[0..len), with Suricata's checks, its length test included (one
 * byte more lenient than the TLV format: only type and length bytes are
 * read, so the slack reads nothing). */
static void
ipv6_options(struct packet *p, uint8_t hdr, const uint8_t *opt, uint32_t len)
{
	uint32_t off = 0, padn = 0, other = 0;

	while (off < len) {
		uint8_t type = opt[off], olen;

		if (type == IPV6_OPT_PAD1) {
			padn++;
			off++;
			continue;
		}
		if (off + 1 >= len)
			goto invalid;
		olen = opt[off + 1];
		if (off + 1 + olen > len)
			goto invalid;
		switch (type) {
		case IPV6_OPT_PADN:
			padn++;
			if (olen == 0)
				decode_event_set(p->events,
				    DECODE_EV_IPV6_ZERO_LEN_PADN);
			break;
		case IPV6_OPT_RA:
			if (olen < 2)
				goto invalid;
			other++;
			break;
		case IPV6_OPT_JUMBO:
			/* not counted as an option: a jumbo header alone
			 * is neither padding only nor more */
			if (olen < 4)
				goto invalid;
			break;
		case IPV6_OPT_HAO:
			if (olen < 16)
				goto invalid;
			other++;
			break;
		default:
			decode_event_set(p->events, hdr == IPPROTO_HOPOPTS ?
			    DECODE_EV_IPV6_HOPOPTS_UNKNOWN_OPT :
			    DECODE_EV_IPV6_DSTOPTS_UNKNOWN_OPT);
			other++;
			break;
		}
		off += 2 + (uint32_t)olen;
	}
	goto done;
invalid:
	decode_event_set(p->events, DECODE_EV_IPV6_EXTHDR_INVALID_OPTLEN);
done:
	if (padn > 0 && other == 0)
		decode_event_set(p->events, hdr == IPPROTO_HOPOPTS ?
		    DECODE_EV_IPV6_HOPOPTS_ONLY_PADDING :
		    DECODE_EV_IPV6_DSTOPTS_ONLY_PADDING);
}

/* The first fragment header, h[0..8) with plen bytes from it on. */
static void
ipv6_frag(struct packet *p, struct ipv6_walk *w, const uint8_t *h,
    uint32_t plen)
{
	uint16_t offlg = decode_be16(h + 2);

	w->fh = true;
	p->frag_hdr_off = (uint16_t)(h - p->l3);
	p->frag_nh_off = w->prev;
	p->frag_offset = offlg >> 3;
	p->frag_flags = offlg & 0x1;		/* M, as IPv4's MF */
	p->ip_id = decode_be32(h + 4);
	/* RFC 6946 atomic fragment: decoded whole, with an event. */
	if (p->frag_offset == 0 && p->frag_flags == 0) {
		decode_event_set(p->events, DECODE_EV_IPV6_EXTHDR_USELESS_FH);
		return;
	}
	/* RFC 8200 4.5: all but the last fragment are multiples of 8. */
	if (p->frag_flags != 0 && plen % 8 != 0)
		decode_event_set(p->events, DECODE_EV_IPV6_FRAG_INVALID_LENGTH);
	p->is_fragment = true;
}

/* Suricata's DecodeIPV6ExtHdrs from b[0..plen) with next header nh.
 * p->proto follows its L4 protocol: the last extension header entered
 * (0 for a hop-by-hop header), the upper layer, or an unknown next
 * header; "no next header" and ICMPv4 leave it. A repeated header is
 * an event and is skipped. Every step moves on by a header length
 * checked against what is left, so the walk ends with the packet. */
static void
ipv6_exthdrs(struct packet *p, const uint8_t *b, uint32_t plen, uint8_t nh)
{
	struct ipv6_walk w = { .prev = 6 };
	uint32_t hlen;
	bool skip;

	for (;;) {
		p->ip_hdr_len = (uint16_t)(b - p->l3);
		if (nh == IPPROTO_NONE) {
			if (plen > 0)
				decode_event_set(p->events,
				    DECODE_EV_IPV6_DATA_AFTER_NONE_HEADER);
			return;
		}
		if (plen < 2) {
			decode_event_set(p->events, DECODE_EV_IPV6_TRUNC_EXTHDR);
			return;
		}
		skip = false;
		switch (nh) {
		case IPPROTO_TCP:
			p->proto = nh;
			decode_tcp(p, b, plen);
			return;
		case IPPROTO_UDP:
			p->proto = nh;
			decode_udp(p, b, plen);
			return;
		case IPPROTO_ICMPV6:
			p->proto = nh;
			decode_icmpv6(p, b, plen);
			return;
		case IPPROTO_SCTP:
			p->proto = nh;
			decode_sctp(p, b, plen);
			return;
		case IPPROTO_ESP:
			p->proto = nh;
			decode_esp(p, b, plen);
			return;
		case IPPROTO_IPIP:
			p->proto = nh;
			decode_l4_ip_in_ip(p, b, plen, 4);
			return;
		case IPPROTO_ICMP:
			decode_event_set(p->events, DECODE_EV_IPV6_WITH_ICMPV4);
			return;
		case IPPROTO_ROUTING:
			p->proto = nh;
			hlen = 8 + (uint32_t)b[1] * 8;
			if (hlen > plen)
				goto trunc;
			if (w.rh) {
				decode_event_set(p->events,
				    DECODE_EV_IPV6_EXTHDR_DUPL_RH);
				break;
			}
			w.rh = true;
			if (b[2] == 0)
				decode_event_set(p->events,
				    DECODE_EV_IPV6_EXTHDR_RH_TYPE_0);
			break;
		case IPPROTO_HOPOPTS:
		case IPPROTO_DSTOPTS:
			p->proto = nh;
			hlen = ((uint32_t)b[1] + 1) * 8;
			if (hlen > plen)
				goto trunc;
			if (nh == IPPROTO_HOPOPTS) {
				skip = w.hh;
				w.hh = true;
			} else {
				skip = w.dstopts == 2;
				if (!skip)
					w.dstopts++;
			}
			if (skip) {
				decode_event_set(p->events, nh == IPPROTO_HOPOPTS ?
				    DECODE_EV_IPV6_EXTHDR_DUPL_HH :
				    DECODE_EV_IPV6_EXTHDR_DUPL_DH);
				break;
			}
			ipv6_options(p, nh, b + 2, hlen - 2);
			break;
		case IPPROTO_FRAGMENT:
			p->proto = nh;
			hlen = IPV6_FRAG_HDR_LEN;
			if (hlen > plen)
				goto trunc;
			if (b[1] != 0)
				decode_event_set(p->events,
				    DECODE_EV_IPV6_FH_NON_ZERO_RES_FIELD);
			if (w.fh) {
				decode_event_set(p->events,
				    DECODE_EV_IPV6_EXTHDR_DUPL_FH);
				break;
			}
			ipv6_frag(p, &w, b, plen);
			/* the rest waits for reassembly */
			if (p->is_fragment)
				return;
			break;
		case IPPROTO_AH:
			p->proto = nh;
			hlen = IPV6_AH_HDR_LEN;
			if (b[1] > 0)
				hlen += ((uint32_t)b[1] - 1) * 4;
			if (hlen > plen)
				goto trunc;
			if (decode_be16(b + 2) != 0)
				decode_event_set(p->events,
				    DECODE_EV_IPV6_EXTHDR_AH_RES_NOT_NULL);
			if (w.ah) {
				decode_event_set(p->events,
				    DECODE_EV_IPV6_EXTHDR_DUPL_AH);
				break;
			}
			w.ah = true;
			break;
		case IPPROTO_MH:
		case IPPROTO_HIP_:
		case IPPROTO_SHIM6_:
			/* skipped, not entered */
			hlen = 8 + (uint32_t)b[1] * 8;
			if (hlen > plen)
				goto trunc;
			break;
		default:
			decode_event_set(p->events,
			    DECODE_EV_IPV6_UNKNOWN_NEXT_HEADER);
			p->proto = nh;
			return;
		}
		w.prev = (uint16_t)(b - p->l3);
		nh = b[0];
		b += hlen;
		plen -= hlen;
	}
trunc:
	decode_event_set(p->events, DECODE_EV_IPV6_TRUNC_EXTHDR);
}

int
decode_ipv6(struct packet *p, const uint8_t *pkt, uint32_t len)
{
	const uint8_t *data = pkt + IPV6_HDR_LEN;
	uint32_t plen;
	uint8_t nh;

	DECODE_SEEN(p, IPV6);
	/* Suricata 7 returns here without an event: ipv6.pkt_too_small is
	 * in its table (and decoder-events.rules) but never raised. */
	if (len < IPV6_HDR_LEN)
		return -1;
	if (pkt[0] >> 4 != 6) {
		decode_event_set(p->events, DECODE_EV_IPV6_WRONG_IP_VER);
		return -1;
	}
	/* Bytes past the payload length are link-layer padding. */
	plen = decode_be16(pkt + 4);
	if (IPV6_HDR_LEN + plen > len) {
		decode_event_set(p->events, DECODE_EV_IPV6_TRUNC_PKT);
		return -1;
	}

	p->ip_version = 6;
	p->l3 = pkt;
	p->tos = (uint8_t)((pkt[0] & 0x0f) << 4 | pkt[1] >> 4);
	p->ttl = pkt[7];
	p->src.family = AF_INET6;
	memcpy(p->src.u.v6, pkt + 8, 16);
	p->dst.family = AF_INET6;
	memcpy(p->dst.u.v6, pkt + 24, 16);
	p->ip_hdr_len = IPV6_HDR_LEN;
	nh = pkt[6];
	/* The fixed header's next header: the L4 protocols Suricata decodes
	 * directly, the extension headers, ICMPv4 (an event); anything
	 * else is an unknown next header. */
	switch (nh) {
	case IPPROTO_TCP:
	case IPPROTO_UDP:
	case IPPROTO_ICMPV6:
	case IPPROTO_SCTP:
	case IPPROTO_IPIP:
	case IPPROTO_IPV6:
	case IPPROTO_GRE:
		p->proto = nh;
		decode_l4(p, data, plen);
		break;
	case IPPROTO_FRAGMENT:
	case IPPROTO_HOPOPTS:
	case IPPROTO_ROUTING:
	case IPPROTO_NONE:
	case IPPROTO_DSTOPTS:
	case IPPROTO_AH:
	case IPPROTO_ESP:
	case IPPROTO_MH:
	case IPPROTO_HIP_:
	case IPPROTO_SHIM6_:
		ipv6_exthdrs(p, data, plen, nh);
		break;
	case IPPROTO_ICMP:
		decode_event_set(p->events, DECODE_EV_IPV6_WITH_ICMPV4);
		break;
	default:
		decode_event_set(p->events, DECODE_EV_IPV6_UNKNOWN_NEXT_HEADER);
		p->proto = nh;
		break;
	}
	return 0;
}
