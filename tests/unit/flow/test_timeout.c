#include "core/base.h"

#include <netinet/in.h>

#include <check.h>

#include "core/packet.h"
#include "flow/config.h"
#include "flow/flow.h"
#include "flow/table.h"
#include "flow/timeout.h"

#include "fixture.h"
#include "pkt.h"
#include "suites.h"

/*
 * Timeouts here are distinct per protocol and kind, so a flow that
 * expires at the expected second used the expected value:
 *   new 11 12 13 14, established 21 22 23 24, closed 31 32 33 34,
 *   bypassed 41 42 43 44 (default, tcp, udp, icmp); emergency 10 less.
 */

static struct flow_table *t;
static struct trec_log recs;
static struct tpkt tp;

static void
timeouts_config(struct flow_table_config *cfg)
{
	unsigned int p, k;

	tflow_config(cfg);
	for (p = 0; p < FLOW_PROTO_COUNT; p++) {
		for (k = 0; k < FLOW_TIMEOUT_KINDS; k++) {
			cfg->timeouts[p][k] = 11 + 10 * k + p;
			cfg->emergency_timeouts[p][k] = 1 + 10 * k + p;
		}
	}
}

static void
setup(void)
{
	struct flow_table_config cfg;

	timeouts_config(&cfg);
	t = flow_table_new(&cfg, tvars_free, 1);
	ck_assert_ptr_nonnull(t);
	memset(&recs, 0, sizeof(recs));
	tvars_freed = 0;
}

static void
teardown(void)
{
	flow_table_free(t);
	t = NULL;
}

static size_t
expire_at(time_t sec)
{
	struct timespec now = { sec, 0 };

	return flow_table_expire(t, &now, trec_emit, &recs);
}

static struct flow *
udp(const char *src, uint16_t sport, const char *dst, uint16_t dport,
    time_t sec)
{
	return flow_table_handle(t, tpkt_udp(&tp, src, sport, dst, dport, 10,
	    sec));
}

static struct flow *
tcp(const char *src, uint16_t sport, const char *dst, uint16_t dport,
    uint8_t flags, uint32_t seq, uint32_t ack, time_t sec)
{
	return flow_table_handle(t, tpkt_tcp(&tp, &(struct tseg){ .src = src,
	    .sport = sport, .dst = dst, .dport = dport, .flags = flags,
	    .seq = seq, .ack = ack, .sec = sec }));
}

static struct flow *
tcp_handshake(time_t sec)
{
	struct flow *f = tcp(C4, 40000, S4, 80, PKT_TCP_SYN, 1000, 0, sec);

	tcp(S4, 80, C4, 40000, PKT_TCP_SYN | PKT_TCP_ACK, 5000, 1001, sec);
	tcp(C4, 40000, S4, 80, PKT_TCP_ACK, 1001, 5001, sec);
	return f;
}

/* A table that holds exactly two flows. */
static void
two_flow_table(void)
{
	struct flow_table_config cfg;

	flow_table_free(t);
	timeouts_config(&cfg);
	cfg.hash_size = 1;
	cfg.memcap = sizeof(void *) + 2 * flow_table_flow_size();
	t = flow_table_new(&cfg, tvars_free, 1);
	ck_assert_ptr_nonnull(t);
}

START_TEST(test_new_udp_flow_expires_at_the_udp_new_timeout)
{
	udp(C4, 5353, S4, 53, 100);
	ck_assert_uint_eq(expire_at(112), 0);
	ck_assert_uint_eq(expire_at(113), 1);
}
END_TEST

START_TEST(test_established_udp_flow_expires_at_the_udp_established_timeout)
{
	udp(C4, 5353, S4, 53, 100);
	udp(S4, 53, C4, 5353, 100);
	ck_assert_uint_eq(expire_at(122), 0);
	ck_assert_uint_eq(expire_at(123), 1);
}
END_TEST

START_TEST(test_new_tcp_flow_expires_at_the_tcp_new_timeout)
{
	tcp(C4, 40000, S4, 80, PKT_TCP_SYN, 1000, 0, 100);
	ck_assert_uint_eq(expire_at(111), 0);
	ck_assert_uint_eq(expire_at(112), 1);
}
END_TEST

START_TEST(test_established_tcp_flow_expires_at_the_tcp_established_timeout)
{
	tcp_handshake(100);
	ck_assert_uint_eq(expire_at(121), 0);
	ck_assert_uint_eq(expire_at(122), 1);
}
END_TEST

START_TEST(test_closed_tcp_flow_expires_at_the_tcp_closed_timeout)
{
	tcp_handshake(100);
	tcp(S4, 80, C4, 40000, PKT_TCP_RST, 5001, 0, 100);
	ck_assert_uint_eq(expire_at(131), 0);
	ck_assert_uint_eq(expire_at(132), 1);
}
END_TEST

