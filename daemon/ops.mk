# Operations pieces of quelld: privilege drop (libcap-ng), pidfile,
# sd_notify, daemonizing. A convenience library so that quelld and the
# unit test link the same objects:
#   daemon_quelld_LDADD = daemon/libquelld_ops.a $(QUELL_LIBS)
noinst_LIBRARIES += daemon/libquelld_ops.a
daemon_libquelld_ops_a_SOURCES = \
	daemon/daemonize.c daemon/daemonize.h \
	daemon/pidfile.c daemon/pidfile.h \
	daemon/privs.c daemon/privs.h \
	daemon/sdnotify.c daemon/sdnotify.h \
	$(NULL)
daemon_libquelld_ops_a_CFLAGS = $(AM_CFLAGS) $(CAPNG_CFLAGS)

check_PROGRAMS += tests/unit/daemon/check_ops
TESTS += tests/unit/daemon/check_ops
tests_unit_daemon_check_ops_SOURCES = tests/unit/daemon/check_ops.c
tests_unit_daemon_check_ops_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(CAPNG_CFLAGS)
tests_unit_daemon_check_ops_LDADD = daemon/libquelld_ops.a $(QUELL_LIBS) $(CHECK_LIBS)

# Stand-in for systemd's notify socket, for lab tests of the
# READY/RELOADING/STOPPING sequence (see its header comment).
check_PROGRAMS += tests/lab/sdnotify_listen
tests_lab_sdnotify_listen_SOURCES = tests/lab/sdnotify_listen.c
