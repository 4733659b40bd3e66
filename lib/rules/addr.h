/* Rule address fields: any, IPv4/IPv6 addresses, CIDR blocks (also
 * a.b.c.d/netmask), ranges a-b, lists, negation and variables, compiled to
 * one range set per family. */
#ifndef QUELL_RULES_ADDR_H
#define QUELL_RULES_ADDR_H

#include "core/base.h"
#include "core/packet.h"
#include "rules/list.h"
#include "rules/rangeset.h"

struct rules_vars;

struct rules_addr {
	struct rules_rangeset v4;
	struct rules_rangeset v6;
	bool		 any;	/* every IPv4 and IPv6 address */
	bool		 negated; /* the field negates (variables
				 * included): not an ip-only rule */
};

void	rules_addr_init(struct rules_addr *);
void	rules_addr_free(struct rules_addr *);
/* Parses field s[0..len) found at rule offset off. 0, or -1 with err. */
int	rules_addr_parse(struct rules_addr *, const char *s, size_t len,
	    size_t off, const struct rules_vars *, struct rules_list_error *err);
/* Whether the field was written with a negation ("!$HOME_NET", also
 * through a variable such as $EXTERNAL_NET). */
bool	rules_addr_negated(const struct rules_addr *);
bool	rules_addr_match(const struct rules_addr *, const struct ip_addr *);

#endif
