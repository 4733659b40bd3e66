/* Address blocks with a small value each: the most specific block that
 * holds an address gives its value, an address in none the table's
 * default. host-os-policy (defrag and stream) is such a table: a list of
 * addresses and CIDR blocks per OS name. Lookups are linear: the lists
 * are short and read once per new flow or datagram. */
#ifndef QUELL_CORE_ADDR_TABLE_H
#define QUELL_CORE_ADDR_TABLE_H

#include "core/base.h"
#include "core/packet.h"

struct addr_table_entry;

struct addr_table {
	struct addr_table_entry *v;
	size_t		 n;
	size_t		 cap;
	uint8_t		 def;
};

void	addr_table_init(struct addr_table *, uint8_t def);
void	addr_table_fini(struct addr_table *);
/* Adds "198.18.0.0/15", "2001:2::/48" or one address with value. -1
 * with errno EINVAL (not an address or block) or ENOMEM. */
int	addr_table_add(struct addr_table *, const char *block, uint8_t value);
uint8_t	addr_table_lookup(const struct addr_table *, const struct ip_addr *);

#endif
