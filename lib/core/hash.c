#include "core/base.h"

#include <netinet/in.h>

#include "core/hash.h"

/* A 32-bit finaliser (murmur3 fmix32): cheap and well mixed. */
static inline uint32_t
mix32(uint32_t h)
{
	h ^= h >> 16;
	h *= 0x85ebca6b;
	h ^= h >> 13;
	h *= 0xc2b2ae35;
	h ^= h >> 16;
	return h;
}

static uint32_t
addr_hash(const struct ip_addr *a)
{
	uint32_t w[4];

	if (a->family == AF_INET)
		return mix32(a->u.v4);
	memcpy(w, a->u.v6, sizeof(w));
	return mix32(w[0] ^ mix32(w[1] ^ mix32(w[2] ^ mix32(w[3]))));
}

/* Symmetric in its two ends: addition and xor commute, so swapping
 * src and dst (and sport and dport) gives the same value; mixing each
 * side first keeps a ^ a from cancelling. */
static uint32_t
tuple_hash(const struct ip_addr *src, const struct ip_addr *dst,
    uint16_t sport, uint16_t dport, bool ports, uint8_t proto)
{
	uint32_t hs = addr_hash(src), hd = addr_hash(dst);
	uint32_t h = (hs + hd) ^ mix32(hs ^ hd);

	if (ports)
		h ^= mix32(((uint32_t)sport + dport) ^
		    mix32((uint32_t)(sport ^ dport)));
	return mix32(h ^ proto);
}

uint32_t
hash_flow_symmetric(const struct packet *p)
{
	if (p->ip_version == 0)
		return 0;
	/* an ICMP error that belongs to the quoted datagram's flow goes
	 * where that flow's packets go */
	if (p->icmp_emb_valid)
		return tuple_hash(&p->icmp_emb_src, &p->icmp_emb_dst,
		    p->icmp_emb_sport, p->icmp_emb_dport, true,
		    p->icmp_emb_proto);
	/* Fragments of one datagram must land together: a non-first
	 * fragment has no ports, so a fragmented datagram is hashed by
	 * addresses only, first fragment included. A packet carrying a
	 * tunnel (VXLAN, Geneve, Teredo) is hashed by its addresses too:
	 * the two directions of a flow inside it often come in outer flows
	 * of different ports (VXLAN picks its source port from the inner
	 * packet), and a flow must stay with one worker; the outer flow
	 * does as well. */
	return tuple_hash(&p->src, &p->dst, p->sport, p->dport,
	    (p->proto == IPPROTO_TCP || p->proto == IPPROTO_UDP ||
	    p->proto == IPPROTO_SCTP) && p->l4_valid && !p->is_fragment &&
	    p->inner == NULL, p->proto);
}
