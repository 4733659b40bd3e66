#include "core/base.h"

#include <arpa/inet.h>
#include <netinet/in.h>

#include <check.h>

#include "core/packet.h"
#include "flow/config.h"
#include "flow/flow.h"
#include "flow/table.h"

#include "fixture.h"
#include "pkt.h"
#include "suites.h"

static struct flow_table *t;
static struct trec_log recs;

static void
setup(void)
{
	struct flow_table_config cfg;

	tflow_config(&cfg);
	t = flow_table_new(&cfg, tvars_free, 1);
	ck_assert_ptr_nonnull(t);
	memset(&recs, 0, sizeof(recs));
	recs.table = t;
	tvars_freed = 0;
}

static void
teardown(void)
{
	flow_table_free(t);
	t = NULL;
}

static struct flow *
udp(const char *src, uint16_t sport, const char *dst, uint16_t dport,
    time_t sec)
{
	struct tpkt tp;

	return flow_table_handle(t, tpkt_udp(&tp, src, sport, dst, dport, 10,
	    sec));
}

static uint8_t
udp_flags(const char *src, uint16_t sport, const char *dst, uint16_t dport)
{
	struct tpkt tp;
	struct packet *p = tpkt_udp(&tp, src, sport, dst, dport, 10, 1);

	flow_table_handle(t, p);
	return p->flow_flags;
}

START_TEST(test_reply_maps_to_the_request_flow)
{
	struct flow *req = udp(C4, 5353, S4, 53, 1);

	ck_assert_ptr_nonnull(req);
	ck_assert_ptr_eq(udp(S4, 53, C4, 5353, 1), req);
}
END_TEST

START_TEST(test_handle_sets_packet_flow_pointer)
{
	struct tpkt tp;
	struct packet *p = tpkt_udp(&tp, C4, 5353, S4, 53, 10, 1);
	struct flow *f = flow_table_handle(t, p);

	ck_assert_ptr_eq(p->flow, f);
}
END_TEST

START_TEST(test_first_packet_is_to_server_and_first)
{
	ck_assert_uint_eq(udp_flags(C4, 5353, S4, 53),
	    PKT_FLOW_TO_SERVER | PKT_FLOW_FIRST);
}
END_TEST

START_TEST(test_reply_is_to_client_and_established)
{
	udp(C4, 5353, S4, 53, 1);
	ck_assert_uint_eq(udp_flags(S4, 53, C4, 5353),
	    PKT_FLOW_TO_CLIENT | PKT_FLOW_ESTABLISHED);
}
END_TEST

START_TEST(test_second_packet_same_way_is_not_first_nor_established)
{
	udp(C4, 5353, S4, 53, 1);
	ck_assert_uint_eq(udp_flags(C4, 5353, S4, 53), PKT_FLOW_TO_SERVER);
}
END_TEST

START_TEST(test_flow_key_is_the_initiators_view)
{
	struct flow *f;
	struct flow expect;

	udp(C4, 5353, S4, 53, 1);
	f = udp(S4, 53, C4, 5353, 2);
	memset(&expect, 0, sizeof(expect));
	ck_assert_int_eq(inet_pton(AF_INET, C4, &expect.client.u.v4), 1);
	ck_assert_int_eq(inet_pton(AF_INET, S4, &expect.server.u.v4), 1);
	ck_assert_uint_eq(f->client.u.v4, expect.client.u.v4);
	ck_assert_uint_eq(f->server.u.v4, expect.server.u.v4);
	ck_assert_uint_eq(f->client_port, 5353);
	ck_assert_uint_eq(f->server_port, 53);
	ck_assert_uint_eq(f->proto, IPPROTO_UDP);
	ck_assert_uint_eq(f->ip_version, 4);
}
END_TEST

