# Offline-mode tests (quelld -r on generated captures); no root needed.
OFFLINE_TESTS = tests/offline/t_offline.sh tests/offline/t_gen_rules.sh \
	tests/offline/t_decode.sh tests/offline/t_engine_analysis.sh \
	tests/offline/t_eve_sockets.sh tests/offline/t_threshold_config.sh \
	tests/offline/t_stream.sh tests/offline/t_applayer.sh \
	tests/offline/t_dnstls_keywords.sh \
	tests/offline/t_defrag_policy.sh tests/offline/t_eve_suricata.sh \
	tests/offline/t_http.sh tests/offline/t_ipsdrop.sh \
	tests/offline/t_eve_xff.sh tests/offline/t_eve_flowvars.sh \
	tests/offline/t_eve_anomaly.sh tests/offline/t_frames.sh \
	tests/offline/t_http_hash_stream.sh tests/offline/t_stream_urgent.sh \
	tests/offline/t_icmp_flows.sh
TESTS += $(OFFLINE_TESTS)
EXTRA_DIST += $(OFFLINE_TESTS) tests/offline/eve_listen.py \
	tests/offline/stream_pcap.py tests/offline/urgent_pcap.py \
	tests/offline/icmp_pcap.py tests/data/icmp/README.md \
	tests/data/icmp/icmp.rules tests/data/icmp/suricata-7.0.6.txt
EXTRA_DIST += tests/data/verify/LICENSE.txt tests/data/verify/README.md \
	tests/data/verify/decode.rules tests/data/verify/flow-age.rules \
	tests/data/verify/decoder-stats-suricata-7.0.6.tsv \
	tests/data/verify/vxlan.pcap tests/data/verify/erspan-typeII.pcap \
	tests/data/verify/nsh-type1.pcap tests/data/verify/nsh-type2.pcap \
	tests/data/verify/sctp.pcap tests/data/verify/teredo.pcap \
	tests/data/verify/chdlc.pcap tests/data/verify/bug-6875-corrupt.pcap \
	tests/data/verify/ipv6-atomic-toobig.pcap \
	tests/data/verify/bug-6269-01-input.pcap \
	tests/data/verify/bug-3286-02-linux-evasion-with_evasion_linux.pcap \
	tests/data/defrag-overlap.pcap tests/data/defrag.rules \
	tests/data/defrag-policies.pcap tests/offline/defrag_policies.py \
	tests/data/verify/bug-78-http-uri-input.pcap \
	tests/data/verify/detect-bsize-0-input.pcap \
	tests/data/verify/http-request-line-input.pcap \
	tests/data/verify/filemagic-flowbits-pdf-dl.pcap \
	tests/data/verify/base64-issue-5223-input.pcap tests/data/http/base64.rules \
	tests/data/verify/alert-testmyids-midstream5-input.pcap \
	tests/data/verify/http-sha256-drop-02-input.pcap \
	tests/data/verify/http-sha256-drop-02-blacklist \
	tests/data/verify/http-sha256-drop-02.rules \
	tests/data/verify/dns-frames-input.pcap \
	tests/data/verify/http-gap-simple-frames-ips-input.pcap \
	tests/data/verify/tcp-urgp-01-oob-tcp-urgent1.pcap \
	tests/data/verify/dcerpc-3109-input.pcap \
	tests/data/http/keywords.rules tests/data/http/keywords-bad.rules \
	tests/data/verify/filemd5-target.pcap \
	tests/data/verify/filemd5-target.md5 \
	tests/data/verify/bug-28-input.pcap tests/data/verify/bug-28-test.rules \
	tests/data/verify/http-double-encoded-uri-input.pcap \
	tests/data/http/mixed.rules
EXTRA_DIST += tests/data/threshold/cases.txt \
	tests/data/threshold/expected.txt \
	tests/data/threshold/eve-drop-all.yaml \
	tests/data/threshold/gen_multi.py \
	tests/data/threshold/multi.pcap \
	tests/data/threshold/multiu.pcap \
	tests/data/threshold/gen_multiu.py \
	tests/data/threshold/hostbits.rules \
	tests/data/threshold/xbits_expire.rules \
	tests/data/threshold/record.sh \
	tests/data/threshold/th.rules \
	tests/data/threshold/th2.rules \
	$(NULL)
EXTRA_DIST += tests/data/eve/cases.txt \
	tests/data/eve/drop-all.yaml \
	tests/data/eve/expected.jsonl \
	tests/data/eve/payload.yaml \
	tests/data/eve/record.sh \
	tests/data/eve/tcp-drop.pcap \
	tests/data/eve/tcp.rules \
	tests/data/eve/dsize.rules \
	tests/data/eve/udp.pcap \
	tests/data/eve/udp.rules \
	tests/data/eve/xff.rules \
	tests/data/eve/flowvar.rules \
	tests/data/eve/anomaly-expected.jsonl \
	tests/data/verify/eve-metadata-01-alert-http-session.pcap \
	tests/data/verify/http-xff-eve-reverse-overwrite-test.pcap \
	$(NULL)
