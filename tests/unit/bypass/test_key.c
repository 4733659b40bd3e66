#include "core/base.h"

#include <netinet/in.h>
#include <sys/socket.h>

#include <check.h>

#include "bypass/key.h"
#include "flow/flow.h"
#include "flow/table.h"

#include "helpers.h"
#include "suites.h"

START_TEST(test_key_from_tcp_flow_puts_the_client_first)
{
	struct flow *f = tflow_new("198.18.1.2", 40000, "198.18.2.2", 80);
	struct bypass_key k, want = tkey(IPPROTO_TCP, "198.18.1.2", 40000,
	    "198.18.2.2", 80);

	ck_assert_int_eq(bypass_key_from_flow(&k, f), 0);
	ck_assert(bypass_key_equal(&k, &want));
	flow_free(f, tvars_release);
	tflow_cleanup();
}
END_TEST

START_TEST(test_key_from_fragment_flow_is_refused)
{
	struct flow *f = tflow_fragment("198.18.1.2", "198.18.2.2");
	struct bypass_key k;

	ck_assert_int_eq(bypass_key_from_flow(&k, f), -1);
	flow_free(f, tvars_release);
	tflow_cleanup();
}
END_TEST

START_TEST(test_key_to_flow_and_back_is_the_same_key)
{
	struct bypass_key k = tkey(IPPROTO_UDP, "2001:2:0:1::2", 5353,
	    "2001:2:0:2::2", 53), back;
	struct flow f;

	memset(&f, 0, sizeof(f));
	bypass_key_to_flow(&k, &f);
	ck_assert_int_eq(bypass_key_from_flow(&back, &f), 0);
	ck_assert(bypass_key_equal(&k, &back));
}
END_TEST

START_TEST(test_key_reverse_swaps_addresses_and_ports)
{
	struct bypass_key k = tkey(IPPROTO_TCP, "198.18.1.2", 40000,
	    "198.18.2.2", 80), r, want = tkey(IPPROTO_TCP, "198.18.2.2", 80,
	    "198.18.1.2", 40000);

	bypass_key_reverse(&r, &k);
	ck_assert(bypass_key_equal(&r, &want));
}
END_TEST

START_TEST(test_key_reverse_turns_an_echo_request_into_a_reply)
{
	struct bypass_key k = tkey(IPPROTO_ICMP, "198.18.1.2", 7,
	    "198.18.2.2", 8), r;

	bypass_key_reverse(&r, &k);
	ck_assert_uint_eq(r.icmp_type, 0);
	ck_assert_uint_eq(r.sport, 7);
}
END_TEST

START_TEST(test_key_reverse_turns_an_icmpv6_echo_request_into_a_reply)
{
	struct bypass_key k = tkey(IPPROTO_ICMPV6, "2001:2:0:1::2", 7,
	    "2001:2:0:2::2", 128), r;

	bypass_key_reverse(&r, &k);
	ck_assert_uint_eq(r.icmp_type, 129);
}
END_TEST

START_TEST(test_key_reversed_twice_is_the_same_key)
{
	struct bypass_key k = tkey(IPPROTO_ICMP, "198.18.1.2", 7,
	    "198.18.2.2", 8), r, rr;

	bypass_key_reverse(&r, &k);
	bypass_key_reverse(&rr, &r);
	ck_assert(bypass_key_equal(&rr, &k));
}
END_TEST

START_TEST(test_key_hash_ignores_padding_and_unused_address_bytes)
{
	struct bypass_key a = tkey(IPPROTO_TCP, "198.18.1.2", 1,
	    "198.18.2.2", 2), b;

	memset(&b, 0xa5, sizeof(b));
	b.src.family = AF_INET;
	b.src.u.v4 = a.src.u.v4;
	b.dst.family = AF_INET;
	b.dst.u.v4 = a.dst.u.v4;
	b.sport = 1;
	b.dport = 2;
	b.proto = IPPROTO_TCP;
	b.icmp_type = 0;
	b.icmp_code = 0;
	ck_assert(bypass_key_equal(&a, &b));
	ck_assert_uint_eq(bypass_key_hash(&a, 42), bypass_key_hash(&b, 42));
}
END_TEST

START_TEST(test_key_hash_differs_between_directions)
{
	struct bypass_key a = tkey(IPPROTO_TCP, "198.18.1.2", 1,
	    "198.18.2.2", 2), r;

	bypass_key_reverse(&r, &a);
	ck_assert_uint_ne(bypass_key_hash(&a, 1), bypass_key_hash(&r, 1));
}
END_TEST

START_TEST(test_key_format_brackets_ipv6_addresses)
{
	struct bypass_key k = tkey(IPPROTO_TCP, "2001:2:0:1::2", 40000,
	    "2001:2:0:2::2", 80);
	char buf[BYPASS_KEY_STRLEN];

	ck_assert_str_eq(bypass_key_format(&k, buf, sizeof(buf)),
	    "tcp [2001:2:0:1::2]:40000 -> [2001:2:0:2::2]:80");
}
END_TEST

START_TEST(test_key_format_names_icmp_type_and_id)
{
	struct bypass_key k = tkey(IPPROTO_ICMP, "198.18.1.2", 7,
	    "198.18.2.2", 8);
	char buf[BYPASS_KEY_STRLEN];

	ck_assert_str_eq(bypass_key_format(&k, buf, sizeof(buf)),
	    "icmp 198.18.1.2 -> 198.18.2.2 type 8 id 7");
}
END_TEST

Suite *
bypass_key_suite(void)
{
	Suite *s = suite_create("bypass_key");
	TCase *tc = tcase_create("key");

	tcase_add_test(tc, test_key_from_tcp_flow_puts_the_client_first);
	tcase_add_test(tc, test_key_from_fragment_flow_is_refused);
	tcase_add_test(tc, test_key_to_flow_and_back_is_the_same_key);
	tcase_add_test(tc, test_key_reverse_swaps_addresses_and_ports);
	tcase_add_test(tc, test_key_reverse_turns_an_echo_request_into_a_reply);
	tcase_add_test(tc,
	    test_key_reverse_turns_an_icmpv6_echo_request_into_a_reply);
	tcase_add_test(tc, test_key_reversed_twice_is_the_same_key);
	tcase_add_test(tc, test_key_hash_ignores_padding_and_unused_address_bytes);
	tcase_add_test(tc, test_key_hash_differs_between_directions);
	tcase_add_test(tc, test_key_format_brackets_ipv6_addresses);
	tcase_add_test(tc, test_key_format_names_icmp_type_and_id);
	suite_add_tcase(s, tc);
	return s;
}
