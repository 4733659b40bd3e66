/* Sessions and the consumer API: when a session starts (handshake,
 * midstream, async-oneside), consumer progress and memory release. */
#include "core/base.h"

#include <check.h>
#include <string.h>

#include "flow/tcp_state.h"
#include "helpers.h"
#include "suites.h"

START_TEST(test_no_session_before_the_handshake_completes)
{
	tstream_start();
	tstream_raw(false, PKT_TCP_SYN, ts.cisn, 0, 65535, NULL, 0);
	ck_assert_ptr_null(ts.f->stream);
	tstream_raw(true, PKT_TCP_SYN | PKT_TCP_ACK, ts.sisn, ts.cisn + 1,
	    65535, NULL, 0);
	ck_assert_ptr_null(ts.f->stream);
	tstream_raw(false, PKT_TCP_ACK, ts.cisn + 1, ts.sisn + 1, 65535,
	    NULL, 0);
	ck_assert_ptr_nonnull(ts.f->stream);
	ck_assert_uint_eq(ts.res.flags & STREAM_R_EXCEPTION, 0);
}
END_TEST

START_TEST(test_midstream_pickup_starts_at_the_first_byte_seen)
{
	tstream_start();
	tstream_raw(false, PKT_TCP_ACK | PKT_TCP_PSH, 777777, 1, 65535,
	    "hello", 5);
	ck_assert(ts.f->flags & FLOW_F_MIDSTREAM);
	/* the midstream policy gets its say */
	ck_assert(ts.res.flags & STREAM_R_EXCEPTION);
	ck_assert_int_eq(ts.res.cause, EXCEPTION_CAUSE_MIDSTREAM);
	ck_assert(ts.res.flags & STREAM_R_DATA);
	ck_assert_str_eq(tstream_client_bytes(), "hello");
}
END_TEST

START_TEST(test_midstream_off_leaves_the_flow_untracked)
{
	struct stream_stats st;

	ts.midstream = false;
	tstream_start();
	tstream_raw(false, PKT_TCP_ACK | PKT_TCP_PSH, 777777, 1, 65535,
	    "hello", 5);
	ck_assert_ptr_null(ts.f->stream);
	ck_assert(ts.res.flags & STREAM_R_EXCEPTION);
	ck_assert_int_eq(ts.res.cause, EXCEPTION_CAUSE_MIDSTREAM);
	stream_ctx_stats(ts.ctx, &st);
	ck_assert_uint_eq(st.midstream_ignored, 1);
}
END_TEST

/* Suricata's StreamTcpPacketStateNone: the server's SYN/ACK of a
 * handshake whose SYN was not seen is a midstream exception too
 * (exception-policy-default-03's capture starts with one); a lone SYN
 * or a RST is not. */
START_TEST(test_midstream_off_synack_first_is_a_midstream_exception)
{
	ts.midstream = false;
	tstream_start();
	tstream_raw(true, PKT_TCP_SYN | PKT_TCP_ACK, ts.sisn, ts.cisn + 1,
	    65535, NULL, 0);
	ck_assert_ptr_null(ts.f->stream);
	ck_assert(ts.res.flags & STREAM_R_EXCEPTION);
	ck_assert_int_eq(ts.res.cause, EXCEPTION_CAUSE_MIDSTREAM);
}
END_TEST

START_TEST(test_midstream_off_lone_syn_is_no_exception)
{
	ts.midstream = false;
	tstream_start();
	tstream_raw(false, PKT_TCP_SYN, ts.cisn, 0, 65535, NULL, 0);
	ck_assert(!(ts.res.flags & STREAM_R_EXCEPTION));
}
END_TEST

START_TEST(test_midstream_off_rst_first_is_no_exception)
{
	ts.midstream = false;
	tstream_start();
	tstream_raw(false, PKT_TCP_RST | PKT_TCP_ACK, ts.cisn, 1, 65535,
	    NULL, 0);
	ck_assert(!(ts.res.flags & STREAM_R_EXCEPTION));
}
END_TEST

