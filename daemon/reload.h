/* Rule reload without losing a packet and without holding anyone up:
 * the new engine is built on the reload thread (its matchers on
 * detect.build-threads threads) while the old one keeps serving, then
 * swapped in; the old one is freed once no worker uses it. A broken
 * rule set keeps the old rules running.
 *
 * One build at a time. A request while one is building is
 *	RELOAD_QUEUE	queued: one more build starts when the running one
 *			ends, however many requests came meanwhile (it reads
 *			the files then, so the newest ones win). SIGUSR2.
 *	RELOAD_REFUSE	refused (EBUSY), so the asker hears it at once and
 *			may retry. The control socket's reload-rules.
 *
 * Memory: while a new engine is built the old one is still in memory;
 * each reload logs what both hold (heap in use before the build, the
 * new engine's share, the peak with both) and the counters keep it
 * (struct reload_counters: eve stats.detect.engine, quellctl counters).
 */
#ifndef QUELL_DAEMON_RELOAD_H
#define QUELL_DAEMON_RELOAD_H

#include "core/base.h"

struct detect_engine;
struct quell_config;
struct quelld_options;
struct runmode;

enum reload_how {
	RELOAD_QUEUE,
	RELOAD_REFUSE,
};

/* The last reload that finished. */
struct reload_status {
	bool		 building;	/* a build runs now */
	bool		 queued;	/* another one will follow it */
	uint64_t	 started;	/* reloads started so far (ids 1..) */
	uint64_t	 done;		/* id of the last finished one, 0 none */
	bool		 ok;		/* it put new rules in service */
	char		 message[1200];	/* its result, as logged */
};

struct reload_counters {
	uint64_t	 reloads;	/* finished, with new rules in service */
	uint64_t	 failed;	/* finished, the old rules kept */
	uint64_t	 refused;	/* control requests while building */
	uint64_t	 queued;	/* signal requests that waited */
	uint64_t	 engine_bytes;	/* heap the engine in service took
					 * when it was built */
	uint64_t	 peak_bytes;	/* heap in use with the old and the
					 * new engine, last reload */
	uint64_t	 last_ms;	/* wall time of the last build */
	/* the rules of the engine in service (Suricata's
	 * detect.engines[0]): loaded, failed to parse, skipped as
	 * unsupported; when it was put in service (realtime, 0: none) */
	uint64_t	 rules_loaded;
	uint64_t	 rules_failed;
	uint64_t	 rules_skipped;
	struct timespec	 last_reload;
};

/* Sets up the reload thread for rm's engines (built from cfg and opts,
 * which must outlive it); engine_bytes is what the first engine took.
 * 0, or -1 with errno. */
int	reload_start(const struct quell_config *cfg,
	    const struct quelld_options *opts, struct runmode *rm,
	    uint64_t engine_bytes);
/* Asks for a reload: 0 when a build starts now, 1 when it waits behind
 * the running one (RELOAD_QUEUE), -1 with errno EBUSY and a message in
 * err when refused (RELOAD_REFUSE) or another errno when the thread is
 * not running. *id (may be NULL) is the reload's id for
 * reload_get_status(): done >= id means it finished. */
int	reload_request(enum reload_how, uint64_t *id, char *err,
	    size_t errlen);
void	reload_get_status(struct reload_status *);
/* The rule counts of the engine just put in service (the first one
 * too, also offline), and now as its time. */
void	reload_note_rules(size_t loaded, size_t failed, size_t skipped);
void	reload_get_counters(struct reload_counters *);
/* Waits for a running build (and a queued one is dropped), then stops
 * the thread. */
void	reload_stop(void);
/* Heap bytes in use now (mallinfo2; the resident set where the
 * allocator does not tell, as under ASan), for the memory figures. */
uint64_t reload_heap_bytes(void);

#endif
