/* eve's stats object, apart from the record writing in eve.c. */
#ifndef QUELL_OUTPUT_EVE_STATS_H
#define QUELL_OUTPUT_EVE_STATS_H

#include <jansson.h>

#include "output/eve.h"

/* The "stats" object of a stats record: a new reference. */
json_t	*output_eve_stats_object(const struct output_eve_stats *);

#endif
