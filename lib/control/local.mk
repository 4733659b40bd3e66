# Control socket: protocol, server, built-in commands (lib), the
# quellctl client (daemon/) and their tests.
lib_libquell_a_SOURCES += \
	lib/control/client.c lib/control/client.h \
	lib/control/commands.c lib/control/commands.h \
	lib/control/proto.c lib/control/proto.h \
	lib/control/render.c lib/control/render.h \
	lib/control/server.c lib/control/server.h \
	lib/control/tuple.c lib/control/tuple.h \
	$(NULL)

sbin_PROGRAMS += daemon/quellctl
daemon_quellctl_SOURCES = daemon/quellctl.c daemon/instance.c daemon/instance.h
daemon_quellctl_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS)
daemon_quellctl_LDADD = $(QUELL_LIBS)

check_PROGRAMS += tests/unit/control/check_control
TESTS += tests/unit/control/check_control
tests_unit_control_check_control_SOURCES = \
	tests/unit/control/check_control.c \
	tests/unit/control/helpers.c tests/unit/control/helpers.h \
	tests/unit/control/suites.h \
	tests/unit/control/test_commands.c \
	tests/unit/control/test_proto.c \
	tests/unit/control/test_render.c \
	tests/unit/control/test_server.c \
	tests/unit/control/test_tuple.c \
	$(NULL)
tests_unit_control_check_control_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS)
tests_unit_control_check_control_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)

# Built by the fuzzing setup (--enable-fuzz); listed so it ships.
EXTRA_DIST += \
	tests/fuzz/fuzz_control_proto.c \
	tests/fuzz/corpus/control_proto \
	$(NULL)
