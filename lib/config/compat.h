/* Suricata settings quell reads but does not act on. A suricata.yaml
 * snippet pasted into quell.yaml, or a Suricata --set, must either work
 * or say precisely what is ignored and why: this table holds the why.
 * Keys quell implements are in config.c; everything here is a key (or
 * a whole section) of Suricata 7's suricata.yaml that quell has no
 * counterpart for yet. */
#ifndef QUELL_CONFIG_COMPAT_H
#define QUELL_CONFIG_COMPAT_H

#include "core/base.h"

struct config_compat {
	const char	*path;		/* key or section, '-' spelling */
	const char	*why;		/* what quell does instead */
	const char	*quiet;		/* a value that needs no warning
					 * (quell behaves so anyway), or
					 * NULL */
};

/* The entry for path or for the nearest section above it (the table
 * entry "app-layer" covers "app-layer.protocols.http.enabled"), or
 * NULL when path is not a Suricata setting quell knows about. */
const struct config_compat *config_compat_find(const char *path);
/* The table, for tests: sorted by path, no duplicates. */
const struct config_compat *config_compat_table(size_t *n);

#endif
