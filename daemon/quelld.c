/* quelld: the quell inline IPS daemon. main() reads top to bottom:
 * options, configuration, rules, outputs, queues, signal loop, shutdown. */
#include "core/base.h"

#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <pthread.h>
#include <unistd.h>

#include "config/config.h"
#include "core/diag.h"
#include "core/log.h"
#include "detect/engine.h"
#include "options.h"
#include "output/eve.h"
#include "rules_load.h"
#include "runmode_nfq.h"

static void
print_diags(const struct diag_list *dl)
{
	char buf[1024];

	for (size_t i = 0; i < dl->count; i++)
		fprintf(stderr, "quelld: %s\n",
		    diag_format(&dl->items[i], buf, sizeof(buf)));
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
	for (size_t i = 0; i < opts->nsets; i++)
		config_set(cfg, opts->sets[i], &dl);
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
	print_diags(&dl);
	if (dl.errors > 0) {
		config_free(cfg);
		cfg = NULL;
	}
	diag_list_free(&dl);
	return cfg;
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

static struct output_eve *
open_eve(const struct quell_config *cfg)
{
	struct output_eve *eve;
	char path[PATH_MAX];

	if (!cfg->eve_enabled)
		return NULL;
	snprintf(path, sizeof(path), "%s/%s", cfg->default_log_dir,
	    cfg->eve_filename);
	if ((eve = output_eve_open(path)) == NULL)
		fatal("cannot open %s", path);
	return eve;
}

int
main(int argc, char **argv)
{
	struct quelld_options opts;
	struct quell_config *cfg;
	struct detect_engine *engine;
	struct rules_load_summary sum;
	struct output_eve *eve;
	struct runmode_nfq *rm;
	struct runmode_nfq_opts rm_opts = { 0 };
	struct diag_list dl;
	struct timespec last_stats, now;
	sigset_t sigs;
	char err[256];
	int rc;

	if ((rc = quelld_options_parse(&opts, argc, argv)) != 0)
		return rc == 1 ? 0 : 2;
	log_init(opts.verbose >= 2 ? LOG_LEVEL_DEBUG : LOG_LEVEL_INFO);
	log_procinit("main");

	if ((cfg = configure(&opts, config_path_given(argc, argv))) == NULL) {
		fprintf(stderr, "quelld: configuration has errors\n");
		quelld_options_free(&opts);
		return 1;
	}
	if (opts.dump_config) {
		config_dump(cfg, stdout);
		goto done_ok;
	}

	diag_list_init(&dl);
	engine = rules_load_engine(cfg, &opts, &dl, &sum);
	print_diags(&dl);
	log_info("rules: %zu loaded, %zu failed, %zu unsupported from %zu "
	    "file(s)", sum.loaded, sum.failed, sum.unsupported, sum.files);
	if (engine == NULL || (opts.test_config && dl.errors > 0)) {
		fprintf(stderr, "quelld: rules have errors\n");
		diag_list_free(&dl);
		detect_engine_free(engine);
		config_free(cfg);
		quelld_options_free(&opts);
		return 1;
	}
	diag_list_free(&dl);
	if (opts.test_config) {
		fprintf(stderr, "configuration OK\n");
		detect_engine_free(engine);
		goto done_ok;
	}
	if (cfg->nfq_nqueues == 0)
		fatalx("no queue to read: give -q N (or A:B), or set "
		    "nfq.queues");

	eve = open_eve(cfg);

	/* Readers inherit the blocked set; only this thread takes signals. */
	sigemptyset(&sigs);
	sigaddset(&sigs, SIGINT);
	sigaddset(&sigs, SIGTERM);
	sigaddset(&sigs, SIGHUP);
	pthread_sigmask(SIG_BLOCK, &sigs, NULL);

	rm_opts.worker_delay_us = opts.worker_delay_us;
	if ((rm = runmode_nfq_start(cfg, engine, eve, &rm_opts, err,
	    sizeof(err))) == NULL)
		fatalx("%s", err);
	log_info("ready: %zu queue(s), %zu worker(s), %zu rule(s)",
	    cfg->nfq_nqueues, runmode_nfq_workers(rm),
	    detect_engine_rule_count(engine));

	clock_gettime(CLOCK_MONOTONIC, &last_stats);
	for (;;) {
		struct timespec tick = { 1, 0 };
		int sig = sigtimedwait(&sigs, NULL, &tick);

		if (sig == SIGINT || sig == SIGTERM) {
			log_info("signal %d: shutting down", sig);
			break;
		}
		if (sig == SIGHUP && eve != NULL && output_eve_reopen(eve) == -1)
			log_warn("reopen eve log");
		if (runmode_nfq_failed(rm)) {
			log_warnx("a queue reader failed; shutting down");
			runmode_nfq_stop(rm);
			output_eve_close(eve);
			detect_engine_free(engine);
			config_free(cfg);
			quelld_options_free(&opts);
			return 1;
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (cfg->stats_enabled &&
		    now.tv_sec - last_stats.tv_sec >= (time_t)cfg->stats_interval) {
			runmode_nfq_write_stats(rm);
			last_stats = now;
		}
	}
	runmode_nfq_stop(rm);
	output_eve_close(eve);
	detect_engine_free(engine);
done_ok:
	config_free(cfg);
	quelld_options_free(&opts);
	return 0;
}
