/* bypass_probe: drives lib/bypass on its own for the lab test
 * t_bypass_ct.sh. Run it in the namespace whose conntrack table holds
 * the traffic (the ips). It opens the bypass manager (ctnetlink,
 * nf_conntrack_acct), starts it (restoring marked entries), waits for a
 * tuple in a file, bypasses that flow through the control path and
 * reports on stdout, one line per event:
 *
 *   ready restored=N
 *   marked ct_id=ID
 *   baseline to_server_pkts=P to_server_bytes=B to_client_pkts=P
 *       to_client_bytes=B (one line: conntrack's counters at the mark)
 *   ct orig_pkts=P orig_bytes=B reply_pkts=P reply_bytes=B (a GET just
 *       after)
 *   poll to_server_pkts=P to_server_bytes=B to_client_pkts=P to_client_bytes=B
 *   record reason=R final=0|1 restored=0|1 ct_id=ID to_server_pkts=P
 *       to_server_bytes=B to_client_pkts=P to_client_bytes=B (one line)
 *   stats bypassed=N destroyed=N timeouts=N shutdown=N polls=N restored=N
 *       events_lost=N ct_mark_failed=N active=N acct=0|1 handed_over=N
 *       (one line)
 *
 * It exits 0 after the first record (or, with -n, after SIGTERM and the
 * final collection), 1 on a timeout or an error. Logs go to stderr.
 *
 * usage: bypass_probe [-n] [-p poll-seconds] [-t timeout-seconds]
 *            [-m mark/mask] [-M conntrack|mark] [-R split|whole]
 *            [-f tuple-file]
 *   -f   file to wait for, holding "tcp SRC:PORT -> DST:PORT"; without
 *        -f nothing is bypassed (restore and records only)
 *   -n   do not exit after the first record: run until SIGTERM */
#include "core/base.h"

#include <errno.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "bypass/config.h"
#include "bypass/conntrack.h"
#include "bypass/key.h"
#include "bypass/manager.h"
#include "control/tuple.h"
#include "core/log.h"
#include "flow/flow.h"

static volatile sig_atomic_t quit;
static unsigned int nrecords;

static void
on_signal(int sig)
{
	(void)sig;
	quit = 1;
}

static void
usage(void)
{
	fprintf(stderr, "usage: bypass_probe [-n] [-p poll] [-t timeout] "
	    "[-m mark/mask] [-M conntrack|mark] [-f tuple-file]\n");
	exit(2);
}

static void
record(struct flow *f, const struct bypass_flow_counters *c,
    const char *reason, void *arg)
{
	(void)f;
	(void)arg;
	printf("record reason=%s final=%d restored=%d ct_id=%" PRIu32
	    " to_server_pkts=%" PRIu64 " to_server_bytes=%" PRIu64
	    " to_client_pkts=%" PRIu64 " to_client_bytes=%" PRIu64 "\n",
	    reason, c->final, c->restored, c->ct_id,
	    c->pkts[FLOW_DIR_TO_SERVER], c->bytes[FLOW_DIR_TO_SERVER],
	    c->pkts[FLOW_DIR_TO_CLIENT], c->bytes[FLOW_DIR_TO_CLIENT]);
	fflush(stdout);
	__atomic_add_fetch(&nrecords, 1, __ATOMIC_RELEASE);
}

struct seen {
	bool		 found;
	struct bypass_flow_info info;
};

static void
list_one(const struct bypass_flow_info *info, void *arg)
{
	struct seen *s = arg;

	s->found = true;
	s->info = *info;
}

/* The tuple file's first line, once it exists. */
static int
read_tuple(const char *path, struct bypass_key *key)
{
	struct control_tuple t;
	char line[256], err[128];
	FILE *fp;

	if ((fp = fopen(path, "r")) == NULL)
		return -1;
	if (fgets(line, sizeof(line), fp) == NULL) {
		fclose(fp);
		return -1;
	}
	fclose(fp);
	line[strcspn(line, "\n")] = '\0';
	if (control_tuple_parse(line, &t, err, sizeof(err)) == -1) {
		fprintf(stderr, "bypass_probe: %s: %s\n", path, err);
		exit(1);
	}
	memset(key, 0, sizeof(*key));
	key->src = t.src;
	key->dst = t.dst;
	key->sport = t.sport;
	key->dport = t.dport;
	key->proto = t.proto;
	return 0;
}

static void
print_stats(const struct bypass_manager *m)
{
	struct bypass_stats st;

	bypass_manager_stats(m, &st);
	printf("stats bypassed=%" PRIu64 " destroyed=%" PRIu64 " timeouts=%"
	    PRIu64 " shutdown=%" PRIu64 " polls=%" PRIu64 " restored=%" PRIu64
	    " events_lost=%" PRIu64 " ct_mark_failed=%" PRIu64 " active=%"
	    PRIu64 " acct=%" PRIu64 " handed_over=%" PRIu64 "\n", st.bypassed,
	    st.destroyed, st.timeouts, st.shutdown, st.polls, st.restored,
	    st.events_lost, st.ct_mark_failed, st.active, st.acct,
	    st.handed_over);
}

