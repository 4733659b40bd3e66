/* Unit tests of the flow keywords of lib/detect (flow, flowbits,
 * flowint) and of the rate limits (threshold, detection_filter), with a
 * hand-made struct flow standing in for flow tracking, and packet time
 * driving the windows. */
#include "core/base.h"

#include <sys/socket.h>

#include <arpa/inet.h>
#include <check.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/diag.h"
#include "core/packet.h"
#include "detect/engine.h"
#include "detect/flowvars.h"
#include "detect/hosttable.h"
#include "detect/names.h"
#include "detect/tag.h"
#include "detect/threshold.h"
#include "flow/flow.h"
#include "rules/ruleset.h"

#include "harness.h"
#include "stream/stream.h"

static struct flow flow;

static void	flow_setup(void);
static void	flow_teardown(void);
static struct packet pkt(const char *, bool, uint8_t, time_t);
static uint32_t	run(const struct packet *);
static bool	alerted(uint32_t);
static Suite	*flow_suite(void);


static void
flow_setup(void)
{
	harness_setup();
	memset(&flow, 0, sizeof(flow));
	detect_threshold_reset();
}

static void
flow_teardown(void)
{
	detect_flow_vars_free(flow.detect_vars);
	flow.detect_vars = NULL;
	detect_threshold_reset();
	detect_hosttable_reset();
	harness_teardown();
}

/* A TCP packet 10.0.0.1:1000 -> 10.0.0.2:80 (reply: the other way) at
 * time sec carrying payload, in the test flow when flow_flags is not 0. */
static struct packet
pkt(const char *payload, bool reply, uint8_t flow_flags, time_t sec)
{
	struct packet p;

	memset(&p, 0, sizeof(p));
	p.src = harness_ip(reply ? "10.0.0.2" : "10.0.0.1");
	p.dst = harness_ip(reply ? "10.0.0.1" : "10.0.0.2");
	p.ip_version = 4;
	p.proto = IPPROTO_TCP;
	p.l4_valid = true;
	p.sport = reply ? 80 : 1000;
	p.dport = reply ? 1000 : 80;
	p.payload = (const uint8_t *)payload;
	p.payload_len = payload != NULL ? (uint32_t)strlen(payload) : 0;
	p.ts.tv_sec = sec;
	if (flow_flags != 0) {
		p.flow = &flow;
		p.flow_flags = flow_flags;
	}
	return p;
}

/* Runs p; the number of alerts. */
static uint32_t
run(const struct packet *p)
{
	detect_packet(harness_dt, p, &harness_res);
	return harness_res.nalerts;
}

static bool
alerted(uint32_t sid)
{
	for (uint32_t i = 0; i < harness_res.nalerts; i++)
		if (harness_res.alerts[i].sid == sid)
			return true;
	return false;
}

#define TS	PKT_FLOW_TO_SERVER
#define TC	PKT_FLOW_TO_CLIENT
#define EST	PKT_FLOW_ESTABLISHED

/* --- flow --- */

START_TEST(test_flow_to_server_matches_the_client_side)
{
	struct packet p = pkt("x", false, TS | EST, 0);

	harness_engine("alert tcp any any -> any any (flow:to_server; sid:1;)");
	ck_assert_uint_eq(run(&p), 1);
}
END_TEST

START_TEST(test_flow_to_server_ignores_the_server_side)
{
	struct packet p = pkt("x", true, TC | EST, 0);

	harness_engine("alert tcp any any -> any any (flow:to_server; sid:1;)");
	ck_assert_uint_eq(run(&p), 0);
}
END_TEST

START_TEST(test_flow_from_server_matches_the_server_side)
{
	struct packet p = pkt("x", true, TC | EST, 0);

	harness_engine("alert tcp any any -> any any (flow:from_server; sid:1;)");
	ck_assert_uint_eq(run(&p), 1);
}
END_TEST

START_TEST(test_flow_established_needs_an_established_flow)
{
	struct packet p = pkt("x", false, TS, 0);

	harness_engine("alert tcp any any -> any any (flow:established,to_server; "
	    "sid:1;)");
	ck_assert_uint_eq(run(&p), 0);
}
END_TEST

START_TEST(test_flow_established_to_server_matches)
{
	struct packet p = pkt("x", false, TS | EST, 0);

	harness_engine("alert tcp any any -> any any (flow:established,to_server; "
	    "sid:1;)");
	ck_assert_uint_eq(run(&p), 1);
}
END_TEST

START_TEST(test_flow_established_fails_without_a_flow)
{
	struct packet p = pkt("x", false, 0, 0);

	harness_engine("alert tcp any any -> any any (flow:established; sid:1;)");
	ck_assert_uint_eq(run(&p), 0);
}
END_TEST

START_TEST(test_flow_not_established_matches_without_a_flow)
{
	struct packet p = pkt("x", false, 0, 0);

	harness_engine("alert tcp any any -> any any (flow:not_established; sid:1;)");
	ck_assert_uint_eq(run(&p), 1);
}
END_TEST

START_TEST(test_flow_stateless_matches_without_a_flow)
{
	struct packet p = pkt("x", false, 0, 0);

	harness_engine("alert tcp any any -> any any (flow:stateless; sid:1;)");
	ck_assert_uint_eq(run(&p), 1);
}
END_TEST

/* A raw stream window as the pipeline hands it over (p->raw). */
static void
with_stream(struct packet *p, struct stream_raw *raw, const char *bytes)
{
	memset(raw, 0, sizeof(*raw));
	raw->nblocks = 1;
	raw->blocks[0].data = (const uint8_t *)bytes;
	raw->blocks[0].len = (uint32_t)strlen(bytes);
	raw->progress = raw->blocks[0].len;
	p->raw = raw;
	p->stream_flags |= PKT_STREAM_ADDED;
}

START_TEST(test_flow_only_stream_matches_on_the_stream)
{
	struct packet p = pkt("x", false, TS | EST, 0);
	struct stream_raw raw;

	harness_engine("alert tcp any any -> any any (flow:established,only_stream; "
	    "content:\"abx\"; sid:1;)");
	with_stream(&p, &raw, "abx");
	ck_assert_uint_eq(run(&p), 1);
}
END_TEST

START_TEST(test_flow_only_stream_never_matches_a_bare_packet)
{
	struct packet p = pkt("x", false, TS | EST, 0);

	harness_engine("alert tcp any any -> any any (flow:established,only_stream; "
	    "content:\"x\"; sid:1;)");
	ck_assert_uint_eq(run(&p), 0);
}
END_TEST

START_TEST(test_flow_no_stream_matches_the_packet_not_the_stream)
{
	struct packet p = pkt("x", false, TS | EST, 0);
	struct packet q = pkt("y", false, TS | EST, 0);
	struct stream_raw raw;

	harness_engine("alert tcp any any -> any any (flow:no_stream; "
	    "content:\"x\"; sid:1;)");
	with_stream(&p, &raw, "xx");
	ck_assert_uint_eq(run(&p), 1);
	with_stream(&q, &raw, "x");
	ck_assert_uint_eq(run(&q), 0);
}
END_TEST

