lib_libquell_a_SOURCES += \
	lib/detect/analysis.c \
	lib/detect/applayer.c lib/detect/applayer.h \
	lib/detect/buffer.c lib/detect/buffer.h \
	lib/detect/digest.c lib/detect/digest.h \
	lib/detect/filehash.c lib/detect/filehash.h \
	lib/detect/build.c \
	lib/detect/bytes.c lib/detect/bytes.h \
	lib/detect/engine.c lib/detect/engine.h lib/detect/engine_int.h \
	lib/detect/applayer.c lib/detect/applayer.h \
	lib/detect/flowvars.c lib/detect/flowvars.h \
	lib/detect/group.c \
	lib/detect/hashlist.c lib/detect/hashlist.h \
	lib/detect/hosttable.c lib/detect/hosttable.h \
	lib/detect/inspect.c lib/detect/inspect.h \
	lib/detect/kwparse.c lib/detect/kwparse.h \
	lib/detect/mpm.c lib/detect/mpm.h \
	lib/detect/mpm_ac.c \
	lib/detect/names.c lib/detect/names.h \
	lib/detect/prefilter.c lib/detect/prefilter.h \
	lib/detect/tag.c lib/detect/tag.h \
	lib/detect/stream.c \
	lib/detect/threshold.c lib/detect/threshold.h \
	lib/detect/threshold_file.c lib/detect/threshold_file.h \
	lib/detect/tx.h \
	lib/detect/txmatch.c lib/detect/txmatch.h \
	lib/detect/uint.c lib/detect/uint.h \
	lib/detect/verdict.c lib/detect/verdict.h \
	lib/detect/xform.c lib/detect/xform.h \
	lib/detect/keywords/keyword.h \
	lib/detect/keywords/registry.c lib/detect/keywords/registry.h \
	lib/detect/keywords/ack.c \
	lib/detect/keywords/alert.c \
	lib/detect/keywords/app_layer_event.c \
	lib/detect/keywords/app_layer_protocol.c \
	lib/detect/keywords/base64_decode.c lib/detect/keywords/base64_decode.h \
	lib/detect/keywords/bsize.c \
	lib/detect/keywords/bypass.c \
	lib/detect/keywords/byte_extract.c \
	lib/detect/keywords/byte_jump.c \
	lib/detect/keywords/byte_math.c \
	lib/detect/keywords/byte_test.c \
	lib/detect/keywords/classtype.c \
	lib/detect/keywords/compress_whitespace.c \
	lib/detect/keywords/content.c lib/detect/keywords/content.h \
	lib/detect/keywords/csum.c lib/detect/keywords/csum.h \
	lib/detect/keywords/decode_event.c \
	lib/detect/keywords/depth.c \
	lib/detect/keywords/detection_filter.c \
	lib/detect/keywords/distance.c \
	lib/detect/keywords/dns_opcode.c \
	lib/detect/keywords/dns_rrtype.c \
	lib/detect/keywords/dotprefix.c \
	lib/detect/keywords/dsize.c \
	lib/detect/keywords/endswith.c \
	lib/detect/keywords/fast_pattern.c \
	lib/detect/keywords/fileext.c \
	lib/detect/keywords/filemd5.c \
	lib/detect/keywords/filename.c \
	lib/detect/keywords/filesha1.c \
	lib/detect/keywords/filesha256.c \
	lib/detect/keywords/flags.c \
	lib/detect/keywords/flow.c \
	lib/detect/keywords/flow_age.c \
	lib/detect/keywords/flowbits.c \
	lib/detect/keywords/flowint.c \
	lib/detect/keywords/fragbits.c \
	lib/detect/keywords/fragoffset.c \
	lib/detect/keywords/frame.c \
	lib/detect/keywords/gid.c \
	lib/detect/keywords/header_lowercase.c \
	lib/detect/keywords/hostbits.c \
	lib/detect/keywords/http_client_body.c \
	lib/detect/keywords/http_cookie.c \
	lib/detect/keywords/http_header.c \
	lib/detect/keywords/http_host.c \
	lib/detect/keywords/http_method.c \
	lib/detect/keywords/http_raw_header.c \
	lib/detect/keywords/http_raw_host.c \
	lib/detect/keywords/http_raw_uri.c \
	lib/detect/keywords/http_server_body.c \
	lib/detect/keywords/http_stat_code.c \
	lib/detect/keywords/http_stat_msg.c \
	lib/detect/keywords/http_uri.c \
	lib/detect/keywords/http_user_agent.c \
	lib/detect/keywords/icmp_id.c \
	lib/detect/keywords/icmp_seq.c \
	lib/detect/keywords/icmpv4_csum.c \
	lib/detect/keywords/icmpv6_csum.c \
	lib/detect/keywords/icmpv6_mtu.c \
	lib/detect/keywords/icode.c \
	lib/detect/keywords/id.c \
	lib/detect/keywords/igmp_csum.c \
	lib/detect/keywords/ip_proto.c \
	lib/detect/keywords/ipopts.c \
	lib/detect/keywords/ipv4_csum.c \
	lib/detect/keywords/isdataat.c \
	lib/detect/keywords/itype.c \
	lib/detect/keywords/metadata.c \
	lib/detect/keywords/msg.c \
	lib/detect/keywords/nfq_set_mark.c \
	lib/detect/keywords/noalert.c \
	lib/detect/keywords/nocase.c \
	lib/detect/keywords/offset.c \
	lib/detect/keywords/pcre.c \
	lib/detect/keywords/pcrexform.c \
	lib/detect/keywords/pkt_data.c \
	lib/detect/keywords/prefilter.c \
	lib/detect/keywords/priority.c \
	lib/detect/keywords/rawbytes.c \
	lib/detect/keywords/reference.c \
	lib/detect/keywords/requires.c \
	lib/detect/keywords/rev.c \
	lib/detect/keywords/sameip.c \
	lib/detect/keywords/seq.c \
	lib/detect/keywords/sid.c \
	lib/detect/keywords/ssh_protoversion.c \
	lib/detect/keywords/ssh_softwareversion.c \
	lib/detect/keywords/ssh_version.c \
	lib/detect/keywords/ssh_version.h \
	lib/detect/keywords/ssl_state.c \
	lib/detect/keywords/ssl_version.c \
	lib/detect/keywords/startswith.c \
	lib/detect/keywords/stream_event.c \
	lib/detect/keywords/stream_size.c \
	lib/detect/keywords/strip_pseudo_headers.c \
	lib/detect/keywords/strip_whitespace.c \
	lib/detect/keywords/tag.c \
	lib/detect/keywords/target.c \
	lib/detect/keywords/tcp_mss.c \
	lib/detect/keywords/tcpv4_csum.c \
	lib/detect/keywords/tcpv6_csum.c \
	lib/detect/keywords/threshold.c lib/detect/keywords/threshold.h \
	lib/detect/keywords/tls_cert_chain_len.c \
	lib/detect/keywords/tls_cert_expired.c \
	lib/detect/keywords/tls_cert_notafter.c \
	lib/detect/keywords/tls_cert_notbefore.c \
	lib/detect/keywords/tls_cert_valid.c \
	lib/detect/keywords/tls_cert_validity.c lib/detect/keywords/tls_cert_validity.h \
	lib/detect/keywords/tls_fingerprint.c \
	lib/detect/keywords/tls_issuerdn.c \
	lib/detect/keywords/tls_legacy.c lib/detect/keywords/tls_legacy.h \
	lib/detect/keywords/tls_subject.c \
	lib/detect/keywords/tls_version.c \
	lib/detect/keywords/to_lowercase.c \
	lib/detect/keywords/to_md5.c \
	lib/detect/keywords/to_sha1.c \
	lib/detect/keywords/to_sha256.c \
	lib/detect/keywords/to_uppercase.c \
	lib/detect/keywords/tos.c \
	lib/detect/keywords/ttl.c \
	lib/detect/keywords/udpv4_csum.c \
	lib/detect/keywords/udpv6_csum.c \
	lib/detect/keywords/uricontent.c \
	lib/detect/keywords/urilen.c \
	lib/detect/keywords/url_decode.c \
	lib/detect/keywords/window.c \
	lib/detect/keywords/within.c \
	lib/detect/keywords/xbits.c lib/detect/keywords/xbits.h \
	lib/detect/keywords/xor.c \
	$(NULL)

