/* Insertion: in order, out of order, overlaps (inline), sequence wrap,
 * the out-of-order limit, the reassembly memcap, depth, gaps. */
#include "core/base.h"

#include <check.h>
#include <string.h>

#include "helpers.h"
#include "suites.h"

START_TEST(test_in_order_segments_extend_the_stream_at_once)
{
	tstream_start();
	tstream_handshake();
	ck_assert(tstream_send(false, 0, "GET /") & STREAM_R_DATA);
	ck_assert_uint_eq(ts.res.chunk.offset, 0);
	ck_assert_uint_eq(ts.res.chunk.len, 5);
	ck_assert(tstream_send(false, 5, "index") & STREAM_R_DATA);
	ck_assert_str_eq(tstream_client_bytes(), "GET /index");
	ck_assert_uint_eq(stream_end(ts.f, FLOW_DIR_TO_SERVER), 10);
}
END_TEST

START_TEST(test_out_of_order_segment_waits_for_the_gap)
{
	tstream_start();
	tstream_handshake();
	ck_assert_uint_eq(tstream_send(false, 3, "def") & ~STREAM_R_ADDED, 0);
	ck_assert(ts.res.flags & STREAM_R_ADDED);
	ck_assert_uint_eq(ts.res.chunk.len, 0);
	ck_assert_uint_eq(stream_end(ts.f, FLOW_DIR_TO_SERVER), 0);
	ck_assert(tstream_send(false, 0, "abc") & STREAM_R_DATA);
	/* the gap filler brings both into the contiguous stream */
	ck_assert_uint_eq(ts.res.chunk.len, 6);
	ck_assert_str_eq(tstream_client_bytes(), "abcdef");
}
END_TEST

/* eve's tcp.ts_max_regions: held bytes more than 256 KiB past the rest
 * take a region of their own in Suricata's streaming buffer; the count
 * stays the most seen */
START_TEST(test_far_out_of_order_bytes_count_a_region)
{
	ts.wscale = 7;		/* a window of 8 MiB */
	tstream_start();
	tstream_handshake();
	tstream_ack(0);		/* the server's first scaled window */
	ck_assert_uint_eq(stream_max_regions(ts.f, FLOW_DIR_TO_SERVER), 1);
	tstream_send(false, 3, "def");
	ck_assert_uint_eq(stream_max_regions(ts.f, FLOW_DIR_TO_SERVER), 1);
	ck_assert(tstream_send(false, 300000, "far") & STREAM_R_ADDED);
	ck_assert_uint_eq(stream_max_regions(ts.f, FLOW_DIR_TO_SERVER), 2);
	ck_assert_uint_eq(stream_max_regions(ts.f, FLOW_DIR_TO_CLIENT), 1);
	ck_assert(tstream_send(false, 0, "abc") & STREAM_R_DATA);
	ck_assert_uint_eq(stream_max_regions(ts.f, FLOW_DIR_TO_SERVER), 2);
}
END_TEST

START_TEST(test_segments_arriving_backwards_reassemble)
{
	tstream_start();
	tstream_handshake();
	tstream_send(false, 8, "ij");
	tstream_send(false, 6, "gh");
	tstream_send(false, 4, "ef");
	tstream_send(false, 2, "cd");
	ck_assert_uint_eq(stream_end(ts.f, FLOW_DIR_TO_SERVER), 0);
	tstream_send(false, 0, "ab");
	ck_assert_str_eq(tstream_client_bytes(), "abcdefghij");
}
END_TEST

START_TEST(test_inline_overlap_with_other_bytes_drops_the_packet)
{
	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "GET /good");
	ck_assert(tstream_send(false, 4, "/evil") & STREAM_R_DROP);
	ck_assert(tstream_event(DECODE_EV_STREAM_REASSEMBLY_OVERLAP_DIFFERENT_DATA));
	ck_assert_str_eq(tstream_client_bytes(), "GET /good");
}
END_TEST

START_TEST(test_inline_overlap_extending_the_stream_is_dropped_whole)
{
	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "abcd");
	/* differs in its first bytes, new bytes after: none are taken */
	ck_assert(tstream_send(false, 2, "XYef") & STREAM_R_DROP);
	ck_assert_str_eq(tstream_client_bytes(), "abcd");
	/* the honest retransmission goes through */
	ck_assert(tstream_send(false, 2, "cdef") & STREAM_R_DATA);
	ck_assert_str_eq(tstream_client_bytes(), "abcdef");
}
END_TEST

