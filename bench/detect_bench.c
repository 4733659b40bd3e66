/* detect-bench: the per-packet cost of detection on a capture.
 *
 * Usage: detect-bench -r FILE.pcap [-s RULES] [--mpm ac|hs|auto]
 *                     [--mpm-context auto|single|full] [--rounds N]
 *
 * Reads the whole capture (Ethernet, as bench/gen-traffic writes it) into
 * memory, loads and builds the rules (timed: parse, then engine build),
 * then for each round runs every packet through the worker's path:
 * decode_packet() and pipeline_packet() (flow tracking, TCP stream
 * reassembly, detection; a fresh pipeline per round, with the default
 * configuration in IPS mode). A second pass with a pipeline without
 * detection gives the cost of decode, flow tracking and reassembly
 * alone (decode_flow_ns), so detection's own share is the difference.
 * Without -s the engine has no rule: the 0-rule baseline.
 *
 * Prints one line of key=value pairs (ns per packet, best round). Rule
 * variables: HOME_NET is the capture's servers (198.19.0.0/16,
 * 2001:2:0:2::/64), EXTERNAL_NET the rest, HTTP_PORTS 80 and 8080.
 */
#include "core/base.h"

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <time.h>

#include <pcap/pcap.h>

#include "config/config.h"
#include "core/diag.h"
#include "core/packet.h"
#include "decode/decode.h"
#include "detect/engine.h"
#include "pipeline/pipeline.h"
#include "rules/ruleset.h"
#include "rules/vars.h"

#define BENCH_ETH_HDR	14

struct frame {
	const uint8_t	*data;		/* the IP header */
	uint32_t	 len;
	uint32_t	 wire_len;
	struct timespec	 ts;
};

struct capture {
	struct frame	*frames;
	size_t		 n;
	size_t		 cap;
	uint8_t		*bytes;
	size_t		 nbytes;
	size_t		 bytes_cap;
};

static double	bench_now(void);
static int	bench_read(const char *, struct capture *);
static struct detect_engine *bench_engine(const char *, const char *, const char *,
		    double *, double *, size_t *);
static double	bench_round(const struct capture *, struct detect_thread *,
		    uint64_t *);
static void	usage(void);

static double
bench_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Loads every IPv4/IPv6 frame of path; the offsets into c->bytes are
 * turned into pointers once the buffer stops moving. */
static int
bench_read(const char *path, struct capture *c)
{
	char err[PCAP_ERRBUF_SIZE];
	struct pcap_pkthdr *h;
	const u_char *d;
	pcap_t *pc;
	int rc;

	if ((pc = pcap_open_offline(path, err)) == NULL) {
		fprintf(stderr, "detect-bench: %s\n", err);
		return -1;
	}
	while ((rc = pcap_next_ex(pc, &h, &d)) == 1) {
		uint16_t type;

		if (h->caplen <= BENCH_ETH_HDR)
			continue;
		type = (uint16_t)(d[12] << 8 | d[13]);
		if (type != 0x0800 && type != 0x86dd)
			continue;
		if (c->n == c->cap) {
			size_t ncap = c->cap ? c->cap * 2 : 4096;
			struct frame *f = realloc(c->frames,
			    ncap * sizeof(*f));

			if (f == NULL)
				goto nomem;
			c->frames = f;
			c->cap = ncap;
		}
		if (c->nbytes + h->caplen > c->bytes_cap) {
			size_t ncap = c->bytes_cap ? c->bytes_cap * 2 :
			    (size_t)1 << 24;
			uint8_t *b;

			while (ncap < c->nbytes + h->caplen)
				ncap *= 2;
			if ((b = realloc(c->bytes, ncap)) == NULL)
				goto nomem;
			c->bytes = b;
			c->bytes_cap = ncap;
		}
		memcpy(c->bytes + c->nbytes, d + BENCH_ETH_HDR,
		    h->caplen - BENCH_ETH_HDR);
		c->frames[c->n].data = (const uint8_t *)(uintptr_t)c->nbytes;
		c->frames[c->n].len = h->caplen - BENCH_ETH_HDR;
		c->frames[c->n].wire_len = h->len - BENCH_ETH_HDR;
		c->frames[c->n].ts.tv_sec = h->ts.tv_sec;
		c->frames[c->n].ts.tv_nsec = (long)h->ts.tv_usec * 1000;
		c->n++;
		c->nbytes += h->caplen - BENCH_ETH_HDR;
	}
	pcap_close(pc);
	for (size_t i = 0; i < c->n; i++)
		c->frames[i].data = c->bytes + (uintptr_t)c->frames[i].data;
	return 0;
nomem:
	fprintf(stderr, "detect-bench: out of memory\n");
	pcap_close(pc);
	return -1;
}

