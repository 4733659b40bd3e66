#include "core/base.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>

#include <jansson.h>
#include <pcap/pcap.h>
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
#include <yaml.h>
#ifdef HAVE_HYPERSCAN
#include <hs.h>
#endif

#include "instance.h"
#include "options.h"

#define DEFAULT_CONFIG	SYSCONFDIR "/quell/quell.yaml"

enum {
	OPT_SET = 256,
	OPT_DUMP_CONFIG,
	OPT_BUILD_INFO,
	OPT_WORKER_DELAY,
	OPT_SIMULATE_IPS,
	OPT_PIDFILE,
	OPT_INSTANCE,
	OPT_USER,
	OPT_GROUP,
	OPT_ENGINE_ANALYSIS,
	OPT_RUNMODE,
	OPT_INIT_ERRORS_FATAL,
	OPT_NO_RANDOM,
	OPT_INCLUDE,
};

static const struct option long_options[] = {
	{ "config", required_argument, NULL, 'c' },
	{ "queue", required_argument, NULL, 'q' },
	{ "log-dir", required_argument, NULL, 'l' },
	{ "rules", required_argument, NULL, 'S' },
	{ "add-rules", required_argument, NULL, 's' },
	{ "test", no_argument, NULL, 'T' },
	{ "read", required_argument, NULL, 'r' },
	{ "checksum", required_argument, NULL, 'k' },
	{ "simulate-ips", no_argument, NULL, OPT_SIMULATE_IPS },
	{ "daemonize", no_argument, NULL, 'D' },
	{ "pidfile", required_argument, NULL, OPT_PIDFILE },
	{ "instance", required_argument, NULL, OPT_INSTANCE },
	{ "user", required_argument, NULL, OPT_USER },
	{ "group", required_argument, NULL, OPT_GROUP },
	{ "set", required_argument, NULL, OPT_SET },
	{ "include", required_argument, NULL, OPT_INCLUDE },
	{ "runmode", required_argument, NULL, OPT_RUNMODE },
	{ "init-errors-fatal", no_argument, NULL, OPT_INIT_ERRORS_FATAL },
	{ "no-random", no_argument, NULL, OPT_NO_RANDOM },
	{ "dump-config", no_argument, NULL, OPT_DUMP_CONFIG },
	{ "engine-analysis", no_argument, NULL, OPT_ENGINE_ANALYSIS },
	{ "build-info", no_argument, NULL, OPT_BUILD_INFO },
	{ "worker-delay-us", required_argument, NULL, OPT_WORKER_DELAY },
	{ "verbose", no_argument, NULL, 'v' },
	{ "version", no_argument, NULL, 'V' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: quelld [-DTvV] [-c config] [-q queue|A:B]... [-S rules | -s rules]...\n"
	    "              [-l logdir] [--set key=value]... [--include file]...\n"
	    "              [--runmode mode] [--init-errors-fatal] [--dump-config]\n"
	    "              [--pidfile file] [--instance name] [--user user] [--group group]\n"
	    "       quelld -r file.pcap [-r file]... [-k all|none] [--simulate-ips] [...]\n"
	    "  -c, --config FILE      configuration (default %s)\n"
	    "  -q, --queue N|A:B      NFQUEUE number or range; repeatable (overrides nfq.queues)\n"
	    "  -S, --rules FILE       load only this rule file\n"
	    "  -s, --add-rules FILE   load this rule file as well; repeatable\n"
	    "  -l, --log-dir DIR      write logs here (overrides default-log-dir)\n"
	    "  -r, --read FILE        offline: read a pcap/pcapng capture; repeatable\n"
	    "  -k, --checksum all|none  offline: judge checksums (all) or take them as\n"
	    "                         right (none); default: judge them unless over 10%%\n"
	    "                         of the first 1000 packets have bad TCP checksums\n"
	    "      --simulate-ips     offline: drop rules act as inline (blocked, drop events)\n"
	    "  -D, --daemonize        run in the background once ready\n"
	    "      --pidfile FILE     write the pid here (a live one refuses to start)\n"
	    "      --instance NAME    this quelld's name: its control socket is\n"
	    "                         quell-NAME.socket (default: from the queues, q0)\n"
	    "      --user USER        run as USER after binding queues (keeps only CAP_NET_ADMIN)\n"
	    "      --group GROUP      run with GROUP (default: USER's primary group)\n"
	    "  -T, --test             check configuration and rules, then exit\n"
	    "      --set KEY=VALUE    override a configuration key\n"
	    "      --include FILE     apply this YAML file after the configuration;\n"
	    "                         repeatable\n"
	    "      --runmode MODE     single (one worker), autofp (a reader per queue,\n"
	    "                         flows pinned to detect-threads workers) or workers\n"
	    "                         (inline: each queue's reader inspects its packets)\n"
	    "      --init-errors-fatal  a rule that fails to load stops the start\n"
	    "      --no-random        fixed hash seeds (reproducible inline runs)\n"
	    "      --dump-config      print the effective configuration and exit\n"
	    "      --engine-analysis  write rules_analysis.txt (fast patterns, groups,\n"
	    "                         prefilters, warnings) to the log dir and exit\n"
	    "  -v, --verbose          more log output (repeat for debug)\n"
	    "  -V, --version          print the version and exit\n"
	    "      --build-info       print version and build options and exit\n"
	    "  -h, --help             this text\n"
	    "testing only:\n"
	    "      --worker-delay-us N  slow every detection worker by N us per packet\n",
	    DEFAULT_CONFIG);
}

