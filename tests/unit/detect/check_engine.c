/* Unit tests of the detection engine core: the header sticky buffers on
 * decoded packets, fast pattern selection across buffers, per-buffer
 * prefilters, the transaction interface with a fake tx source, and the
 * differential test (grouped engine against a linear scan of every rule,
 * random rules and packets, Hyperscan and Aho-Corasick). */
#include "core/base.h"

#include <sys/socket.h>

#include <check.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/diag.h"
#include "core/packet.h"
#include "decode/decode.h"
#include "applayer/applayer.h"
#include "applayer/dns/dns.h"
#include "applayer/parser.h"
#include "detect/applayer.h"
#include "detect/buffer.h"
#include "detect/engine.h"
#include "detect/tx.h"
#include "flow/flow.h"
#include "rules/ruleset.h"

#include "harness.h"

static uint8_t	raw[256];

static struct packet ipv4(uint8_t, const uint8_t *, size_t,
		    const uint8_t *, size_t);
static struct packet ipv6_hbh_icmpv6(void);
static bool	hit(const char *, const struct packet *);
static char	*analysis(void);
static Suite	*engine_suite(void);

/* Decodes an IPv4 packet: 20-byte header plus opts, then l4 (and for
 * TCP/UDP/ICMP whatever follows in l4). */
static struct packet
ipv4(uint8_t proto, const uint8_t *opts, size_t optlen, const uint8_t *l4,
    size_t l4len)
{
	struct packet p;
	size_t hl = 20 + optlen, tot = hl + l4len;

	ck_assert_uint_le(tot, sizeof(raw));
	memset(raw, 0, sizeof(raw));
	raw[0] = (uint8_t)(0x40 | (hl / 4));
	raw[2] = (uint8_t)(tot >> 8);
	raw[3] = (uint8_t)tot;
	raw[8] = 64;
	raw[9] = proto;
	memcpy(raw + 12, "\x0a\x00\x00\x01\x0a\x00\x00\x02", 8);
	if (optlen > 0)
		memcpy(raw + 20, opts, optlen);
	if (l4len > 0)
		memcpy(raw + hl, l4, l4len);
	memset(&p, 0, sizeof(p));
	p.data = raw;
	p.len = p.wire_len = (uint32_t)tot;
	ck_assert_int_eq(decode_packet(&p), 0);
	return p;
}

/* IPv6 with an 8-byte hop-by-hop header, then an ICMPv6 echo request. */
static struct packet
ipv6_hbh_icmpv6(void)
{
	static const uint8_t hbh[8] = { 58, 0, 1, 4, 0, 0, 0, 0 };
	static const uint8_t echo[12] = { 128, 0, 0, 0, 0, 7, 0, 1,
	    'p', 'i', 'n', 'g' };
	struct packet p;

	memset(raw, 0, sizeof(raw));
	raw[0] = 0x60;
	raw[5] = sizeof(hbh) + sizeof(echo);
	raw[6] = 0;	/* hop-by-hop */
	raw[7] = 64;
	raw[8] = 0x20; raw[9] = 0x01; raw[11] = 0x02; raw[23] = 1;
	raw[24] = 0x20; raw[25] = 0x01; raw[27] = 0x02; raw[39] = 2;
	memcpy(raw + 40, hbh, sizeof(hbh));
	memcpy(raw + 48, echo, sizeof(echo));
	memset(&p, 0, sizeof(p));
	p.data = raw;
	p.len = p.wire_len = 40 + sizeof(hbh) + sizeof(echo);
	ck_assert_int_eq(decode_packet(&p), 0);
	return p;
}

static bool
hit(const char *rule, const struct packet *p)
{
	harness_engine(rule);
	detect_packet(harness_dt, p, &harness_res);
	return harness_res.nalerts == 1;
}

/* The engine analysis of harness_de, as a string (caller frees). */
static char *
analysis(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(detect_engine_analysis(harness_de, f), 0);
	ck_assert_int_eq(fclose(f), 0);
	return buf;
}

static const uint8_t tcp_mss[24] = {
	0x04, 0x00, 0x00, 0x50, 0, 0, 0, 1, 0, 0, 0, 0,
	0x60, 0x02, 0x20, 0x00, 0, 0, 0, 0, 0x02, 0x04, 0x05, 0xb4,
};

/* --- header buffers --- */

START_TEST(test_ipv4_hdr_holds_the_options)
{
	static const uint8_t ra[4] = { 0x94, 0x04, 0x00, 0x00 };
	struct packet p = ipv4(IPPROTO_TCP, ra, sizeof(ra), tcp_mss,
	    sizeof(tcp_mss));

	ck_assert(hit("alert ip any any -> any any (ipv4.hdr; "
	    "content:\"|94 04 00 00|\"; offset:20; depth:4; sid:1;)", &p));
	harness_teardown();
	harness_setup();
	ck_assert(!hit("alert ip any any -> any any (ipv4.hdr; isdataat:24; "
	    "content:\"|45|\"; depth:1; sid:1;)", &p));
}
END_TEST

/* A capture's data starts at the Ethernet header: ipv4.hdr is the IP
 * header after it (ipv4-hdr-keyword in suricata-verify). */
START_TEST(test_ipv4_hdr_follows_the_link_layer)
{
	static const uint8_t udp[8] = { 0x04, 0x00, 0x00, 0x35, 0, 8, 0, 0 };
	uint8_t frame[14 + 28];
	struct packet p = ipv4(IPPROTO_UDP, NULL, 0, udp, sizeof(udp));

	memset(frame, 0, 14);
	frame[12] = 0x08;
	memcpy(frame + 14, raw, 28);
	memset(&p, 0, sizeof(p));
	p.data = frame;
	p.len = p.wire_len = sizeof(frame);
	p.link = PKT_LINK_ETHERNET;
	ck_assert_int_eq(decode_packet(&p), 0);
	ck_assert(hit("alert udp any any -> any any (ipv4.hdr; "
	    "content:\"|45 00|\"; startswith; content:\"|0a 00 00 02|\"; "
	    "endswith; sid:1;)", &p));
}
END_TEST

START_TEST(test_tcp_hdr_holds_the_options)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));

	ck_assert(hit("alert tcp any any -> any any (tcp.hdr; "
	    "content:\"|02 04|\"; offset:20; byte_test:2,=,1460,0,relative; "
	    "sid:1;)", &p));
}
END_TEST

START_TEST(test_udp_hdr_is_eight_bytes)
{
	static const uint8_t udp[12] = { 0x30, 0x39, 0x00, 0x35, 0x00, 12,
	    0, 0, 'd', 'a', 't', 'a' };
	struct packet p = ipv4(IPPROTO_UDP, NULL, 0, udp, sizeof(udp));

	ck_assert(hit("alert udp any any -> any any (udp.hdr; "
	    "content:\"|00 35|\"; offset:2; depth:2; sid:1;)", &p));
	harness_teardown();
	harness_setup();
	ck_assert(!hit("alert udp any any -> any any (udp.hdr; "
	    "content:\"data\"; sid:1;)", &p));
}
END_TEST

START_TEST(test_icmpv4_timestamp_header_has_the_timestamps)
{
	uint8_t ts[20] = { 13, 0, 0, 0, 0, 1, 0, 1 };
	struct packet p;

	memset(ts + 8, 0x11, 12);
	p = ipv4(IPPROTO_ICMP, NULL, 0, ts, sizeof(ts));
	ck_assert(hit("alert icmp any any -> any any (icmpv4.hdr; "
	    "content:\"|11 11 11 11|\"; offset:16; depth:4; sid:1;)", &p));
}
END_TEST

START_TEST(test_icmpv4_echo_header_is_eight_bytes)
{
	static const uint8_t echo[12] = { 8, 0, 0, 0, 0, 1, 0, 1,
	    'a', 'b', 'c', 'd' };
	struct packet p = ipv4(IPPROTO_ICMP, NULL, 0, echo, sizeof(echo));

	ck_assert(!hit("alert icmp any any -> any any (icmpv4.hdr; "
	    "content:\"abcd\"; sid:1;)", &p));
}
END_TEST

START_TEST(test_ipv6_hdr_holds_the_extension_headers)
{
	struct packet p = ipv6_hbh_icmpv6();

	ck_assert(hit("alert ip any any -> any any (ipv6.hdr; "
	    "content:\"|3a 00 01 04|\"; offset:40; depth:4; sid:1;)", &p));
	harness_teardown();
	harness_setup();
	ck_assert(hit("alert icmpv6 any any -> any any (icmpv6.hdr; "
	    "content:\"|80 00|\"; depth:2; content:\"|00 07 00 01|\"; "
	    "distance:2; within:4; isdataat:!1,relative; sid:1;)", &p));
}
END_TEST

START_TEST(test_ipv4_hdr_rule_does_not_match_ipv6)
{
	struct packet p = ipv6_hbh_icmpv6();

	ck_assert(!hit("alert ip any any -> any any (ipv4.hdr; "
	    "content:\"|60|\"; depth:1; sid:1;)", &p));
}
END_TEST

START_TEST(test_icmpv4_hdr_needs_a_rule_for_icmp)
{
	struct ruleset *rs = rules_ruleset_new();

	ck_assert_int_eq(rules_load_string(rs, "t.rules",
	    "alert tcp any any -> any any (icmpv4.hdr; content:\"a\"; "
	    "sid:1;)\n", NULL, &harness_dl), 0);
	ck_assert_uint_gt(harness_dl.errors, 0);
	rules_ruleset_free(rs);
}
END_TEST

/* --- fast pattern selection and per-buffer prefilters --- */

