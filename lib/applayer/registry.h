/* The table of app-layer parsers: one const struct applayer_parser per
 * protocol folder (lib/applayer/<proto>/), listed in registry.c. */
#ifndef QUELL_APPLAYER_REGISTRY_H
#define QUELL_APPLAYER_REGISTRY_H

#include "core/base.h"
#include "applayer/parser.h"

/* The parser of proto, or NULL when quell has none. */
const struct applayer_parser *applayer_registry_get(enum applayer_proto);
/* The parser called name[0..len) ("http", "tls" ...), or NULL. */
const struct applayer_parser *applayer_registry_by_name(const char *name,
	    size_t len);
/* Calls fn for every registered parser, in protocol order. */
void	applayer_registry_foreach(
	    void (*fn)(const struct applayer_parser *, void *), void *arg);
/* Checks every entry's mandatory hooks, the proto slots and the names:
 * 0, or -1 with the first problem in err. quelld runs it at start;
 * a unit test runs it on every build. */
int	applayer_registry_check(char *err, size_t errlen);

#endif
