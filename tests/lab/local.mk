# Lab tests: shell scripts run as root, each in its own network namespaces
# (tests/lab/lib.sh). They run through SH_LOG_COMPILER from the top
# Makefile.am with QUELL_TOP_SRCDIR / QUELL_TOP_BUILDDIR exported. A lab test
# that cannot run exits 99 (hard error), never 77 (skip).
# t_lab_selftest.sh needs bench/nfq_baseline, t_drop_tcp.sh daemon/quelld;
# t_route_mode.sh and t_queue_busy.sh need both. All are built by
# `make all`, which `make check` runs first.
LAB_TESTS = \
	tests/lab/t_lab_selftest.sh \
	tests/lab/t_drop_tcp.sh \
	tests/lab/t_reload.sh \
	tests/lab/t_privileges.sh \
	tests/lab/t_control.sh \
	tests/lab/t_bypass.sh \
	tests/lab/t_multiqueue.sh \
	tests/lab/t_runmode_workers.sh \
	tests/lab/t_repeat_mode.sh \
	tests/lab/t_route_mode.sh \
	tests/lab/t_route_chain.sh \
	tests/lab/t_eve_redis.sh \
	tests/lab/t_eve_redis_restart.sh \
	tests/lab/t_suricata_update.sh \
	tests/lab/t_set_mark.sh \
	tests/lab/t_overload.sh \
	tests/lab/t_failopen.sh \
	tests/lab/t_queue_busy.sh \
	tests/lab/t_keywords.sh \
	tests/lab/t_applayer_capture.sh \
	tests/lab/t_ssh.sh \
	tests/lab/t_tls_dns.sh \
	tests/lab/t_frag_conntrack.sh \
	tests/lab/t_http.sh \
	tests/lab/t_http_filemd5.sh \
	tests/lab/t_stream_inline.sh \
	tests/lab/t_stream_segments.sh \
	tests/lab/t_stream_urgent.sh \
	tests/lab/t_icmp_errors.sh \
	$(NULL)
TESTS += $(LAB_TESTS)
EXTRA_DIST += \
	tests/lab/lib.sh \
	tests/lab/httpd.py \
	tests/lab/keywords.rules \
	tests/lab/redis_lib.sh \
	tests/lab/frag_send.py \
	tests/lab/http_client.py \
	tests/lab/tcp_client.py \
	tests/lab/tcp_segments.py \
	$(LAB_TESTS) \
	$(NULL)
