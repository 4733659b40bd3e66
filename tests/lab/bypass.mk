# Lab tests of lib/bypass: the module itself against the kernel's
# conntrack, driven by bypass_probe in the ips namespace (no quelld).
check_PROGRAMS += tests/lab/bypass_probe
tests_lab_bypass_probe_SOURCES = tests/lab/bypass_probe.c
tests_lab_bypass_probe_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS)
tests_lab_bypass_probe_LDADD = $(QUELL_LIBS)

# ... and of bypass and flow tracking in quelld (t_bypass.sh itself is
# in local.mk): how bypassed flows end, restarts, the bypass table cap,
# the flow memcap. bypass_lib.sh holds their shared helpers.
BYPASS_LAB_TESTS = \
	tests/lab/t_bypass_cap.sh \
	tests/lab/t_bypass_ct.sh \
	tests/lab/t_bypass_end.sh \
	tests/lab/t_bypass_mark.sh \
	tests/lab/t_bypass_restart.sh \
	tests/lab/t_flow_memcap.sh \
	$(NULL)
TESTS += $(BYPASS_LAB_TESTS)
EXTRA_DIST += \
	tests/lab/bypass_lib.sh \
	$(BYPASS_LAB_TESTS) \
	$(NULL)
