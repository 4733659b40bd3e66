#include "core/base.h"

#include <errno.h>

#include <check.h>

#include "core/packet.h"
#include "flow/config.h"
#include "flow/flow.h"
#include "flow/table.h"

#include "fixture.h"
#include "pkt.h"
#include "suites.h"

#define MANY_FLOWS	50000
#define SMALL_MEMCAP	(1u << 20)

static struct flow_table *t;
static struct trec_log recs;
static struct tpkt tp;

static void
make_table(uint64_t memcap, uint32_t hash_size, uint32_t prealloc)
{
	struct flow_table_config cfg;

	tflow_config(&cfg);
	cfg.memcap = memcap;
	cfg.hash_size = hash_size;
	cfg.prealloc = prealloc;
	flow_table_free(t);
	t = flow_table_new(&cfg, tvars_free, 1);
	ck_assert_ptr_nonnull(t);
	flow_table_set_record(t, trec_emit, &recs);
}

static void
setup(void)
{
	t = NULL;
	memset(&recs, 0, sizeof(recs));
	tvars_freed = 0;
}

static void
teardown(void)
{
	flow_table_free(t);
	t = NULL;
}

/* Flow n: a one-packet UDP exchange from 10.x.y.z, as a DNS query. */
static struct flow *
short_udp_flow(uint32_t n, time_t sec)
{
	char a[32];

	return flow_table_handle(t, tpkt_udp(&tp, tpkt_addr(a, sizeof(a), n),
	    1024 + (uint16_t)(n % 50000), S4, 53, 40, sec));
}

/* MANY_FLOWS flows, 100 per second, under SMALL_MEMCAP; checks the
 * memcap after every packet and that every packet got a flow. */
static void
run_many_flows(void)
{
	struct flow_table_stats st;
	uint32_t n;

	make_table(SMALL_MEMCAP, 4096, 0);
	for (n = 0; n < MANY_FLOWS; n++) {
		ck_assert_ptr_nonnull(short_udp_flow(n, 1000 + n / 100));
		flow_table_stats(t, &st);
		ck_assert_uint_le(st.memuse, SMALL_MEMCAP);
	}
}

START_TEST(test_many_short_udp_flows_never_pass_the_memcap)
{
	struct flow_table_stats st;

	run_many_flows();
	flow_table_stats(t, &st);
	ck_assert_uint_eq(st.created, MANY_FLOWS);
	ck_assert_uint_le(st.memuse, SMALL_MEMCAP);
}
END_TEST

START_TEST(test_many_short_udp_flows_enter_emergency_mode_counted)
{
	struct flow_table_stats st;

	run_many_flows();
	flow_table_stats(t, &st);
	ck_assert_uint_ge(st.emergency_entered, 1);
	ck_assert_uint_gt(st.memcap_hits, 0);
}
END_TEST

START_TEST(test_many_short_udp_flows_are_reclaimed_not_refused)
{
	struct flow_table_stats st;

	run_many_flows();
	flow_table_stats(t, &st);
	ck_assert_uint_eq(st.no_flow_memcap, 0);
	ck_assert_uint_eq(st.ended[FLOW_END_TIMEOUT] + st.ended[FLOW_END_FORCED],
	    st.created - st.active);
	ck_assert_uint_eq(recs.n, st.created - st.active);
}
END_TEST

START_TEST(test_reclaim_prefers_emergency_timeouts_to_forcing)
{
	struct flow_table_stats st;

	run_many_flows();
	flow_table_stats(t, &st);
	ck_assert_uint_gt(st.ended[FLOW_END_TIMEOUT], st.ended[FLOW_END_FORCED]);
}
END_TEST

START_TEST(test_eviction_at_the_memcap_emits_a_forced_record)
{
	uint64_t first;

	make_table(sizeof(void *) + 2 * flow_table_flow_size(), 1, 0);
	first = short_udp_flow(1, 100)->flow_id;
	short_udp_flow(2, 100);
	short_udp_flow(3, 101);
	ck_assert_uint_eq(recs.n, 1);
	ck_assert_uint_eq(recs.r[0].flow_id, first);
	ck_assert_int_eq(recs.r[0].reason, FLOW_END_FORCED);
}
END_TEST

START_TEST(test_eviction_picks_the_flow_nearest_its_timeout)
{
	uint64_t udp_id;

	make_table(sizeof(void *) + 2 * flow_table_flow_size(), 1, 0);
	/* an established TCP flow (emergency timeout 100 s) first, then a
	 * new UDP flow (10 s) */
	flow_table_handle(t, tpkt_tcp(&tp, &(struct tseg){ .src = C4,
	    .sport = 40000, .dst = S4, .dport = 80, .flags = PKT_TCP_ACK,
	    .seq = 1, .ack = 1, .sec = 100 }));
	udp_id = short_udp_flow(1, 100)->flow_id;
	short_udp_flow(2, 101);
	ck_assert_uint_eq(recs.r[0].flow_id, udp_id);
}
END_TEST

