/* lib/core: ring, flow hash, diagnostics. */
#include "core/base.h"

#include <pthread.h>
#include <arpa/inet.h>
#include <netinet/in.h>

#include <check.h>

#include "core/diag.h"
#include "core/doorbell.h"
#include "core/hash.h"
#include "core/ring.h"

static struct packet
data_packet(const uint8_t *data, uint32_t len)
{
	struct packet p;

	memset(&p, 0, sizeof(p));
	p.data = data;
	p.len = len;
	return p;
}

START_TEST(test_ring_keeps_order_and_copies_data)
{
	struct ring r;
	uint8_t a[3] = { 1, 2, 3 }, b[2] = { 9, 8 };
	struct packet pa = data_packet(a, 3), pb = data_packet(b, 2);
	struct ring_slot *s;

	ck_assert_int_eq(ring_init(&r, 4, 64), 0);
	ck_assert(ring_push(&r, &pa, 1));
	ck_assert(ring_push(&r, &pb, 2));
	a[0] = 0;
	s = ring_peek(&r);
	ck_assert_uint_eq(s->pkt.len, 3);
	ck_assert_uint_eq(s->pkt.data[0], 1);
	ck_assert_uint_eq(s->source, 1);
	ring_release(&r, s);
	s = ring_peek(&r);
	ck_assert_mem_eq(s->pkt.data, b, 2);
	ring_release(&r, s);
	ck_assert_ptr_null(ring_peek(&r));
	ck_assert(ring_empty(&r));
	ring_destroy(&r);
}
END_TEST

