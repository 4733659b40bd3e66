/* Packet builders for the flow tests: each writes a whole IPv4 or IPv6
 * packet (by the family of the address text) into its tpkt, decodes it
 * with decode_packet() and returns the decoded packet. Checksums are 0;
 * the decoder does not check them. */
#ifndef QUELL_TESTS_UNIT_FLOW_PKT_H
#define QUELL_TESTS_UNIT_FLOW_PKT_H

#include "core/base.h"
#include "core/packet.h"

#include <time.h>

#define TPKT_MAX	2048

/* Addresses the tests use: a client and a server, each family. */
#define C4	"192.0.2.1"
#define S4	"198.51.100.2"
#define C6	"2001:db8::1"
#define S6	"2001:db8::2"

struct tpkt {
	uint8_t		 b[TPKT_MAX];
	struct packet	 p;
};

/* A TCP segment; zero fields are defaults (window 65535, no options). */
struct tseg {
	const char	*src;
	uint16_t	 sport;
	const char	*dst;
	uint16_t	 dport;
	uint8_t		 flags;		/* PKT_TCP_* */
	uint32_t	 seq;
	uint32_t	 ack;
	uint16_t	 win;
	bool		 ws;		/* add a window scale option */
	uint8_t		 wscale;
	bool		 ts;		/* add a timestamps option */
	uint32_t	 tsval;
	uint32_t	 tsecr;
	size_t		 len;		/* payload bytes */
	time_t		 sec;		/* p->ts */
};

struct packet *tpkt_tcp(struct tpkt *, const struct tseg *);
struct packet *tpkt_udp(struct tpkt *, const char *src, uint16_t sport,
	    const char *dst, uint16_t dport, size_t len, time_t sec);
/* ICMP (IPv4) or ICMPv6 (IPv6) with id and seq 1 in the rest of the
 * header word. */
struct packet *tpkt_icmp(struct tpkt *, const char *src, const char *dst,
	    uint8_t type, uint16_t id, time_t sec);
/* An ICMPv4 error of type and code quoting qlen bytes of a datagram
 * (its IP header on). */
struct packet *tpkt_icmp_quote(struct tpkt *, const char *src,
	    const char *dst, uint8_t type, uint8_t code, const uint8_t *quote,
	    size_t qlen, time_t sec);
/* A non-first fragment (offset in 8-byte units) of a proto datagram. */
struct packet *tpkt_frag(struct tpkt *, const char *src, const char *dst,
	    uint8_t proto, uint16_t offset, time_t sec);
/* A packet of protocol proto with 8 payload bytes. */
struct packet *tpkt_proto(struct tpkt *, const char *src, const char *dst,
	    uint8_t proto, time_t sec);
/* An address in the 10.0.0.0/8 range, "10.x.y.z" of n, for many flows. */
const char *tpkt_addr(char *buf, size_t size, uint32_t n);

#endif