START_TEST(test_to_client_rule_sees_reply_on_its_source_port)
{
	struct packet p = pkt("ok", true, TC | EST, 0);

	harness_engine("alert tcp any 80 -> any any (flow:to_client; content:\"ok\"; "
	    "sid:1;)");
	ck_assert_uint_eq(run(&p), 1);
}
END_TEST

/* --- packet and stream inspection of pkt_data (Suricata's
 * REQUIRE_STREAM / REQUIRE_PACKET) --- */

START_TEST(test_tcp_content_spanning_segments_matches_on_the_stream)
{
	struct packet p = pkt("CK", false, TS | EST, 0);
	struct stream_raw raw;

	harness_engine("alert tcp any any -> any any (content:\"ATTACK\"; "
	    "sid:1;)");
	with_stream(&p, &raw, "ATTACK");
	ck_assert_uint_eq(run(&p), 1);
	ck_assert(harness_res.alerts[0].stream);
}
END_TEST

START_TEST(test_tcp_rule_skips_a_payload_the_stream_took)
{
	struct packet p = pkt("ATTACK", false, TS | EST, 0);
	struct stream_raw raw;

	harness_engine("alert tcp any any -> any any (content:\"ATTACK\"; "
	    "sid:1;)");
	/* the stream has it without the pattern (another copy won) */
	with_stream(&p, &raw, "benign");
	ck_assert_uint_eq(run(&p), 0);
	/* a payload the stream did not take is inspected as a packet */
	p.raw = NULL;
	p.stream_flags = 0;
	ck_assert_uint_eq(run(&p), 1);
	ck_assert(!harness_res.alerts[0].stream);
}
END_TEST

START_TEST(test_anchored_content_inspects_the_packet_too)
{
	struct packet p = pkt("ATTACK", false, TS | EST, 0);
	struct stream_raw raw;

	harness_engine("alert tcp any any -> any any (content:\"ATT\"; "
	    "depth:3; sid:1;)\n"
	    "alert tcp any any -> any any (content:\"ACK\"; dsize:6; sid:2;)");
	with_stream(&p, &raw, "xxxxxxATTACK");
	ck_assert_uint_eq(run(&p), 2);
	ck_assert(!harness_res.alerts[0].stream);
	ck_assert(!harness_res.alerts[1].stream);
}
END_TEST

START_TEST(test_tcp_pkt_and_tcp_stream_see_one_side_each)
{
	struct packet p = pkt("PKT", false, TS | EST, 0);
	struct stream_raw raw;

	harness_engine("alert tcp-pkt any any -> any any (content:\"PKT\"; "
	    "sid:1;)\n"
	    "alert tcp-stream any any -> any any (content:\"STREAM\"; "
	    "sid:2;)\n"
	    "alert tcp-pkt any any -> any any (content:\"STREAM\"; sid:3;)\n"
	    "alert tcp-stream any any -> any any (content:\"PKT\"; sid:4;)");
	with_stream(&p, &raw, "STREAM");
	ck_assert_uint_eq(run(&p), 2);
	ck_assert(alerted(1));
	ck_assert(alerted(2));
}
END_TEST

START_TEST(test_header_keyword_makes_a_packet_rule)
{
	struct packet p = pkt("xxATTACK", false, TS | EST, 0);
	struct stream_raw raw;

	/* flags (like ttl, dsize, ...) makes Suricata inspect packets only */
	harness_engine("alert tcp any any -> any any (flags:A; "
	    "content:\"ATTACK\"; sid:1;)");
	p.tcp_flags = PKT_TCP_ACK;
	with_stream(&p, &raw, "nothing here");
	ck_assert_uint_eq(run(&p), 1);
	ck_assert(!harness_res.alerts[0].stream);
}
END_TEST

START_TEST(test_flow_end_brings_only_stream_rules)
{
	struct packet p = pkt("", false, TS | EST, 0);
	struct stream_raw raw;

	harness_engine("alert tcp any any -> any any (content:\"END\"; "
	    "sid:1;)\n"
	    "alert tcp any any -> any any (flags:A; sid:2;)\n"
	    "alert tcp any any -> any any (flow:to_server; sid:3;)");
	p.payload = NULL;
	p.payload_len = 0;
	p.tcp_flags = PKT_TCP_ACK;
	with_stream(&p, &raw, "THE END");
	p.stream_flags = PKT_STREAM_EOF;
	ck_assert_uint_eq(run(&p), 1);
	ck_assert(alerted(1));
}
END_TEST

/* --- flow.age --- */

START_TEST(test_flow_age_counts_whole_seconds_of_the_flow)
{
	struct packet a = pkt("x", false, TS, 0);

	harness_engine("alert ip any any -> any any (flow.age:>20; sid:3;)");
	flow.first_ts.tv_sec = 100;
	flow.first_ts.tv_nsec = 900000000;
	flow.last_ts.tv_sec = 120;
	ck_assert_uint_eq(run(&a), 0);		/* 20 is not > 20 */
	flow.last_ts.tv_sec = 121;
	flow.last_ts.tv_nsec = 0;		/* 20.1 s, but 21 seconds */
	ck_assert_uint_eq(run(&a), 1);
}
END_TEST

START_TEST(test_flow_age_fails_without_a_flow)
{
	struct packet a = pkt("x", false, 0, 0);

	harness_engine("alert ip any any -> any any (flow.age:<5; sid:3;)");
	ck_assert_uint_eq(run(&a), 0);
}
END_TEST

/* --- pcre captures into flowvars --- */

/* The value of flowvar name on the test flow, NUL-terminated into buf;
 * NULL when unset. */
static const char *
flowvar(const char *name, char *buf, size_t len)
{
	uint32_t id = detect_names_id(DETECT_NAMES_FLOWVAR, name, strlen(name));
	const uint8_t *v;
	size_t n;

	if (!detect_flowvars_var_get(&flow, id, &v, &n) || n >= len)
		return NULL;
	memcpy(buf, v, n);
	buf[n] = '\0';
	return buf;
}

START_TEST(test_pcre_captures_groups_into_flowvars)
{
	struct packet a = pkt("UA Mozilla/5.0 (X11)", false, TS, 0);
	char buf[64];

	harness_engine("alert tcp any any -> any any (pcre:\"/([A-Za-z]+)\\/"
	    "(\\d+\\.\\d+)/, flow:key,flow:value\"; sid:1;)");
	ck_assert_uint_eq(run(&a), 1);
	ck_assert_str_eq(flowvar("key", buf, sizeof(buf)), "Mozilla");
	ck_assert_str_eq(flowvar("value", buf, sizeof(buf)), "5.0");
}
END_TEST

START_TEST(test_pcre_capture_waits_for_the_whole_rule)
{
	struct packet a = pkt("UA Mozilla/5.0", false, TS, 0);
	char buf[64];

	/* the content after the pcre fails: nothing is stored */
	harness_engine("alert tcp any any -> any any (pcre:\"/([A-Za-z]+)\\//"
	    ", flow:ua\"; content:\"absent\"; sid:1;)");
	ck_assert_uint_eq(run(&a), 0);
	ck_assert_ptr_null(flowvar("ua", buf, sizeof(buf)));
}
END_TEST

