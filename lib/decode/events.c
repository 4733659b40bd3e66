#include "core/base.h"

#include <strings.h>

#include "decode/events.h"

#define DECODE_EV_NAME_(id, name)	[DECODE_EV_##id] = name,

static const char *const decode_event_names[DECODE_EV_ALL] = {
	DECODE_EVENT_LIST(DECODE_EV_NAME_)
	DECODE_STREAM_EVENT_LIST(DECODE_EV_NAME_)
};

#undef DECODE_EV_NAME_

const char *
decode_event_name(enum decode_event ev)
{
	if ((unsigned)ev >= DECODE_EV_ALL)
		return NULL;
	return decode_event_names[ev];
}

/* A linear walk: only rule loading looks names up. */
int
decode_event_lookup(const char *name, size_t len)
{
	for (int ev = 0; ev < DECODE_EV_ALL; ev++) {
		const char *n = decode_event_names[ev];

		if (strlen(n) == len && strncasecmp(n, name, len) == 0)
			return ev;
	}
	return -1;
}

/* Suricata 7.0.6 raises these with ENGINE_SET_INVALID_EVENT, so a packet
 * with one counts in decoder.invalid; checked event by event on single
 * packets against 7.0.6's stats. Events 7.0.6 does not have (Suricata
 * 8's: etag, igmp, sctp chunks, erspan) follow 8's sources as far as
 * known: header and length errors are invalid. */
#define INV_(e, w)	(DECODE_EV_##e / 64 == (w) ? \
			    (uint64_t)1 << (DECODE_EV_##e % 64) : 0)
#define INVALID_(w)	( \
	INV_(IPV4_PKT_TOO_SMALL, w) | INV_(IPV4_HLEN_TOO_SMALL, w) | \
	INV_(IPV4_IPLEN_SMALLER_THAN_HLEN, w) | INV_(IPV4_TRUNC_PKT, w) | \
	INV_(IPV4_OPT_INVALID_LEN, w) | INV_(IPV4_OPT_MALFORMED, w) | \
	INV_(IPV4_WRONG_IP_VER, w) | INV_(IPV4_WITH_ICMPV6, w) | \
	INV_(ICMPV4_PKT_TOO_SMALL, w) | INV_(ICMPV4_IPV4_TRUNC_PKT, w) | \
	INV_(ICMPV4_IPV4_UNKNOWN_VER, w) | \
	INV_(ICMPV6_PKT_TOO_SMALL, w) | INV_(ICMPV6_IPV6_TRUNC_PKT, w) | \
	INV_(ICMPV6_IPV6_UNKNOWN_VER, w) | \
	INV_(IPV6_TRUNC_PKT, w) | INV_(IPV6_TRUNC_EXTHDR, w) | \
	INV_(IPV6_WRONG_IP_VER, w) | INV_(IPV6_EXTHDR_INVALID_OPTLEN, w) | \
	INV_(IPV4_IN_IPV6_TOO_SMALL, w) | INV_(IPV6_IN_IPV6_TOO_SMALL, w) | \
	INV_(TCP_PKT_TOO_SMALL, w) | INV_(TCP_HLEN_TOO_SMALL, w) | \
	INV_(TCP_INVALID_OPTLEN, w) | \
	INV_(UDP_PKT_TOO_SMALL, w) | INV_(UDP_HLEN_TOO_SMALL, w) | \
	INV_(UDP_HLEN_INVALID, w) | INV_(UDP_LEN_INVALID, w) | \
	INV_(SLL_PKT_TOO_SMALL, w) | INV_(ETHERNET_PKT_TOO_SMALL, w) | \
	INV_(PPP_PKT_TOO_SMALL, w) | INV_(PPP_VJU_PKT_TOO_SMALL, w) | \
	INV_(PPP_IPV4_PKT_TOO_SMALL, w) | INV_(PPP_IPV6_PKT_TOO_SMALL, w) | \
	INV_(PPP_WRONG_TYPE, w) | \
	INV_(PPPOE_PKT_TOO_SMALL, w) | INV_(PPPOE_WRONG_CODE, w) | \
	INV_(PPPOE_MALFORMED_TAGS, w) | \
	INV_(GRE_PKT_TOO_SMALL, w) | INV_(GRE_WRONG_VERSION, w) | \
	INV_(GRE_VERSION0_RECUR, w) | INV_(GRE_VERSION0_FLAGS, w) | \
	INV_(GRE_VERSION0_HDR_TOO_BIG, w) | \
	INV_(GRE_VERSION0_MALFORMED_SRE_HDR, w) | \
	INV_(GRE_VERSION1_CHKSUM, w) | INV_(GRE_VERSION1_ROUTE, w) | \
	INV_(GRE_VERSION1_SSR, w) | INV_(GRE_VERSION1_RECUR, w) | \
	INV_(GRE_VERSION1_FLAGS, w) | INV_(GRE_VERSION1_NO_KEY, w) | \
	INV_(GRE_VERSION1_WRONG_PROTOCOL, w) | \
	INV_(GRE_VERSION1_MALFORMED_SRE_HDR, w) | \
	INV_(GRE_VERSION1_HDR_TOO_BIG, w) | \
	INV_(VLAN_HEADER_TOO_SMALL, w) | INV_(VLAN_UNKNOWN_TYPE, w) | \
	INV_(IEEE8021AH_HEADER_TOO_SMALL, w) | \
	INV_(VNTAG_HEADER_TOO_SMALL, w) | INV_(VNTAG_UNKNOWN_TYPE, w) | \
	INV_(ETAG_HEADER_TOO_SMALL, w) | INV_(ETAG_UNKNOWN_TYPE, w) | \
	INV_(LTNULL_PKT_TOO_SMALL, w) | \
	INV_(SCTP_PKT_TOO_SMALL, w) | INV_(SCTP_CHUNK_TOO_SMALL, w) | \
	INV_(SCTP_CHUNK_LEN_INVALID, w) | \
	INV_(ESP_PKT_TOO_SMALL, w) | \
	INV_(MPLS_HEADER_TOO_SMALL, w) | INV_(MPLS_PKT_TOO_SMALL, w) | \
	INV_(MPLS_UNKNOWN_PAYLOAD_TYPE, w) | \
	INV_(VXLAN_UNKNOWN_PAYLOAD_TYPE, w) | \
	INV_(GENEVE_UNKNOWN_PAYLOAD_TYPE, w) | \
	INV_(ERSPAN_HEADER_TOO_SMALL, w) | \
	INV_(ERSPAN_UNSUPPORTED_VERSION, w) | \
	INV_(ERSPAN_TOO_MANY_VLAN_LAYERS, w) | \
	INV_(DCE_PKT_TOO_SMALL, w) | INV_(CHDLC_PKT_TOO_SMALL, w) | \
	INV_(NSH_HEADER_TOO_SMALL, w) | INV_(NSH_BAD_HEADER_LENGTH, w) | \
	INV_(IGMP_PKT_TOO_SMALL, w) | INV_(IGMP_V3_PKT_TOO_SMALL, w) | \
	INV_(IGMP_MALFORMED, w) | \
	INV_(TOO_MANY_LAYERS, w))

const uint64_t decode_event_invalid_mask[DECODE_EV_WORDS] = {
	INVALID_(0), INVALID_(1), INVALID_(2), INVALID_(3),
};
