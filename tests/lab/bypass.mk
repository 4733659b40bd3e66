# Lab tests of lib/bypass: the module itself against the kernel's
# conntrack, driven by bypass_probe in the ips namespace (no quelld).
check_PROGRAMS += tests/lab/bypass_probe
tests_lab_bypass_probe_SOURCES = tests/lab/bypass_probe.c
tests_lab_bypass_probe_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS)
tests_lab_bypass_probe_LDADD = $(QUELL_LIBS)

BYPASS_LAB_TESTS = \
	tests/lab/t_bypass_ct.sh \
	$(NULL)
TESTS += $(BYPASS_LAB_TESTS)
EXTRA_DIST += $(BYPASS_LAB_TESTS)