START_TEST(test_pkt_data_pattern_wins_over_a_longer_header_pattern)
{
	char *a;

	harness_engine("alert tcp any any -> any any (content:\"GET\"; "
	    "tcp.hdr; content:\"|00 50 00 00 00 01|\"; sid:1;)");
	a = analysis();
	ck_assert_ptr_nonnull(strstr(a, "fast pattern: \"GET\" buffer "
	    "pkt_data length 3"));
	free(a);
}
END_TEST

START_TEST(test_header_only_rule_prefilters_on_its_header)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));
	struct detect_stats st;
	char *a;

	harness_engine("alert tcp any any -> any any (tcp.hdr; "
	    "content:\"|02 04 05 b4|\"; sid:1;)\n"
	    "alert tcp any any -> any any (tcp.hdr; content:\"|02 04 05 b5|\"; "
	    "sid:2;)");
	a = analysis();
	ck_assert_ptr_nonnull(strstr(a, "buffer tcp.hdr length 4"));
	ck_assert_ptr_nonnull(strstr(a, "prefilter tcp.hdr: 2 patterns (2 "
	    "of the group's), 2 rules"));
	free(a);
	detect_packet(harness_dt, &p, &harness_res);
	detect_thread_stats(harness_dt, &st);
	ck_assert_uint_eq(harness_res.nalerts, 1);
	ck_assert_uint_eq(harness_res.alerts[0].sid, 1);
	ck_assert_uint_eq(st.candidates, 1);
}
END_TEST

START_TEST(test_rule_is_no_candidate_when_its_pattern_buffer_is_absent)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));
	struct detect_stats st;

	harness_engine("alert tcp any any -> any any (content:\"abc\"; "
	    "sid:1;)");
	detect_packet(harness_dt, &p, &harness_res);
	detect_thread_stats(harness_dt, &st);
	ck_assert_uint_eq(st.prefilter_scans, 0);
	ck_assert_uint_eq(st.rules_checked, 0);
}
END_TEST

START_TEST(test_analysis_warns_about_rules_without_fast_pattern)
{
	char *a;

	harness_engine("alert tcp any any -> any 80 (flags:S; sid:7;)\n"
	    "alert tcp any any -> any any (content:\"ab\"; sid:8;)");
	a = analysis();
	ck_assert_ptr_nonnull(strstr(a, "sid 7 rev 0 gid 1"));
	ck_assert_ptr_nonnull(strstr(a, "warning: no content"));
	ck_assert_ptr_nonnull(strstr(a, "warning: fast pattern of 2 "
	    "byte(s)"));
	ck_assert_ptr_nonnull(strstr(a, "tcp to_server ports 80-80: group"));
	ck_assert_ptr_nonnull(strstr(a, "== summary"));
	free(a);
}
END_TEST

START_TEST(test_profile_bounds_the_port_groups)
{
	struct detect_engine_opts o;
	struct detect_engine_info info[2];
	struct ruleset *rs;
	char rules[64 * 80] = "";

	for (int i = 0; i < 60; i++) {
		char line[80];

		snprintf(line, sizeof(line), "alert tcp any any -> any %d "
		    "(content:\"p%d\"; sid:%d;)\n", 1000 + i, i, i + 1);
		strcat(rules, line);
	}
	for (int k = 0; k < 2; k++) {
		struct detect_engine *de;

		detect_engine_opts_default(&o);
		detect_engine_opts_profile(&o, k == 0 ? DETECT_PROFILE_LOW :
		    DETECT_PROFILE_HIGH, 0, 0);
		rs = rules_ruleset_new();
		ck_assert_int_eq(rules_load_string(rs, "t.rules", rules, NULL,
		    &harness_dl), 0);
		de = detect_engine_build_opts(rs, &o, &harness_dl);
		ck_assert_ptr_nonnull(de);
		detect_engine_info(de, &info[k]);
		detect_engine_free(de);
	}
	/* low: 25 to the server (24 ports and the rest); high: all 60 */
	ck_assert_uint_lt(info[0].groups, info[1].groups);
	ck_assert_uint_le(info[0].groups, 25 + 5 * 2);
	ck_assert_uint_ge(info[1].groups, 61);
}
END_TEST

/* --- frames (the frame keyword) through a fake frame source --- */

static struct detect_frame ff[3];
static uint32_t nff;
static uint32_t ff_det[3][DETECT_FRAME_DET_MAX];
static uint8_t ff_ndet[3];
static struct detect_tx_source fsrc;
static struct flow fflow;

static bool
fake_frame_get(const struct packet *p, uint8_t dir, uint32_t idx,
    struct detect_frame *out)
{
	(void)p;
	if (idx >= nff || ff[idx].dir != dir)
		return false;
	*out = ff[idx];
	return true;
}

/* Frame idx: a DNS message "bytes" in the to-server direction. */
static void
frame_set(uint32_t idx, uint16_t alproto, uint8_t type, const char *bytes,
    bool complete)
{
	memset(&ff[idx], 0, sizeof(ff[idx]));
	ff[idx].alproto = alproto;
	ff[idx].type = type;
	ff[idx].dir = DETECT_TX_TOSERVER;
	ff[idx].type_name = "pdu";
	ff[idx].id = 5 + idx;
	ff[idx].offset = 100 * idx;
	ff[idx].len = complete ? (int64_t)strlen(bytes) : -1;
	ff[idx].data = (const uint8_t *)bytes;
	ff[idx].data_len = (uint32_t)strlen(bytes);
	ff[idx].complete = complete;
	ff[idx].start = true;
	ff[idx].data_offset = ff[idx].offset;
	ff[idx].det = ff_det[idx];
	ff[idx].ndet = &ff_ndet[idx];
	ff_ndet[idx] = 0;
	if (idx + 1 > nff)
		nff = idx + 1;
}

static void
frame_setup(void)
{
	char err[256];

	harness_setup();
	ck_assert_int_eq(detect_applayer_register(err, sizeof(err)), 0);
	nff = 0;
	memset(&fsrc, 0, sizeof(fsrc));
	fsrc.frame_get = fake_frame_get;
	memset(&fflow, 0, sizeof(fflow));
	fflow.alproto = APPLAYER_PROTO_DNS;
}

/* A UDP packet of the fake flow (to the server). */
static unsigned
frame_alerts(const struct packet *tmpl)
{
	struct packet p = *tmpl;

	p.flow = &fflow;
	p.flow_flags = PKT_FLOW_TO_SERVER;
	detect_packet_tx(harness_dt, &p, &fsrc, &harness_res);
	return harness_res.nalerts;
}

static const uint8_t udp53[12] = { 0x04, 0x00, 0x00, 0x35, 0, 12, 0, 0,
    'x', 'x', 'x', 'x' };

START_TEST(test_frame_rule_inspects_the_frame_bytes)
{
	struct packet p = ipv4(IPPROTO_UDP, NULL, 0, udp53, sizeof(udp53));
	const struct detect_alert *a;

	harness_engine("alert udp any any -> any any (frame:dns.pdu; "
	    "content:\"suricata\"; offset:2; sid:1;)");
	frame_set(0, APPLAYER_PROTO_DNS, 0, "..suricata", true);
	ck_assert_uint_eq(frame_alerts(&p), 1);
	a = &harness_res.alerts[0];
	ck_assert(a->has_frame);
	ck_assert_str_eq(a->frame.type, "pdu");
	ck_assert_uint_eq(a->frame.dir, DETECT_TX_TOSERVER);
	ck_assert_uint_eq(a->frame.id, 5);
	ck_assert(a->frame.complete);
	ck_assert_uint_eq(a->frame.data_len, 10);
	/* the packet's payload is not the frame */
	frame_set(0, APPLAYER_PROTO_DNS, 0, ".suricata", true);
	ck_assert_uint_eq(frame_alerts(&p), 0);
}
END_TEST

START_TEST(test_frame_rule_alerts_once_per_frame)
{
	struct packet p = ipv4(IPPROTO_UDP, NULL, 0, udp53, sizeof(udp53));

	harness_engine("alert udp any any -> any any (frame:dns.pdu; "
	    "content:\"evil\"; sid:1;)");
	frame_set(0, APPLAYER_PROTO_DNS, 0, "an evil", true);
	frame_set(1, APPLAYER_PROTO_DNS, 0, "evil too", true);
	ck_assert_uint_eq(frame_alerts(&p), 2);
	ck_assert_uint_eq(harness_res.alerts[1].frame.id, 6);
	ck_assert_uint_eq(frame_alerts(&p), 0);
}
END_TEST

START_TEST(test_frame_rule_sees_only_its_frame_type)
{
	struct packet p = ipv4(IPPROTO_UDP, NULL, 0, udp53, sizeof(udp53));

	harness_engine("alert udp any any -> any any (frame:dns.pdu; "
	    "content:\"evil\"; sid:1;)");
	/* tls.hdr (type 1) of a TLS flow, and a DNS rule's protocol */
	frame_set(0, APPLAYER_PROTO_TLS, 1, "evil", true);
	ck_assert_uint_eq(frame_alerts(&p), 0);
	fflow.alproto = APPLAYER_PROTO_TLS;
	ck_assert_uint_eq(frame_alerts(&p), 0);
}
END_TEST

START_TEST(test_partial_frame_leaves_endswith_undecided)
{
	struct packet p = ipv4(IPPROTO_UDP, NULL, 0, udp53, sizeof(udp53));

	harness_engine("alert udp any any -> any any (frame:dns.pdu; "
	    "content:\"evil\"; endswith; sid:1;)\n"
	    "alert udp any any -> any any (frame:dns.pdu; "
	    "content:\"an\"; startswith; sid:2;)");
	frame_set(0, APPLAYER_PROTO_DNS, 0, "an evil", false);
	ck_assert_uint_eq(frame_alerts(&p), 1);
	ck_assert_uint_eq(harness_res.alerts[0].sid, 2);
	ck_assert(!harness_res.alerts[0].frame.complete);
	/* the rest came: the frame is whole; sid 2 matched already */
	ff[0].complete = true;
	ff[0].len = 7;
	ck_assert_uint_eq(frame_alerts(&p), 1);
	ck_assert_uint_eq(harness_res.alerts[0].sid, 1);
}
END_TEST