START_TEST(test_udp_flow_becomes_established_with_a_reply)
{
	struct flow *f = udp(C4, 5353, S4, 53, 1);

	ck_assert_int_eq(f->state, FLOW_STATE_NEW);
	udp(S4, 53, C4, 5353, 1);
	ck_assert_int_eq(f->state, FLOW_STATE_ESTABLISHED);
}
END_TEST

START_TEST(test_packets_and_bytes_counted_per_direction)
{
	struct tpkt tp;
	struct flow *f;

	f = flow_table_handle(t, tpkt_udp(&tp, C4, 5353, S4, 53, 10, 1));
	flow_table_handle(t, tpkt_udp(&tp, C4, 5353, S4, 53, 20, 1));
	flow_table_handle(t, tpkt_udp(&tp, S4, 53, C4, 5353, 100, 1));
	ck_assert_uint_eq(f->pkts[FLOW_DIR_TO_SERVER], 2);
	ck_assert_uint_eq(f->pkts[FLOW_DIR_TO_CLIENT], 1);
	ck_assert_uint_eq(f->bytes[FLOW_DIR_TO_SERVER], 28 + 10 + 28 + 20);
	ck_assert_uint_eq(f->bytes[FLOW_DIR_TO_CLIENT], 28 + 100);
}
END_TEST

START_TEST(test_first_and_last_timestamps_follow_packets)
{
	struct flow *f = udp(C4, 5353, S4, 53, 100);

	udp(S4, 53, C4, 5353, 107);
	ck_assert_int_eq(f->first_ts.tv_sec, 100);
	ck_assert_int_eq(f->last_ts.tv_sec, 107);
}
END_TEST

START_TEST(test_different_ports_make_different_flows)
{
	ck_assert_ptr_ne(udp(C4, 5353, S4, 53, 1), udp(C4, 5354, S4, 53, 1));
}
END_TEST

START_TEST(test_same_ports_other_protocol_make_different_flows)
{
	struct tpkt tp;
	struct flow *u = udp(C4, 40000, S4, 80, 1);
	struct flow *tc = flow_table_handle(t, tpkt_tcp(&tp, &(struct tseg){
	    .src = C4, .sport = 40000, .dst = S4, .dport = 80,
	    .flags = PKT_TCP_SYN, .seq = 1, .sec = 1 }));

	ck_assert_ptr_ne(u, tc);
}
END_TEST

START_TEST(test_undecoded_packet_gets_no_flow)
{
	struct flow_table_stats st;
	struct packet p;

	memset(&p, 0, sizeof(p));
	p.flow_flags = 0xff;
	ck_assert_ptr_null(flow_table_handle(t, &p));
	ck_assert_ptr_null(p.flow);
	ck_assert_uint_eq(p.flow_flags, 0);
	flow_table_stats(t, &st);
	ck_assert_uint_eq(st.no_flow_undecoded, 1);
	ck_assert_uint_eq(st.created, 0);
}
END_TEST

START_TEST(test_icmp_echo_request_and_reply_share_a_flow)
{
	struct tpkt tp;
	struct flow *f = flow_table_handle(t, tpkt_icmp(&tp, C4, S4, 8, 7, 1));
	struct packet *p = tpkt_icmp(&tp, S4, C4, 0, 7, 1);

	ck_assert_ptr_eq(flow_table_handle(t, p), f);
	ck_assert_uint_eq(p->flow_flags,
	    PKT_FLOW_TO_CLIENT | PKT_FLOW_ESTABLISHED);
	ck_assert_uint_eq(f->client_port, 7);
	ck_assert_uint_eq(f->icmp_type[FLOW_DIR_TO_SERVER], 8);
	ck_assert_uint_eq(f->icmp_type[FLOW_DIR_TO_CLIENT], 0);
}
END_TEST

/* Suricata keys ICMP flows by addresses and the type pair, not by the
 * echo id: two pings between the same hosts are one flow. */
