# lib/capture/pcap: offline capture (quelld -r FILE), the only user of
# libpcap in libquell. Its own fragment so its owner never edits local.mk.
lib_libquell_a_SOURCES += lib/capture/pcap.c lib/capture/pcap.h \
	lib/capture/pcap_file.c lib/capture/pcap_file.h \
	$(NULL)

check_PROGRAMS += tests/unit/capture/check_pcap
TESTS += tests/unit/capture/check_pcap
tests_unit_capture_check_pcap_SOURCES = tests/unit/capture/check_pcap.c
tests_unit_capture_check_pcap_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(PCAP_CFLAGS)
tests_unit_capture_check_pcap_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)

check_PROGRAMS += tests/unit/capture/check_pcap_reader
TESTS += tests/unit/capture/check_pcap_reader
tests_unit_capture_check_pcap_reader_SOURCES = tests/unit/capture/check_pcap_reader.c
tests_unit_capture_check_pcap_reader_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_capture_check_pcap_reader_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)

# bench/pcap_read: the offline reader alone, per GB, libpcap vs the block
# reader copying vs lent (doc/performance.md "Offline reader").
noinst_PROGRAMS += bench/pcap_read
bench_pcap_read_SOURCES = bench/pcap_read.c
bench_pcap_read_LDADD = $(QUELL_LIBS)
