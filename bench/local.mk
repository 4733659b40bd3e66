# bench/nfq_baseline: accept-all NFQUEUE consumer, the performance baseline
# quelld is compared against and the lab self-test's NFQ consumer. Standalone:
# it does not link libquell.
noinst_PROGRAMS += bench/nfq_baseline
bench_nfq_baseline_SOURCES = bench/nfq_baseline.c
bench_nfq_baseline_CFLAGS = $(AM_CFLAGS) $(NFQ_CFLAGS) $(MNL_CFLAGS)
bench_nfq_baseline_LDADD = $(NFQ_LIBS) $(MNL_LIBS) $(NFNL_LIBS)

# The benchmark scripts run from a source tree or an unpacked tarball.
EXTRA_DIST += bench/README.md bench/all bench/inline bench/offline bench/engine-scale \
	bench/bypass bench/tls-bypass bench/fuzz-all
EXTRA_DIST += bench/eve-sinks bench/http bench/flow-memory
