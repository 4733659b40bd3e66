/* quelld: the quell inline IPS daemon. main() reads top to bottom:
 * options, configuration, rules, outputs, queues or captures, signal
 * loop, shutdown. */
#include "core/base.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <syslog.h>
#include <time.h>
#include <unistd.h>
#include <sys/stat.h>

#include "config/config.h"
#include "control/commands.h"
#include "control/server.h"
#include "control_cmds.h"
#include "core/diag.h"
#include "core/log.h"
#include "detect/engine.h"
#include "detect/hosttable.h"
#include "options.h"
#include "output/eve.h"
#include "daemonize.h"
#include "instance.h"
#include "outputs.h"
#include "pidfile.h"
#include "privs.h"
#include "reload.h"
#include "rules_load.h"
#include "runmode.h"
#include "sdnotify.h"

/* How often the main loop wakes when no signal arrives. */
#define MAIN_TICK_MS	200

static void
print_diags(const struct diag_list *dl)
{
	char buf[1024];

	for (size_t i = 0; i < dl->count; i++)
		fprintf(stderr, "quelld: %s\n",
		    diag_format(&dl->items[i], buf, sizeof(buf)));
}

static bool
config_path_given(int argc, char **argv)
{
	for (int i = 1; i < argc; i++)
		if (strcmp(argv[i], "-c") == 0 ||
		    strncmp(argv[i], "--config", 8) == 0 ||
		    (strncmp(argv[i], "-c", 2) == 0 && argv[i][2] != '\0'))
			return true;
	return false;
}

/* The paths that must differ between side-by-side instances and that
 * the configuration left to the default: the control socket is
 * quell-<instance>.socket in the run directory, the instance being
 * --instance or named after the queues. */
static void
set_instance_paths(struct quell_config *cfg, const struct quelld_options *opts)
{
	char name[INSTANCE_NAME_MAX], path[PATH_MAX], *p;

	if (cfg->control_socket[0] != '\0')
		return;
	if (opts->instance != NULL)
		snprintf(name, sizeof(name), "%s", opts->instance);
	else
		instance_name_from_queues(cfg->nfq_queues, cfg->nfq_nqueues,
		    name, sizeof(name));
	instance_socket_path(name, path, sizeof(path));
	if ((p = strdup(path)) == NULL)
		fatalx("out of memory");
	free(cfg->control_socket);
	cfg->control_socket = p;
}

/* Builds the effective configuration: defaults, the file, then the
 * command line. Returns NULL after printing why. */
static struct quell_config *
configure(const struct quelld_options *opts, bool config_explicit)
{
	struct quell_config *cfg;
	struct diag_list dl;

	diag_list_init(&dl);
	if ((cfg = config_new()) == NULL)
		fatalx("out of memory");
	if (config_explicit || access(opts->config_path, F_OK) == 0)
		config_load_file(cfg, opts->config_path, &dl);
	for (size_t i = 0; i < opts->nincludes; i++)
		config_load_file(cfg, opts->includes[i], &dl);
	for (size_t i = 0; i < opts->nsets; i++)
		config_set(cfg, opts->sets[i], &dl);
	if (opts->runmode != NULL) {
		char set[32];

		snprintf(set, sizeof(set), "runmode=%s", opts->runmode);
		config_set(cfg, set, &dl);
	}
	if (opts->nqueue_specs > 0)
		cfg->nfq_nqueues = 0;
	for (size_t i = 0; i < opts->nqueue_specs; i++)
		config_add_queues(cfg, opts->queue_specs[i], &dl);
	if (opts->log_dir != NULL) {
		char *d = strdup(opts->log_dir);

		if (d == NULL)
			fatalx("out of memory");
		free(cfg->default_log_dir);
		cfg->default_log_dir = d;
	}
	config_validate(cfg, &dl);
	/* IPS mode: NFQUEUE, or offline with --simulate-ips (http-body-inline
	 * auto) */
	cfg->http.ips = opts->npcap_files == 0 || opts->simulate_ips;
	set_instance_paths(cfg, opts);
	print_diags(&dl);
	if (dl.errors > 0) {
		config_free(cfg);
		cfg = NULL;
	}
	diag_list_free(&dl);
	return cfg;
}

/* Heap the first engine took (reload's memory figures). */
static uint64_t first_engine_heap;
/* The host and ip-pair tables (hostbits, xbits), before any worker. */
static int
configure_hosts(const struct quell_config *cfg)
{
	struct detect_hosttable_config hc = { cfg->host_memcap,
	    cfg->host_hash_size, cfg->host_prealloc };
	struct detect_hosttable_config pc = { cfg->ippair_memcap,
	    cfg->ippair_hash_size, cfg->ippair_prealloc };

	if (detect_hosttable_configure(DETECT_HOSTTABLE_HOST, &hc) == -1) {
		fprintf(stderr, "quelld: host: %s\n", errno == EINVAL ?
		    "host.prealloc entries do not fit in host.memcap" :
		    strerror(errno));
		return -1;
	}
	if (detect_hosttable_configure(DETECT_HOSTTABLE_IPPAIR, &pc) == -1) {
		fprintf(stderr, "quelld: ippair: %s\n", errno == EINVAL ?
		    "ippair.prealloc entries do not fit in ippair.memcap" :
		    strerror(errno));
		return -1;
	}
	return 0;
}

