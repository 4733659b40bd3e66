#include "core/base.h"

#include <check.h>

#include "core/packet.h"
#include "flow/config.h"
#include "flow/flow.h"
#include "flow/table.h"
#include "flow/tcp_state.h"

#include "fixture.h"
#include "pkt.h"
#include "suites.h"

/* A connection from C4:CPORT to S4:SPORT with these initial sequence
 * numbers; CNEXT/SNEXT are each side's next sequence number after the
 * handshake. */
#define CPORT	40000
#define SPORT	80
#define CISN	1000u
#define SISN	5000u
#define CNEXT	(CISN + 1)
#define SNEXT	(SISN + 1)

#define SYN	PKT_TCP_SYN
#define ACK	PKT_TCP_ACK
#define FIN	PKT_TCP_FIN
#define RST	PKT_TCP_RST

static struct flow_table *t;
static struct trec_log recs;
static struct tpkt tp;

static void
make_table(bool midstream)
{
	struct flow_table_config cfg;

	tflow_config(&cfg);
	cfg.midstream = midstream;
	flow_table_free(t);
	t = flow_table_new(&cfg, NULL, 1);
	ck_assert_ptr_nonnull(t);
	flow_table_set_record(t, trec_emit, &recs);
}

static void
setup(void)
{
	memset(&recs, 0, sizeof(recs));
	t = NULL;
	make_table(true);
}

static void
teardown(void)
{
	flow_table_free(t);
	t = NULL;
}

/* A segment between any two ends, handled; the packet is returned. */
static struct packet *
seg_ports(const char *src, uint16_t sport, const char *dst, uint16_t dport,
    uint8_t flags, uint32_t seq, uint32_t ack)
{
	struct packet *p = tpkt_tcp(&tp, &(struct tseg){ .src = src,
	    .sport = sport, .dst = dst, .dport = dport, .flags = flags,
	    .seq = seq, .ack = ack, .sec = 1 });

	flow_table_handle(t, p);
	return p;
}

static struct packet *
cli(uint8_t flags, uint32_t seq, uint32_t ack, size_t len)
{
	struct packet *p = tpkt_tcp(&tp, &(struct tseg){ .src = C4,
	    .sport = CPORT, .dst = S4, .dport = SPORT, .flags = flags,
	    .seq = seq, .ack = ack, .len = len, .sec = 1 });

	flow_table_handle(t, p);
	return p;
}

static struct packet *
srv(uint8_t flags, uint32_t seq, uint32_t ack, size_t len)
{
	struct packet *p = tpkt_tcp(&tp, &(struct tseg){ .src = S4,
	    .sport = SPORT, .dst = C4, .dport = CPORT, .flags = flags,
	    .seq = seq, .ack = ack, .len = len, .sec = 1 });

	flow_table_handle(t, p);
	return p;
}

static struct flow *
handshake(void)
{
	struct flow *f = cli(SYN, CISN, 0, 0)->flow;

	srv(SYN | ACK, SISN, CNEXT, 0);
	cli(ACK, CNEXT, SNEXT, 0);
	return f;
}

/* Handshake with window scaling offered by both sides when ws. */
static struct flow *
handshake_ws(bool ws)
{
	struct flow *f;

	f = flow_table_handle(t, tpkt_tcp(&tp, &(struct tseg){ .src = C4,
	    .sport = CPORT, .dst = S4, .dport = SPORT, .flags = SYN,
	    .seq = CISN, .ws = ws, .wscale = 7, .sec = 1 }));
	flow_table_handle(t, tpkt_tcp(&tp, &(struct tseg){ .src = S4,
	    .sport = SPORT, .dst = C4, .dport = CPORT, .flags = SYN | ACK,
	    .seq = SISN, .ack = CNEXT, .ws = ws, .wscale = 7, .sec = 1 }));
	cli(ACK, CNEXT, SNEXT, 0);
	/* the server advertises a 1000 window (128000 scaled) */
	flow_table_handle(t, tpkt_tcp(&tp, &(struct tseg){ .src = S4,
	    .sport = SPORT, .dst = C4, .dport = CPORT, .flags = ACK,
	    .seq = SNEXT, .ack = CNEXT, .win = 1000, .sec = 1 }));
	return f;
}