START_TEST(test_icmp_flow_expires_at_the_icmp_new_timeout)
{
	flow_table_handle(t, tpkt_icmp(&tp, C4, S4, 8, 1, 100));
	ck_assert_uint_eq(expire_at(113), 0);
	ck_assert_uint_eq(expire_at(114), 1);
}
END_TEST

START_TEST(test_icmpv6_flow_expires_at_the_icmp_established_timeout)
{
	flow_table_handle(t, tpkt_icmp(&tp, C6, S6, 128, 1, 100));
	flow_table_handle(t, tpkt_icmp(&tp, S6, C6, 129, 1, 100));
	ck_assert_uint_eq(expire_at(123), 0);
	ck_assert_uint_eq(expire_at(124), 1);
}
END_TEST

START_TEST(test_other_protocol_expires_at_the_default_timeout)
{
	flow_table_handle(t, tpkt_proto(&tp, C4, S4, 47, 100));
	ck_assert_uint_eq(expire_at(110), 0);
	ck_assert_uint_eq(expire_at(111), 1);
}
END_TEST

START_TEST(test_bypassed_flow_expires_at_the_bypassed_timeout)
{
	udp(C4, 5353, S4, 53, 100)->flags |= FLOW_F_BYPASSED;
	ck_assert_uint_eq(expire_at(142), 0);
	ck_assert_uint_eq(expire_at(143), 1);
}
END_TEST

START_TEST(test_flow_changed_after_other_packets_still_gets_its_new_timeout)
{
	struct flow *a = udp(C4, 1, S4, 53, 100);
	struct flow *b = udp(C4, 2, S4, 53, 100);
	uint64_t b_id = b->flow_id;

	a->flags |= FLOW_F_BYPASSED;
	ck_assert_uint_eq(expire_at(113), 1);
	ck_assert_uint_eq(recs.r[0].flow_id, b_id);
}
END_TEST

START_TEST(test_packet_pushes_the_timeout_back)
{
	udp(C4, 5353, S4, 53, 100);
	udp(C4, 5353, S4, 53, 110);
	ck_assert_uint_eq(expire_at(122), 0);
	ck_assert_uint_eq(expire_at(123), 1);
}
END_TEST

START_TEST(test_timeout_counts_nanoseconds)
{
	struct tpkt u;
	struct packet *p = tpkt_udp(&u, C4, 5353, S4, 53, 10, 100);
	struct timespec before = { 113, 499999999 }, at = { 113, 500000000 };

	p->ts.tv_nsec = 500000000;
	flow_table_handle(t, p);
	ck_assert_uint_eq(flow_table_expire(t, &before, NULL, NULL), 0);
	ck_assert_uint_eq(flow_table_expire(t, &at, NULL, NULL), 1);
}
END_TEST

START_TEST(test_expire_emits_each_flow_once_with_reason_timeout)
{
	udp(C4, 1, S4, 53, 100);
	udp(C4, 2, S4, 53, 100);
	tcp_handshake(100);
	expire_at(1000);
	expire_at(2000);
	ck_assert_uint_eq(recs.n, 3);
	ck_assert_uint_eq(recs.reasons[FLOW_END_TIMEOUT], 3);
	ck_assert_uint_ne(recs.r[0].flow_id, recs.r[1].flow_id);
	ck_assert_uint_ne(recs.r[1].flow_id, recs.r[2].flow_id);
	ck_assert_uint_ne(recs.r[0].flow_id, recs.r[2].flow_id);
}
END_TEST

START_TEST(test_record_sees_the_end_reason_in_the_flow)
{
	udp(C4, 1, S4, 53, 100);
	expire_at(1000);
	ck_assert_int_eq(recs.r[0].end_reason, FLOW_END_TIMEOUT);
}
END_TEST

START_TEST(test_record_carries_the_flow_counters)
{
	udp(C4, 1, S4, 53, 100);
	udp(C4, 1, S4, 53, 100);
	udp(S4, 53, C4, 1, 100);
	expire_at(1000);
	ck_assert_uint_eq(recs.r[0].pkts[FLOW_DIR_TO_SERVER], 2);
	ck_assert_uint_eq(recs.r[0].pkts[FLOW_DIR_TO_CLIENT], 1);
}
END_TEST

START_TEST(test_expire_counts_timeouts_in_stats)
{
	struct flow_table_stats st;

	udp(C4, 1, S4, 53, 100);
	udp(C4, 2, S4, 53, 100);
	expire_at(1000);
	flow_table_stats(t, &st);
	ck_assert_uint_eq(st.ended[FLOW_END_TIMEOUT], 2);
	ck_assert_uint_eq(st.active, 0);
}
END_TEST

START_TEST(test_flush_emits_every_flow_with_reason_shutdown)
{
	udp(C4, 1, S4, 53, 100);
	tcp_handshake(100);
	flow_table_handle(t, tpkt_icmp(&tp, C6, S6, 128, 1, 100));
	ck_assert_uint_eq(flow_table_flush(t, trec_emit, &recs), 3);
	ck_assert_uint_eq(recs.n, 3);
	ck_assert_uint_eq(recs.reasons[FLOW_END_SHUTDOWN], 3);
}
END_TEST

