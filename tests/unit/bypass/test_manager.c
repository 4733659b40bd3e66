/* The manager without conntrack (bypass_manager_new_handle with NULL):
 * admission, fallbacks and their counters, ownership of the flows. The
 * lab test covers the conntrack side. */
#include "core/base.h"

#include <errno.h>
#include <stdio.h>
#include <netinet/in.h>
#include <time.h>

#include <check.h>

#include "bypass/config.h"
#include "bypass/key.h"
#include "bypass/manager.h"
#include "flow/flow.h"
#include "flow/table.h"

#include "helpers.h"
#include "suites.h"

struct rec_log {
	unsigned int	 n;
	char		 reason[16];
	uint32_t	 flags;
};

static struct bypass_manager *m;
static struct rec_log recs;
static struct bypass_config cfg;

static void
rec(struct flow *f, const struct bypass_flow_counters *c, const char *reason,
    void *arg)
{
	struct rec_log *log = arg;

	(void)c;
	snprintf(log->reason, sizeof(log->reason), "%s", reason);
	log->flags = f->flags;
	__atomic_add_fetch(&log->n, 1, __ATOMIC_RELEASE);
}

static void
setup(void)
{
	bypass_config_default(&cfg);
	memset(&recs, 0, sizeof(recs));
	tvars_freed_count = 0;
	m = NULL;
}

static void
teardown(void)
{
	bypass_manager_free(m);
	m = NULL;
	tflow_cleanup();
}

static void
make(uint32_t max_flows, uint32_t ring_size)
{
	cfg.max_flows = max_flows;
	cfg.ring_size = ring_size;
	m = bypass_manager_new_handle(&cfg, 2, rec, &recs, tvars_release, NULL);
	ck_assert_ptr_nonnull(m);
}

static struct flow *
flow_n(uint16_t n)
{
	return tflow_new("198.18.1.2", (uint16_t)(40000 + n), "198.18.2.2", 80);
}

static void
hand_over(unsigned int worker, struct flow *f)
{
	ck_assert_int_eq(bypass_manager_reserve(m, worker, f), BYPASS_ADMIT_OK);
	bypass_manager_submit(m, worker, f, BYPASS_WHY_KEYWORD, NULL);
}

/* Waits (at most 5 s) until n records came in. */
static unsigned int
wait_records(unsigned int n)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	int i;

	for (i = 0; i < 500 && __atomic_load_n(&recs.n, __ATOMIC_ACQUIRE) < n;
	    i++)
		nanosleep(&ts, NULL);
	return __atomic_load_n(&recs.n, __ATOMIC_ACQUIRE);
}

START_TEST(test_manager_reserve_with_a_full_ring_falls_back_to_local_bypass)
{
	struct flow *f2 = flow_n(2);

	make(16, 1);
	hand_over(0, flow_n(1));
	ck_assert_int_eq(bypass_manager_reserve(m, 0, f2),
	    BYPASS_ADMIT_RING_FULL);
	flow_free(f2, tvars_release);
}
END_TEST

START_TEST(test_manager_counts_a_full_ring_as_a_local_bypass)
{
	struct flow *f2 = flow_n(2);
	struct bypass_stats st;

	make(16, 1);
	hand_over(0, flow_n(1));
	(void)bypass_manager_reserve(m, 0, f2);
	flow_free(f2, tvars_release);
	bypass_manager_stats(m, &st);
	ck_assert_uint_eq(st.ring_full, 1);
	ck_assert_uint_eq(st.local, 1);
}
END_TEST

START_TEST(test_manager_full_ring_of_one_worker_leaves_the_others_alone)
{
	struct flow *f2 = flow_n(2);

	make(16, 1);
	hand_over(0, flow_n(1));
	ck_assert_int_eq(bypass_manager_reserve(m, 1, f2), BYPASS_ADMIT_OK);
	bypass_manager_submit(m, 1, f2, BYPASS_WHY_PASS, NULL);
}
END_TEST

