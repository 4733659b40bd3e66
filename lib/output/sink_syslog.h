/* Syslog names, as suricata.yaml writes them (case-insensitive). */
#ifndef QUELL_OUTPUT_SINK_SYSLOG_H
#define QUELL_OUTPUT_SINK_SYSLOG_H

#include "core/base.h"

/* LOG_LOCAL5 for "local5", -1 for an unknown name. */
int	output_sink_syslog_facility(const char *name);
/* LOG_INFO for "Info", -1 for an unknown name. */
int	output_sink_syslog_level(const char *name);

#endif
