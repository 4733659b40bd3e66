/* Rule port fields: any, N, ranges a:b, a: and :b, lists, negation and
 * variables, compiled to one range set. */
#ifndef QUELL_RULES_PORT_H
#define QUELL_RULES_PORT_H

#include "core/base.h"
#include "rules/list.h"
#include "rules/rangeset.h"

struct rules_vars;

struct rules_port {
	struct rules_rangeset set;
	bool		 any;	/* 0..65535 */
};

void	rules_port_init(struct rules_port *);
void	rules_port_free(struct rules_port *);
/* Parses field s[0..len) found at rule offset off. 0, or -1 with err. */
int	rules_port_parse(struct rules_port *, const char *s, size_t len,
	    size_t off, const struct rules_vars *, struct rules_list_error *err);
bool	rules_port_match(const struct rules_port *, uint16_t port);

#endif