START_TEST(test_manager_reserve_at_the_cap_falls_back_to_local_bypass)
{
	struct flow *f2 = flow_n(2);
	struct bypass_stats st;

	make(1, 4);
	hand_over(0, flow_n(1));
	ck_assert_int_eq(bypass_manager_reserve(m, 1, f2),
	    BYPASS_ADMIT_TABLE_FULL);
	flow_free(f2, tvars_release);
	bypass_manager_stats(m, &st);
	ck_assert_uint_eq(st.table_full, 1);
	ck_assert_uint_eq(st.local, 1);
}
END_TEST

START_TEST(test_manager_reserve_of_a_fragment_flow_is_unsupported)
{
	struct flow *f = tflow_fragment("198.18.1.2", "198.18.2.2");
	struct bypass_stats st;

	make(4, 4);
	ck_assert_int_eq(bypass_manager_reserve(m, 0, f),
	    BYPASS_ADMIT_UNSUPPORTED);
	flow_free(f, tvars_release);
	bypass_manager_stats(m, &st);
	ck_assert_uint_eq(st.unsupported, 1);
}
END_TEST

START_TEST(test_manager_frees_flows_left_in_the_rings_when_never_started)
{
	make(4, 4);
	hand_over(0, flow_n(1));
	hand_over(1, flow_n(2));
	bypass_manager_free(m);
	m = NULL;
	ck_assert_uint_eq(tvars_freed_count, 2);
}
END_TEST

START_TEST(test_manager_without_conntrack_records_a_flow_as_failed)
{
	make(4, 4);
	ck_assert_int_eq(bypass_manager_start(m), 0);
	hand_over(0, flow_n(1));
	ck_assert_uint_eq(wait_records(1), 1);
	bypass_manager_stop(m);
	ck_assert_str_eq(recs.reason, "failed");
}
END_TEST

START_TEST(test_manager_frees_a_flow_after_its_record)
{
	make(4, 4);
	ck_assert_int_eq(bypass_manager_start(m), 0);
	hand_over(0, flow_n(1));
	bypass_manager_stop(m);
	ck_assert_uint_eq(recs.n, 1);
	ck_assert_uint_eq(tvars_freed_count, 1);
}
END_TEST

START_TEST(test_manager_failed_flow_is_not_marked_bypassed)
{
	make(4, 4);
	ck_assert_int_eq(bypass_manager_start(m), 0);
	hand_over(0, flow_n(1));
	bypass_manager_stop(m);
	ck_assert_uint_eq(recs.flags & FLOW_F_BYPASSED, 0);
}
END_TEST

START_TEST(test_manager_gives_the_slot_back_when_a_flow_ends)
{
	struct flow *f2 = flow_n(2);

	make(1, 4);
	ck_assert_int_eq(bypass_manager_start(m), 0);
	hand_over(0, flow_n(1));
	ck_assert_uint_eq(wait_records(1), 1);
	ck_assert_int_eq(bypass_manager_reserve(m, 0, f2), BYPASS_ADMIT_OK);
	bypass_manager_submit(m, 0, f2, BYPASS_WHY_KEYWORD, NULL);
}
END_TEST

START_TEST(test_manager_counts_what_it_could_not_mark)
{
	struct bypass_stats st;

	make(4, 4);
	ck_assert_int_eq(bypass_manager_start(m), 0);
	hand_over(0, flow_n(1));
	hand_over(1, flow_n(2));
	bypass_manager_stop(m);
	bypass_manager_stats(m, &st);
	ck_assert_uint_eq(st.requests, 2);
	ck_assert_uint_eq(st.ct_mark_failed, 2);
	ck_assert_uint_eq(st.active, 0);
}
END_TEST

