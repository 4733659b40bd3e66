#include "core/base.h"

#include <netinet/in.h>

#include "decode/bytes.h"
#include "decode/checksum.h"

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
	return (uint16_t)sum;
}

static uint32_t
pseudo_header(const struct packet *p, uint32_t l4len)
{
	uint32_t sum;

	if (p->ip_version == 4)
		sum = sum_bytes(0, (const uint8_t *)&p->src.u.v4, 4) +
		    sum_bytes(0, (const uint8_t *)&p->dst.u.v4, 4);
	else
		sum = sum_bytes(0, p->src.u.v6, 16) +
		    sum_bytes(0, p->dst.u.v6, 16);
	return sum + p->proto + l4len;
}

bool
decode_checksums_valid(const struct packet *p)
{
	uint32_t l4len;

	if (p->ip_version == 4 &&
	    p->l3 != NULL &&
	    fold(sum_bytes(0, p->l3, p->ip_hdr_len)) != 0xffff)
		return false;
	if (p->is_fragment || p->l4 == NULL || !p->l4_valid)
		return true;
	l4len = (uint32_t)(p->payload != NULL ?
	    (p->payload - p->l4) + p->payload_len : p->l4_hdr_len);
	/* Only a complete segment can be summed. */
	if (p->l4 + l4len > p->data + p->len)
		return true;
	switch (p->proto) {
	case IPPROTO_UDP:
		if (p->ip_version == 4 && p->l4[6] == 0 && p->l4[7] == 0)
			return true;
		/* FALLTHROUGH */
	case IPPROTO_TCP:
	case IPPROTO_ICMPV6:
		return fold(sum_bytes(pseudo_header(p, l4len), p->l4, l4len)) ==
		    0xffff;
	case IPPROTO_ICMP:
		return fold(sum_bytes(0, p->l4, l4len)) == 0xffff;
	default:
		return true;
	}
}

/* ~sum of b[0..len) with the 16-bit field at off taken as zero, plus
 * sum; and whether it equals that field. */
static int
csum_compare(uint32_t sum, const uint8_t *b, uint32_t len, uint32_t off,
    bool udp)
{
	uint16_t field = decode_be16(b + off), c;

	sum = sum_bytes(sum, b, off);
	sum = sum_bytes(sum, b + off + 2, len - off - 2);
	c = (uint16_t)~fold(sum);
	/* UDP sends a computed 0 as 0xffff (0 means none) */
	if (udp && c == 0)
		c = 0xffff;
	return c == field ? 1 : 0;
}

/* Bytes from l4 to the end of the capture. */
static uint32_t
l4_room(const struct packet *p)
{
	return (uint32_t)(p->data + p->len - p->l4);
}

static bool
has_l4(const struct packet *p, uint8_t proto)
{
	return p->ip_version != 0 && p->l3 != NULL && !p->is_fragment &&
	    p->proto == proto && p->l4 != NULL && p->l4_valid &&
	    p->l4 >= p->data && p->l4 <= p->data + p->len;
}

int
decode_csum_ipv4(const struct packet *p)
{
	if (p->ip_version != 4 || p->l3 == NULL || p->ip_hdr_len < 20 ||
	    p->l3 + p->ip_hdr_len > p->data + p->len)
		return -1;
	return csum_compare(0, p->l3, p->ip_hdr_len, 10, false);
}

static int
csum_pseudo(const struct packet *p, uint32_t len, uint32_t off, bool udp)
{
	if (len < off + 2 || len > l4_room(p))
		return -1;
	return csum_compare(pseudo_header(p, len), p->l4, len, off, udp);
}

int
decode_csum_tcp(const struct packet *p)
{
	if (!has_l4(p, IPPROTO_TCP))
		return -1;
	return csum_pseudo(p, (uint32_t)p->l4_hdr_len + p->payload_len, 16,
	    false);
}

int
decode_csum_udp(const struct packet *p)
{
	if (!has_l4(p, IPPROTO_UDP) || p->l4_hdr_len < 8)
		return -1;
	if (p->ip_version == 4 && p->l4[6] == 0 && p->l4[7] == 0)
		return -1;
	return csum_pseudo(p, 8 + p->payload_len, 6, true);
}

/* The IPv4 total length less the header: what ICMP and IGMP sum. */
static int
csum_ipv4_message(const struct packet *p, uint8_t proto)
{
	uint32_t len;

	if (p->ip_version != 4 || !has_l4(p, proto))
		return -1;
	len = decode_be16(p->l3 + 2);
	if (len < p->ip_hdr_len)
		return -1;
	len -= p->ip_hdr_len;
	if (len < 4 || len > l4_room(p))
		return -1;
	return csum_compare(0, p->l4, len, 2, false);
}

int
decode_csum_icmpv4(const struct packet *p)
{
	return csum_ipv4_message(p, IPPROTO_ICMP);
}

int
decode_csum_igmp(const struct packet *p)
{
	return csum_ipv4_message(p, IPPROTO_IGMP);
}

int
decode_csum_icmpv6(const struct packet *p)
{
	uint32_t len, ext;

	if (p->ip_version != 6 || !has_l4(p, IPPROTO_ICMPV6) ||
	    p->ip_hdr_len < 40)
		return -1;
	len = decode_be16(p->l3 + 4);
	ext = (uint32_t)(p->ip_hdr_len - 40);
	if (len < ext)
		return -1;
	return csum_pseudo(p, len - ext, 2, false);
}