static void
print_build_info(void)
{
	char pcre2_version[64] = "?";

	pcre2_config(PCRE2_CONFIG_VERSION, pcre2_version);
	printf("quelld %s\n", PACKAGE_VERSION);
	printf("configure: %s\n", QUELL_CONFIGURE_ARGS);
	printf("compiler: %s\n", __VERSION__);
#ifdef QUELL_ASAN
	printf("sanitizers: address, undefined\n");
#endif
#ifdef HAVE_HYPERSCAN
	printf("prefilter: hyperscan %s (default), aho-corasick\n",
	    hs_version());
#else
	printf("prefilter: aho-corasick (built without hyperscan)\n");
#endif
	printf("jansson: %s\n", jansson_version_str());
	printf("pcre2: %s\n", pcre2_version);
	printf("libyaml: %s\n", yaml_get_version_string());
	printf("libpcap: %s\n", pcap_lib_version());
#ifdef HAVE_HIREDIS
	printf("hiredis: yes\n");
#else
	printf("hiredis: no (no redis eve output)\n");
#endif
	/* The directories, as Suricata's --build-info lists them (what
	 * suricata-update reads from it). */
	printf("  --prefix %s\n", QUELL_PREFIX);
	printf("  --sysconfdir %s\n", SYSCONFDIR);
	printf("  --localstatedir %s\n", LOCALSTATEDIR);
}

static int
push(const char ***list, size_t *n, const char *s)
{
	const char **l = realloc(*list, (*n + 1) * sizeof(*l));

	if (l == NULL)
		return -1;
	l[(*n)++] = s;
	*list = l;
	return 0;
}

