# lib/stream: TCP stream reassembly per flow and direction, overlap
# policies, stream events, depth and memcaps.
lib_libquell_a_SOURCES += \
	lib/stream/config.c lib/stream/config.h \
	lib/stream/events.h \
	lib/stream/hostos.c lib/stream/hostos.h \
	lib/stream/policy.c lib/stream/policy.h \
	lib/stream/raw.c \
	lib/stream/reassemble.c \
	lib/stream/urgent.c \
	lib/stream/stream.c lib/stream/stream.h lib/stream/stream_int.h \
	$(NULL)

check_PROGRAMS += tests/unit/stream/check_stream
TESTS += tests/unit/stream/check_stream
tests_unit_stream_check_stream_SOURCES = \
	tests/unit/stream/check_stream.c \
	tests/unit/stream/helpers.c tests/unit/stream/helpers.h \
	tests/unit/stream/suites.h \
	tests/unit/stream/test_events.c \
	tests/unit/stream/test_hostos.c \
	tests/unit/stream/test_policy.c \
	tests/unit/stream/test_raw.c \
	tests/unit/stream/test_reassemble.c \
	tests/unit/stream/test_stream.c \
	tests/unit/stream/test_urgent.c \
	$(NULL)
tests_unit_stream_check_stream_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_stream_check_stream_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)
EXTRA_DIST += \
	tests/unit/data/rules/stream-events.rules \
	tests/unit/data/rules/stream-events.COPYING \
	tests/unit/data/rules/stream-events.SOURCE.txt \
	$(NULL)
