/* quellctl: the control socket client of quelld. Sends one command (or,
 * for `queues -i`, one every interval), prints the reply for humans or,
 * with --json, as received. Exit status: 0 OK, 1 the daemon said NOK,
 * 2 usage, connection or protocol error. */
#include "core/base.h"

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include <jansson.h>

#include "control/client.h"
#include "control/proto.h"
#include "control/render.h"
#include "control/tuple.h"
#include "instance.h"

/* The live queue table repeats its header every this many samples. */
#define QUEUES_HEADER_EVERY	20

#define EXIT_NOK		1
#define EXIT_USAGE		2

struct quellctl {
	const char		*socket;
	bool			 json;
	int			 timeout_ms;	/* -1: wait forever */
	struct control_client	*cl;
};

static int	call(struct quellctl *, const char *, const json_t *,
		    struct control_reply *, char **);
static double	elapsed(const struct timespec *, const struct timespec *);
static int	parse_command_args(const char *, int, char **, bool *,
		    double *, long *, json_t **);
static bool	parse_number(const char *, double, double *);
static int	print_nok(const char *, const struct control_reply *);
static int	run_queues(struct quellctl *, double, long);
static int	run_simple(struct quellctl *, const char *, const json_t *);
static int	run_reload(struct quellctl *);
static void	usage(FILE *);

static void
usage(FILE *fp)
{
	fprintf(fp,
	    "usage: quellctl [-s SOCKET | -I NAME] [-t SECONDS] [--json] COMMAND [ARGS]\n"
	    "\n"
	    "  version                  daemon name and version\n"
	    "  uptime                   time since the daemon started\n"
	    "  command-list             commands the daemon answers\n"
	    "  running-config           the configuration in effect\n"
	    "  counters                 all counters\n"
	    "  queues [-i SECONDS [-c COUNT]]\n"
	    "                           per-queue totals; with -i a live "
	    "table of rates\n"
	    "  reload-rules             reload the rules without stopping; waits\n"
	    "                           for the new engine (quelld builds it on\n"
	    "                           its own thread)\n"
	    "  reload-status            the reload thread's state and last "
	    "result\n"
	    "  bypass-list              bypassed flows\n"
	    "  bypass-add TUPLE         bypass a flow, e.g. "
	    "'tcp 198.18.1.2:1234 -> 198.18.2.2:80'\n"
	    "  shutdown                 stop the daemon\n"
	    "\n"
	    "Other command names are sent as they are.\n"
	    "  -s, --socket SOCKET      control socket\n"
	    "  -I, --instance NAME      the quelld started with --instance NAME\n"
	    "                           (or q0, q0-3, ...: named after its queues)\n"
	    "Without either: the one quelld answering in %s\n"
	    "  -t, --timeout SECONDS    give up waiting for a reply after "
	    "SECONDS\n"
	    "  -j, --json               print replies as the daemon sent "
	    "them\n"
	    "Exit status: 0 OK, 1 the daemon refused (NOK), 2 usage or "
	    "connection error.\n", RUNSTATEDIR "/quell");
}

/* Sends one request; on a transport error prints why and returns -1. */
static int
call(struct quellctl *q, const char *command, const json_t *args,
    struct control_reply *rep, char **raw)
{
	char err[CONTROL_PROTO_ERR_MAX];

	if (q->cl == NULL &&
	    (q->cl = control_client_connect(q->socket, err,
	    sizeof(err))) == NULL) {
		fprintf(stderr, "quellctl: %s\n", err);
		return -1;
	}
	if (control_client_call(q->cl, command, args, q->timeout_ms, rep, raw,
	    err, sizeof(err)) == -1) {
		fprintf(stderr, "quellctl: %s\n", err);
		return -1;
	}
	return 0;
}

