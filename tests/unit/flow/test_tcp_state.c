#include "core/base.h"

#include <check.h>

#include "core/packet.h"
#include "decode/events.h"
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

/* A new table t of cfg (the previous one freed). */
static void
make_table_cfg(const struct flow_table_config *cfg)
{
	flow_table_free(t);
	t = flow_table_new(cfg, NULL, 1);
	ck_assert_ptr_nonnull(t);
	flow_table_set_record(t, trec_emit, &recs);
}

static void
make_table(bool midstream)
{
	struct flow_table_config cfg;

	tflow_config(&cfg);
	cfg.midstream = midstream;
	make_table_cfg(&cfg);
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

/* The flow flags of p without TCP tracking's own (TCP_STREAM and
 * TCP_INVALID, tested on their own). */
static uint8_t
fl(const struct packet *p)
{
	return p->flow_flags & (uint8_t)~(PKT_FLOW_TCP_STREAM |
	    PKT_FLOW_TCP_INVALID);
}

static bool
has_event(const struct packet *p, enum decode_event ev)
{
	return decode_event_has(p->events, ev);
}

static uint8_t
os_linux(const void *arg, const struct ip_addr *a)
{
	(void)arg;
	(void)a;
	return FLOW_TCP_OS_LINUX;
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

	ck_assert_uint_eq(fl(p), PKT_FLOW_TO_SERVER | PKT_FLOW_FIRST);
	ck_assert_uint_eq(p->flow->tcp_state, FLOW_TCP_SYN_SENT);
	ck_assert_int_eq(p->flow->state, FLOW_STATE_NEW);
	/* a SYN carries nothing into the stream */
	ck_assert_uint_eq(p->flow_flags & PKT_FLOW_TCP_STREAM, 0);
}
END_TEST

/* Suricata's StreamTcpCheckFlowDrops: inline, the state machine stops
 * at a flow's drop (no more states, no more events); in IDS mode it
 * goes on */
START_TEST(test_inline_dropped_flow_stops_tracking)
{
	struct flow_table_config cfg;
	struct flow *f;
	struct packet *p;

	for (int inl = 0; inl < 2; inl++) {
		tflow_config(&cfg);
		cfg.tcp_inline = inl == 1;
		make_table_cfg(&cfg);
		f = handshake();
		ck_assert_uint_eq(f->tcp_state, FLOW_TCP_ESTABLISHED);
		f->flags |= FLOW_F_DROP;
		p = cli(FIN | ACK, CNEXT, SNEXT, 0);
		ck_assert_ptr_eq(p->flow, f);
		if (inl) {
			ck_assert_uint_eq(f->tcp_state, FLOW_TCP_ESTABLISHED);
			ck_assert_uint_eq(p->flow_flags & PKT_FLOW_TCP_STREAM,
			    0);
		} else
			ck_assert_uint_ne(f->tcp_state, FLOW_TCP_ESTABLISHED);
	}
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
	ck_assert_uint_eq(fl(srv(SYN | ACK, SISN, CNEXT, 0)),
	    PKT_FLOW_TO_CLIENT);
}
END_TEST

START_TEST(test_handshake_ack_packet_is_not_established)
{
	cli(SYN, CISN, 0, 0);
	srv(SYN | ACK, SISN, CNEXT, 0);
	ck_assert_uint_eq(fl(cli(ACK, CNEXT, SNEXT, 0)),
	    PKT_FLOW_TO_SERVER);
}
END_TEST

START_TEST(test_syn_retransmission_is_not_established)
{
	cli(SYN, CISN, 0, 0);
	ck_assert_uint_eq(fl(cli(SYN, CISN, 0, 0)), PKT_FLOW_TO_SERVER);
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

/* The session's TCP flags each way (eve tcp.tcp_flags_ts/_tc, as
 * Suricata's), and none for a flow the state machine does not follow. */
START_TEST(test_tcp_flags_are_kept_each_way)
{
	struct flow *f = handshake();

	cli(ACK | FIN, CNEXT, SNEXT, 0);
	ck_assert_uint_eq(f->tcp_peer[FLOW_DIR_TO_SERVER].tcp_flags, SYN | ACK | FIN);
	ck_assert_uint_eq(f->tcp_peer[FLOW_DIR_TO_CLIENT].tcp_flags, SYN | ACK);
	make_table(false);
	f = cli(ACK, 7000, 9000, 100)->flow;
	ck_assert_uint_eq(f->tcp_peer[FLOW_DIR_TO_SERVER].tcp_flags, 0);
}
END_TEST

START_TEST(test_data_after_handshake_is_established_to_server)
{
	struct packet *p;

	handshake();
	p = cli(ACK, CNEXT, SNEXT, 100);
	ck_assert_uint_eq(fl(p), PKT_FLOW_TO_SERVER | PKT_FLOW_ESTABLISHED);
	ck_assert_uint_eq(p->flow_flags & PKT_FLOW_TCP_STREAM,
	    PKT_FLOW_TCP_STREAM);
}
END_TEST

START_TEST(test_response_after_handshake_is_established_to_client)
{
	handshake();
	cli(ACK | PKT_TCP_PSH, CNEXT, SNEXT, 100);
	ck_assert_uint_eq(fl(srv(ACK, SNEXT, CNEXT + 100, 500)),
	    PKT_FLOW_TO_CLIENT | PKT_FLOW_ESTABLISHED);
}
END_TEST

START_TEST(test_syn_ack_not_acknowledging_the_syn_is_refused)
{
	struct flow *f = cli(SYN, CISN, 0, 0)->flow;
	struct packet *p = srv(SYN | ACK, SISN, CISN + 7, 0);

	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_SYN_SENT);
	ck_assert(has_event(p, DECODE_EV_STREAM_3WHS_SYNACK_WITH_WRONG_ACK));
	ck_assert_uint_eq(p->flow_flags & PKT_FLOW_TCP_INVALID,
	    PKT_FLOW_TCP_INVALID);
	ck_assert_uint_eq(ignored(), 1);
}
END_TEST

START_TEST(test_handshake_ack_with_a_wrong_ack_is_an_evasion_attempt)
{
	struct flow *f = cli(SYN, CISN, 0, 0)->flow;
	struct packet *p;

	srv(SYN | ACK, SISN, CNEXT, 0);
	p = cli(ACK, CNEXT, SISN + 1000, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_SYN_RECV);
	ck_assert(has_event(p, DECODE_EV_STREAM_3WHS_RIGHT_SEQ_WRONG_ACK_EVASION));
	ck_assert_uint_eq(ignored(), 1);
}
END_TEST

START_TEST(test_handshake_ack_with_wrong_seq_and_ack_is_refused)
{
	struct packet *p;

	cli(SYN, CISN, 0, 0);
	srv(SYN | ACK, SISN, CNEXT, 0);
	p = cli(ACK, CISN + 500000, SISN + 1000, 0);
	ck_assert(has_event(p, DECODE_EV_STREAM_3WHS_WRONG_SEQ_WRONG_ACK));
}
END_TEST

START_TEST(test_synack_from_the_client_is_in_the_wrong_direction)
{
	struct packet *p;

	cli(SYN, CISN, 0, 0);
	p = cli(SYN | ACK, CISN, 77, 0);
	ck_assert(has_event(p, DECODE_EV_STREAM_3WHS_SYNACK_IN_WRONG_DIRECTION));
}
END_TEST

START_TEST(test_synack_resent_with_another_ack_on_syn_recv)
{
	struct packet *p;

	cli(SYN, CISN, 0, 0);
	srv(SYN | ACK, SISN, CNEXT, 0);
	p = srv(SYN | ACK, SISN, CNEXT + 5, 0);
	ck_assert(has_event(p,
	    DECODE_EV_STREAM_3WHS_SYNACK_RESEND_WITH_DIFFERENT_ACK));
}
END_TEST

START_TEST(test_syn_answered_by_a_syn_is_a_four_way_handshake)
{
	struct flow *f = cli(SYN, CISN, 0, 0)->flow;

	srv(SYN, SISN, 0, 0);
	cli(SYN | ACK, CISN, SNEXT, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_SYN_RECV);
	srv(ACK, SNEXT, CNEXT, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_ESTABLISHED);
	ck_assert_uint_eq(f->tcp_flags & FLOW_TCP_SSN_4WHS, FLOW_TCP_SSN_4WHS);
}
END_TEST

/* Closing, in Suricata's state names (tcp_state.h): the client's FIN
 * makes CLOSE_WAIT, the server's then LAST_ACK, the last ACK CLOSED. */
START_TEST(test_client_fin_moves_to_close_wait)
{
	struct flow *f = handshake();

	cli(FIN | ACK, CNEXT, SNEXT, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_CLOSE_WAIT);
	ck_assert_int_eq(f->state, FLOW_STATE_ESTABLISHED);
	ck_assert(flow_tcp_past_time_wait(f));
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

START_TEST(test_server_fin_first_goes_through_fin_wait)
{
	struct flow *f = handshake();

	srv(FIN | ACK, SNEXT, CNEXT, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_FIN_WAIT1);
	ck_assert_int_eq(f->state, FLOW_STATE_ESTABLISHED);
	ck_assert(!flow_tcp_past_time_wait(f));
	cli(ACK, CNEXT, SNEXT + 1, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_FIN_WAIT2);
	cli(FIN | ACK, CNEXT, SNEXT + 1, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_TIME_WAIT);
	ck_assert_int_eq(f->state, FLOW_STATE_CLOSED);
	srv(ACK, SNEXT + 1, CNEXT + 1, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_CLOSED);
}
END_TEST

START_TEST(test_bare_fin_after_the_servers_moves_to_closing)
{
	struct flow *f = handshake();

	srv(FIN | ACK, SNEXT, CNEXT, 0);
	cli(FIN, CNEXT, 0, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_CLOSING);
	cli(ACK, CNEXT, SNEXT + 1, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_TIME_WAIT);
}
END_TEST

START_TEST(test_fin_out_of_window_is_refused)
{
	struct flow *f = handshake();
	struct packet *p = cli(FIN | ACK, CNEXT + 1000000, SNEXT, 0);

	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_ESTABLISHED);
	ck_assert(has_event(p, DECODE_EV_STREAM_FIN_OUT_OF_WINDOW));
}
END_TEST

START_TEST(test_syn_in_a_closing_state_is_a_shutdown_syn_resend)
{
	struct packet *p;

	handshake();
	cli(FIN | ACK, CNEXT, SNEXT, 0);
	p = cli(SYN, CISN, 0, 0);
	ck_assert(has_event(p, DECODE_EV_STREAM_SHUTDOWN_SYN_RESEND));
}
END_TEST

START_TEST(test_rst_from_server_closes_the_flow)
{
	struct flow *f = handshake();

	srv(RST, SNEXT, 0, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_CLOSED);
	ck_assert_int_eq(f->state, FLOW_STATE_CLOSED);
	ck_assert_uint_eq(f->tcp_flags & FLOW_TCP_SSN_CLOSED_BY_RST,
	    FLOW_TCP_SSN_CLOSED_BY_RST);
}
END_TEST

/* BSD (the default stack) takes a RST at exactly the next byte only */
START_TEST(test_bsd_refuses_a_rst_off_the_next_byte)
{
	struct flow *f = handshake();

	cli(RST, CNEXT + 30000, 0, 0);
	ck_assert_int_eq(f->state, FLOW_STATE_ESTABLISHED);
	ck_assert_uint_eq(ignored(), 1);
	cli(RST, CNEXT, 0, 0);
	ck_assert_int_eq(f->state, FLOW_STATE_CLOSED);
}
END_TEST

/* Linux takes one anywhere in the window */
START_TEST(test_linux_takes_a_rst_inside_the_window)
{
	struct flow *f;

	flow_table_set_tcp_host_os(t, os_linux, NULL);
	f = handshake();
	cli(RST, CNEXT + 30000, 0, 0);
	ck_assert_int_eq(f->state, FLOW_STATE_CLOSED);
}
END_TEST

START_TEST(test_linux_refuses_a_rst_outside_the_window)
{
	struct flow *f;

	flow_table_set_tcp_host_os(t, os_linux, NULL);
	f = handshake();
	cli(RST, CNEXT + 1000000, 0, 0);
	ck_assert_int_eq(f->state, FLOW_STATE_ESTABLISHED);
	ck_assert_uint_eq(ignored(), 1);
}
END_TEST

START_TEST(test_window_scaling_widens_the_rst_window)
{
	struct flow *f;

	flow_table_set_tcp_host_os(t, os_linux, NULL);
	f = handshake_ws(true);
	cli(RST, CNEXT + 100000, 0, 0);
	ck_assert_int_eq(f->state, FLOW_STATE_CLOSED);
}
END_TEST

START_TEST(test_without_window_scaling_the_window_is_as_advertised)
{
	struct flow *f;

	flow_table_set_tcp_host_os(t, os_linux, NULL);
	f = handshake_ws(false);
	cli(RST, CNEXT + 100000, 0, 0);
	ck_assert_int_eq(f->state, FLOW_STATE_ESTABLISHED);
}
END_TEST

START_TEST(test_rst_with_a_bad_ack_is_refused)
{
	struct packet *p;

	handshake();
	p = cli(RST | ACK, CNEXT, SNEXT + 500000, 0);
	ck_assert(has_event(p, DECODE_EV_STREAM_RST_INVALID_ACK));
	ck_assert_int_eq(p->flow->state, FLOW_STATE_ESTABLISHED);
}
END_TEST

START_TEST(test_rst_with_data_is_noted)
{
	struct packet *p;

	handshake();
	p = cli(RST | ACK, CNEXT, SNEXT, 10);
	ck_assert(has_event(p, DECODE_EV_STREAM_RST_WITH_DATA));
	ck_assert_int_eq(p->flow->state, FLOW_STATE_CLOSED);
}
END_TEST

START_TEST(test_rst_without_a_session)
{
	struct packet *p;

	make_table(false);
	p = cli(RST, 1, 0, 0);
	ck_assert(has_event(p, DECODE_EV_STREAM_RST_BUT_NO_SESSION));
}
END_TEST

START_TEST(test_fin_without_a_session)
{
	ck_assert(has_event(cli(FIN | ACK, 7000, 9000, 0),
	    DECODE_EV_STREAM_FIN_BUT_NO_SESSION));
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

/* After a RST the SYN_SENT client took, the server talking on means the
 * RST was not its own */
START_TEST(test_talking_on_after_a_rst_suspects_injection)
{
	struct packet *p;

	cli(SYN, CISN, 0, 0);
	srv(RST | ACK, 0, CNEXT, 0);
	p = srv(ACK, 1, CNEXT, 0);
	ck_assert(has_event(p, DECODE_EV_STREAM_SUSPECTED_RST_INJECT));
}
END_TEST

/* security-4710's capture: the client resets an open connection, then
 * sends its request anyway; Suricata 7.0.6 raises suspected_rst_inject
 * on that packet and goes on with the session. */
START_TEST(test_data_after_an_established_rst_suspects_injection)
{
	struct flow *f = handshake();
	struct packet *p;

	p = cli(RST | ACK, CNEXT, SNEXT, 0);
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_CLOSED);
	ck_assert(!has_event(p, DECODE_EV_STREAM_SUSPECTED_RST_INJECT));
	p = cli(ACK, CNEXT, SNEXT, 10);
	ck_assert(has_event(p, DECODE_EV_STREAM_SUSPECTED_RST_INJECT));
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_ESTABLISHED);
	ck_assert_uint_eq(p->flow_flags & PKT_FLOW_TCP_STREAM,
	    PKT_FLOW_TCP_STREAM);
	p = cli(ACK, CNEXT + 10, SNEXT, 10);
	ck_assert(!has_event(p, DECODE_EV_STREAM_SUSPECTED_RST_INJECT));
}
END_TEST