START_TEST(test_icmp_echo_ids_share_a_flow)
{
	struct tpkt tp;
	struct flow *a = flow_table_handle(t, tpkt_icmp(&tp, C4, S4, 8, 7, 1));
	struct flow *b = flow_table_handle(t, tpkt_icmp(&tp, C4, S4, 8, 8, 1));

	ck_assert_ptr_eq(a, b);
	ck_assert_uint_eq(a->pkts[FLOW_DIR_TO_SERVER], 2);
}
END_TEST

/* ... and by orientation: a request the other way round, or a reply
 * in the request's direction, is another flow */
START_TEST(test_icmp_request_the_other_way_is_another_flow)
{
	struct tpkt tp;
	struct flow *a = flow_table_handle(t, tpkt_icmp(&tp, C4, S4, 8, 7, 1));

	ck_assert_ptr_ne(flow_table_handle(t, tpkt_icmp(&tp, S4, C4, 8, 7, 1)),
	    a);
	ck_assert_ptr_ne(flow_table_handle(t, tpkt_icmp(&tp, C4, S4, 0, 7, 1)),
	    a);
	ck_assert_ptr_eq(flow_table_handle(t, tpkt_icmp(&tp, S4, C4, 0, 7, 1)),
	    a);
}
END_TEST

START_TEST(test_icmp_echo_reply_seen_first_opens_a_flow_of_its_sender)
{
	struct tpkt tp;
	struct packet *p = tpkt_icmp(&tp, S4, C4, 0, 7, 1);
	struct flow *f = flow_table_handle(t, p);

	ck_assert_uint_eq(p->flow_flags, PKT_FLOW_TO_SERVER | PKT_FLOW_FIRST);
	ck_assert_mem_eq(&f->client, &p->src, sizeof(f->client));
	ck_assert_uint_eq(f->icmp_type[FLOW_DIR_TO_SERVER], 0);
}
END_TEST

/* Suricata's FlowCreateCheck: an ICMPv4 error never opens a flow */
START_TEST(test_icmp_error_opens_no_flow)
{
	static const uint8_t short_quote[8] = { 0x45 };
	struct tpkt tp;
	struct flow_table_stats st;
	struct packet *p;

	flow_table_handle(t, tpkt_icmp(&tp, C4, S4, 8, 0, 1));
	p = tpkt_icmp_quote(&tp, S4, C4, 3, 3, short_quote,
	    sizeof(short_quote), 1);
	ck_assert_ptr_null(flow_table_handle(t, p));
	ck_assert_uint_eq(p->flow_flags, 0);
	ck_assert_ptr_null(flow_table_handle(t, tpkt_icmp(&tp, S4, C4, 11, 0,
	    1)));
	flow_table_stats(t, &st);
	ck_assert_uint_eq(st.created, 1);
}
END_TEST

/* A port unreachable quoting a UDP datagram of a flow belongs to that
 * flow (Suricata's FlowCompareICMPv4), to the client, without making
 * the flow established; one quoting a datagram of no known flow, or a
 * TCP header cut short, belongs to none */
