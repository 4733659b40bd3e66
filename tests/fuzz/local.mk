# Fuzz targets (tests/fuzz/fuzz_<target>.c, one LLVMFuzzerTestOneInput
# each). Every target always builds as fuzz_<target>_replay (the target
# plus replay.c), which make check runs over tests/fuzz/corpus/<target>/:
# seeds and every crash ever found, so a fixed bug stays fixed. With
# --enable-fuzz (CC=clang) the libFuzzer binaries fuzz_<target> are built
# too; bench/fuzz-all runs them.
FUZZ_CPPFLAGS = $(AM_CPPFLAGS) -DFUZZ_SRCDIR='"$(abs_top_srcdir)"'
FUZZ_CFLAGS = $(AM_CFLAGS) $(JANSSON_CFLAGS) $(MNL_CFLAGS) $(NFQ_CFLAGS)
FUZZ_LDADD = $(QUELL_LIBS)
FUZZ_COMMON = tests/fuzz/fuzz.h tests/fuzz/pkt.h tests/fuzz/sample.h tests/fuzz/applayer_feed.h

FUZZ_REPLAYS = \
	tests/fuzz/fuzz_config_yaml_replay \
	tests/fuzz/fuzz_control_proto_replay \
	tests/fuzz/fuzz_defrag_replay \
	tests/fuzz/fuzz_dns_replay \
	tests/fuzz/fuzz_mpm_replay \
	tests/fuzz/fuzz_nfq_msg_replay \
	tests/fuzz/fuzz_packet_replay \
	tests/fuzz/fuzz_rules_parse_replay \
	tests/fuzz/fuzz_threshold_config_replay \
	tests/fuzz/fuzz_tls_replay \
	tests/fuzz/fuzz_stream_replay \
	tests/fuzz/fuzz_xform_replay \
	tests/fuzz/fuzz_ssh_replay \
	tests/fuzz/fuzz_applayer_replay \
	tests/fuzz/fuzz_hashlist_replay \
	tests/fuzz/fuzz_pcap_file_replay \
	$(NULL)
check_PROGRAMS += $(FUZZ_REPLAYS)
TESTS += $(FUZZ_REPLAYS)

tests_fuzz_fuzz_config_yaml_replay_SOURCES = tests/fuzz/fuzz_config_yaml.c tests/fuzz/replay.c $(FUZZ_COMMON)
tests_fuzz_fuzz_config_yaml_replay_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_TARGET='"config_yaml"'
tests_fuzz_fuzz_config_yaml_replay_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_config_yaml_replay_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_control_proto_replay_SOURCES = tests/fuzz/fuzz_control_proto.c tests/fuzz/replay.c $(FUZZ_COMMON)
tests_fuzz_fuzz_control_proto_replay_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_TARGET='"control_proto"'
tests_fuzz_fuzz_control_proto_replay_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_control_proto_replay_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_defrag_replay_SOURCES = tests/fuzz/fuzz_defrag.c tests/fuzz/replay.c $(FUZZ_COMMON)
tests_fuzz_fuzz_defrag_replay_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_TARGET='"defrag"'
tests_fuzz_fuzz_defrag_replay_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_defrag_replay_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_dns_replay_SOURCES = tests/fuzz/fuzz_dns.c tests/fuzz/replay.c $(FUZZ_COMMON)
tests_fuzz_fuzz_dns_replay_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_TARGET='"dns"'
tests_fuzz_fuzz_dns_replay_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_dns_replay_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_tls_replay_SOURCES = tests/fuzz/fuzz_tls.c tests/fuzz/replay.c $(FUZZ_COMMON)
tests_fuzz_fuzz_tls_replay_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_TARGET='"tls"'
tests_fuzz_fuzz_tls_replay_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_tls_replay_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_mpm_replay_SOURCES = tests/fuzz/fuzz_mpm.c tests/fuzz/replay.c $(FUZZ_COMMON)
tests_fuzz_fuzz_mpm_replay_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_TARGET='"mpm"'
tests_fuzz_fuzz_mpm_replay_CFLAGS = $(FUZZ_CFLAGS) $(HS_CFLAGS)
tests_fuzz_fuzz_mpm_replay_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_nfq_msg_replay_SOURCES = tests/fuzz/fuzz_nfq_msg.c tests/fuzz/replay.c $(FUZZ_COMMON)
tests_fuzz_fuzz_nfq_msg_replay_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_TARGET='"nfq_msg"'
tests_fuzz_fuzz_nfq_msg_replay_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_nfq_msg_replay_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_packet_replay_SOURCES = tests/fuzz/fuzz_packet.c tests/fuzz/replay.c $(FUZZ_COMMON)
tests_fuzz_fuzz_packet_replay_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_TARGET='"packet"'
tests_fuzz_fuzz_packet_replay_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_packet_replay_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_rules_parse_replay_SOURCES = tests/fuzz/fuzz_rules_parse.c tests/fuzz/replay.c $(FUZZ_COMMON)
tests_fuzz_fuzz_rules_parse_replay_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_TARGET='"rules_parse"'
tests_fuzz_fuzz_rules_parse_replay_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_rules_parse_replay_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_stream_replay_SOURCES = tests/fuzz/fuzz_stream.c tests/fuzz/replay.c $(FUZZ_COMMON)
tests_fuzz_fuzz_stream_replay_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_TARGET='"stream"'
tests_fuzz_fuzz_stream_replay_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_stream_replay_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_xform_replay_SOURCES = tests/fuzz/fuzz_xform.c tests/fuzz/replay.c $(FUZZ_COMMON)
tests_fuzz_fuzz_xform_replay_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_TARGET='"xform"'
tests_fuzz_fuzz_xform_replay_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_xform_replay_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_ssh_replay_SOURCES = tests/fuzz/fuzz_ssh.c tests/fuzz/replay.c $(FUZZ_COMMON)
tests_fuzz_fuzz_ssh_replay_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_TARGET='"ssh"'
tests_fuzz_fuzz_ssh_replay_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_ssh_replay_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_applayer_replay_SOURCES = tests/fuzz/fuzz_applayer.c tests/fuzz/replay.c $(FUZZ_COMMON)
tests_fuzz_fuzz_applayer_replay_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_TARGET='"applayer"'
tests_fuzz_fuzz_applayer_replay_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_applayer_replay_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_hashlist_replay_SOURCES = tests/fuzz/fuzz_hashlist.c tests/fuzz/replay.c $(FUZZ_COMMON)
tests_fuzz_fuzz_hashlist_replay_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_TARGET='"hashlist"'
tests_fuzz_fuzz_hashlist_replay_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_hashlist_replay_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_pcap_file_replay_SOURCES = tests/fuzz/fuzz_pcap_file.c tests/fuzz/replay.c $(FUZZ_COMMON)
tests_fuzz_fuzz_pcap_file_replay_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_TARGET='"pcap_file"'
tests_fuzz_fuzz_pcap_file_replay_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_pcap_file_replay_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_threshold_config_replay_SOURCES = tests/fuzz/fuzz_threshold_config.c tests/fuzz/replay.c $(FUZZ_COMMON)
tests_fuzz_fuzz_threshold_config_replay_CPPFLAGS = $(FUZZ_CPPFLAGS) -DFUZZ_TARGET='"threshold_config"'
tests_fuzz_fuzz_threshold_config_replay_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_threshold_config_replay_LDADD = $(FUZZ_LDADD)