START_TEST(test_one_sided_handshake_needs_async_oneside)
{
	tstream_start();
	tstream_raw(false, PKT_TCP_SYN, ts.cisn, 0, 65535, NULL, 0);
	tstream_raw(false, PKT_TCP_ACK, ts.cisn + 1, ts.sisn + 1, 65535,
	    NULL, 0);
	tstream_raw(false, PKT_TCP_ACK | PKT_TCP_PSH, ts.cisn + 1,
	    ts.sisn + 1, 65535, "abc", 3);
	ck_assert_uint_eq(ts.f->tcp_state, FLOW_TCP_SYN_SENT);
	ck_assert_ptr_null(ts.f->stream);
}
END_TEST

START_TEST(test_async_oneside_reassembles_one_side)
{
	ts.cfg.async_oneside = true;
	tstream_start();
	tstream_raw(false, PKT_TCP_SYN, ts.cisn, 0, 65535, NULL, 0);
	tstream_raw(false, PKT_TCP_ACK | PKT_TCP_PSH, ts.cisn + 1,
	    ts.sisn + 1, 65535, "abc", 3);
	tstream_raw(false, PKT_TCP_ACK | PKT_TCP_PSH, ts.cisn + 4,
	    ts.sisn + 1, 65535, "def", 3);
	ck_assert_str_eq(tstream_client_bytes(), "abcdef");
}
END_TEST

START_TEST(test_consumers_progress_separately)
{
	struct stream_chunk c;

	tstream_start();
	tstream_handshake();
	stream_consumer_enable(ts.f, STREAM_CONSUMER_APP, true);
	tstream_send(false, 0, "abcdef");
	stream_advance(ts.f, FLOW_DIR_TO_SERVER, STREAM_CONSUMER_RAW, 4);
	ck_assert(stream_data(ts.f, FLOW_DIR_TO_SERVER, STREAM_CONSUMER_RAW,
	    &c));
	ck_assert_uint_eq(c.offset, 4);
	ck_assert_mem_eq(c.data, "ef", 2);
	ck_assert(stream_data(ts.f, FLOW_DIR_TO_SERVER, STREAM_CONSUMER_APP,
	    &c));
	ck_assert_uint_eq(c.offset, 0);
	ck_assert_uint_eq(c.len, 6);
	/* progress never moves back, nor past the end */
	stream_advance(ts.f, FLOW_DIR_TO_SERVER, STREAM_CONSUMER_RAW, 2);
	stream_advance(ts.f, FLOW_DIR_TO_SERVER, STREAM_CONSUMER_APP, 99);
	ck_assert(stream_data(ts.f, FLOW_DIR_TO_SERVER, STREAM_CONSUMER_RAW,
	    &c));
	ck_assert_uint_eq(c.offset, 4);
	ck_assert(!stream_data(ts.f, FLOW_DIR_TO_SERVER, STREAM_CONSUMER_APP,
	    &c));
	ck_assert_uint_eq(c.offset, 6);
}
END_TEST

START_TEST(test_bytes_stay_until_acked_and_consumed)
{
	struct stream_chunk c;
	char big[5000];

	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	/* IDS: raw inspection keeps nothing behind its progress (inline
	 * it keeps a chunk: test_inline_raw_keeps_a_chunk_behind) */
	ts.cfg.is_inline = false;
	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, big);
	stream_advance(ts.f, FLOW_DIR_TO_SERVER, STREAM_CONSUMER_RAW, 4999);
	tstream_send(false, 4999, "y");
	/* consumed but not acknowledged: still there to compare with */
	ck_assert(stream_data_at(ts.f, FLOW_DIR_TO_SERVER, 0, &c));
	ck_assert(!c.gap);
	tstream_ack(4999);
	ck_assert(stream_data_at(ts.f, FLOW_DIR_TO_SERVER, 0, &c));
	ck_assert(c.gap);
	ck_assert_uint_eq(c.offset, 4999);
	/* a retransmission of released bytes can no longer be compared:
	 * TCP tracking skips it (Suricata's spurious retransmission
	 * before base_seq) */
	tstream_send(false, 0, "zzz");
	ck_assert(tstream_event(DECODE_EV_STREAM_PKT_SPURIOUS_RETRANSMISSION));
	ck_assert(!tstream_event(DECODE_EV_STREAM_REASSEMBLY_OVERLAP_DIFFERENT_DATA));
}
END_TEST

