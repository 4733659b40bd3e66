#include "core/base.h"

#include <netinet/in.h>
#include <strings.h>

#include "rules/proto.h"
#include "rules/rule.h"

struct proto_key {
	const char	*name;
	size_t		 len;
};

static int	proto_cmp(const void *, const void *);

#define NONE	RULES_PROTO_NONE
#define V46	(RULE_IPV4 | RULE_IPV6)
#define APP(n)	{ n, RULES_PROTO_APP, V46, { NONE, NONE } }
#define UNSUP(n) { n, RULES_PROTO_UNSUPPORTED, V46, { NONE, NONE } }

/* Sorted by name (strcasecmp order of lowercase names). */
static const struct rules_proto protos[] = {
	APP("bittorrent-dht"),
	APP("dcerpc"),
	APP("dhcp"),
	APP("dnp3"),
	APP("dns"),
	APP("doh2"),
	APP("enip"),
	APP("ftp"),
	APP("ftp-data"),
	APP("http"),
	APP("http1"),
	APP("http2"),
	{ "icmp", RULES_PROTO_PACKET, V46, { IPPROTO_ICMP, IPPROTO_ICMPV6 } },
	{ "icmp6", RULES_PROTO_PACKET, RULE_IPV6, { IPPROTO_ICMPV6, NONE } },
	{ "icmpv4", RULES_PROTO_PACKET, RULE_IPV4, { IPPROTO_ICMP, NONE } },
	{ "icmpv6", RULES_PROTO_PACKET, RULE_IPV6, { IPPROTO_ICMPV6, NONE } },
	{ "igmp", RULES_PROTO_PACKET, RULE_IPV4, { IPPROTO_IGMP, NONE } },
	APP("ike"),
	APP("ikev2"),
	APP("imap"),
	{ "ip", RULES_PROTO_PACKET, V46, { RULES_PROTO_ANY, NONE } },
	{ "ip4", RULES_PROTO_PACKET, RULE_IPV4, { RULES_PROTO_ANY, NONE } },
	{ "ip6", RULES_PROTO_PACKET, RULE_IPV6, { RULES_PROTO_ANY, NONE } },
	{ "ipv4", RULES_PROTO_PACKET, RULE_IPV4, { RULES_PROTO_ANY, NONE } },
	{ "ipv6", RULES_PROTO_PACKET, RULE_IPV6, { RULES_PROTO_ANY, NONE } },
	APP("krb5"),
	APP("ldap"),
	APP("mdns"),
	APP("modbus"),
	APP("mqtt"),
	APP("nfs"),
	APP("ntp"),
	APP("pgsql"),
	/* any packet, decoded or not: for decode-event rules */
	{ "pkthdr", RULES_PROTO_PACKET, V46, { RULES_PROTO_ANY, NONE } },
	APP("pop3"),
	APP("quic"),
	APP("rdp"),
	APP("rfb"),
	{ "sctp", RULES_PROTO_PACKET, V46, { IPPROTO_SCTP, NONE } },
	APP("sip"),
	APP("smb"),
	APP("smtp"),
	APP("snmp"),
	APP("ssh"),
	{ "tcp", RULES_PROTO_PACKET, V46, { IPPROTO_TCP, NONE } },
	{ "tcp-pkt", RULES_PROTO_PACKET, V46, { IPPROTO_TCP, NONE } },
	UNSUP("tcp-stream"),
	APP("telnet"),
	APP("tftp"),
	APP("tls"),
	{ "udp", RULES_PROTO_PACKET, V46, { IPPROTO_UDP, NONE } },
	{ "udp-pkt", RULES_PROTO_PACKET, V46, { IPPROTO_UDP, NONE } },
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