/* A window of a long frame (its start released after an inspection):
 * anchors at the start are undecided, plain contents are searched. */
START_TEST(test_frame_window_without_start_leaves_start_anchors_undecided)
{
	struct packet p = ipv4(IPPROTO_UDP, NULL, 0, udp53, sizeof(udp53));

	harness_engine("alert udp any any -> any any (frame:dns.pdu; "
	    "content:\"evil\"; startswith; sid:1;)\n"
	    "alert udp any any -> any any (frame:dns.pdu; "
	    "content:!\"good\"; offset:0; depth:4; sid:2;)\n"
	    "alert udp any any -> any any (frame:dns.pdu; "
	    "content:\"evil\"; sid:3;)");
	frame_set(0, APPLAYER_PROTO_DNS, 0, "evil bytes", false);
	ff[0].start = false;
	ff[0].data_offset = 4000;
	ck_assert_uint_eq(frame_alerts(&p), 1);
	ck_assert_uint_eq(harness_res.alerts[0].sid, 3);
	ck_assert_uint_eq(harness_res.alerts[0].frame.data_offset, 4000);
}
END_TEST

/* Transforms follow frame as any sticky buffer, per frame. */
START_TEST(test_transforms_apply_to_each_frame)
{
	struct packet p = ipv4(IPPROTO_UDP, NULL, 0, udp53, sizeof(udp53));

	harness_engine("alert udp any any -> any any (frame:dns.pdu; "
	    "to_lowercase; content:\"evil\"; sid:1;)");
	frame_set(0, APPLAYER_PROTO_DNS, 0, "an EVIL one", true);
	frame_set(1, APPLAYER_PROTO_DNS, 0, "a good one", true);
	frame_set(2, APPLAYER_PROTO_DNS, 0, "Evil too", true);
	ck_assert_uint_eq(frame_alerts(&p), 2);
	ck_assert_uint_eq(harness_res.alerts[0].frame.id, 5);
	ck_assert_uint_eq(harness_res.alerts[1].frame.id, 7);
}
END_TEST

START_TEST(test_bare_frame_type_is_of_the_rules_protocol)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));

	harness_engine("alert tls any any -> any any (frame:pdu; "
	    "content:\"|17 03 03|\"; startswith; sid:1;)");
	fflow.alproto = APPLAYER_PROTO_TLS;
	frame_set(0, APPLAYER_PROTO_TLS, 0, "\x17\x03\x03\x01x", true);
	ck_assert_uint_eq(frame_alerts(&p), 1);
}
END_TEST

START_TEST(test_bad_frame_values_are_errors_and_the_rest_loads)
{
	struct ruleset *rs = rules_ruleset_new();
	struct rules_stats st;

	ck_assert_ptr_nonnull(rs);
	(void)rules_load_string(rs, "test.rules",
	    "alert udp any any -> any any (frame:dns.nope; content:\"a\"; sid:1;)\n"
	    "alert http any any -> any any (frame:tls.pdu; content:\"a\"; sid:2;)\n"
	    "alert udp any any -> any any (frame:pdu; content:\"a\"; sid:3;)\n"
	    "alert udp any any -> any any (frame; content:\"a\"; sid:4;)\n"
	    "alert udp any any -> any any (frame:DNS.PDU; content:\"a\"; sid:5;)\n",
	    NULL, &harness_dl);
	rules_ruleset_stats(rs, &st);
	ck_assert_uint_eq(st.loaded, 1);
	ck_assert_uint_eq(st.failed, 4);
	ck_assert_uint_ge(harness_dl.errors, 4);
	ck_assert_uint_eq(harness_dl.items[0].line, 1);
	ck_assert_ptr_nonnull(strstr(harness_dl.items[0].msg,
	    "unknown frame type"));
	rules_ruleset_free(rs);
}
END_TEST

START_TEST(test_engine_says_when_it_wants_frames)
{
	harness_engine("alert udp any any -> any any (content:\"a\"; sid:1;)");
	ck_assert(!detect_thread_wants_frames(harness_dt));
	harness_engine("alert udp any any -> any any (frame:dns.pdu; "
	    "content:\"a\"; sid:1;)");
	ck_assert(detect_thread_wants_frames(harness_dt));
}
END_TEST

/* Parsers record only the frame types rules inspect. */
START_TEST(test_engine_names_the_frame_types_its_rules_inspect)
{
	harness_engine("alert udp any any -> any any (frame:dns.pdu; "
	    "content:\"a\"; sid:1;)\n"
	    "alert tls any any -> any any (frame:tls.hdr; content:\"a\"; "
	    "sid:2;)\n"
	    "alert tls any any -> any any (frame:tls.alert; content:\"a\"; "
	    "sid:3;)");
	ck_assert_uint_eq(detect_thread_frame_types(harness_dt,
	    APPLAYER_PROTO_DNS), 1u << 0);
	/* tls.hdr and tls.alert: types 1 and 3 */
	ck_assert_uint_eq(detect_thread_frame_types(harness_dt,
	    APPLAYER_PROTO_TLS), 1u << 1 | 1u << 3);
	ck_assert_uint_eq(detect_thread_frame_types(harness_dt,
	    APPLAYER_PROTO_HTTP1), 0);
}
END_TEST

/* --- transactions through a fake tx source --- */

struct fake_tx {
	uint64_t	 id;
	int		 progress;
	const char	*data;
	void		*slot;
};

struct fake_state {
	struct fake_tx	 tx[4];
	uint64_t	 n;
};

#define FAKE_ALPROTO	9

static int	fake_buffer_id;

static bool
fake_get(void *tx, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	struct fake_tx *t = tx;

	if (dir != DETECT_TX_TOSERVER || t->data == NULL)
		return false;
	*buf = (const uint8_t *)t->data;
	*len = (uint32_t)strlen(t->data);
	return true;
}

static uint64_t
fake_count(void *state)
{
	return ((struct fake_state *)state)->n;
}

static void *
fake_tx_get(void *state, uint64_t i)
{
	return &((struct fake_state *)state)->tx[i];
}

static uint64_t
fake_id(void *state, void *tx)
{
	return ((struct fake_tx *)tx)->id;
}

static int
fake_progress(void *tx, uint8_t dir)
{
	return ((struct fake_tx *)tx)->progress;
}

static void **
fake_slot(void *ctx, void *tx)
{
	return &((struct fake_tx *)tx)->slot;
}

static struct fake_state fs;
static struct detect_tx_source src;

static void
tx_setup(void)
{
	static const struct detect_buffer b = {
		.name = "test.tx", .scope = DETECT_BUFFER_SCOPE_TX,
		.dirs = DETECT_BUFFER_TOSERVER, .fp_priority = 2,
		.alproto = FAKE_ALPROTO, .progress = { 2, 2 },
		.get_tx = fake_get,
	};

	harness_setup();
	fake_buffer_id = detect_buffer_register(&b);
	ck_assert_int_ge(fake_buffer_id, DETECT_BUFFER_MAX);
	memset(&fs, 0, sizeof(fs));
	memset(&src, 0, sizeof(src));
	src.state = &fs;
	src.alproto = FAKE_ALPROTO;
	src.tx_count = fake_count;
	src.tx_get = fake_tx_get;
	src.tx_id = fake_id;
	src.progress = fake_progress;
	src.complete[0] = src.complete[1] = 3;
	src.detect_slot = fake_slot;
}

static void
tx_teardown(void)
{
	for (int i = 0; i < 4; i++)
		detect_tx_state_free(fs.tx[i].slot);
	harness_teardown();
}

static const char tx_rule[] = "alert tcp any any -> any any (test.tx; "
    "content:\"evil\"; sid:1;)";

START_TEST(test_tx_rule_alerts_once_per_transaction)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));

	harness_engine(tx_rule);
	fs.n = 2;
	fs.tx[0] = (struct fake_tx){ .id = 4, .progress = 3, .data = "an evil" };
	fs.tx[1] = (struct fake_tx){ .id = 5, .progress = 2, .data = "evil" };
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 2);
	ck_assert(harness_res.alerts[0].has_tx);
	ck_assert_uint_eq(harness_res.alerts[0].tx_id, 4);
	ck_assert_uint_eq(harness_res.alerts[1].tx_id, 5);
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 0);
}
END_TEST

/* Suricata's alert queue, in engine order, stops at a pass: a pass of a
 * transaction rule undoes the drop and the alerts of the packet rules
 * after it (bug-6149: an allow-listed TLS SNI beside a default drop). */
START_TEST(test_tx_pass_undoes_the_later_packet_rules)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));

	harness_engine("pass tcp any any -> any any (test.tx; "
	    "content:\"good\"; sid:1;)\n"
	    "drop tcp any any -> any any (sid:2;)\n"
	    "alert tcp any any -> any any (sid:3;)\n");
	fs.n = 1;
	fs.tx[0] = (struct fake_tx){ .id = 1, .progress = 3, .data = "evil" };
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	ck_assert_int_eq(harness_res.verdict, DETECT_VERDICT_DROP);
	ck_assert_uint_eq(harness_res.nalerts, 2);
	/* the next packet: a second transaction the pass matches */
	fs.n = 2;
	fs.tx[1] = (struct fake_tx){ .id = 2, .progress = 3, .data = "good" };
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	ck_assert(harness_res.pass);
	ck_assert_int_eq(harness_res.verdict, DETECT_VERDICT_ACCEPT);
	ck_assert_uint_eq(harness_res.nalerts, 0);
	ck_assert(!harness_res.has_drop_alert);
}
END_TEST

