/* A short conversation used by the rule and packet targets to run
 * engines: a TCP handshake and an HTTP exchange over IPv4, a DNS query,
 * ICMP and ICMPv6 echo, TCP over IPv6, and an IPv4 fragment pair.
 * fuzz_sample_next() fills packet i (0 ..) and returns false after the
 * last one. */
#ifndef QUELL_TESTS_FUZZ_SAMPLE_H
#define QUELL_TESTS_FUZZ_SAMPLE_H

#include "core/base.h"

#include <netinet/in.h>

#include "pkt.h"

#define FUZZ_SAMPLE_MAX	512

static inline size_t
fuzz_sample_next(size_t i, uint8_t *buf)
{
	static const char req[] = "GET /index.html?a=aaaaaaaaax HTTP/1.1\r\n"
	    "Host: example.invalid\r\nUser-Agent: quell-fuzz\r\n"
	    "X: \x01\x00\x10" "1234" "evil passme rej mark thr both df f\r\n\r\n";
	static const char resp[] = "HTTP/1.1 200 OK\r\nContent-Length: 4"
	    "\r\n\r\nabcdefgh0123456789";
	static const uint8_t dns[] = { 0x12, 0x34, 0x00, 0x35, 0x00, 0x1d,
	    0, 0, 0xab, 0xcd, 0x01, 0x00, 0x00, 0x01, 0, 0, 0, 0, 0, 0, 7,
	    'e', 'x', 'a', 'm', 'p', 'l', 'e', 0, 0, 1, 0, 1, 'D', 'R', 'O',
	    'P', 'M', 'E' };
	static const uint8_t echo[] = { 8, 0, 0, 0, 0, 1, 0, 1, 'p', 'i',
	    'n', 'g', 'a', 'a', 'a', 'a' };
	static const uint8_t echo6[] = { 128, 0, 0, 0, 0, 1, 0, 1, 'p',
	    'i', 'n', 'g' };
	uint8_t l4[FUZZ_SAMPLE_MAX];
	size_t n, len;

	switch (i) {
	case 0:
		n = fuzz_pkt_tcp(l4, sizeof(l4), 40000, 80, 1000, 0, 0x02,
		    NULL);
		return fuzz_pkt_ipv4(buf, FUZZ_SAMPLE_MAX, false, IPPROTO_TCP,
		    l4, n);
	case 1:
		n = fuzz_pkt_tcp(l4, sizeof(l4), 80, 40000, 5000, 1001, 0x12,
		    NULL);
		return fuzz_pkt_ipv4(buf, FUZZ_SAMPLE_MAX, true, IPPROTO_TCP,
		    l4, n);
	case 2:
		n = fuzz_pkt_tcp(l4, sizeof(l4), 40000, 80, 1001, 5001, 0x10,
		    NULL);
		return fuzz_pkt_ipv4(buf, FUZZ_SAMPLE_MAX, false, IPPROTO_TCP,
		    l4, n);
	case 3:
		n = fuzz_pkt_tcp(l4, sizeof(l4), 40000, 80, 1001, 5001, 0x18,
		    req);
		return fuzz_pkt_ipv4(buf, FUZZ_SAMPLE_MAX, false, IPPROTO_TCP,
		    l4, n);
	case 4:
		n = fuzz_pkt_tcp(l4, sizeof(l4), 80, 40000, 5001,
		    1001 + (uint32_t)strlen(req), 0x18, resp);
		return fuzz_pkt_ipv4(buf, FUZZ_SAMPLE_MAX, true, IPPROTO_TCP,
		    l4, n);
	case 5:
		return fuzz_pkt_ipv4(buf, FUZZ_SAMPLE_MAX, false, IPPROTO_UDP,
		    dns, sizeof(dns));
	case 6:
		return fuzz_pkt_ipv4(buf, FUZZ_SAMPLE_MAX, false, IPPROTO_ICMP,
		    echo, sizeof(echo));
	case 7:
		n = fuzz_pkt_tcp(l4, sizeof(l4), 40001, 443, 7, 9, 0x18, req);
		return fuzz_pkt_ipv6(buf, FUZZ_SAMPLE_MAX, false, IPPROTO_TCP,
		    l4, n);
	case 8:
		return fuzz_pkt_ipv6(buf, FUZZ_SAMPLE_MAX, false,
		    IPPROTO_ICMPV6, echo6, sizeof(echo6));
	case 9:		/* first fragment (MF), 16 bytes of TCP */
	case 10:	/* second fragment, offset 2 (16 bytes) */
		n = fuzz_pkt_tcp(l4, sizeof(l4), 40002, 80, 1, 0, 0x02, NULL);
		len = fuzz_pkt_ipv4(buf, FUZZ_SAMPLE_MAX, false, IPPROTO_TCP,
		    l4, i == 9 ? 16 : 4);
		if (i == 9) {
			buf[6] = 0x20;
		} else {
			memmove(buf + 20, l4 + 16, 4);
			buf[7] = 2;
		}
		buf[8] = 2;	/* ttl:1-3 */
		return len;
	default:
		return 0;
	}
}

#endif
