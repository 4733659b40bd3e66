/* Inline mode: one reader thread per NFQUEUE queue decodes each packet
 * and hands it, by a symmetric flow hash, through a lock-free ring to
 * one of the detection workers, which verdicts it on the packet's own
 * queue socket. Every packet read gets exactly one verdict: from its
 * worker, or from the reader by the ring-full policy. */
#ifndef QUELL_DAEMON_RUNMODE_NFQ_H
#define QUELL_DAEMON_RUNMODE_NFQ_H

#include "core/base.h"

#include <signal.h>

struct quell_config;
struct detect_engine;
struct output_eve;
struct runmode_nfq;

struct runmode_nfq_opts {
	unsigned	 worker_delay_us;	/* testing: slow workers down */
};

/* Binds every configured queue and starts the readers. On failure
 * nothing stays bound and a message naming the queue is in err. */
struct runmode_nfq *runmode_nfq_start(const struct quell_config *,
	    const struct detect_engine *, struct output_eve *,
	    const struct runmode_nfq_opts *, char *err, size_t errlen);
size_t	runmode_nfq_workers(const struct runmode_nfq *);
/* Stops reading, verdicts what was read, unbinds, joins, and writes the
 * final stats event. */
void	runmode_nfq_stop(struct runmode_nfq *);
/* Writes a stats event with the counters so far. */
void	runmode_nfq_write_stats(struct runmode_nfq *);
/* True when a reader stopped on a fatal socket error. */
bool	runmode_nfq_failed(const struct runmode_nfq *);

#endif