START_TEST(test_flush_leaves_the_table_empty)
{
	struct flow_table_stats st;

	udp(C4, 1, S4, 53, 100);
	udp(C4, 2, S4, 53, 100);
	flow_table_flush(t, NULL, NULL);
	flow_table_stats(t, &st);
	ck_assert_uint_eq(st.active, 0);
	ck_assert_uint_eq(expire_at(100000), 0);
}
END_TEST

START_TEST(test_flush_frees_detect_vars)
{
	udp(C4, 1, S4, 53, 100)->detect_vars = tvars_new();
	flow_table_flush(t, trec_emit, &recs);
	ck_assert_uint_eq(tvars_freed, 1);
}
END_TEST

START_TEST(test_emergency_mode_uses_the_emergency_timeouts)
{
	two_flow_table();
	udp(C4, 1, S4, 53, 100);
	udp(C4, 2, S4, 53, 100);
	udp(C4, 3, S4, 53, 101);	/* over the cap: emergency */
	ck_assert_uint_eq(expire_at(103), 1);
}
END_TEST

START_TEST(test_emergency_mode_ends_once_memory_is_recovered)
{
	struct flow_table_stats st;

	two_flow_table();
	udp(C4, 1, S4, 53, 100);
	udp(C4, 2, S4, 53, 100);
	udp(C4, 3, S4, 53, 101);
	flow_table_stats(t, &st);
	ck_assert_uint_eq(st.emergency_active, 1);
	expire_at(103);
	flow_table_stats(t, &st);
	ck_assert_uint_eq(st.emergency_active, 0);
	ck_assert_uint_eq(st.emergency_entered, 1);
}
END_TEST

START_TEST(test_timeout_proto_maps_icmpv6_to_icmp)
{
	ck_assert_int_eq(flow_timeout_proto(IPPROTO_ICMPV6), FLOW_PROTO_ICMP);
	ck_assert_int_eq(flow_timeout_proto(IPPROTO_ICMP), FLOW_PROTO_ICMP);
	ck_assert_int_eq(flow_timeout_proto(IPPROTO_SCTP), FLOW_PROTO_DEFAULT);
}
END_TEST

START_TEST(test_timeout_get_picks_protocol_kind_and_mode)
{
	struct flow_table_config cfg;
	struct flow f;

	timeouts_config(&cfg);
	memset(&f, 0, sizeof(f));
	f.proto = IPPROTO_TCP;
	f.state = FLOW_STATE_CLOSED;
	ck_assert_uint_eq(flow_timeout_get(&cfg, &f, false), 32);
	ck_assert_uint_eq(flow_timeout_get(&cfg, &f, true), 22);
}
END_TEST

Suite *
flow_timeout_suite(void)
{
	Suite *s = suite_create("flow_timeout");
	TCase *tc = tcase_create("timeout");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_new_udp_flow_expires_at_the_udp_new_timeout);
	tcase_add_test(tc, test_established_udp_flow_expires_at_the_udp_established_timeout);
	tcase_add_test(tc, test_new_tcp_flow_expires_at_the_tcp_new_timeout);
	tcase_add_test(tc, test_established_tcp_flow_expires_at_the_tcp_established_timeout);
	tcase_add_test(tc, test_closed_tcp_flow_expires_at_the_tcp_closed_timeout);
	tcase_add_test(tc, test_icmp_flow_expires_at_the_icmp_new_timeout);
	tcase_add_test(tc, test_icmpv6_flow_expires_at_the_icmp_established_timeout);
	tcase_add_test(tc, test_other_protocol_expires_at_the_default_timeout);
	tcase_add_test(tc, test_bypassed_flow_expires_at_the_bypassed_timeout);
	tcase_add_test(tc, test_flow_changed_after_other_packets_still_gets_its_new_timeout);
	tcase_add_test(tc, test_packet_pushes_the_timeout_back);
	tcase_add_test(tc, test_timeout_counts_nanoseconds);
	tcase_add_test(tc, test_expire_emits_each_flow_once_with_reason_timeout);
	tcase_add_test(tc, test_record_sees_the_end_reason_in_the_flow);
	tcase_add_test(tc, test_record_carries_the_flow_counters);
	tcase_add_test(tc, test_expire_counts_timeouts_in_stats);
	tcase_add_test(tc, test_flush_emits_every_flow_with_reason_shutdown);
	tcase_add_test(tc, test_flush_leaves_the_table_empty);
	tcase_add_test(tc, test_flush_frees_detect_vars);
	tcase_add_test(tc, test_emergency_mode_uses_the_emergency_timeouts);
	tcase_add_test(tc, test_emergency_mode_ends_once_memory_is_recovered);
	tcase_add_test(tc, test_timeout_proto_maps_icmpv6_to_icmp);
	tcase_add_test(tc, test_timeout_get_picks_protocol_kind_and_mode);
	suite_add_tcase(s, tc);
	return s;
}
