/* Where a writer thread delivers its lines: a file, a syslog socket, a
 * unix socket, a Redis list or channel. Each backend is one file
 * (sink_file.c, sink_syslog.c, sink_unix.c, sink_redis.c) exporting one
 * struct output_sink_ops, chosen by its suricata.yaml `filetype` name.
 *
 * A sink is used by one thread only (its writer's) after it is opened.
 * It may block that thread for a bounded time (a connect or send
 * timeout), never forever; the packet path never waits on it because
 * producers only ever touch the writer's rings. A sink that cannot
 * deliver a line counts it as dropped and goes on; one whose peer went
 * away reconnects with a doubling backoff. */
#ifndef QUELL_OUTPUT_SINK_H
#define QUELL_OUTPUT_SINK_H

#include "core/base.h"

#include <sys/types.h>

/* What a sink is told to do; fields a backend does not use are ignored.
 * Strings are copied by the backend. */
struct output_sink_cfg {
	const char	*filetype;	/* regular, syslog, unix_stream, ... */
	const char	*path;		/* file or socket path */
	/* syslog */
	const char	*identity;	/* tag, default "quelld" */
	int		 facility;	/* LOG_LOCAL5 style, already shifted */
	int		 level;		/* LOG_INFO style */
	const char	*syslog_socket;	/* default /dev/log */
	/* redis */
	const char	*server;
	unsigned	 port;
	const char	*mode;		/* list, lpush, rpush, channel, ... */
	const char	*key;
	unsigned	 batch;		/* pipelining: lines per round trip */
	unsigned	 stream_maxlen;	/* xadd: MAXLEN, 0 = no trimming */
	bool		 stream_trim_exact;
	/* reconnect backoff: first and largest wait, milliseconds */
	unsigned	 backoff_min_ms;
	unsigned	 backoff_max_ms;
	unsigned	 timeout_ms;	/* connect and send timeout */
};

/* Written by the sink's thread only, read by anyone (core/counters.h). */
struct output_sink_counters {
	uint64_t	 written;	/* lines delivered */
	uint64_t	 dropped;	/* lines the sink could not deliver */
	uint64_t	 write_errors;	/* failed writes, sends, replies */
	uint64_t	 reconnects;	/* connections made after the first */
	uint64_t	 disconnects;	/* connections lost or refused */
};

struct output_sink_ops {
	const char	*name;
	/* Opens (a file) or connects (a socket: failure to connect is not
	 * an error, the sink retries later). Returns the backend's state
	 * or NULL with err set. */
	void	*(*open)(const struct output_sink_cfg *,
		    struct output_sink_counters *, char *err, size_t errlen);
	/* One line of len bytes, ending in '\n'. */
	void	 (*put)(void *, const char *line, size_t len);
	/* End of a batch: write what is buffered, read pipelined replies,
	 * retry a connection whose backoff has expired. */
	void	 (*flush)(void *);
	void	 (*reopen)(void *);		/* NULL: nothing to reopen */
	int	 (*chown)(void *, uid_t, gid_t);	/* NULL: nothing to chown */
	void	 (*close)(void *);
};

extern const struct output_sink_ops output_sink_file;
extern const struct output_sink_ops output_sink_syslog;
extern const struct output_sink_ops output_sink_unix_stream;
extern const struct output_sink_ops output_sink_unix_dgram;
#ifdef HAVE_HIREDIS
extern const struct output_sink_ops output_sink_redis;
#endif

/* The backend called name (suricata.yaml's filetype; "file" is
 * "regular"), or NULL when there is none or it is not built in. */
const struct output_sink_ops *output_sink_find(const char *name);

/* Reconnect timing shared by the socket backends: after a failure the
 * next attempt waits min_ms, doubling up to max_ms; a success resets. */
struct output_sink_backoff {
	unsigned	 min_ms, max_ms;
	unsigned	 wait_ms;	/* 0: try now */
	uint64_t	 next_ms;	/* monotonic time of the next try */
};

void	output_sink_backoff_init(struct output_sink_backoff *,
	    unsigned min_ms, unsigned max_ms);
/* True when an attempt may be made now. */
bool	output_sink_backoff_due(const struct output_sink_backoff *);
void	output_sink_backoff_failed(struct output_sink_backoff *);
void	output_sink_backoff_reset(struct output_sink_backoff *);
uint64_t output_sink_now_ms(void);

/* For the socket backends: a unix socket of type connected to path,
 * sends limited to timeout_ms; -1 with errno. */
int	output_sink_unix_connect(const char *path, int type,
	    unsigned timeout_ms);
/* Sends all of buf; false on a timeout or an error. */
bool	output_sink_unix_send(int fd, const char *buf, size_t len);

#endif