START_TEST(test_tx_rule_waits_for_the_buffer_progress)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));

	harness_engine("alert tcp any any -> any any (test.tx; "
	    "content:!\"good\"; sid:1;)");
	fs.n = 1;
	fs.tx[0] = (struct fake_tx){ .id = 1, .progress = 1, .data = "ev" };
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 0);
	fs.tx[0].progress = 2;
	fs.tx[0].data = "evil";
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 1);
}
END_TEST

START_TEST(test_tx_rule_needs_its_app_protocol)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));

	harness_engine(tx_rule);
	fs.n = 1;
	fs.tx[0] = (struct fake_tx){ .id = 1, .progress = 3, .data = "evil" };
	src.alproto = FAKE_ALPROTO + 1;
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 0);
	detect_packet(harness_dt, &p, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 0);
}
END_TEST

START_TEST(test_finished_tx_is_not_inspected_again)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));
	struct detect_stats st;

	harness_engine(tx_rule);
	fs.n = 1;
	fs.tx[0] = (struct fake_tx){ .id = 1, .progress = 3, .data = "good" };
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	detect_thread_stats(harness_dt, &st);
	ck_assert_uint_eq(st.txs_inspected, 1);
	ck_assert_uint_eq(harness_res.nalerts, 0);
}
END_TEST

/* tx_next over the fake state: the first tx whose id is >= *id. */
static void *
fake_next(void *state, uint64_t *id)
{
	struct fake_state *st = state;

	for (uint64_t i = 0; i < st->n; i++) {
		if (st->tx[i].id >= *id) {
			*id = st->tx[i].id;
			return &st->tx[i];
		}
	}
	return NULL;
}

/* Three txs, the middle one still in progress and the last one
 * complete before it (out of order): the walk's position stops at the
 * middle one, the last alerts once, and the middle one alerts when it
 * completes; then the position is past all three. */
static void
walk_out_of_order(bool with_next)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));
	uint64_t walk[3] = { 0 };
	struct detect_stats st;

	harness_engine(tx_rule);
	src.walk = walk;
	src.tx_next = with_next ? fake_next : NULL;
	fs.n = 3;
	fs.tx[0] = (struct fake_tx){ .id = 7, .progress = 3, .data = "good" };
	fs.tx[1] = (struct fake_tx){ .id = 8, .progress = 1, .data = "ev" };
	fs.tx[2] = (struct fake_tx){ .id = 9, .progress = 3, .data = "evil" };
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 1);
	ck_assert_uint_eq(harness_res.alerts[0].tx_id, 9);
	ck_assert_uint_eq(walk[1 + DETECT_TX_TOSERVER], 8);
	fs.tx[1].progress = 3;
	fs.tx[1].data = "evil";
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 1);
	ck_assert_uint_eq(harness_res.alerts[0].tx_id, 8);
	ck_assert_uint_eq(walk[1 + DETECT_TX_TOSERVER], 10);
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 0);
	/* 3 on the first packet, the middle one on the second, none on
	 * the third */
	detect_thread_stats(harness_dt, &st);
	ck_assert_uint_eq(st.txs_inspected, 4);
}

START_TEST(test_tx_walk_starts_at_the_first_tx_not_done)
{
	walk_out_of_order(false);
}
END_TEST

START_TEST(test_tx_walk_through_tx_next_starts_at_the_first_tx_not_done)
{
	walk_out_of_order(true);
}
END_TEST

/* The same buffer bytes in tx after tx (a remembered scan replayed)
 * select the same rules; other bytes do not inherit them. */
START_TEST(test_repeated_buffer_bytes_select_the_same_rules)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));

	harness_engine("alert tcp any any -> any any (test.tx; "
	    "content:\"evil\"; sid:1;)\nalert tcp any any -> any any (test.tx; "
	    "content:\"good\"; sid:2;)\n");
	fs.n = 4;
	fs.tx[0] = (struct fake_tx){ .id = 1, .progress = 3, .data = "an evil" };
	fs.tx[1] = (struct fake_tx){ .id = 2, .progress = 3, .data = "an evil" };
	fs.tx[2] = (struct fake_tx){ .id = 3, .progress = 3, .data = "an evi" };
	fs.tx[3] = (struct fake_tx){ .id = 4, .progress = 3,
	    .data = "an evil good" };
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 4);
	ck_assert_uint_eq(harness_res.alerts[0].tx_id, 1);
	ck_assert_uint_eq(harness_res.alerts[1].tx_id, 2);
	ck_assert_uint_eq(harness_res.alerts[2].tx_id, 4);
	ck_assert_uint_eq(harness_res.alerts[3].tx_id, 4);
	/* a new tx in the first one's place (its state goes with it) */
	detect_tx_state_free(fs.tx[0].slot);
	fs.n = 1;
	fs.tx[0] = (struct fake_tx){ .id = 5, .progress = 3, .data = "an evil" };
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 1);
	ck_assert_uint_eq(harness_res.alerts[0].sid, 1);
}
END_TEST

/* More rules done with a tx than its state holds without an
 * allocation: each still alerts once. */
START_TEST(test_tx_rules_past_the_inline_marks_alert_once_each)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));
	char rules[2048];
	size_t n = 0;

	for (int i = 1; i <= 12; i++)
		n += (size_t)snprintf(rules + n, sizeof(rules) - n,
		    "alert tcp any any -> any any (test.tx; content:\"evil\"; "
		    "sid:%d;)\n", i);
	harness_engine(rules);
	fs.n = 1;
	fs.tx[0] = (struct fake_tx){ .id = 1, .progress = 2, .data = "evil" };
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 12);
	fs.tx[0].progress = 3;
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 0);
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 0);
}
END_TEST

/* A position another engine left (a reload) counts for nothing: the new
 * rules see every tx the flow holds. */
START_TEST(test_tx_walk_of_another_engine_starts_at_the_oldest_tx)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));
	uint64_t walk[3] = { 0 };

	harness_engine(tx_rule);
	src.walk = walk;
	src.tx_next = fake_next;
	fs.n = 1;
	fs.tx[0] = (struct fake_tx){ .id = 3, .progress = 3, .data = "evil" };
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 1);
	ck_assert_uint_eq(walk[1 + DETECT_TX_TOSERVER], 4);
	harness_engine(tx_rule);
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 1);
	ck_assert_uint_eq(walk[1 + DETECT_TX_TOSERVER], 4);
}
END_TEST

START_TEST(test_legacy_modifier_moves_the_content_into_a_buffer)
{
	struct ruleset *rs = rules_ruleset_new();
	struct rule **rules;
	size_t n;

	ck_assert_int_eq(rules_load_string(rs, "t.rules",
	    "alert tcp any any -> any any (content:\"a\"; content:\"b\"; "
	    "sid:1;)\n", NULL, &harness_dl), 0);
	rules_ruleset_take(rs, &rules, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(detect_buffer_move_last_content(rules[0],
	    (enum detect_buffer_id)fake_buffer_id), 0);
	ck_assert_uint_eq(rules[0]->matches[rules[0]->nmatches - 1].buffer,
	    fake_buffer_id);
	ck_assert_uint_eq(rules[0]->matches[0].buffer, DETECT_BUFFER_PAYLOAD);
	rules_rule_free(rules[0]);
	free(rules);
	rules_ruleset_free(rs);
}
END_TEST

/* --- the app-layer glue, multi-buffers and transforms, through a fake
 * parser (the real parsers arrive with lib/applayer/<proto>/) --- */

#define MULTI_PROTO	((enum applayer_proto)29)
#define MULTI_VALUES	4

struct mtx {
	uint64_t	 id;
	int		 progress;
	const char	*one;
	const char	*many[MULTI_VALUES];
	const char	*windows[3];	/* test.window: windows[win] now */
	unsigned	 win;
	unsigned	 inspected;	/* test.window's inspected() calls */
	struct applayer_txdata td;
};

struct mstate {
	struct mtx	 tx[4];
	uint64_t	 n;
};

static bool
m_get_one(void *tx, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	const struct mtx *t = tx;

	if (t->one == NULL)
		return false;
	*buf = (const uint8_t *)t->one;
	*len = (uint32_t)strlen(t->one);
	return true;
}

static bool
m_get_many(void *tx, uint8_t dir, uint32_t idx, const uint8_t **buf,
    uint32_t *len)
{
	const struct mtx *t = tx;

	if (idx >= MULTI_VALUES || t->many[idx] == NULL)
		return false;
	*buf = (const uint8_t *)t->many[idx];
	*len = (uint32_t)strlen(t->many[idx]);
	return true;
}

static bool
m_get_window(void *tx, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	const struct mtx *t = tx;

	if (t->win >= 3 || t->windows[t->win] == NULL)
		return false;
	*buf = (const uint8_t *)t->windows[t->win];
	*len = (uint32_t)strlen(t->windows[t->win]);
	return true;
}

/* As a progressive body: the next window once this one is inspected. */
static void
m_window_inspected(void *tx, uint8_t dir, uint32_t idx)
{
	struct mtx *t = tx;

	ck_assert_uint_eq(idx, 0);
	t->inspected++;
	t->win++;
}

static uint64_t
m_count(void *state)
{
	return ((struct mstate *)state)->n;
}

static void *
m_tx_get(void *state, uint64_t i)
{
	return &((struct mstate *)state)->tx[i];
}

static uint64_t
m_id(void *state, void *tx)
{
	return ((struct mtx *)tx)->id;
}

static int
m_progress(void *tx, uint8_t dir)
{
	return ((struct mtx *)tx)->progress;
}

static struct applayer_txdata *
m_txdata(void *tx)
{
	return &((struct mtx *)tx)->td;
}

static const struct applayer_buffer mbufs[] = {
	{ .name = "test.one", .desc = "one value", .progress = 1,
	    .dirs = 1u << APPLAYER_TOSERVER, .get = m_get_one },
	{ .name = "test.many", .desc = "several values", .progress = 1,
	    .dirs = (1u << APPLAYER_TOSERVER) | (1u << APPLAYER_TOCLIENT),
	    .get_multi = m_get_many },
	{ .name = "test.window", .desc = "a progressive body", .progress = 1,
	    .dirs = 1u << APPLAYER_TOSERVER, .get = m_get_window,
	    .inspected = m_window_inspected },
};

static const struct applayer_parser mparser = {
	.name = "test",
	.proto = MULTI_PROTO,
	.tx_count = m_count,
	.tx_get = m_tx_get,
	.tx_id = m_id,
	.tx_progress = m_progress,
	.complete = { 2, 2 },
	.tx_data = m_txdata,
	.buffers = mbufs,
	.nbuffers = QUELL_NITEMS(mbufs),
};

static struct mstate ms;
static struct detect_tx_source msrc;

static void
multi_setup(void)
{
	char err[256];

	harness_setup();
	ck_assert_int_eq(detect_applayer_register_parser(&mparser, err,
	    sizeof(err)), 0);
	memset(&ms, 0, sizeof(ms));
	detect_applayer_tx_source(&mparser, &ms, &msrc);
}

static void
multi_teardown(void)
{
	for (int i = 0; i < 4; i++)
		detect_tx_state_free(ms.tx[i].td.detect_state);
	harness_teardown();
}

/* One tx with one (may be NULL) and up to four many values. */
static void
mtx_set(const char *one, const char *m0, const char *m1, const char *m2)
{
	memset(&ms, 0, sizeof(ms));
	ms.n = 1;
	ms.tx[0].id = 1;
	ms.tx[0].progress = 2;
	ms.tx[0].one = one;
	ms.tx[0].many[0] = m0;
	ms.tx[0].many[1] = m0 != NULL ? m1 : NULL;
	ms.tx[0].many[2] = m0 != NULL && m1 != NULL ? m2 : NULL;
}

static unsigned
mtx_alerts(const char *rules)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));

	harness_engine(rules);
	detect_packet_tx(harness_dt, &p, &msrc, &harness_res);
	return harness_res.nalerts;
}

