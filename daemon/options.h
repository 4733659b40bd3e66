/* quelld's command line. */
#ifndef QUELL_DAEMON_OPTIONS_H
#define QUELL_DAEMON_OPTIONS_H

#include "core/base.h"

struct quelld_options {
	const char	*config_path;		/* -c */
	const char	*log_dir;		/* -l */
	const char	*exclusive_rules;	/* -S */
	const char	**extra_rules;		/* -s, repeatable */
	size_t		 nextra_rules;
	const char	**queue_specs;		/* -q N or A:B, repeatable */
	size_t		 nqueue_specs;
	const char	**sets;			/* --set key=value */
	size_t		 nsets;
	const char	**includes;		/* --include, repeatable */
	size_t		 nincludes;
	const char	*runmode;		/* --runmode, or NULL */
	bool		 init_errors_fatal;	/* --init-errors-fatal */
	bool		 no_random;		/* --no-random */
	const char	**pcap_files;		/* -r, repeatable */
	size_t		 npcap_files;
	int		 checksum;		/* -k: 0 auto (default), 1 all,
						   2 none (runmode.h) */
	bool		 simulate_ips;		/* --simulate-ips */
	bool		 daemonize;		/* -D */
	const char	*pidfile;		/* --pidfile */
	const char	*instance;		/* --instance */
	const char	*user;			/* --user */
	const char	*group;			/* --group */
	bool		 test_config;		/* -T */
	bool		 dump_config;		/* --dump-config */
	bool		 engine_analysis;	/* --engine-analysis */
	int		 verbose;		/* -v count */
	unsigned	 worker_delay_us;	/* testing: --worker-delay-us */
};

/* Parses argv. Returns 0 to run, 1 when a request was answered (help,
 * version) and the program should exit 0, -1 on a usage error (already
 * reported on stderr). */
int	quelld_options_parse(struct quelld_options *, int argc, char **argv);
void	quelld_options_free(struct quelld_options *);

#endif