if ENABLE_FUZZ
noinst_PROGRAMS += \
	tests/fuzz/fuzz_config_yaml \
	tests/fuzz/fuzz_control_proto \
	tests/fuzz/fuzz_defrag \
	tests/fuzz/fuzz_dns \
	tests/fuzz/fuzz_mpm \
	tests/fuzz/fuzz_nfq_msg \
	tests/fuzz/fuzz_packet \
	tests/fuzz/fuzz_rules_parse \
	tests/fuzz/fuzz_threshold_config \
	tests/fuzz/fuzz_tls \
	tests/fuzz/fuzz_stream \
	tests/fuzz/fuzz_xform \
	tests/fuzz/fuzz_ssh \
	tests/fuzz/fuzz_applayer \
	tests/fuzz/fuzz_hashlist \
	tests/fuzz/fuzz_pcap_file \
	$(NULL)
tests_fuzz_fuzz_dns_SOURCES = tests/fuzz/fuzz_dns.c $(FUZZ_COMMON)
tests_fuzz_fuzz_dns_CPPFLAGS = $(FUZZ_CPPFLAGS)
tests_fuzz_fuzz_dns_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_dns_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_dns_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_tls_SOURCES = tests/fuzz/fuzz_tls.c $(FUZZ_COMMON)
tests_fuzz_fuzz_tls_CPPFLAGS = $(FUZZ_CPPFLAGS)
tests_fuzz_fuzz_tls_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_tls_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_tls_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_config_yaml_SOURCES = tests/fuzz/fuzz_config_yaml.c $(FUZZ_COMMON)
tests_fuzz_fuzz_config_yaml_CPPFLAGS = $(FUZZ_CPPFLAGS)
tests_fuzz_fuzz_config_yaml_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_config_yaml_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_config_yaml_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_control_proto_SOURCES = tests/fuzz/fuzz_control_proto.c $(FUZZ_COMMON)
tests_fuzz_fuzz_control_proto_CPPFLAGS = $(FUZZ_CPPFLAGS)
tests_fuzz_fuzz_control_proto_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_control_proto_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_control_proto_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_defrag_SOURCES = tests/fuzz/fuzz_defrag.c $(FUZZ_COMMON)
tests_fuzz_fuzz_defrag_CPPFLAGS = $(FUZZ_CPPFLAGS)
tests_fuzz_fuzz_defrag_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_defrag_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_defrag_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_mpm_SOURCES = tests/fuzz/fuzz_mpm.c $(FUZZ_COMMON)
tests_fuzz_fuzz_mpm_CPPFLAGS = $(FUZZ_CPPFLAGS)
tests_fuzz_fuzz_mpm_CFLAGS = $(FUZZ_CFLAGS) $(HS_CFLAGS)
tests_fuzz_fuzz_mpm_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_mpm_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_nfq_msg_SOURCES = tests/fuzz/fuzz_nfq_msg.c $(FUZZ_COMMON)
tests_fuzz_fuzz_nfq_msg_CPPFLAGS = $(FUZZ_CPPFLAGS)
tests_fuzz_fuzz_nfq_msg_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_nfq_msg_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_nfq_msg_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_packet_SOURCES = tests/fuzz/fuzz_packet.c $(FUZZ_COMMON)
tests_fuzz_fuzz_packet_CPPFLAGS = $(FUZZ_CPPFLAGS)
tests_fuzz_fuzz_packet_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_packet_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_packet_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_rules_parse_SOURCES = tests/fuzz/fuzz_rules_parse.c $(FUZZ_COMMON)
tests_fuzz_fuzz_rules_parse_CPPFLAGS = $(FUZZ_CPPFLAGS)
tests_fuzz_fuzz_rules_parse_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_rules_parse_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_rules_parse_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_stream_SOURCES = tests/fuzz/fuzz_stream.c $(FUZZ_COMMON)
tests_fuzz_fuzz_stream_CPPFLAGS = $(FUZZ_CPPFLAGS)
tests_fuzz_fuzz_stream_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_stream_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_stream_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_xform_SOURCES = tests/fuzz/fuzz_xform.c $(FUZZ_COMMON)
tests_fuzz_fuzz_xform_CPPFLAGS = $(FUZZ_CPPFLAGS)
tests_fuzz_fuzz_xform_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_xform_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_xform_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_ssh_SOURCES = tests/fuzz/fuzz_ssh.c $(FUZZ_COMMON)
tests_fuzz_fuzz_ssh_CPPFLAGS = $(FUZZ_CPPFLAGS)
tests_fuzz_fuzz_ssh_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_ssh_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_ssh_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_applayer_SOURCES = tests/fuzz/fuzz_applayer.c $(FUZZ_COMMON)
tests_fuzz_fuzz_applayer_CPPFLAGS = $(FUZZ_CPPFLAGS)
tests_fuzz_fuzz_applayer_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_applayer_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_applayer_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_threshold_config_SOURCES = tests/fuzz/fuzz_threshold_config.c $(FUZZ_COMMON)
tests_fuzz_fuzz_threshold_config_CPPFLAGS = $(FUZZ_CPPFLAGS)
tests_fuzz_fuzz_threshold_config_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_threshold_config_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_threshold_config_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_hashlist_SOURCES = tests/fuzz/fuzz_hashlist.c $(FUZZ_COMMON)
tests_fuzz_fuzz_hashlist_CPPFLAGS = $(FUZZ_CPPFLAGS)
tests_fuzz_fuzz_hashlist_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_hashlist_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_hashlist_LDADD = $(FUZZ_LDADD)
tests_fuzz_fuzz_pcap_file_SOURCES = tests/fuzz/fuzz_pcap_file.c $(FUZZ_COMMON)
tests_fuzz_fuzz_pcap_file_CPPFLAGS = $(FUZZ_CPPFLAGS)
tests_fuzz_fuzz_pcap_file_CFLAGS = $(FUZZ_CFLAGS)
tests_fuzz_fuzz_pcap_file_LDFLAGS = $(AM_LDFLAGS) $(FUZZ_LDFLAGS)
tests_fuzz_fuzz_pcap_file_LDADD = $(FUZZ_LDADD)
endif

EXTRA_DIST += \
	bench/fuzz-all \
	tests/fuzz/README.md \
	tests/fuzz/packet.rules \
	tests/fuzz/seeds.py \
	tests/fuzz/seeds_encap.py \
	tests/fuzz/seeds_urgent.py \
	tests/fuzz/config_yaml.dict \
	tests/fuzz/rules_parse.dict \
	tests/fuzz/corpus/config_yaml \
	tests/fuzz/corpus/defrag \
	tests/fuzz/corpus/dns \
	tests/fuzz/corpus/mpm \
	tests/fuzz/corpus/pcap_file \
	tests/fuzz/corpus/nfq_msg \
	tests/fuzz/corpus/packet \
	tests/fuzz/corpus/rules_parse \
	tests/fuzz/corpus/threshold_config \
	tests/fuzz/corpus/tls \
	tests/fuzz/corpus/stream \
	tests/fuzz/corpus/xform \
	tests/fuzz/corpus/ssh \
	tests/fuzz/corpus/applayer \
	tests/fuzz/corpus/hashlist \
	$(NULL)
# tests/fuzz/corpus/control_proto ships from lib/control/local.mk.
