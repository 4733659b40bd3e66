sbin_PROGRAMS += daemon/quelld
daemon_quelld_SOURCES = daemon/quelld.c
daemon_quelld_LDADD = $(QUELL_LIBS)
