#include "core/base.h"

#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "core/diag.h"
#include "core/log.h"
#include "detect/engine.h"
#include "reload.h"
#include "rules_load.h"
#include "runmode.h"
#include "sdnotify.h"

/* The reload thread and what it shares with the askers (the main loop
 * for SIGUSR2, the control thread, the stats collector): all under
 * lock. */
static struct {
	pthread_mutex_t	 lock;
	pthread_cond_t	 wake;
	pthread_t	 thread;
	bool		 running;	/* the thread exists */
	bool		 quit;
	bool		 want;		/* a build should start */
	bool		 building;
	const struct quell_config *cfg;
	const struct quelld_options *opts;
	struct runmode	*rm;
	struct reload_status st;
	struct reload_counters c;
} rl = {
	.lock = PTHREAD_MUTEX_INITIALIZER,
	.wake = PTHREAD_COND_INITIALIZER,
};

static void	*reload_main(void *);
static void	 reload_once(uint64_t);
static double	 reload_mib(uint64_t);

/* Heap in use as glibc's allocator counts it; where another allocator
 * replaced it (the sanitizers') and mallinfo2() says 0, the resident
 * set instead, which over-counts freed memory the process kept. */
uint64_t
reload_heap_bytes(void)
{
	struct mallinfo2 mi = mallinfo2();
	unsigned long long size, resident;
	uint64_t heap = (uint64_t)(mi.uordblks + mi.hblkhd);
	FILE *f;

	if (heap != 0 || (f = fopen("/proc/self/statm", "r")) == NULL)
		return heap;
	if (fscanf(f, "%llu %llu", &size, &resident) == 2)
		heap = (uint64_t)resident * (uint64_t)sysconf(_SC_PAGESIZE);
	fclose(f);
	return heap;
}

static double
reload_mib(uint64_t b)
{
	return (double)b / (1024.0 * 1024.0);
}

/* One build: load, build, swap, report. Runs without the lock. */
static void
reload_once(uint64_t id)
{
	struct rules_load_summary sum;
	struct detect_engine *engine;
	struct detect_engine_info info;
	struct diag_list dl;
	struct timespec t0, t1;
	char first[1024] = "", msg[1200];
	uint64_t before, built, after;
	uint64_t ms;
	bool ok = false;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	before = reload_heap_bytes();
	diag_list_init(&dl);
	engine = rules_load_engine(rl.cfg, rl.opts, &dl, &sum);
	built = reload_heap_bytes();
	for (size_t i = 0; i < dl.count; i++) {
		char buf[1024];

		diag_format(&dl.items[i], buf, sizeof(buf));
		if (dl.items[i].severity == DIAG_ERROR && first[0] == '\0')
			snprintf(first, sizeof(first), "%s", buf);
		log_warnx("%s", buf);
	}
	if (engine == NULL || dl.errors > 0) {
		snprintf(msg, sizeof(msg), "%s (%zu error(s)); the previous "
		    "rules stay active", first[0] ? first : "cannot build the "
		    "engine", dl.errors);
		detect_engine_free(engine);
		log_warnx("reload failed: %s", msg);
	} else {
		detect_engine_info(engine, &info);
		runmode_swap_engine(rl.rm, engine);
		reload_note_rules(sum.loaded, sum.failed, sum.unsupported);
		after = reload_heap_bytes();
		clock_gettime(CLOCK_MONOTONIC, &t1);
		ms = (uint64_t)((t1.tv_sec - t0.tv_sec) * 1000 +
		    (t1.tv_nsec - t0.tv_nsec) / 1000000);
		snprintf(msg, sizeof(msg), "%zu rules loaded, %zu unsupported",
		    sum.loaded, sum.unsupported);
		log_info("%s", msg);
		log_info("built in %.2f s; heap %.1f MiB before, "
		    "%.1f MiB with the old and the new engine (new engine "
		    "%.1f MiB, old %.1f MiB), %.1f MiB after the swap; "
		    "matchers %.1f MiB", (double)ms / 1000.0,
		    reload_mib(before), reload_mib(built), reload_mib(built >
		    before ? built - before : 0), reload_mib(rl.c.engine_bytes),
		    reload_mib(after), reload_mib(info.mpm_bytes));
		pthread_mutex_lock(&rl.lock);
		rl.c.reloads++;
		rl.c.engine_bytes = built > before ? built - before : 0;
		rl.c.peak_bytes = built;
		rl.c.last_ms = ms;
		pthread_mutex_unlock(&rl.lock);
		ok = true;
	}
	diag_list_free(&dl);
	pthread_mutex_lock(&rl.lock);
	if (!ok)
		rl.c.failed++;
	rl.st.done = id;
	rl.st.ok = ok;
	snprintf(rl.st.message, sizeof(rl.st.message), "%s", msg);
	pthread_mutex_unlock(&rl.lock);
	sdnotify_status("%s", msg);
	sdnotify_ready();
}