START_TEST(test_disabled_consumer_holds_no_memory)
{
	struct stream_chunk c;
	char big[5000];

	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	ts.cfg.is_inline = false;
	tstream_start();
	tstream_handshake();
	stream_consumer_enable(ts.f, STREAM_CONSUMER_APP, true);
	tstream_send(false, 0, big);
	stream_advance(ts.f, FLOW_DIR_TO_SERVER, STREAM_CONSUMER_RAW, 4999);
	tstream_ack(4999);
	ck_assert(stream_data_at(ts.f, FLOW_DIR_TO_SERVER, 0, &c));
	ck_assert(!c.gap);		/* the app consumer holds it */
	stream_consumer_enable(ts.f, STREAM_CONSUMER_APP, false);
	tstream_ack(4999);
	/* everything went: nothing held, offset 0 is in the past */
	ck_assert(!stream_data_at(ts.f, FLOW_DIR_TO_SERVER, 0, &c));
	ck_assert(c.gap);
	ck_assert_uint_eq(c.offset, 4999);
}
END_TEST

START_TEST(test_session_memory_returns_when_the_flow_ends)
{
	struct stream_stats st;

	tstream_start();
	tstream_handshake();
	tstream_send(false, 4, "held");
	tstream_send(true, 0, "reply");
	stream_ctx_stats(ts.ctx, &st);
	ck_assert_uint_gt(st.memuse, 0);
	ck_assert_uint_gt(st.reassembly_memuse, 0);
	(void)flow_table_flush(ts.ft, NULL, NULL);
	stream_ctx_stats(ts.ctx, &st);
	ck_assert_uint_eq(st.memuse, 0);
	ck_assert_uint_eq(st.reassembly_memuse, 0);
}
END_TEST

START_TEST(test_detach_frees_the_session)
{
	struct stream_stats st;
	struct flow *f;

	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "abc");
	f = ts.f;
	flow_table_detach(ts.ft, f);
	ck_assert_ptr_null(f->stream);
	stream_ctx_stats(ts.ctx, &st);
	ck_assert_uint_eq(st.memuse, 0);
	flow_free(f, NULL);
}
END_TEST

Suite *
stream_stream_suite(void)
{
	Suite *s = suite_create("stream_stream");
	TCase *tc = tcase_create("session");

	tcase_add_checked_fixture(tc, tstream_setup, tstream_teardown);
	tcase_add_test(tc, test_no_session_before_the_handshake_completes);
	tcase_add_test(tc, test_midstream_pickup_starts_at_the_first_byte_seen);
	tcase_add_test(tc, test_midstream_off_leaves_the_flow_untracked);
	tcase_add_test(tc,
	    test_midstream_off_synack_first_is_a_midstream_exception);
	tcase_add_test(tc, test_midstream_off_lone_syn_is_no_exception);
	tcase_add_test(tc, test_midstream_off_rst_first_is_no_exception);
	tcase_add_test(tc, test_one_sided_handshake_needs_async_oneside);
	tcase_add_test(tc, test_async_oneside_reassembles_one_side);
	tcase_add_test(tc, test_consumers_progress_separately);
	tcase_add_test(tc, test_bytes_stay_until_acked_and_consumed);
	tcase_add_test(tc, test_disabled_consumer_holds_no_memory);
	tcase_add_test(tc, test_session_memory_returns_when_the_flow_ends);
	tcase_add_test(tc, test_detach_frees_the_session);
	suite_add_tcase(s, tc);
	return s;
}
