# lib/applayer: app-layer protocol parsers behind one interface
# (parser.h), listed in registry.c; one folder per protocol.
lib_libquell_a_SOURCES += \
	lib/applayer/parser.h \
	lib/applayer/registry.c lib/applayer/registry.h \
	lib/applayer/applayer.c lib/applayer/applayer.h \
	lib/applayer/applayer_int.h \
	lib/applayer/config.c \
	lib/applayer/detect.c \
	lib/applayer/frames.c \
	lib/applayer/state.c \
	lib/applayer/tcp.c \
	lib/applayer/udp.c \
	lib/applayer/cursor.h \
	lib/applayer/json.c lib/applayer/json.h \
	lib/applayer/dcerpc/dcerpc.c lib/applayer/dcerpc/dcerpc.h \
	lib/applayer/dns/dns.c lib/applayer/dns/dns.h \
	lib/applayer/dns/dns_int.h \
	lib/applayer/dns/buffers.c lib/applayer/dns/buffers.h \
	lib/applayer/dns/events.c lib/applayer/dns/events.h \
	lib/applayer/dns/log.c lib/applayer/dns/log.h \
	lib/applayer/dns/message.c lib/applayer/dns/message.h \
	lib/applayer/dns/state.c lib/applayer/dns/state.h \
	lib/applayer/smb/smb.c lib/applayer/smb/smb.h \
	lib/applayer/ssh/ssh.c lib/applayer/ssh/ssh.h \
	lib/applayer/ssh/ssh_int.h \
	lib/applayer/ssh/buffers.c lib/applayer/ssh/buffers.h \
	lib/applayer/ssh/logger.c lib/applayer/ssh/logger.h \
	lib/applayer/ssh/parser.c \
	lib/applayer/ssh/state.c lib/applayer/ssh/state.h \
	lib/applayer/tls/tls.c lib/applayer/tls/tls.h \
	lib/applayer/tls/tls_int.h \
	lib/applayer/tls/buffers.c lib/applayer/tls/buffers.h \
	lib/applayer/tls/cert.c \
	lib/applayer/tls/events.c lib/applayer/tls/events.h \
	lib/applayer/tls/fingerprint.c \
	lib/applayer/tls/hello.c \
	lib/applayer/tls/log.c lib/applayer/tls/log.h \
	lib/applayer/tls/state.c lib/applayer/tls/state.h \
	$(NULL)

check_PROGRAMS += tests/unit/applayer/check_applayer
TESTS += tests/unit/applayer/check_applayer
tests_unit_applayer_check_applayer_SOURCES = \
	tests/unit/applayer/check_applayer.c \
	tests/unit/applayer/suites.h \
	tests/unit/applayer/test_registry.c \
	tests/unit/applayer/flowcap.c tests/unit/applayer/flowcap.h \
	tests/unit/applayer/test_dns.c \
	tests/unit/applayer/test_tls.c \
	tests/unit/applayer/test_ssh.c \
	tests/unit/applayer/test_applayer.c \
	tests/unit/applayer/test_frames.c \
	tests/unit/applayer/test_detectonly.c \
	$(NULL)
tests_unit_applayer_check_applayer_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS) $(JANSSON_CFLAGS) $(PCAP_CFLAGS)
tests_unit_applayer_check_applayer_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)

# What the parsers make of one flow of a capture, for the tshark and lab
# comparisons (t_ja3_tshark.sh, tests/lab/t_applayer_capture.sh).
check_PROGRAMS += tests/unit/applayer/applayer_dump
tests_unit_applayer_applayer_dump_SOURCES = \
	tests/unit/applayer/applayer_dump.c \
	tests/unit/applayer/flowcap.c tests/unit/applayer/flowcap.h \
	$(NULL)
tests_unit_applayer_applayer_dump_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS) $(PCAP_CFLAGS)
tests_unit_applayer_applayer_dump_LDADD = $(QUELL_LIBS)
TESTS += tests/unit/applayer/t_ja3_tshark.sh
EXTRA_DIST += tests/unit/applayer/t_ja3_tshark.sh

EXTRA_DIST += \
	tests/data/verify/bug-2158-public-ex1_section8_Sofacy.pcap \
	tests/data/verify/dns-invalid-opcode-input.pcap \
	tests/data/verify/dns-opcode-dns-notify.pcap \
	tests/data/verify/dns-truncated-rname-poc2.pcap \
	tests/data/verify/dns-z-bit-input.pcap \
	tests/data/verify/issue-4759-tcpdns.pcap \
	tests/data/verify/bug-1450-02-tls_DER-incomplete-content.pcap \
	tests/data/verify/sslv2-tls-upgrade-01-ssl-v2-s1.pcap \
	tests/data/verify/tls-cert-chain-len-input.pcap \
	tests/data/verify/tls-certs-alert-input.pcap \
	tests/data/verify/tls-client-cert-01-tls-client-auth.pcap \
	tests/data/verify/tls-duplicate-hello-input.pcap \
	tests/data/verify/tls-fingerprint-alert-input.pcap \
	tests/data/verify/tls-random-input.pcap \
	tests/data/verify/tls13-draft28-frames-tls13_draft28.pcap \
	tests/data/verify/tls-eve-suricata-7.0.6.tsv \
	tests/data/ssh/README.md \
	tests/data/ssh/ssh-openssh.pcap \
	tests/data/ssh/ssh-dropbear.pcap \
	tests/data/ssh/ssh-eve-suricata-7.0.6.tsv \
	$(NULL)
