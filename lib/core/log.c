#include "core/base.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <time.h>

#include "core/log.h"

static enum log_level log_max_level = LOG_LEVEL_INFO;
static log_sink_fn log_sink;
static void *log_sink_arg;
static _Thread_local char log_procname[16] = "main";
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

static const char *const level_names[] = {
	[LOG_LEVEL_ERROR] = "error",
	[LOG_LEVEL_WARNING] = "warning",
	[LOG_LEVEL_INFO] = "info",
	[LOG_LEVEL_DEBUG] = "debug",
};

static void log_vwrite(enum log_level, const char *, va_list, int)
    QUELL_PRINTF(2, 0);

void
log_init(enum log_level max_level)
{
	log_max_level = max_level;
}

void
log_set_level(enum log_level max_level)
{
	log_max_level = max_level;
}

enum log_level
log_get_level(void)
{
	return log_max_level;
}

void
log_procinit(const char *name)
{
	snprintf(log_procname, sizeof(log_procname), "%s", name);
}

void
log_set_sink(log_sink_fn sink, void *arg)
{
	pthread_mutex_lock(&log_lock);
	log_sink = sink;
	log_sink_arg = arg;
	pthread_mutex_unlock(&log_lock);
}

/* errnum >= 0 appends strerror(errnum). */
static void
log_vwrite(enum log_level level, const char *fmt, va_list ap, int errnum)
{
	char msg[1024];
	char line[1200];
	int n;

	if (level > log_max_level)
		return;
	n = vsnprintf(msg, sizeof(msg), fmt, ap);
	if (n < 0)
		return;
	if (errnum >= 0)
		snprintf(line, sizeof(line), "%s: %s: %s", log_procname, msg,
		    strerror(errnum));
	else
		snprintf(line, sizeof(line), "%s: %s", log_procname, msg);

	pthread_mutex_lock(&log_lock);
	if (log_sink != NULL)
		log_sink(level, line, log_sink_arg);
	else
		fprintf(stderr, "quell[%s] %s\n", level_names[level], line);
	pthread_mutex_unlock(&log_lock);
}

#define LOG_BODY(level, errnum) do {					\
	int saved_errno = errno;					\
	va_list ap;							\
	va_start(ap, fmt);						\
	log_vwrite((level), fmt, ap, (errnum));				\
	va_end(ap);							\
	errno = saved_errno;						\
} while (0)

void
log_warn(const char *fmt, ...)
{
	int errnum = errno;

	LOG_BODY(LOG_LEVEL_WARNING, errnum);
}

void
log_warnx(const char *fmt, ...)
{
	LOG_BODY(LOG_LEVEL_WARNING, -1);
}

void
log_info(const char *fmt, ...)
{
	LOG_BODY(LOG_LEVEL_INFO, -1);
}

void
log_debug(const char *fmt, ...)
{
	LOG_BODY(LOG_LEVEL_DEBUG, -1);
}

void
fatal(const char *fmt, ...)
{
	int errnum = errno;

	LOG_BODY(LOG_LEVEL_ERROR, errnum);
	exit(1);
}

void
fatalx(const char *fmt, ...)
{
	LOG_BODY(LOG_LEVEL_ERROR, -1);
	exit(1);
}