static uint64_t
ignored(void)
{
	struct flow_table_stats st;

	flow_table_stats(t, &st);
	return st.tcp_ignored;
}

START_TEST(test_syn_starts_a_new_flow_in_syn_sent)
{
	struct packet *p = cli(SYN, CISN, 0, 0);

	ck_assert_uint_eq(p->flow_flags, PKT_FLOW_TO_SERVER | PKT_FLOW_FIRST);
	ck_assert_uint_eq(p->flow->tcp_state, FLOW_TCP_SYN_SENT);
	ck_assert_int_eq(p->flow->state, FLOW_STATE_NEW);
}
END_TEST

START_TEST(test_syn_ack_is_to_client_in_syn_recv)
{
	struct packet *p;

	cli(SYN, CISN, 0, 0);
	p = srv(SYN | ACK, SISN, CNEXT, 0);
	ck_assert_uint_eq(p->flow_flags & PKT_FLOW_TO_CLIENT, PKT_FLOW_TO_CLIENT);
	ck_assert_uint_eq(p->flow->tcp_state, FLOW_TCP_SYN_RECV);
	ck_assert_int_eq(p->flow->state, FLOW_STATE_NEW);
}
END_TEST

/* Suricata 7.0.6 sets FLOW_PKT_ESTABLISHED from the state before the
 * packet: flow:established skips the SYN/ACK and the handshake's ACK
 * (like-ip-only-01: 17 alerts, not 21). */
START_TEST(test_syn_ack_packet_is_not_established)
{
	cli(SYN, CISN, 0, 0);
	ck_assert_uint_eq(srv(SYN | ACK, SISN, CNEXT, 0)->flow_flags,
	    PKT_FLOW_TO_CLIENT);
}
END_TEST

START_TEST(test_handshake_ack_packet_is_not_established)
{
	cli(SYN, CISN, 0, 0);
	srv(SYN | ACK, SISN, CNEXT, 0);
	ck_assert_uint_eq(cli(ACK, CNEXT, SNEXT, 0)->flow_flags,
	    PKT_FLOW_TO_SERVER);
}
END_TEST

START_TEST(test_syn_retransmission_is_not_established)
{
	cli(SYN, CISN, 0, 0);
	ck_assert_uint_eq(cli(SYN, CISN, 0, 0)->flow_flags, PKT_FLOW_TO_SERVER);
}
END_TEST

START_TEST(test_handshake_ack_establishes_the_flow)
{
	struct flow *f = handshake();

	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_ESTABLISHED);
	ck_assert_int_eq(f->state, FLOW_STATE_ESTABLISHED);
	ck_assert_uint_eq(f->flags & FLOW_F_MIDSTREAM, 0);
}
END_TEST

START_TEST(test_data_after_handshake_is_established_to_server)
{
	handshake();
	ck_assert_uint_eq(cli(ACK, CNEXT, SNEXT, 100)->flow_flags,
	    PKT_FLOW_TO_SERVER | PKT_FLOW_ESTABLISHED);
}
END_TEST

START_TEST(test_response_after_handshake_is_established_to_client)
{
	handshake();
	cli(ACK | PKT_TCP_PSH, CNEXT, SNEXT, 100);
	ck_assert_uint_eq(srv(ACK, SNEXT, CNEXT + 100, 500)->flow_flags,
	    PKT_FLOW_TO_CLIENT | PKT_FLOW_ESTABLISHED);
}
END_TEST

START_TEST(test_syn_ack_not_acknowledging_the_syn_is_ignored)
{
	struct flow *f = cli(SYN, CISN, 0, 0)->flow;

	srv(SYN | ACK, SISN, CISN + 7, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_SYN_SENT);
	ck_assert_uint_eq(ignored(), 1);
}
END_TEST

START_TEST(test_handshake_ack_not_acknowledging_the_syn_ack_is_ignored)
{
	struct flow *f = cli(SYN, CISN, 0, 0)->flow;

	srv(SYN | ACK, SISN, CNEXT, 0);
	cli(ACK, CNEXT, SISN + 1000, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_SYN_RECV);
	ck_assert_uint_eq(ignored(), 1);
}
END_TEST

START_TEST(test_one_fin_leaves_the_flow_established_in_fin_wait1)
{
	struct flow *f = handshake();

	cli(FIN | ACK, CNEXT, SNEXT, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_FIN_WAIT1);
	ck_assert_int_eq(f->state, FLOW_STATE_ESTABLISHED);
}
END_TEST

