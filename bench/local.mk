# bench/nfq_baseline: accept-all NFQUEUE consumer, the performance baseline
# quelld is compared against and the lab self-test's NFQ consumer. Standalone:
# it does not link libquell.
noinst_PROGRAMS += bench/nfq_baseline
bench_nfq_baseline_SOURCES = bench/nfq_baseline.c
bench_nfq_baseline_CFLAGS = $(AM_CFLAGS) $(NFQ_CFLAGS) $(MNL_CFLAGS)
bench_nfq_baseline_LDADD = $(NFQ_LIBS) $(MNL_LIBS) $(NFNL_LIBS)

# bench/htp_floor: libhtp alone on a capture's TCP connections, the floor
# under bench/http's request figures. Standalone: does not link libquell.
noinst_PROGRAMS += bench/htp_floor
bench_htp_floor_SOURCES = bench/htp_floor.c
bench_htp_floor_CFLAGS = $(AM_CFLAGS) $(HTP_CFLAGS) $(PCAP_CFLAGS)
bench_htp_floor_LDADD = $(HTP_LIBS) $(PCAP_LIBS)

# The benchmark scripts run from a source tree or an unpacked tarball.
EXTRA_DIST += bench/README.md bench/all bench/inline bench/offline bench/engine-scale \
	bench/bypass bench/tls-bypass bench/fuzz-all
EXTRA_DIST += bench/eve-sinks bench/http bench/flow-memory bench/cputime