int
quelld_options_parse(struct quelld_options *o, int argc, char **argv)
{
	int c, rc = 0;

	memset(o, 0, sizeof(*o));
	o->config_path = DEFAULT_CONFIG;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":c:q:l:S:s:r:k:DTvVh", long_options,
	    NULL)) != -1) {
		switch (c) {
		case 'c':
			o->config_path = optarg;
			break;
		case 'q':
			rc |= push(&o->queue_specs, &o->nqueue_specs, optarg);
			break;
		case 'l':
			o->log_dir = optarg;
			break;
		case 'S':
			if (o->exclusive_rules != NULL) {
				fprintf(stderr, "quelld: -S given twice\n");
				return -1;
			}
			o->exclusive_rules = optarg;
			break;
		case 's':
			rc |= push(&o->extra_rules, &o->nextra_rules, optarg);
			break;
		case 'r':
			rc |= push(&o->pcap_files, &o->npcap_files, optarg);
			break;
		case 'k':
			if (strcmp(optarg, "all") == 0)
				o->checksum = 1;
			else if (strcmp(optarg, "none") == 0)
				o->checksum = 2;
			else {
				fprintf(stderr, "quelld: -k: expected all or "
				    "none, not '%s'\n", optarg);
				return -1;
			}
			break;
		case OPT_SIMULATE_IPS:
			o->simulate_ips = true;
			break;
		case 'D':
			o->daemonize = true;
			break;
		case OPT_PIDFILE:
			o->pidfile = optarg;
			break;
		case OPT_INSTANCE:
			if (!instance_name_valid(optarg)) {
				fprintf(stderr, "quelld: --instance: 1 to %d "
				    "letters, digits, '.', '_', '-' or ',', "
				    "not '%s'\n", INSTANCE_NAME_MAX - 1, optarg);
				return -1;
			}
			o->instance = optarg;
			break;
		case OPT_USER:
			o->user = optarg;
			break;
		case OPT_GROUP:
			o->group = optarg;
			break;
		case 'T':
			o->test_config = true;
			break;
		case OPT_SET:
			rc |= push(&o->sets, &o->nsets, optarg);
			break;
		case OPT_INCLUDE:
			rc |= push(&o->includes, &o->nincludes, optarg);
			break;
		case OPT_RUNMODE:
			if (strcmp(optarg, "single") != 0 &&
			    strcmp(optarg, "workers") != 0 &&
			    strcmp(optarg, "autofp") != 0) {
				fprintf(stderr, "quelld: --runmode: expected "
				    "single, workers or autofp, not '%s'\n",
				    optarg);
				return -1;
			}
			o->runmode = optarg;
			break;
		case OPT_INIT_ERRORS_FATAL:
			o->init_errors_fatal = true;
			break;
		case OPT_NO_RANDOM:
			o->no_random = true;
			break;
		case OPT_WORKER_DELAY: {
			char *end;
			unsigned long us;

			errno = 0;
			us = strtoul(optarg, &end, 10);
			if (errno != 0 || *end != '\0' || *optarg == '\0' ||
			    *optarg == '-' || us > 1000000) {
				fprintf(stderr, "quelld: --worker-delay-us: "
				    "not a number of microseconds within "
				    "0..1000000\n");
				return -1;
			}
			o->worker_delay_us = (unsigned)us;
			break;
		}
		case OPT_DUMP_CONFIG:
			o->dump_config = true;
			break;
		case OPT_ENGINE_ANALYSIS:
			o->engine_analysis = true;
			break;
		case 'v':
			o->verbose++;
			break;
		case 'V':
			printf("quelld %s\n", PACKAGE_VERSION);
			return 1;
		case OPT_BUILD_INFO:
			print_build_info();
			return 1;
		case 'h':
			usage(stdout);
			return 1;
		case ':':
			fprintf(stderr, "quelld: option %s needs a value\n",
			    argv[optind - 1]);
			usage(stderr);
			return -1;
		default:
			fprintf(stderr, "quelld: unknown option %s\n",
			    argv[optind - 1]);
			usage(stderr);
			return -1;
		}
	}
	if (rc != 0) {
		fprintf(stderr, "quelld: out of memory\n");
		return -1;
	}
	if (optind < argc) {
		fprintf(stderr, "quelld: unexpected argument '%s'\n",
		    argv[optind]);
		usage(stderr);
		return -1;
	}
	if (o->npcap_files > 0 && o->nqueue_specs > 0) {
		fprintf(stderr, "quelld: -r (offline capture) and -q (inline "
		    "queue) exclude each other\n");
		return -1;
	}
	if (o->npcap_files > 0 && o->daemonize) {
		fprintf(stderr, "quelld: -D makes no sense with -r\n");
		return -1;
	}
	if (o->simulate_ips && o->npcap_files == 0) {
		fprintf(stderr, "quelld: --simulate-ips needs -r\n");
		return -1;
	}
	if (o->group != NULL && o->user == NULL) {
		fprintf(stderr, "quelld: --group needs --user\n");
		return -1;
	}
	if (o->exclusive_rules != NULL && o->nextra_rules > 0) {
		fprintf(stderr, "quelld: -S (only these rules) and -s (more "
		    "rules) exclude each other\n");
		return -1;
	}
	return 0;
}

void
quelld_options_free(struct quelld_options *o)
{
	free(o->extra_rules);
	free(o->queue_specs);
	free(o->sets);
	free(o->includes);
	free(o->pcap_files);
	memset(o, 0, sizeof(*o));
}
