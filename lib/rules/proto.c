#include "core/base.h"

#include <netinet/in.h>
#include <strings.h>

#include "applayer/parser.h"
#include "rules/proto.h"
#include "rules/rule.h"

struct proto_key {
	const char	*name;
	size_t		 len;
};

static int	proto_cmp(const void *, const void *);

#define NONE	RULES_PROTO_NONE
#define V46	(RULE_IPV4 | RULE_IPV6)
#define APP(n)	{ n, RULES_PROTO_APP, V46, { NONE, NONE }, 0, 0 }
/* an app-layer protocol quell parses: on these IP protocols */
#define PARSED(n, a, b, al) { n, RULES_PROTO_APP, V46, { a, b }, al, 0 }
#define UNSUP(n) { n, RULES_PROTO_UNSUPPORTED, V46, { NONE, NONE }, 0, 0 }

/* Sorted by name (strcasecmp order of lowercase names). */
static const struct rules_proto protos[] = {
	APP("bittorrent-dht"),
	PARSED("dcerpc", IPPROTO_TCP, NONE, APPLAYER_PROTO_DCERPC),
	APP("dhcp"),
	APP("dnp3"),
	PARSED("dns", IPPROTO_TCP, IPPROTO_UDP, APPLAYER_PROTO_DNS),
	APP("doh2"),
	APP("enip"),
	APP("ftp"),
	APP("ftp-data"),
	PARSED("http", IPPROTO_TCP, NONE, APPLAYER_PROTO_HTTP1),
	PARSED("http1", IPPROTO_TCP, NONE, APPLAYER_PROTO_HTTP1),
	APP("http2"),
	{ "icmp", RULES_PROTO_PACKET, V46, { IPPROTO_ICMP, IPPROTO_ICMPV6 }, 0, 0 },
	{ "icmp6", RULES_PROTO_PACKET, RULE_IPV6, { IPPROTO_ICMPV6, NONE }, 0, 0 },
	{ "icmpv4", RULES_PROTO_PACKET, RULE_IPV4, { IPPROTO_ICMP, NONE }, 0, 0 },
	{ "icmpv6", RULES_PROTO_PACKET, RULE_IPV6, { IPPROTO_ICMPV6, NONE }, 0, 0 },
	{ "igmp", RULES_PROTO_PACKET, RULE_IPV4, { IPPROTO_IGMP, NONE }, 0, 0 },
	APP("ike"),
	APP("ikev2"),
	APP("imap"),
	{ "ip", RULES_PROTO_PACKET, V46, { RULES_PROTO_ANY, NONE }, 0, 0 },
	{ "ip4", RULES_PROTO_PACKET, RULE_IPV4, { RULES_PROTO_ANY, NONE }, 0, 0 },
	{ "ip6", RULES_PROTO_PACKET, RULE_IPV6, { RULES_PROTO_ANY, NONE }, 0, 0 },
	{ "ipv4", RULES_PROTO_PACKET, RULE_IPV4, { RULES_PROTO_ANY, NONE }, 0, 0 },
	{ "ipv6", RULES_PROTO_PACKET, RULE_IPV6, { RULES_PROTO_ANY, NONE }, 0, 0 },
	APP("krb5"),
	APP("ldap"),
	APP("mdns"),
	APP("modbus"),
	APP("mqtt"),
	APP("nfs"),
	APP("ntp"),
	APP("pgsql"),
	/* any packet, decoded or not: for decode-event rules */
	{ "pkthdr", RULES_PROTO_PACKET, V46, { RULES_PROTO_ANY, NONE }, 0, 0 },
	APP("pop3"),
	APP("quic"),
	APP("rdp"),
	APP("rfb"),
	{ "sctp", RULES_PROTO_PACKET, V46, { IPPROTO_SCTP, NONE }, 0, 0 },
	APP("sip"),
	PARSED("smb", IPPROTO_TCP, NONE, APPLAYER_PROTO_SMB),
	APP("smtp"),
	APP("snmp"),
	PARSED("ssh", IPPROTO_TCP, NONE, APPLAYER_PROTO_SSH),
	{ "tcp", RULES_PROTO_PACKET, V46, { IPPROTO_TCP, NONE }, 0, 0 },
	{ "tcp-pkt", RULES_PROTO_PACKET, V46, { IPPROTO_TCP, NONE }, 0,
	    RULE_F_PKT_ONLY },
	{ "tcp-stream", RULES_PROTO_PACKET, V46, { IPPROTO_TCP, NONE }, 0,
	    RULE_F_STREAM_ONLY },
	APP("telnet"),
	APP("tftp"),
	PARSED("tls", IPPROTO_TCP, NONE, APPLAYER_PROTO_TLS),
	{ "udp", RULES_PROTO_PACKET, V46, { IPPROTO_UDP, NONE }, 0, 0 },
	{ "udp-pkt", RULES_PROTO_PACKET, V46, { IPPROTO_UDP, NONE }, 0,
	    RULE_F_PKT_ONLY },
	APP("websocket"),
};

static int
proto_cmp(const void *k, const void *e)
{
	const struct proto_key *key = k;
	const struct rules_proto *p = e;
	int c = strncasecmp(key->name, p->name, key->len);

	if (c != 0)
		return c;
	return p->name[key->len] == '\0' ? 0 : -1;
}

const struct rules_proto *
rules_proto_lookup(const char *name, size_t len)
{
	struct proto_key key = { name, len };

	return bsearch(&key, protos, QUELL_NITEMS(protos), sizeof(protos[0]),
	    proto_cmp);
}

size_t
rules_proto_count(void)
{
	return QUELL_NITEMS(protos);
}

const struct rules_proto *
rules_proto_at(size_t i)
{
	return i < QUELL_NITEMS(protos) ? &protos[i] : NULL;
}
