#include "core/base.h"

#include <netinet/in.h>

#include "core/packet.h"
#include "decode/events.h"
#include "decode/gre.h"
#include "decode/icmp.h"
#include "decode/icmpv6.h"
#include "decode/l4.h"
#include "decode/sctp.h"
#include "decode/tcp.h"
#include "decode/tunnel.h"
#include "decode/udp.h"

void
decode_l4_set_payload(struct packet *p, const uint8_t *b, uint32_t len)
{
	p->payload = len != 0 ? b : NULL;
	p->payload_len = len;
}

static void	decode_l4_ip_in_ip(struct packet *, const uint8_t *,
		    uint32_t, uint8_t);

/* IP in IP: 4in4, 6in4 (proto 41), 4in6, 6in6. Suricata checks the
 * inner header of IPv6 carriers here; an IPv4 carrier's inner header is
 * judged by the inner decode. A fragment waits for reassembly. */
static void
decode_l4_ip_in_ip(struct packet *p, const uint8_t *b, uint32_t len,
    uint8_t ver)
{
	decode_l4_set_payload(p, b, len);
	if (p->is_fragment)
		return;
	if (p->ip_version == 6) {
		uint32_t min = ver == 4 ? 20 : 40;

		if (len < min) {
			decode_event_set(p->events, ver == 4 ?
			    DECODE_EV_IPV4_IN_IPV6_TOO_SMALL :
			    DECODE_EV_IPV6_IN_IPV6_TOO_SMALL);
			return;
		}
		if (b[0] >> 4 != ver) {
			decode_event_set(p->events, ver == 4 ?
			    DECODE_EV_IPV4_IN_IPV6_WRONG_IP_VER :
			    DECODE_EV_IPV6_IN_IPV6_WRONG_IP_VER);
			return;
		}
	}
	decode_tunnel_set(p, b, len, ver == 4 ? PKT_LINK_IPV4 : PKT_LINK_IPV6,
	    p->ip_version == 4 ? PKT_SRC_IPV4 : PKT_SRC_IPV6);
}

void
decode_l4(struct packet *p, const uint8_t *hdr, uint32_t len, uint32_t ip_len)
{
	/* Only a first fragment starts with the upper-layer header. */
	if (p->frag_offset != 0) {
		decode_l4_set_payload(p, hdr, len);
		return;
	}

	switch (p->proto) {
	case IPPROTO_TCP:
		p->l4 = len != 0 ? hdr : NULL;
		decode_tcp(p, hdr, len);
		return;
	case IPPROTO_UDP:
		p->l4 = len != 0 ? hdr : NULL;
		decode_udp(p, hdr, len, ip_len);
		return;
	case IPPROTO_SCTP:
		decode_sctp(p, hdr, len);
		return;
	case IPPROTO_GRE:
		if (p->is_fragment)
			break;
		decode_gre(p, hdr, len);
		return;
	case IPPROTO_IPIP:
		decode_l4_ip_in_ip(p, hdr, len, 4);
		return;
	case IPPROTO_IPV6:
		decode_l4_ip_in_ip(p, hdr, len, 6);
		return;
	case IPPROTO_ICMP:
		if (p->ip_version == 4) {
			p->l4 = len != 0 ? hdr : NULL;
			decode_icmp(p, hdr, len);
			return;
		}
		decode_event_set(p->events, DECODE_EV_IPV6_WITH_ICMPV4);
		break;
	case IPPROTO_ICMPV6:
		if (p->ip_version == 6) {
			p->l4 = len != 0 ? hdr : NULL;
			decode_icmpv6(p, hdr, len);
			return;
		}
		decode_event_set(p->events, DECODE_EV_IPV4_WITH_ICMPV6);
		break;
	default:
		break;
	}
	decode_l4_set_payload(p, hdr, len);
}
