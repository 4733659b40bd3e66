#include "core/base.h"

#include <errno.h>
#include <unistd.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "capture/reject.h"

#define IPV4_HLEN	20
#define IPV6_HLEN	40
#define TCP_HLEN	20
#define ICMP_HLEN	8

struct capture_reject {
	int	 fd4;
	int	 fd6;
};

static void
put16(uint8_t *b, uint16_t v)
{
	b[0] = (uint8_t)(v >> 8);
	b[1] = (uint8_t)v;
}

static void
put32(uint8_t *b, uint32_t v)
{
	b[0] = (uint8_t)(v >> 24);
	b[1] = (uint8_t)(v >> 16);
	b[2] = (uint8_t)(v >> 8);
	b[3] = (uint8_t)v;
}

static uint32_t
sum_bytes(uint32_t sum, const uint8_t *b, size_t len)
{
	for (size_t i = 0; i + 1 < len; i += 2)
		sum += (uint32_t)b[i] << 8 | b[i + 1];
	if (len & 1)
		sum += (uint32_t)b[len - 1] << 8;
	return sum;
}

static uint16_t
fold(uint32_t sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

/* Pseudo-header sum for TCP/UDP/ICMPv6 over the addresses in the reply's
 * IP header at ip. */
static uint32_t
pseudo_sum(const uint8_t *ip, int version, uint8_t proto, size_t l4len)
{
	uint32_t sum = 0;

	if (version == 4)
		sum = sum_bytes(sum, ip + 12, 8);
	else
		sum = sum_bytes(sum, ip + 8, 32);
	return sum + proto + (uint32_t)l4len;
}

/* Writes the reply's IP header with addresses swapped or kept. */
static size_t
put_ip(uint8_t *buf, const struct packet *p, enum reject_target t,
    uint8_t proto, size_t l4len)
{
	const struct ip_addr *src = t == REJECT_TO_SOURCE ? &p->dst : &p->src;
	const struct ip_addr *dst = t == REJECT_TO_SOURCE ? &p->src : &p->dst;

	if (p->ip_version == 4) {
		memset(buf, 0, IPV4_HLEN);
		buf[0] = 0x45;
		put16(buf + 2, (uint16_t)(IPV4_HLEN + l4len));
		buf[6] = 0x40;	/* DF */
		buf[8] = 64;
		buf[9] = proto;
		memcpy(buf + 12, &src->u.v4, 4);
		memcpy(buf + 16, &dst->u.v4, 4);
		put16(buf + 10, fold(sum_bytes(0, buf, IPV4_HLEN)));
		return IPV4_HLEN;
	}
	memset(buf, 0, IPV6_HLEN);
	buf[0] = 0x60;
	put16(buf + 4, (uint16_t)l4len);
	buf[6] = proto;
	buf[7] = 64;
	memcpy(buf + 8, src->u.v6, 16);
	memcpy(buf + 24, dst->u.v6, 16);
	return IPV6_HLEN;
}

static size_t
build_rst(const struct packet *p, enum reject_target t, uint8_t *buf)
{
	uint32_t seglen = p->payload_len +
	    ((p->tcp_flags & 0x02) ? 1 : 0) + ((p->tcp_flags & 0x01) ? 1 : 0);
	size_t hlen;
	uint8_t *tcp;

	if (p->tcp_flags & 0x04)	/* never answer a RST */
		return 0;
	if (t == REJECT_TO_DEST && !(p->tcp_flags & 0x10))
		return 0;
	hlen = put_ip(buf, p, t, IPPROTO_TCP, TCP_HLEN);
	tcp = buf + hlen;
	memset(tcp, 0, TCP_HLEN);
	tcp[12] = 5 << 4;
	if (t == REJECT_TO_SOURCE) {
		put16(tcp, p->dport);
		put16(tcp + 2, p->sport);
		/* RFC 793 reset generation: take the ACK number as our
		 * sequence if there is one, else acknowledge the segment. */
		if (p->tcp_flags & 0x10) {
			put32(tcp + 4, p->tcp_ack);
			tcp[13] = 0x04;
		} else {
			put32(tcp + 8, p->tcp_seq + seglen);
			tcp[13] = 0x14;
		}
	} else {
		/* Toward the receiver, as if from the sender: continue the
		 * sender's sequence space. */
		put16(tcp, p->sport);
		put16(tcp + 2, p->dport);
		put32(tcp + 4, p->tcp_seq + seglen);
		put32(tcp + 8, p->tcp_ack);
		tcp[13] = 0x14;
	}
	put16(tcp + 16, fold(sum_bytes(pseudo_sum(buf, p->ip_version,
	    IPPROTO_TCP, TCP_HLEN), tcp, TCP_HLEN)));
	return hlen + TCP_HLEN;
}

static bool
is_icmp_error(const struct packet *p)
{
	if (p->proto == IPPROTO_ICMP)
		return !p->l4_valid || !(p->icmp_type == 0 || p->icmp_type == 8 ||
		    p->icmp_type == 13 || p->icmp_type == 15 ||
		    p->icmp_type == 17);
	if (p->proto == IPPROTO_ICMPV6)
		return !p->l4_valid || p->icmp_type < 128;
	return false;
}

static size_t
build_unreach(const struct packet *p, enum reject_target t, uint8_t *buf)
{
	size_t iphlen = p->ip_version == 4 ? IPV4_HLEN : IPV6_HLEN;
	/* v4: the original header and 8 bytes; v6: as much as fits in
	 * the minimum MTU (RFC 4443). */
	size_t quote = p->ip_version == 4 ?
	    (size_t)p->ip_hdr_len + 8 : CAPTURE_REJECT_MAX - iphlen - ICMP_HLEN;
	uint8_t proto = p->ip_version == 4 ? IPPROTO_ICMP : IPPROTO_ICMPV6;
	uint8_t *icmp;
	size_t hlen;
	uint32_t sum;

	if (is_icmp_error(p) || t == REJECT_TO_DEST)
		return 0;
	if (quote > p->len - (size_t)(p->l3 - p->data))
		quote = p->len - (size_t)(p->l3 - p->data);
	hlen = put_ip(buf, p, t, proto, ICMP_HLEN + quote);
	icmp = buf + hlen;
	memset(icmp, 0, ICMP_HLEN);
	icmp[0] = p->ip_version == 4 ? 3 : 1;	/* destination unreachable */
	icmp[1] = p->ip_version == 4 ? 3 : 4;	/* port unreachable */
	memcpy(icmp + ICMP_HLEN, p->l3, quote);
	sum = p->ip_version == 4 ? 0 :
	    pseudo_sum(buf, 6, IPPROTO_ICMPV6, ICMP_HLEN + quote);
	put16(icmp + 2, fold(sum_bytes(sum, icmp, ICMP_HLEN + quote)));
	return hlen + ICMP_HLEN + quote;
}

size_t
capture_reject_build(const struct packet *p, enum reject_target t,
    uint8_t *buf)
{
	if ((p->ip_version != 4 && p->ip_version != 6) || p->l3 == NULL)
		return 0;
	/* Only the first fragment carries what a reply quotes. */
	if (p->is_fragment && p->frag_offset != 0)
		return 0;
	if (p->proto == IPPROTO_TCP)
		return p->l4_valid ? build_rst(p, t, buf) : 0;
	return build_unreach(p, t, buf);
}

struct capture_reject *
capture_reject_open(void)
{
	struct capture_reject *r = calloc(1, sizeof(*r));
	int saved;

	if (r == NULL)
		return NULL;
	r->fd4 = socket(AF_INET, SOCK_RAW | SOCK_CLOEXEC, IPPROTO_RAW);
	r->fd6 = socket(AF_INET6, SOCK_RAW | SOCK_CLOEXEC, IPPROTO_RAW);
	if (r->fd4 == -1 || r->fd6 == -1) {
		saved = errno;
		capture_reject_close(r);
		errno = saved;
		return NULL;
	}
	return r;
}

void
capture_reject_close(struct capture_reject *r)
{
	if (r == NULL)
		return;
	if (r->fd4 >= 0)
		close(r->fd4);
	if (r->fd6 >= 0)
		close(r->fd6);
	free(r);
}

int
capture_reject_send(struct capture_reject *r, const struct packet *p,
    enum reject_target t)
{
	uint8_t buf[CAPTURE_REJECT_MAX];
	size_t len = capture_reject_build(p, t, buf);
	struct sockaddr_storage ss;
	socklen_t sslen;
	int fd;

	if (len == 0)
		return -1;
	memset(&ss, 0, sizeof(ss));
	if (p->ip_version == 4) {
		struct sockaddr_in *sin = (struct sockaddr_in *)&ss;

		sin->sin_family = AF_INET;
		memcpy(&sin->sin_addr, buf + 16, 4);
		sslen = sizeof(*sin);
		fd = r->fd4;
	} else {
		struct sockaddr_in6 *sin6 = (struct sockaddr_in6 *)&ss;

		sin6->sin6_family = AF_INET6;
		memcpy(&sin6->sin6_addr, buf + 24, 16);
		sslen = sizeof(*sin6);
		fd = r->fd6;
	}
	if (sendto(fd, buf, len, 0, (struct sockaddr *)&ss, sslen) !=
	    (ssize_t)len)
		return -1;
	return 0;
}