START_TEST(test_syn_inside_an_open_connection_is_a_resend)
{
	struct flow *f = handshake();
	struct packet *p = cli(SYN, CISN + 5, 0, 0);

	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_ESTABLISHED);
	ck_assert(has_event(p, DECODE_EV_STREAM_EST_SYN_RESEND_DIFF_SEQ));
	ck_assert_uint_eq(ignored(), 1);
	p = cli(SYN, CISN, 0, 0);
	ck_assert(has_event(p, DECODE_EV_STREAM_EST_SYN_RESEND));
}
END_TEST

/* Suricata's ESTABLISHED handler refuses such a segment for the stream
 * but does not make it a stream error (no drop-invalid drop) */
START_TEST(test_data_beyond_the_window_is_not_reassembled)
{
	struct packet *p;

	handshake();
	p = cli(ACK, CNEXT + 70000, SNEXT, 10);
	ck_assert(has_event(p, DECODE_EV_STREAM_EST_PACKET_OUT_OF_WINDOW));
	ck_assert_uint_eq(p->flow_flags & (PKT_FLOW_TCP_STREAM |
	    PKT_FLOW_TCP_INVALID), 0);
}
END_TEST

START_TEST(test_ack_of_unsent_data_is_invalid)
{
	struct packet *p;

	handshake();
	p = cli(ACK, CNEXT, SNEXT + 200000, 0);
	ck_assert(has_event(p, DECODE_EV_STREAM_EST_INVALID_ACK));
	ck_assert(has_event(p, DECODE_EV_STREAM_PKT_INVALID_ACK));
}
END_TEST