START_TEST(test_reclaim_expires_by_emergency_timeout_before_forcing)
{
	make_table(sizeof(void *) + 2 * flow_table_flow_size(), 1, 0);
	short_udp_flow(1, 100);
	short_udp_flow(2, 100);
	short_udp_flow(3, 120);
	ck_assert_uint_eq(recs.reasons[FLOW_END_TIMEOUT], 2);
	ck_assert_uint_eq(recs.reasons[FLOW_END_FORCED], 0);
}
END_TEST

START_TEST(test_emergency_mode_is_counted_once_per_episode)
{
	struct flow_table_stats st;
	uint32_t n;

	make_table(sizeof(void *) + 2 * flow_table_flow_size(), 1, 0);
	for (n = 0; n < 10; n++)
		short_udp_flow(n, 100);
	flow_table_stats(t, &st);
	ck_assert_uint_eq(st.emergency_entered, 1);
	ck_assert_uint_eq(st.memcap_hits, 8);
}
END_TEST

START_TEST(test_packet_gets_no_flow_when_nothing_can_be_reclaimed)
{
	struct flow_table_stats st;
	struct packet *p;

	make_table(sizeof(void *), 1, 0);
	p = tpkt_udp(&tp, C4, 5353, S4, 53, 10, 100);
	ck_assert_ptr_null(flow_table_handle(t, p));
	ck_assert_ptr_null(p->flow);
	flow_table_stats(t, &st);
	ck_assert_uint_eq(st.no_flow_memcap, 1);
}
END_TEST

START_TEST(test_prealloc_is_counted_in_memuse_up_front)
{
	struct flow_table_stats before, after;

	make_table(SMALL_MEMCAP, 16, 100);
	flow_table_stats(t, &before);
	ck_assert_uint_ge(before.memuse, 100 * flow_table_flow_size());
	short_udp_flow(1, 100);
	flow_table_stats(t, &after);
	ck_assert_uint_eq(after.memuse, before.memuse);
}
END_TEST

START_TEST(test_expired_flows_go_back_to_the_spares)
{
	struct flow_table_stats before, after;
	struct timespec later = { 100000, 0 };
	uint32_t n;

	make_table(SMALL_MEMCAP, 16, 100);
	flow_table_stats(t, &before);
	for (n = 0; n < 50; n++)
		short_udp_flow(n, 100);
	flow_table_expire(t, &later, NULL, NULL);
	flow_table_stats(t, &after);
	ck_assert_uint_eq(after.memuse, before.memuse);
}
END_TEST

START_TEST(test_flows_beyond_the_spares_are_freed_when_they_end)
{
	struct flow_table_stats before, after;
	struct timespec later = { 100000, 0 };
	uint32_t n;

	make_table(SMALL_MEMCAP, 16, 10);
	flow_table_stats(t, &before);
	for (n = 0; n < 50; n++)
		short_udp_flow(n, 100);
	flow_table_expire(t, &later, NULL, NULL);
	flow_table_stats(t, &after);
	ck_assert_uint_eq(after.memuse, before.memuse);
}
END_TEST

START_TEST(test_table_new_rejects_a_memcap_below_its_buckets)
{
	struct flow_table_config cfg;

	tflow_config(&cfg);
	cfg.memcap = 100;
	errno = 0;
	ck_assert_ptr_null(flow_table_new(&cfg, NULL, 1));
	ck_assert_int_eq(errno, EINVAL);
}
END_TEST

START_TEST(test_table_new_rejects_prealloc_beyond_the_memcap)
{
	struct flow_table_config cfg;

	tflow_config(&cfg);
	cfg.memcap = 1u << 20;
	cfg.prealloc = 100000;
	errno = 0;
	ck_assert_ptr_null(flow_table_new(&cfg, NULL, 1));
	ck_assert_int_eq(errno, EINVAL);
}
END_TEST

Suite *
flow_memcap_suite(void)
{
	Suite *s = suite_create("flow_memcap");
	TCase *tc = tcase_create("memcap");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_many_short_udp_flows_never_pass_the_memcap);
	tcase_add_test(tc, test_many_short_udp_flows_enter_emergency_mode_counted);
	tcase_add_test(tc, test_many_short_udp_flows_are_reclaimed_not_refused);
	tcase_add_test(tc, test_reclaim_prefers_emergency_timeouts_to_forcing);
	tcase_add_test(tc, test_eviction_at_the_memcap_emits_a_forced_record);
	tcase_add_test(tc, test_eviction_picks_the_flow_nearest_its_timeout);
	tcase_add_test(tc, test_reclaim_expires_by_emergency_timeout_before_forcing);
	tcase_add_test(tc, test_emergency_mode_is_counted_once_per_episode);
	tcase_add_test(tc, test_packet_gets_no_flow_when_nothing_can_be_reclaimed);
	tcase_add_test(tc, test_prealloc_is_counted_in_memuse_up_front);
	tcase_add_test(tc, test_expired_flows_go_back_to_the_spares);
	tcase_add_test(tc, test_flows_beyond_the_spares_are_freed_when_they_end);
	tcase_add_test(tc, test_table_new_rejects_a_memcap_below_its_buckets);
	tcase_add_test(tc, test_table_new_rejects_prealloc_beyond_the_memcap);
	suite_add_tcase(s, tc);
	return s;
}
