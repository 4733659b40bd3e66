lib_libquell_a_SOURCES += \
	lib/defrag/defrag.c lib/defrag/defrag.h \
	lib/defrag/frags.c lib/defrag/frags.h \
	lib/defrag/hosts.c lib/defrag/hosts.h \
	lib/defrag/policy.c lib/defrag/policy.h \
	$(NULL)

check_PROGRAMS += tests/unit/defrag/check_defrag
TESTS += tests/unit/defrag/check_defrag
tests_unit_defrag_check_defrag_SOURCES = \
	tests/unit/defrag/check_defrag.c \
	tests/unit/defrag/frag.c tests/unit/defrag/frag.h \
	tests/unit/defrag/suites.h \
	tests/unit/defrag/test_defrag.c \
	tests/unit/defrag/test_hosts.c \
	tests/unit/defrag/test_policy.c \
	$(NULL)
tests_unit_defrag_check_defrag_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_defrag_check_defrag_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)