START_TEST(test_data_before_the_last_ack)
{
	struct packet *p;

	handshake();
	cli(ACK, CNEXT, SNEXT, 100);
	srv(ACK, SNEXT, CNEXT + 100, 0);
	p = cli(ACK, CNEXT, SNEXT, 50);
	ck_assert(has_event(p, DECODE_EV_STREAM_PKT_SPURIOUS_RETRANSMISSION));
	ck_assert(has_event(p, DECODE_EV_STREAM_EST_PKT_BEFORE_LAST_ACK));
}
END_TEST

START_TEST(test_keepalive_changes_nothing)
{
	struct packet *p;

	handshake();
	cli(ACK, CNEXT, SNEXT, 100);
	p = cli(ACK, CNEXT + 99, SNEXT, 0);
	ck_assert_uint_eq(p->flow_flags & PKT_FLOW_TCP_STREAM, 0);
	ck_assert(!decode_event_any(p->events));
	ck_assert_uint_eq(p->flow->tcp_peer[FLOW_DIR_TO_SERVER].flags &
	    FLOW_TCP_PEER_KEEPALIVE, FLOW_TCP_PEER_KEEPALIVE);
}
END_TEST

START_TEST(test_ack_without_the_flag_is_broken)
{
	struct packet *p;

	handshake();
	p = cli(PKT_TCP_PSH, CNEXT, 1234, 0);
	ck_assert(has_event(p, DECODE_EV_STREAM_PKT_BROKEN_ACK));
}
END_TEST