static int
print_nok(const char *command, const struct control_reply *rep)
{
	char *s;

	if (json_is_string(rep->message))
		fprintf(stderr, "quellctl: %s: %s\n", command,
		    json_string_value(rep->message));
	else if ((s = json_dumps(rep->message, JSON_ENCODE_ANY |
	    JSON_COMPACT)) != NULL) {
		fprintf(stderr, "quellctl: %s: %s\n", command, s);
		free(s);
	}
	return EXIT_NOK;
}

static int
run_simple(struct quellctl *q, const char *command, const json_t *args)
{
	struct control_reply rep;
	char *raw = NULL;
	int rc;

	if (call(q, command, args, &rep, &raw) == -1)
		return EXIT_USAGE;
	if (q->json)
		printf("%s\n", raw);
	if (!rep.ok)
		rc = q->json ? EXIT_NOK : print_nok(command, &rep);
	else {
		if (!q->json)
			control_render_reply(stdout, command, rep.message);
		rc = 0;
	}
	free(raw);
	control_proto_reply_free(&rep);
	return rc;
}

/* reload-rules: quelld answers at once with the reload's id and builds
 * on its reload thread; this polls reload-status until that reload is
 * done, then prints its result. Exit 1 when the daemon refused (a reload
 * runs already) or the new rules failed (the old ones stay). -t bounds
 * the whole wait. */
static int
run_reload(struct quellctl *q)
{
	struct control_reply rep;
	struct timespec t0, now;
	char *raw = NULL;
	json_int_t id;
	int rc = EXIT_USAGE;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	if (call(q, "reload-rules", NULL, &rep, &raw) == -1)
		return EXIT_USAGE;
	if (!rep.ok) {
		if (q->json)
			printf("%s\n", raw);
		rc = q->json ? EXIT_NOK : print_nok("reload-rules", &rep);
		goto done;
	}
	id = json_integer_value(json_object_get(rep.message, "id"));
	for (;;) {
		json_t *m;

		free(raw);
		raw = NULL;
		control_proto_reply_free(&rep);
		if (call(q, "reload-status", NULL, &rep, &raw) == -1)
			return EXIT_USAGE;
		m = rep.message;
		if (rep.ok && json_integer_value(json_object_get(m, "done")) >=
		    id) {
			const char *msg = json_string_value(json_object_get(m,
			    "message"));
			bool ok = json_is_true(json_object_get(m, "ok"));

			if (q->json)
				printf("%s\n", raw);
			else if (ok)
				printf("%s\n", msg != NULL ? msg : "");
			else
				fprintf(stderr, "quellctl: reload-rules: %s\n",
				    msg != NULL ? msg : "failed");
			rc = ok ? 0 : EXIT_NOK;
			goto done;
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (q->timeout_ms >= 0 && elapsed(&t0, &now) * 1000 >
		    q->timeout_ms) {
			fprintf(stderr, "quellctl: reload-rules: reload %lld "
			    "still building after the timeout\n",
			    (long long)id);
			goto done;
		}
		nanosleep(&(struct timespec){ 0, 100 * 1000000L }, NULL);
	}
done:
	free(raw);
	control_proto_reply_free(&rep);
	return rc;
}

static double
elapsed(const struct timespec *a, const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) +
	    (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

/* `queues -i`: polls every interval; human output is a table of rates
 * between consecutive samples (the first sample is the baseline), JSON
 * output every reply. count 0: until interrupted. */
static int
run_queues(struct quellctl *q, double interval, long count)
{
	struct timespec next, then = { 0 }, now;
	json_t *prev = NULL;
	long shown = 0;
	int rc = 0;

	clock_gettime(CLOCK_MONOTONIC, &next);
	for (;;) {
		struct control_reply rep;
		char *raw = NULL;

		if (call(q, "queues", NULL, &rep, &raw) == -1) {
			rc = EXIT_USAGE;
			break;
		}
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (!rep.ok) {
			if (q->json)
				printf("%s\n", raw);
			rc = q->json ? EXIT_NOK : print_nok("queues", &rep);
			free(raw);
			control_proto_reply_free(&rep);
			break;
		}
		if (q->json) {
			printf("%s\n", raw);
			shown++;
		} else if (prev == NULL)
			control_render_queues_header(stdout);
		else {
			if (shown > 0 && shown % QUEUES_HEADER_EVERY == 0)
				control_render_queues_header(stdout);
			if (control_render_queues_rates(stdout, prev,
			    rep.message, elapsed(&then, &now)) == -1) {
				fprintf(stderr, "quellctl: queues: unexpected "
				    "reply\n");
				rc = EXIT_USAGE;
			}
			shown++;
		}
		fflush(stdout);
		free(raw);
		json_decref(prev);
		prev = rep.message;
		then = now;
		if (rc != 0 || (count > 0 && shown >= count))
			break;
		next.tv_sec += (time_t)interval;
		next.tv_nsec += (long)((interval - (double)(time_t)interval) *
		    1e9);
		if (next.tv_nsec >= 1000000000L) {
			next.tv_sec++;
			next.tv_nsec -= 1000000000L;
		}
		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next,
		    NULL) == EINTR)
			continue;
	}
	json_decref(prev);
	return rc;
}

