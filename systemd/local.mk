systemdunitdir = $(prefix)/lib/systemd/system
systemdunit_DATA = systemd/quell.service
EXTRA_DIST += systemd/quell.service.in
CLEANFILES += systemd/quell.service

systemd/quell.service: $(srcdir)/systemd/quell.service.in Makefile
	$(AM_V_GEN)$(MKDIR_P) systemd && sed \
		-e 's|@sbindir[@]|$(sbindir)|g' \
		-e 's|@sysconfdir[@]|$(sysconfdir)|g' \
		$(srcdir)/systemd/quell.service.in > $@
