lib_libquell_a_SOURCES += \
	lib/rules/addr.c lib/rules/addr.h \
	lib/rules/cfgfile.c lib/rules/cfgfile.h \
	lib/rules/classification.c lib/rules/classification.h \
	lib/rules/lexer.c lib/rules/lexer.h \
	lib/rules/list.c lib/rules/list.h \
	lib/rules/loader.c \
	lib/rules/parser.c lib/rules/parser.h \
	lib/rules/port.c lib/rules/port.h \
	lib/rules/proto.c lib/rules/proto.h \
	lib/rules/rangeset.c lib/rules/rangeset.h \
	lib/rules/reference.c lib/rules/reference.h \
	lib/rules/rule.c lib/rules/rule.h \
	lib/rules/ruleset.c lib/rules/ruleset.h \
	lib/rules/vars.c lib/rules/vars.h \
	$(NULL)

check_PROGRAMS += tests/unit/rules/check_rules
TESTS += tests/unit/rules/check_rules
tests_unit_rules_check_rules_SOURCES = tests/unit/rules/check_rules.c
tests_unit_rules_check_rules_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_rules_check_rules_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)

EXTRA_DIST += \
	tests/unit/data/rules/continued.rules \
	tests/unit/data/rules/mixed.rules \
	$(NULL)