START_TEST(test_inline_overlap_with_held_segment_drops_the_packet)
{
	tstream_start();
	tstream_handshake();
	tstream_send(false, 4, "efgh");
	ck_assert(tstream_send(false, 2, "cdXX") & STREAM_R_DROP);
	ck_assert(tstream_event(DECODE_EV_STREAM_REASSEMBLY_OVERLAP_DIFFERENT_DATA));
	tstream_send(false, 0, "abcd");
	ck_assert_str_eq(tstream_client_bytes(), "abcdefgh");
}
END_TEST

START_TEST(test_identical_retransmission_is_accepted_and_flagged)
{
	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "hello");
	ck_assert_uint_eq(tstream_send(false, 0, "hello") & STREAM_R_DROP, 0);
	ck_assert(tstream_event(DECODE_EV_STREAM_PKT_RETRANSMISSION));
	ck_assert(!tstream_event(DECODE_EV_STREAM_REASSEMBLY_OVERLAP_DIFFERENT_DATA));
}
END_TEST

START_TEST(test_overlap_of_other_bytes_only_flags_when_not_inline)
{
	ts.cfg.is_inline = false;
	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "GET /good");
	ck_assert_uint_eq(tstream_send(false, 4, "/evil") & STREAM_R_DROP, 0);
	ck_assert(tstream_event(DECODE_EV_STREAM_REASSEMBLY_OVERLAP_DIFFERENT_DATA));
	/* what the receiver already has is never replaced */
	ck_assert_str_eq(tstream_client_bytes(), "GET /good");
}
END_TEST

START_TEST(test_sequence_numbers_wrap_around_2_32)
{
	ts.cisn = 0xfffffff8u;
	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "0123");		/* seq 0xfffffff9 */
	tstream_send(false, 10, "abcd");	/* past 2^32, held */
	tstream_send(false, 4, "456789");	/* crosses the wrap */
	ck_assert_str_eq(tstream_client_bytes(), "0123456789abcd");
	ck_assert_uint_eq(stream_end(ts.f, FLOW_DIR_TO_SERVER), 14);
}
END_TEST

START_TEST(test_out_of_order_limit_drops_inline)
{
	ts.cfg.ooo_limit = 2;
	tstream_start();
	tstream_handshake();
	tstream_send(false, 2, "c");
	tstream_send(false, 4, "e");
	ck_assert(tstream_send(false, 6, "g") & STREAM_R_DROP);
	ck_assert(tstream_event(DECODE_EV_STREAM_REASSEMBLY_INSERT_LIMIT));
	/* in-order data still flows and takes the held segments in */
	tstream_send(false, 0, "ab");
	tstream_send(false, 3, "d");
	ck_assert_str_eq(tstream_client_bytes(), "abcde");
}
END_TEST

START_TEST(test_reassembly_memcap_is_an_exception)
{
	struct stream_stats st;

	ts.cfg.reassembly_memcap = 10;
	tstream_start();
	tstream_handshake();
	ck_assert(tstream_send(false, 0, "more than the cap allows") &
	    STREAM_R_EXCEPTION);
	ck_assert_int_eq(ts.res.cause, EXCEPTION_CAUSE_REASSEMBLY_MEMCAP);
	ck_assert(tstream_event(DECODE_EV_STREAM_REASSEMBLY_INSERT_MEMCAP));
	stream_ctx_stats(ts.ctx, &st);
	ck_assert_uint_eq(st.segment_memcap_drop, 1);
	ck_assert_uint_le(st.reassembly_memuse, 10);
}
END_TEST

START_TEST(test_stream_memcap_is_an_exception)
{
	struct stream_stats st;

	ts.cfg.memcap = 0;
	tstream_start();
	tstream_handshake();
	ck_assert(ts.res.flags & STREAM_R_EXCEPTION);
	ck_assert_int_eq(ts.res.cause, EXCEPTION_CAUSE_STREAM_MEMCAP);
	stream_ctx_stats(ts.ctx, &st);
	ck_assert_uint_eq(st.ssn_memcap_drop, 1);
	ck_assert_uint_eq(st.sessions, 0);
}
END_TEST