/* Loads and builds the rules. With -T, any rule error fails. */
static struct detect_engine *
load_rules(const struct quell_config *cfg, const struct quelld_options *opts)
{
	struct rules_load_summary sum;
	struct detect_engine *engine;
	struct diag_list dl;
	bool failed;

	diag_list_init(&dl);
	first_engine_heap = reload_heap_bytes();
	engine = rules_load_engine(cfg, opts, &dl, &sum);
	first_engine_heap = reload_heap_bytes() - first_engine_heap;
	print_diags(&dl);
	log_info("rules: %zu loaded, %zu failed, %zu unsupported from %zu "
	    "file(s)%s%s%s", sum.loaded, sum.failed, sum.unsupported, sum.files,
	    sum.unsupported_by[0] ? " (unsupported: " : "", sum.unsupported_by,
	    sum.unsupported_by[0] ? ")" : "");
	failed = engine == NULL || ((opts->test_config ||
	    opts->init_errors_fatal) && dl.errors > 0);
	diag_list_free(&dl);
	if (!failed)
		reload_note_rules(sum.loaded, sum.failed, sum.unsupported);
	if (failed) {
		fprintf(stderr, "quelld: rules have errors\n");
		detect_engine_free(engine);
		return NULL;
	}
	return engine;
}

/* Waits for signals and does the periodic work until asked to stop
 * (inline) or until the captures are done (offline). Returns the exit
 * status. */
