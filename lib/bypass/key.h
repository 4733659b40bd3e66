/* The tuple by which quell and conntrack name a bypassed flow, in the
 * direction of its initiator (conntrack's original direction, unless
 * quell picked the flow up the other way round). Plain data: building,
 * reversing, comparing, hashing and printing, no I/O. */
#ifndef QUELL_BYPASS_KEY_H
#define QUELL_BYPASS_KEY_H

#include "core/base.h"
#include "core/packet.h"

struct flow;

struct bypass_key {
	struct ip_addr	 src;		/* AF_INET or AF_INET6, like dst */
	struct ip_addr	 dst;
	uint16_t	 sport;		/* host order; ICMP: echo id */
	uint16_t	 dport;		/* host order; ICMP: 0 */
	uint8_t		 proto;		/* IPPROTO_* */
	uint8_t		 icmp_type;	/* ICMP/ICMPv6 only, else 0 */
	uint8_t		 icmp_code;	/* ICMP/ICMPv6 only, else 0 */
};

/* Longest bypass_key_format() text, NUL included. */
#define BYPASS_KEY_STRLEN	112

/* The key of f, initiator first (ICMP: its request type and id). Fails
 * with EINVAL when conntrack could not name the flow by it: no address
 * family, or a TCP/UDP/SCTP flow keyed without ports (FLOW_F_NO_PORTS:
 * fragments, truncated headers). */
int	bypass_key_from_flow(struct bypass_key *, const struct flow *);
/* Fills f's key fields (addresses, ports, proto, ip_version,
 * icmp_key) from key; the rest of f is left alone. */
void	bypass_key_to_flow(const struct bypass_key *, struct flow *);

/* The tuple of the other direction: addresses and ports swapped, an
 * ICMP request type turned into its reply type (echo 8 -> 0, ICMPv6
 * 128 -> 129, ...) and back. */
void	bypass_key_reverse(struct bypass_key *out, const struct bypass_key *in);
bool	bypass_key_equal(const struct bypass_key *, const struct bypass_key *);
/* Keyed hash of the key's fields (never of padding). */
uint64_t bypass_key_hash(const struct bypass_key *, uint64_t seed);
/* "tcp 198.18.1.2:1234 -> 198.18.2.2:80", "tcp [2001:2::1]:1234 -> ...",
 * "icmp 198.18.1.2 -> 198.18.2.2 type 8 id 7"; returns buf. */
const char *bypass_key_format(const struct bypass_key *, char *buf,
	    size_t len);
/* "tcp", "udp", "icmp", "ipv6-icmp", "sctp", or the number. buf (at
 * least 4 bytes) holds the number when needed. */
const char *bypass_key_proto_name(uint8_t proto, char *buf, size_t len);

#endif