START_TEST(test_acknowledged_fin_moves_to_fin_wait2)
{
	struct flow *f = handshake();

	cli(FIN | ACK, CNEXT, SNEXT, 0);
	srv(ACK, SNEXT, CNEXT + 1, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_FIN_WAIT2);
	ck_assert_int_eq(f->state, FLOW_STATE_ESTABLISHED);
}
END_TEST

START_TEST(test_fin_both_ways_closes_the_flow)
{
	struct flow *f = handshake();

	cli(FIN | ACK, CNEXT, SNEXT, 0);
	srv(ACK, SNEXT, CNEXT + 1, 0);
	srv(FIN | ACK, SNEXT, CNEXT + 1, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_LAST_ACK);
	ck_assert_int_eq(f->state, FLOW_STATE_CLOSED);
	cli(ACK, CNEXT + 1, SNEXT + 1, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_CLOSED);
}
END_TEST

START_TEST(test_fins_crossing_close_the_flow_in_closing)
{
	struct flow *f = handshake();

	cli(FIN | ACK, CNEXT, SNEXT, 0);
	srv(FIN | ACK, SNEXT, CNEXT, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_CLOSING);
	ck_assert_int_eq(f->state, FLOW_STATE_CLOSED);
}
END_TEST

START_TEST(test_fin_carrying_data_is_acknowledged_past_the_data)
{
	struct flow *f = handshake();

	cli(FIN | ACK, CNEXT, SNEXT, 50);
	srv(ACK, SNEXT, CNEXT + 50, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_FIN_WAIT1);
	srv(ACK, SNEXT, CNEXT + 51, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_FIN_WAIT2);
}
END_TEST

START_TEST(test_rst_from_server_closes_the_flow)
{
	struct flow *f = handshake();

	srv(RST, SNEXT, 0, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_CLOSED);
	ck_assert_int_eq(f->state, FLOW_STATE_CLOSED);
}
END_TEST

START_TEST(test_rst_inside_the_receivers_window_closes_the_flow)
{
	struct flow *f = handshake();

	cli(RST, CNEXT + 30000, 0, 0);
	ck_assert_int_eq(f->state, FLOW_STATE_CLOSED);
}
END_TEST

START_TEST(test_rst_outside_the_window_is_ignored)
{
	struct flow *f = handshake();

	cli(RST, CNEXT + 1000000, 0, 0);
	ck_assert_int_eq(f->state, FLOW_STATE_ESTABLISHED);
	ck_assert_uint_eq(ignored(), 1);
}
END_TEST

START_TEST(test_rst_answering_a_syn_closes_the_flow)
{
	struct flow *f = cli(SYN, CISN, 0, 0)->flow;

	srv(RST | ACK, 0, CNEXT, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_CLOSED);
	ck_assert_int_eq(f->state, FLOW_STATE_CLOSED);
}
END_TEST

START_TEST(test_rst_answering_a_syn_without_acking_it_is_ignored)
{
	struct flow *f = cli(SYN, CISN, 0, 0)->flow;

	srv(RST | ACK, 0, CISN + 99, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_SYN_SENT);
}
END_TEST

START_TEST(test_window_scaling_widens_the_rst_window)
{
	struct flow *f = handshake_ws(true);

	cli(RST, CNEXT + 100000, 0, 0);
	ck_assert_int_eq(f->state, FLOW_STATE_CLOSED);
}
END_TEST

START_TEST(test_without_window_scaling_the_window_is_as_advertised)
{
	struct flow *f = handshake_ws(false);

	cli(RST, CNEXT + 100000, 0, 0);
	ck_assert_int_eq(f->state, FLOW_STATE_ESTABLISHED);
}
END_TEST

START_TEST(test_syn_inside_an_open_connection_is_ignored)
{
	struct flow *f = handshake();

	cli(SYN, CISN + 5, 0, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_ESTABLISHED);
	ck_assert_uint_eq(ignored(), 1);
}
END_TEST

/* The flow is established at once, its first packet is not (Suricata
 * 7.0.6 with stream.midstream on iponly-midstream-01's capture); the
 * next one is. */
