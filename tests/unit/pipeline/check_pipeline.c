/* The packet pipeline on real packets: raw IPv4/TCP bytes go through
 * the worker's path (decode_packet, pipeline_packet: flow tracking,
 * stream reassembly, detection, the decision) against
 * tests/unit/data/rules/pipeline.rules, so content, pcre, byte_test, a
 * flowbits chain, flow:established,to_server, dsize and a threshold are
 * checked on packets as they come off the wire, handshake included. */
#include "core/base.h"

#include <check.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/diag.h"
#include "core/packet.h"
#include "decode/decode.h"
#include "detect/engine.h"
#include "detect/threshold.h"
#include "config/config.h"
#include "pipeline/pipeline.h"
#include "rules/ruleset.h"
#include "stream/events.h"

/* One TCP connection, client 10.0.0.1:sport -> server 10.0.0.2:dport. */
struct conn {
	uint16_t	 sport;
	uint16_t	 dport;
	uint32_t	 cseq;		/* next client sequence number */
	uint32_t	 sseq;
	time_t		 t;
};

static struct diag_list dl;
static struct detect_engine *de;
static struct detect_thread *dt;
static struct quell_config *qcfg;
static struct stream_hostos *hosts;
static struct pipeline *pl;
static struct pipeline_result pres;
static struct detect_result res;
static uint64_t last_events[PKT_EVENT_WORDS];	/* p.events of the last tx */
static uint8_t frame[1600];

static void	setup(void);
static void	teardown(void);
static const char *data_path(const char *);
static uint32_t	tx(struct conn *, bool, uint8_t, const void *, size_t);
static void	handshake(struct conn *);
static bool	alerted(uint32_t);
static Suite	*pipeline_suite(void);

static const char *
data_path(const char *name)
{
	static char path[4096];
	const char *top = getenv("QUELL_TOP_SRCDIR");

	snprintf(path, sizeof(path), "%s/tests/unit/data/rules/%s",
	    top != NULL ? top : ".", name);
	return path;
}

static void
setup(void)
{
	struct pipeline_config pc;
	struct ruleset *rs = rules_ruleset_new();
	char err[256];

	diag_list_init(&dl);
	detect_threshold_reset();
	ck_assert_ptr_nonnull(rs);
	ck_assert_int_eq(rules_load_file(rs, data_path("pipeline.rules"),
	    NULL, &dl), 0);
	ck_assert_uint_eq(dl.count, 0);
	de = detect_engine_build(rs, &dl);
	ck_assert_ptr_nonnull(de);
	dt = detect_thread_new(de);
	ck_assert_ptr_nonnull(dt);
	qcfg = config_new();
	ck_assert_ptr_nonnull(qcfg);
	qcfg->flow.hash_size = 1024;
	qcfg->flow.prealloc = 16;
	/* inline (IPS): drops act, stream normalisation is on */
	ck_assert_int_eq(pipeline_config_init(&pc, qcfg, true, true, 1,
	    &hosts, err, sizeof(err)), 0);
	pl = pipeline_new(&pc, dt, 1);
	ck_assert_ptr_nonnull(pl);
}

static void
teardown(void)
{
	(void)flow_table_flush(pipeline_flows(pl), NULL, NULL);
	pipeline_free(pl);
	stream_hostos_free(hosts);
	config_free(qcfg);
	detect_thread_free(dt);
	detect_engine_free(de);
	detect_threshold_reset();
	diag_list_free(&dl);
}

/* Builds one IPv4/TCP packet of c (from the server when reply) and runs
 * it through decode, flow tracking and detection; the alert count. */
/* The exception policies of the last packet's flow (flow.exceptions). */
static uint8_t last_exceptions[EXCEPTION_NCAUSES];

