sbin_PROGRAMS += daemon/quelld
daemon_quelld_SOURCES = \
	daemon/control_cmds.c daemon/control_cmds.h \
	daemon/instance.c daemon/instance.h \
	daemon/options.c daemon/options.h \
	daemon/outputs.c daemon/outputs.h \
	daemon/quelld.c \
	daemon/reload.c daemon/reload.h \
	daemon/rules_load.c daemon/rules_load.h \
	daemon/runmode.c daemon/runmode.h \
	$(NULL)
daemon_quelld_CFLAGS = $(AM_CFLAGS) $(HS_CFLAGS) $(PCRE2_CFLAGS) $(JANSSON_CFLAGS) $(YAML_CFLAGS) $(PCAP_CFLAGS)
daemon_quelld_LDADD = daemon/libquelld_ops.a $(QUELL_LIBS)