START_TEST(test_icmp_unreachable_joins_the_quoted_flow)
{
	struct tpkt tu, tp;
	struct flow *f = flow_table_handle(t, tpkt_udp(&tu, C4, 5353, S4, 53,
	    10, 1));
	struct packet *p = tpkt_icmp_quote(&tp, S4, C4, 3, 3, tu.b, 28, 2);

	ck_assert(p->icmp_emb_valid);
	ck_assert_ptr_eq(flow_table_handle(t, p), f);
	ck_assert_uint_eq(p->flow_flags, PKT_FLOW_TO_CLIENT);
	ck_assert_uint_eq(f->pkts[FLOW_DIR_TO_CLIENT], 1);
	ck_assert_int_eq(f->state, FLOW_STATE_NEW);
	ck_assert_uint_eq(f->last_ts.tv_sec, 2);
	/* from a router on the way: to the client as well */
	p = tpkt_icmp_quote(&tp, "198.18.9.9", C4, 3, 1, tu.b, 28, 2);
	ck_assert_ptr_eq(flow_table_handle(t, p), f);
	ck_assert_uint_eq(p->flow_flags, PKT_FLOW_TO_CLIENT);

	tpkt_udp(&tu, C4, 5354, S4, 53, 10, 1);
	ck_assert_ptr_null(flow_table_handle(t, tpkt_icmp_quote(&tp, S4, C4,
	    3, 3, tu.b, 28, 2)));
	{
		struct tseg sg = { .src = C4, .sport = 40000, .dst = S4,
		    .dport = 80, .flags = PKT_TCP_SYN, .seq = 1 };
		struct tpkt ts;

		ck_assert_ptr_nonnull(flow_table_handle(t, tpkt_tcp(&ts, &sg)));
		p = tpkt_icmp_quote(&tp, S4, C4, 3, 1, ts.b, 28, 2);
		ck_assert(!p->icmp_emb_valid);
		ck_assert_ptr_null(flow_table_handle(t, p));
		p = tpkt_icmp_quote(&tp, S4, C4, 3, 1, ts.b, 40, 2);
		ck_assert(p->icmp_emb_valid);
		ck_assert_ptr_nonnull(flow_table_handle(t, p));
	}
}
END_TEST

START_TEST(test_icmpv6_echo_request_and_reply_share_a_flow)
{
	struct tpkt tp;
	struct flow *f = flow_table_handle(t, tpkt_icmp(&tp, C6, S6, 128, 9, 1));

	ck_assert_ptr_eq(flow_table_handle(t, tpkt_icmp(&tp, S6, C6, 129, 9, 1)),
	    f);
	ck_assert_uint_eq(f->proto, IPPROTO_ICMPV6);
	ck_assert_int_eq(f->state, FLOW_STATE_ESTABLISHED);
}
END_TEST

START_TEST(test_ipv6_udp_reply_maps_to_the_request_flow)
{
	struct flow *f = udp(C6, 5353, S6, 53, 1);

	ck_assert_ptr_eq(udp(S6, 53, C6, 5353, 1), f);
	ck_assert_uint_eq(f->ip_version, 6);
}
END_TEST

START_TEST(test_ipv4_and_ipv6_flows_are_distinct)
{
	ck_assert_ptr_ne(udp(C4, 5353, S4, 53, 1), udp(C6, 5353, S6, 53, 1));
}
END_TEST

/* As Suricata's: a fragment has no flow; the datagram reassembled from
 * it has. */
START_TEST(test_ipv4_fragment_gets_no_flow)
{
	struct tpkt tp;
	struct flow_table_stats st;
	struct packet *p = tpkt_frag(&tp, C4, S4, IPPROTO_UDP, 185, 1);

	ck_assert_ptr_null(flow_table_handle(t, p));
	ck_assert_ptr_null(p->flow);
	flow_table_stats(t, &st);
	ck_assert_uint_eq(st.no_flow_fragment, 1);
}
END_TEST

START_TEST(test_ipv6_fragment_gets_no_flow)
{
	struct tpkt tp;

	ck_assert_ptr_null(flow_table_handle(t, tpkt_frag(&tp, C6, S6,
	    IPPROTO_UDP, 185, 1)));
}
END_TEST

START_TEST(test_other_protocol_keys_by_address_pair)
{
	struct tpkt tp;
	struct flow *f = flow_table_handle(t, tpkt_proto(&tp, C4, S4, 47, 1));
	struct packet *p = tpkt_proto(&tp, S4, C4, 47, 1);

	ck_assert_ptr_eq(flow_table_handle(t, p), f);
	ck_assert_uint_eq(p->flow_flags,
	    PKT_FLOW_TO_CLIENT | PKT_FLOW_ESTABLISHED);
	ck_assert_uint_eq(f->proto, 47);
}
END_TEST

