#include "core/base.h"

#include <check.h>

#include "bypass/config.h"

#include "suites.h"

START_TEST(test_config_defaults_pass_the_check)
{
	struct bypass_config cfg;

	bypass_config_default(&cfg);
	ck_assert_ptr_null(bypass_config_check(&cfg));
}
END_TEST

START_TEST(test_config_zero_mark_is_refused)
{
	struct bypass_config cfg;

	bypass_config_default(&cfg);
	cfg.mark = 0;
	ck_assert_str_eq(bypass_config_check(&cfg),
	    "nfq.bypass-mark: must not be 0");
}
END_TEST

START_TEST(test_config_mark_outside_its_mask_is_refused)
{
	struct bypass_config cfg;

	bypass_config_default(&cfg);
	cfg.mark = 0x3;
	cfg.mask = 0x1;
	ck_assert_str_eq(bypass_config_check(&cfg),
	    "nfq.bypass-mark: has bits outside nfq.bypass-mask");
}
END_TEST

START_TEST(test_config_zero_max_flows_is_refused)
{
	struct bypass_config cfg;

	bypass_config_default(&cfg);
	cfg.max_flows = 0;
	ck_assert_str_eq(bypass_config_check(&cfg),
	    "bypass.max-flows: must be 1 to 16777216");
}
END_TEST

START_TEST(test_config_zero_poll_interval_is_refused)
{
	struct bypass_config cfg;

	bypass_config_default(&cfg);
	cfg.poll_interval = 0;
	ck_assert_str_eq(bypass_config_check(&cfg),
	    "bypass.poll-interval: must be 1 to 3600 (seconds)");
}
END_TEST

START_TEST(test_config_method_names)
{
	ck_assert_str_eq(bypass_method_name(BYPASS_METHOD_CONNTRACK),
	    "conntrack");
	ck_assert_str_eq(bypass_method_name(BYPASS_METHOD_MARK), "mark");
}
END_TEST

START_TEST(test_config_restart_accounting_names)
{
	ck_assert_str_eq(bypass_restart_name(BYPASS_RESTART_SPLIT), "split");
	ck_assert_str_eq(bypass_restart_name(BYPASS_RESTART_WHOLE), "whole");
}
END_TEST

START_TEST(test_config_unknown_restart_accounting_is_refused)
{
	struct bypass_config cfg;

	bypass_config_default(&cfg);
	cfg.restart = (enum bypass_restart)7;
	ck_assert_str_eq(bypass_config_check(&cfg),
	    "bypass.restart-accounting: must be split or whole");
}
END_TEST

Suite *
bypass_config_suite(void)
{
	Suite *s = suite_create("bypass_config");
	TCase *tc = tcase_create("config");

	tcase_add_test(tc, test_config_defaults_pass_the_check);
	tcase_add_test(tc, test_config_zero_mark_is_refused);
	tcase_add_test(tc, test_config_mark_outside_its_mask_is_refused);
	tcase_add_test(tc, test_config_zero_max_flows_is_refused);
	tcase_add_test(tc, test_config_zero_poll_interval_is_refused);
	tcase_add_test(tc, test_config_method_names);
	tcase_add_test(tc, test_config_restart_accounting_names);
	tcase_add_test(tc, test_config_unknown_restart_accounting_is_refused);
	suite_add_tcase(s, tc);
	return s;
}