/* Timestamps: both sides offered them; one going back is refused */
START_TEST(test_timestamp_going_back_is_invalid)
{
	struct flow *f;
	struct packet *p;

	f = flow_table_handle(t, tpkt_tcp(&tp, &(struct tseg){ .src = C4,
	    .sport = CPORT, .dst = S4, .dport = SPORT, .flags = SYN,
	    .seq = CISN, .ts = true, .tsval = 100, .sec = 1 }));
	flow_table_handle(t, tpkt_tcp(&tp, &(struct tseg){ .src = S4,
	    .sport = SPORT, .dst = C4, .dport = CPORT, .flags = SYN | ACK,
	    .seq = SISN, .ack = CNEXT, .ts = true, .tsval = 500, .tsecr = 100,
	    .sec = 1 }));
	flow_table_handle(t, tpkt_tcp(&tp, &(struct tseg){ .src = C4,
	    .sport = CPORT, .dst = S4, .dport = SPORT, .flags = ACK,
	    .seq = CNEXT, .ack = SNEXT, .ts = true, .tsval = 110, .tsecr = 500,
	    .sec = 1 }));
	ck_assert_uint_eq(f->tcp_flags & FLOW_TCP_SSN_TIMESTAMP,
	    FLOW_TCP_SSN_TIMESTAMP);
	p = tpkt_tcp(&tp, &(struct tseg){ .src = C4, .sport = CPORT,
	    .dst = S4, .dport = SPORT, .flags = ACK, .seq = CNEXT,
	    .ack = SNEXT, .len = 10, .ts = true, .tsval = 50, .tsecr = 500,
	    .sec = 1 });
	flow_table_handle(t, p);
	ck_assert(has_event(p, DECODE_EV_STREAM_PKT_INVALID_TIMESTAMP));
	ck_assert_uint_eq(p->flow_flags & PKT_FLOW_TCP_INVALID,
	    PKT_FLOW_TCP_INVALID);
}
END_TEST

