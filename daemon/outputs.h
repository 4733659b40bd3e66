/* The log outputs quelld writes, opened together from the configuration
 * and reopened together on SIGHUP. */
#ifndef QUELL_DAEMON_OUTPUTS_H
#define QUELL_DAEMON_OUTPUTS_H

#include "core/base.h"

#include <stdio.h>
#include <sys/types.h>

struct quell_config;
struct output_eve;
struct output_fastlog;

struct outputs {
	struct output_eve	*eve;		/* NULL when disabled */
	struct output_fastlog	*fast;		/* NULL when disabled */
	FILE			*statslog;	/* NULL when disabled; main thread */
	char			*statslog_path;
	bool			 eve_alert;
	bool			 eve_drop;
	bool			 eve_flow;
	bool			 eve_stats;
	bool			 eve_anomaly;	/* some output takes anomaly
						 * records */
	/* some eve-log taking drops has types.drop.flows: all (every
	 * dropped packet); else the first drop of each flow direction */
	bool			 eve_drop_all;
	bool			 eve_packet;	/* tagged packets */
};

/* Opens every enabled output in the log directory for nproducers event
 * producers, owned by uid/gid unless uid is -1. No thread starts yet.
 * Returns -1 with err naming the file. */
int	outputs_open(struct outputs *, const struct quell_config *,
	    size_t nproducers, uid_t uid, gid_t gid, char *err, size_t errlen);
/* Starts the writer threads. */
int	outputs_start(struct outputs *);
void	outputs_reopen(struct outputs *);
void	outputs_close(struct outputs *);

#endif