START_TEST(test_pcre_capture_replaces_the_flows_value)
{
	struct packet a = pkt("v=1.0 end", false, TS, 0);
	struct packet b = pkt("v=2.5 end", false, TS, 1);
	char buf[64];

	harness_engine("alert tcp any any -> any any (pcre:\"/v=([0-9.]+) /"
	    ", flow:ver\"; sid:1;)");
	run(&a);
	ck_assert_str_eq(flowvar("ver", buf, sizeof(buf)), "1.0");
	run(&b);
	ck_assert_str_eq(flowvar("ver", buf, sizeof(buf)), "2.5");
}
END_TEST

START_TEST(test_pcre_capture_of_a_packet_variable_is_unsupported)
{
	struct ruleset *rs = rules_ruleset_new();
	struct rules_stats st;

	ck_assert_ptr_nonnull(rs);
	ck_assert_int_eq(rules_load_string(rs, "t.rules", "alert tcp any any "
	    "-> any any (pcre:\"/(a)/, pkt:x\"; sid:1;)\n", NULL,
	    &harness_dl), 0);
	rules_ruleset_stats(rs, &st);
	ck_assert_uint_eq(st.loaded, 0);
	ck_assert_uint_eq(st.unsupported, 1);
	rules_ruleset_free(rs);
}
END_TEST

START_TEST(test_pcre_capture_must_name_a_flow_variable)
{
	struct ruleset *rs = rules_ruleset_new();
	struct rules_stats st;

	ck_assert_ptr_nonnull(rs);
	ck_assert_int_eq(rules_load_string(rs, "t.rules", "alert tcp any any "
	    "-> any any (pcre:\"/(a)/, x\"; sid:1;)\n", NULL, &harness_dl),
	    0);
	rules_ruleset_stats(rs, &st);
	ck_assert_uint_eq(st.loaded, 0);
	ck_assert_uint_eq(st.failed, 1);
	ck_assert_uint_eq(harness_dl.errors, 1);
	rules_ruleset_free(rs);
}
END_TEST

/* --- flowbits --- */

START_TEST(test_flowbits_chain_alerts_on_the_second_packet)
{
	struct packet a = pkt("LOGIN", false, TS | EST, 0);
	struct packet b = pkt("200 OK", true, TC | EST, 0);

	harness_engine("alert tcp any any -> any any (content:\"LOGIN\"; "
	    "flowbits:set,login; flowbits:noalert; sid:1;)\n"
	    "alert tcp any any -> any any (content:\"200\"; "
	    "flowbits:isset,login; sid:2;)\n");
	ck_assert_uint_eq(run(&a), 0);
	ck_assert_uint_eq(run(&b), 1);
	ck_assert(alerted(2));
}
END_TEST

START_TEST(test_flowbits_isset_fails_before_the_bit_is_set)
{
	struct packet b = pkt("200 OK", true, TC | EST, 0);

	harness_engine("alert tcp any any -> any any (content:\"200\"; "
	    "flowbits:isset,login; sid:2;)\n");
	ck_assert_uint_eq(run(&b), 0);
}
END_TEST

START_TEST(test_flowbits_isset_fails_without_a_flow)
{
	struct packet a = pkt("LOGIN 200", false, 0, 0);

	harness_engine("alert tcp any any -> any any (content:\"LOGIN\"; "
	    "flowbits:set,login; sid:1;)\n"
	    "alert tcp any any -> any any (content:\"200\"; "
	    "flowbits:isset,login; sid:2;)\n");
	ck_assert_uint_eq(run(&a), 1);
	ck_assert(alerted(1));
}
END_TEST

START_TEST(test_flowbits_setter_runs_before_reader_in_one_packet)
{
	struct packet a = pkt("LOGIN 200", false, TS | EST, 0);

	/* the reader is listed first: engine order puts setters first */
	harness_engine("alert tcp any any -> any any (content:\"200\"; "
	    "flowbits:isset,login; sid:2;)\n"
	    "alert tcp any any -> any any (content:\"LOGIN\"; "
	    "flowbits:set,login; flowbits:noalert; sid:1;)\n");
	ck_assert_uint_eq(run(&a), 1);
	ck_assert(alerted(2));
}
END_TEST

START_TEST(test_flowbits_isnotset_matches_a_fresh_flow)
{
	struct packet a = pkt("x", false, TS, 0);

	harness_engine("alert tcp any any -> any any (flowbits:isnotset,seen; "
	    "flowbits:set,seen; sid:1;)");
	ck_assert_uint_eq(run(&a), 1);
}
END_TEST

START_TEST(test_flowbits_isnotset_fails_once_set)
{
	struct packet a = pkt("x", false, TS, 0);

	harness_engine("alert tcp any any -> any any (flowbits:isnotset,seen; "
	    "flowbits:set,seen; sid:1;)");
	run(&a);
	ck_assert_uint_eq(run(&a), 0);
}
END_TEST

START_TEST(test_flowbits_unset_clears_the_bit)
{
	struct packet a = pkt("set", false, TS, 0);
	struct packet b = pkt("unset", false, TS, 0);
	struct packet c = pkt("check", false, TS, 0);

	harness_engine("alert tcp any any -> any any (content:\"set\"; startswith; "
	    "flowbits:set,b; flowbits:noalert; sid:1;)\n"
	    "alert tcp any any -> any any (content:\"unset\"; "
	    "flowbits:unset,b; flowbits:noalert; sid:2;)\n"
	    "alert tcp any any -> any any (content:\"check\"; "
	    "flowbits:isset,b; sid:3;)\n");
	run(&a);
	run(&b);
	ck_assert_uint_eq(run(&c), 0);
}
END_TEST

START_TEST(test_flowbits_toggle_flips_the_bit)
{
	struct packet a = pkt("t", false, TS, 0);

	harness_engine("alert tcp any any -> any any (content:\"t\"; "
	    "flowbits:toggle,b; flowbits:noalert; sid:1;)\n"
	    "alert tcp any any -> any any (flowbits:isset,b; sid:2;)\n");
	ck_assert_uint_eq(run(&a), 1);
	ck_assert_uint_eq(run(&a), 0);
}
END_TEST

START_TEST(test_flowbits_or_needs_any_of_the_bits)
{
	struct packet a = pkt("x", false, TS, 0);

	harness_engine("alert tcp any any -> any any (content:\"x\"; "
	    "flowbits:set,b2; flowbits:noalert; sid:1;)\n"
	    "alert tcp any any -> any any (flowbits:isset,b1|b2; sid:2;)\n");
	ck_assert_uint_eq(run(&a), 1);
}
END_TEST

START_TEST(test_flowbits_and_needs_all_of_the_bits)
{
	struct packet a = pkt("x", false, TS, 0);

	harness_engine("alert tcp any any -> any any (content:\"x\"; "
	    "flowbits:set,b2; flowbits:noalert; sid:1;)\n"
	    "alert tcp any any -> any any (flowbits:isset,b1&b2; sid:2;)\n");
	ck_assert_uint_eq(run(&a), 0);
}
END_TEST