static void *
reload_main(void *arg)
{
	sigset_t all;

	(void)arg;
	/* signals belong to the main thread */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, NULL);
	log_procinit("reload");
	pthread_mutex_lock(&rl.lock);
	for (;;) {
		uint64_t id;

		while (!rl.want && !rl.quit)
			pthread_cond_wait(&rl.wake, &rl.lock);
		if (rl.quit)
			break;
		rl.want = false;
		rl.building = true;
		rl.st.building = true;
		rl.st.queued = false;
		id = ++rl.st.started;
		pthread_mutex_unlock(&rl.lock);
		sdnotify_reloading();
		log_info("reload %llu: building the new engine",
		    (unsigned long long)id);
		reload_once(id);
		pthread_mutex_lock(&rl.lock);
		rl.building = false;
		rl.st.building = false;
		pthread_cond_broadcast(&rl.wake);
	}
	pthread_mutex_unlock(&rl.lock);
	return NULL;
}

int
reload_start(const struct quell_config *cfg, const struct quelld_options *opts,
    struct runmode *rm, uint64_t engine_bytes)
{
	int rc;

	pthread_mutex_lock(&rl.lock);
	rl.cfg = cfg;
	rl.opts = opts;
	rl.rm = rm;
	rl.quit = false;
	rl.c.engine_bytes = engine_bytes;
	if ((rc = pthread_create(&rl.thread, NULL, reload_main, NULL)) == 0)
		rl.running = true;
	pthread_mutex_unlock(&rl.lock);
	if (rc != 0) {
		errno = rc;
		return -1;
	}
	return 0;
}

int
reload_request(enum reload_how how, uint64_t *id, char *err, size_t errlen)
{
	int rc = 0;

	pthread_mutex_lock(&rl.lock);
	if (!rl.running || rl.quit) {
		snprintf(err, errlen, "reloads are not available now");
		errno = ESRCH;
		rc = -1;
	} else if (rl.building && how == RELOAD_REFUSE) {
		rl.c.refused++;
		snprintf(err, errlen, "a reload is already in progress "
		    "(reload %llu); try again when it is done",
		    (unsigned long long)rl.st.started);
		errno = EBUSY;
		rc = -1;
	} else {
		if (rl.building) {
			if (!rl.want)
				rl.c.queued++;
			rl.st.queued = true;
			rc = 1;
		}
		rl.want = true;
		/* the build that will serve it: the next one to start */
		if (id != NULL)
			*id = rl.st.started + 1;
		pthread_cond_broadcast(&rl.wake);
	}
	pthread_mutex_unlock(&rl.lock);
	return rc;
}

void
reload_get_status(struct reload_status *st)
{
	pthread_mutex_lock(&rl.lock);
	*st = rl.st;
	/* asked, not yet taken by the thread */
	if (rl.want && !rl.building)
		st->building = true;
	pthread_mutex_unlock(&rl.lock);
}

void
reload_note_rules(size_t loaded, size_t failed, size_t skipped)
{
	pthread_mutex_lock(&rl.lock);
	rl.c.rules_loaded = loaded;
	rl.c.rules_failed = failed;
	rl.c.rules_skipped = skipped;
	clock_gettime(CLOCK_REALTIME, &rl.c.last_reload);
	pthread_mutex_unlock(&rl.lock);
}

void
reload_get_counters(struct reload_counters *c)
{
	pthread_mutex_lock(&rl.lock);
	*c = rl.c;
	pthread_mutex_unlock(&rl.lock);
}

void
reload_stop(void)
{
	pthread_mutex_lock(&rl.lock);
	if (!rl.running) {
		pthread_mutex_unlock(&rl.lock);
		return;
	}
	if (rl.building)
		log_info("waiting for the running reload to finish");
	rl.quit = true;
	rl.want = false;
	pthread_cond_broadcast(&rl.wake);
	pthread_mutex_unlock(&rl.lock);
	pthread_join(rl.thread, NULL);
	pthread_mutex_lock(&rl.lock);
	rl.running = false;
	pthread_mutex_unlock(&rl.lock);
}