if HAVE_HYPERSCAN
lib_libquell_a_SOURCES += lib/detect/mpm_hs.c
endif

# lib/detect/digest.c (to_md5, to_sha1, to_sha256) links libcrypto
lib_libquell_a_CFLAGS += $(CRYPTO_CFLAGS)
QUELL_LIBS += $(CRYPTO_LIBS)

check_PROGRAMS += tests/unit/detect/check_detect tests/unit/detect/check_mpm
TESTS += tests/unit/detect/check_detect tests/unit/detect/check_mpm
tests_unit_detect_check_detect_SOURCES = tests/unit/detect/check_detect.c
tests_unit_detect_check_detect_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_detect_check_detect_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)
tests_unit_detect_check_mpm_SOURCES = tests/unit/detect/check_mpm.c
tests_unit_detect_check_mpm_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_detect_check_mpm_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)

check_PROGRAMS += tests/unit/detect/check_payload
TESTS += tests/unit/detect/check_payload
tests_unit_detect_check_payload_SOURCES = tests/unit/detect/check_payload.c tests/unit/detect/harness.c \
	tests/unit/detect/harness.h
tests_unit_detect_check_payload_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_detect_check_payload_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)

check_PROGRAMS += tests/unit/detect/check_header
TESTS += tests/unit/detect/check_header
tests_unit_detect_check_header_SOURCES = tests/unit/detect/check_header.c tests/unit/detect/harness.c \
	tests/unit/detect/harness.h