/* The SYN queue (stream.max-syn-queued): a SYN resent with another
 * TSval, a SYN/ACK echoing the first (suricata-verify bug-6269) */
static struct packet *
syn_ts(uint32_t tsval)
{
	return tpkt_tcp(&tp, &(struct tseg){ .src = C4, .sport = CPORT,
	    .dst = S4, .dport = SPORT, .flags = SYN, .seq = CISN, .ts = true,
	    .tsval = tsval, .sec = 1 });
}

static struct packet *
synack_echo(uint32_t tsecr)
{
	return tpkt_tcp(&tp, &(struct tseg){ .src = S4, .sport = SPORT,
	    .dst = C4, .dport = CPORT, .flags = SYN | ACK, .seq = SISN,
	    .ack = CNEXT, .ts = true, .tsval = 500, .tsecr = tsecr,
	    .sec = 1 });
}

START_TEST(test_synack_to_an_earlier_resent_syn_is_taken)
{
	struct flow *f;
	struct packet *p;

	f = flow_table_handle(t, syn_ts(100));
	flow_table_handle(t, syn_ts(200));
	ck_assert_uint_eq(f->tcp_peer[FLOW_DIR_TO_SERVER].last_ts, 200);
	ck_assert_ptr_nonnull(f->tcp_synq);
	p = synack_echo(100);
	flow_table_handle(t, p);
	ck_assert(!has_event(p, DECODE_EV_STREAM_PKT_INVALID_TIMESTAMP));
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_SYN_RECV);
	/* the session is the answered SYN's, the queue gone */
	ck_assert_uint_eq(f->tcp_peer[FLOW_DIR_TO_SERVER].last_ts, 100);
	ck_assert_ptr_null(f->tcp_synq);
}
END_TEST

START_TEST(test_synack_to_the_latest_resent_syn_is_taken)
{
	struct flow *f;

	f = flow_table_handle(t, syn_ts(100));
	flow_table_handle(t, syn_ts(200));
	flow_table_handle(t, synack_echo(200));
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_SYN_RECV);
	ck_assert_uint_eq(f->tcp_peer[FLOW_DIR_TO_SERVER].last_ts, 200);
}
END_TEST

START_TEST(test_synack_echoing_no_syn_sent_is_refused)
{
	struct flow *f;
	struct packet *p;

	f = flow_table_handle(t, syn_ts(100));
	flow_table_handle(t, syn_ts(200));
	p = synack_echo(300);
	flow_table_handle(t, p);
	ck_assert(has_event(p, DECODE_EV_STREAM_PKT_INVALID_TIMESTAMP));
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_SYN_SENT);
}
END_TEST

