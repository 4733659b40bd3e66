/* Raw stream inspection windows (lib/stream/raw.c), as Suricata's
 * StreamReassembleRaw chooses them: inline around the packet, not
 * inline the acknowledged bytes in chunks, everything at the end. */
#include "core/base.h"

#include <check.h>
#include <string.h>

#include "helpers.h"
#include "suites.h"

static void
small_chunks(uint32_t n)
{
	ts.cfg.chunk_size[0] = ts.cfg.chunk_size[1] = n;
	ts.cfg.randomize_chunks = false;
}

START_TEST(test_inline_window_reaches_back_over_earlier_segments)
{
	struct stream_raw raw;

	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "GET /");
	ck_assert(tstream_window(&raw));
	ck_assert_str_eq(tstream_window_text(&raw), "GET /");
	tstream_send(false, 5, "evil");
	ck_assert(tstream_window(&raw));
	ck_assert_str_eq(tstream_window_text(&raw), "GET /evil");
	ck_assert_uint_eq(raw.blocks[0].offset, 0);
	ck_assert_uint_eq(raw.progress, 9);
}
END_TEST

START_TEST(test_inline_one_byte_segments_complete_the_pattern)
{
	const char *s = "ATTACK";
	struct stream_raw raw;

	tstream_start();
	tstream_handshake();
	for (int i = 0; s[i] != '\0'; i++) {
		char one[2] = { s[i], '\0' };

		tstream_send(false, (uint64_t)i, one);
		ck_assert(tstream_window(&raw));
	}
	/* the segment of the last byte is inspected with all before it */
	ck_assert_str_eq(tstream_window_text(&raw), "ATTACK");
}
END_TEST

START_TEST(test_inline_window_is_cut_to_the_chunk_size)
{
	struct stream_raw raw;

	small_chunks(8);
	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "abcdefgh");
	ck_assert(tstream_window(&raw));
	tstream_send(false, 8, "ij");
	ck_assert(tstream_window(&raw));
	/* the packet at the right edge: the chunk's last bytes */
	ck_assert_str_eq(tstream_window_text(&raw), "cdefghij");
}
END_TEST

START_TEST(test_inline_large_packet_gets_a_third_of_a_chunk_before_it)
{
	struct stream_raw raw;

	small_chunks(9);
	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "abcdefgh");
	ck_assert(tstream_window(&raw));
	/* 9 <= payload 10: chunk = 10 + 9 / 3 */
	tstream_send(false, 8, "0123456789");
	ck_assert(tstream_window(&raw));
	ck_assert_str_eq(tstream_window_text(&raw), "fgh0123456789");
}
END_TEST

START_TEST(test_inline_retransmission_is_inspected_with_its_surroundings)
{
	struct stream_raw raw;

	small_chunks(12);
	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "0123456789abcdefghij");
	ck_assert(tstream_window(&raw));
	tstream_send(false, 10, "ab");
	ck_assert(tstream_window(&raw));
	/* (12 - 2) / 2 bytes before and after the retransmitted ones */
	ck_assert_str_eq(tstream_window_text(&raw), "56789abcdefg");
	/* raw progress never moves back */
	ck_assert_uint_eq(raw.blocks[0].offset, 5);
}
END_TEST

START_TEST(test_inline_out_of_order_segment_is_inspected_alone)
{
	struct stream_raw raw;

	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "GET ");
	ck_assert(tstream_window(&raw));
	tstream_send(false, 8, "HTTP");		/* 4..7 still to come */
	ck_assert(tstream_window(&raw));
	ck_assert_str_eq(tstream_window_text(&raw), "HTTP");
	tstream_send(false, 4, "/ab ");
	ck_assert(tstream_window(&raw));
	ck_assert_str_eq(tstream_window_text(&raw), "GET /ab HTTP");
}
END_TEST