static int
main_loop(const struct quell_config *cfg, const struct quelld_options *opts,
    struct runmode *rm, struct outputs *out, const sigset_t *sigs,
    bool offline)
{
	struct timespec last_stats, now;

	clock_gettime(CLOCK_MONOTONIC, &last_stats);
	for (;;) {
		struct timespec tick = { 0, MAIN_TICK_MS * 1000000L };
		int sig = sigtimedwait(sigs, NULL, &tick);

		if (sig == SIGINT || sig == SIGTERM) {
			log_info("signal %d: shutting down", sig);
			return 0;
		}
		if (sig == SIGHUP) {
			log_info("SIGHUP: reopening log files");
			outputs_reopen(out);
		}
		if (sig == SIGUSR2) {
			char msg[256];
			uint64_t id = 0;
			int q = reload_request(RELOAD_QUEUE, &id, msg,
			    sizeof(msg));

			/* the reload thread builds; this loop goes on */
			if (q == -1)
				log_warnx("SIGUSR2: %s", msg);
			else if (q == 1)
				log_info("SIGUSR2: reload %llu queued behind the "
				    "running build", (unsigned long long)id);
			else
				log_info("SIGUSR2: reloading rules (reload "
				    "%llu)", (unsigned long long)id);
		}
		if (runmode_finished(rm)) {
			if (offline)
				return 0;
			log_warnx("a queue reader failed; shutting down");
			return 1;
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (cfg->stats_enabled &&
		    now.tv_sec - last_stats.tv_sec >= (time_t)cfg->stats_interval) {
			runmode_write_stats(rm);
			last_stats = now;
		}
	}
}

static void
syslog_sink(enum log_level level, const char *line, void *arg)
{
	static const int prio[] = {
		[LOG_LEVEL_ERROR] = LOG_ERR,
		[LOG_LEVEL_WARNING] = LOG_WARNING,
		[LOG_LEVEL_INFO] = LOG_INFO,
		[LOG_LEVEL_DEBUG] = LOG_DEBUG,
	};

	(void)arg;
	syslog(prio[level], "%s", line);
}

/* The control socket, in a directory the run user can use. */
static struct control_server *
open_control(const char *path, uid_t uid, gid_t gid, char *err,
    size_t errlen)
{
	char dir[PATH_MAX];
	char *slash;

	snprintf(dir, sizeof(dir), "%s", path);
	if ((slash = strrchr(dir, '/')) != NULL && slash != dir) {
		*slash = '\0';
		/* Parents as root would make them; the socket's own
		 * directory belongs to the run user. */
		for (char *p = dir + 1; (p = strchr(p, '/')) != NULL; p++) {
			*p = '\0';
			mkdir(dir, 0755);
			*p = '/';
		}
		if (mkdir(dir, 0750) == 0 && uid != (uid_t)-1 &&
		    chown(dir, uid, gid) == -1)
			log_warn("chown %s", dir);
	}
	return control_server_open(path, 0660, uid, gid, err, errlen);
}

/* Everything after the rules: outputs, queues, privileges, threads,
 * the loop and shutdown. Returns the exit status. */
static int
run(const struct quell_config *cfg, const struct quelld_options *opts,
    struct detect_engine *engine)
{
	bool offline = opts->npcap_files > 0;
	struct runmode_opts rm_opts = { 0 };
	struct outputs out;
	struct runmode *rm;
	struct control_server *ctl = NULL;
	struct control_ctx ctl_ctx;
	const struct control_command *table;
	size_t ntable;
	sigset_t sigs;
	uid_t uid;
	gid_t gid;
	char err[512];
	int ready_fd = -1;
	int rc;

	if (privs_resolve(opts->user, opts->group, &uid, &gid, err,
	    sizeof(err)) == -1)
		fatalx("%s", err);
	/* Before any thread exists: threads inherit the blocked set, so
	 * only this thread takes signals (in main_loop). */
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGINT);
	sigaddset(&sigs, SIGTERM);
	sigaddset(&sigs, SIGHUP);
	sigaddset(&sigs, SIGUSR2);
	pthread_sigmask(SIG_BLOCK, &sigs, NULL);

	if (opts->daemonize && (ready_fd = daemonize_start(err,
	    sizeof(err))) == -1)
		fatalx("%s", err);
	if (opts->pidfile != NULL) {
		int prc = pidfile_create(opts->pidfile, uid, gid, err,
		    sizeof(err));

		if (prc == -1)
			fatalx("%s", err);
		if (prc == 1)
			log_warnx("%s", err);
	}

	/* The privileged part: control socket, logs, queues, raw sockets. */
	if (!offline && cfg->control_enabled &&
	    (ctl = open_control(cfg->control_socket, uid, gid, err,
	    sizeof(err))) == NULL) {
		/* Most often a second instance on the same socket: say
		 * which key tells them apart. */
		char dir[512];

		if (opts->pidfile != NULL)
			pidfile_remove(opts->pidfile);
		instance_rundir(dir, sizeof(dir));
		fatalx("unix-command.filename: %s; give each quelld its own "
		    "control socket: --instance NAME (socket "
		    "%s/quell-NAME.socket) or --set unix-command.filename=PATH",
		    err, dir);
	}
	if (outputs_open(&out, cfg, runmode_worker_count(cfg,
	    opts->npcap_files > 0) + 2, uid, gid,
	    err, sizeof(err)) == -1) {
		control_server_stop(ctl);
		goto fail;
	}
	rm_opts.worker_delay_us = opts->worker_delay_us;
	rm_opts.pcap_files = opts->pcap_files;
	rm_opts.npcap_files = opts->npcap_files;
	rm_opts.simulate_ips = opts->simulate_ips;
	rm_opts.checksum = opts->checksum == 1 ? RUNMODE_CHECKSUM_ALL :
	    opts->checksum == 2 ? RUNMODE_CHECKSUM_NONE : RUNMODE_CHECKSUM_AUTO;
	rm_opts.no_random = opts->no_random;
	if ((rm = runmode_open(cfg, engine, &out, &rm_opts, err,
	    sizeof(err))) == NULL) {
		control_server_stop(ctl);
		outputs_close(&out);
		goto fail;
	}

	/* Then only CAP_NET_ADMIN, before the first thread: the kernel
	 * checks it on the thread that sends each verdict. */
	if (privs_drop(opts->user, opts->group, err, sizeof(err)) == -1) {
		control_server_stop(ctl);
		runmode_stop(rm);
		outputs_close(&out);
		goto fail;
	}
	ctl_ctx.cfg = cfg;
	ctl_ctx.opts = opts;
	ctl_ctx.rm = rm;
	table = control_cmds_table(&ntable);
	err[0] = '\0';
	if (outputs_start(&out) == -1 ||
	    runmode_run(rm, err, sizeof(err)) == -1 ||
	    (!offline && reload_start(cfg, opts, rm, first_engine_heap) ==
	    -1 && snprintf(err, sizeof(err), "reload thread: %s",
	    strerror(errno)) > 0) ||
	    (ctl != NULL && control_server_start(ctl, table, ntable, &ctl_ctx,
	    err, sizeof(err)) == -1)) {
		log_warnx("%s", err[0] ? err : "cannot start threads");
		control_server_stop(ctl);
		reload_stop();
		runmode_stop(rm);
		outputs_close(&out);
		goto fail_quiet;
	}
	if (offline)
		log_info("reading %zu capture(s) with %zu worker(s)",
		    opts->npcap_files, runmode_workers(rm));
	else
		log_info("ready: %zu queue(s), %zu worker(s)%s%s",
		    cfg->nfq_nqueues, runmode_workers(rm),
		    opts->user ? ", running as " : "",
		    opts->user ? opts->user : "");
	sdnotify_status("inspecting %zu queue(s) with %zu worker(s)",
	    cfg->nfq_nqueues, runmode_workers(rm));
	sdnotify_ready();
	if (ready_fd != -1) {
		/* stderr goes to /dev/null from here on. */
		openlog("quelld", LOG_PID | LOG_NDELAY, LOG_DAEMON);
		log_set_sink(syslog_sink, NULL);
		if (daemonize_ready(ready_fd, err, sizeof(err)) == -1)
			log_warnx("%s", err);
	}

	rc = main_loop(cfg, opts, rm, &out, &sigs, offline);
	sdnotify_stopping();
	/* Before the runmode: its handlers use it; so does a reload. */
	control_server_stop(ctl);
	reload_stop();
	if (offline && runmode_read_error(rm))
		rc = 1;
	runmode_stop(rm);
	outputs_close(&out);
	if (opts->pidfile != NULL)
		pidfile_remove(opts->pidfile);
	return rc;
fail:
	log_warnx("%s", err);
fail_quiet:
	if (opts->pidfile != NULL)
		pidfile_remove(opts->pidfile);
	return 1;
}

