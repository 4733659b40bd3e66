#include "core/base.h"

#include <errno.h>

#include <check.h>

#include "flow/config.h"
#include "flow/table.h"

#include "suites.h"

START_TEST(test_defaults_are_suricatas_timeouts)
{
	struct flow_table_config cfg;

	flow_config_default(&cfg);
	ck_assert_uint_eq(cfg.timeouts[FLOW_PROTO_TCP][FLOW_TIMEOUT_NEW], 60);
	ck_assert_uint_eq(cfg.timeouts[FLOW_PROTO_TCP][FLOW_TIMEOUT_ESTABLISHED],
	    600);
	ck_assert_uint_eq(cfg.timeouts[FLOW_PROTO_TCP][FLOW_TIMEOUT_CLOSED], 60);
	ck_assert_uint_eq(cfg.timeouts[FLOW_PROTO_UDP][FLOW_TIMEOUT_ESTABLISHED],
	    300);
	ck_assert_uint_eq(cfg.timeouts[FLOW_PROTO_ICMP][FLOW_TIMEOUT_NEW], 30);
	ck_assert_uint_eq(cfg.timeouts[FLOW_PROTO_DEFAULT][FLOW_TIMEOUT_BYPASSED],
	    100);
	ck_assert_uint_eq(
	    cfg.emergency_timeouts[FLOW_PROTO_TCP][FLOW_TIMEOUT_NEW], 5);
	ck_assert_uint_eq(
	    cfg.emergency_timeouts[FLOW_PROTO_UDP][FLOW_TIMEOUT_ESTABLISHED], 100);
}
END_TEST

START_TEST(test_defaults_of_the_table_settings)
{
	struct flow_table_config cfg;

	flow_config_default(&cfg);
	ck_assert_uint_eq(cfg.memcap, 128u << 20);
	ck_assert_uint_eq(cfg.hash_size, 65536);
	ck_assert_uint_eq(cfg.prealloc, 10000);
	ck_assert_uint_eq(cfg.emergency_recovery, 30);
	ck_assert(cfg.midstream);
	ck_assert_uint_eq(cfg.bypass_after, 0);
}
END_TEST

START_TEST(test_check_accepts_the_defaults)
{
	struct flow_table_config cfg;

	flow_config_default(&cfg);
	ck_assert_ptr_null(flow_config_check(&cfg));
}
END_TEST

START_TEST(test_check_rejects_a_zero_memcap)
{
	struct flow_table_config cfg;

	flow_config_default(&cfg);
	cfg.memcap = 0;
	ck_assert_ptr_nonnull(strstr(flow_config_check(&cfg), "flow.memcap"));
}
END_TEST

START_TEST(test_check_rejects_a_zero_hash_size)
{
	struct flow_table_config cfg;

	flow_config_default(&cfg);
	cfg.hash_size = 0;
	ck_assert_ptr_nonnull(strstr(flow_config_check(&cfg), "flow.hash-size"));
}
END_TEST

START_TEST(test_check_rejects_recovery_outside_1_to_100)
{
	struct flow_table_config lo, hi;

	flow_config_default(&lo);
	flow_config_default(&hi);
	lo.emergency_recovery = 0;
	hi.emergency_recovery = 101;
	ck_assert_ptr_nonnull(flow_config_check(&lo));
	ck_assert_ptr_nonnull(flow_config_check(&hi));
}
END_TEST

START_TEST(test_table_new_rejects_a_config_that_fails_the_check)
{
	struct flow_table_config cfg;

	flow_config_default(&cfg);
	cfg.emergency_recovery = 0;
	errno = 0;
	ck_assert_ptr_null(flow_table_new(&cfg, NULL, 0));
	ck_assert_int_eq(errno, EINVAL);
}
END_TEST

START_TEST(test_per_table_divides_the_totals)
{
	struct flow_table_config cfg;

	flow_config_default(&cfg);
	flow_config_per_table(&cfg, 4);
	ck_assert_uint_eq(cfg.memcap, 32u << 20);
	ck_assert_uint_eq(cfg.hash_size, 16384);
	ck_assert_uint_eq(cfg.prealloc, 2500);
	ck_assert_uint_eq(cfg.timeouts[FLOW_PROTO_TCP][FLOW_TIMEOUT_ESTABLISHED],
	    600);
}
END_TEST

START_TEST(test_per_table_keeps_at_least_one_bucket)
{
	struct flow_table_config cfg;

	flow_config_default(&cfg);
	cfg.hash_size = 3;
	flow_config_per_table(&cfg, 8);
	ck_assert_uint_eq(cfg.hash_size, 1);
}
END_TEST

START_TEST(test_yaml_names_of_protocols_and_timeouts)
{
	ck_assert_str_eq(flow_config_proto_name(FLOW_PROTO_DEFAULT), "default");
	ck_assert_str_eq(flow_config_proto_name(FLOW_PROTO_ICMP), "icmp");
	ck_assert_ptr_null(flow_config_proto_name(FLOW_PROTO_COUNT));
	ck_assert_str_eq(flow_config_timeout_name(FLOW_TIMEOUT_ESTABLISHED),
	    "established");
	ck_assert_str_eq(flow_config_timeout_name(FLOW_TIMEOUT_BYPASSED),
	    "bypassed");
	ck_assert_ptr_null(flow_config_timeout_name(FLOW_TIMEOUT_KINDS));
}
END_TEST

Suite *
flow_config_suite(void)
{
	Suite *s = suite_create("flow_config");
	TCase *tc = tcase_create("config");

	tcase_add_test(tc, test_defaults_are_suricatas_timeouts);
	tcase_add_test(tc, test_defaults_of_the_table_settings);
	tcase_add_test(tc, test_check_accepts_the_defaults);
	tcase_add_test(tc, test_check_rejects_a_zero_memcap);
	tcase_add_test(tc, test_check_rejects_a_zero_hash_size);
	tcase_add_test(tc, test_check_rejects_recovery_outside_1_to_100);
	tcase_add_test(tc, test_table_new_rejects_a_config_that_fails_the_check);
	tcase_add_test(tc, test_per_table_divides_the_totals);
	tcase_add_test(tc, test_per_table_keeps_at_least_one_bucket);
	tcase_add_test(tc, test_yaml_names_of_protocols_and_timeouts);
	suite_add_tcase(s, tc);
	return s;
}
