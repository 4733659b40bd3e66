/* The table of rule keywords, sorted by name. */
#ifndef QUELL_DETECT_KEYWORDS_REGISTRY_H
#define QUELL_DETECT_KEYWORDS_REGISTRY_H

#include "core/base.h"
#include "detect/keywords/keyword.h"

/* The keyword called name[0..len) (case-insensitive, as Suricata), or
 * NULL. */
const struct keyword *detect_keywords_registry_lookup(const char *name,
	    size_t len);
size_t	detect_keywords_registry_count(void);
/* The i-th keyword in table order, or NULL past the end. */
const struct keyword *detect_keywords_registry_at(size_t i);

#endif
