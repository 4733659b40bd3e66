#include "core/base.h"

#include <netinet/in.h>
#include <sys/socket.h>

#include "core/packet.h"
#include "decode/bytes.h"
#include "decode/events.h"
#include "decode/ipv6.h"
#include "decode/l4.h"

#define IPV6_HDR_LEN		40
#define IPV6_FRAG_HDR_LEN	8
#define IPV6_OPT_PAD1		0
#define IPV6_OPT_PADN		1
#define IPV6_RH_TYPE_0		0

/* How the walk over the extension headers ended. */
enum decode_ipv6_walk {
	DECODE_IPV6_WALK_UPPER,		/* upper layer, ESP or fragment data */
	DECODE_IPV6_WALK_NONE,		/* next header 59: nothing follows */
	DECODE_IPV6_WALK_BAD,		/* truncated or too long a chain */
};

static void	decode_ipv6_options(struct packet *, uint8_t, const uint8_t *,
		    uint32_t);
static void	decode_ipv6_dupl(struct packet *, uint8_t, unsigned *);
static enum decode_ipv6_walk decode_ipv6_exthdrs(struct packet *,
		    const uint8_t *, uint32_t, uint32_t *);

/* Walks the option TLVs of a hop-by-hop or destination options header
 * (opt[0..len), after its next-header and length bytes): bad lengths,
 * empty PadN, options we do not know and headers of padding only are
 * Suricata's events. */
static void
decode_ipv6_options(struct packet *p, uint8_t hdr, const uint8_t *opt,
    uint32_t len)
{
	uint32_t i = 0;
	bool other = false;

	while (i < len) {
		uint8_t type = opt[i];

		if (type == IPV6_OPT_PAD1) {
			i++;
			continue;
		}
		if (len - i < 2 || opt[i + 1] > len - i - 2) {
			decode_event_set(p->events,
			    DECODE_EV_IPV6_EXTHDR_INVALID_OPTLEN);
			return;
		}
		switch (type) {
		case IPV6_OPT_PADN:
			if (opt[i + 1] == 0)
				decode_event_set(p->events,
				    DECODE_EV_IPV6_ZERO_LEN_PADN);
			break;
		case 0x05:	/* router alert */
		case 0xc2:	/* jumbo payload */
		case 0xc9:	/* home address */
		case 0x04:	/* tunnel encapsulation limit */
			other = true;
			break;
		default:
			other = true;
			decode_event_set(p->events, hdr == IPPROTO_HOPOPTS ?
			    DECODE_EV_IPV6_HOPOPTS_UNKNOWN_OPT :
			    DECODE_EV_IPV6_DSTOPTS_UNKNOWN_OPT);
			break;
		}
		i += 2 + (uint32_t)opt[i + 1];
	}
	if (!other)
		decode_event_set(p->events, hdr == IPPROTO_HOPOPTS ?
		    DECODE_EV_IPV6_HOPOPTS_ONLY_PADDING :
		    DECODE_EV_IPV6_DSTOPTS_ONLY_PADDING);
}

/* A second header of a kind that may appear once (Suricata counts a
 * destination options header twice as allowed: before routing and
 * before the upper layer). */
static void
decode_ipv6_dupl(struct packet *p, uint8_t hdr, unsigned *seen)
{
	unsigned bit, max = 1;
	enum decode_event ev;

	switch (hdr) {
	case IPPROTO_HOPOPTS:
		bit = 0, ev = DECODE_EV_IPV6_EXTHDR_DUPL_HH;
		break;
	case IPPROTO_ROUTING:
		bit = 2, ev = DECODE_EV_IPV6_EXTHDR_DUPL_RH;
		break;
	case IPPROTO_FRAGMENT:
		bit = 4, ev = DECODE_EV_IPV6_EXTHDR_DUPL_FH;
		break;
	case IPPROTO_DSTOPTS:
		bit = 6, ev = DECODE_EV_IPV6_EXTHDR_DUPL_DH, max = 2;
		break;
	case IPPROTO_AH:
		bit = 8, ev = DECODE_EV_IPV6_EXTHDR_DUPL_AH;
		break;
	default:
		return;
	}
	if (((*seen >> bit) & 3) >= max)
		decode_event_set(p->events, ev);
	else
		*seen += 1u << bit;
}

/* Walks the extension headers in ext[0..len); p->proto holds the first
 * next header on entry and the last one on return, *off the bytes
 * walked. Anything not listed below ends the walk as an upper layer,
 * ESP (50) included: what follows it is encrypted. So does the fragment
 * header of a non-first fragment: what follows is fragment data. */
