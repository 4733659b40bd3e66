# lib/bypass: the bypass table, conntrack marking and counters
# (libnetfilter_conntrack, only in conntrack.c), the bypass manager.
lib_libquell_a_SOURCES += \
	lib/bypass/config.c lib/bypass/config.h \
	lib/bypass/conntrack.c lib/bypass/conntrack.h \
	lib/bypass/key.c lib/bypass/key.h \
	lib/bypass/manager.c lib/bypass/manager.h \
	lib/bypass/request.c lib/bypass/request.h \
	lib/bypass/table.c lib/bypass/table.h \
	$(NULL)

check_PROGRAMS += tests/unit/bypass/check_bypass
TESTS += tests/unit/bypass/check_bypass
tests_unit_bypass_check_bypass_SOURCES = \
	tests/unit/bypass/check_bypass.c \
	tests/unit/bypass/helpers.c tests/unit/bypass/helpers.h \
	tests/unit/bypass/suites.h \
	tests/unit/bypass/test_config.c \
	tests/unit/bypass/test_conntrack.c \
	tests/unit/bypass/test_key.c \
	tests/unit/bypass/test_manager.c \
	tests/unit/bypass/test_request.c \
	tests/unit/bypass/test_table.c \
	tests/unit/flow/pkt.c tests/unit/flow/pkt.h \
	$(NULL)
tests_unit_bypass_check_bypass_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(MNL_CFLAGS)
tests_unit_bypass_check_bypass_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)