START_TEST(test_flowbits_survive_an_engine_rebuild)
{
	struct packet a = pkt("LOGIN", false, TS, 0);
	struct packet b = pkt("200", true, TC, 0);

	harness_engine("alert tcp any any -> any any (content:\"LOGIN\"; "
	    "flowbits:set,login; flowbits:noalert; sid:1;)\n");
	run(&a);
	harness_teardown();
	harness_setup();
	/* the reloaded rules know "login" under the same process-wide id */
	harness_engine("alert tcp any any -> any any (content:\"other\"; "
	    "flowbits:set,other; sid:5;)\n"
	    "alert tcp any any -> any any (content:\"200\"; "
	    "flowbits:isset,login; sid:2;)\n");
	ck_assert_uint_eq(run(&b), 1);
}
END_TEST

/* --- flowint --- */

START_TEST(test_flowint_counts_across_packets)
{
	struct packet a = pkt("x", false, TS, 0);

	harness_engine("alert tcp any any -> any any (content:\"x\"; "
	    "flowint:n,+,1; flowint:n,>=,3; sid:1;)");
	ck_assert_uint_eq(run(&a), 0);
	ck_assert_uint_eq(run(&a), 0);
	ck_assert_uint_eq(run(&a), 1);
}
END_TEST

START_TEST(test_flowint_unset_fails_comparisons)
{
	struct packet a = pkt("x", false, TS, 0);

	harness_engine("alert tcp any any -> any any (flowint:n,<,10; sid:1;)");
	ck_assert_uint_eq(run(&a), 0);
}
END_TEST

START_TEST(test_flowint_isset_after_assignment)
{
	struct packet a = pkt("x", false, TS, 0);

	harness_engine("alert tcp any any -> any any (flowint:n,=,7; "
	    "flowint:n,isset; flowint:n,==,7; sid:1;)");
	ck_assert_uint_eq(run(&a), 1);
}
END_TEST

START_TEST(test_flowint_notset_matches_a_fresh_flow)
{
	struct packet a = pkt("x", false, TS, 0);

	harness_engine("alert tcp any any -> any any (flowint:n,notset; sid:1;)");
	ck_assert_uint_eq(run(&a), 1);
}
END_TEST

START_TEST(test_flowint_compares_with_another_flowint)
{
	struct packet a = pkt("x", false, TS, 0);

	harness_engine("alert tcp any any -> any any (flowint:a,=,3; flowint:b,=,5; "
	    "flowint:a,<,b; sid:1;)");
	ck_assert_uint_eq(run(&a), 1);
}
END_TEST

START_TEST(test_flowint_fails_without_a_flow)
{
	struct packet a = pkt("x", false, 0, 0);

	harness_engine("alert tcp any any -> any any (flowint:n,notset; sid:1;)");
	ck_assert_uint_eq(run(&a), 0);
}
END_TEST

/* --- threshold / detection_filter --- */

START_TEST(test_threshold_limit_alerts_on_the_first_count)
{
	struct packet a = pkt("x", false, 0, 100);
	uint32_t n = 0;

	harness_engine("alert tcp any any -> any any (content:\"x\"; threshold:type "
	    "limit, track by_src, count 2, seconds 60; sid:1;)");
	for (int i = 0; i < 5; i++)
		n += run(&a);
	ck_assert_uint_eq(n, 2);
}
END_TEST

START_TEST(test_threshold_limit_starts_over_after_the_window)
{
	struct packet a = pkt("x", false, 0, 100);
	struct packet later = pkt("x", false, 0, 161);

	harness_engine("alert tcp any any -> any any (content:\"x\"; threshold:type "
	    "limit, track by_src, count 1, seconds 60; sid:1;)");
	run(&a);
	run(&a);
	ck_assert_uint_eq(run(&later), 1);
}
END_TEST

START_TEST(test_threshold_limit_still_drops_beyond_the_count)
{
	struct packet a = pkt("x", false, 0, 100);

	harness_engine("drop tcp any any -> any any (content:\"x\"; threshold:type "
	    "limit, track by_src, count 1, seconds 60; sid:1;)");
	run(&a);
	ck_assert_uint_eq(run(&a), 0);
	ck_assert_int_eq(harness_res.verdict, DETECT_VERDICT_DROP);
}
END_TEST

START_TEST(test_threshold_limit_counts_each_source_apart)
{
	struct packet a = pkt("x", false, 0, 100);
	struct packet b = pkt("x", true, 0, 100);

	harness_engine("alert tcp any any -> any any (content:\"x\"; threshold:type "
	    "limit, track by_src, count 1, seconds 60; sid:1;)");
	run(&a);
	ck_assert_uint_eq(run(&b), 1);
}
END_TEST

START_TEST(test_threshold_by_rule_counts_all_sources_together)
{
	struct packet a = pkt("x", false, 0, 100);
	struct packet b = pkt("x", true, 0, 100);

	harness_engine("alert tcp any any -> any any (content:\"x\"; threshold:type "
	    "limit, track by_rule, count 1, seconds 60; sid:1;)");
	run(&a);
	ck_assert_uint_eq(run(&b), 0);
}
END_TEST

START_TEST(test_threshold_type_threshold_alerts_every_count_th)
{
	struct packet a = pkt("x", false, 0, 100);
	uint32_t seen[6];

	harness_engine("alert tcp any any -> any any (content:\"x\"; threshold:type "
	    "threshold, track by_dst, count 3, seconds 60; sid:1;)");
	for (int i = 0; i < 6; i++)
		seen[i] = run(&a);
	ck_assert_uint_eq(seen[0] + seen[1], 0);
	ck_assert_uint_eq(seen[2], 1);
	ck_assert_uint_eq(seen[3] + seen[4], 0);
	ck_assert_uint_eq(seen[5], 1);
}
END_TEST

START_TEST(test_threshold_type_threshold_does_not_act_below_count)
{
	struct packet a = pkt("x", false, 0, 100);

	harness_engine("drop tcp any any -> any any (content:\"x\"; threshold:type "
	    "threshold, track by_src, count 2, seconds 60; sid:1;)");
	run(&a);
	ck_assert_int_eq(harness_res.verdict, DETECT_VERDICT_ACCEPT);
}
END_TEST

START_TEST(test_threshold_type_both_alerts_once_at_the_count)
{
	struct packet a = pkt("x", false, 0, 100);
	uint32_t seen[5];

	harness_engine("alert tcp any any -> any any (content:\"x\"; threshold:type "
	    "both, track by_src, count 2, seconds 60; sid:1;)");
	for (int i = 0; i < 5; i++)
		seen[i] = run(&a);
	ck_assert_uint_eq(seen[0], 0);
	ck_assert_uint_eq(seen[1], 1);
	ck_assert_uint_eq(seen[2] + seen[3] + seen[4], 0);
}
END_TEST

