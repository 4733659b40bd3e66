#include "core/base.h"

#include <netinet/in.h>

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
