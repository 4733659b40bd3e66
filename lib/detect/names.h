/* Process-wide name → id registry for per-flow variables (flowbits,
 * flowints, flowvars, host and ip-pair bits). Ids are never reused or forgotten, so state stored in a
 * flow under an id keeps its meaning across engine rebuilds (rule
 * reloads): a flowbit set before a reload is still set after it. Thread
 * safe; used at rule load time only, never per packet. */
#ifndef QUELL_DETECT_NAMES_H
#define QUELL_DETECT_NAMES_H

#include "core/base.h"

enum detect_names_kind {
	DETECT_NAMES_FLOWBIT,
	DETECT_NAMES_FLOWINT,
	DETECT_NAMES_HOSTBIT,		/* hostbits, xbits track ip_src/ip_dst */
	DETECT_NAMES_IPPAIRBIT,		/* xbits track ip_pair */
	DETECT_NAMES_FLOWVAR,		/* pcre captures into flow:NAME */
	DETECT_NAMES_KINDS,
};

/* The id (>= 1) of name[0..len) in kind's namespace, registering it on
 * first use; 0 on allocation failure. */
uint32_t detect_names_id(enum detect_names_kind, const char *name,
	    size_t len);
/* The name of id, or NULL. The string lives until the process ends. */
const char *detect_names_name(enum detect_names_kind, uint32_t id);

#endif