START_TEST(test_midstream_pickup_is_established_at_once)
{
	struct packet *p = cli(ACK, 7000, 9000, 100);

	ck_assert_uint_eq(p->flow_flags,
	    PKT_FLOW_TO_SERVER | PKT_FLOW_FIRST);
	ck_assert_uint_eq(p->flow->tcp_state, FLOW_TCP_ESTABLISHED);
	ck_assert_int_eq(p->flow->state, FLOW_STATE_ESTABLISHED);
	ck_assert_uint_eq(cli(ACK, 7100, 9000, 100)->flow_flags,
	    PKT_FLOW_TO_SERVER | PKT_FLOW_ESTABLISHED);
}
END_TEST

START_TEST(test_midstream_pickup_sets_the_midstream_flag)
{
	ck_assert_uint_eq(cli(ACK, 7000, 9000, 100)->flow->flags &
	    FLOW_F_MIDSTREAM, FLOW_F_MIDSTREAM);
}
END_TEST

START_TEST(test_midstream_pickup_is_counted)
{
	struct flow_table_stats st;

	cli(ACK, 7000, 9000, 100);
	srv(ACK, 9000, 7100, 0);
	flow_table_stats(t, &st);
	ck_assert_uint_eq(st.midstream, 1);
}
END_TEST

START_TEST(test_midstream_off_keeps_the_flow_new)
{
	struct packet *p;

	make_table(false);
	p = cli(ACK, 7000, 9000, 100);
	ck_assert_uint_eq(p->flow->tcp_state, FLOW_TCP_NONE);
	ck_assert_int_eq(p->flow->state, FLOW_STATE_NEW);
	ck_assert_uint_eq(p->flow->flags & FLOW_F_MIDSTREAM, 0);
}
END_TEST

START_TEST(test_midstream_off_packets_are_never_established)
{
	make_table(false);
	cli(ACK, 7000, 9000, 100);
	ck_assert_uint_eq(srv(ACK, 9000, 7100, 10)->flow_flags,
	    PKT_FLOW_TO_CLIENT);
}
END_TEST

START_TEST(test_midstream_off_a_later_handshake_is_tracked)
{
	struct flow *f;

	make_table(false);
	f = cli(ACK, 7000, 9000, 100)->flow;
	cli(SYN, CISN, 0, 0);
	srv(SYN | ACK, SISN, CNEXT, 0);
	cli(ACK, CNEXT, SNEXT, 0);
	ck_assert_int_eq(f->state, FLOW_STATE_ESTABLISHED);
}
END_TEST

START_TEST(test_midstream_guess_makes_the_low_port_the_server)
{
	struct packet *p = srv(ACK, 9000, 7000, 100);

	ck_assert_uint_eq(p->flow_flags & PKT_FLOW_TO_CLIENT, PKT_FLOW_TO_CLIENT);
	ck_assert_uint_eq(p->flow->server_port, SPORT);
	ck_assert_uint_eq(p->flow->client_port, CPORT);
}
END_TEST

START_TEST(test_midstream_guess_makes_the_non_ephemeral_port_the_server)
{
	struct packet *p = seg_ports(S4, 8080, C4, 45000, ACK, 1, 1);

	ck_assert_uint_eq(p->flow_flags & PKT_FLOW_TO_CLIENT, PKT_FLOW_TO_CLIENT);
	ck_assert_uint_eq(p->flow->server_port, 8080);
}
END_TEST

START_TEST(test_midstream_guess_without_a_hint_makes_the_sender_the_client)
{
	struct packet *p = seg_ports(S4, 6000, C4, 5000, ACK, 1, 1);

	ck_assert_uint_eq(p->flow_flags & PKT_FLOW_TO_SERVER, PKT_FLOW_TO_SERVER);
	ck_assert_uint_eq(p->flow->client_port, 6000);
}
END_TEST

START_TEST(test_midstream_syn_ack_makes_its_sender_the_server)
{
	struct packet *p = srv(SYN | ACK, SISN, CNEXT, 0);

	ck_assert_uint_eq(p->flow_flags, PKT_FLOW_TO_CLIENT | PKT_FLOW_FIRST);
	ck_assert_uint_eq(p->flow->tcp_state, FLOW_TCP_SYN_RECV);
	ck_assert_uint_eq(p->flow->flags & FLOW_F_MIDSTREAM, FLOW_F_MIDSTREAM);
}
END_TEST

