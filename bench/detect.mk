# Detection benchmark: bench/gen-rules writes N synthetic rules,
# bench/detect-bench measures per-packet detection cost on a capture
# (bench/gen-traffic) for a rule file and a prefilter back end. See the
# doc/rules.md and doc/performance.md for the figures and command lines.
noinst_PROGRAMS += bench/gen-rules bench/detect-bench
bench_gen_rules_SOURCES = bench/gen_rules.c
bench_gen_rules_CFLAGS = $(AM_CFLAGS)
bench_detect_bench_SOURCES = bench/detect_bench.c
bench_detect_bench_CFLAGS = $(AM_CFLAGS) $(PCAP_CFLAGS)
bench_detect_bench_LDADD = $(QUELL_LIBS)
