/* OpenBSD-style log API. Every call preserves errno. Lines go to stderr
 * (journald captures it under systemd) or to a sink installed by tests. */
#ifndef QUELL_CORE_LOG_H
#define QUELL_CORE_LOG_H

#include "core/base.h"

#include <stdarg.h>

enum log_level {
	LOG_LEVEL_ERROR = 0,
	LOG_LEVEL_WARNING,
	LOG_LEVEL_INFO,
	LOG_LEVEL_DEBUG,
};

typedef void (*log_sink_fn)(enum log_level, const char *line, void *arg);

void	log_init(enum log_level max_level);
void	log_set_level(enum log_level max_level);
enum log_level log_get_level(void);
/* Names the calling thread in every line it logs ("nfq0", "worker1"). */
void	log_procinit(const char *name);
/* Replaces stderr as the destination; NULL restores stderr. */
void	log_set_sink(log_sink_fn sink, void *arg);

void	log_warn(const char *, ...) QUELL_PRINTF(1, 2);
void	log_warnx(const char *, ...) QUELL_PRINTF(1, 2);
void	log_info(const char *, ...) QUELL_PRINTF(1, 2);
void	log_debug(const char *, ...) QUELL_PRINTF(1, 2);
_Noreturn void fatal(const char *, ...) QUELL_PRINTF(1, 2);
_Noreturn void fatalx(const char *, ...) QUELL_PRINTF(1, 2);

#endif