static uint32_t
tx(struct conn *c, bool reply, uint8_t flags, const void *payload,
    size_t len)
{
	uint8_t *ip = frame, *tcp = frame + 20;
	uint32_t seq = reply ? c->sseq : c->cseq;
	uint32_t ack = reply ? c->cseq : c->sseq;
	uint16_t total = (uint16_t)(40 + len);
	struct packet p;

	memset(frame, 0, 40);
	ip[0] = 0x45;
	ip[2] = (uint8_t)(total >> 8);
	ip[3] = (uint8_t)total;
	ip[6] = 0x40;		/* DF */
	ip[8] = 64;
	ip[9] = IPPROTO_TCP;
	ip[12] = 10;
	ip[15] = reply ? 2 : 1;
	ip[16] = 10;
	ip[19] = reply ? 1 : 2;
	tcp[0] = (uint8_t)((reply ? c->dport : c->sport) >> 8);
	tcp[1] = (uint8_t)(reply ? c->dport : c->sport);
	tcp[2] = (uint8_t)((reply ? c->sport : c->dport) >> 8);
	tcp[3] = (uint8_t)(reply ? c->sport : c->dport);
	for (int i = 0; i < 4; i++) {
		tcp[4 + i] = (uint8_t)(seq >> (24 - 8 * i));
		tcp[8 + i] = (uint8_t)(ack >> (24 - 8 * i));
	}
	tcp[12] = 5 << 4;
	tcp[13] = flags;
	tcp[14] = 0xff;
	tcp[15] = 0xff;
	if (len > 0)
		memcpy(frame + 40, payload, len);
	if (reply)
		c->sseq += (uint32_t)len + ((flags & PKT_TCP_SYN) ? 1 : 0);
	else
		c->cseq += (uint32_t)len + ((flags & PKT_TCP_SYN) ? 1 : 0);

	memset(&p, 0, sizeof(p));
	p.data = frame;
	p.len = total;
	p.wire_len = total;
	p.ts.tv_sec = c->t;
	ck_assert_int_eq(decode_packet(&p), 0);
	pipeline_packet(pl, &p, &pres);
	res = pres.det;
	memcpy(last_events, p.events, sizeof(last_events));
	if (p.flow != NULL)
		memcpy(last_exceptions, p.flow->exceptions,
		    sizeof(last_exceptions));
	return res.nalerts;
}

static void
handshake(struct conn *c)
{
	ck_assert_uint_eq(tx(c, false, PKT_TCP_SYN, NULL, 0), 0);
	ck_assert_uint_eq(tx(c, true, PKT_TCP_SYN | PKT_TCP_ACK, NULL, 0),
	    0);
	ck_assert_uint_eq(tx(c, false, PKT_TCP_ACK, NULL, 0), 0);
}

static bool
alerted(uint32_t sid)
{
	for (uint32_t i = 0; i < res.nalerts; i++)
		if (res.alerts[i].sid == sid)
			return true;
	return false;
}

#define DATA	(PKT_TCP_ACK | PKT_TCP_PSH)

static const char login[] = "POST /login HTTP/1.1\r\nHost: x\r\n\r\n"
    "user=bob&password=correct-horse-battery";
static const char ok200[] = "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n";

START_TEST(test_login_request_fires_content_and_pcre_rules)
{
	struct conn c = { 40000, 80, 1000, 5000, 100 };

	handshake(&c);
	ck_assert_uint_eq(tx(&c, false, DATA, login, sizeof(login) - 1),
	    2);
	ck_assert(alerted(100));
	ck_assert(alerted(101));
}
END_TEST

START_TEST(test_response_after_login_fires_the_flowbits_chain)
{
	struct conn c = { 40001, 80, 1000, 5000, 100 };

	handshake(&c);
	tx(&c, false, DATA, login, sizeof(login) - 1);
	ck_assert_uint_eq(tx(&c, true, DATA, ok200, sizeof(ok200) - 1), 1);
	ck_assert(alerted(103));
}
END_TEST

START_TEST(test_response_without_login_fires_nothing)
{
	struct conn c = { 40002, 80, 1000, 5000, 100 };

	handshake(&c);
	ck_assert_uint_eq(tx(&c, true, DATA, ok200, sizeof(ok200) - 1), 0);
}
END_TEST

START_TEST(test_oversized_record_fires_byte_test)
{
	static const uint8_t rec[] = { 0xca, 0xfe, 0x03, 0xe9, 'x' };
	struct conn c = { 40003, 9000, 1, 1, 100 };

	handshake(&c);
	ck_assert_uint_eq(tx(&c, false, DATA, rec, sizeof(rec)), 1);
	ck_assert(alerted(104));
}
END_TEST

START_TEST(test_small_record_passes_byte_test)
{
	static const uint8_t rec[] = { 0xca, 0xfe, 0x00, 0x10, 'x' };
	struct conn c = { 40004, 9000, 1, 1, 100 };

	handshake(&c);
	ck_assert_uint_eq(tx(&c, false, DATA, rec, sizeof(rec)), 0);
}
END_TEST

START_TEST(test_tiny_record_fires_dsize)
{
	struct conn c = { 40005, 9000, 1, 1, 100 };

	handshake(&c);
	ck_assert_uint_eq(tx(&c, false, DATA, "abc", 3), 1);
	ck_assert(alerted(105));
}
END_TEST

START_TEST(test_threshold_keeps_two_of_five_probes)
{
	struct conn c = { 40006, 80, 1000, 5000, 100 };
	uint32_t n = 0;

	handshake(&c);
	for (int i = 0; i < 5; i++) {
		c.t++;
		n += tx(&c, false, DATA, "PING", 4);
	}
	ck_assert_uint_eq(n, 2);
}
END_TEST

