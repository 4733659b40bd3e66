/* TCP urgent data: stream.reassembly.urgent.policy inline, oob, gap and
 * drop, and oob-limit-policy. The client sends "GET /malic", then a
 * one-byte URG segment "X" whose urgent pointer (1) makes "X" the
 * urgent byte, then "ious" (Suricata-verify's tcp-urgp cases). */
#include "core/base.h"

#include <check.h>
#include <string.h>

#include "helpers.h"
#include "suites.h"

static uint64_t
stat_urg(void)
{
	struct stream_stats st;

	stream_ctx_stats(ts.ctx, &st);
	return st.urg;
}

static uint64_t
stat_oob(void)
{
	struct stream_stats st;

	stream_ctx_stats(ts.ctx, &st);
	return st.urgent_oob;
}

static uint64_t
stat_gap(void)
{
	struct stream_stats st;

	stream_ctx_stats(ts.ctx, &st);
	return st.reassembly_gap;
}

static void
start(int policy)
{
	ts.cfg.urgent_policy = policy;
	tstream_start();
	tstream_handshake();
}

/* "GET /malic", urgent "X", "ious" */
static void
malicious(void)
{
	tstream_send(false, 0, "GET /malic");
	tstream_urgent(10, "X", 1);
	tstream_send(false, 11, "ious");
}

START_TEST(test_inline_policy_keeps_the_urgent_byte)
{
	start(STREAM_URGENT_INLINE);
	malicious();
	ck_assert_str_eq(tstream_client_bytes(), "GET /malicXious");
	ck_assert_uint_eq(stat_urg(), 1);
	ck_assert_uint_eq(stat_oob(), 0);
}
END_TEST

START_TEST(test_oob_policy_takes_the_urgent_byte_out)
{
	start(STREAM_URGENT_OOB);
	malicious();
	ck_assert_str_eq(tstream_client_bytes(), "GET /malicious");
	ck_assert_uint_eq(stream_end(ts.f, FLOW_DIR_TO_SERVER), 14);
	ck_assert_uint_eq(stat_urg(), 1);
	ck_assert_uint_eq(stat_oob(), 1);
	ck_assert_uint_eq(ts.res.flags & STREAM_R_DROP, 0);
}
END_TEST

START_TEST(test_oob_policy_takes_out_a_byte_inside_the_segment)
{
	start(STREAM_URGENT_OOB);
	/* urgent pointer 4: the urgent byte is the fourth, "X" */
	ck_assert(tstream_urgent(0, "abcXdef", 4) & STREAM_R_DATA);
	ck_assert_str_eq(tstream_client_bytes(), "abcdef");
	tstream_send(false, 7, "gh");
	ck_assert_str_eq(tstream_client_bytes(), "abcdefgh");
}
END_TEST

START_TEST(test_oob_urgent_segment_after_later_data_joins_it)
{
	start(STREAM_URGENT_OOB);
	tstream_send(false, 0, "GET /malic");
	/* "ious" first, held out of order; then the URG segment */
	tstream_send(false, 11, "ious");
	ck_assert_str_eq(tstream_client_bytes(), "GET /malic");
	ck_assert(tstream_urgent(10, "X", 1) & STREAM_R_DATA);
	ck_assert_str_eq(tstream_client_bytes(), "GET /malicious");
	ck_assert_uint_eq(stat_oob(), 1);
}
END_TEST

START_TEST(test_oob_byte_already_in_the_stream_stays)
{
	start(STREAM_URGENT_OOB);
	tstream_send(false, 0, "GET /malicX");
	/* the same byte again, now urgent: it was inspected, it stays */
	tstream_urgent(10, "X", 1);
	tstream_send(false, 11, "ious");
	ck_assert_str_eq(tstream_client_bytes(), "GET /malicXious");
	ck_assert_uint_eq(stat_oob(), 0);
}
END_TEST

START_TEST(test_oob_policy_ignores_a_pointer_beyond_the_segment)
{
	start(STREAM_URGENT_OOB);
	/* the urgent byte is in a later segment: nothing here is urgent */
	tstream_urgent(0, "abc", 9);
	ck_assert_str_eq(tstream_client_bytes(), "abc");
	ck_assert_uint_eq(stat_urg(), 1);
	ck_assert_uint_eq(stat_oob(), 0);
}
END_TEST

START_TEST(test_oob_retransmission_of_the_urgent_segment_changes_nothing)
{
	start(STREAM_URGENT_OOB);
	tstream_send(false, 0, "GET /malic");
	tstream_urgent(7, "licX", 4);
	tstream_send(false, 11, "ious");
	/* the URG segment again, and one repeating the bytes before it */
	ck_assert_uint_eq(tstream_urgent(7, "licX", 4) & STREAM_R_DROP, 0);
	ck_assert_uint_eq(tstream_send(false, 2, "T /mal") & STREAM_R_DROP, 0);
	ck_assert(!tstream_event(
	    DECODE_EV_STREAM_REASSEMBLY_OVERLAP_DIFFERENT_DATA));
	ck_assert_str_eq(tstream_client_bytes(), "GET /malicious");
	ck_assert_uint_eq(stat_oob(), 1);
}
END_TEST

START_TEST(test_oob_receivers_ack_maps_past_the_removed_byte)
{
	start(STREAM_URGENT_OOB);
	malicious();
	/* the server acknowledges all 15 bytes sent: no gap */
	tstream_ack(15);
	ck_assert(!tstream_event(DECODE_EV_STREAM_REASSEMBLY_SEQ_GAP));
	ck_assert_uint_eq(stream_acked(ts.f, FLOW_DIR_TO_SERVER), 14);
	ck_assert_uint_eq(stat_gap(), 0);
}
END_TEST