START_TEST(test_flow_ids_differ_within_a_table)
{
	ck_assert_uint_ne(udp(C4, 1, S4, 53, 1)->flow_id,
	    udp(C4, 2, S4, 53, 1)->flow_id);
}
END_TEST

START_TEST(test_flow_ids_differ_between_worker_tables)
{
	struct flow_table_config cfg;
	struct flow_table *t2;
	struct tpkt tp;
	struct flow *f2;

	tflow_config(&cfg);
	t2 = flow_table_new(&cfg, NULL, 2);
	f2 = flow_table_handle(t2, tpkt_udp(&tp, C4, 1, S4, 53, 0, 1));
	ck_assert_uint_ne(udp(C4, 1, S4, 53, 1)->flow_id, f2->flow_id);
	flow_table_free(t2);
}
END_TEST

START_TEST(test_flow_ids_repeat_with_the_same_seed)
{
	struct flow_table_config cfg;
	struct flow_table *t2;
	struct tpkt tp;
	struct flow *f2;

	tflow_config(&cfg);
	t2 = flow_table_new(&cfg, NULL, 1);
	f2 = flow_table_handle(t2, tpkt_udp(&tp, C4, 1, S4, 53, 0, 1));
	ck_assert_uint_eq(udp(C4, 1, S4, 53, 1)->flow_id, f2->flow_id);
	flow_table_free(t2);
}
END_TEST

START_TEST(test_first_flow_of_seed_zero_has_a_nonzero_eve_id)
{
	struct flow_table_config cfg;
	struct flow_table *t0;
	struct tpkt tp;
	struct flow *f0;

	/* offline runs use seed 0; Suricata's flow_id is never 0 */
	tflow_config(&cfg);
	t0 = flow_table_new(&cfg, NULL, 0);
	f0 = flow_table_handle(t0, tpkt_udp(&tp, C4, 1, S4, 53, 0, 1));
	ck_assert_uint_ne(f0->flow_id & ((UINT64_C(1) << 51) - 1), 0);
	flow_table_free(t0);
}
END_TEST

START_TEST(test_flow_ids_fit_in_a_signed_64_bit_integer)
{
	uint64_t n;

	for (n = 0; n < 1000; n++)
		ck_assert_uint_le(udp(C4, (uint16_t)(n + 1), S4, 53, 1)->flow_id,
		    INT64_MAX);
}
END_TEST

START_TEST(test_bypass_after_sets_bypass_once_bytes_reach_it)
{
	struct flow_table_config cfg;
	struct tpkt tp;
	struct flow *f;

	flow_table_free(t);
	tflow_config(&cfg);
	cfg.bypass_after = 1000;
	t = flow_table_new(&cfg, NULL, 1);
	f = flow_table_handle(t, tpkt_udp(&tp, C4, 5353, S4, 53, 472, 1));
	ck_assert_uint_eq(f->flags & FLOW_F_BYPASS, 0);
	flow_table_handle(t, tpkt_udp(&tp, S4, 53, C4, 5353, 472, 1));
	ck_assert_uint_eq(f->flags & FLOW_F_BYPASS, FLOW_F_BYPASS);
}
END_TEST

START_TEST(test_bypass_after_is_counted_once_per_flow)
{
	struct flow_table_config cfg;
	struct flow_table_stats st;
	struct tpkt tp;

	flow_table_free(t);
	tflow_config(&cfg);
	cfg.bypass_after = 100;
	t = flow_table_new(&cfg, NULL, 1);
	flow_table_handle(t, tpkt_udp(&tp, C4, 5353, S4, 53, 200, 1));
	flow_table_handle(t, tpkt_udp(&tp, C4, 5353, S4, 53, 200, 1));
	flow_table_stats(t, &st);
	ck_assert_uint_eq(st.bypass_after, 1);
}
END_TEST