START_TEST(test_detection_filter_alerts_after_the_count)
{
	struct packet a = pkt("x", false, 0, 100);
	uint32_t seen[4];

	harness_engine("alert tcp any any -> any any (content:\"x\"; "
	    "detection_filter:track by_src, count 2, seconds 60; sid:1;)");
	for (int i = 0; i < 4; i++)
		seen[i] = run(&a);
	ck_assert_uint_eq(seen[0] + seen[1], 0);
	ck_assert_uint_eq(seen[2] + seen[3], 2);
}
END_TEST

START_TEST(test_detection_filter_by_flow_counts_per_flow)
{
	struct packet a = pkt("x", false, TS, 100);

	harness_engine("alert tcp any any -> any any (content:\"x\"; "
	    "detection_filter:track by_flow, count 1, seconds 60; sid:1;)");
	ck_assert_uint_eq(run(&a), 0);
	ck_assert_uint_eq(run(&a), 1);
}
END_TEST

START_TEST(test_rate_limited_matches_are_counted)
{
	struct packet a = pkt("x", false, 0, 100);
	struct detect_stats st;

	harness_engine("alert tcp any any -> any any (content:\"x\"; "
	    "detection_filter:track by_src, count 5, seconds 60; sid:1;)");
	run(&a);
	run(&a);
	detect_thread_stats(harness_dt, &st);
	ck_assert_uint_eq(st.rate_limited, 2);
}
END_TEST

START_TEST(test_threshold_state_survives_an_engine_rebuild)
{
	struct packet a = pkt("x", false, 0, 100);
	const char *rule = "alert tcp any any -> any any (content:\"x\"; "
	    "threshold:type limit, track by_src, count 1, seconds 60; sid:1;)";

	harness_engine(rule);
	run(&a);
	harness_teardown();
	harness_setup();
	harness_engine(rule);
	ck_assert_uint_eq(run(&a), 0);
}
END_TEST

/* --- hostbits, xbits --- */

/* A UDP packet src -> dst at time sec, without a flow. */
static struct packet
hpkt(const char *src, const char *dst, const char *payload, time_t sec)
{
	struct packet p;

	memset(&p, 0, sizeof(p));
	p.src = harness_ip(src);
	p.dst = harness_ip(dst);
	p.ip_version = p.src.family == AF_INET6 ? 6 : 4;
	p.proto = IPPROTO_UDP;
	p.l4_valid = true;
	p.sport = 1000;
	p.dport = 53;
	p.payload = (const uint8_t *)payload;
	p.payload_len = (uint32_t)strlen(payload);
	p.ts.tv_sec = sec;
	return p;
}

START_TEST(test_hostbits_set_by_source_is_seen_without_a_flow)
{
	struct packet a = hpkt("10.0.0.1", "10.0.0.2", "set", 1);
	struct packet b = hpkt("10.0.0.1", "10.0.0.3", "get", 2);
	struct packet c = hpkt("10.0.0.9", "10.0.0.1", "get", 3);

	harness_engine("alert udp any any -> any any (content:\"set\"; "
	    "hostbits:set,bad; noalert; sid:1;)\n"
	    "alert udp any any -> any any (content:\"get\"; "
	    "hostbits:isset,bad; sid:2;)\n"
	    "alert udp any any -> any any (content:\"get\"; "
	    "hostbits:isset,bad,dst; sid:3;)\n");
	ck_assert_uint_eq(run(&a), 0);
	ck_assert_uint_eq(run(&b), 1);
	ck_assert(alerted(2));
	ck_assert_uint_eq(run(&c), 1);
	ck_assert(alerted(3));
}
END_TEST

START_TEST(test_xbits_ip_pair_covers_both_directions_only)
{
	struct packet a = hpkt("10.0.0.1", "10.0.0.2", "set", 1);
	struct packet b = hpkt("10.0.0.2", "10.0.0.1", "get", 2);
	struct packet c = hpkt("10.0.0.2", "10.0.0.3", "get", 3);

	harness_engine("alert udp any any -> any any (content:\"set\"; "
	    "xbits:set,pair,track ip_pair; noalert; sid:1;)\n"
	    "alert udp any any -> any any (content:\"get\"; "
	    "xbits:isset,pair,track ip_pair; sid:2;)\n");
	run(&a);
	ck_assert_uint_eq(run(&b), 1);
	ck_assert_uint_eq(run(&c), 0);
}
END_TEST

START_TEST(test_xbits_ipv4_and_ipv6_of_the_same_bytes_are_apart)
{
	struct detect_hosttable_config c = { 1u << 20, 1, 0 };
	struct packet a = hpkt("10.0.0.1", "10.0.0.2", "set", 1);
	struct packet b = hpkt("a00:1::", "a00:2::", "get", 2);

	/* one bucket: every key collides */
	ck_assert_int_eq(detect_hosttable_configure(DETECT_HOSTTABLE_IPPAIR,
	    &c), 0);
	harness_engine("alert ip any any -> any any (content:\"set\"; "
	    "xbits:set,p,track ip_pair; sid:1;)\n"
	    "alert ip any any -> any any (content:\"get\"; "
	    "xbits:isset,p,track ip_pair; sid:2;)\n");
	ck_assert_uint_eq(run(&a), 1);
	ck_assert_uint_eq(run(&b), 0);
}
END_TEST

START_TEST(test_xbits_expire_and_a_set_keeps_its_expiry)
{
	struct packet s1 = hpkt("10.0.0.1", "10.0.0.2", "set", 100);
	struct packet g1 = hpkt("10.0.0.1", "10.0.0.2", "get", 109);
	struct packet s2 = hpkt("10.0.0.1", "10.0.0.2", "set", 109);
	struct packet g2 = hpkt("10.0.0.1", "10.0.0.2", "get", 111);
	struct packet g3 = hpkt("10.0.0.1", "10.0.0.2", "get", 112);

	harness_engine("alert udp any any -> any any (content:\"set\"; "
	    "xbits:set,h,track ip_src,expire 10; noalert; sid:1;)\n"
	    "alert udp any any -> any any (content:\"get\"; "
	    "xbits:isset,h,track ip_src; sid:2;)\n");
	run(&s1);
	ck_assert_uint_eq(run(&g1), 1);
	/* as Suricata: this set does not push the expiry to 119 */
	run(&s2);
	ck_assert_uint_eq(run(&g2), 0);
	/* the test removed the expired bit: a set now starts anew */
	run(&s2);
	ck_assert_uint_eq(run(&g3), 1);
}
END_TEST

START_TEST(test_hosttable_at_its_memcap_refuses_and_counts)
{
	struct detect_hosttable_config c = { 64 * 200, 64, 0 };
	struct detect_hosttable_stats st;
	struct ip_addr a, b;
	struct timespec now = { 1, 0 };
	char ip[32];
	unsigned ok = 0;

	ck_assert_int_eq(detect_hosttable_configure(DETECT_HOSTTABLE_HOST,
	    &c), 0);
	memset(&b, 0, sizeof(b));
	for (unsigned i = 0; i < 2000; i++) {
		snprintf(ip, sizeof(ip), "10.1.%u.%u", i / 250, i % 250);
		a = harness_ip(ip);
		ok += detect_hosttable_bit(DETECT_HOSTTABLE_HOST, &a, &b, 1,
		    DETECT_HOSTBIT_SET, 60, &now);
	}
	detect_hosttable_stats(DETECT_HOSTTABLE_HOST, &st);
	ck_assert_uint_lt(ok, 2000);
	ck_assert_uint_eq(st.entries, ok);
	ck_assert_uint_eq(st.memcap_hits, 2000 - ok);
	ck_assert_uint_le(st.memuse, c.memcap);
}
END_TEST