static enum decode_ipv6_walk
decode_ipv6_exthdrs(struct packet *p, const uint8_t *ext, uint32_t len,
    uint32_t *off)
{
	const uint8_t *h;
	uint32_t n, hlen, rest;
	unsigned seen = 0;

	*off = 0;
	for (n = 0;; n++) {
		switch (p->proto) {
		case IPPROTO_HOPOPTS:
		case IPPROTO_ROUTING:
		case IPPROTO_FRAGMENT:
		case IPPROTO_DSTOPTS:
		case IPPROTO_AH:
		case IPPROTO_MH:
			break;
		case IPPROTO_NONE:
			return DECODE_IPV6_WALK_NONE;
		case IPPROTO_ESP:
			if (len - *off < 8)
				decode_event_set(p->events,
				    DECODE_EV_ESP_PKT_TOO_SMALL);
			return DECODE_IPV6_WALK_UPPER;
		default:
			return DECODE_IPV6_WALK_UPPER;
		}
		if (n == DECODE_IPV6_EXTHDR_MAX) {
			decode_event_set(p->events,
			    DECODE_EV_TOO_MANY_LAYERS);
			return DECODE_IPV6_WALK_BAD;
		}

		h = ext + *off;
		rest = len - *off;
		if (p->proto == IPPROTO_FRAGMENT)
			hlen = IPV6_FRAG_HDR_LEN;
		else if (rest < 2)
			hlen = UINT32_MAX;
		else if (p->proto == IPPROTO_AH)
			hlen = ((uint32_t)h[1] + 2) * 4;
		else
			hlen = ((uint32_t)h[1] + 1) * 8;
		if (hlen > rest) {
			decode_event_set(p->events, DECODE_EV_IPV6_TRUNC_EXTHDR);
			return DECODE_IPV6_WALK_BAD;
		}

		decode_ipv6_dupl(p, p->proto, &seen);
		switch (p->proto) {
		case IPPROTO_HOPOPTS:
		case IPPROTO_DSTOPTS:
			decode_ipv6_options(p, p->proto, h + 2, hlen - 2);
			break;
		case IPPROTO_AH:
			if (decode_be16(h + 2) != 0)
				decode_event_set(p->events,
				    DECODE_EV_IPV6_EXTHDR_AH_RES_NOT_NULL);
			break;
		case IPPROTO_ROUTING:
			if (h[2] == IPV6_RH_TYPE_0)
				decode_event_set(p->events,
				    DECODE_EV_IPV6_EXTHDR_RH_TYPE_0);
			break;
		case IPPROTO_FRAGMENT:
			/* for defrag: where the (first) fragment header is */
			if (p->frag_hdr_off == 0)
				p->frag_hdr_off = (uint16_t)(IPV6_HDR_LEN + *off);
			/* A repeated fragment header cannot unset a fragment. */
			p->frag_offset = decode_be16(h + 2) >> 3;
			p->frag_flags |= h[3] & 0x1;	/* M, as IPv4's MF */
			p->is_fragment = p->is_fragment ||
			    p->frag_offset != 0 || p->frag_flags != 0;
			p->ip_id = decode_be32(h + 4);
			if (h[1] != 0 || (h[3] & 0x06) != 0)
				decode_event_set(p->events,
				    DECODE_EV_IPV6_FH_NON_ZERO_RES_FIELD);
			/* RFC 6946 atomic fragment: offset 0, no M flag; no
			 * fragment (is_fragment stays false), decoded whole. */
			if (p->frag_offset == 0 && !(h[3] & 0x1))
				decode_event_set(p->events,
				    DECODE_EV_IPV6_EXTHDR_USELESS_FH);
			break;
		default:
			break;
		}

		p->proto = h[0];
		*off += hlen;
		if (p->frag_offset != 0)
			return DECODE_IPV6_WALK_UPPER;
	}
}

int
decode_ipv6(struct packet *p, const uint8_t *pkt, uint32_t len)
{
	enum decode_ipv6_walk walk;
	uint32_t tot_len, avail, off;

	if (len < IPV6_HDR_LEN) {
		decode_event_set(p->events, DECODE_EV_IPV6_PKT_TOO_SMALL);
		return -1;
	}
	if (pkt[0] >> 4 != 6) {
		decode_event_set(p->events, DECODE_EV_IPV6_WRONG_IP_VER);
		return -1;
	}
	/* As IPv4: decode a short packet as far as it goes, trim padding. */
	tot_len = IPV6_HDR_LEN + (uint32_t)decode_be16(pkt + 4);
	if (tot_len > len) {
		decode_event_set(p->events, DECODE_EV_IPV6_TRUNC_PKT);
		avail = len;
	} else
		avail = tot_len;

	p->ip_version = 6;
	p->l3 = pkt;
	p->tos = (uint8_t)((pkt[0] & 0x0f) << 4 | pkt[1] >> 4);
	p->proto = pkt[6];
	p->ttl = pkt[7];
	p->src.family = AF_INET6;
	memcpy(p->src.u.v6, pkt + 8, 16);
	p->dst.family = AF_INET6;
	memcpy(p->dst.u.v6, pkt + 24, 16);

	walk = decode_ipv6_exthdrs(p, pkt + IPV6_HDR_LEN, avail - IPV6_HDR_LEN,
	    &off);
	off += IPV6_HDR_LEN;
	p->ip_hdr_len = (uint16_t)off;
	switch (walk) {
	case DECODE_IPV6_WALK_UPPER:
		decode_l4(p, pkt + off, avail - off, tot_len - off);
		break;
	case DECODE_IPV6_WALK_NONE:
		/* RFC 8200 4.7: bytes after "no next header" are ignored. */
		if (avail > off)
			decode_event_set(p->events,
			    DECODE_EV_IPV6_DATA_AFTER_NONE_HEADER);
		break;
	case DECODE_IPV6_WALK_BAD:
		break;
	}
	return 0;
}