/* The engine for rules (NULL: none); times in seconds. */
static struct detect_engine *
bench_engine(const char *rules, const char *mpm, const char *ctx,
    double *t_parse, double *t_build, size_t *loaded)
{
	struct detect_engine_opts o;
	struct detect_engine *de;
	struct rules_vars *vars = rules_vars_new();
	struct ruleset *rs = rules_ruleset_new();
	struct rules_stats st;
	struct diag_list dl;
	double t0;

	diag_list_init(&dl);
	if (vars == NULL || rs == NULL ||
	    rules_vars_set(vars, "HOME_NET",
	    "[198.19.0.0/16,2001:2:0:2::/64]") == -1 ||
	    rules_vars_set(vars, "EXTERNAL_NET", "!$HOME_NET") == -1 ||
	    rules_vars_set(vars, "HTTP_PORTS", "[80,8080]") == -1) {
		fprintf(stderr, "detect-bench: out of memory\n");
		exit(1);
	}
	t0 = bench_now();
	if (rules != NULL && rules_load_file(rs, rules, vars, &dl) == -1) {
		diag_list_print(&dl, stderr);
		exit(1);
	}
	*t_parse = bench_now() - t0;
	rules_ruleset_stats(rs, &st);
	*loaded = st.loaded;
	if (st.failed > 0 || st.unsupported > 0)
		fprintf(stderr, "detect-bench: %zu rules failed, %zu "
		    "unsupported\n", st.failed, st.unsupported);
	detect_engine_opts_default(&o);
	o.mpm = mpm;
	o.mpm_context = strcmp(ctx, "single") == 0 ?
	    DETECT_MPM_CONTEXT_SINGLE : strcmp(ctx, "full") == 0 ?
	    DETECT_MPM_CONTEXT_FULL : DETECT_MPM_CONTEXT_AUTO;
	t0 = bench_now();
	de = detect_engine_build_opts(rs, &o, &dl);
	*t_build = bench_now() - t0;
	if (de == NULL) {
		diag_list_print(&dl, stderr);
		exit(1);
	}
	rules_vars_free(vars);
	diag_list_free(&dl);
	return de;
}

/* One pass over the capture; dt NULL: decode, flows and streams only.
 * Seconds. */
static double
bench_round(const struct capture *c, struct detect_thread *dt,
    uint64_t *alerts)
{
	struct quell_config *cfg;
	struct pipeline_config pc;
	struct stream_hostos *hosts;
	struct pipeline *pl;
	struct pipeline_result res;
	struct packet p;
	char err[256];
	double t0, t;

	if ((cfg = config_new()) == NULL || pipeline_config_init(&pc, cfg,
	    true, false, 1, &hosts, err, sizeof(err)) == -1 ||
	    (pl = pipeline_new(&pc, dt, 1)) == NULL) {
		fprintf(stderr, "detect-bench: pipeline: %s\n",
		    strerror(errno));
		exit(1);
	}
	t0 = bench_now();
	for (size_t i = 0; i < c->n; i++) {
		memset(&p, 0, sizeof(p));
		p.data = c->frames[i].data;
		p.len = c->frames[i].len;
		p.wire_len = c->frames[i].wire_len;
		p.ts = c->frames[i].ts;
		if (decode_packet(&p) == -1)
			continue;
		pipeline_packet(pl, &p, &res);
		*alerts += res.det.nalerts;
	}
	t = bench_now() - t0;
	(void)flow_table_flush(pipeline_flows(pl), NULL, NULL);
	pipeline_free(pl);
	stream_hostos_free(hosts);
	config_free(cfg);
	return t;
}

