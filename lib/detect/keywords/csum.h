/* What the checksum keywords share (ipv4-csum, tcpv4-csum, tcpv6-csum,
 * udpv4-csum, udpv6-csum, icmpv4-csum, icmpv6-csum, igmp-csum; one file
 * each): the value "valid" or "invalid", and the match, as Suricata's
 * detect-csum. */
#ifndef QUELL_DETECT_KEYWORDS_CSUM_H
#define QUELL_DETECT_KEYWORDS_CSUM_H

#include "core/base.h"

struct keyword;
struct packet;
struct rule;
struct rules_option;
struct rules_parser;

/* Parses "valid" or "invalid" (any case, quoted or not) and attaches
 * kw's packet match; kw's free must be free. 0, or -1 after
 * reporting. */
int	csum_setup(struct rules_parser *, struct rule *,
	    const struct rules_option *, const struct keyword *kw);

/* judge: decode_csum_*() of decode/checksum.h. No such header: no
 * match either way; a packet whose checksums are not to be judged
 * (-k none, offloading) is taken as valid. */
bool	csum_match(const struct packet *, const void *data,
	    int (*judge)(const struct packet *));

#endif
