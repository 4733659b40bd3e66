/* Exception policies: names, the master switch, auto by mode, the
 * midstream cause's flow-only actions. */
#include "core/base.h"

#include <check.h>
#include <errno.h>

#include "core/exception.h"

Suite	*core_exception_suite(void);

START_TEST(test_auto_is_drop_flow_in_ips_and_ignore_in_ids)
{
	ck_assert_int_eq(exception_policy_resolve(EXCEPTION_CAUSE_STREAM_MEMCAP,
	    "auto", NULL, true), EXCEPTION_DROP_FLOW);
	ck_assert_int_eq(exception_policy_resolve(EXCEPTION_CAUSE_STREAM_MEMCAP,
	    "auto", NULL, false), EXCEPTION_IGNORE);
	ck_assert_int_eq(exception_policy_resolve(EXCEPTION_CAUSE_STREAM_MEMCAP,
	    NULL, NULL, true), EXCEPTION_DROP_FLOW);
}
END_TEST

START_TEST(test_own_setting_beats_the_master_switch)
{
	ck_assert_int_eq(exception_policy_resolve(
	    EXCEPTION_CAUSE_REASSEMBLY_MEMCAP, "drop-flow", "bypass", true),
	    EXCEPTION_BYPASS);
	ck_assert_int_eq(exception_policy_resolve(
	    EXCEPTION_CAUSE_REASSEMBLY_MEMCAP, "pass-packet", NULL, true),
	    EXCEPTION_PASS_PACKET);
	ck_assert_int_eq(exception_policy_resolve(
	    EXCEPTION_CAUSE_APPLAYER_ERROR, "ignore", "auto", true),
	    EXCEPTION_DROP_FLOW);
}
END_TEST

START_TEST(test_midstream_takes_only_flow_actions)
{
	errno = 0;
	ck_assert_int_eq(exception_policy_resolve(EXCEPTION_CAUSE_MIDSTREAM,
	    "auto", "drop-packet", true), -1);
	ck_assert_int_eq(errno, EINVAL);
	/* from the master switch, a packet action becomes the flow's */
	ck_assert_int_eq(exception_policy_resolve(EXCEPTION_CAUSE_MIDSTREAM,
	    "drop-packet", NULL, true), EXCEPTION_DROP_FLOW);
	ck_assert_int_eq(exception_policy_resolve(EXCEPTION_CAUSE_MIDSTREAM,
	    "pass-packet", NULL, true), EXCEPTION_PASS_FLOW);
}
END_TEST

START_TEST(test_unknown_policy_is_refused)
{
	ck_assert_int_eq(exception_policy_resolve(EXCEPTION_CAUSE_STREAM_MEMCAP,
	    "drop", NULL, true), -1);
	ck_assert_int_eq(exception_policy_lookup("drop-flow"),
	    EXCEPTION_DROP_FLOW);
	ck_assert_int_eq(exception_policy_lookup("drop"), -1);
}
END_TEST

START_TEST(test_counter_names_follow_suricata)
{
	ck_assert_str_eq(exception_cause_counter(EXCEPTION_CAUSE_STREAM_MEMCAP),
	    "exception_policy.tcp.ssn_memcap");
	ck_assert_str_eq(exception_cause_drop_reason(EXCEPTION_CAUSE_MIDSTREAM),
	    "stream midstream");
	ck_assert_str_eq(exception_cause_key(EXCEPTION_CAUSE_MIDSTREAM),
	    "stream.midstream-policy");
	ck_assert_str_eq(exception_policy_counter(EXCEPTION_DROP_FLOW),
	    "drop_flow");
	for (int p = 0; p < EXCEPTION_NPOLICIES; p++)
		ck_assert_int_eq(exception_policy_lookup(exception_policy_name(
		    (enum exception_policy)p)), p);
}
END_TEST

Suite *
core_exception_suite(void)
{
	Suite *s = suite_create("core_exception");
	TCase *tc = tcase_create("resolve");

	tcase_add_test(tc, test_auto_is_drop_flow_in_ips_and_ignore_in_ids);
	tcase_add_test(tc, test_own_setting_beats_the_master_switch);
	tcase_add_test(tc, test_midstream_takes_only_flow_actions);
	tcase_add_test(tc, test_unknown_policy_is_refused);
	tcase_add_test(tc, test_counter_names_follow_suricata);
	suite_add_tcase(s, tc);
	return s;
}
