/* Stream events: the engine raises into the packet's one event table,
 * under Suricata's names, and every stream-event: of Suricata's
 * stream-events.rules (a copy in tests/unit/data/rules, with its
 * licence) names a known event, so its rules fire on what the engine
 * raises. */
#include "core/base.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/diag.h"
#include "core/packet.h"
#include "rules/ruleset.h"
#include "stream/events.h"
#include "suites.h"

START_TEST(test_raised_events_have_suricatas_names)
{
	static const struct {
		enum decode_event ev;
		const char *name;
	} raised[] = {
		{ DECODE_EV_STREAM_REASSEMBLY_OVERLAP_DIFFERENT_DATA,
		    "stream.reassembly_overlap_different_data" },
		{ DECODE_EV_STREAM_PKT_RETRANSMISSION,
		    "stream.pkt_retransmission" },
		{ DECODE_EV_STREAM_REASSEMBLY_SEGMENT_BEFORE_BASE_SEQ,
		    "stream.reassembly_segment_before_base_seq" },
		{ DECODE_EV_STREAM_REASSEMBLY_SEQ_GAP,
		    "stream.reassembly_seq_gap" },
		{ DECODE_EV_STREAM_REASSEMBLY_DEPTH_REACHED,
		    "stream.reassembly_depth_reached" },
		{ DECODE_EV_STREAM_REASSEMBLY_INSERT_MEMCAP,
		    "stream.reassembly_insert_memcap" },
		{ DECODE_EV_STREAM_REASSEMBLY_INSERT_LIMIT,
		    "stream.reassembly_insert_limit" },
		{ DECODE_EV_STREAM_REASSEMBLY_INSERT_INVALID,
		    "stream.reassembly_insert_invalid" },
		{ DECODE_EV_STREAM_EST_PACKET_OUT_OF_WINDOW,
		    "stream.est_packet_out_of_window" },
	};

	for (size_t i = 0; i < QUELL_NITEMS(raised); i++) {
		ck_assert_str_eq(decode_event_name(raised[i].ev),
		    raised[i].name);
		ck_assert_str_eq(stream_event_name(raised[i].ev -
		    DECODE_EV_STREAM_FIRST), raised[i].name);
	}
}
END_TEST

START_TEST(test_only_stream_events_are_counted)
{
	uint64_t events[PKT_EVENT_WORDS] = { 0 };	/* as struct packet.events */
	uint64_t counts[STREAM_NEVENTS] = { 0 };

	decode_event_set(events, DECODE_EV_STREAM_PKT_RETRANSMISSION);
	decode_event_set(events, DECODE_EV_STREAM_WRONG_THREAD);
	decode_event_set(events, DECODE_EV_IPV4_TRUNC_PKT);
	stream_events_count(counts, events);
	ck_assert_uint_eq(counts[DECODE_EV_STREAM_PKT_RETRANSMISSION -
	    DECODE_EV_STREAM_FIRST], 1);
	ck_assert_uint_eq(counts[DECODE_EV_STREAM_WRONG_THREAD -
	    DECODE_EV_STREAM_FIRST], 1);
	ck_assert_uint_eq(counts[DECODE_EV_STREAM_FIN_SYN -
	    DECODE_EV_STREAM_FIRST], 0);
}
END_TEST

START_TEST(test_every_stream_event_of_suricatas_rules_is_known)
{
	const char *top = getenv("QUELL_TOP_SRCDIR");
	struct ruleset *rs = rules_ruleset_new();
	struct diag_list dl;
	char path[4096];

	snprintf(path, sizeof(path), "%s/tests/unit/data/rules/"
	    "stream-events.rules", top != NULL ? top : ".");
	diag_list_init(&dl);
	ck_assert_ptr_nonnull(rs);
	(void)rules_load_file(rs, path, NULL, &dl);
	/* The file is Suricata master's: its threshold "type backoff"
	 * (lib/detect's) may refuse rules; no stream-event may. */
	for (size_t i = 0; i < dl.count; i++)
		ck_assert_msg(strstr(dl.items[i].msg, "stream event") == NULL,
		    "%u: %s", dl.items[i].line, dl.items[i].msg);
	ck_assert_uint_gt(rules_ruleset_count(rs) + dl.count, 50);
	rules_ruleset_free(rs);
	diag_list_free(&dl);
}
END_TEST

Suite *
stream_events_suite(void)
{
	Suite *s = suite_create("stream_events");
	TCase *tc = tcase_create("names");

	tcase_add_test(tc, test_raised_events_have_suricatas_names);
	tcase_add_test(tc, test_only_stream_events_are_counted);
	tcase_add_test(tc, test_every_stream_event_of_suricatas_rules_is_known);
	suite_add_tcase(s, tc);
	return s;
}
