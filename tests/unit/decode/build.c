#include "core/base.h"

#include <netinet/in.h>

#include "core/packet.h"
#include "decode/decode.h"

#include "build.h"

const uint8_t build_ipv6_src[16] = {
	0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01
};
const uint8_t build_ipv6_dst[16] = {
	0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02
};

void
build_put16(uint8_t *b, uint16_t v)
{
	b[0] = (uint8_t)(v >> 8);
	b[1] = (uint8_t)v;
}

void
build_put32(uint8_t *b, uint32_t v)
{
	build_put16(b, (uint16_t)(v >> 16));
	build_put16(b + 2, (uint16_t)v);
}

size_t
build_ipv4(uint8_t *b, uint8_t proto, const uint8_t *opt, size_t opt_len,
    size_t l4_len)
{
	size_t hlen = 20 + opt_len;

	b[0] = (uint8_t)(0x40 | hlen / 4);
	b[1] = BUILD_TOS;
	build_put16(b + 2, (uint16_t)(hlen + l4_len));
	build_put16(b + 4, BUILD_IPV4_ID);
	build_put16(b + 6, 0);
	b[8] = BUILD_TTL;
	b[9] = proto;
	build_put16(b + 10, 0);
	memcpy(b + 12, BUILD_IPV4_SRC, 4);
	memcpy(b + 16, BUILD_IPV4_DST, 4);
	if (opt_len != 0)
		memcpy(b + 20, opt, opt_len);
	return hlen;
}

size_t
build_ipv6(uint8_t *b, uint8_t nh, size_t payload_len)
{
	/* version 6, traffic class BUILD_TOS, flow label 0x12345 */
	b[0] = 0x60 | BUILD_TOS >> 4;
	b[1] = (uint8_t)((BUILD_TOS & 0x0f) << 4 | 0x01);
	b[2] = 0x23;
	b[3] = 0x45;
	build_put16(b + 4, (uint16_t)payload_len);
	b[6] = nh;
	b[7] = BUILD_TTL;
	memcpy(b + 8, build_ipv6_src, 16);
	memcpy(b + 24, build_ipv6_dst, 16);
	return 40;
}

size_t
build_ipv6_opts(uint8_t *b, uint8_t nh, size_t len)
{
	b[0] = nh;
	b[1] = (uint8_t)(len / 8 - 1);
	b[2] = 1;			/* PadN */
	b[3] = (uint8_t)(len - 4);
	memset(b + 4, 0, len - 4);
	return len;
}

size_t
build_ipv6_routing(uint8_t *b, uint8_t nh, uint8_t type)
{
	b[0] = nh;
	b[1] = 0;
	b[2] = type;
	b[3] = 0;
	memset(b + 4, 0, 4);
	return 8;
}

size_t
build_ipv6_frag(uint8_t *b, uint8_t nh, uint16_t offset, bool more,
    uint32_t id)
{
	b[0] = nh;
	b[1] = 0;
	build_put16(b + 2, (uint16_t)(offset << 3 | (more ? 1 : 0)));
	build_put32(b + 4, id);
	return 8;
}

size_t
build_ipv6_ah(uint8_t *b, uint8_t nh, uint8_t plen)
{
	size_t len = ((size_t)plen + 2) * 4;

	memset(b, 0, len);
	b[0] = nh;
	b[1] = plen;
	return len;
}

size_t
build_tcp(uint8_t *b, uint8_t flags, const uint8_t *opt, size_t opt_len)
{
	size_t hlen = 20 + opt_len;

	build_put16(b, BUILD_TCP_SPORT);
	build_put16(b + 2, BUILD_TCP_DPORT);
	build_put32(b + 4, BUILD_TCP_SEQ);
	build_put32(b + 8, BUILD_TCP_ACK);
	b[12] = (uint8_t)(hlen / 4 << 4);
	b[13] = flags;
	build_put16(b + 14, BUILD_TCP_WIN);
	build_put16(b + 16, 0);
	build_put16(b + 18, 0);
	if (opt_len != 0)
		memcpy(b + 20, opt, opt_len);
	return hlen;
}

size_t
build_udp(uint8_t *b, size_t payload_len)
{
	build_put16(b, BUILD_UDP_SPORT);
	build_put16(b + 2, BUILD_UDP_DPORT);
	build_put16(b + 4, (uint16_t)(8 + payload_len));
	build_put16(b + 6, 0);
	return 8;
}

size_t
build_icmp(uint8_t *b, uint8_t type, uint8_t code)
{
	b[0] = type;
	b[1] = code;
	build_put16(b + 2, 0);
	build_put16(b + 4, BUILD_ICMP_ID);
	build_put16(b + 6, BUILD_ICMP_SEQ);
	return 8;
}

size_t
build_bytes(uint8_t *b, const char *s)
{
	size_t n = strlen(s);

	memcpy(b, s, n);
	return n;
}

size_t
build_ipv4_tcp(uint8_t *b, uint8_t flags, const char *payload)
{
	size_t n = build_ipv4(b, IPPROTO_TCP, NULL, 0, 20 + strlen(payload));

	n += build_tcp(b + n, flags, NULL, 0);
	return n + build_bytes(b + n, payload);
}

size_t
build_ipv4_udp(uint8_t *b, const char *payload)
{
	size_t n = build_ipv4(b, IPPROTO_UDP, NULL, 0, 8 + strlen(payload));

	n += build_udp(b + n, strlen(payload));
	return n + build_bytes(b + n, payload);
}

size_t
build_ipv4_icmp(uint8_t *b, uint8_t type, const char *payload)
{
	size_t n = build_ipv4(b, IPPROTO_ICMP, NULL, 0, 8 + strlen(payload));

	n += build_icmp(b + n, type, 0);
	return n + build_bytes(b + n, payload);
}

size_t
build_ipv6_tcp(uint8_t *b, uint8_t flags, const char *payload)
{
	size_t n = build_ipv6(b, IPPROTO_TCP, 20 + strlen(payload));

	n += build_tcp(b + n, flags, NULL, 0);
	return n + build_bytes(b + n, payload);
}

size_t
build_ipv6_udp(uint8_t *b, const char *payload)
{
	size_t n = build_ipv6(b, IPPROTO_UDP, 8 + strlen(payload));

	n += build_udp(b + n, strlen(payload));
	return n + build_bytes(b + n, payload);
}

size_t
build_ipv6_icmpv6(uint8_t *b, uint8_t type, const char *payload)
{
	size_t n = build_ipv6(b, IPPROTO_ICMPV6, 8 + strlen(payload));

	n += build_icmp(b + n, type, 0);
	return n + build_bytes(b + n, payload);
}

int
build_decode(struct packet *p, const uint8_t *b, size_t len)
{
	memset(p, 0, sizeof(*p));
	p->data = b;
	p->len = (uint32_t)len;
	p->wire_len = (uint32_t)len;
	return decode_packet(p);
}
