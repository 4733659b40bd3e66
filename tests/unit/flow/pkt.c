#include "core/base.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <stdio.h>

#include "core/packet.h"
#include "decode/decode.h"

#include "pkt.h"

/* Not ck_assert: the benchmark uses these builders outside Check. A
 * builder misused is a broken test: abort, which fails it. */
#define REQUIRE(cond) do {						\
	if (!(cond)) {							\
		fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, #cond);	\
		abort();						\
	}								\
} while (0)

static void	put16(uint8_t *, uint16_t);
static void	put32(uint8_t *, uint32_t);
static size_t	ip_header(uint8_t *, const char *, const char *, uint8_t,
		    size_t, uint16_t);
static struct packet *finish(struct tpkt *, size_t, time_t);

static void
put16(uint8_t *b, uint16_t v)
{
	b[0] = (uint8_t)(v >> 8);
	b[1] = (uint8_t)v;
}

static void
put32(uint8_t *b, uint32_t v)
{
	put16(b, (uint16_t)(v >> 16));
	put16(b + 2, (uint16_t)v);
}

/* IPv4 or IPv6 header for l4_len bytes of proto; a non-zero frag_off
 * makes it a non-first fragment (IPv6: with a fragment header). */
static size_t
ip_header(uint8_t *b, const char *src, const char *dst, uint8_t proto,
    size_t l4_len, uint16_t frag_off)
{
	bool v6 = strchr(src, ':') != NULL;

	if (!v6) {
		memset(b, 0, 20);
		b[0] = 0x45;
		put16(b + 2, (uint16_t)(20 + l4_len));
		put16(b + 4, 0x1234);
		put16(b + 6, frag_off);
		b[8] = 64;
		b[9] = proto;
		REQUIRE(inet_pton(AF_INET, src, b + 12) == 1);
		REQUIRE(inet_pton(AF_INET, dst, b + 16) == 1);
		return 20;
	}
	memset(b, 0, 40);
	b[0] = 0x60;
	put16(b + 4, (uint16_t)(l4_len + (frag_off != 0 ? 8 : 0)));
	b[6] = frag_off != 0 ? 44 : proto;
	b[7] = 64;
	REQUIRE(inet_pton(AF_INET6, src, b + 8) == 1);
	REQUIRE(inet_pton(AF_INET6, dst, b + 24) == 1);
	if (frag_off == 0)
		return 40;
	memset(b + 40, 0, 8);
	b[40] = proto;
	put16(b + 42, (uint16_t)(frag_off << 3));
	put32(b + 44, 0x1234);
	return 48;
}

static struct packet *
finish(struct tpkt *t, size_t n, time_t sec)
{
	memset(&t->p, 0, sizeof(t->p));
	t->p.data = t->b;
	t->p.len = (uint32_t)n;
	t->p.wire_len = (uint32_t)n;
	t->p.ts.tv_sec = sec;
	REQUIRE(decode_packet(&t->p) == 0);
	return &t->p;
}

struct packet *
tpkt_tcp(struct tpkt *t, const struct tseg *s)
{
	size_t opt = (s->ws ? 4 : 0) + (s->ts ? 12 : 0);
	size_t hlen = 20 + opt;
	size_t n;
	uint8_t *h;

	REQUIRE(s->len <= TPKT_MAX - 100);
	n = ip_header(t->b, s->src, s->dst, IPPROTO_TCP, hlen + s->len, 0);
	h = t->b + n;
	memset(h, 0, hlen + s->len);
	put16(h, s->sport);
	put16(h + 2, s->dport);
	put32(h + 4, s->seq);
	put32(h + 8, s->ack);
	h[12] = (uint8_t)(hlen / 4 << 4);
	h[13] = s->flags;
	put16(h + 14, s->win != 0 ? s->win : 65535);
	if (s->ws) {
		h[20] = 1;		/* NOP */
		h[21] = 3;		/* window scale */
		h[22] = 3;
		h[23] = s->wscale;
	}
	if (s->ts) {
		uint8_t *o = h + 20 + (s->ws ? 4 : 0);

		o[0] = 1;		/* NOP */
		o[1] = 1;
		o[2] = 8;		/* timestamps */
		o[3] = 10;
		put32(o + 4, s->tsval);
		put32(o + 8, s->tsecr);
	}
	return finish(t, n + hlen + s->len, s->sec);
}

struct packet *
tpkt_udp(struct tpkt *t, const char *src, uint16_t sport, const char *dst,
    uint16_t dport, size_t len, time_t sec)
{
	size_t n;
	uint8_t *h;

	REQUIRE(len <= TPKT_MAX - 100);
	n = ip_header(t->b, src, dst, IPPROTO_UDP, 8 + len, 0);
	h = t->b + n;
	memset(h, 0, 8 + len);
	put16(h, sport);
	put16(h + 2, dport);
	put16(h + 4, (uint16_t)(8 + len));
	return finish(t, n + 8 + len, sec);
}

struct packet *
tpkt_icmp(struct tpkt *t, const char *src, const char *dst, uint8_t type,
    uint16_t id, time_t sec)
{
	bool v6 = strchr(src, ':') != NULL;
	size_t n;
	uint8_t *h;

	n = ip_header(t->b, src, dst, v6 ? IPPROTO_ICMPV6 : IPPROTO_ICMP, 8, 0);
	h = t->b + n;
	memset(h, 0, 8);
	h[0] = type;
	put16(h + 4, id);
	put16(h + 6, 1);
	return finish(t, n + 8, sec);
}

struct packet *
tpkt_icmp_quote(struct tpkt *t, const char *src, const char *dst,
    uint8_t type, uint8_t code, const uint8_t *quote, size_t qlen, time_t sec)
{
	size_t n;
	uint8_t *h;

	n = ip_header(t->b, src, dst, IPPROTO_ICMP, 8 + qlen, 0);
	h = t->b + n;
	memset(h, 0, 8);
	h[0] = type;
	h[1] = code;
	memcpy(h + 8, quote, qlen);
	return finish(t, n + 8 + qlen, sec);
}

struct packet *
tpkt_frag(struct tpkt *t, const char *src, const char *dst, uint8_t proto,
    uint16_t offset, time_t sec)
{
	size_t n = ip_header(t->b, src, dst, proto, 16, offset);

	memset(t->b + n, 0xab, 16);
	return finish(t, n + 16, sec);
}

struct packet *
tpkt_proto(struct tpkt *t, const char *src, const char *dst, uint8_t proto,
    time_t sec)
{
	size_t n = ip_header(t->b, src, dst, proto, 8, 0);

	memset(t->b + n, 0, 8);
	return finish(t, n + 8, sec);
}

const char *
tpkt_addr(char *buf, size_t size, uint32_t n)
{
	snprintf(buf, size, "10.%u.%u.%u", (n >> 16) & 0xff, (n >> 8) & 0xff,
	    n & 0xff);
	return buf;
}