/* --engine-analysis: Suricata's flag; the report goes to
 * rules_analysis.txt in the log directory. */
static int
engine_analysis(const struct quell_config *cfg,
    const struct quelld_options *opts, const struct detect_engine *engine)
{
	char path[PATH_MAX];
	FILE *f;
	int n;

	n = snprintf(path, sizeof(path), "%s/rules_analysis.txt",
	    opts->log_dir != NULL ? opts->log_dir : cfg->default_log_dir);
	if (n < 0 || (size_t)n >= sizeof(path)) {
		fprintf(stderr, "quelld: engine analysis: log directory path "
		    "too long\n");
		return 1;
	}
	if ((f = fopen(path, "w")) == NULL) {
		fprintf(stderr, "quelld: engine analysis: %s: %s\n", path,
		    strerror(errno));
		return 1;
	}
	if (detect_engine_analysis(engine, f) == -1 || fclose(f) != 0) {
		fprintf(stderr, "quelld: engine analysis: writing %s failed\n",
		    path);
		return 1;
	}
	fprintf(stderr, "engine analysis written to %s\n", path);
	return 0;
}

int
main(int argc, char **argv)
{
	struct quelld_options opts;
	struct quell_config *cfg;
	struct detect_engine *engine;
	int rc;

	if ((rc = quelld_options_parse(&opts, argc, argv)) != 0) {
		quelld_options_free(&opts);
		return rc == 1 ? 0 : 2;
	}
	log_init(opts.verbose >= 2 ? LOG_LEVEL_DEBUG : LOG_LEVEL_INFO);
	log_procinit("main");

	if ((cfg = configure(&opts, config_path_given(argc, argv))) == NULL) {
		fprintf(stderr, "quelld: configuration has errors\n");
		quelld_options_free(&opts);
		return 1;
	}
	if (opts.dump_config) {
		config_dump(cfg, stdout);
		rc = 0;
		goto done;
	}
	if ((engine = load_rules(cfg, &opts)) == NULL) {
		rc = 1;
		goto done;
	}
	/* --user/--group win over run-as.user/group; a missing user is a
	 * configuration error that -T must catch too. */
	if (opts.user == NULL && cfg->run_as_user[0] != '\0')
		opts.user = cfg->run_as_user;
	if (opts.group == NULL && cfg->run_as_group[0] != '\0')
		opts.group = cfg->run_as_group;
	{
		uid_t uid;
		gid_t gid;
		char perr[256];

		if (privs_resolve(opts.user, opts.group, &uid, &gid, perr,
		    sizeof(perr)) == -1) {
			fprintf(stderr, "quelld: %s\n", perr);
			detect_engine_free(engine);
			rc = 1;
			goto done;
		}
	}
	if (opts.engine_analysis) {
		rc = engine_analysis(cfg, &opts, engine);
		detect_engine_free(engine);
		goto done;
	}
	if (configure_hosts(cfg) == -1) {
		detect_engine_free(engine);
		rc = 1;
		goto done;
	}
	if (opts.test_config) {
		fprintf(stderr, "configuration OK\n");
		detect_engine_free(engine);
		rc = 0;
		goto done;
	}
	if (opts.npcap_files == 0 && cfg->nfq_nqueues == 0) {
		fprintf(stderr, "quelld: no queue to read: give -q N (or A:B), "
		    "or set nfq.queues\n");
		detect_engine_free(engine);
		rc = 1;
		goto done;
	}
	rc = run(cfg, &opts, engine);
done:
	config_free(cfg);
	quelld_options_free(&opts);
	return rc;
}