START_TEST(test_bypass_after_zero_never_bypasses)
{
	struct tpkt tp;
	struct flow *f = NULL;
	int i;

	for (i = 0; i < 100; i++)
		f = flow_table_handle(t, tpkt_udp(&tp, C4, 5353, S4, 53, 1400, 1));
	ck_assert_uint_eq(f->flags & FLOW_F_BYPASS, 0);
}
END_TEST

START_TEST(test_bypassed_flow_counts_bypassed_packets)
{
	struct flow *f = udp(C4, 5353, S4, 53, 1);

	f->flags |= FLOW_F_BYPASSED;
	udp(S4, 53, C4, 5353, 2);
	ck_assert_uint_eq(f->bypass_pkts[FLOW_DIR_TO_CLIENT], 1);
	ck_assert_uint_eq(f->bypass_pkts[FLOW_DIR_TO_SERVER], 0);
	ck_assert_uint_eq(f->pkts[FLOW_DIR_TO_CLIENT], 1);
}
END_TEST

START_TEST(test_detach_takes_the_flow_out_of_the_table)
{
	struct flow_table_stats st;
	struct flow *f = udp(C4, 5353, S4, 53, 1);
	uint64_t id = f->flow_id;

	f->detect_vars = tvars_new();
	flow_table_detach(t, f);
	flow_table_stats(t, &st);
	ck_assert_uint_eq(st.detached, 1);
	ck_assert_uint_eq(f->flow_id, id);
	flow_free(f, tvars_free);
	ck_assert_uint_eq(tvars_freed, 1);
}
END_TEST

START_TEST(test_packets_in_flight_after_detach_meet_a_bypassed_stub)
{
	struct flow_table_stats st;
	struct flow *f = udp(C4, 5353, S4, 53, 1), *stub;

	flow_table_detach(t, f);
	stub = udp(S4, 53, C4, 5353, 2);
	ck_assert_ptr_nonnull(stub);
	ck_assert_ptr_ne(stub, f);
	ck_assert_uint_eq(stub->flags & (FLOW_F_BYPASSED | FLOW_F_BYPASS_STUB),
	    FLOW_F_BYPASSED | FLOW_F_BYPASS_STUB);
	flow_table_stats(t, &st);
	ck_assert_uint_eq(st.created, 1);
	ck_assert_uint_eq(st.stubs, 1);
	ck_assert_uint_eq(st.active, 1);
	flow_free(f, NULL);
}
END_TEST

START_TEST(test_stub_leaves_unrecorded_after_its_timeout_despite_packets)
{
	struct timespec later = { 1 + FLOW_STUB_TIMEOUT, 0 };
	struct flow_table_stats st;
	struct flow *f = udp(C4, 5353, S4, 53, 1), *next;

	flow_table_detach(t, f);
	udp(C4, 5353, S4, 53, FLOW_STUB_TIMEOUT);
	ck_assert_uint_eq(flow_table_expire(t, &later, trec_emit, &recs), 0);
	ck_assert_uint_eq(recs.n, 0);
	next = udp(C4, 5353, S4, 53, 1 + FLOW_STUB_TIMEOUT);
	ck_assert_uint_eq(next->flags & FLOW_F_BYPASS_STUB, 0);
	flow_table_stats(t, &st);
	ck_assert_uint_eq(st.created, 2);
	ck_assert_uint_eq(st.ended[FLOW_END_TIMEOUT], 0);
	flow_free(f, NULL);
}
END_TEST

START_TEST(test_detached_flow_is_not_expired_nor_flushed)
{
	struct timespec later = { 100000, 0 };
	struct flow *f = udp(C4, 5353, S4, 53, 1);

	flow_table_detach(t, f);
	ck_assert_uint_eq(flow_table_expire(t, &later, trec_emit, &recs), 0);
	ck_assert_uint_eq(flow_table_flush(t, trec_emit, &recs), 0);
	ck_assert_uint_eq(recs.n, 0);
	flow_free(f, NULL);
}
END_TEST

