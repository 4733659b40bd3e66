# Operations tests: shell scripts run by make check with QUELL_TOP_SRCDIR
# and QUELL_TOP_BUILDDIR exported (top Makefile.am). They need no network
# namespace; t_bad_cli_config.sh runs quelld without root privileges
# beyond what quelld -T needs. Debian packages they need: groff-base and
# man-db (t_man_render), systemd (t_systemd_verify), logrotate
# (t_install_tree). t_install_tree and t_systemd_verify run make install
# into a temporary DESTDIR.
OPS_TESTS = \
	tests/ops/t_bad_cli_config.sh \
	tests/ops/t_install_tree.sh \
	tests/ops/t_man_render.sh \
	tests/ops/t_systemd_verify.sh \
	$(NULL)
TESTS += $(OPS_TESTS)
EXTRA_DIST += $(OPS_TESTS)

# Both run `make install` in the build tree: one at a time.
tests/ops/t_systemd_verify.log: tests/ops/t_install_tree.log