START_TEST(test_midstream_syn_ack_then_ack_establishes)
{
	struct flow *f = srv(SYN | ACK, SISN, CNEXT, 0)->flow;

	cli(ACK, CNEXT, SNEXT, 0);
	ck_assert_int_eq(f->state, FLOW_STATE_ESTABLISHED);
}
END_TEST

START_TEST(test_midstream_off_ignores_a_syn_ack_first)
{
	make_table(false);
	ck_assert_uint_eq(srv(SYN | ACK, SISN, CNEXT, 0)->flow->tcp_state,
	    FLOW_TCP_NONE);
}
END_TEST

START_TEST(test_syn_from_the_guessed_server_swaps_the_ends)
{
	struct flow *f;
	struct packet *p;

	make_table(false);
	f = seg_ports(S4, 6000, C4, 5000, ACK, 1, 1)->flow;
	p = seg_ports(C4, 5000, S4, 6000, SYN, CISN, 0);
	ck_assert_ptr_eq(p->flow, f);
	ck_assert_uint_eq(p->flow_flags, PKT_FLOW_TO_SERVER);
	ck_assert_uint_eq(f->client_port, 5000);
	ck_assert_uint_eq(f->pkts[FLOW_DIR_TO_CLIENT], 1);
	ck_assert_uint_eq(f->pkts[FLOW_DIR_TO_SERVER], 1);
}
END_TEST

START_TEST(test_syn_on_a_closed_flow_starts_a_new_flow)
{
	struct flow *old = handshake();
	uint64_t old_id = old->flow_id;
	struct packet *p;

	srv(RST, SNEXT, 0, 0);
	p = cli(SYN, CISN + 100000, 0, 0);
	ck_assert_uint_ne(p->flow->flow_id, old_id);
	ck_assert_uint_eq(p->flow_flags, PKT_FLOW_TO_SERVER | PKT_FLOW_FIRST);
	ck_assert_uint_eq(p->flow->tcp_state, FLOW_TCP_SYN_SENT);
}
END_TEST

START_TEST(test_tcp_reuse_emits_the_old_flow_with_reason_tcp_reuse)
{
	struct flow_table_stats st;
	uint64_t old_id = handshake()->flow_id;

	srv(RST, SNEXT, 0, 0);
	cli(SYN, CISN + 100000, 0, 0);
	ck_assert_uint_eq(recs.n, 1);
	ck_assert_uint_eq(recs.r[0].flow_id, old_id);
	ck_assert_int_eq(recs.r[0].reason, FLOW_END_TCP_REUSE);
	flow_table_stats(t, &st);
	ck_assert_uint_eq(st.tcp_reuse, 1);
	ck_assert_uint_eq(st.active, 1);
}
END_TEST

START_TEST(test_packets_after_a_rst_keep_the_flow_closed)
{
	struct flow *f = handshake();

	srv(RST, SNEXT, 0, 0);
	cli(ACK, CNEXT, SNEXT, 10);
	ck_assert_int_eq(f->state, FLOW_STATE_CLOSED);
}
END_TEST

START_TEST(test_ipv6_handshake_establishes_the_flow)
{
	struct flow *f;

	f = flow_table_handle(t, tpkt_tcp(&tp, &(struct tseg){ .src = C6,
	    .sport = CPORT, .dst = S6, .dport = SPORT, .flags = SYN,
	    .seq = CISN, .sec = 1 }));
	flow_table_handle(t, tpkt_tcp(&tp, &(struct tseg){ .src = S6,
	    .sport = SPORT, .dst = C6, .dport = CPORT, .flags = SYN | ACK,
	    .seq = SISN, .ack = CNEXT, .sec = 1 }));
	flow_table_handle(t, tpkt_tcp(&tp, &(struct tseg){ .src = C6,
	    .sport = CPORT, .dst = S6, .dport = SPORT, .flags = ACK,
	    .seq = CNEXT, .ack = SNEXT, .sec = 1 }));
	ck_assert_int_eq(f->state, FLOW_STATE_ESTABLISHED);
	ck_assert_uint_eq(f->ip_version, 6);
}
END_TEST

