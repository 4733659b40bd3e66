#include "core/base.h"

#include <netinet/in.h>

#include "core/packet.h"
#include "decode/esp.h"
#include "decode/events.h"
#include "decode/gre.h"
#include "decode/icmp.h"
#include "decode/icmpv6.h"
#include "decode/igmp.h"
#include "decode/l4.h"
#include "decode/sctp.h"
#include "decode/tcp.h"
#include "decode/tunnel.h"
#include "decode/udp.h"
#include "decode/stats.h"

#define IPV4_HDR_LEN	20
#define IPV6_HDR_LEN	40

void
decode_l4_set_payload(struct packet *p, const uint8_t *b, uint32_t len)
{
	p->payload = len != 0 ? b : NULL;
	p->payload_len = len;
}

/* 4in4, 6in4 (proto 41), 4in6, 6in6. Suricata checks the inner header
 * of IPv6 carriers here; an IPv4 carrier's inner header is judged by
 * the inner decode. */
void
decode_l4_ip_in_ip(struct packet *p, const uint8_t *b, uint32_t len,
    uint8_t ver)
{
	if (p->ip_version == 6) {
		if (ver == 4)
			DECODE_SEEN(p, IPV4_IN_IPV6);
		else
			DECODE_SEEN(p, IPV6_IN_IPV6);
		if (len < (ver == 4 ? IPV4_HDR_LEN : IPV6_HDR_LEN)) {
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
decode_l4(struct packet *p, const uint8_t *hdr, uint32_t len)
{
	switch (p->proto) {
	case IPPROTO_TCP:
		decode_tcp(p, hdr, len);
		break;
	case IPPROTO_UDP:
		decode_udp(p, hdr, len);
		break;
	case IPPROTO_SCTP:
		decode_sctp(p, hdr, len);
		break;
	case IPPROTO_GRE:
		decode_gre(p, hdr, len);
		break;
	case IPPROTO_ESP:
		decode_esp(p, hdr, len);
		break;
	case IPPROTO_IPIP:
		decode_l4_ip_in_ip(p, hdr, len, 4);
		break;
	case IPPROTO_IPV6:
		decode_l4_ip_in_ip(p, hdr, len, 6);
		break;
	case IPPROTO_ICMP:
		if (p->ip_version == 4)
			decode_icmp(p, hdr, len);
		else
			decode_event_set(p->events, DECODE_EV_IPV6_WITH_ICMPV4);
		break;
	case IPPROTO_ICMPV6:
		if (p->ip_version == 6)
			decode_icmpv6(p, hdr, len);
		else
			decode_event_set(p->events, DECODE_EV_IPV4_WITH_ICMPV6);
		break;
	case IPPROTO_IGMP:
		if (p->ip_version == 4)
			decode_igmp(p, hdr, len);
		break;
	default:
		break;
	}
}
