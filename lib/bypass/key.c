#include "core/base.h"

#include <errno.h>
#include <stdio.h>
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>

#include "bypass/key.h"
#include "flow/flow.h"

/* ICMP request/reply type pairs conntrack tracks (its invmap). */
struct icmp_pair {
	uint8_t		 a, b;
};
static const struct icmp_pair icmp4_pairs[] = {
	{ 8, 0 }, { 13, 14 }, { 15, 16 }, { 17, 18 },
};
static const struct icmp_pair icmp6_pairs[] = {
	{ 128, 129 }, { 139, 140 },
};

static bool
has_ports(uint8_t proto)
{
	return proto == IPPROTO_TCP || proto == IPPROTO_UDP ||
	    proto == IPPROTO_UDPLITE || proto == IPPROTO_SCTP ||
	    proto == IPPROTO_DCCP;
}

static bool
is_icmp(uint8_t proto)
{
	return proto == IPPROTO_ICMP || proto == IPPROTO_ICMPV6;
}

int
bypass_key_from_flow(struct bypass_key *k, const struct flow *f)
{
	memset(k, 0, sizeof(*k));
	if ((f->client.family != AF_INET && f->client.family != AF_INET6) ||
	    f->client.family != f->server.family ||
	    (has_ports(f->proto) && (f->flags & FLOW_F_NO_PORTS) != 0)) {
		errno = EINVAL;
		return -1;
	}
	k->src = f->client;
	k->dst = f->server;
	k->proto = f->proto;
	if (is_icmp(f->proto) && (f->flags & FLOW_F_NO_PORTS) == 0) {
		k->sport = f->client_port;
		k->icmp_type = f->icmp_key[0];
	} else if (has_ports(f->proto)) {
		k->sport = f->client_port;
		k->dport = f->server_port;
	}
	return 0;
}

void
bypass_key_to_flow(const struct bypass_key *k, struct flow *f)
{
	f->client = k->src;
	f->server = k->dst;
	f->client_port = k->sport;
	f->server_port = k->dport;
	f->proto = k->proto;
	f->ip_version = k->src.family == AF_INET6 ? 6 : 4;
	if (is_icmp(k->proto)) {
		int c = flow_icmp_counterpart(f->ip_version, k->icmp_type);

		f->icmp_key[0] = k->icmp_type;
		f->icmp_key[1] = c < 0 ? 0 : (uint8_t)c;
	}
	if (!has_ports(k->proto) && !is_icmp(k->proto))
		f->flags |= FLOW_F_NO_PORTS;
}

static uint8_t
icmp_reverse_type(uint8_t proto, uint8_t type)
{
	const struct icmp_pair *p = icmp4_pairs;
	size_t i, n = QUELL_NITEMS(icmp4_pairs);

	if (proto == IPPROTO_ICMPV6) {
		p = icmp6_pairs;
		n = QUELL_NITEMS(icmp6_pairs);
	}
	for (i = 0; i < n; i++) {
		if (p[i].a == type)
			return p[i].b;
		if (p[i].b == type)
			return p[i].a;
	}
	return type;
}

void
bypass_key_reverse(struct bypass_key *out, const struct bypass_key *in)
{
	struct bypass_key k = *in;

	k.src = in->dst;
	k.dst = in->src;
	if (is_icmp(in->proto)) {
		k.icmp_type = icmp_reverse_type(in->proto, in->icmp_type);
	} else {
		k.sport = in->dport;
		k.dport = in->sport;
	}
	*out = k;
}

static size_t
addr_len(const struct ip_addr *a)
{
	return a->family == AF_INET6 ? 16 : 4;
}

static bool
addr_equal(const struct ip_addr *a, const struct ip_addr *b)
{
	return a->family == b->family &&
	    memcmp(a->u.v6, b->u.v6, addr_len(a)) == 0;
}

bool
bypass_key_equal(const struct bypass_key *a, const struct bypass_key *b)
{
	return a->proto == b->proto && a->sport == b->sport &&
	    a->dport == b->dport && a->icmp_type == b->icmp_type &&
	    a->icmp_code == b->icmp_code && addr_equal(&a->src, &b->src) &&
	    addr_equal(&a->dst, &b->dst);
}

/* Combines one word into h, then splitmix64's finalizer. */
static uint64_t
mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
	h ^= h >> 30;
	h *= 0xbf58476d1ce4e5b9ULL;
	h ^= h >> 27;
	h *= 0x94d049bb133111ebULL;
	h ^= h >> 31;
	return h;
}

static uint64_t
mix_addr(uint64_t h, const struct ip_addr *a)
{
	uint64_t w[2] = { 0, 0 };

	memcpy(w, a->u.v6, addr_len(a));
	h = mix(h, w[0]);
	return mix(h, w[1] ^ a->family);
}

uint64_t
bypass_key_hash(const struct bypass_key *k, uint64_t seed)
{
	uint64_t h = seed;

	h = mix_addr(h, &k->src);
	h = mix_addr(h, &k->dst);
	return mix(h, (uint64_t)k->sport << 32 | (uint64_t)k->dport << 16 |
	    (uint64_t)k->proto << 8 | k->icmp_type);
}

const char *
bypass_key_proto_name(uint8_t proto, char *buf, size_t len)
{
	switch (proto) {
	case IPPROTO_TCP:
		return "tcp";
	case IPPROTO_UDP:
		return "udp";
	case IPPROTO_ICMP:
		return "icmp";
	case IPPROTO_ICMPV6:
		return "ipv6-icmp";
	case IPPROTO_SCTP:
		return "sctp";
	default:
		snprintf(buf, len, "%u", proto);
		return buf;
	}
}

/* "198.18.1.2" or "[2001:2::1]" with brackets when ports follow. */
static const char *
addr_text(const struct ip_addr *a, bool brackets, char *buf, size_t len)
{
	char s[INET6_ADDRSTRLEN];

	if (inet_ntop(a->family, a->u.v6, s, sizeof(s)) == NULL)
		snprintf(s, sizeof(s), "?");
	snprintf(buf, len, brackets && a->family == AF_INET6 ? "[%s]" : "%s",
	    s);
	return buf;
}

const char *
bypass_key_format(const struct bypass_key *k, char *buf, size_t len)
{
	char src[INET6_ADDRSTRLEN + 2], dst[INET6_ADDRSTRLEN + 2], num[4];
	const char *proto = bypass_key_proto_name(k->proto, num, sizeof(num));

	if (is_icmp(k->proto)) {
		snprintf(buf, len, "%s %s -> %s type %u id %u", proto,
		    addr_text(&k->src, false, src, sizeof(src)),
		    addr_text(&k->dst, false, dst, sizeof(dst)),
		    k->icmp_type, k->sport);
	} else if (has_ports(k->proto)) {
		snprintf(buf, len, "%s %s:%u -> %s:%u", proto,
		    addr_text(&k->src, true, src, sizeof(src)), k->sport,
		    addr_text(&k->dst, true, dst, sizeof(dst)), k->dport);
	} else {
		snprintf(buf, len, "%s %s -> %s", proto,
		    addr_text(&k->src, false, src, sizeof(src)),
		    addr_text(&k->dst, false, dst, sizeof(dst)));
	}
	return buf;
}