START_TEST(test_syn_resent_past_max_syn_queued_is_a_syn_flood)
{
	struct flow_table_config cfg;
	struct packet *p;
	struct flow *f;

	tflow_config(&cfg);
	cfg.tcp_max_syn_queued = 2;
	flow_table_free(t);
	t = flow_table_new(&cfg, NULL, 1);
	ck_assert_ptr_nonnull(t);
	f = flow_table_handle(t, syn_ts(100));
	flow_table_handle(t, syn_ts(200));
	flow_table_handle(t, syn_ts(300));
	/* the same SYN again is a plain retransmission */
	p = syn_ts(300);
	flow_table_handle(t, p);
	ck_assert(!has_event(p, DECODE_EV_STREAM_3WHS_SYN_FLOOD));
	/* 100 and 200 are queued: a third state has no room */
	p = syn_ts(400);
	flow_table_handle(t, p);
	ck_assert(has_event(p, DECODE_EV_STREAM_3WHS_SYN_FLOOD));
	ck_assert_uint_eq(p->flow_flags & PKT_FLOW_TCP_INVALID,
	    PKT_FLOW_TCP_INVALID);
	ck_assert_uint_eq(f->tcp_peer[FLOW_DIR_TO_SERVER].last_ts, 300);
	flow_table_handle(t, synack_echo(100));
	ck_assert_uint_eq(f->tcp_state, FLOW_TCP_SYN_RECV);
}
END_TEST

/* liberal-timestamps (the default) takes one a tick behind */
START_TEST(test_timestamp_one_behind_is_liberal)
{
	struct packet *p;

	flow_table_handle(t, tpkt_tcp(&tp, &(struct tseg){ .src = C4,
	    .sport = CPORT, .dst = S4, .dport = SPORT, .flags = SYN,
	    .seq = CISN, .ts = true, .tsval = 100, .sec = 1 }));
	flow_table_handle(t, tpkt_tcp(&tp, &(struct tseg){ .src = S4,
	    .sport = SPORT, .dst = C4, .dport = CPORT, .flags = SYN | ACK,
	    .seq = SISN, .ack = CNEXT, .ts = true, .tsval = 500, .tsecr = 100,
	    .sec = 1 }));
	flow_table_handle(t, tpkt_tcp(&tp, &(struct tseg){ .src = C4,
	    .sport = CPORT, .dst = S4, .dport = SPORT, .flags = ACK,
	    .seq = CNEXT, .ack = SNEXT, .ts = true, .tsval = 110, .tsecr = 500,
	    .sec = 1 }));
	p = tpkt_tcp(&tp, &(struct tseg){ .src = C4, .sport = CPORT,
	    .dst = S4, .dport = SPORT, .flags = ACK, .seq = CNEXT,
	    .ack = SNEXT, .len = 10, .ts = true, .tsval = 109, .tsecr = 500,
	    .sec = 1 });
	flow_table_handle(t, p);
	ck_assert(!has_event(p, DECODE_EV_STREAM_PKT_INVALID_TIMESTAMP));
}
END_TEST

/* The flow is established at once, its first packet is not (Suricata
 * 7.0.6 with stream.midstream on iponly-midstream-01's capture); the
 * next one is. */