START_TEST(test_inline_packet_without_payload_has_no_window)
{
	struct stream_raw raw;

	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "data");
	tstream_raw(false, PKT_TCP_ACK, ts.cisn + 5, ts.sisn + 1, 65535,
	    NULL, 0);
	ck_assert(!tstream_window(&raw));
}
END_TEST

START_TEST(test_ids_waits_for_a_chunk_of_acknowledged_bytes)
{
	struct stream_raw raw;

	ts.cfg.is_inline = false;
	small_chunks(10);
	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "abcdef");
	ck_assert(!tstream_window(&raw));	/* nothing acknowledged */
	tstream_ack(6);
	tstream_send(false, 6, "ghij");
	ck_assert(!tstream_window(&raw));	/* 6 acknowledged < 10 */
	tstream_ack(10);
	tstream_send(false, 10, "klm");
	ck_assert(tstream_window(&raw));
	/* up to what was acknowledged, not the unacknowledged "klm" */
	ck_assert_str_eq(tstream_window_text(&raw), "abcdefghij");
	ck_assert_uint_eq(raw.progress, 10);
	/* the next chunk starts where this one ended */
	tstream_ack(13);
	tstream_send(false, 13, "nopqrst");
	ck_assert(!tstream_window(&raw));	/* 3 < 10 */
}
END_TEST

START_TEST(test_ids_client_fin_inspects_at_once)
{
	struct stream_raw raw;

	ts.cfg.is_inline = false;
	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "short request");
	tstream_ack(13);
	tstream_raw(false, PKT_TCP_FIN | PKT_TCP_ACK, ts.cisn + 14,
	    ts.sisn + 1, 65535, NULL, 0);
	ck_assert(tstream_window(&raw));
	ck_assert_str_eq(tstream_window_text(&raw), "short request");
}
END_TEST

START_TEST(test_ids_app_layer_trigger_inspects_at_once)
{
	struct stream_raw raw;

	ts.cfg.is_inline = false;
	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "GET / HTTP/1.0\r\n\r\n");
	tstream_ack(18);
	tstream_raw(false, PKT_TCP_ACK, ts.cisn + 19, ts.sisn + 1, 65535,
	    NULL, 0);
	ck_assert(!tstream_window(&raw));
	stream_raw_trigger(ts.f, FLOW_DIR_TO_SERVER);
	ck_assert(tstream_window(&raw));
	ck_assert_uint_eq(raw.blocks[0].len, 18);
}
END_TEST

START_TEST(test_holes_split_raw_data_into_blocks)
{
	struct stream_raw raw;

	ts.cfg.is_inline = false;
	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "VERY");
	tstream_send(false, 8, "DATA");
	tstream_ack(12);
	tstream_raw(false, PKT_TCP_FIN | PKT_TCP_ACK, ts.cisn + 13,
	    ts.sisn + 1, 65535, NULL, 0);
	ck_assert(tstream_window(&raw));
	ck_assert_uint_eq(raw.nblocks, 2);
	ck_assert_str_eq(tstream_window_text(&raw), "VERY|DATA");
	ck_assert(!raw.blocks[0].gap);
	ck_assert(raw.blocks[1].gap);
}
END_TEST

START_TEST(test_end_of_flow_inspects_unacknowledged_and_held_bytes)
{
	struct stream_raw raw;

	ts.cfg.is_inline = false;
	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "GOOD");
	tstream_send(false, 8, "TAIL");		/* held: 4..7 missing */
	ck_assert(stream_raw_eof(ts.f, FLOW_DIR_TO_SERVER, &raw));
	ck_assert_str_eq(tstream_window_text(&raw), "GOOD|TAIL");
	ck_assert(raw.blocks[1].gap);
	stream_raw_done(ts.f, &raw);
}
END_TEST

