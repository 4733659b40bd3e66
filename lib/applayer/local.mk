# lib/applayer: app-layer protocol parsers behind one interface
# (parser.h), listed in registry.c; one folder per protocol.
lib_libquell_a_SOURCES += \
	lib/applayer/parser.h \
	lib/applayer/registry.c lib/applayer/registry.h \
	$(NULL)

check_PROGRAMS += tests/unit/check_applayer
TESTS += tests/unit/check_applayer
tests_unit_check_applayer_SOURCES = \
	tests/unit/check_applayer.c \
	tests/unit/applayer/suites.h \
	tests/unit/applayer/test_registry.c \
	$(NULL)
tests_unit_check_applayer_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_applayer_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)
