# Unit tests: tests/unit/<module>/ mirrors lib/<module>/ (daemon/ for
# daemon/). The programs of the lead's modules are listed here; other
# modules add theirs in their own local.mk.
UNIT_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS) $(MNL_CFLAGS) $(NFQ_CFLAGS)
UNIT_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)

check_PROGRAMS += tests/unit/core/check_core tests/unit/config/check_config tests/unit/capture/check_capture tests/unit/output/check_output
TESTS += tests/unit/core/check_core tests/unit/config/check_config tests/unit/capture/check_capture tests/unit/output/check_output

tests_unit_config_check_config_SOURCES = tests/unit/config/check_config.c
tests_unit_config_check_config_CFLAGS = $(UNIT_CFLAGS)
tests_unit_config_check_config_LDADD = $(UNIT_LDADD)
tests_unit_capture_check_capture_SOURCES = tests/unit/capture/check_capture.c
tests_unit_capture_check_capture_CFLAGS = $(UNIT_CFLAGS)
tests_unit_capture_check_capture_LDADD = $(UNIT_LDADD)
tests_unit_output_check_output_SOURCES = tests/unit/output/check_output.c \
	tests/unit/output/test_xff.c
tests_unit_output_check_output_CFLAGS = $(UNIT_CFLAGS)
tests_unit_output_check_output_LDADD = $(UNIT_LDADD)
tests_unit_core_check_core_SOURCES = tests/unit/core/check_core.c \
	tests/unit/core/test_exception.c
tests_unit_core_check_core_CFLAGS = $(UNIT_CFLAGS)
tests_unit_core_check_core_LDADD = $(UNIT_LDADD)

# The reference pages (doc/*.md) checked against the keyword registry, the
# configuration key table, eve.c and the counters (see its header).
check_PROGRAMS += tests/unit/docs/check_docs
TESTS += tests/unit/docs/check_docs
tests_unit_docs_check_docs_SOURCES = tests/unit/docs/check_docs.c
tests_unit_docs_check_docs_CFLAGS = $(UNIT_CFLAGS)
tests_unit_docs_check_docs_LDADD = $(UNIT_LDADD)