START_TEST(test_hosttable_at_its_memcap_reuses_expired_hosts)
{
	struct detect_hosttable_config c = { 64 * 200, 64, 0 };
	struct detect_hosttable_stats st;
	struct ip_addr a, b;
	struct timespec t1 = { 1, 0 }, t2 = { 100, 0 };
	char ip[32];

	ck_assert_int_eq(detect_hosttable_configure(DETECT_HOSTTABLE_HOST,
	    &c), 0);
	memset(&b, 0, sizeof(b));
	for (unsigned i = 0; i < 2000; i++) {
		snprintf(ip, sizeof(ip), "10.1.%u.%u", i / 250, i % 250);
		a = harness_ip(ip);
		(void)detect_hosttable_bit(DETECT_HOSTTABLE_HOST, &a, &b, 1,
		    DETECT_HOSTBIT_SET, 10, &t1);
	}
	/* 99 s later every bit has expired: new hosts take their place */
	a = harness_ip("10.9.9.9");
	ck_assert(detect_hosttable_bit(DETECT_HOSTTABLE_HOST, &a, &b, 1,
	    DETECT_HOSTBIT_SET, 10, &t2));
	ck_assert(detect_hosttable_bit(DETECT_HOSTTABLE_HOST, &a, &b, 1,
	    DETECT_HOSTBIT_ISSET, 0, &t2));
	detect_hosttable_stats(DETECT_HOSTTABLE_HOST, &st);
	ck_assert_uint_le(st.memuse, c.memcap);
}
END_TEST

START_TEST(test_hostbits_both_and_xbits_without_track_are_errors)
{
	struct ruleset *rs = rules_ruleset_new();

	ck_assert_int_eq(rules_load_string(rs, "t.rules",
	    "alert ip any any -> any any (hostbits:set,x,both; sid:1;)\n"
	    "alert ip any any -> any any (xbits:set,x; sid:2;)\n"
	    "alert ip any any -> any any (xbits:set,x,track ip_src,"
	    "expire 0; sid:3;)\n"
	    "alert ip any any -> any any (xbits:isset,x,track tx; sid:4;)\n",
	    NULL, &harness_dl), 0);
	ck_assert_uint_eq(harness_dl.errors, 3);
	ck_assert_uint_eq(rules_ruleset_count(rs), 0);
	rules_ruleset_free(rs);
}
END_TEST

/* --- tag --- */

START_TEST(test_tag_session_tags_the_next_count_minus_one_packets)
{
	struct packet a = pkt("evil", false, TS, 1);
	struct packet b = pkt("x", true, TC, 2);
	unsigned tagged = 0;

	harness_engine("alert tcp any any -> any any (content:\"evil\"; "
	    "tag:session,3,packets; sid:1;)");
	run(&a);
	ck_assert_uint_eq(harness_res.ntags, 1);
	/* the alerting packet counts as the first and is not tagged */
	ck_assert(!detect_tag_packet(&a, &harness_res));
	for (int i = 0; i < 5; i++) {
		run(&b);
		tagged += detect_tag_packet(&b, &harness_res);
	}
	ck_assert_uint_eq(tagged, 2);
}
END_TEST

START_TEST(test_tag_host_follows_the_host_in_any_flow)
{
	struct packet a = hpkt("10.0.0.1", "10.0.0.2", "evil", 1);
	struct packet b = hpkt("10.0.0.2", "10.0.0.7", "x", 2);
	struct packet c = hpkt("10.0.0.5", "10.0.0.6", "x", 3);

	harness_engine("alert udp any any -> any any (content:\"evil\"; "
	    "tag:host,10,seconds,dst; sid:1;)");
	run(&a);
	ck_assert(!detect_tag_packet(&a, &harness_res));
	run(&b);
	ck_assert(detect_tag_packet(&b, &harness_res));
	run(&c);
	ck_assert(!detect_tag_packet(&c, &harness_res));
	b.ts.tv_sec = 20;	/* past the 10 seconds */
	run(&b);
	ck_assert(!detect_tag_packet(&b, &harness_res));
}
END_TEST

/* Suricata takes several tag keywords in one rule (eve-tag-01: a host
 * tag and a session tag): both are installed. */
START_TEST(test_tag_host_and_session_in_one_rule)
{
	struct packet a = pkt("evil", false, TS, 1);
	struct packet b = pkt("x", true, TC, 2);
	const struct detect_tag *t;

	harness_engine("alert tcp any any -> any any (content:\"evil\"; "
	    "tag:host,100,packets,src; tag:session,3,packets; sid:1;)");
	run(&a);
	ck_assert_uint_eq(harness_res.ntags, 1);
	t = harness_res.tag_rules[0]->tag;
	ck_assert_ptr_nonnull(t);
	ck_assert_int_eq(t->type, DETECT_TAG_HOST);
	ck_assert_ptr_nonnull(t->next);
	ck_assert_int_eq(t->next->type, DETECT_TAG_SESSION);
	ck_assert_ptr_null(t->next->next);
	ck_assert(!detect_tag_packet(&a, &harness_res));
	run(&b);
	ck_assert(detect_tag_packet(&b, &harness_res));
}
END_TEST

START_TEST(test_tag_bad_values_are_errors)
{
	struct ruleset *rs = rules_ruleset_new();

	ck_assert_int_eq(rules_load_string(rs, "t.rules",
	    "alert ip any any -> any any (tag:flow; sid:1;)\n"
	    "alert ip any any -> any any (tag:session,3; sid:2;)\n"
	    "alert ip any any -> any any (tag:host,3,packets,up; sid:3;)\n"
	    "alert ip any any -> any any (tag:session,3,packets,src; sid:4;)\n"
	    "alert ip any any -> any any (tag:host,3,bytes,src; sid:5;)\n",
	    NULL, &harness_dl), 0);
	ck_assert_uint_eq(harness_dl.errors, 4);
	ck_assert_uint_eq(rules_ruleset_count(rs), 1);
	rules_ruleset_free(rs);
}
END_TEST

/* --- threshold.config --- */

static const char *
diag_text(size_t i)
{
	static char buf[1024];

	ck_assert_uint_gt(harness_dl.count, i);
	return diag_format(&harness_dl.items[i], buf, sizeof(buf));
}

