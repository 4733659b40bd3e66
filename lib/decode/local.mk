lib_libquell_a_SOURCES += \
	lib/decode/bytes.h \
	lib/decode/checksum.c lib/decode/checksum.h \
	lib/decode/config.c lib/decode/config.h \
	lib/decode/decode.c lib/decode/decode.h \
	lib/decode/erspan.c lib/decode/erspan.h \
	lib/decode/esp.c lib/decode/esp.h \
	lib/decode/ether.c lib/decode/ether.h \
	lib/decode/events.c lib/decode/events.h \
	lib/decode/geneve.c lib/decode/geneve.h \
	lib/decode/gre.c lib/decode/gre.h \
	lib/decode/icmp.c lib/decode/icmp.h \
	lib/decode/icmpv6.c lib/decode/icmpv6.h \
	lib/decode/igmp.c lib/decode/igmp.h \
	lib/decode/ipv4.c lib/decode/ipv4.h \
	lib/decode/ipv6.c lib/decode/ipv6.h \
	lib/decode/l4.c lib/decode/l4.h \
	lib/decode/layer.h \
	lib/decode/link.c lib/decode/link.h \
	lib/decode/mpls.c lib/decode/mpls.h \
	lib/decode/nsh.c lib/decode/nsh.h \
	lib/decode/ppp.c lib/decode/ppp.h \
	lib/decode/sctp.c lib/decode/sctp.h \
	lib/decode/stats.c lib/decode/stats.h \
	lib/decode/tcp.c lib/decode/tcp.h \
	lib/decode/teredo.c lib/decode/teredo.h \
	lib/decode/tunnel.c lib/decode/tunnel.h \
	lib/decode/udp.c lib/decode/udp.h \
	lib/decode/vxlan.c lib/decode/vxlan.h \
	$(NULL)

check_PROGRAMS += tests/unit/decode/check_decode
TESTS += tests/unit/decode/check_decode
tests_unit_decode_check_decode_SOURCES = \
	tests/unit/decode/check_decode.c \
	tests/unit/decode/build.c tests/unit/decode/build.h \
	tests/unit/decode/suites.h \
	tests/unit/decode/test_cases.c \
	tests/unit/decode/test_decode.c \
	tests/unit/decode/test_stats.c \
	tests/unit/decode/test_events.c \
	tests/unit/decode/test_icmp.c \
	tests/unit/decode/test_icmpv6.c \
	tests/unit/decode/test_ipv4.c \
	tests/unit/decode/test_ipv6.c \
	tests/unit/decode/test_tcp.c \
	tests/unit/decode/test_udp.c \
	$(NULL)
tests_unit_decode_check_decode_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_decode_check_decode_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)

EXTRA_DIST += tests/unit/decode/cases.py