START_TEST(test_glue_registers_parser_buffers)
{
	const struct detect_buffer *one = detect_buffer_by_name("test.one",
	    8), *many = detect_buffer_by_name("test.many", 9);
	char err[256];

	ck_assert_ptr_nonnull(one);
	ck_assert_ptr_nonnull(many);
	ck_assert_uint_eq(one->scope, DETECT_BUFFER_SCOPE_TX);
	ck_assert_uint_eq(one->alproto, MULTI_PROTO);
	ck_assert_uint_eq(one->dirs, DETECT_BUFFER_TOSERVER);
	ck_assert_uint_eq(many->dirs, DETECT_BUFFER_BOTH);
	ck_assert_int_eq(many->progress[DETECT_TX_TOCLIENT], 1);
	ck_assert_ptr_null(many->get_tx);
	ck_assert_ptr_nonnull(many->get_tx_multi);
	ck_assert_ptr_nonnull(detect_buffer_sticky_lookup("test.many", 9));
	/* again: kept, not a clash */
	ck_assert_int_eq(detect_applayer_register_parser(&mparser, err,
	    sizeof(err)), 0);
}
END_TEST

START_TEST(test_glue_slot_is_the_txdata_detect_state)
{
	mtx_set("evil", NULL, NULL, NULL);
	ck_assert_uint_eq(mtx_alerts("alert tcp any any -> any any "
	    "(test.one; content:\"evil\"; sid:1;)"), 1);
	ck_assert_ptr_nonnull(ms.tx[0].td.detect_state);
	/* the state says done: no second alert */
	detect_packet_tx(harness_dt, &(struct packet){ 0 }, &msrc,
	    &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 0);
}
END_TEST

START_TEST(test_multi_buffer_matches_when_one_value_matches)
{
	mtx_set(NULL, "foo", "bar", "evil.example");
	ck_assert_uint_eq(mtx_alerts("alert tcp any any -> any any "
	    "(test.many; content:\"evil\"; startswith; sid:1;)"), 1);
}
END_TEST

START_TEST(test_multi_buffer_values_are_inspected_apart)
{
	mtx_set(NULL, "xab", "cd", NULL);
	ck_assert_uint_eq(mtx_alerts("alert tcp any any -> any any "
	    "(test.many; content:\"b\"; content:\"c\"; distance:0; sid:1;)\n"
	    "alert tcp any any -> any any (test.many; content:\"bc\"; "
	    "sid:2;)\n"
	    "alert tcp any any -> any any (test.many; content:\"cd\"; "
	    "startswith; endswith; sid:3;)"), 1);
	ck_assert_uint_eq(harness_res.alerts[0].sid, 3);
}
END_TEST

START_TEST(test_multi_buffer_prefilter_scans_every_value)
{
	struct detect_stats st;

	mtx_set(NULL, "aaaa", "bbbb", "xx-needle-xx");
	ck_assert_uint_eq(mtx_alerts("alert tcp any any -> any any "
	    "(test.many; content:\"needle\"; sid:1;)\n"
	    "alert tcp any any -> any any (test.many; content:\"other\"; "
	    "sid:2;)"), 1);
	detect_thread_stats(harness_dt, &st);
	ck_assert_uint_eq(st.prefilter_scans, 3);
	ck_assert_uint_eq(st.candidates, 1);
	ck_assert_uint_eq(st.rules_checked, 1);
}
END_TEST

START_TEST(test_multi_buffer_with_no_values_matches_nothing)
{
	mtx_set("x", NULL, NULL, NULL);
	ck_assert_uint_eq(mtx_alerts("alert tcp any any -> any any "
	    "(test.many; content:!\"a\"; sid:1;)"), 0);
}
END_TEST

START_TEST(test_transforms_run_in_order_before_the_keywords)
{
	/* decoding after lowering leaves the decoded "A": sid 2 fails */
	mtx_set("GeT /A%41+B", NULL, NULL, NULL);
	ck_assert_uint_eq(mtx_alerts("alert tcp any any -> any any "
	    "(test.one; url_decode; to_lowercase; content:\"get /aa b\"; "
	    "startswith; endswith; sid:1;)\n"
	    "alert tcp any any -> any any (test.one; to_lowercase; "
	    "url_decode; content:\"get /aa b\"; sid:2;)\n"
	    "alert tcp any any -> any any (test.one; content:\"GeT\"; "
	    "sid:3;)"), 2);
	ck_assert_uint_eq(harness_res.alerts[0].sid, 1);
	ck_assert_uint_eq(harness_res.alerts[1].sid, 3);
}
END_TEST

START_TEST(test_transform_after_a_content_applies_to_what_follows)
{
	mtx_set("ABC", NULL, NULL, NULL);
	ck_assert_uint_eq(mtx_alerts("alert tcp any any -> any any "
	    "(test.one; content:\"AB\"; to_lowercase; content:\"abc\"; "
	    "sid:1;)"), 1);
}
END_TEST

START_TEST(test_transform_applies_to_each_value)
{
	mtx_set(NULL, "www.EVIL.com", "x", NULL);
	ck_assert_uint_eq(mtx_alerts("alert tcp any any -> any any "
	    "(test.many; dotprefix; to_lowercase; content:\".evil.com\"; "
	    "endswith; sid:1;)\n"
	    "alert tcp any any -> any any (test.many; dotprefix; "
	    "content:\".x\"; startswith; endswith; sid:2;)"), 2);
}
END_TEST

START_TEST(test_equal_chains_share_one_list_and_prefilter)
{
	char *a;

	mtx_set("xyz", NULL, NULL, NULL);
	ck_assert_uint_eq(mtx_alerts(
	    "alert tcp any any -> any any (test.one; to_lowercase; "
	    "content:\"x\"; sid:1;)\n"
	    "alert tcp any any -> any any (test.one; to_lowercase; "
	    "content:\"y\"; sid:2;)\n"
	    "alert tcp any any -> any any (test.one; xor:\"01\"; "
	    "content:\"{\"; sid:3;)\n"
	    "alert tcp any any -> any any (test.one; xor:\"02\"; "
	    "content:\"zz\"; sid:4;)\n"
	    "alert tcp any any -> any any (test.one; content:\"z\"; "
	    "sid:5;)"), 4);
	a = analysis();
	/* to_lowercase once, xor twice (two keys): three lists, four
	 * prefilters with the plain buffer's */
	ck_assert_ptr_nonnull(strstr(a, "transformed lists 3;"));
	ck_assert_ptr_nonnull(strstr(a, "group prefilters: 4;"));
	ck_assert_ptr_nonnull(strstr(a, "prefilter test.one; to_lowercase: "
	    "2 patterns"));
	free(a);
}
END_TEST

START_TEST(test_progressive_buffer_windows_are_inspected_in_turn)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));

	mtx_set(NULL, NULL, NULL, NULL);
	ms.tx[0].progress = 1;		/* the body is still coming */
	ms.tx[0].windows[0] = "abc";
	ms.tx[0].windows[1] = "def";
	ck_assert_uint_eq(mtx_alerts("alert tcp any any -> any any "
	    "(test.window; content:\"def\"; sid:1;)"), 0);
	ck_assert_uint_eq(ms.tx[0].inspected, 1);
	detect_packet_tx(harness_dt, &p, &msrc, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 1);
	ck_assert_uint_eq(ms.tx[0].inspected, 2);
	/* no window left: nothing more to mark */
	detect_packet_tx(harness_dt, &p, &msrc, &harness_res);
	ck_assert_uint_eq(ms.tx[0].inspected, 2);
}
END_TEST

