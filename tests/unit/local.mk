# Unit tests of the modules the lead owns; other modules add their own
# check programs in their local.mk.
UNIT_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS) $(MNL_CFLAGS) $(NFQ_CFLAGS)
UNIT_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)

check_PROGRAMS += tests/unit/check_core tests/unit/check_config tests/unit/check_capture tests/unit/check_output
TESTS += tests/unit/check_core tests/unit/check_config tests/unit/check_capture tests/unit/check_output

tests_unit_check_config_SOURCES = tests/unit/check_config.c
tests_unit_check_config_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_config_LDADD = $(UNIT_LDADD)
tests_unit_check_capture_SOURCES = tests/unit/check_capture.c
tests_unit_check_capture_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_capture_LDADD = $(UNIT_LDADD)
tests_unit_check_output_SOURCES = tests/unit/check_output.c
tests_unit_check_output_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_output_LDADD = $(UNIT_LDADD)
tests_unit_check_core_SOURCES = tests/unit/check_core.c
tests_unit_check_core_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_core_LDADD = $(UNIT_LDADD)

# The reference pages (doc/*.md) checked against the keyword registry, the
# configuration key table, eve.c and the counters (see its header).
check_PROGRAMS += tests/unit/check_docs
TESTS += tests/unit/check_docs
tests_unit_check_docs_SOURCES = tests/unit/check_docs.c
tests_unit_check_docs_CFLAGS = $(UNIT_CFLAGS)
tests_unit_check_docs_LDADD = $(UNIT_LDADD)