START_TEST(test_ring_moves_decoded_pointers_with_the_data)
{
	struct ring r;
	uint8_t a[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	struct packet p = data_packet(a, sizeof(a));
	struct ring_slot *s;

	p.l4 = a + 2;
	p.payload = a + 5;
	p.payload_len = 3;
	ck_assert_int_eq(ring_init(&r, 4, 64), 0);
	ck_assert(ring_push(&r, &p, 0));
	memset(a, 0xee, sizeof(a));
	s = ring_peek(&r);
	ck_assert_ptr_eq(s->pkt.l4, s->pkt.data + 2);
	ck_assert_ptr_eq(s->pkt.payload, s->pkt.data + 5);
	ck_assert_uint_eq(s->pkt.payload[0], 5);
	ring_destroy(&r);
}
END_TEST

START_TEST(test_ring_refuses_when_slots_are_full)
{
	struct ring r;
	uint8_t a[1] = { 7 };
	struct packet p = data_packet(a, 1);

	ck_assert_int_eq(ring_init(&r, 2, 64), 0);
	ck_assert(ring_push(&r, &p, 0));
	ck_assert(ring_push(&r, &p, 0));
	ck_assert(!ring_push(&r, &p, 0));
	ck_assert_uint_eq(r.full, 1);
	ring_release(&r, ring_peek(&r));
	ck_assert(ring_push(&r, &p, 0));
	ring_destroy(&r);
}
END_TEST

START_TEST(test_ring_refuses_when_arena_is_full)
{
	struct ring r;
	uint8_t big[40] = { 0 };
	struct packet p = data_packet(big, sizeof(big));

	ck_assert_int_eq(ring_init(&r, 16, 64), 0);
	ck_assert(ring_push(&r, &p, 0));
	ck_assert(!ring_push(&r, &p, 0));
	ring_release(&r, ring_peek(&r));
	ck_assert(ring_push(&r, &p, 0));
	ring_destroy(&r);
}
END_TEST

START_TEST(test_ring_lends_borrowed_packets_without_arena_bytes)
{
	struct ring r;
	uint8_t a[40] = { 1 }, b[40] = { 2 };
	struct packet pa = data_packet(a, sizeof(a)), pb = data_packet(b,
	    sizeof(b));
	const struct packet *pkts[2] = { &pa, &pb };
	struct ring_slot *s;
	uint64_t tag = 0;

	/* 64 arena bytes: room for one copied packet, and the borrowed one
	 * takes none */
	ck_assert_int_eq(ring_init(&r, 4, 64), 0);
	ck_assert(!ring_oldest_tag(&r, &tag));
	ck_assert(ring_push_n_borrowed(&r, pkts, 2, 5, 1u << 1, 1000));
	ck_assert(ring_push_n_borrowed(&r, pkts + 1, 1, 5, 1u << 0, 2000));
	s = ring_peek(&r);
	ck_assert_ptr_ne(s->pkt.data, a);	/* copied */
	ck_assert_uint_eq(s->pkt.data[0], 1);
	ck_assert_ptr_eq(ring_peek_at(&r, 1)->pkt.data, b);	/* lent */
	ck_assert(ring_oldest_tag(&r, &tag));
	ck_assert_uint_eq(tag, 1000);
	ring_release(&r, s);
	ring_release(&r, ring_peek(&r));
	ck_assert(ring_oldest_tag(&r, &tag));
	ck_assert_uint_eq(tag, 2000);
	ring_release(&r, ring_peek(&r));
	ck_assert(!ring_oldest_tag(&r, &tag));
	ck_assert_uint_eq(r.arena_cons, 40);
	ring_destroy(&r);
}
END_TEST

START_TEST(test_ring_pair_is_both_or_neither)
{
	struct ring r;
	uint8_t a[30] = { 1 }, b[30] = { 2 };
	struct packet pa = data_packet(a, sizeof(a)), pb = data_packet(b,
	    sizeof(b));
	struct ring_slot *s, *t;

	ck_assert_int_eq(ring_init(&r, 4, 64), 0);
	ck_assert(ring_push(&r, &pa, 0));
	ck_assert_ptr_null(ring_peek_at(&r, 1));
	/* room for one more packet's bytes, not two: nothing is pushed */
	ck_assert(!ring_push_pair(&r, &pa, &pb, 3));
	ck_assert_uint_eq(r.full, 1);
	ck_assert_uint_eq(r.prod, 1);
	ring_release(&r, ring_peek(&r));
	ck_assert(ring_empty(&r));
	ck_assert(ring_push_pair(&r, &pa, &pb, 3));
	s = ring_peek(&r);
	t = ring_peek_at(&r, 1);
	ck_assert_ptr_nonnull(t);
	ck_assert_uint_eq(s->pkt.data[0], 1);
	ck_assert_uint_eq(t->pkt.data[0], 2);
	ck_assert_uint_eq(t->source, 3);
	ring_release(&r, s);
	ring_release(&r, t);
	ck_assert(ring_empty(&r));
	/* slots: the pair needs two of them */
	pa = data_packet(a, 1);
	ck_assert(ring_push(&r, &pa, 0));
	ck_assert(ring_push(&r, &pa, 0));
	ck_assert(ring_push(&r, &pa, 0));
	ck_assert(!ring_push_pair(&r, &pa, &pa, 0));
	ck_assert_uint_eq(r.prod - r.cons, 3);
	ring_destroy(&r);
}
END_TEST

START_TEST(test_ring_wraps_arena_with_varied_sizes)
{
	struct ring r;
	uint8_t buf[100];
	uint32_t seed = 1;

	ck_assert_int_eq(ring_init(&r, 8, 256), 0);
	for (int i = 0; i < 5000; i++) {
		struct ring_slot *s;
		uint32_t len;
		struct packet p;

		seed = seed * 1103515245 + 12345;
		len = 1 + (seed >> 16) % sizeof(buf);
		memset(buf, i & 0xff, len);
		p = data_packet(buf, len);
		ck_assert(ring_push(&r, &p, 0));
		s = ring_peek(&r);
		ck_assert_uint_eq(s->pkt.len, len);
		ck_assert_uint_eq(s->pkt.data[len - 1], (uint8_t)(i & 0xff));
		ring_release(&r, s);
	}
	ring_destroy(&r);
}
END_TEST

#define STRESS_COUNT	200000

struct stress {
	struct ring	 ring;
	struct doorbell	 bell;
	uint64_t	 received;
	uint64_t	 out_of_order;
};

static void *
stress_consumer(void *arg)
{
	struct stress *st = arg;
	uint32_t expect = 0;

	while (expect < STRESS_COUNT) {
		struct ring_slot *s = ring_peek(&st->ring);
		uint32_t v;

		if (s == NULL) {
			uint32_t seq = doorbell_prepare(&st->bell);

			if (ring_empty(&st->ring))
				doorbell_wait(&st->bell, seq, 100);
			else
				doorbell_cancel(&st->bell);
			continue;
		}
		memcpy(&v, s->pkt.data, sizeof(v));
		st->out_of_order += v != expect;
		expect++;
		st->received++;
		ring_release(&st->ring, s);
	}
	return NULL;
}

START_TEST(test_ring_two_threads_deliver_every_packet_in_order)
{
	static struct stress st;
	pthread_t t;

	memset(&st, 0, sizeof(st));
	ck_assert_int_eq(ring_init(&st.ring, 64, 4096), 0);
	pthread_create(&t, NULL, stress_consumer, &st);
	for (uint32_t i = 0; i < STRESS_COUNT; i++) {
		uint8_t data[64];
		struct packet p;

		memcpy(data, &i, sizeof(i));
		p = data_packet(data, 4 + i % 60);
		while (!ring_push(&st.ring, &p, 0))
			doorbell_ring(&st.bell);
		doorbell_ring(&st.bell);
	}
	pthread_join(t, NULL);
	ck_assert_uint_eq(st.received, STRESS_COUNT);
	ck_assert_uint_eq(st.out_of_order, 0);
	ring_destroy(&st.ring);
}
END_TEST

static struct packet
tuple(const char *src, const char *dst, uint8_t proto, uint16_t sp,
    uint16_t dp)
{
	struct packet p;

	memset(&p, 0, sizeof(p));
	p.ip_version = strchr(src, ':') ? 6 : 4;
	p.src.family = p.dst.family = p.ip_version == 6 ? AF_INET6 : AF_INET;
	inet_pton(p.src.family, src, &p.src.u);
	inet_pton(p.dst.family, dst, &p.dst.u);
	p.proto = proto;
	p.sport = sp;
	p.dport = dp;
	p.l4_valid = true;
	return p;
}

START_TEST(test_flow_hash_is_symmetric_v4_and_v6)
{
	struct packet a = tuple("198.18.1.2", "198.18.2.2", IPPROTO_TCP, 40000, 80);
	struct packet b = tuple("198.18.2.2", "198.18.1.2", IPPROTO_TCP, 80, 40000);
	struct packet c = tuple("2001:2::1", "2001:2::2", IPPROTO_UDP, 53, 5353);
	struct packet d = tuple("2001:2::2", "2001:2::1", IPPROTO_UDP, 5353, 53);

	ck_assert_uint_eq(hash_flow_symmetric(&a), hash_flow_symmetric(&b));
	ck_assert_uint_eq(hash_flow_symmetric(&c), hash_flow_symmetric(&d));
}
END_TEST

START_TEST(test_flow_hash_separates_ports)
{
	struct packet a = tuple("198.18.1.2", "198.18.2.2", IPPROTO_TCP, 40000, 80);
	struct packet b = tuple("198.18.1.2", "198.18.2.2", IPPROTO_TCP, 40001, 80);

	ck_assert_uint_ne(hash_flow_symmetric(&a), hash_flow_symmetric(&b));
}
END_TEST

START_TEST(test_flow_hash_spreads_ports_over_workers)
{
	unsigned buckets[4] = { 0 };

	for (uint16_t port = 1024; port < 1024 + 4000; port++) {
		struct packet p = tuple("198.18.1.2", "198.18.2.2",
		    IPPROTO_TCP, port, 80);

		buckets[hash_flow_symmetric(&p) % 4]++;
	}
	for (int i = 0; i < 4; i++)
		ck_assert_uint_gt(buckets[i], 800);
}
END_TEST

START_TEST(test_flow_hash_of_fragments_uses_addresses_only)
{
	struct packet a = tuple("198.18.1.2", "198.18.2.2", IPPROTO_UDP, 1, 2);
	struct packet b = tuple("198.18.2.2", "198.18.1.2", IPPROTO_UDP, 0, 0);

	a.is_fragment = true;
	b.is_fragment = true;
	b.l4_valid = false;
	ck_assert_uint_eq(hash_flow_symmetric(&a), hash_flow_symmetric(&b));
}
END_TEST

START_TEST(test_diag_format_names_file_line_col_and_token)
{
	struct diag_list dl;
	char buf[256];

	diag_list_init(&dl);
	diag_add(&dl, DIAG_ERROR, "a.rules", 3, 17, "99999", "invalid port");
	diag_add(&dl, DIAG_WARNING, "a.rules", 4, 0, NULL, "odd");
	ck_assert_str_eq(diag_format(&dl.items[0], buf, sizeof(buf)),
	    "a.rules:3:17: invalid port near '99999'");
	ck_assert_str_eq(diag_format(&dl.items[1], buf, sizeof(buf)),
	    "a.rules:4: warning: odd");
	ck_assert_uint_eq(dl.errors, 1);
	ck_assert_uint_eq(dl.warnings, 1);
	diag_list_free(&dl);
}
END_TEST

static Suite *
core_suite(void)
{
	Suite *s = suite_create("core");
	TCase *ring = tcase_create("ring");
	TCase *hash = tcase_create("hash");
	TCase *diag = tcase_create("diag");

	tcase_add_test(ring, test_ring_keeps_order_and_copies_data);
	tcase_add_test(ring, test_ring_moves_decoded_pointers_with_the_data);
	tcase_add_test(ring, test_ring_refuses_when_slots_are_full);
	tcase_add_test(ring, test_ring_refuses_when_arena_is_full);
	tcase_add_test(ring, test_ring_pair_is_both_or_neither);
	tcase_add_test(ring, test_ring_lends_borrowed_packets_without_arena_bytes);
	tcase_add_test(ring, test_ring_wraps_arena_with_varied_sizes);
	tcase_add_test(ring, test_ring_two_threads_deliver_every_packet_in_order);
	tcase_set_timeout(ring, 60);
	tcase_add_test(hash, test_flow_hash_is_symmetric_v4_and_v6);
	tcase_add_test(hash, test_flow_hash_separates_ports);
	tcase_add_test(hash, test_flow_hash_spreads_ports_over_workers);
	tcase_add_test(hash, test_flow_hash_of_fragments_uses_addresses_only);
	tcase_add_test(diag, test_diag_format_names_file_line_col_and_token);
	suite_add_tcase(s, ring);
	suite_add_tcase(s, hash);
	suite_add_tcase(s, diag);
	return s;
}

Suite	*core_exception_suite(void);	/* test_exception.c */

int
main(void)
{
	SRunner *sr = srunner_create(core_suite());
	int failed;

	srunner_add_suite(sr, core_exception_suite());
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
