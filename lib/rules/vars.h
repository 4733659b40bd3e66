/* Rule variables ($HOME_NET, $HTTP_PORTS): names bound to address or port
 * expressions. Values are kept as text and parsed where a rule uses them,
 * so an error names the rule and the variable. */
#ifndef QUELL_RULES_VARS_H
#define QUELL_RULES_VARS_H

#include "core/base.h"

#define RULES_VARS_NAME_MAX	64
#define RULES_VARS_VALUE_MAX	65536

struct rules_vars;

struct rules_vars *rules_vars_new(void);
/* Binds name (without '$': letters, digits, '_') to value, replacing any
 * earlier binding. 0, or -1 with errno EINVAL (bad name, value too long)
 * or ENOMEM. The value is checked only when a rule uses it. */
int	rules_vars_set(struct rules_vars *, const char *name, const char *value);
void	rules_vars_free(struct rules_vars *);

/* The value bound to name[0..len), or NULL. vars may be NULL. */
const char *rules_vars_get(const struct rules_vars *, const char *name,
	    size_t len);

#endif