START_TEST(test_depth_stops_reassembly_and_flags_once)
{
	struct stream_stats st;

	ts.cfg.depth = 8;
	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "0123456789");
	ck_assert(tstream_event(DECODE_EV_STREAM_REASSEMBLY_DEPTH_REACHED));
	ck_assert_str_eq(tstream_client_bytes(), "01234567");
	tstream_send(false, 10, "abc");
	ck_assert(!tstream_event(DECODE_EV_STREAM_REASSEMBLY_DEPTH_REACHED));
	ck_assert_uint_eq(stream_end(ts.f, FLOW_DIR_TO_SERVER), 8);
	stream_ctx_stats(ts.ctx, &st);
	ck_assert_uint_eq(st.stream_depth_reached, 1);
}
END_TEST

START_TEST(test_bypass_at_depth_needs_both_directions)
{
	ts.cfg.depth = 4;
	ts.cfg.bypass = true;
	tstream_start();
	tstream_handshake();
	ck_assert_uint_eq(tstream_send(false, 0, "abcdef") & STREAM_R_BYPASS,
	    0);
	ck_assert(tstream_send(true, 0, "ABCDEF") & STREAM_R_BYPASS);
}
END_TEST

START_TEST(test_ack_past_unseen_bytes_keeps_what_came_after_the_gap)
{
	struct stream_chunk c;
	struct stream_stats st;

	tstream_start();
	tstream_handshake();
	tstream_send(false, 10, "klmnopqrst");	/* 0..9 never seen */
	tstream_ack(15);
	ck_assert(tstream_event(DECODE_EV_STREAM_REASSEMBLY_SEQ_GAP));
	/* the hole is recorded, the held bytes join the stream after it
	 * (a consumer has not seen them yet) */
	ck_assert_uint_eq(stream_end(ts.f, FLOW_DIR_TO_SERVER), 20);
	ck_assert(stream_data(ts.f, FLOW_DIR_TO_SERVER, STREAM_CONSUMER_RAW,
	    &c));
	ck_assert(c.gap);
	ck_assert_uint_eq(c.offset, 10);
	ck_assert_uint_eq(c.len, 10);
	ck_assert_mem_eq(c.data, "klmnopqrst", 10);
	stream_ctx_stats(ts.ctx, &st);
	ck_assert_uint_eq(st.reassembly_gap, 1);
}
END_TEST

START_TEST(test_a_hole_between_data_splits_what_consumers_read)
{
	struct stream_chunk c;

	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "VERY");
	tstream_send(false, 8, "DATA");		/* 4..7 never seen */
	tstream_ack(12);
	ck_assert(tstream_event(DECODE_EV_STREAM_REASSEMBLY_SEQ_GAP));
	ck_assert(stream_data_at(ts.f, FLOW_DIR_TO_SERVER, 0, &c));
	ck_assert(!c.gap);
	ck_assert_uint_eq(c.len, 4);
	ck_assert_mem_eq(c.data, "VERY", 4);
	/* inside or at the hole: the piece after it, flagged */
	ck_assert(stream_data_at(ts.f, FLOW_DIR_TO_SERVER, 4, &c));
	ck_assert(c.gap);
	ck_assert_uint_eq(c.offset, 8);
	ck_assert_mem_eq(c.data, "DATA", 4);
	ck_assert(stream_data_at(ts.f, FLOW_DIR_TO_SERVER, 6, &c));
	ck_assert_uint_eq(c.offset, 8);
}
END_TEST

START_TEST(test_bytes_of_a_hole_never_differ_from_a_late_copy)
{
	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "VERY");
	tstream_send(false, 8, "DATA");
	tstream_ack(12);
	/* the lost bytes come after all: no overlap with other data */
	tstream_send(false, 4, "GOOD");
	ck_assert(!tstream_event(
	    DECODE_EV_STREAM_REASSEMBLY_OVERLAP_DIFFERENT_DATA));
	ck_assert(!(ts.res.flags & STREAM_R_DROP));
}
END_TEST

START_TEST(test_ack_past_unseen_bytes_nobody_needs_skips_them)
{
	struct stream_chunk c;

	tstream_start();
	tstream_handshake();
	stream_raw_disable(ts.f, FLOW_DIR_TO_SERVER, true);
	tstream_send(false, 10, "klmnopqrst");
	tstream_ack(15);
	ck_assert(tstream_event(DECODE_EV_STREAM_REASSEMBLY_SEQ_GAP));
	ck_assert(stream_data_at(ts.f, FLOW_DIR_TO_SERVER, 0, &c));
	ck_assert(c.gap);
	ck_assert_uint_eq(c.offset, 15);
	ck_assert_mem_eq(c.data, "pqrst", 5);
}
END_TEST

