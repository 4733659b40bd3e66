/* The packet pipeline shared by inline and offline mode: sources (one
 * reader thread per NFQUEUE queue, or one pcap reader) decode packets
 * and hand them, by a symmetric flow hash, through lock-free rings to
 * detection workers. Inline, a worker verdicts each packet on its own
 * queue's socket; every packet read gets exactly one verdict, from its
 * worker or from its reader by the ring-full policy. Offline, readers
 * wait for room instead, so no packet is skipped. */
#ifndef QUELL_DAEMON_RUNMODE_H
#define QUELL_DAEMON_RUNMODE_H

#include "core/base.h"

struct quell_config;
struct detect_engine;
struct outputs;
struct runmode;

/* Offline checksum judgement (-k), as Suricata's pcap-file
 * checksum-checks: auto judges them unless more than 1 in 10 of the
 * first 1000 packets has a bad TCP checksum (offloading), then takes
 * every later packet's as right; all always judges; none never (the
 * checksum keywords take every checksum as valid). Judging never keeps
 * a packet from detection. */
enum runmode_checksum {
	RUNMODE_CHECKSUM_AUTO,
	RUNMODE_CHECKSUM_ALL,
	RUNMODE_CHECKSUM_NONE,
};

struct runmode_opts {
	unsigned	 worker_delay_us;	/* testing: slow workers down */
	const char *const *pcap_files;		/* offline mode when set */
	size_t		 npcap_files;
	bool		 simulate_ips;		/* offline: drops act as inline */
	enum runmode_checksum checksum;		/* offline -k */
	bool		 no_random;		/* --no-random: seed 0 inline too */
};

/* Binds every configured queue (inline) and opens the raw sockets for
 * reject replies: the privileged part, without starting any thread. It
 * takes the engine. On failure nothing stays bound and err names the
 * queue. */
struct runmode *runmode_open(const struct quell_config *,
	    struct detect_engine *, struct outputs *,
	    const struct runmode_opts *, char *err, size_t errlen);
/* Starts the workers and readers (offline: reading the captures).
 * Returns -1 with err; runmode_stop() then cleans up. */
int	runmode_run(struct runmode *, char *err, size_t errlen);
/* Stops reading, verdicts what was read, unbinds, joins, writes the
 * final stats event and frees the current engine. */
void	runmode_stop(struct runmode *);
size_t	runmode_workers(const struct runmode *);
/* How many workers runmode_open will use (runmode workers inline: one
 * per queue): event producers 0 .. n - 1 are the workers, producer n
 * is the main thread, n + 1 the bypass manager's thread. */
size_t	runmode_worker_count(const struct quell_config *, bool offline);
struct bypass_manager;
struct output_eve_queue_stats;

/* The bypass manager, or NULL (offline, or conntrack unavailable). */
struct bypass_manager *runmode_bypass(struct runmode *);
struct output_eve_stats;

/* The counters so far; qs holds CONFIG_MAX_QUEUES entries. Any thread. */
void	runmode_counters(struct runmode *, struct output_eve_queue_stats *qs,
	    struct output_eve_stats *);
/* Writes a stats event with the counters so far. */
void	runmode_write_stats(struct runmode *);
/* Inline: a reader stopped on a fatal socket error. Offline: every
 * capture has been read and processed. */
bool	runmode_finished(const struct runmode *);
/* Offline: a capture could not be read to its end. */
bool	runmode_read_error(const struct runmode *);
/* Puts a new engine in service; returns once no worker uses the old one
 * any more, then frees it. */
void	runmode_swap_engine(struct runmode *, struct detect_engine *);

#endif