tests_unit_detect_check_header_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_detect_check_header_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)

check_PROGRAMS += tests/unit/detect/check_csum
TESTS += tests/unit/detect/check_csum
tests_unit_detect_check_csum_SOURCES = tests/unit/detect/check_csum.c tests/unit/detect/harness.c \
	tests/unit/detect/harness.h
tests_unit_detect_check_csum_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_detect_check_csum_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)

check_PROGRAMS += tests/unit/detect/check_flowkw
TESTS += tests/unit/detect/check_flowkw
tests_unit_detect_check_flowkw_SOURCES = tests/unit/detect/check_flowkw.c tests/unit/detect/harness.c \
	tests/unit/detect/harness.h
tests_unit_detect_check_flowkw_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_detect_check_flowkw_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)

# The ET Open slice loads as quelld -T would load it (tests/data/et-open).
check_PROGRAMS += tests/unit/detect/check_corpus
TESTS += tests/unit/detect/check_corpus
tests_unit_detect_check_corpus_SOURCES = tests/unit/detect/check_corpus.c
tests_unit_detect_check_corpus_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_detect_check_corpus_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)

EXTRA_DIST += \
	tests/data/et-open/BSD-License.txt \
	tests/data/et-open/LICENSE \
	tests/data/et-open/SOURCE.txt \
	tests/data/et-open/SUBSET.txt \
	tests/data/et-open/gpl-2.0.txt \
	tests/data/et-open/emerging-chat.rules \
	tests/data/et-open/emerging-dos.rules \
	tests/data/et-open/emerging-icmp_info.rules \
	tests/data/et-open/emerging-imap.rules \
	tests/data/et-open/emerging-misc.rules \
	tests/data/et-open/emerging-pop3.rules \
	tests/data/et-open/emerging-rpc.rules \
	tests/data/et-open/emerging-scan.rules \
	tests/data/et-open/emerging-shellcode.rules \
	tests/data/et-open/emerging-snmp.rules \
	tests/data/et-open/emerging-telnet.rules \
	tests/data/et-open/emerging-tftp.rules \
	tests/data/et-open/emerging-voip.rules \
	tests/data/et-open/emerging-worm.rules \
	$(NULL)

# Real packets through decode, flow tracking and detection.
check_PROGRAMS += tests/unit/pipeline/check_pipeline
TESTS += tests/unit/pipeline/check_pipeline
tests_unit_pipeline_check_pipeline_SOURCES = tests/unit/pipeline/check_pipeline.c
tests_unit_pipeline_check_pipeline_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_pipeline_check_pipeline_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)
EXTRA_DIST += tests/unit/data/rules/pipeline.rules

# The engine core: header buffers, per-buffer prefilters, the transaction
# interface (fake tx source) and the grouped-vs-linear differential test.
check_PROGRAMS += tests/unit/detect/check_engine
TESTS += tests/unit/detect/check_engine
tests_unit_detect_check_engine_SOURCES = tests/unit/detect/check_engine.c tests/unit/detect/harness.c \
	tests/unit/detect/harness.h
tests_unit_detect_check_engine_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_detect_check_engine_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)

# The transforms: Suricata's vectors, and the rule syntax 7.0.6 accepts.
check_PROGRAMS += tests/unit/detect/check_xform
TESTS += tests/unit/detect/check_xform
tests_unit_detect_check_xform_SOURCES = tests/unit/detect/check_xform.c
tests_unit_detect_check_xform_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_detect_check_xform_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)
check_PROGRAMS += tests/unit/detect/check_hashlist
TESTS += tests/unit/detect/check_hashlist
tests_unit_detect_check_hashlist_SOURCES = tests/unit/detect/check_hashlist.c
tests_unit_detect_check_hashlist_CFLAGS = $(AM_CFLAGS) $(CHECK_CFLAGS)
tests_unit_detect_check_hashlist_LDADD = $(QUELL_LIBS) $(CHECK_LIBS)
