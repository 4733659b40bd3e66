/* Option parsing shared by the threshold and detection_filter
 * keywords. */
#ifndef QUELL_DETECT_KEYWORDS_THRESHOLD_H
#define QUELL_DETECT_KEYWORDS_THRESHOLD_H

#include "core/base.h"

struct detect_threshold;
struct rule;
struct rules_option;
struct rules_parser;

/* Parses "type T, track K, count N, seconds S" in any order (without
 * type when want_type is false) into t. 0, or -1 after reporting. */
int	detect_threshold_parse(struct rules_parser *, struct rule *,
	    const struct rules_option *, bool want_type,
	    struct detect_threshold *t);

#endif