int
main(int argc, char **argv)
{
	struct bypass_config cfg;
	struct bypass_manager *m;
	struct bypass_conntrack *ct;
	struct bypass_key key;
	struct bypass_stats st;
	struct timespec tick = { 0, 100 * 1000 * 1000 };
	struct seen s, last;
	const char *tuple_file = NULL;
	unsigned long timeout = 60, ticks;
	bool linger = false, submitted = false, marked = false;
	uint64_t pkts[2], bytes[2];
	char *end;
	int ch, rc = 1;

	bypass_config_default(&cfg);
	cfg.max_flows = 64;
	while ((ch = getopt(argc, argv, "f:m:M:np:R:t:")) != -1) {
		switch (ch) {
		case 'f':
			tuple_file = optarg;
			break;
		case 'm':
			cfg.mark = (uint32_t)strtoul(optarg, &end, 0);
			if (*end != '/')
				usage();
			cfg.mask = (uint32_t)strtoul(end + 1, &end, 0);
			break;
		case 'M':
			cfg.method = strcmp(optarg, "mark") == 0 ?
			    BYPASS_METHOD_MARK : BYPASS_METHOD_CONNTRACK;
			break;
		case 'n':
			linger = true;
			break;
		case 'p':
			cfg.poll_interval = (uint32_t)strtoul(optarg, NULL, 10);
			break;
		case 'R':
			cfg.restart = strcmp(optarg, "whole") == 0 ?
			    BYPASS_RESTART_WHOLE : BYPASS_RESTART_SPLIT;
			break;
		case 't':
			timeout = strtoul(optarg, NULL, 10);
			break;
		default:
			usage();
		}
	}
	if (bypass_config_check(&cfg) != NULL) {
		fprintf(stderr, "bypass_probe: %s\n", bypass_config_check(&cfg));
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	log_init(LOG_LEVEL_DEBUG);
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);

	if ((m = bypass_manager_new(&cfg, 1, record, NULL, NULL)) == NULL) {
		fprintf(stderr, "bypass_probe: bypass_manager_new: %s\n",
		    strerror(errno));
		return 1;
	}
	/* A second handle of the module for the baseline reading. */
	if ((ct = bypass_conntrack_open(0, 0, 0)) == NULL) {
		fprintf(stderr, "bypass_probe: bypass_conntrack_open: %s\n",
		    strerror(errno));
		goto done;
	}
	if (bypass_manager_start(m) == -1) {
		fprintf(stderr, "bypass_probe: start: %s\n", strerror(errno));
		goto done;
	}
	bypass_manager_stats(m, &st);
	printf("ready restored=%" PRIu64 "\n", st.restored);

	memset(&last, 0, sizeof(last));
	for (ticks = 0; !quit && ticks < timeout * 10; ticks++) {
		nanosleep(&tick, NULL);
		if (!linger && __atomic_load_n(&nrecords, __ATOMIC_ACQUIRE) > 0)
			break;
		if (tuple_file != NULL && !submitted &&
		    read_tuple(tuple_file, &key) == 0) {
			if (bypass_manager_submit_key(m, &key,
			    BYPASS_WHY_CONTROL) == -1) {
				fprintf(stderr, "bypass_probe: submit: %s\n",
				    strerror(errno));
				goto done;
			}
			submitted = true;
		}
		memset(&s, 0, sizeof(s));
		(void)bypass_manager_list(m, list_one, &s, 1);
		if (!s.found)
			continue;
		if (!marked && !s.info.pending) {
			marked = true;
			printf("marked ct_id=%" PRIu32 "\n", s.info.ct_id);
			printf("baseline to_server_pkts=%" PRIu64
			    " to_server_bytes=%" PRIu64 " to_client_pkts=%"
			    PRIu64 " to_client_bytes=%" PRIu64 "\n",
			    s.info.base_pkts[0], s.info.base_bytes[0],
			    s.info.base_pkts[1], s.info.base_bytes[1]);
			/* the module's own reading, for comparison */
			if (bypass_conntrack_get_counters(ct, &s.info.key, pkts,
			    bytes) == 0)
				printf("ct orig_pkts=%" PRIu64
				    " orig_bytes=%" PRIu64 " reply_pkts=%" PRIu64
				    " reply_bytes=%" PRIu64 "\n", pkts[0],
				    bytes[0], pkts[1], bytes[1]);
		}
		if (memcmp(s.info.pkts, last.info.pkts, sizeof(s.info.pkts)) != 0 ||
		    memcmp(s.info.bytes, last.info.bytes,
		    sizeof(s.info.bytes)) != 0)
			printf("poll to_server_pkts=%" PRIu64 " to_server_bytes=%"
			    PRIu64 " to_client_pkts=%" PRIu64 " to_client_bytes=%"
			    PRIu64 "\n", s.info.pkts[0], s.info.bytes[0],
			    s.info.pkts[1], s.info.bytes[1]);
		last = s;
	}
	if (ticks >= timeout * 10)
		fprintf(stderr, "bypass_probe: timed out after %lu s\n",
		    timeout);
	else
		rc = 0;
	bypass_manager_stop(m);
	print_stats(m);
done:
	bypass_conntrack_close(ct);
	bypass_manager_free(m);
	return rc;
}
