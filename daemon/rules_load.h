#ifndef QUELL_DAEMON_RULES_LOAD_H
#define QUELL_DAEMON_RULES_LOAD_H

#include "core/base.h"
#include "core/diag.h"

struct quell_config;
struct quelld_options;
struct detect_engine;

struct rules_load_summary {
	size_t		 files;
	size_t		 loaded;
	size_t		 failed;
	size_t		 unsupported;
	char		 unsupported_by[512];	/* "protocol http 264, ..." */
};

/* Loads the rule files the options and configuration name (-S alone, or
 * rule-files under default-rule-path plus -s) with the configured
 * variables and builds the engine. Bad rules are diagnostics, not
 * failures; NULL only when the engine cannot be built at all. */
struct detect_engine *rules_load_engine(const struct quell_config *,
	    const struct quelld_options *, struct diag_list *,
	    struct rules_load_summary *);

#endif