START_TEST(test_oob_limit_policy_drop_applies_past_the_limit)
{
	ts.cfg.urgent_oob_limit = STREAM_URGENT_DROP;
	start(STREAM_URGENT_OOB);
	for (uint32_t i = 0; i < STREAM_URGENT_OOB_MAX; i++) {
		ck_assert_uint_eq(tstream_urgent(i, "X", 1) & STREAM_R_DROP,
		    0);
		/* the window: the server takes them */
		if (i % 1024 == 0)
			tstream_ack(i + 1);
	}
	ck_assert_uint_eq(stat_oob(), STREAM_URGENT_OOB_MAX);
	ck_assert(tstream_urgent(STREAM_URGENT_OOB_MAX, "Y", 1) &
	    STREAM_R_URGENT);
	ck_assert(ts.res.flags & STREAM_R_DROP);
	ck_assert_uint_eq(stat_oob(), STREAM_URGENT_OOB_MAX);
}
END_TEST

START_TEST(test_oob_limit_policy_inline_keeps_bytes_past_the_limit)
{
	ts.cfg.urgent_oob_limit = STREAM_URGENT_INLINE;
	start(STREAM_URGENT_OOB);
	for (uint32_t i = 0; i < STREAM_URGENT_OOB_MAX; i++) {
		tstream_urgent(i, "X", 1);
		if (i % 1024 == 0)
			tstream_ack(i + 1);
	}
	tstream_urgent(STREAM_URGENT_OOB_MAX, "Y", 1);
	ck_assert_str_eq(tstream_client_bytes(), "Y");
	ck_assert_uint_eq(ts.res.flags & STREAM_R_DROP, 0);
}
END_TEST

START_TEST(test_gap_policy_leaves_a_hole_for_the_urgent_byte)
{
	struct stream_chunk c;

	start(STREAM_URGENT_GAP);
	tstream_send(false, 0, "GET /malic");
	tstream_urgent(10, "X", 1);
	ck_assert(tstream_event(DECODE_EV_STREAM_REASSEMBLY_SEQ_GAP));
	ck_assert_uint_eq(stat_gap(), 1);
	tstream_send(false, 11, "ious");
	/* offsets as on the wire; the hole at 10 is read around */
	ck_assert_uint_eq(stream_end(ts.f, FLOW_DIR_TO_SERVER), 15);
	ck_assert_str_eq(tstream_client_bytes(), "GET /malic");
	ck_assert(stream_data_at(ts.f, FLOW_DIR_TO_SERVER, 10, &c));
	ck_assert(c.gap);
	ck_assert_uint_eq(c.offset, 11);
	ck_assert_uint_eq(c.len, 4);
	ck_assert_int_eq(memcmp(c.data, "ious", 4), 0);
}
END_TEST

START_TEST(test_drop_policy_drops_urgent_packets_inline)
{
	start(STREAM_URGENT_DROP);
	tstream_send(false, 0, "GET /malic");
	ck_assert_uint_eq(tstream_urgent(10, "X", 1),
	    STREAM_R_DROP | STREAM_R_URGENT);
	/* TCP tracking never saw it */
	ck_assert_uint_eq(ts.f->tcp_peer[FLOW_DIR_TO_SERVER].next_seq,
	    ts.cisn + 11);
	/* the receiver's ACK of the dropped byte makes it a gap, and what
	 * follows is contiguous at once */
	tstream_ack(11);
	ck_assert(tstream_event(DECODE_EV_STREAM_REASSEMBLY_SEQ_GAP));
	ck_assert_uint_eq(stat_gap(), 1);
	ck_assert(tstream_send(false, 11, "ious") & STREAM_R_DATA);
	ck_assert_uint_eq(stream_end(ts.f, FLOW_DIR_TO_SERVER), 15);
	ck_assert_uint_eq(stat_urg(), 1);
}
END_TEST

START_TEST(test_drop_policy_is_inline_when_not_inline)
{
	ts.cfg.is_inline = false;
	start(STREAM_URGENT_DROP);
	malicious();
	ck_assert_uint_eq(ts.res.flags & STREAM_R_DROP, 0);
	ck_assert_str_eq(tstream_client_bytes(), "GET /malicXious");
}
END_TEST

Suite *
stream_urgent_suite(void)
{
	Suite *s = suite_create("stream_urgent");
	TCase *tc = tcase_create("urgent");

	tcase_add_checked_fixture(tc, tstream_setup, tstream_teardown);
	tcase_set_timeout(tc, 30);
	tcase_add_test(tc, test_inline_policy_keeps_the_urgent_byte);
	tcase_add_test(tc, test_oob_policy_takes_the_urgent_byte_out);
	tcase_add_test(tc, test_oob_policy_takes_out_a_byte_inside_the_segment);
	tcase_add_test(tc, test_oob_urgent_segment_after_later_data_joins_it);
	tcase_add_test(tc, test_oob_byte_already_in_the_stream_stays);
	tcase_add_test(tc, test_oob_policy_ignores_a_pointer_beyond_the_segment);
	tcase_add_test(tc,
	    test_oob_retransmission_of_the_urgent_segment_changes_nothing);
	tcase_add_test(tc, test_oob_receivers_ack_maps_past_the_removed_byte);
	tcase_add_test(tc, test_oob_limit_policy_drop_applies_past_the_limit);
	tcase_add_test(tc,
	    test_oob_limit_policy_inline_keeps_bytes_past_the_limit);
	tcase_add_test(tc, test_gap_policy_leaves_a_hole_for_the_urgent_byte);
	tcase_add_test(tc, test_drop_policy_drops_urgent_packets_inline);
	tcase_add_test(tc, test_drop_policy_is_inline_when_not_inline);
	suite_add_tcase(s, tc);
	return s;
}
