#include "core/base.h"

#include <errno.h>
#include <netinet/in.h>

#include <check.h>

#include "bypass/key.h"
#include "bypass/table.h"
#include "flow/flow.h"

#include "helpers.h"
#include "suites.h"

static struct bypass_table *t;
static struct bypass_key k1, k2, k3;

static void
setup(void)
{
	t = bypass_table_new(2, 7, tvars_release);
	ck_assert_ptr_nonnull(t);
	k1 = tkey(IPPROTO_TCP, "198.18.1.2", 40001, "198.18.2.2", 80);
	k2 = tkey(IPPROTO_TCP, "198.18.1.2", 40002, "198.18.2.2", 80);
	k3 = tkey(IPPROTO_UDP, "2001:2:0:1::2", 40003, "2001:2:0:2::2", 53);
	tvars_freed_count = 0;
}

static void
teardown(void)
{
	bypass_table_free(t);
	t = NULL;
	tflow_cleanup();
}

static struct bypass_entry *
add(const struct bypass_key *k)
{
	struct bypass_entry *e;

	ck_assert_int_eq(bypass_table_add(t, k, NULL, BYPASS_WHY_KEYWORD,
	    NULL, &e), 0);
	return e;
}

START_TEST(test_table_finds_an_added_entry_by_its_key)
{
	struct bypass_entry *e = add(&k1);

	ck_assert_ptr_eq(bypass_table_lookup(t, &k1), e);
}
END_TEST

START_TEST(test_table_does_not_find_an_entry_by_its_reversed_key)
{
	struct bypass_key r;

	add(&k1);
	bypass_key_reverse(&r, &k1);
	ck_assert_ptr_null(bypass_table_lookup(t, &r));
}
END_TEST

START_TEST(test_table_new_entry_is_pending)
{
	struct bypass_entry *e = add(&k1);

	ck_assert_int_eq(e->state, BYPASS_ENTRY_PENDING);
}
END_TEST

START_TEST(test_table_add_of_a_present_key_is_eexist_with_that_entry)
{
	struct bypass_entry *e = add(&k1), *dup;

	ck_assert_int_eq(bypass_table_add(t, &k1, NULL, BYPASS_WHY_PASS, NULL,
	    &dup), -1);
	ck_assert_int_eq(errno, EEXIST);
	ck_assert_ptr_eq(dup, e);
}
END_TEST

START_TEST(test_table_add_past_its_cap_is_enospc)
{
	struct bypass_entry *e;

	add(&k1);
	add(&k2);
	ck_assert_int_eq(bypass_table_add(t, &k3, NULL, BYPASS_WHY_KEYWORD,
	    NULL, &e), -1);
	ck_assert_int_eq(errno, ENOSPC);
}
END_TEST

START_TEST(test_table_remove_makes_room_under_the_cap)
{
	struct bypass_entry *e;

	add(&k1);
	bypass_table_remove(t, add(&k2));
	ck_assert_int_eq(bypass_table_add(t, &k3, NULL, BYPASS_WHY_KEYWORD,
	    NULL, &e), 0);
	ck_assert_uint_eq(bypass_table_count(t), 2);
}
END_TEST

START_TEST(test_table_removed_entry_is_not_found)
{
	bypass_table_remove(t, add(&k1));
	ck_assert_ptr_null(bypass_table_lookup(t, &k1));
}
END_TEST

START_TEST(test_table_finds_an_entry_by_its_conntrack_id)
{
	struct bypass_entry *e = add(&k1);

	add(&k2);
	bypass_table_set_ct_id(t, e, 0xdeadbeef);
	ck_assert_ptr_eq(bypass_table_lookup_id(t, 0xdeadbeef), e);
}
END_TEST

START_TEST(test_table_forgets_a_conntrack_id_set_to_zero)
{
	struct bypass_entry *e = add(&k1);

	bypass_table_set_ct_id(t, e, 12);
	bypass_table_set_ct_id(t, e, 0);
	ck_assert_ptr_null(bypass_table_lookup_id(t, 12));
}
END_TEST