static bool
parse_number(const char *s, double min, double *v)
{
	char *end;

	errno = 0;
	*v = strtod(s, &end);
	return errno == 0 && end != s && *end == '\0' && *v >= min &&
	    *v <= 86400.0 * 365;
}

/* Reads what follows the command name: --json anywhere, -i/-c for
 * queues, the tuple words for bypass-add. Returns 0, or -1 after printing
 * a usage error. */
static int
parse_command_args(const char *command, int argc, char **argv, bool *json,
    double *interval, long *count, json_t **args)
{
	struct control_tuple t;
	char tuple[512] = "", err[256];
	size_t tlen = 0;
	double v;
	bool queues = strcmp(command, "queues") == 0;
	bool bypass_add = strcmp(command, "bypass-add") == 0;

	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (strcmp(a, "--json") == 0 || strcmp(a, "-j") == 0)
			*json = true;
		else if (queues && (strcmp(a, "-i") == 0 ||
		    strcmp(a, "-c") == 0)) {
			if (i + 1 == argc) {
				fprintf(stderr, "quellctl: %s needs a "
				    "value\n", a);
				return -1;
			}
			if (a[1] == 'i' && !parse_number(argv[i + 1], 0.1,
			    interval)) {
				fprintf(stderr, "quellctl: -i: not an interval "
				    "in seconds (0.1 or more): %s\n",
				    argv[i + 1]);
				return -1;
			}
			if (a[1] == 'c') {
				if (!parse_number(argv[i + 1], 1, &v) ||
				    v != (double)(long)v) {
					fprintf(stderr, "quellctl: -c: not a "
					    "count: %s\n", argv[i + 1]);
					return -1;
				}
				*count = (long)v;
			}
			i++;
		} else if (bypass_add) {
			int n = snprintf(tuple + tlen, sizeof(tuple) - tlen,
			    "%s%s", tlen > 0 ? " " : "", a);

			if (n < 0 || (size_t)n >= sizeof(tuple) - tlen) {
				fprintf(stderr, "quellctl: tuple too long\n");
				return -1;
			}
			tlen += (size_t)n;
		} else {
			fprintf(stderr, "quellctl: %s: unexpected argument "
			    "'%s'\n", command, a);
			return -1;
		}
	}
	if (*count > 0 && *interval == 0) {
		fprintf(stderr, "quellctl: -c needs -i\n");
		return -1;
	}
	if (bypass_add) {
		if (tuple[0] == '\0') {
			fprintf(stderr, "quellctl: bypass-add needs a tuple, "
			    "e.g. 'tcp 198.18.1.2:1234 -> 198.18.2.2:80'\n");
			return -1;
		}
		if (control_tuple_parse(tuple, &t, err, sizeof(err)) == -1) {
			fprintf(stderr, "quellctl: bypass-add: %s\n", err);
			return -1;
		}
		if ((*args = control_tuple_to_json(&t)) == NULL) {
			fprintf(stderr, "quellctl: out of memory\n");
			return -1;
		}
	}
	return 0;
}

