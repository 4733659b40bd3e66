#include "core/base.h"

#include <check.h>

#include "core/packet.h"
#include "decode/events.h"

#include "suites.h"

START_TEST(test_every_event_has_a_dotted_name)
{
	for (int ev = 0; ev < DECODE_EV_MAX; ev++) {
		const char *name = decode_event_name((enum decode_event)ev);

		ck_assert_msg(name != NULL, "event %d has no name", ev);
		/* too_many_layers has no layer, in Suricata's too */
		ck_assert_msg(strchr(name, '.') != NULL ||
		    ev == DECODE_EV_TOO_MANY_LAYERS, "event %d: %s", ev, name);
	}
}
END_TEST

START_TEST(test_event_names_are_unique)
{
	for (int a = 0; a < DECODE_EV_ALL; a++)
		for (int b = a + 1; b < DECODE_EV_ALL; b++)
			ck_assert_str_ne(decode_event_name((enum decode_event)a),
			    decode_event_name((enum decode_event)b));
}
END_TEST

START_TEST(test_out_of_range_event_has_no_name)
{
	ck_assert_ptr_null(decode_event_name(DECODE_EV_ALL));
	ck_assert_ptr_null(decode_event_name((enum decode_event)-1));
}
END_TEST

START_TEST(test_event_names_follow_suricata)
{
	ck_assert_str_eq(decode_event_name(DECODE_EV_IPV4_TRUNC_PKT),
	    "ipv4.trunc_pkt");
	ck_assert_str_eq(decode_event_name(DECODE_EV_IPV4_HLEN_TOO_SMALL),
	    "ipv4.hlen_too_small");
	ck_assert_str_eq(decode_event_name(DECODE_EV_IPV6_TRUNC_EXTHDR),
	    "ipv6.trunc_exthdr");
	ck_assert_str_eq(decode_event_name(DECODE_EV_TCP_HLEN_TOO_SMALL),
	    "tcp.hlen_too_small");
	ck_assert_str_eq(decode_event_name(DECODE_EV_UDP_HLEN_INVALID),
	    "udp.hlen_invalid");
	ck_assert_str_eq(decode_event_name(DECODE_EV_UNKNOWN_IP_VERSION),
	    "ipraw.invalid_ip_version");
}
END_TEST

START_TEST(test_event_set_and_has_agree)
{
	uint64_t events[PKT_EVENT_WORDS] = { 0 };

	decode_event_set(events, DECODE_EV_UDP_HLEN_INVALID);
	ck_assert(decode_event_has(events, DECODE_EV_UDP_HLEN_INVALID));
	ck_assert(!decode_event_has(events, DECODE_EV_UDP_PKT_TOO_SMALL));
}
END_TEST

/* As Suricata's: each time an event is raised counts, and a packet
 * keeps 15; the 16th is lost (not set, not counted). */
START_TEST(test_events_repeat_and_stop_at_15)
{
	uint64_t counts[DECODE_EV_MAX] = { 0 };
	uint64_t events[PKT_EVENT_WORDS] = { 0 };

	for (int i = 0; i < 14; i++)
		decode_event_set(events, DECODE_EV_IPV6_EXTHDR_DUPL_DH);
	decode_event_set(events, DECODE_EV_IPV6_EXTHDR_RH_TYPE_0);
	decode_event_set(events, DECODE_EV_IPV6_TRUNC_EXTHDR);
	ck_assert(decode_event_has(events, DECODE_EV_IPV6_EXTHDR_RH_TYPE_0));
	ck_assert(!decode_event_has(events, DECODE_EV_IPV6_TRUNC_EXTHDR));
	decode_events_count(counts, events);
	ck_assert_uint_eq(counts[DECODE_EV_IPV6_EXTHDR_DUPL_DH], 14);
	ck_assert_uint_eq(counts[DECODE_EV_IPV6_EXTHDR_RH_TYPE_0], 1);
	ck_assert_uint_eq(counts[DECODE_EV_IPV6_TRUNC_EXTHDR], 0);
}
END_TEST

START_TEST(test_events_count_each_raised_event)
{
	uint64_t counts[DECODE_EV_MAX] = { 0 }, sum[DECODE_EV_MAX] = { 0 };
	uint64_t events[PKT_EVENT_WORDS] = { 0 }, none[PKT_EVENT_WORDS] = { 0 };
	uint64_t high[PKT_EVENT_WORDS] = { 0 };

	decode_event_set(events, DECODE_EV_IPV4_TRUNC_PKT);
	decode_event_set(events, DECODE_EV_IPV6_DATA_AFTER_NONE_HEADER);
	decode_events_count(counts, events);
	decode_events_count(counts, events);
	decode_events_count(counts, none);
	ck_assert_uint_eq(counts[DECODE_EV_IPV4_TRUNC_PKT], 2);
	ck_assert_uint_eq(counts[DECODE_EV_IPV6_DATA_AFTER_NONE_HEADER], 2);
	ck_assert_uint_eq(counts[DECODE_EV_IPV4_PKT_TOO_SMALL], 0);
	/* Stream events are not decoder counters. */
	decode_event_set(high, DECODE_EV_STREAM_WRONG_THREAD);
	decode_events_count(counts, high);
	decode_events_sum(sum, counts);
	decode_events_sum(sum, counts);
	ck_assert_uint_eq(sum[DECODE_EV_IPV4_TRUNC_PKT], 4);
	ck_assert_uint_eq(sum[DECODE_EV_TCP_PKT_TOO_SMALL], 0);
}
END_TEST

Suite *
decode_events_suite(void)
{
	Suite *s = suite_create("decode_events");
	TCase *tc = tcase_create("events");

	tcase_add_test(tc, test_every_event_has_a_dotted_name);
	tcase_add_test(tc, test_event_names_are_unique);
	tcase_add_test(tc, test_out_of_range_event_has_no_name);
	tcase_add_test(tc, test_event_names_follow_suricata);
	tcase_add_test(tc, test_event_set_and_has_agree);
	tcase_add_test(tc, test_events_count_each_raised_event);
	tcase_add_test(tc, test_events_repeat_and_stop_at_15);
	suite_add_tcase(s, tc);
	return s;
}