START_TEST(test_manager_control_bypass_of_a_pending_tuple_is_eexist)
{
	struct bypass_key k = tkey(IPPROTO_TCP, "198.18.1.2", 1, "198.18.2.2",
	    2);

	make(4, 4);
	ck_assert_int_eq(bypass_manager_submit_key(m, &k, BYPASS_WHY_CONTROL),
	    0);
	ck_assert_int_eq(bypass_manager_submit_key(m, &k, BYPASS_WHY_CONTROL),
	    -1);
	ck_assert_int_eq(errno, EEXIST);
}
END_TEST

START_TEST(test_manager_control_bypass_past_the_cap_is_enospc)
{
	struct bypass_key k1 = tkey(IPPROTO_TCP, "198.18.1.2", 1,
	    "198.18.2.2", 2), k2 = tkey(IPPROTO_TCP, "198.18.1.2", 3,
	    "198.18.2.2", 2);

	make(1, 4);
	ck_assert_int_eq(bypass_manager_submit_key(m, &k1, BYPASS_WHY_CONTROL),
	    0);
	ck_assert_int_eq(bypass_manager_submit_key(m, &k2, BYPASS_WHY_CONTROL),
	    -1);
	ck_assert_int_eq(errno, ENOSPC);
}
END_TEST

START_TEST(test_manager_control_bypass_is_recorded_at_stop)
{
	struct bypass_key k = tkey(IPPROTO_UDP, "2001:2:0:1::2", 1,
	    "2001:2:0:2::2", 2);

	make(4, 4);
	ck_assert_int_eq(bypass_manager_submit_key(m, &k, BYPASS_WHY_CONTROL),
	    0);
	ck_assert_int_eq(bypass_manager_start(m), 0);
	bypass_manager_stop(m);
	ck_assert_uint_eq(recs.n, 1);
}
END_TEST

START_TEST(test_manager_refuses_zero_workers)
{
	ck_assert_ptr_null(bypass_manager_new_handle(&cfg, 0, rec, &recs,
	    NULL, NULL));
	ck_assert_int_eq(errno, EINVAL);
}
END_TEST

START_TEST(test_manager_stop_without_start_does_nothing)
{
	make(4, 4);
	bypass_manager_stop(m);
	ck_assert_uint_eq(recs.n, 0);
}
END_TEST

Suite *
bypass_manager_suite(void)
{
	Suite *s = suite_create("bypass_manager");
	TCase *tc = tcase_create("manager");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc,
	    test_manager_reserve_with_a_full_ring_falls_back_to_local_bypass);
	tcase_add_test(tc, test_manager_counts_a_full_ring_as_a_local_bypass);
	tcase_add_test(tc,
	    test_manager_full_ring_of_one_worker_leaves_the_others_alone);
	tcase_add_test(tc,
	    test_manager_reserve_at_the_cap_falls_back_to_local_bypass);
	tcase_add_test(tc,
	    test_manager_reserve_of_a_fragment_flow_is_unsupported);
	tcase_add_test(tc,
	    test_manager_frees_flows_left_in_the_rings_when_never_started);
	tcase_add_test(tc,
	    test_manager_without_conntrack_records_a_flow_as_failed);
	tcase_add_test(tc, test_manager_frees_a_flow_after_its_record);
	tcase_add_test(tc, test_manager_failed_flow_is_not_marked_bypassed);
	tcase_add_test(tc, test_manager_gives_the_slot_back_when_a_flow_ends);
	tcase_add_test(tc, test_manager_counts_what_it_could_not_mark);
	tcase_add_test(tc,
	    test_manager_control_bypass_of_a_pending_tuple_is_eexist);
	tcase_add_test(tc, test_manager_control_bypass_past_the_cap_is_enospc);
	tcase_add_test(tc, test_manager_control_bypass_is_recorded_at_stop);
	tcase_add_test(tc, test_manager_refuses_zero_workers);
	tcase_add_test(tc, test_manager_stop_without_start_does_nothing);
	suite_add_tcase(s, tc);
	return s;
}