/* The socket when neither -s nor -I is given: quell.socket if it is
 * there, else the one quell-NAME.socket of the run directory. Several
 * are an error that lists them. */
static int
default_socket(char *buf, size_t len)
{
	char dir[512], names[512] = "";
	struct dirent *de;
	size_t found = 0;
	DIR *d;

	instance_socket_path("", buf, len);
	if (access(buf, F_OK) == 0)
		return 0;
	instance_rundir(dir, sizeof(dir));
	if ((d = opendir(dir)) == NULL)
		return 0;	/* the connect error names the path */
	while ((de = readdir(d)) != NULL) {
		size_t n = strlen(de->d_name);

		if (strncmp(de->d_name, "quell-", 6) != 0 || n < 14 ||
		    strcmp(de->d_name + n - 7, ".socket") != 0)
			continue;
		if (found++ == 0)
			snprintf(buf, len, "%s/%s", dir, de->d_name);
		strncat(names, " ", sizeof(names) - strlen(names) - 1);
		strncat(names, de->d_name + 6, sizeof(names) - strlen(names) -
		    1);
		names[strlen(names) - 7] = '\0';
	}
	closedir(d);
	if (found > 1) {
		fprintf(stderr, "quellctl: %zu quelld instances answer in %s:%s;"
		    " choose one with -I NAME (or -s SOCKET)\n", found, dir,
		    names);
		return -1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "json", no_argument, NULL, 'j' },
		{ "socket", required_argument, NULL, 's' },
		{ "instance", required_argument, NULL, 'I' },
		{ "timeout", required_argument, NULL, 't' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	struct quellctl q = { NULL, false, -1, NULL };
	char sockbuf[1024];
	const char *command;
	json_t *args = NULL;
	double interval = 0, secs;
	long count = 0;
	int ch, rc;

	opterr = 0;
	while ((ch = getopt_long(argc, argv, "+hI:js:t:V", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'h':
			usage(stdout);
			return 0;
		case 'j':
			q.json = true;
			break;
		case 's':
			q.socket = optarg;
			break;
		case 'I':
			if (!instance_name_valid(optarg)) {
				fprintf(stderr, "quellctl: -I: not an instance "
				    "name: %s\n", optarg);
				return EXIT_USAGE;
			}
			instance_socket_path(optarg, sockbuf, sizeof(sockbuf));
			q.socket = sockbuf;
			break;
		case 't':
			if (!parse_number(optarg, 0.001, &secs)) {
				fprintf(stderr, "quellctl: -t: not a number "
				    "of seconds: %s\n", optarg);
				return EXIT_USAGE;
			}
			q.timeout_ms = (int)(secs * 1000);
			break;
		case 'V':
			printf("quellctl %s\n", PACKAGE_VERSION);
			return 0;
		default:
			if (optopt != 0 && strchr("Ist", optopt) != NULL)
				fprintf(stderr, "quellctl: -%c needs a value\n",
				    optopt);
			else
				fprintf(stderr, "quellctl: unknown option "
				    "'%s'\n", argv[optind - 1]);
			usage(stderr);
			return EXIT_USAGE;
		}
	}
	if (optind == argc) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if (q.socket == NULL) {
		if (default_socket(sockbuf, sizeof(sockbuf)) == -1)
			return EXIT_USAGE;
		q.socket = sockbuf;
	}
	command = argv[optind];
	if (parse_command_args(command, argc - optind - 1, argv + optind + 1,
	    &q.json, &interval, &count, &args) == -1)
		return EXIT_USAGE;

	if (interval > 0)
		rc = run_queues(&q, interval, count);
	else if (strcmp(command, "reload-rules") == 0)
		rc = run_reload(&q);
	else
		rc = run_simple(&q, command, args);
	json_decref(args);
	control_client_close(q.cl);
	return rc;
}
