# Installed configuration, all under $(sysconfdir):
#   quell/quell.yaml        the configuration, every key documented
#   quell/classification.config, quell/reference.config
#                           Suricata's classtype and reference tables
#   logrotate.d/quell       daily rotation of the logs, SIGHUP to quelld
# make install overwrites an installed quell.yaml; distribution packages
# mark it as a conffile. make install creates no user: see quelld(8).
quellconfdir = $(sysconfdir)/quell
dist_quellconf_DATA = \
	etc/quell.yaml \
	etc/classification.config \
	etc/reference.config \
	$(NULL)

logrotatedir = $(sysconfdir)/logrotate.d
logrotate_DATA = etc/logrotate.d/quell
EXTRA_DIST += etc/logrotate.d/quell.in
CLEANFILES += etc/logrotate.d/quell

etc/logrotate.d/quell: $(srcdir)/etc/logrotate.d/quell.in Makefile
	$(AM_V_GEN)$(MKDIR_P) etc/logrotate.d && sed \
		-e 's|@localstatedir[@]|$(localstatedir)|g' \
		-e 's|@runstatedir[@]|$(runstatedir)|g' \
		-e 's|@sysconfdir[@]|$(sysconfdir)|g' \
		$(srcdir)/etc/logrotate.d/quell.in > $@