START_TEST(test_detach_gives_the_memory_back_to_the_cap)
{
	struct timespec later = { 100000, 0 };
	struct flow_table_stats before, after;
	struct flow *f = udp(C4, 5353, S4, 53, 1);

	flow_table_stats(t, &before);
	flow_table_detach(t, f);
	/* the stub takes the flow's place until it times out */
	flow_table_expire(t, &later, trec_emit, &recs);
	flow_table_stats(t, &after);
	ck_assert_uint_eq(before.memuse - after.memuse, flow_table_flow_size());
	flow_free(f, NULL);
}
END_TEST

START_TEST(test_record_callback_may_detach_the_flow)
{
	struct timespec later = { 100000, 0 };
	struct flow *f = udp(C4, 5353, S4, 53, 1);

	f->detect_vars = tvars_new();
	recs.detach = true;
	ck_assert_uint_eq(flow_table_expire(t, &later, trec_emit, &recs), 1);
	ck_assert_ptr_eq(recs.taken[0], f);
	ck_assert_uint_eq(tvars_freed, 0);
	flow_free(recs.taken[0], tvars_free);
	ck_assert_uint_eq(tvars_freed, 1);
}
END_TEST

START_TEST(test_flow_free_of_null_does_nothing)
{
	flow_free(NULL, tvars_free);
	ck_assert_uint_eq(tvars_freed, 0);
}
END_TEST

START_TEST(test_vars_free_runs_once_per_flow_with_detect_vars)
{
	struct timespec later = { 100000, 0 };
	uint16_t port;

	for (port = 1; port <= 5; port++)
		udp(C4, port, S4, 53, 1)->detect_vars = tvars_new();
	udp(C4, 6, S4, 53, 1);
	flow_table_expire(t, &later, trec_emit, &recs);
	flow_table_expire(t, &later, trec_emit, &recs);
	flow_table_flush(t, trec_emit, &recs);
	ck_assert_uint_eq(tvars_freed, 5);
}
END_TEST

START_TEST(test_table_free_frees_detect_vars_of_flows_left)
{
	udp(C4, 1, S4, 53, 1)->detect_vars = tvars_new();
	udp(C4, 2, S4, 53, 1)->detect_vars = tvars_new();
	flow_table_free(t);
	t = NULL;
	ck_assert_uint_eq(tvars_freed, 2);
}
END_TEST

START_TEST(test_stats_count_created_and_active_flows)
{
	struct flow_table_stats st;

	udp(C4, 1, S4, 53, 1);
	udp(C4, 2, S4, 53, 1);
	udp(S4, 53, C4, 2, 1);
	flow_table_stats(t, &st);
	ck_assert_uint_eq(st.created, 2);
	ck_assert_uint_eq(st.created_proto[FLOW_PROTO_UDP], 2);
	ck_assert_uint_eq(st.active, 2);
}
END_TEST

START_TEST(test_many_flows_each_found_again)
{
	char a[32];
	struct flow *f[2000];
	uint32_t i;

	for (i = 0; i < 2000; i++)
		f[i] = udp(tpkt_addr(a, sizeof(a), i), 1000, S4, 53, 1);
	for (i = 0; i < 2000; i++)
		ck_assert_ptr_eq(udp(S4, 53, tpkt_addr(a, sizeof(a), i), 1000, 2),
		    f[i]);
}
END_TEST

START_TEST(test_names_of_states_and_reasons)
{
	ck_assert_str_eq(flow_state_name(FLOW_STATE_ESTABLISHED), "established");
	ck_assert_str_eq(flow_end_reason_name(FLOW_END_TIMEOUT), "timeout");
	ck_assert_str_eq(flow_end_reason_name(FLOW_END_SHUTDOWN), "shutdown");
	ck_assert_str_eq(flow_end_reason_name(FLOW_END_FORCED), "forced");
	ck_assert_str_eq(flow_end_reason_name(FLOW_END_TCP_REUSE), "tcp_reuse");
}
END_TEST