START_TEST(test_payload_shows_holes_as_missing_bytes)
{
	struct stream_raw raw;
	uint8_t buf[64];
	size_t n;

	ts.cfg.is_inline = false;
	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, "VERY");
	tstream_send(false, 8, "DATA");
	tstream_ack(12);
	ck_assert(stream_raw_eof(ts.f, FLOW_DIR_TO_SERVER, &raw));
	n = stream_raw_payload(ts.f, &raw, buf, sizeof(buf));
	ck_assert_uint_eq(n, strlen("VERY[4 bytes missing]DATA"));
	ck_assert_mem_eq(buf, "VERY[4 bytes missing]DATA", n);
	/* a payload is cut at the buffer's size */
	ck_assert_uint_eq(stream_raw_payload(ts.f, &raw, buf, 6), 6);
	ck_assert_mem_eq(buf, "VERY[4", 6);
}
END_TEST

START_TEST(test_disabled_raw_has_no_window_and_holds_nothing)
{
	struct stream_raw raw;
	struct stream_chunk c;
	char big[5000];

	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	tstream_start();
	tstream_handshake();
	stream_raw_disable(ts.f, FLOW_DIR_TO_SERVER, true);
	ck_assert(stream_raw_decided(ts.f, FLOW_DIR_TO_SERVER));
	ck_assert(!stream_raw_decided(ts.f, FLOW_DIR_TO_CLIENT));
	tstream_send(false, 0, big);
	ck_assert(!tstream_window(&raw));
	tstream_ack(4999);
	tstream_send(false, 4999, "y");
	/* nothing waits for raw inspection: the acknowledged bytes go */
	ck_assert(stream_data_at(ts.f, FLOW_DIR_TO_SERVER, 0, &c));
	ck_assert(c.gap);
	ck_assert_uint_eq(c.offset, 4999);
}
END_TEST

START_TEST(test_inline_raw_keeps_a_chunk_behind)
{
	struct stream_raw raw;
	struct stream_chunk c;
	char big[5000];

	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	small_chunks(100);
	tstream_start();
	tstream_handshake();
	tstream_send(false, 0, big);
	ck_assert(tstream_window(&raw));
	tstream_ack(4999);
	tstream_send(false, 4999, "y");
	/* a chunk before raw progress stays for the next window */
	ck_assert(stream_data_at(ts.f, FLOW_DIR_TO_SERVER, 0, &c));
	ck_assert(c.gap);
	ck_assert_uint_eq(c.offset, 4999 - 100);
}
END_TEST

Suite *
stream_raw_suite(void)
{
	Suite *s = suite_create("raw");
	TCase *tc = tcase_create("raw");

	tcase_add_checked_fixture(tc, tstream_setup, tstream_teardown);
	tcase_add_test(tc, test_inline_window_reaches_back_over_earlier_segments);
	tcase_add_test(tc, test_inline_one_byte_segments_complete_the_pattern);
	tcase_add_test(tc, test_inline_window_is_cut_to_the_chunk_size);
	tcase_add_test(tc, test_inline_large_packet_gets_a_third_of_a_chunk_before_it);
	tcase_add_test(tc, test_inline_retransmission_is_inspected_with_its_surroundings);
	tcase_add_test(tc, test_inline_out_of_order_segment_is_inspected_alone);
	tcase_add_test(tc, test_inline_packet_without_payload_has_no_window);
	tcase_add_test(tc, test_ids_waits_for_a_chunk_of_acknowledged_bytes);
	tcase_add_test(tc, test_ids_client_fin_inspects_at_once);
	tcase_add_test(tc, test_ids_app_layer_trigger_inspects_at_once);
	tcase_add_test(tc, test_holes_split_raw_data_into_blocks);
	tcase_add_test(tc, test_end_of_flow_inspects_unacknowledged_and_held_bytes);
	tcase_add_test(tc, test_payload_shows_holes_as_missing_bytes);
	tcase_add_test(tc, test_disabled_raw_has_no_window_and_holds_nothing);
	tcase_add_test(tc, test_inline_raw_keeps_a_chunk_behind);
	suite_add_tcase(s, tc);
	return s;
}