START_TEST(test_midstream_pickup_is_established_at_once)
{
	struct packet *p = cli(ACK, 7000, 9000, 100);

	/* the pickup's packet is the midstream exception's */
	ck_assert_uint_eq(fl(p), PKT_FLOW_TO_SERVER | PKT_FLOW_FIRST |
	    PKT_FLOW_TCP_MIDSTREAM);
	ck_assert_uint_eq(p->flow->tcp_state, FLOW_TCP_ESTABLISHED);
	ck_assert_int_eq(p->flow->state, FLOW_STATE_ESTABLISHED);
	ck_assert_uint_eq(p->flow_flags & PKT_FLOW_TCP_STREAM,
	    PKT_FLOW_TCP_STREAM);
	ck_assert_uint_eq(fl(cli(ACK, 7100, 9000, 100)),
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

/* picked up from the server's side, the client's answer is taken */
START_TEST(test_midstream_pickup_from_the_server_side)
{
	struct packet *p = srv(ACK, 9000, 7000, 100);

	ck_assert_uint_eq(p->flow->tcp_state, FLOW_TCP_ESTABLISHED);
	p = cli(ACK, 7000, 9100, 20);
	ck_assert_uint_eq(p->flow_flags & (PKT_FLOW_TCP_STREAM |
	    PKT_FLOW_TCP_INVALID), PKT_FLOW_TCP_STREAM);
	p = srv(ACK, 9100, 7020, 100);
	ck_assert_uint_eq(p->flow_flags & (PKT_FLOW_TCP_STREAM |
	    PKT_FLOW_TCP_INVALID), PKT_FLOW_TCP_STREAM);
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
	ck_assert_uint_eq(p->flow_flags & PKT_FLOW_TCP_STREAM, 0);
}
END_TEST

START_TEST(test_midstream_off_packets_are_never_established)
{
	make_table(false);
	cli(ACK, 7000, 9000, 100);
	ck_assert_uint_eq(fl(srv(ACK, 9000, 7100, 10)), PKT_FLOW_TO_CLIENT);
}
END_TEST

START_TEST(test_midstream_off_a_later_handshake_is_tracked)
{
	struct flow *f;

	make_table(false);
	cli(ACK, 7000, 9000, 100);
	f = cli(SYN, CISN, 0, 0)->flow;
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

/* Suricata guesses a flow's direction only where it picks the session
 * up: without midstream (or async-oneside), or with a midstream policy
 * that drops, a SYN/ACK or an ACK first leaves its sender the client */
START_TEST(test_flow_not_picked_up_keeps_its_first_packets_direction)
{
	struct flow_table_config cfg;
	struct packet *p;

	make_table(false);
	p = srv(SYN | ACK, SISN, CNEXT, 0);
	ck_assert_uint_eq(fl(p), PKT_FLOW_TO_SERVER | PKT_FLOW_FIRST);
	ck_assert_uint_eq(p->flow->tcp_state, FLOW_TCP_NONE);
	ck_assert_mem_eq(&p->flow->client, &p->src, sizeof(p->src));
	p = seg_ports(S4, 81, C4, 40001, ACK, 1, 1);
	ck_assert_uint_eq(fl(p), PKT_FLOW_TO_SERVER | PKT_FLOW_FIRST);

	tflow_config(&cfg);
	cfg.midstream = false;
	cfg.async_oneside = true;
	cfg.tcp_midstream_drops = true;
	make_table_cfg(&cfg);
	p = srv(SYN | ACK, SISN, CNEXT, 0);
	ck_assert_uint_eq(fl(p), PKT_FLOW_TO_SERVER | PKT_FLOW_FIRST);
	ck_assert_uint_eq(p->flow->tcp_state, FLOW_TCP_NONE);
	/* a policy that keeps the flow: async-oneside picks it up */
	cfg.tcp_midstream_drops = false;
	make_table_cfg(&cfg);
	p = srv(SYN | ACK, SISN, CNEXT, 0);
	ck_assert_uint_eq(fl(p), PKT_FLOW_TO_CLIENT | PKT_FLOW_FIRST |
	    PKT_FLOW_TCP_MIDSTREAM);
	ck_assert_uint_eq(p->flow->tcp_state, FLOW_TCP_SYN_RECV);
}
END_TEST

START_TEST(test_midstream_syn_ack_makes_its_sender_the_server)
{
	struct packet *p = srv(SYN | ACK, SISN, CNEXT, 0);

	ck_assert_uint_eq(fl(p), PKT_FLOW_TO_CLIENT | PKT_FLOW_FIRST |
	    PKT_FLOW_TCP_MIDSTREAM);
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

/* Suricata's TcpSessionPacketSsnReuse: a SYN on a flow never tracked
 * starts a new one, whichever end sends it */
START_TEST(test_syn_on_an_untracked_flow_starts_a_new_flow)
{
	struct flow *f;
	struct packet *p;
	uint64_t id;

	make_table(false);
	f = seg_ports(S4, 6000, C4, 5000, ACK, 1, 1)->flow;
	id = f->flow_id;
	p = seg_ports(C4, 5000, S4, 6000, SYN, CISN, 0);
	ck_assert_uint_ne(p->flow->flow_id, id);
	ck_assert_uint_eq(fl(p), PKT_FLOW_TO_SERVER | PKT_FLOW_FIRST);
	ck_assert_uint_eq(p->flow->client_port, 5000);
	ck_assert_uint_eq(recs.n, 1);
	ck_assert_int_eq(recs.r[0].reason, FLOW_END_TCP_REUSE);
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
	ck_assert_uint_eq(fl(p), PKT_FLOW_TO_SERVER | PKT_FLOW_FIRST);
	ck_assert_uint_eq(p->flow->tcp_state, FLOW_TCP_SYN_SENT);
}
END_TEST

START_TEST(test_syn_retransmitted_on_a_closed_flow_is_not_reuse)
{
	struct flow *f = cli(SYN, CISN, 0, 0)->flow;
	uint64_t id = f->flow_id;

	srv(RST | ACK, 0, CNEXT, 0);
	ck_assert_uint_eq(cli(SYN, CISN, 0, 0)->flow->flow_id, id);
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
	ck_assert_str_eq(flow_tcp_state_name(FLOW_TCP_CLOSE_WAIT),
	    "close_wait");
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
	tcase_add_test(tc, test_inline_dropped_flow_stops_tracking);
	tcase_add_test(tc, test_syn_ack_packet_is_not_established);
	tcase_add_test(tc, test_handshake_ack_packet_is_not_established);
	tcase_add_test(tc, test_syn_retransmission_is_not_established);
	tcase_add_test(tc, test_handshake_ack_establishes_the_flow);
	tcase_add_test(tc, test_data_after_handshake_is_established_to_server);
	tcase_add_test(tc, test_response_after_handshake_is_established_to_client);
	tcase_add_test(tc, test_syn_ack_not_acknowledging_the_syn_is_refused);
	tcase_add_test(tc, test_handshake_ack_with_a_wrong_ack_is_an_evasion_attempt);
	tcase_add_test(tc, test_handshake_ack_with_wrong_seq_and_ack_is_refused);
	tcase_add_test(tc, test_synack_from_the_client_is_in_the_wrong_direction);
	tcase_add_test(tc, test_synack_resent_with_another_ack_on_syn_recv);
	tcase_add_test(tc, test_syn_answered_by_a_syn_is_a_four_way_handshake);
	tcase_add_test(tc, test_client_fin_moves_to_close_wait);
	tcase_add_test(tc, test_fin_both_ways_closes_the_flow);
	tcase_add_test(tc, test_server_fin_first_goes_through_fin_wait);
	tcase_add_test(tc, test_bare_fin_after_the_servers_moves_to_closing);
	tcase_add_test(tc, test_fin_out_of_window_is_refused);
	tcase_add_test(tc, test_syn_in_a_closing_state_is_a_shutdown_syn_resend);
	tcase_add_test(tc, test_rst_from_server_closes_the_flow);
	tcase_add_test(tc, test_bsd_refuses_a_rst_off_the_next_byte);
	tcase_add_test(tc, test_linux_takes_a_rst_inside_the_window);
	tcase_add_test(tc, test_linux_refuses_a_rst_outside_the_window);
	tcase_add_test(tc, test_window_scaling_widens_the_rst_window);
	tcase_add_test(tc, test_without_window_scaling_the_window_is_as_advertised);
	tcase_add_test(tc, test_rst_with_a_bad_ack_is_refused);
	tcase_add_test(tc, test_rst_with_data_is_noted);
	tcase_add_test(tc, test_rst_without_a_session);
	tcase_add_test(tc, test_fin_without_a_session);
	tcase_add_test(tc, test_rst_answering_a_syn_closes_the_flow);
	tcase_add_test(tc, test_rst_answering_a_syn_without_acking_it_is_ignored);
	tcase_add_test(tc, test_talking_on_after_a_rst_suspects_injection);
	tcase_add_test(tc, test_data_after_an_established_rst_suspects_injection);
	tcase_add_test(tc, test_syn_inside_an_open_connection_is_a_resend);
	tcase_add_test(tc, test_data_beyond_the_window_is_not_reassembled);
	tcase_add_test(tc, test_ack_of_unsent_data_is_invalid);
	tcase_add_test(tc, test_data_before_the_last_ack);
	tcase_add_test(tc, test_keepalive_changes_nothing);
	tcase_add_test(tc, test_ack_without_the_flag_is_broken);
	tcase_add_test(tc, test_timestamp_going_back_is_invalid);
	tcase_add_test(tc, test_timestamp_one_behind_is_liberal);
	tcase_add_test(tc, test_synack_to_an_earlier_resent_syn_is_taken);
	tcase_add_test(tc, test_synack_to_the_latest_resent_syn_is_taken);
	tcase_add_test(tc, test_synack_echoing_no_syn_sent_is_refused);
	tcase_add_test(tc, test_syn_resent_past_max_syn_queued_is_a_syn_flood);
	tcase_add_test(tc, test_midstream_pickup_is_established_at_once);
	tcase_add_test(tc, test_midstream_pickup_sets_the_midstream_flag);
	tcase_add_test(tc, test_midstream_pickup_is_counted);
	tcase_add_test(tc, test_midstream_pickup_from_the_server_side);
	tcase_add_test(tc, test_midstream_off_keeps_the_flow_new);
	tcase_add_test(tc, test_tcp_flags_are_kept_each_way);
	tcase_add_test(tc, test_midstream_off_packets_are_never_established);
	tcase_add_test(tc, test_midstream_off_a_later_handshake_is_tracked);
	tcase_add_test(tc, test_midstream_guess_makes_the_low_port_the_server);
	tcase_add_test(tc, test_midstream_guess_makes_the_non_ephemeral_port_the_server);
	tcase_add_test(tc, test_midstream_guess_without_a_hint_makes_the_sender_the_client);
	tcase_add_test(tc, test_midstream_syn_ack_makes_its_sender_the_server);
	tcase_add_test(tc, test_flow_not_picked_up_keeps_its_first_packets_direction);
	tcase_add_test(tc, test_midstream_syn_ack_then_ack_establishes);
	tcase_add_test(tc, test_midstream_off_ignores_a_syn_ack_first);
	tcase_add_test(tc, test_syn_on_an_untracked_flow_starts_a_new_flow);
	tcase_add_test(tc, test_syn_on_a_closed_flow_starts_a_new_flow);
	tcase_add_test(tc, test_syn_retransmitted_on_a_closed_flow_is_not_reuse);
	tcase_add_test(tc, test_tcp_reuse_emits_the_old_flow_with_reason_tcp_reuse);
	tcase_add_test(tc, test_packets_after_a_rst_keep_the_flow_closed);
	tcase_add_test(tc, test_ipv6_handshake_establishes_the_flow);
	tcase_add_test(tc, test_tcp_state_names);
	suite_add_tcase(s, tc);
	return s;
}
