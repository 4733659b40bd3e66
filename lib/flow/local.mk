# lib/flow: the per-worker flow table, TCP state tracking and timeouts.
lib_libquell_a_SOURCES += \
	lib/flow/config.c lib/flow/config.h \
	lib/flow/flow.c lib/flow/flow.h \
	lib/flow/table.c lib/flow/table.h \
	lib/flow/tcp_state.c lib/flow/tcp_state.h \
	lib/flow/tcp_check.c lib/flow/tcp_int.h \
	lib/flow/tcp_opts.c lib/flow/tcp_opts.h \
	lib/flow/tcp_synq.c \
	lib/flow/timeout.c lib/flow/timeout.h \
	$(NULL)

check_PROGRAMS += tests/unit/flow/check_flow
TESTS += tests/unit/flow/check_flow
tests_unit_flow_check_flow_SOURCES = \
	tests/unit/flow/check_flow.c \
	tests/unit/flow/fixture.c tests/unit/flow/fixture.h \
	tests/unit/flow/pkt.c tests/unit/flow/pkt.h \
	tests/unit/flow/suites.h \
	tests/unit/flow/test_config.c \
	tests/unit/flow/test_memcap.c \
	tests/unit/flow/test_table.c \
	tests/unit/flow/test_tcp_state.c \
	tests/unit/flow/test_timeout.c \
	$(NULL)
tests_unit_flow_check_flow_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_flow_check_flow_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)

# flow_table_handle cost per packet; built with the tests, run by hand:
# tests/unit/flow/bench_table [flows] [rounds]
check_PROGRAMS += tests/unit/flow/bench_table
tests_unit_flow_bench_table_SOURCES = \
	tests/unit/flow/bench_table.c \
	tests/unit/flow/pkt.c tests/unit/flow/pkt.h \
	$(NULL)
tests_unit_flow_bench_table_LDADD = $(QUELL_LIBS)