START_TEST(test_tconf_suppress_by_src_silences_only_that_source)
{
	struct packet a = pkt("x", false, TS, 1);
	struct packet b = pkt("x", true, TC, 2);

	harness_engine_thresholds("alert tcp any any -> any any (content:\"x\"; "
	    "flowbits:set,seen; sid:1;)",
	    "suppress gen_id 1, sig_id 1, track by_src, ip 10.0.0.1\n");
	ck_assert_uint_eq(harness_dl.count, 0);
	ck_assert_uint_eq(run(&a), 0);
	ck_assert_uint_eq(harness_res.alerts_suppressed, 1);
	/* the suppressed match still acted */
	ck_assert(detect_flowvars_bit_isset(&flow, detect_names_id(
	    DETECT_NAMES_FLOWBIT, "seen", 4)));
	ck_assert_uint_eq(run(&b), 1);
}
END_TEST

START_TEST(test_tconf_suppress_without_track_makes_the_rule_noalert)
{
	struct packet a = pkt("x", false, TS, 1);

	harness_engine_thresholds("drop tcp any any -> any any (content:\"x\"; "
	    "sid:1;)", "suppress gen_id 1, sig_id 1\n");
	ck_assert_uint_eq(run(&a), 0);
	ck_assert_int_eq(harness_res.verdict, DETECT_VERDICT_DROP);
}
END_TEST

START_TEST(test_tconf_limit_replaces_the_rule_threshold)
{
	struct packet p = pkt("x", false, TS, 1);

	harness_engine_thresholds("alert tcp any any -> any any (content:\"x\"; "
	    "threshold:type limit,track by_rule,count 1,seconds 60; sid:1;)",
	    "threshold gen_id 1, sig_id 1, type limit, track by_rule, "
	    "count 3, seconds 60\n");
	ck_assert_uint_eq(run(&p), 1);
	ck_assert_uint_eq(run(&p), 1);
	ck_assert_uint_eq(run(&p), 1);
	ck_assert_uint_eq(run(&p), 0);
}
END_TEST

START_TEST(test_tconf_sid_0_leaves_rules_with_their_own_threshold)
{
	struct packet p = pkt("x", false, TS, 1);

	harness_engine_thresholds("alert tcp any any -> any any (content:\"x\"; "
	    "threshold:type limit,track by_rule,count 2,seconds 60; sid:1;)\n"
	    "alert tcp any any -> any any (content:\"x\"; sid:2;)",
	    "threshold gen_id 0, sig_id 0, type limit, track by_rule, "
	    "count 1, seconds 60\n");
	ck_assert_uint_eq(run(&p), 2);
	ck_assert_uint_eq(run(&p), 1);
	ck_assert(alerted(1));
	ck_assert_uint_eq(run(&p), 0);
}
END_TEST

START_TEST(test_tconf_rate_filter_drops_after_count_until_timeout)
{
	struct packet p1 = pkt("x", false, TS, 100);
	struct packet p2 = pkt("x", false, TS, 101);
	struct packet p3 = pkt("x", false, TS, 110);
	struct packet p4 = pkt("x", false, TS, 112);

	harness_engine_thresholds("alert udp any any -> any any (content:\"x\"; "
	    "sid:1;)\nalert tcp any any -> any any (content:\"x\"; dsize:1; "
	    "sid:2;)", "rate_filter gen_id 1, sig_id 2, track by_src, count 1, "
	    "seconds 60, new_action drop, timeout 10\n");
	run(&p1);
	ck_assert_int_eq(harness_res.verdict, DETECT_VERDICT_ACCEPT);
	run(&p2);
	ck_assert_int_eq(harness_res.verdict, DETECT_VERDICT_DROP);
	ck_assert(harness_res.alerts[0].rate_modified);
	ck_assert_int_eq(harness_res.drop_reason, DETECT_DROP_THRESHOLD);
	run(&p3);		/* 9 s into the timeout */
	ck_assert_int_eq(harness_res.verdict, DETECT_VERDICT_DROP);
	run(&p4);		/* 11 s: over, the rule's own action again */
	ck_assert_int_eq(harness_res.verdict, DETECT_VERDICT_ACCEPT);
	ck_assert_uint_eq(harness_res.nalerts, 1);
}
END_TEST

START_TEST(test_tconf_rate_filter_pass_passes_without_an_alert)
{
	struct packet p = pkt("x", false, TS, 1);

	harness_engine_thresholds("drop tcp any any -> any any (content:\"x\"; "
	    "dsize:1; sid:1;)", "rate_filter gen_id 1, sig_id 1, track by_rule, "
	    "count 1, seconds 60, new_action pass, timeout 60\n");
	run(&p);
	ck_assert_int_eq(harness_res.verdict, DETECT_VERDICT_DROP);
	ck_assert_uint_eq(harness_res.nalerts, 1);
	run(&p);
	ck_assert_int_eq(harness_res.verdict, DETECT_VERDICT_ACCEPT);
	ck_assert(harness_res.pass);
	ck_assert_uint_eq(harness_res.nalerts, 0);
}
END_TEST

START_TEST(test_tconf_by_both_counts_both_directions_together)
{
	struct packet a = pkt("x", false, TS, 1);
	struct packet b = pkt("x", true, TC, 2);

	harness_engine_thresholds("alert tcp any any -> any any (content:\"x\"; "
	    "sid:1;)", "threshold gen_id 1, sig_id 1, type limit, "
	    "track by_both, count 1, seconds 60\n");
	ck_assert_uint_eq(run(&a), 1);
	ck_assert_uint_eq(run(&b), 0);
}
END_TEST

START_TEST(test_tconf_bad_line_names_file_and_line_and_the_rest_apply)
{
	struct packet p = pkt("x", false, TS, 1);

	harness_engine_thresholds("alert tcp any any -> any any (content:\"x\"; "
	    "sid:1;)", "# comment\n"
	    "threshold gen_id 1, sig_id 1, type often, track by_rule, "
	    "count 1, seconds 60\n"
	    "suppress gen_id 1, \\\n  sig_id 1\n"
	    "rate_filter gen_id 0, sig_id 1, track by_rule, count 1, "
	    "seconds 1, new_action drop, timeout 1\n"
	    "suppress gen_id 1, sig_id 77\n"
	    "limit gen_id 1, sig_id 1\n");
	ck_assert_uint_eq(harness_dl.errors, 3);
	ck_assert_str_eq(diag_text(0), "t.config:2: threshold: invalid type "
	    "'type often'");
	ck_assert_str_eq(diag_text(1), "t.config:5: rate_filter: sig_id 1 "
	    "with gen_id 0 (give the rule's gid, normally 1)");
	ck_assert_str_eq(diag_text(2), "t.config:6: warning: sid 77, gid 1: "
	    "no such rule loaded");
	ck_assert_str_eq(diag_text(3), "t.config:7: unknown threshold.config "
	    "entry 'limit' (expected suppress, threshold, event_filter or "
	    "rate_filter)");
	/* the continued suppress on lines 3-4 applied */
	ck_assert_uint_eq(run(&p), 0);
}
END_TEST

