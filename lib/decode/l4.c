#include "core/base.h"

#include <netinet/in.h>

#include "core/packet.h"
#include "decode/events.h"
#include "decode/icmp.h"
#include "decode/icmpv6.h"
#include "decode/l4.h"
#include "decode/tcp.h"
#include "decode/udp.h"

void
decode_l4_set_payload(struct packet *p, const uint8_t *b, uint32_t len)
{
	p->payload = len != 0 ? b : NULL;
	p->payload_len = len;
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
	case IPPROTO_ICMP:
		if (p->ip_version == 4) {
			p->l4 = len != 0 ? hdr : NULL;
			decode_icmp(p, hdr, len);
			return;
		}
		decode_event_set(&p->events, DECODE_EV_IPV6_WITH_ICMPV4);
		break;
	case IPPROTO_ICMPV6:
		if (p->ip_version == 6) {
			p->l4 = len != 0 ? hdr : NULL;
			decode_icmpv6(p, hdr, len);
			return;
		}
		decode_event_set(&p->events, DECODE_EV_IPV4_WITH_ICMPV6);
		break;
	default:
		break;
	}
	decode_l4_set_payload(p, hdr, len);
}
