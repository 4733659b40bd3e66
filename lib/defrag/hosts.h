/* host-os-policy for reassembly: the overlap policy of the receiving
 * host, by destination address (suricata.yaml's host-os-policy maps
 * each OS name to a list of addresses and CIDR blocks). The most
 * specific block wins; an address in no block gets the default. */
#ifndef QUELL_DEFRAG_HOSTS_H
#define QUELL_DEFRAG_HOSTS_H

#include "core/base.h"
#include "core/packet.h"
#include "defrag/policy.h"

struct defrag_hosts;

/* An empty table: every host gets def. NULL (ENOMEM). */
struct defrag_hosts *defrag_hosts_new(enum defrag_policy def);
void	defrag_hosts_free(struct defrag_hosts *);
/* Adds "198.18.0.0/15", "2001:2::/48" or one address for pol. -1 with
 * errno EINVAL (not an address or block) or ENOMEM. */
int	defrag_hosts_add(struct defrag_hosts *, const char *block,
	    enum defrag_policy pol);
/* The policy for dst; the default with h NULL. */
enum defrag_policy defrag_hosts_lookup(const struct defrag_hosts *h,
	    const struct ip_addr *dst);

#endif
