/* Test packets for the fuzz targets: a few well-formed IPv4/IPv6
 * packets built in caller buffers (checksums left 0: the decoder does
 * not need them). */
#ifndef QUELL_TESTS_FUZZ_PKT_H
#define QUELL_TESTS_FUZZ_PKT_H

#include "core/base.h"

#include <netinet/in.h>

/* IPv4 198.18.0.1 -> 198.18.1.1 (reversed when reply) carrying proto
 * with the l4 bytes; returns the length written to buf. */
static inline size_t
fuzz_pkt_ipv4(uint8_t *buf, size_t cap, bool reply, uint8_t proto,
    const uint8_t *l4, size_t l4len)
{
	const uint8_t a[4] = { 198, 18, 0, 1 }, b[4] = { 198, 18, 1, 1 };
	size_t len = 20 + l4len;

	if (len > cap || len > 0xffff)
		return 0;
	memset(buf, 0, 20);
	buf[0] = 0x45;
	buf[2] = (uint8_t)(len >> 8);
	buf[3] = (uint8_t)len;
	buf[5] = 1;			/* id */
	buf[8] = 64;			/* ttl */
	buf[9] = proto;
	memcpy(buf + 12, reply ? b : a, 4);
	memcpy(buf + 16, reply ? a : b, 4);
	memcpy(buf + 20, l4, l4len);
	return len;
}

/* IPv6 2001:2::1 -> 2001:2::2 (reversed when reply). */
static inline size_t
fuzz_pkt_ipv6(uint8_t *buf, size_t cap, bool reply, uint8_t proto,
    const uint8_t *l4, size_t l4len)
{
	uint8_t a[16] = { 0x20, 0x01, 0, 2 }, b[16] = { 0x20, 0x01, 0, 2 };
	size_t len = 40 + l4len;

	if (len > cap || l4len > 0xffff)
		return 0;
	a[15] = 1;
	b[15] = 2;
	memset(buf, 0, 40);
	buf[0] = 0x60;
	buf[4] = (uint8_t)(l4len >> 8);
	buf[5] = (uint8_t)l4len;
	buf[6] = proto;
	buf[7] = 64;
	memcpy(buf + 8, reply ? b : a, 16);
	memcpy(buf + 24, reply ? a : b, 16);
	memcpy(buf + 40, l4, l4len);
	return len;
}

/* A TCP header (20 bytes, no options) and payload into buf. */
static inline size_t
fuzz_pkt_tcp(uint8_t *buf, size_t cap, uint16_t sport, uint16_t dport,
    uint32_t seq, uint32_t ack, uint8_t flags, const char *payload)
{
	size_t plen = payload != NULL ? strlen(payload) : 0;

	if (20 + plen > cap)
		return 0;
	memset(buf, 0, 20);
	buf[0] = (uint8_t)(sport >> 8);
	buf[1] = (uint8_t)sport;
	buf[2] = (uint8_t)(dport >> 8);
	buf[3] = (uint8_t)dport;
	buf[4] = (uint8_t)(seq >> 24);
	buf[5] = (uint8_t)(seq >> 16);
	buf[6] = (uint8_t)(seq >> 8);
	buf[7] = (uint8_t)seq;
	buf[8] = (uint8_t)(ack >> 24);
	buf[9] = (uint8_t)(ack >> 16);
	buf[10] = (uint8_t)(ack >> 8);
	buf[11] = (uint8_t)ack;
	buf[12] = 5 << 4;
	buf[13] = flags;
	buf[14] = 0xff;			/* window */
	buf[15] = 0xff;
	if (plen > 0)
		memcpy(buf + 20, payload, plen);
	return 20 + plen;
}

#endif
