#include "core/base.h"

#include "decode/events.h"

/* Suricata's decoder event names without the "decoder." prefix, so rules
 * and eve output read the same in both. */
static const char *const decode_event_names[DECODE_EV_MAX] = {
	[DECODE_EV_IPV4_PKT_TOO_SMALL]		= "ipv4.pkt_too_small",
	[DECODE_EV_IPV4_HLEN_TOO_SMALL]		= "ipv4.hlen_too_small",
	[DECODE_EV_IPV4_IPLEN_SMALLER_THAN_HLEN] = "ipv4.iplen_smaller_than_hlen",
	[DECODE_EV_IPV4_TRUNC_PKT]		= "ipv4.trunc_pkt",
	[DECODE_EV_IPV4_OPT_INVALID]		= "ipv4.opt_invalid",
	[DECODE_EV_IPV4_WRONG_IP_VER]		= "ipv4.wrong_ip_version",
	[DECODE_EV_IPV6_PKT_TOO_SMALL]		= "ipv6.pkt_too_small",
	[DECODE_EV_IPV6_TRUNC_PKT]		= "ipv6.trunc_pkt",
	[DECODE_EV_IPV6_TRUNC_EXTHDR]		= "ipv6.trunc_exthdr",
	[DECODE_EV_IPV6_EXTHDR_TOO_MANY]	= "ipv6.exthdr_too_many",
	[DECODE_EV_IPV6_WRONG_IP_VER]		= "ipv6.wrong_ip_version",
	[DECODE_EV_TCP_PKT_TOO_SMALL]		= "tcp.pkt_too_small",
	[DECODE_EV_TCP_HLEN_TOO_SMALL]		= "tcp.hlen_too_small",
	[DECODE_EV_TCP_INVALID_OPTLEN]		= "tcp.invalid_optlen",
	[DECODE_EV_UDP_PKT_TOO_SMALL]		= "udp.pkt_too_small",
	[DECODE_EV_UDP_HLEN_INVALID]		= "udp.hlen_invalid",
	[DECODE_EV_ICMPV4_PKT_TOO_SMALL]	= "icmpv4.pkt_too_small",
	[DECODE_EV_ICMPV6_PKT_TOO_SMALL]	= "icmpv6.pkt_too_small",
	[DECODE_EV_UNKNOWN_IP_VERSION]		= "ipraw.invalid_ip_version",
	[DECODE_EV_IPV4_WITH_ICMPV6]		= "ipv4.icmpv6",
	[DECODE_EV_IPV6_WITH_ICMPV4]		= "ipv6.icmpv4",
	[DECODE_EV_IPV6_EXTHDR_INVALID_OPTLEN]	= "ipv6.exthdr_invalid_optlen",
	[DECODE_EV_IPV6_EXTHDR_RH_TYPE_0]	= "ipv6.rh_type_0",
	[DECODE_EV_IPV6_DATA_AFTER_NONE_HEADER]	= "ipv6.data_after_none_header",
};

const char *
decode_event_name(enum decode_event ev)
{
	if ((unsigned)ev >= DECODE_EV_MAX)
		return NULL;
	return decode_event_names[ev];
}
