#include "core/base.h"

#include <check.h>

#include "bypass/request.h"

#include "suites.h"

static struct bypass_request_ring r;

static void
setup(void)
{
	ck_assert_int_eq(bypass_request_ring_init(&r, 4), 0);
}

static void
teardown(void)
{
	bypass_request_ring_destroy(&r);
}

static struct bypass_request
req(uintptr_t n)
{
	struct bypass_request q;

	memset(&q, 0, sizeof(q));
	q.flow = (struct flow *)n;
	q.why = BYPASS_WHY_KEYWORD;
	return q;
}

START_TEST(test_request_ring_refuses_a_push_when_full)
{
	struct bypass_request q = req(1);

	ck_assert(bypass_request_ring_push(&r, &q));
	ck_assert(bypass_request_ring_push(&r, &q));
	ck_assert(bypass_request_ring_push(&r, &q));
	ck_assert(bypass_request_ring_push(&r, &q));
	ck_assert(!bypass_request_ring_push(&r, &q));
}
END_TEST

START_TEST(test_request_ring_has_no_room_when_full)
{
	struct bypass_request q = req(1);

	ck_assert(bypass_request_ring_push(&r, &q));
	ck_assert(bypass_request_ring_push(&r, &q));
	ck_assert(bypass_request_ring_push(&r, &q));
	ck_assert(bypass_request_ring_push(&r, &q));
	ck_assert(!bypass_request_ring_has_room(&r));
}
END_TEST

START_TEST(test_request_ring_has_room_again_after_a_pop)
{
	struct bypass_request q = req(1), out;

	ck_assert(bypass_request_ring_push(&r, &q));
	ck_assert(bypass_request_ring_push(&r, &q));
	ck_assert(bypass_request_ring_push(&r, &q));
	ck_assert(bypass_request_ring_push(&r, &q));
	ck_assert(bypass_request_ring_pop(&r, &out));
	ck_assert(bypass_request_ring_has_room(&r));
}
END_TEST

START_TEST(test_request_ring_pops_in_push_order)
{
	struct bypass_request a = req(1), b = req(2), out;

	ck_assert(bypass_request_ring_push(&r, &a));
	ck_assert(bypass_request_ring_push(&r, &b));
	ck_assert(bypass_request_ring_pop(&r, &out));
	ck_assert_ptr_eq(out.flow, a.flow);
	ck_assert(bypass_request_ring_pop(&r, &out));
	ck_assert_ptr_eq(out.flow, b.flow);
}
END_TEST

START_TEST(test_request_ring_pop_of_empty_ring_fails)
{
	struct bypass_request out;

	ck_assert(bypass_request_ring_empty(&r));
	ck_assert(!bypass_request_ring_pop(&r, &out));
}
END_TEST

START_TEST(test_request_ring_rounds_its_size_up_to_a_power_of_two)
{
	struct bypass_request_ring r3;

	ck_assert_int_eq(bypass_request_ring_init(&r3, 3), 0);
	ck_assert_uint_eq(r3.mask, 3);
	bypass_request_ring_destroy(&r3);
}
END_TEST

START_TEST(test_request_why_names)
{
	ck_assert_str_eq(bypass_why_name(BYPASS_WHY_BYTES), "bypass-after");
	ck_assert_str_eq(bypass_why_name(BYPASS_WHY_RESTORED), "restored");
	ck_assert_str_eq(bypass_why_name(BYPASS_WHY_ENCRYPTED),
	    "encryption-handling");
	ck_assert_str_eq(bypass_why_name((enum bypass_why)99), "unknown");
}
END_TEST

Suite *
bypass_request_suite(void)
{
	Suite *s = suite_create("bypass_request");
	TCase *tc = tcase_create("ring");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_request_ring_refuses_a_push_when_full);
	tcase_add_test(tc, test_request_ring_has_no_room_when_full);
	tcase_add_test(tc, test_request_ring_has_room_again_after_a_pop);
	tcase_add_test(tc, test_request_ring_pops_in_push_order);
	tcase_add_test(tc, test_request_ring_pop_of_empty_ring_fails);
	tcase_add_test(tc,
	    test_request_ring_rounds_its_size_up_to_a_power_of_two);
	tcase_add_test(tc, test_request_why_names);
	suite_add_tcase(s, tc);
	return s;
}
