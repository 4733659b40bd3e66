/* Packet builders for the decoder tests: each writes one header (or one
 * whole packet) into b, byte by byte, and returns the bytes written.
 * Lengths in the headers are correct unless a test overwrites them;
 * checksums are left 0. */
#ifndef QUELL_TESTS_UNIT_DECODE_BUILD_H
#define QUELL_TESTS_UNIT_DECODE_BUILD_H

#include "core/base.h"
#include "core/packet.h"

#define BUILD_MAX	4096	/* big enough for any packet built here */

/* Fixed values the builders write and the tests expect. */
#define BUILD_IPV4_SRC	"\xc0\x00\x02\x01"	/* 192.0.2.1 */
#define BUILD_IPV4_DST	"\xc6\x33\x64\x02"	/* 198.51.100.2 */
#define BUILD_IPV4_ID	0x1234
#define BUILD_TTL	64
#define BUILD_TOS	0xb8
#define BUILD_TCP_SPORT	40000
#define BUILD_TCP_DPORT	80
#define BUILD_TCP_SEQ	0x01020304u
#define BUILD_TCP_ACK	0xa0b0c0d0u
#define BUILD_TCP_WIN	0xfaf0
#define BUILD_UDP_SPORT	5353
#define BUILD_UDP_DPORT	53
#define BUILD_ICMP_ID	0x4242
#define BUILD_ICMP_SEQ	7

extern const uint8_t build_ipv6_src[16];	/* 2001:db8::1 */
extern const uint8_t build_ipv6_dst[16];	/* 2001:db8::2 */

void	build_put16(uint8_t *b, uint16_t v);
void	build_put32(uint8_t *b, uint32_t v);

/* IPv4 header with opt_len (multiple of 4) option bytes, total length
 * covering l4_len bytes after it, DF clear, offset 0. */
size_t	build_ipv4(uint8_t *b, uint8_t proto, const uint8_t *opt,
	    size_t opt_len, size_t l4_len);
/* IPv6 fixed header, payload length payload_len. */
size_t	build_ipv6(uint8_t *b, uint8_t nh, size_t payload_len);
/* Hop-by-hop or destination options header of len bytes (multiple of
 * 8), filled with one PadN option. */
size_t	build_ipv6_opts(uint8_t *b, uint8_t nh, size_t len);
/* 8-byte routing header of the given type, segments left 0. */
size_t	build_ipv6_routing(uint8_t *b, uint8_t nh, uint8_t type);
/* 8-byte fragment header; offset in 8-byte units. */
size_t	build_ipv6_frag(uint8_t *b, uint8_t nh, uint16_t offset, bool more,
	    uint32_t id);
/* AH with payload-length field plen: (plen + 2) * 4 bytes. */
size_t	build_ipv6_ah(uint8_t *b, uint8_t nh, uint8_t plen);

/* TCP header with opt_len (multiple of 4) option bytes. */
size_t	build_tcp(uint8_t *b, uint8_t flags, const uint8_t *opt,
	    size_t opt_len);
/* UDP header, length field 8 + payload_len. */
size_t	build_udp(uint8_t *b, size_t payload_len);
/* 8-byte ICMP/ICMPv6 header; id and seq in the rest-of-header word. */
size_t	build_icmp(uint8_t *b, uint8_t type, uint8_t code);
/* Copies the string s without its NUL. */
size_t	build_bytes(uint8_t *b, const char *s);

/* Whole packets: IP header, L4 header, then the payload string. */
size_t	build_ipv4_tcp(uint8_t *b, uint8_t flags, const char *payload);
size_t	build_ipv4_udp(uint8_t *b, const char *payload);
size_t	build_ipv4_icmp(uint8_t *b, uint8_t type, const char *payload);
size_t	build_ipv6_tcp(uint8_t *b, uint8_t flags, const char *payload);
size_t	build_ipv6_udp(uint8_t *b, const char *payload);
size_t	build_ipv6_icmpv6(uint8_t *b, uint8_t type, const char *payload);

/* Decodes b[0..len) into a zeroed *p with capture fields set. */
int	build_decode(struct packet *p, const uint8_t *b, size_t len);

#endif