START_TEST(test_data_before_the_handshake_completes_fires_nothing)
{
	struct conn c = { 40007, 80, 1000, 5000, 100 };

	ck_assert_uint_eq(tx(&c, false, PKT_TCP_SYN, "EARLY", 5), 0);
}
END_TEST

START_TEST(test_same_data_once_established_fires)
{
	struct conn c = { 40008, 80, 1000, 5000, 100 };

	handshake(&c);
	ck_assert_uint_eq(tx(&c, false, DATA, "EARLY", 5), 1);
	ck_assert(alerted(107));
}
END_TEST

/* Rebuilds the pipeline after the test changed qcfg. */
static void
rebuild(bool ips)
{
	struct pipeline_config pc;
	char err[256];

	(void)flow_table_flush(pipeline_flows(pl), NULL, NULL);
	pipeline_free(pl);
	stream_hostos_free(hosts);
	ck_assert_int_eq(pipeline_config_init(&pc, qcfg, ips, ips, 1, &hosts,
	    err, sizeof(err)), 0);
	pl = pipeline_new(&pc, dt, 1);
	ck_assert_ptr_nonnull(pl);
}

START_TEST(test_in_order_data_comes_with_its_stream_chunk)
{
	struct conn c = { 40100, 9000, 1000, 5000, 100 };

	handshake(&c);
	tx(&c, false, DATA, "hello", 5);
	ck_assert(pres.has_stream);
	ck_assert_uint_eq(pres.stream.dir, FLOW_DIR_TO_SERVER);
	ck_assert_uint_eq(pres.stream.offset, 0);
	ck_assert_uint_eq(pres.stream.len, 5);
	ck_assert_mem_eq(pres.stream.data, "hello", 5);
	/* inline the window reaches back over what came before */
	tx(&c, false, DATA, " world", 6);
	ck_assert_uint_eq(pres.stream.offset, 0);
	ck_assert_uint_eq(pres.stream.len, 11);
	ck_assert_mem_eq(pres.stream.data, "hello world", 11);
	ck_assert(!pres.drop);
}
END_TEST

START_TEST(test_retransmission_with_other_bytes_is_dropped_inline)
{
	struct conn c = { 40101, 9000, 1000, 5000, 100 };

	handshake(&c);
	tx(&c, false, DATA, "GET /good", 9);
	ck_assert(!pres.drop);
	c.cseq -= 9;
	tx(&c, false, DATA, "GET /evil", 9);
	ck_assert(pres.drop);
	ck_assert(pres.why & PIPELINE_DROP_STREAM);
	ck_assert(decode_event_has(last_events,
	    DECODE_EV_STREAM_REASSEMBLY_OVERLAP_DIFFERENT_DATA));
	/* the flow lives on: the honest retransmission passes */
	c.cseq -= 9;
	tx(&c, false, DATA, "GET /good", 9);
	ck_assert(!pres.drop);
	ck_assert(decode_event_has(last_events,
	    DECODE_EV_STREAM_PKT_RETRANSMISSION));
}
END_TEST

START_TEST(test_retransmission_with_other_bytes_only_alerts_in_ids_mode)
{
	struct conn c = { 40102, 9000, 1000, 5000, 100 };

	rebuild(false);
	handshake(&c);
	tx(&c, false, DATA, "GET /good", 9);
	c.cseq -= 9;
	tx(&c, false, DATA, "GET /evil", 9);
	ck_assert(!pres.drop);
	ck_assert(decode_event_has(last_events,
	    DECODE_EV_STREAM_REASSEMBLY_OVERLAP_DIFFERENT_DATA));
}
END_TEST

START_TEST(test_midstream_off_drops_the_flow_in_ips_mode)
{
	struct conn c = { 40103, 9000, 1000, 5000, 100 };

	qcfg->flow.midstream = false;
	rebuild(true);
	tx(&c, false, DATA, "data", 4);
	ck_assert(pres.drop);
	ck_assert(pres.why & PIPELINE_DROP_POLICY);
	tx(&c, false, DATA, "more", 4);
	ck_assert(pres.drop);
	ck_assert(pres.why & PIPELINE_DROP_FLOW);
}
END_TEST

/* exception-policy-default-03 (Suricata 7, IPS, exception-policy
 * auto, midstream off): the capture starts with the server's SYN/ACK;
 * it is dropped as "stream midstream" and the rest of the flow as
 * "flow drop", none of it inspected. */