Suite *
flow_table_suite(void)
{
	Suite *s = suite_create("flow_table");
	TCase *tc = tcase_create("table");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, test_reply_maps_to_the_request_flow);
	tcase_add_test(tc, test_handle_sets_packet_flow_pointer);
	tcase_add_test(tc, test_first_packet_is_to_server_and_first);
	tcase_add_test(tc, test_reply_is_to_client_and_established);
	tcase_add_test(tc, test_second_packet_same_way_is_not_first_nor_established);
	tcase_add_test(tc, test_flow_key_is_the_initiators_view);
	tcase_add_test(tc, test_udp_flow_becomes_established_with_a_reply);
	tcase_add_test(tc, test_packets_and_bytes_counted_per_direction);
	tcase_add_test(tc, test_first_and_last_timestamps_follow_packets);
	tcase_add_test(tc, test_different_ports_make_different_flows);
	tcase_add_test(tc, test_same_ports_other_protocol_make_different_flows);
	tcase_add_test(tc, test_undecoded_packet_gets_no_flow);
	tcase_add_test(tc, test_icmp_echo_request_and_reply_share_a_flow);
	tcase_add_test(tc, test_icmp_echo_ids_share_a_flow);
	tcase_add_test(tc, test_icmp_request_the_other_way_is_another_flow);
	tcase_add_test(tc, test_icmp_echo_reply_seen_first_opens_a_flow_of_its_sender);
	tcase_add_test(tc, test_icmp_error_opens_no_flow);
	tcase_add_test(tc, test_icmp_unreachable_joins_the_quoted_flow);
	tcase_add_test(tc, test_icmpv6_echo_request_and_reply_share_a_flow);
	tcase_add_test(tc, test_ipv6_udp_reply_maps_to_the_request_flow);
	tcase_add_test(tc, test_ipv4_and_ipv6_flows_are_distinct);
	tcase_add_test(tc, test_ipv4_fragment_gets_no_flow);
	tcase_add_test(tc, test_ipv6_fragment_gets_no_flow);
	tcase_add_test(tc, test_other_protocol_keys_by_address_pair);
	tcase_add_test(tc, test_flow_ids_differ_within_a_table);
	tcase_add_test(tc, test_flow_ids_differ_between_worker_tables);
	tcase_add_test(tc, test_flow_ids_repeat_with_the_same_seed);
	tcase_add_test(tc, test_first_flow_of_seed_zero_has_a_nonzero_eve_id);
	tcase_add_test(tc, test_flow_ids_fit_in_a_signed_64_bit_integer);
	tcase_add_test(tc, test_bypass_after_sets_bypass_once_bytes_reach_it);
	tcase_add_test(tc, test_bypass_after_is_counted_once_per_flow);
	tcase_add_test(tc, test_bypass_after_zero_never_bypasses);
	tcase_add_test(tc, test_bypassed_flow_counts_bypassed_packets);
	tcase_add_test(tc, test_detach_takes_the_flow_out_of_the_table);
	tcase_add_test(tc, test_packets_in_flight_after_detach_meet_a_bypassed_stub);
	tcase_add_test(tc, test_stub_leaves_unrecorded_after_its_timeout_despite_packets);
	tcase_add_test(tc, test_detached_flow_is_not_expired_nor_flushed);
	tcase_add_test(tc, test_detach_gives_the_memory_back_to_the_cap);
	tcase_add_test(tc, test_record_callback_may_detach_the_flow);
	tcase_add_test(tc, test_flow_free_of_null_does_nothing);
	tcase_add_test(tc, test_vars_free_runs_once_per_flow_with_detect_vars);
	tcase_add_test(tc, test_table_free_frees_detect_vars_of_flows_left);
	tcase_add_test(tc, test_stats_count_created_and_active_flows);
	tcase_add_test(tc, test_many_flows_each_found_again);
	tcase_add_test(tc, test_names_of_states_and_reasons);
	suite_add_tcase(s, tc);
	return s;
}
