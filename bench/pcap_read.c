/* bench/pcap_read: the cost of the offline reader alone (quelld -r's
 * pcap thread without decode and rings), per GB of a capture, for the
 * ways lib/capture/pcap can deliver a record:
 *
 *	libpcap	libpcap's pcap_next_ex, then a copy into an 8 MiB arena
 *		(what a ring push does with it)
 *	copy	the block reader, then the same copy
 *	lent	the block reader, records lent (no copy; one byte of each
 *		read, so its page is touched as a worker would)
 *
 * The arena is allocated afresh for each run, as quelld's ring arenas
 * are per process, and so is the block reader's buffer: both first
 * touches are in the figures. The modes run interleaved, RUNS rounds;
 * CPU time from getrusage (user + system, microseconds). The capture
 * should be in the page cache (the first round warms it).
 *
 *	bench/pcap_read [-r RUNS] CAPTURE
 */
#include "core/base.h"

#include <sys/resource.h>

#include <errno.h>
#include <stdio.h>
#include <unistd.h>

#include "capture/pcap.h"

#define ARENA	(8u << 20)
#define MODES	3
#define MAXRUNS	64

static const char *const mode_names[MODES] = { "libpcap", "copy", "lent" };

static double	cpu_now(void);
static int	run(const char *path, int mode, uint64_t *bytes, double *cpu);
static int	dbl_cmp(const void *, const void *);

static double
cpu_now(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	    (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

static int
run(const char *path, int mode, uint64_t *bytes, double *cpu)
{
	uint8_t *arena;
	struct capture_pcap *cp;
	struct packet p;
	char err[512];
	double t0 = cpu_now();
	size_t at = 0;
	unsigned sum = 0;
	int rc;

	if ((arena = malloc(ARENA)) == NULL) {
		fprintf(stderr, "pcap_read: out of memory\n");
		return -1;
	}
	arena[0] = 0;
	cp = capture_pcap_open_with(path, mode == 0 ?
	    CAPTURE_PCAP_READER_LIBPCAP : CAPTURE_PCAP_READER_AUTO, err,
	    sizeof(err));
	if (cp == NULL) {
		fprintf(stderr, "pcap_read: %s\n", err);
		free(arena);
		return -1;
	}
	if (mode == 2 && !capture_pcap_lend(cp)) {
		fprintf(stderr, "pcap_read: %s: not read by the block reader\n",
		    path);
		capture_pcap_close(cp);
		free(arena);
		return -1;
	}
	*bytes = 0;
	while ((rc = capture_pcap_next(cp, &p, err, sizeof(err))) == 1 ||
	    rc == CAPTURE_PCAP_AGAIN) {
		if (rc == CAPTURE_PCAP_AGAIN) {
			/* nothing is held here: give all back */
			capture_pcap_release(cp, capture_pcap_offset_next(cp));
			continue;
		}
		*bytes += p.len;
		if (mode == 2) {
			sum += p.len > 0 ? p.data[p.len - 1] : 0;
			continue;
		}
		if (at + p.len > ARENA)
			at = 0;
		memcpy(arena + at, p.data, p.len);
		at += p.len;
	}
	capture_pcap_close(cp);
	/* keep the reads */
	if ((sum & arena[at / 2] & 0x100) != 0)
		fputc('\n', stderr);
	free(arena);
	*cpu = cpu_now() - t0;
	if (rc == -1)
		fprintf(stderr, "pcap_read: %s\n", err);
	return rc == -1 ? -1 : 0;
}

static int
dbl_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int
main(int argc, char **argv)
{
	double per_gb[MODES][MAXRUNS];
	uint64_t bytes = 0;
	int runs = 5, ch;

	while ((ch = getopt(argc, argv, "r:")) != -1) {
		if (ch == 'r' && (runs = (int)strtol(optarg, NULL, 10)) >= 1 &&
		    runs <= MAXRUNS)
			continue;
		fprintf(stderr, "usage: pcap_read [-r RUNS (1-%d)] CAPTURE\n",
		    MAXRUNS);
		return 2;
	}
	if (optind + 1 != argc) {
		fprintf(stderr, "usage: pcap_read [-r RUNS] CAPTURE\n");
		return 2;
	}
	/* warm the page cache */
	{
		double cpu;

		if (run(argv[optind], 1, &bytes, &cpu) == -1)
			return 1;
	}
	for (int r = 0; r < runs; r++)
		for (int m = 0; m < MODES; m++) {
			double cpu;

			if (run(argv[optind], m, &bytes, &cpu) == -1)
				return 1;
			per_gb[m][r] = cpu / ((double)bytes / 1e9);
		}
	printf("mode\tcpu_s_per_gb_median\tmin\tmax\t(%d runs, %.3f GB "
	    "captured)\n", runs, (double)bytes / 1e9);
	for (int m = 0; m < MODES; m++) {
		qsort(per_gb[m], (size_t)runs, sizeof(double), dbl_cmp);
		printf("%s\t%.4f\t%.4f\t%.4f\n", mode_names[m],
		    per_gb[m][runs / 2], per_gb[m][0], per_gb[m][runs - 1]);
	}
	return 0;
}