START_TEST(test_table_does_not_find_a_removed_entry_by_its_id)
{
	struct bypass_entry *e = add(&k1);

	bypass_table_set_ct_id(t, e, 12);
	bypass_table_remove(t, e);
	ck_assert_ptr_null(bypass_table_lookup_id(t, 12));
}
END_TEST

START_TEST(test_table_makes_its_own_flow_from_the_key)
{
	struct bypass_entry *e = add(&k3);

	ck_assert_uint_eq(e->flow->proto, IPPROTO_UDP);
	ck_assert_uint_eq(e->flow->client_port, 40003);
	ck_assert_uint_eq(e->flow->server_port, 53);
	ck_assert_uint_eq(e->flow->ip_version, 6);
}
END_TEST

START_TEST(test_table_frees_a_detached_flow_with_its_variables)
{
	struct flow *f = tflow_new("198.18.1.2", 40001, "198.18.2.2", 80);
	struct bypass_entry *e;

	ck_assert_int_eq(bypass_table_add(t, &k1, f, BYPASS_WHY_KEYWORD, NULL,
	    &e), 0);
	ck_assert_ptr_eq(e->flow, f);
	bypass_table_remove(t, e);
	ck_assert_uint_eq(tvars_freed_count, 1);
}
END_TEST

START_TEST(test_table_free_frees_the_flows_left_in_it)
{
	struct flow *f = tflow_new("198.18.1.2", 40001, "198.18.2.2", 80);
	struct bypass_entry *e;

	ck_assert_int_eq(bypass_table_add(t, &k1, f, BYPASS_WHY_KEYWORD, NULL,
	    &e), 0);
	add(&k2);
	bypass_table_free(t);
	t = NULL;
	ck_assert_uint_eq(tvars_freed_count, 1);
}
END_TEST

START_TEST(test_table_iterates_in_the_order_entries_were_added)
{
	struct bypass_entry *a = add(&k2), *b = add(&k1);

	ck_assert_ptr_eq(bypass_table_next(t, NULL), a);
	ck_assert_ptr_eq(bypass_table_next(t, a), b);
	ck_assert_ptr_null(bypass_table_next(t, b));
}
END_TEST

START_TEST(test_table_refuses_a_zero_cap)
{
	ck_assert_ptr_null(bypass_table_new(0, 1, NULL));
}
END_TEST

Suite *
bypass_table_suite(void)
{
	Suite *s = suite_create("bypass_table");
	TCase *tc = tcase_create("table");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_table_finds_an_added_entry_by_its_key);
	tcase_add_test(tc,
	    test_table_does_not_find_an_entry_by_its_reversed_key);
	tcase_add_test(tc, test_table_new_entry_is_pending);
	tcase_add_test(tc,
	    test_table_add_of_a_present_key_is_eexist_with_that_entry);
	tcase_add_test(tc, test_table_add_past_its_cap_is_enospc);
	tcase_add_test(tc, test_table_remove_makes_room_under_the_cap);
	tcase_add_test(tc, test_table_removed_entry_is_not_found);
	tcase_add_test(tc, test_table_finds_an_entry_by_its_conntrack_id);
	tcase_add_test(tc, test_table_forgets_a_conntrack_id_set_to_zero);
	tcase_add_test(tc, test_table_does_not_find_a_removed_entry_by_its_id);
	tcase_add_test(tc, test_table_makes_its_own_flow_from_the_key);
	tcase_add_test(tc, test_table_frees_a_detached_flow_with_its_variables);
	tcase_add_test(tc, test_table_free_frees_the_flows_left_in_it);
	tcase_add_test(tc, test_table_iterates_in_the_order_entries_were_added);
	tcase_add_test(tc, test_table_refuses_a_zero_cap);
	suite_add_tcase(s, tc);
	return s;
}
