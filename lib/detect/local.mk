lib_libquell_a_SOURCES += \
	lib/detect/build.c \
	lib/detect/engine.c lib/detect/engine.h lib/detect/engine_int.h \
	lib/detect/verdict.c lib/detect/verdict.h \
	lib/detect/keywords/keyword.h \
	lib/detect/keywords/registry.c lib/detect/keywords/registry.h \
	lib/detect/keywords/classtype.c \
	lib/detect/keywords/content.c \
	lib/detect/keywords/gid.c \
	lib/detect/keywords/metadata.c \
	lib/detect/keywords/msg.c \
	lib/detect/keywords/reference.c \
	lib/detect/keywords/rev.c \
	lib/detect/keywords/sid.c \
	$(NULL)

check_PROGRAMS += tests/unit/check_detect
TESTS += tests/unit/check_detect
tests_unit_check_detect_SOURCES = tests/unit/check_detect.c
tests_unit_check_detect_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_check_detect_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)