START_TEST(test_tcp_state_names)
{
	ck_assert_str_eq(flow_tcp_state_name(FLOW_TCP_NONE), "none");
	ck_assert_str_eq(flow_tcp_state_name(FLOW_TCP_SYN_SENT), "syn_sent");
	ck_assert_str_eq(flow_tcp_state_name(FLOW_TCP_ESTABLISHED),
	    "established");
	ck_assert_str_eq(flow_tcp_state_name(FLOW_TCP_LAST_ACK), "last_ack");
	ck_assert_str_eq(flow_tcp_state_name(FLOW_TCP_CLOSED), "closed");
	ck_assert_str_eq(flow_tcp_state_name(200), "unknown");
}
END_TEST

Suite *
flow_tcp_state_suite(void)
{
	Suite *s = suite_create("flow_tcp_state");
	TCase *tc = tcase_create("tcp_state");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_syn_starts_a_new_flow_in_syn_sent);
	tcase_add_test(tc, test_syn_ack_is_to_client_in_syn_recv);
	tcase_add_test(tc, test_syn_ack_packet_is_not_established);
	tcase_add_test(tc, test_handshake_ack_packet_is_not_established);
	tcase_add_test(tc, test_syn_retransmission_is_not_established);
	tcase_add_test(tc, test_handshake_ack_establishes_the_flow);
	tcase_add_test(tc, test_data_after_handshake_is_established_to_server);
	tcase_add_test(tc, test_response_after_handshake_is_established_to_client);
	tcase_add_test(tc, test_syn_ack_not_acknowledging_the_syn_is_ignored);
	tcase_add_test(tc, test_handshake_ack_not_acknowledging_the_syn_ack_is_ignored);
	tcase_add_test(tc, test_one_fin_leaves_the_flow_established_in_fin_wait1);
	tcase_add_test(tc, test_acknowledged_fin_moves_to_fin_wait2);
	tcase_add_test(tc, test_fin_both_ways_closes_the_flow);
	tcase_add_test(tc, test_fins_crossing_close_the_flow_in_closing);
	tcase_add_test(tc, test_fin_carrying_data_is_acknowledged_past_the_data);
	tcase_add_test(tc, test_rst_from_server_closes_the_flow);
	tcase_add_test(tc, test_rst_inside_the_receivers_window_closes_the_flow);
	tcase_add_test(tc, test_rst_outside_the_window_is_ignored);
	tcase_add_test(tc, test_rst_answering_a_syn_closes_the_flow);
	tcase_add_test(tc, test_rst_answering_a_syn_without_acking_it_is_ignored);
	tcase_add_test(tc, test_window_scaling_widens_the_rst_window);
	tcase_add_test(tc, test_without_window_scaling_the_window_is_as_advertised);
	tcase_add_test(tc, test_syn_inside_an_open_connection_is_ignored);
	tcase_add_test(tc, test_midstream_pickup_is_established_at_once);
	tcase_add_test(tc, test_midstream_pickup_sets_the_midstream_flag);
	tcase_add_test(tc, test_midstream_pickup_is_counted);
	tcase_add_test(tc, test_midstream_off_keeps_the_flow_new);
	tcase_add_test(tc, test_midstream_off_packets_are_never_established);
	tcase_add_test(tc, test_midstream_off_a_later_handshake_is_tracked);
	tcase_add_test(tc, test_midstream_guess_makes_the_low_port_the_server);
	tcase_add_test(tc, test_midstream_guess_makes_the_non_ephemeral_port_the_server);
	tcase_add_test(tc, test_midstream_guess_without_a_hint_makes_the_sender_the_client);
	tcase_add_test(tc, test_midstream_syn_ack_makes_its_sender_the_server);
	tcase_add_test(tc, test_midstream_syn_ack_then_ack_establishes);
	tcase_add_test(tc, test_midstream_off_ignores_a_syn_ack_first);
	tcase_add_test(tc, test_syn_from_the_guessed_server_swaps_the_ends);
	tcase_add_test(tc, test_syn_on_a_closed_flow_starts_a_new_flow);
	tcase_add_test(tc, test_tcp_reuse_emits_the_old_flow_with_reason_tcp_reuse);
	tcase_add_test(tc, test_packets_after_a_rst_keep_the_flow_closed);
	tcase_add_test(tc, test_ipv6_handshake_establishes_the_flow);
	tcase_add_test(tc, test_tcp_state_names);
	suite_add_tcase(s, tc);
	return s;
}
