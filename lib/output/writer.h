/* An output written by its own thread. Producers (detection workers,
 * the stats thread) hand it finished lines through one lock-free ring
 * each; the thread hands them to a sink (output/sink.h: a file, syslog,
 * a unix socket, Redis). A slow disk or a slow or absent consumer
 * delays the output, never a verdict. A line that finds its ring full
 * is dropped and counted as lost; one the sink cannot deliver is
 * counted as dropped. */
#ifndef QUELL_OUTPUT_WRITER_H
#define QUELL_OUTPUT_WRITER_H

#include "core/base.h"

#include <sys/types.h>

struct output_writer;

struct output_sink_cfg;

struct output_writer_stats {
	uint64_t	 written;
	uint64_t	 lost;		/* ring full */
	uint64_t	 dropped;	/* the sink could not deliver them */
	uint64_t	 write_errors;
	uint64_t	 reconnects;
	uint64_t	 disconnects;
};

/* Opens the file path for appending, with nproducers rings of ring_slots lines
 * each. The thread starts with output_writer_start(), so a daemon can
 * open its logs while privileged and start threads after dropping
 * privileges. NULL with errno set. */
struct output_writer *output_writer_open(const char *path, size_t nproducers,
	    uint32_t ring_slots);
/* The same for any sink (cfg->filetype names it); NULL with err set. */
struct output_writer *output_writer_open_sink(const struct output_sink_cfg *,
	    size_t nproducers, uint32_t ring_slots, char *err, size_t errlen);
int	output_writer_start(struct output_writer *);
/* Gives the open file to the user the daemon will run as. */
int	output_writer_chown(struct output_writer *, uid_t, gid_t);
/* Writes what is queued, stops the thread, closes the file. */
void	output_writer_close(struct output_writer *);

/* Takes ownership of line (malloc'ed, ending in '\n'). Only one thread
 * may use a given producer index. Returns false if the line was lost. */
bool	output_writer_submit(struct output_writer *, size_t producer,
	    char *line);
/* A buffer of a line this producer submitted and the thread wrote,
 * for the producer's next line (malloc'ed: it may be realloc'ed, and is
 * submitted or freed as any line), *cap its size; NULL when none came
 * back yet. Only the producer's thread may call it. */
char	*output_writer_reuse(struct output_writer *, size_t producer,
	    size_t *cap);
/* Asks the thread to reopen the file (log rotation); returns at once. */
void	output_writer_reopen(struct output_writer *);
/* Returns once everything submitted so far is written. */
void	output_writer_flush(struct output_writer *);
void	output_writer_stats(const struct output_writer *,
	    struct output_writer_stats *);

#endif