static void
usage(void)
{
	fprintf(stderr, "usage: detect-bench -r FILE.pcap [-s RULES] "
	    "[--mpm ac|hs|auto] [--mpm-context auto|single|full] "
	    "[--rounds N]\n");
	exit(2);
}

int
main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "read", required_argument, NULL, 'r' },
		{ "rules", required_argument, NULL, 's' },
		{ "mpm", required_argument, NULL, 'm' },
		{ "rounds", required_argument, NULL, 'n' },
		{ "mpm-context", required_argument, NULL, 'c' },
		{ NULL, 0, NULL, 0 },
	};
	struct capture cap;
	struct detect_engine *de;
	struct detect_thread *dt;
	struct detect_stats st;
	struct detect_engine_info info;
	const char *pcap = NULL, *rules = NULL, *mpm = "auto", *ctx = "auto";
	double t_parse, t_build, best_base = 1e30, best_full = 1e30;
	uint64_t alerts = 0;
	size_t loaded = 0;
	char *end;
	int rounds = 5, ch;

	while ((ch = getopt_long(argc, argv, "r:s:m:n:c:", longopts, NULL)) !=
	    -1) {
		switch (ch) {
		case 'r':
			pcap = optarg;
			break;
		case 's':
			rules = optarg;
			break;
		case 'm':
			mpm = optarg;
			break;
		case 'c':
			ctx = optarg;
			break;
		case 'n':
			errno = 0;
			rounds = (int)strtol(optarg, &end, 10);
			if (errno != 0 || *end != '\0' || rounds < 1 ||
			    rounds > 1000)
				usage();
			break;
		default:
			usage();
		}
	}
	if (pcap == NULL || optind != argc)
		usage();
	memset(&cap, 0, sizeof(cap));
	if (bench_read(pcap, &cap) == -1 || cap.n == 0)
		return 1;
	de = bench_engine(rules, mpm, ctx, &t_parse, &t_build, &loaded);
	if ((dt = detect_thread_new(de)) == NULL) {
		fprintf(stderr, "detect-bench: out of memory\n");
		return 1;
	}
	for (int r = 0; r < rounds; r++) {
		double base = bench_round(&cap, NULL, &alerts);
		double full;

		alerts = 0;
		full = bench_round(&cap, dt, &alerts);
		if (base < best_base)
			best_base = base;
		if (full < best_full)
			best_full = full;
	}
	detect_thread_stats(dt, &st);
	detect_engine_info(de, &info);
	printf("rules=%zu mpm=%s context=%s packets=%zu groups=%zu matchers=%zu "
	    "patterns=%zu load_s=%.3f (parse %.3f build %.3f) "
	    "decode_flow_ns=%.0f total_ns=%.0f detect_ns=%.0f "
	    "ratio_to_decode_flow=%.2f alerts=%llu candidates_per_pkt=%.2f "
	    "checked_per_pkt=%.2f\n", loaded, detect_engine_mpm_name(de),
	    info.mpm_context,
	    cap.n, info.groups, info.prefilters, info.patterns,
	    t_parse + t_build, t_parse, t_build,
	    best_base * 1e9 / (double)cap.n, best_full * 1e9 / (double)cap.n,
	    (best_full - best_base) * 1e9 / (double)cap.n,
	    best_full / best_base, (unsigned long long)alerts,
	    (double)st.candidates / (double)st.packets,
	    (double)st.rules_checked / (double)st.packets);
	detect_thread_free(dt);
	detect_engine_free(de);
	free(cap.frames);
	free(cap.bytes);
	return 0;
}