START_TEST(test_progressive_windows_are_done_without_tx_rules)
{
	mtx_set(NULL, NULL, NULL, NULL);
	ms.tx[0].windows[0] = "abc";
	ck_assert_uint_eq(mtx_alerts("alert tcp any any -> any any "
	    "(content:\"zz\"; sid:1;)"), 0);
	ck_assert_uint_eq(ms.tx[0].inspected, 1);
}
END_TEST

/* The real DNS parser (lib/applayer/dns): dns.query is a multi-buffer,
 * one value per question, through the glue. */
START_TEST(test_dns_query_of_the_real_parser_is_a_multi_buffer)
{
	static const uint8_t query[] = {
		0x12, 0x34, 0x01, 0x00, 0x00, 0x02, 0, 0, 0, 0, 0, 0,
		3, 'w', 'w', 'w', 7, 'e', 'x', 'a', 'm', 'p', 'l', 'e', 3, 'c',
		'o', 'm', 0, 0, 1, 0, 1,
		4, 'E', 'V', 'I', 'L', 4, 't', 'e', 's', 't', 0, 0, 1, 0, 1,
	};
	static const uint8_t udp[8] = { 0x30, 0x39, 0x00, 0x35, 0, 8, 0, 0 };
	struct applayer_chunk c = { .data = query, .len = sizeof(query),
	    .dir = APPLAYER_TOSERVER, .flags = APPLAYER_CHUNK_DGRAM |
	    APPLAYER_CHUNK_START };
	struct detect_tx_source dsrc;
	struct packet p = ipv4(IPPROTO_UDP, NULL, 0, udp, sizeof(udp));
	char err[256];
	void *state;

	ck_assert_int_eq(detect_applayer_register_parser(&applayer_dns_parser,
	    err, sizeof(err)), 0);
	/* what detect_applayer_register() installs: the parser's tx_free
	 * releases detection's state */
	applayer_txdata_set_release(detect_tx_state_free);
	ck_assert_ptr_nonnull(state = applayer_dns_parser.state_new(NULL,
	    NULL));
	ck_assert_int_eq(applayer_dns_parser.parse(state, &c).status,
	    APPLAYER_OK);
	detect_applayer_tx_source(&applayer_dns_parser, state, &dsrc);
	harness_engine("alert udp any any -> any any (dns.query; dotprefix; "
	    "to_lowercase; content:\".evil.test\"; endswith; sid:1;)\n"
	    "alert udp any any -> any any (dns.query; content:\"www.\"; "
	    "startswith; content:\"EVIL\"; sid:2;)\n"
	    "alert udp any any -> any any (dns.query; content:\"example\"; "
	    "sid:3;)");
	p.flow_flags = PKT_FLOW_TO_SERVER;
	detect_packet_tx(harness_dt, &p, &dsrc, &harness_res);
	/* sid 2's contents are in two different questions: no match */
	ck_assert_uint_eq(harness_res.nalerts, 2);
	ck_assert_uint_eq(harness_res.alerts[0].sid, 1);
	ck_assert_uint_eq(harness_res.alerts[1].sid, 3);
	applayer_dns_parser.state_free(state);
}
END_TEST

/* --- ip-only rules: the first packet of each flow direction --- */

static struct flow iflow;

static unsigned
iponly_run(const char *rules, uint8_t proto, const uint8_t *dirs, size_t n)
{
	static const uint8_t udp[12] = { 0x30, 0x39, 0x00, 0x35, 0, 12, 0, 0,
	    'a', 'b', 'c', 'd' };
	unsigned alerts = 0;

	memset(&iflow, 0, sizeof(iflow));
	harness_engine(rules);
	for (size_t i = 0; i < n; i++) {
		struct packet p = proto == IPPROTO_UDP ? ipv4(IPPROTO_UDP,
		    NULL, 0, udp, sizeof(udp)) : ipv4(IPPROTO_TCP, NULL, 0,
		    tcp_mss, sizeof(tcp_mss));

		p.flow = &iflow;
		p.flow_flags = dirs[i];
		detect_packet(harness_dt, &p, &harness_res);
		alerts += harness_res.nalerts;
	}
	return alerts;
}

#define TS	PKT_FLOW_TO_SERVER
#define TC	PKT_FLOW_TO_CLIENT

START_TEST(test_iponly_rule_sees_the_first_packet_of_each_direction)
{
	static const uint8_t d[5] = { TS, TS, TC, TS, TC };
	struct detect_stats st;

	ck_assert_uint_eq(iponly_run("alert tcp any any -> any any (sid:1;)",
	    IPPROTO_TCP, d, 5), 2);
	detect_thread_stats(harness_dt, &st);
	ck_assert_uint_eq(st.iponly_skipped, 3);
}
END_TEST

START_TEST(test_iponly_rule_without_a_flow_sees_every_packet)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));

	harness_engine("alert tcp any any -> any any (sid:1;)");
	for (int i = 0; i < 3; i++) {
		detect_packet(harness_dt, &p, &harness_res);
		ck_assert_uint_eq(harness_res.nalerts, 1);
	}
}
END_TEST

START_TEST(test_rules_that_are_not_iponly_see_every_packet)
{
	static const uint8_t d[4] = { TS, TS, TS, TS };

	/* a flow direction, a negated address (Suricata's "like
	 * ip-only"), a packet keyword, a flowbits test */
	ck_assert_uint_eq(iponly_run(
	    "alert tcp any any -> any any (flow:to_server; sid:1;)\n"
	    "alert tcp !10.9.9.9 any -> any any (sid:2;)\n"
	    "alert tcp any any -> any any (ttl:64; sid:3;)\n"
	    "alert tcp any any -> any any (flowbits:isnotset,x; sid:4;)",
	    IPPROTO_TCP, d, 4), 16);
}
END_TEST

START_TEST(test_iponly_compatible_keywords_keep_a_rule_iponly)
{
	static const uint8_t d[3] = { TS, TS, TS };

	ck_assert_uint_eq(iponly_run(
	    "alert tcp any any -> any any (flowbits:set,x; sid:1;)\n"
	    "alert tcp any any -> any any (msg:\"x\"; threshold:type "
	    "limit, track by_src, count 10, seconds 60; sid:2;)",
	    IPPROTO_TCP, d, 3), 2);
}
END_TEST

START_TEST(test_iponly_drop_drops_the_rest_of_a_udp_flow)
{
	static const uint8_t d[3] = { TS, TC, TS };
	struct packet p;

	ck_assert_uint_eq(iponly_run("drop udp any any -> any any (sid:1;)",
	    IPPROTO_UDP, d, 1), 1);
	ck_assert(iflow.flags & FLOW_F_DROP);
	p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss, sizeof(tcp_mss));
	p.flow = &iflow;
	p.flow_flags = TC;
	detect_packet(harness_dt, &p, &harness_res);
	ck_assert_int_eq(harness_res.verdict, DETECT_VERDICT_DROP);
	(void)d;
}
END_TEST

START_TEST(test_analysis_names_iponly_rules)
{
	char *a;

	harness_engine("alert ip any any -> any any (sid:1;)\n"
	    "alert tcp any any -> any any (content:\"a\"; sid:2;)");
	a = analysis();
	ck_assert_ptr_nonnull(strstr(a, "inspects: ip-only"));
	ck_assert_ptr_nonnull(strstr(a, "ip-only rules 1"));
	free(a);
}
END_TEST

/* --- differential: grouped engine against a linear scan --- */

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t
rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng % n);
}

static const char alpha[] = "abcAB\x01";

static void
rnd_word(char *out, size_t len)
{
	for (size_t i = 0; i < len; i++)
		out[i] = alpha[rnd(sizeof(alpha) - 2)];
	out[len] = '\0';
}

static const char *const protos[] = { "tcp", "udp", "icmp", "ip" };
static const char *const ports[] = { "any", "80", "[80,443]", "1000:1010",
    "!80", "53", "443" };

/* Random rules over few ports and a small alphabet, so that groups,
 * prefilters and matches all happen. */
static char *
rnd_rules(unsigned n)
{
	size_t cap = (size_t)n * 200, len = 0;
	char *s = malloc(cap);

	ck_assert_ptr_nonnull(s);
	for (unsigned i = 0; i < n; i++) {
		char w1[8], w2[8], opts[160] = "";
		const char *proto = protos[rnd(4)];

		rnd_word(w1, 2 + rnd(3));
		rnd_word(w2, 1 + rnd(3));
		switch (rnd(6)) {
		case 0:
			snprintf(opts, sizeof(opts), "content:\"%s\"; "
			    "nocase;", w1);
			break;
		case 1:
			snprintf(opts, sizeof(opts), "content:\"%s\"; "
			    "content:\"%s\"; distance:0;", w1, w2);
			break;
		case 2:
			snprintf(opts, sizeof(opts), "content:!\"%s\";", w1);
			break;
		case 3:
			snprintf(opts, sizeof(opts), "ipv4.hdr; "
			    "content:\"|40|\"; offset:8; depth:1; "
			    "pkt_data; content:\"%s\";", w2);
			break;
		case 4:
			snprintf(opts, sizeof(opts), "dsize:>%u;", rnd(20));
			break;
		default:
			snprintf(opts, sizeof(opts), "content:\"%s\"; "
			    "fast_pattern; content:\"%s\";", w2, w1);
			break;
		}
		len += (size_t)snprintf(s + len, cap - len, "alert %s any %s "
		    "%s %s any %s (%s sid:%u;)\n", proto,
		    rnd(3) == 0 ? ports[rnd(7)] : "any",
		    rnd(5) == 0 ? "<>" : "->", "", ports[rnd(7)], opts, i + 1);
	}
	return s;
}