static Suite *
flow_suite(void)
{
	Suite *s = suite_create("flow");
	TCase *fl = tcase_create("flow");
	TCase *fb = tcase_create("flowbits");
	TCase *fi = tcase_create("flowint");
	TCase *th = tcase_create("threshold");
	TCase *tc = tcase_create("threshold.config");
	TCase *hb = tcase_create("hostbits");

	tcase_add_checked_fixture(fl, flow_setup, flow_teardown);
	tcase_add_test(fl, test_flow_to_server_matches_the_client_side);
	tcase_add_test(fl, test_flow_to_server_ignores_the_server_side);
	tcase_add_test(fl, test_flow_from_server_matches_the_server_side);
	tcase_add_test(fl, test_flow_established_needs_an_established_flow);
	tcase_add_test(fl, test_flow_established_to_server_matches);
	tcase_add_test(fl, test_flow_established_fails_without_a_flow);
	tcase_add_test(fl, test_flow_not_established_matches_without_a_flow);
	tcase_add_test(fl, test_flow_stateless_matches_without_a_flow);
	tcase_add_test(fl, test_flow_only_stream_matches_on_the_stream);
	tcase_add_test(fl, test_flow_only_stream_never_matches_a_bare_packet);
	tcase_add_test(fl, test_flow_no_stream_matches_the_packet_not_the_stream);
	tcase_add_test(fl, test_tcp_content_spanning_segments_matches_on_the_stream);
	tcase_add_test(fl, test_tcp_rule_skips_a_payload_the_stream_took);
	tcase_add_test(fl, test_anchored_content_inspects_the_packet_too);
	tcase_add_test(fl, test_tcp_pkt_and_tcp_stream_see_one_side_each);
	tcase_add_test(fl, test_header_keyword_makes_a_packet_rule);
	tcase_add_test(fl, test_flow_end_brings_only_stream_rules);
	tcase_add_test(fl, test_to_client_rule_sees_reply_on_its_source_port);

	tcase_add_checked_fixture(fb, flow_setup, flow_teardown);
	tcase_add_test(fb, test_flow_age_counts_whole_seconds_of_the_flow);
	tcase_add_test(fb, test_flow_age_fails_without_a_flow);
	tcase_add_test(fb, test_pcre_captures_groups_into_flowvars);
	tcase_add_test(fb, test_pcre_capture_waits_for_the_whole_rule);
	tcase_add_test(fb, test_pcre_capture_replaces_the_flows_value);
	tcase_add_test(fb, test_pcre_capture_of_a_packet_variable_is_unsupported);
	tcase_add_test(fb, test_pcre_capture_must_name_a_flow_variable);
	tcase_add_test(fb, test_flowbits_chain_alerts_on_the_second_packet);
	tcase_add_test(fb, test_flowbits_isset_fails_before_the_bit_is_set);
	tcase_add_test(fb, test_flowbits_isset_fails_without_a_flow);
	tcase_add_test(fb,
	    test_flowbits_setter_runs_before_reader_in_one_packet);
	tcase_add_test(fb, test_flowbits_isnotset_matches_a_fresh_flow);
	tcase_add_test(fb, test_flowbits_isnotset_fails_once_set);
	tcase_add_test(fb, test_flowbits_unset_clears_the_bit);
	tcase_add_test(fb, test_flowbits_toggle_flips_the_bit);
	tcase_add_test(fb, test_flowbits_or_needs_any_of_the_bits);
	tcase_add_test(fb, test_flowbits_and_needs_all_of_the_bits);
	tcase_add_test(fb, test_flowbits_survive_an_engine_rebuild);

	tcase_add_checked_fixture(fi, flow_setup, flow_teardown);
	tcase_add_test(fi, test_flowint_counts_across_packets);
	tcase_add_test(fi, test_flowint_unset_fails_comparisons);
	tcase_add_test(fi, test_flowint_isset_after_assignment);
	tcase_add_test(fi, test_flowint_notset_matches_a_fresh_flow);
	tcase_add_test(fi, test_flowint_compares_with_another_flowint);
	tcase_add_test(fi, test_flowint_fails_without_a_flow);

	tcase_add_checked_fixture(th, flow_setup, flow_teardown);
	tcase_add_test(th, test_threshold_limit_alerts_on_the_first_count);
	tcase_add_test(th, test_threshold_limit_starts_over_after_the_window);
	tcase_add_test(th, test_threshold_limit_still_drops_beyond_the_count);
	tcase_add_test(th, test_threshold_limit_counts_each_source_apart);
	tcase_add_test(th, test_threshold_by_rule_counts_all_sources_together);
	tcase_add_test(th,
	    test_threshold_type_threshold_alerts_every_count_th);
	tcase_add_test(th,
	    test_threshold_type_threshold_does_not_act_below_count);
	tcase_add_test(th, test_threshold_type_both_alerts_once_at_the_count);
	tcase_add_test(th, test_detection_filter_alerts_after_the_count);
	tcase_add_test(th, test_detection_filter_by_flow_counts_per_flow);
	tcase_add_test(th, test_rate_limited_matches_are_counted);
	tcase_add_test(th, test_threshold_state_survives_an_engine_rebuild);

	suite_add_tcase(s, fl);
	suite_add_tcase(s, fb);
	suite_add_tcase(s, fi);
	tcase_add_checked_fixture(tc, flow_setup, flow_teardown);
	tcase_add_test(tc, test_tconf_suppress_by_src_silences_only_that_source);
	tcase_add_test(tc,
	    test_tconf_suppress_without_track_makes_the_rule_noalert);
	tcase_add_test(tc, test_tconf_limit_replaces_the_rule_threshold);
	tcase_add_test(tc,
	    test_tconf_sid_0_leaves_rules_with_their_own_threshold);
	tcase_add_test(tc,
	    test_tconf_rate_filter_drops_after_count_until_timeout);
	tcase_add_test(tc, test_tconf_rate_filter_pass_passes_without_an_alert);
	tcase_add_test(tc, test_tconf_by_both_counts_both_directions_together);
	tcase_add_test(tc,
	    test_tconf_bad_line_names_file_and_line_and_the_rest_apply);
	tcase_add_checked_fixture(hb, flow_setup, flow_teardown);
	tcase_add_test(hb, test_hostbits_set_by_source_is_seen_without_a_flow);
	tcase_add_test(hb, test_xbits_ip_pair_covers_both_directions_only);
	tcase_add_test(hb, test_xbits_ipv4_and_ipv6_of_the_same_bytes_are_apart);
	tcase_add_test(hb, test_xbits_expire_and_a_set_keeps_its_expiry);
	tcase_add_test(hb, test_hosttable_at_its_memcap_refuses_and_counts);
	tcase_add_test(hb, test_hosttable_at_its_memcap_reuses_expired_hosts);
	tcase_add_test(hb, test_hostbits_both_and_xbits_without_track_are_errors);
	suite_add_tcase(s, th);
	suite_add_tcase(s, tc);
	tcase_add_test(hb,
	    test_tag_session_tags_the_next_count_minus_one_packets);
	tcase_add_test(hb, test_tag_host_follows_the_host_in_any_flow);
	tcase_add_test(hb, test_tag_host_and_session_in_one_rule);
	tcase_add_test(hb, test_tag_bad_values_are_errors);
	suite_add_tcase(s, hb);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(flow_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
