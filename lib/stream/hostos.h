/* host-os-policy: which overlap policy a receiving host's stack follows,
 * by address (suricata.yaml's host-os-policy: a list of addresses or
 * CIDR blocks per policy name). The most specific block wins; an
 * address in no block gets the default policy (bsd, as Suricata). */
#ifndef QUELL_STREAM_HOSTOS_H
#define QUELL_STREAM_HOSTOS_H

#include "core/base.h"
#include "core/packet.h"
#include "stream/policy.h"

struct stream_hostos;

/* An empty table: every host gets def. NULL (ENOMEM). */
struct stream_hostos *stream_hostos_new(enum stream_os_policy def);
void	stream_hostos_free(struct stream_hostos *);
/* Adds "198.18.0.0/15", "2001:2::/48" or a single address for pol.
 * -1 with errno EINVAL (not an address or block) or ENOMEM. */
int	stream_hostos_add(struct stream_hostos *, const char *block,
	    enum stream_os_policy pol);
enum stream_os_policy stream_hostos_lookup(const struct stream_hostos *,
	    const struct ip_addr *);

#endif