static struct detect_engine *
build(const char *rules, const char *mpm, enum detect_mpm_context ctx,
    bool linear)
{
	struct detect_engine_opts o;
	struct ruleset *rs = rules_ruleset_new();
	struct detect_engine *de;

	detect_engine_opts_default(&o);
	o.mpm = mpm;
	o.mpm_context = ctx;
	o.linear = linear;
	detect_engine_opts_profile(&o, DETECT_PROFILE_CUSTOM, 3, 4);
	ck_assert_int_eq(rules_load_string(rs, "t.rules", rules, NULL,
	    &harness_dl), 0);
	de = detect_engine_build_opts(rs, &o, &harness_dl);
	ck_assert_ptr_nonnull(de);
	return de;
}

static struct packet
rnd_packet(uint8_t *payload, size_t cap)
{
	static const uint8_t proto[3] = { IPPROTO_TCP, IPPROTO_UDP,
	    IPPROTO_ICMP };
	static const uint16_t pp[6] = { 80, 443, 53, 1005, 22, 8080 };
	uint8_t l4[200];
	size_t plen = rnd(60), hl;
	uint8_t pr = proto[rnd(3)];
	uint16_t sport = pp[rnd(6)], dport = pp[rnd(6)];
	struct packet p;

	memset(l4, 0, sizeof(l4));
	hl = pr == IPPROTO_TCP ? 20 : 8;
	if (pr == IPPROTO_TCP)
		l4[12] = 0x50;
	if (pr == IPPROTO_ICMP)
		l4[0] = 8;
	else {
		l4[0] = (uint8_t)(sport >> 8);
		l4[1] = (uint8_t)sport;
		l4[2] = (uint8_t)(dport >> 8);
		l4[3] = (uint8_t)dport;
	}
	if (pr == IPPROTO_UDP) {
		l4[4] = (uint8_t)((8 + plen) >> 8);
		l4[5] = (uint8_t)(8 + plen);
	}
	for (size_t i = 0; i < plen && hl + i < cap; i++)
		l4[hl + i] = (uint8_t)alpha[rnd(sizeof(alpha) - 1)];
	(void)payload;
	p = ipv4(pr, NULL, 0, l4, hl + plen);
	p.flow_flags = rnd(2) ? PKT_FLOW_TO_SERVER : PKT_FLOW_TO_CLIENT;
	return p;
}

static int
u32_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static void
differential(const char *mpm, enum detect_mpm_context ctx)
{
	char *rules = rnd_rules(400);
	struct detect_engine *grouped = build(rules, mpm, ctx, false);
	struct detect_engine *linear = build(rules, mpm, ctx, true);
	struct detect_thread *tg = detect_thread_new(grouped);
	struct detect_thread *tl = detect_thread_new(linear);
	struct detect_result rg, rl;
	struct detect_engine_info info;
	uint8_t payload[200];
	unsigned alerts = 0;

	ck_assert_ptr_nonnull(tg);
	ck_assert_ptr_nonnull(tl);
	detect_engine_info(grouped, &info);
	ck_assert_uint_gt(info.groups, 4);
	for (int i = 0; i < 3000; i++) {
		struct packet p = rnd_packet(payload, sizeof(payload));
		uint32_t a[DETECT_MAX_ALERTS], b[DETECT_MAX_ALERTS];

		detect_packet(tg, &p, &rg);
		detect_packet(tl, &p, &rl);
		ck_assert_uint_eq(rg.nalerts, rl.nalerts);
		ck_assert_uint_eq(rg.alerts_dropped, rl.alerts_dropped);
		for (uint32_t k = 0; k < rg.nalerts; k++) {
			a[k] = rg.alerts[k].sid;
			b[k] = rl.alerts[k].sid;
		}
		qsort(a, rg.nalerts, sizeof(*a), u32_cmp);
		qsort(b, rl.nalerts, sizeof(*b), u32_cmp);
		for (uint32_t k = 0; k < rg.nalerts; k++)
			ck_assert_uint_eq(a[k], b[k]);
		alerts += rg.nalerts;
	}
	/* the comparison saw matches, not only silence */
	ck_assert_uint_gt(alerts, 500);
	detect_thread_free(tg);
	detect_thread_free(tl);
	detect_engine_free(grouped);
	detect_engine_free(linear);
	free(rules);
}

START_TEST(test_grouped_engine_agrees_with_a_linear_scan_ac_full)
{
	differential("ac", DETECT_MPM_CONTEXT_FULL);
}
END_TEST

START_TEST(test_grouped_engine_agrees_with_a_linear_scan_ac_single)
{
	differential("ac", DETECT_MPM_CONTEXT_SINGLE);
}
END_TEST

/* Hyperscan where built in and usable, else Aho-Corasick again */
START_TEST(test_grouped_engine_agrees_with_a_linear_scan_auto_full)
{
	differential("auto", DETECT_MPM_CONTEXT_FULL);
}
END_TEST

START_TEST(test_grouped_engine_agrees_with_a_linear_scan_auto_single)
{
	differential("auto", DETECT_MPM_CONTEXT_SINGLE);
}
END_TEST

/* Transaction rules on the fake parser's single and multi buffers, with
 * random transform chains: the grouped engine (prefilters per list,
 * values scanned apart, transformed bytes cached per tx) against the
 * linear one. */
static const char *const chains[] = { "", "to_lowercase; ", "dotprefix; ",
    "url_decode; ", "compress_whitespace; ", "xor:\"01\"; ",
    "dotprefix; to_lowercase; ", "strip_whitespace; to_uppercase; " };
static const char tx_alpha[] = "abcAB% 4.";

static void
rnd_tx_word(char *out, size_t len, unsigned chain)
{
	for (size_t i = 0; i < len; i++) {
		char c = tx_alpha[rnd(sizeof(tx_alpha) - 1)];

		/* contents the chain can produce (Suricata rejects the
		 * others) */
		if (chain == 1 || chain == 6)
			c = c >= 'A' && c <= 'Z' ? (char)(c + 32) : c;
		if (chain == 7)
			c = c >= 'a' && c <= 'z' ? (char)(c - 32) :
			    c == ' ' ? 'X' : c;
		if (chain == 4 && c == ' ' && i > 0 && out[i - 1] == ' ')
			c = 'a';
		out[i] = c;
	}
	out[len] = '\0';
}

static char *
rnd_tx_rules(unsigned n)
{
	size_t cap = (size_t)n * 240, len = 0;
	char *s = malloc(cap);

	ck_assert_ptr_nonnull(s);
	for (unsigned i = 0; i < n; i++) {
		unsigned c1 = rnd(QUELL_NITEMS(chains)), c2 = rnd(
		    QUELL_NITEMS(chains));
		char w1[8], w2[8], opts[200];
		const char *b1 = rnd(2) ? "test.many" : "test.one";

		rnd_tx_word(w1, 1 + rnd(3), c1);
		rnd_tx_word(w2, 1 + rnd(2), c2);
		switch (rnd(4)) {
		case 0:
			snprintf(opts, sizeof(opts), "%s; %scontent:\"%s\";",
			    b1, chains[c1], w1);
			break;
		case 1:
			snprintf(opts, sizeof(opts), "%s; %scontent:\"%s\"; "
			    "startswith;", b1, chains[c1], w1);
			break;
		case 2:
			snprintf(opts, sizeof(opts), "%s; %scontent:\"%s\"; "
			    "test.many; %scontent:\"%s\";", b1, chains[c1],
			    w1, chains[c2], w2);
			break;
		default:
			snprintf(opts, sizeof(opts), "%s; %scontent:!\"%s\"; "
			    "content:\"%s\";", b1, chains[c1], w1, w1);
			break;
		}
		len += (size_t)snprintf(s + len, cap - len, "alert tcp any "
		    "any -> any %s (%s sid:%u;)\n", rnd(3) == 0 ? "80" :
		    "any", opts, i + 1);
	}
	return s;
}

static char tx_values[2][4][MULTI_VALUES + 1][8];

/* The same random txs in both states (fresh, so no rule is done). */
static void
rnd_txs(struct mstate *a, struct mstate *b, uint64_t *id)
{
	for (int k = 0; k < 4; k++) {
		detect_tx_state_free(a->tx[k].td.detect_state);
		detect_tx_state_free(b->tx[k].td.detect_state);
	}
	memset(a, 0, sizeof(*a));
	a->n = 1 + rnd(3);
	for (uint64_t t = 0; t < a->n; t++) {
		unsigned nv = rnd(MULTI_VALUES + 1);

		a->tx[t].id = (*id)++;
		a->tx[t].progress = 1 + rnd(2);
		for (unsigned v = 0; v <= nv && v <= MULTI_VALUES; v++) {
			char *w = tx_values[0][t][v];

			for (unsigned c = 0, l = 1 + rnd(6); c < l; c++)
				w[c] = tx_alpha[rnd(sizeof(tx_alpha) - 1)];
			w[1 + rnd(6)] = '\0';
			if (v == MULTI_VALUES || rnd(5) == 0)
				a->tx[t].one = w;
			else if (v < nv)
				a->tx[t].many[v] = w;
		}
	}
	*b = *a;
}