START_TEST(test_midstream_off_synack_first_drops_the_flow_in_ips_mode)
{
	struct conn c = { 40107, 80, 1000, 5000, 100 };

	qcfg->flow.midstream = false;
	rebuild(true);
	c.cseq++;
	tx(&c, true, PKT_TCP_SYN | PKT_TCP_ACK, NULL, 0);
	ck_assert(pres.drop);
	ck_assert(pres.why & PIPELINE_DROP_POLICY);
	ck_assert_str_eq(pres.drop_reason, "stream midstream");
	ck_assert_uint_eq(last_exceptions[EXCEPTION_CAUSE_MIDSTREAM],
	    1 + EXCEPTION_DROP_FLOW);
	ck_assert_uint_eq(tx(&c, false, DATA, login, sizeof(login) - 1), 0);
	ck_assert(pres.drop);
	ck_assert(pres.why & PIPELINE_DROP_FLOW);
	ck_assert(!pres.inspected);
}
END_TEST

START_TEST(test_midstream_policy_pass_flow_accepts_uninspected)
{
	struct conn c = { 40104, 80, 1000, 5000, 100 };

	qcfg->flow.midstream = false;
	free(qcfg->exception_policies[EXCEPTION_CAUSE_MIDSTREAM]);
	qcfg->exception_policies[EXCEPTION_CAUSE_MIDSTREAM] =
	    strdup("pass-flow");
	rebuild(true);
	ck_assert_uint_eq(tx(&c, false, DATA, login, sizeof(login) - 1), 0);
	ck_assert(!pres.drop);
	ck_assert(!pres.inspected);
}
END_TEST

/* Midstream on and drop-flow (Suricata warns and applies it,
 * exception-policy-midstream-06): a session picked up midstream is
 * dropped, all of it. */
START_TEST(test_midstream_on_with_drop_flow_drops_the_pickup)
{
	struct conn c = { 40106, 80, 1000, 5000, 100 };

	qcfg->flow.midstream = true;
	free(qcfg->exception_policies[EXCEPTION_CAUSE_MIDSTREAM]);
	qcfg->exception_policies[EXCEPTION_CAUSE_MIDSTREAM] =
	    strdup("drop-flow");
	rebuild(true);
	tx(&c, false, DATA, "data", 4);
	ck_assert(pres.drop);
	ck_assert(pres.why & PIPELINE_DROP_POLICY);
	/* the flow records it for eve's flow.exception_policy */
	ck_assert_uint_eq(last_exceptions[EXCEPTION_CAUSE_MIDSTREAM],
	    1 + EXCEPTION_DROP_FLOW);
	tx(&c, true, DATA, "back", 4);
	ck_assert(pres.drop);
	ck_assert(pres.why & PIPELINE_DROP_FLOW);
}
END_TEST

START_TEST(test_both_directions_at_depth_ask_for_bypass)
{
	struct conn c = { 40105, 9000, 1000, 5000, 100 };

	qcfg->stream.depth = 8;
	qcfg->stream.bypass = true;
	rebuild(true);
	handshake(&c);
	tx(&c, false, DATA, "0123456789", 10);
	ck_assert(!pres.bypass);
	tx(&c, true, DATA, "abcdefghij", 10);
	ck_assert(pres.bypass);
	ck_assert(!pres.bypass_keyword);
}
END_TEST

static Suite *
pipeline_suite(void)
{
	Suite *s = suite_create("pipeline");
	TCase *tc = tcase_create("tcp");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_login_request_fires_content_and_pcre_rules);
	tcase_add_test(tc, test_response_after_login_fires_the_flowbits_chain);
	tcase_add_test(tc, test_response_without_login_fires_nothing);
	tcase_add_test(tc, test_oversized_record_fires_byte_test);
	tcase_add_test(tc, test_small_record_passes_byte_test);
	tcase_add_test(tc, test_tiny_record_fires_dsize);
	tcase_add_test(tc, test_threshold_keeps_two_of_five_probes);
	tcase_add_test(tc,
	    test_data_before_the_handshake_completes_fires_nothing);
	tcase_add_test(tc, test_same_data_once_established_fires);
	suite_add_tcase(s, tc);
	tc = tcase_create("stream");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_in_order_data_comes_with_its_stream_chunk);
	tcase_add_test(tc,
	    test_retransmission_with_other_bytes_is_dropped_inline);
	tcase_add_test(tc,
	    test_retransmission_with_other_bytes_only_alerts_in_ids_mode);
	tcase_add_test(tc, test_midstream_off_drops_the_flow_in_ips_mode);
	tcase_add_test(tc,
	    test_midstream_off_synack_first_drops_the_flow_in_ips_mode);
	tcase_add_test(tc, test_midstream_policy_pass_flow_accepts_uninspected);
	tcase_add_test(tc, test_midstream_on_with_drop_flow_drops_the_pickup);
	tcase_add_test(tc, test_both_directions_at_depth_ask_for_bypass);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(pipeline_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
