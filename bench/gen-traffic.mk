# bench/gen-traffic: deterministic synthetic traffic (HTTP, TLS, DNS, UDP,
# ICMP over IPv4 and IPv6) written to a pcap for quelld -r benchmarks.
# Standalone: it links libpcap only, nothing from libquell.
noinst_PROGRAMS += bench/gen-traffic
bench_gen_traffic_SOURCES = bench/gen_traffic.c
bench_gen_traffic_CFLAGS = $(AM_CFLAGS) $(PCAP_CFLAGS)
bench_gen_traffic_LDADD = $(PCAP_LIBS)