START_TEST(test_forged_ack_beyond_what_was_sent_skips_nothing)
{
	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "abc");
	tstream_ack(1000);
	ck_assert(!tstream_event(DECODE_EV_STREAM_REASSEMBLY_SEQ_GAP));
	ck_assert_uint_eq(stream_end(ts.f, FLOW_DIR_TO_SERVER), 3);
}
END_TEST

/* Suricata: the segment is left out of the stream, not dropped (its
 * ESTABLISHED handler's refusal is no stream error) */
START_TEST(test_data_beyond_the_receivers_window_is_left_out)
{
	tstream_start();
	tstream_handshake();
	/* the server offered 65535 bytes from offset 0 */
	ck_assert(!(tstream_send(false, 70000, "late") & STREAM_R_DROP));
	ck_assert(tstream_event(DECODE_EV_STREAM_EST_PACKET_OUT_OF_WINDOW));
	ck_assert_uint_eq(stream_end(ts.f, FLOW_DIR_TO_SERVER), 0);
}
END_TEST

/* A segment the state machine refuses is, inline with drop-invalid */
START_TEST(test_refused_segment_is_dropped_inline)
{
	tstream_start();
	tstream_handshake();
	/* a SYN inside the open connection: est_syn_resend_diff_seq */
	ck_assert(tstream_raw(false, PKT_TCP_SYN, ts.cisn + 5, 0, 65535,
	    NULL, 0) & STREAM_R_DROP);
	ck_assert(tstream_event(DECODE_EV_STREAM_EST_SYN_RESEND_DIFF_SEQ));
}
END_TEST

START_TEST(test_keepalive_is_neither_data_nor_an_overlap)
{
	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "abc");
	ck_assert_uint_eq(tstream_send(false, 2, "\xff") & STREAM_R_DROP, 0);
	ck_assert(!tstream_event(DECODE_EV_STREAM_REASSEMBLY_OVERLAP_DIFFERENT_DATA));
}
END_TEST

Suite *
stream_reassemble_suite(void)
{
	Suite *s = suite_create("stream_reassemble");
	TCase *tc = tcase_create("insert");

	tcase_add_checked_fixture(tc, tstream_setup, tstream_teardown);
	tcase_add_test(tc, test_in_order_segments_extend_the_stream_at_once);
	tcase_add_test(tc, test_out_of_order_segment_waits_for_the_gap);
	tcase_add_test(tc, test_far_out_of_order_bytes_count_a_region);
	tcase_add_test(tc, test_segments_arriving_backwards_reassemble);
	tcase_add_test(tc,
	    test_inline_overlap_with_other_bytes_drops_the_packet);
	tcase_add_test(tc,
	    test_inline_overlap_extending_the_stream_is_dropped_whole);
	tcase_add_test(tc,
	    test_inline_overlap_with_held_segment_drops_the_packet);
	tcase_add_test(tc, test_identical_retransmission_is_accepted_and_flagged);
	tcase_add_test(tc, test_overlap_of_other_bytes_only_flags_when_not_inline);
	tcase_add_test(tc, test_sequence_numbers_wrap_around_2_32);
	tcase_add_test(tc, test_out_of_order_limit_drops_inline);
	tcase_add_test(tc, test_reassembly_memcap_is_an_exception);
	tcase_add_test(tc, test_stream_memcap_is_an_exception);
	tcase_add_test(tc, test_depth_stops_reassembly_and_flags_once);
	tcase_add_test(tc, test_bypass_at_depth_needs_both_directions);
	tcase_add_test(tc, test_ack_past_unseen_bytes_keeps_what_came_after_the_gap);
	tcase_add_test(tc, test_a_hole_between_data_splits_what_consumers_read);
	tcase_add_test(tc, test_bytes_of_a_hole_never_differ_from_a_late_copy);
	tcase_add_test(tc, test_ack_past_unseen_bytes_nobody_needs_skips_them);
	tcase_add_test(tc, test_forged_ack_beyond_what_was_sent_skips_nothing);
	tcase_add_test(tc, test_data_beyond_the_receivers_window_is_left_out);
	tcase_add_test(tc, test_refused_segment_is_dropped_inline);
	tcase_add_test(tc, test_keepalive_is_neither_data_nor_an_overlap);
	suite_add_tcase(s, tc);
	return s;
}