static void
differential_tx(const char *mpm, enum detect_mpm_context ctx)
{
	char *rules = rnd_tx_rules(300);
	struct detect_engine *grouped = build(rules, mpm, ctx, false);
	struct detect_engine *linear = build(rules, mpm, ctx, true);
	struct detect_thread *tg = detect_thread_new(grouped);
	struct detect_thread *tl = detect_thread_new(linear);
	struct mstate sg, sl;
	struct detect_tx_source srcg, srcl;
	struct detect_result rg, rl;
	struct detect_engine_info info;
	unsigned alerts = 0;
	uint64_t id = 1;

	ck_assert_ptr_nonnull(tg);
	ck_assert_ptr_nonnull(tl);
	detect_engine_info(grouped, &info);
	ck_assert_uint_ge(info.lists, 6);
	memset(&sg, 0, sizeof(sg));
	memset(&sl, 0, sizeof(sl));
	detect_applayer_tx_source(&mparser, &sg, &srcg);
	detect_applayer_tx_source(&mparser, &sl, &srcl);
	for (int i = 0; i < 1500; i++) {
		struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
		    sizeof(tcp_mss));
		uint32_t a[DETECT_MAX_ALERTS], b[DETECT_MAX_ALERTS];

		rnd_txs(&sg, &sl, &id);
		p.flow_flags = PKT_FLOW_TO_SERVER;
		detect_packet_tx(tg, &p, &srcg, &rg);
		detect_packet_tx(tl, &p, &srcl, &rl);
		ck_assert_uint_eq(rg.nalerts, rl.nalerts);
		ck_assert_uint_eq(rg.alerts_dropped, rl.alerts_dropped);
		for (uint32_t k = 0; k < rg.nalerts; k++) {
			a[k] = rg.alerts[k].sid * 1000u +
			    (uint32_t)rg.alerts[k].tx_id % 1000u;
			b[k] = rl.alerts[k].sid * 1000u +
			    (uint32_t)rl.alerts[k].tx_id % 1000u;
		}
		qsort(a, rg.nalerts, sizeof(*a), u32_cmp);
		qsort(b, rl.nalerts, sizeof(*b), u32_cmp);
		for (uint32_t k = 0; k < rg.nalerts; k++)
			ck_assert_uint_eq(a[k], b[k]);
		alerts += rg.nalerts;
	}
	ck_assert_uint_gt(alerts, 500);
	for (int k = 0; k < 4; k++) {
		detect_tx_state_free(sg.tx[k].td.detect_state);
		detect_tx_state_free(sl.tx[k].td.detect_state);
	}
	detect_thread_free(tg);
	detect_thread_free(tl);
	detect_engine_free(grouped);
	detect_engine_free(linear);
	free(rules);
}

START_TEST(test_tx_rules_agree_with_a_linear_scan_ac)
{
	differential_tx("ac", DETECT_MPM_CONTEXT_AUTO);
}
END_TEST

START_TEST(test_tx_rules_agree_with_a_linear_scan_auto_full)
{
	differential_tx("auto", DETECT_MPM_CONTEXT_FULL);
}
END_TEST

START_TEST(test_tx_rules_agree_with_a_linear_scan_auto_single)
{
	differential_tx("auto", DETECT_MPM_CONTEXT_SINGLE);
}
END_TEST

static Suite *
engine_suite(void)
{
	Suite *s = suite_create("engine");
	TCase *b = tcase_create("buffers");
	TCase *pf = tcase_create("prefilter");
	TCase *tx = tcase_create("tx");
	TCase *fr = tcase_create("frames");
	TCase *d = tcase_create("differential");
	TCase *m = tcase_create("multi and transforms");
	TCase *io = tcase_create("ip-only");

	tcase_add_checked_fixture(b, harness_setup, harness_teardown);
	tcase_add_test(b, test_ipv4_hdr_holds_the_options);
	tcase_add_test(b, test_ipv4_hdr_follows_the_link_layer);
	tcase_add_test(b, test_tcp_hdr_holds_the_options);
	tcase_add_test(b, test_udp_hdr_is_eight_bytes);
	tcase_add_test(b, test_icmpv4_timestamp_header_has_the_timestamps);
	tcase_add_test(b, test_icmpv4_echo_header_is_eight_bytes);
	tcase_add_test(b, test_ipv6_hdr_holds_the_extension_headers);
	tcase_add_test(b, test_ipv4_hdr_rule_does_not_match_ipv6);
	tcase_add_test(b, test_icmpv4_hdr_needs_a_rule_for_icmp);
	suite_add_tcase(s, b);

	tcase_add_checked_fixture(pf, harness_setup, harness_teardown);
	tcase_add_test(pf, test_pkt_data_pattern_wins_over_a_longer_header_pattern);
	tcase_add_test(pf, test_header_only_rule_prefilters_on_its_header);
	tcase_add_test(pf, test_rule_is_no_candidate_when_its_pattern_buffer_is_absent);
	tcase_add_test(pf, test_analysis_warns_about_rules_without_fast_pattern);
	tcase_add_test(pf, test_profile_bounds_the_port_groups);
	suite_add_tcase(s, pf);

	tcase_add_checked_fixture(fr, frame_setup, harness_teardown);
	tcase_add_test(fr, test_frame_rule_inspects_the_frame_bytes);
	tcase_add_test(fr, test_frame_rule_alerts_once_per_frame);
	tcase_add_test(fr, test_frame_rule_sees_only_its_frame_type);
	tcase_add_test(fr, test_partial_frame_leaves_endswith_undecided);
	tcase_add_test(fr, test_frame_window_without_start_leaves_start_anchors_undecided);
	tcase_add_test(fr, test_transforms_apply_to_each_frame);
	tcase_add_test(fr, test_bare_frame_type_is_of_the_rules_protocol);
	tcase_add_test(fr, test_bad_frame_values_are_errors_and_the_rest_loads);
	tcase_add_test(fr, test_engine_says_when_it_wants_frames);
	tcase_add_test(fr, test_engine_names_the_frame_types_its_rules_inspect);
	suite_add_tcase(s, fr);

	tcase_add_checked_fixture(tx, tx_setup, tx_teardown);
	tcase_add_test(tx, test_tx_rule_alerts_once_per_transaction);
	tcase_add_test(tx, test_tx_pass_undoes_the_later_packet_rules);
	tcase_add_test(tx, test_tx_rule_waits_for_the_buffer_progress);
	tcase_add_test(tx, test_tx_rule_needs_its_app_protocol);
	tcase_add_test(tx, test_finished_tx_is_not_inspected_again);
	tcase_add_test(tx, test_tx_walk_starts_at_the_first_tx_not_done);
	tcase_add_test(tx,
	    test_tx_walk_through_tx_next_starts_at_the_first_tx_not_done);
	tcase_add_test(tx, test_tx_walk_of_another_engine_starts_at_the_oldest_tx);
	tcase_add_test(tx, test_tx_rules_past_the_inline_marks_alert_once_each);
	tcase_add_test(tx, test_repeated_buffer_bytes_select_the_same_rules);
	tcase_add_test(tx, test_legacy_modifier_moves_the_content_into_a_buffer);
	suite_add_tcase(s, tx);

	tcase_add_checked_fixture(m, multi_setup, multi_teardown);
	tcase_add_test(m, test_glue_registers_parser_buffers);
	tcase_add_test(m, test_glue_slot_is_the_txdata_detect_state);
	tcase_add_test(m, test_multi_buffer_matches_when_one_value_matches);
	tcase_add_test(m, test_multi_buffer_values_are_inspected_apart);
	tcase_add_test(m, test_multi_buffer_prefilter_scans_every_value);
	tcase_add_test(m, test_multi_buffer_with_no_values_matches_nothing);
	tcase_add_test(m, test_transforms_run_in_order_before_the_keywords);
	tcase_add_test(m, test_transform_after_a_content_applies_to_what_follows);
	tcase_add_test(m, test_transform_applies_to_each_value);
	tcase_add_test(m, test_equal_chains_share_one_list_and_prefilter);
	tcase_add_test(m, test_progressive_buffer_windows_are_inspected_in_turn);
	tcase_add_test(m, test_progressive_windows_are_done_without_tx_rules);
	tcase_add_test(m, test_dns_query_of_the_real_parser_is_a_multi_buffer);
	suite_add_tcase(s, m);

	tcase_add_checked_fixture(io, harness_setup, harness_teardown);
	tcase_add_test(io, test_iponly_rule_sees_the_first_packet_of_each_direction);
	tcase_add_test(io, test_iponly_rule_without_a_flow_sees_every_packet);
	tcase_add_test(io, test_rules_that_are_not_iponly_see_every_packet);
	tcase_add_test(io, test_iponly_compatible_keywords_keep_a_rule_iponly);
	tcase_add_test(io, test_iponly_drop_drops_the_rest_of_a_udp_flow);
	tcase_add_test(io, test_analysis_names_iponly_rules);
	suite_add_tcase(s, io);

	tcase_add_checked_fixture(d, multi_setup, multi_teardown);
	tcase_set_timeout(d, 240);
	tcase_add_test(d, test_grouped_engine_agrees_with_a_linear_scan_ac_full);
	tcase_add_test(d, test_grouped_engine_agrees_with_a_linear_scan_ac_single);
	tcase_add_test(d, test_grouped_engine_agrees_with_a_linear_scan_auto_full);
	tcase_add_test(d, test_grouped_engine_agrees_with_a_linear_scan_auto_single);
	tcase_add_test(d, test_tx_rules_agree_with_a_linear_scan_ac);
	tcase_add_test(d, test_tx_rules_agree_with_a_linear_scan_auto_full);
	tcase_add_test(d, test_tx_rules_agree_with_a_linear_scan_auto_single);
	suite_add_tcase(s, d);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(engine_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
