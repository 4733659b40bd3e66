#include "core/base.h"

#include <check.h>
#include <netinet/in.h>

#include "core/packet.h"
#include "decode/decode.h"
#include "decode/events.h"

#include "build.h"
#include "suites.h"

#define RANDOM_BUFFERS	500
#define RANDOM_MAX_LEN	160
#define MUTATIONS	200

typedef size_t	(*sample_fn)(uint8_t *);

static size_t	sample_ipv4_tcp_opts(uint8_t *);
static size_t	sample_ipv4_udp(uint8_t *);
static size_t	sample_ipv4_icmp(uint8_t *);
static size_t	sample_ipv4_ipopts_udp(uint8_t *);
static size_t	sample_ipv6_tcp(uint8_t *);
static size_t	sample_ipv6_udp(uint8_t *);
static size_t	sample_ipv6_icmpv6(uint8_t *);
static size_t	sample_ipv6_hbh_dst_tcp(uint8_t *);
static size_t	sample_ipv6_frag_udp(uint8_t *);
static size_t	sample_ipv6_rh_ah_udp(uint8_t *);
static size_t	sample_ipv6_esp(uint8_t *);
static uint32_t	xorshift32(uint32_t *);
static bool	packet_inside(const struct packet *);
static unsigned	decode_copy_out_of_bounds(const uint8_t *, size_t);
static size_t	random_buffer(uint32_t *, uint8_t *, unsigned);

static const sample_fn samples[] = {
	sample_ipv4_tcp_opts,
	sample_ipv4_udp,
	sample_ipv4_icmp,
	sample_ipv4_ipopts_udp,
	sample_ipv6_tcp,
	sample_ipv6_udp,
	sample_ipv6_icmpv6,
	sample_ipv6_hbh_dst_tcp,
	sample_ipv6_frag_udp,
	sample_ipv6_rh_ah_udp,
	sample_ipv6_esp,
};

static size_t
sample_ipv4_tcp_opts(uint8_t *b)
{
	const uint8_t opt[12] = { 2, 4, 0x05, 0xb4, 1, 3, 3, 7, 4, 2, 0, 0 };
	size_t n = build_ipv4(b, IPPROTO_TCP, NULL, 0, 20 + 12 + 5);

	n += build_tcp(b + n, PKT_TCP_SYN, opt, sizeof(opt));
	return n + build_bytes(b + n, "hello");
}

static size_t
sample_ipv4_udp(uint8_t *b)
{
	return build_ipv4_udp(b, "dns?");
}

static size_t
sample_ipv4_icmp(uint8_t *b)
{
	return build_ipv4_icmp(b, 8, "ping");
}

static size_t
sample_ipv4_ipopts_udp(uint8_t *b)
{
	const uint8_t opt[8] = { 1, 148, 4, 0, 0, 0, 0, 0 };
	size_t n = build_ipv4(b, IPPROTO_UDP, opt, sizeof(opt), 8 + 2);

	n += build_udp(b + n, 2);
	return n + build_bytes(b + n, "ok");
}

static size_t
sample_ipv6_tcp(uint8_t *b)
{
	return build_ipv6_tcp(b, PKT_TCP_ACK, "data");
}

static size_t
sample_ipv6_udp(uint8_t *b)
{
	return build_ipv6_udp(b, "data");
}

static size_t
sample_ipv6_icmpv6(uint8_t *b)
{
	return build_ipv6_icmpv6(b, 128, "ping");
}

static size_t
sample_ipv6_hbh_dst_tcp(uint8_t *b)
{
	const uint8_t opt[4] = { 2, 4, 0x05, 0xa0 };
	size_t n = build_ipv6(b, IPPROTO_HOPOPTS, 8 + 16 + 24 + 3);

	n += build_ipv6_opts(b + n, IPPROTO_DSTOPTS, 8);
	n += build_ipv6_opts(b + n, IPPROTO_TCP, 16);
	n += build_tcp(b + n, PKT_TCP_SYN, opt, sizeof(opt));
	return n + build_bytes(b + n, "abc");
}

/* An atomic fragment (RFC 6946) is decoded whole: its event aside, an
 * ordinary UDP packet. */
static size_t
sample_ipv6_frag_udp(uint8_t *b)
{
	size_t n = build_ipv6(b, IPPROTO_FRAGMENT, 8 + 8 + 3);

	n += build_ipv6_frag(b + n, IPPROTO_UDP, 0, false, 77);
	n += build_udp(b + n, 3);
	return n + build_bytes(b + n, "xyz");
}

static size_t
sample_ipv6_rh_ah_udp(uint8_t *b)
{
	size_t n = build_ipv6(b, IPPROTO_ROUTING, 8 + 16 + 8 + 1);

	n += build_ipv6_routing(b + n, IPPROTO_AH, 4);
	n += build_ipv6_ah(b + n, IPPROTO_UDP, 2);
	n += build_udp(b + n, 1);
	return n + build_bytes(b + n, "!");
}

static size_t
sample_ipv6_esp(uint8_t *b)
{
	size_t n = build_ipv6(b, IPPROTO_ESP, 12);

	memcpy(b + n, "\0\0\0\1\0\0\0\1sec!", 12);	/* SPI 1, seq 1 */
	return n + 12;
}

/* Marsaglia's xorshift32: a fixed sequence on every platform. */
static uint32_t
xorshift32(uint32_t *state)
{
	uint32_t x = *state;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*state = x;
	return x;
}

/* Every pointer the decoder left in p stays inside [data, data + len),
 * and nothing is set that the rest of p says is absent. A plain
 * predicate, not ck_assert()s: Check reports every passed assertion to
 * its parent process, which the loops below would pay for 10^6 times. */
static bool
packet_inside(const struct packet *p)
{
	const uint8_t *start = p->data, *end = p->data + p->len;
	bool ok = true;

	ok &= p->l4 == NULL || (p->l4 >= start && p->l4 < end);
	ok &= p->l4 == NULL || p->l4_hdr_len <= (size_t)(end - p->l4);
	ok &= p->l4 != NULL || (p->l4_hdr_len == 0 && !p->l4_valid);
	ok &= p->payload == NULL || (p->payload >= start && p->payload < end);
	ok &= p->payload == NULL || p->payload + p->payload_len <= end;
	ok &= (p->payload == NULL) == (p->payload_len == 0);
	ok &= p->ip_hdr_len <= p->len;
	ok &= p->ip_version == 0 || p->ip_version == 4 || p->ip_version == 6;
	for (unsigned ev = DECODE_EV_MAX; ev < DECODE_EV_ALL; ev++)
		ok &= !decode_event_has(p->events,
		    (enum decode_event)ev);	/* no stream events */
	return ok;
}

/* Decodes an exact-size heap copy of b[0..len), so that ASan sees any
 * read past the end; returns 1 when the result is out of bounds. */
static unsigned
decode_copy_out_of_bounds(const uint8_t *b, size_t len)
{
	uint8_t *copy = malloc(len != 0 ? len : 1);
	struct packet p;
	bool ok;

	ck_assert_ptr_nonnull(copy);
	memcpy(copy, b, len);
	build_decode(&p, copy, len);
	ok = packet_inside(&p);
	free(copy);
	return ok ? 0 : 1;
}

/* Random bytes; most buffers start with an IPv4 or IPv6 version nibble
 * so that the walk goes past the first check. */
static size_t
random_buffer(uint32_t *state, uint8_t *b, unsigned i)
{
	size_t len = xorshift32(state) % (RANDOM_MAX_LEN + 1);

	for (size_t j = 0; j < len; j++)
		b[j] = (uint8_t)xorshift32(state);
	if (len > 0 && i % 8 != 0)
		b[0] = (uint8_t)((i % 2 ? 0x40 : 0x60) | (b[0] & 0x0f));
	return len;
}

START_TEST(test_unknown_ip_version_is_rejected)
{
	uint8_t b[BUILD_MAX];
	struct packet p;
	size_t n = build_ipv4_udp(b, "x");

	b[0] = 0x55;
	ck_assert_int_eq(build_decode(&p, b, n), -1);
	ck_assert(decode_event_has(p.events, DECODE_EV_UNKNOWN_IP_VERSION));
	ck_assert_uint_eq(p.ip_version, 0);
}
END_TEST

START_TEST(test_empty_buffer_is_rejected)
{
	uint8_t b[1] = { 0x45 };
	struct packet p;

	ck_assert_int_eq(build_decode(&p, b, 0), -1);
	ck_assert(decode_event_has(p.events, DECODE_EV_UNKNOWN_IP_VERSION));
}
END_TEST

START_TEST(test_decode_resets_previous_decode_fields)
{
	uint8_t tcp[BUILD_MAX], gre[BUILD_MAX];
	size_t ntcp = build_ipv4_tcp(tcp, PKT_TCP_SYN, "x");
	size_t ngre = build_ipv6(gre, IPPROTO_NONE, 0);
	struct packet p;

	build_decode(&p, tcp, ntcp);
	p.data = gre;
	p.len = (uint32_t)ngre;
	ck_assert_int_eq(decode_packet(&p), 0);
	ck_assert_uint_eq(p.ip_version, 6);
	ck_assert_ptr_null(p.l4);
	ck_assert(!p.l4_valid);
	ck_assert_uint_eq(p.sport, 0);
	ck_assert_uint_eq(p.tcp_flags, 0);
	ck_assert_uint_eq(p.tcp_seq, 0);
	ck_assert_ptr_null(p.payload);
	ck_assert(!decode_event_any(p.events));
}
END_TEST

START_TEST(test_decode_keeps_capture_fields)
{
	uint8_t b[BUILD_MAX];
	size_t n = build_ipv4_tcp(b, PKT_TCP_SYN, "x");
	struct packet p;

	memset(&p, 0, sizeof(p));
	p.data = b;
	p.len = (uint32_t)n;
	p.wire_len = 9000;
	p.ts.tv_sec = 1700000000;
	p.ts.tv_nsec = 5;
	p.queue = 3;
	p.nfq_id = 42;
	p.mark = 0x10;
	p.hook = 1;
	decode_packet(&p);
	ck_assert_ptr_eq(p.data, b);
	ck_assert_uint_eq(p.len, n);
	ck_assert_uint_eq(p.wire_len, 9000);
	ck_assert_int_eq(p.ts.tv_sec, 1700000000);
	ck_assert_int_eq(p.ts.tv_nsec, 5);
	ck_assert_uint_eq(p.queue, 3);
	ck_assert_uint_eq(p.nfq_id, 42);
	ck_assert_uint_eq(p.mark, 0x10);
	ck_assert_uint_eq(p.hook, 1);
}
END_TEST

START_TEST(test_every_sample_packet_decodes_without_events)
{
	uint8_t b[BUILD_MAX];
	struct packet p;

	for (size_t i = 0; i < QUELL_NITEMS(samples); i++) {
		size_t n = samples[i](b);

		ck_assert_int_eq(build_decode(&p, b, n), 0);
		/* options headers of PadN only are Suricata's
		 * *_only_padding events, which the builders provoke */
		p.events[0] &= ~((uint64_t)1 << DECODE_EV_IPV6_HOPOPTS_ONLY_PADDING |
		    (uint64_t)1 << DECODE_EV_IPV6_DSTOPTS_ONLY_PADDING |
		    (uint64_t)1 << DECODE_EV_IPV6_EXTHDR_USELESS_FH);
		ck_assert_msg(!decode_event_any(p.events),
		    "sample %zu: events %#llx %#llx", i,
		    (unsigned long long)p.events[0],
		    (unsigned long long)p.events[1]);
		ck_assert_msg(p.payload != NULL, "sample %zu: no payload", i);
		ck_assert_ptr_eq(p.payload + p.payload_len, b + n);
	}
}
END_TEST

START_TEST(test_every_prefix_of_sample_packets_stays_in_bounds)
{
	uint8_t b[BUILD_MAX];
	unsigned bad = 0;

	for (size_t i = 0; i < QUELL_NITEMS(samples); i++) {
		size_t n = samples[i](b);

		for (size_t len = 0; len <= n; len++)
			bad += decode_copy_out_of_bounds(b, len);
	}
	ck_assert_uint_eq(bad, 0);
}
END_TEST

START_TEST(test_random_buffers_stay_in_bounds)
{
	uint8_t b[RANDOM_MAX_LEN];
	uint32_t state = 0x2545f491;
	unsigned bad = 0;

	for (unsigned i = 0; i < RANDOM_BUFFERS; i++) {
		size_t n = random_buffer(&state, b, i);

		for (size_t len = 0; len <= n; len++)
			bad += decode_copy_out_of_bounds(b, len);
	}
	ck_assert_uint_eq(bad, 0);
}
END_TEST

START_TEST(test_mutated_sample_packets_stay_in_bounds)
{
	uint8_t b[BUILD_MAX];
	uint32_t state = 0x9e3779b9;
	unsigned bad = 0;

	for (size_t i = 0; i < QUELL_NITEMS(samples); i++) {
		for (unsigned m = 0; m < MUTATIONS; m++) {
			size_t n = samples[i](b);
			unsigned flips = 1 + xorshift32(&state) % 4;

			for (unsigned f = 0; f < flips; f++)
				b[xorshift32(&state) % n] ^=
				    (uint8_t)(1u << xorshift32(&state) % 8);
			for (size_t len = 0; len <= n; len++)
				bad += decode_copy_out_of_bounds(b, len);
		}
	}
	ck_assert_uint_eq(bad, 0);
}
END_TEST

Suite *
decode_decode_suite(void)
{
	Suite *s = suite_create("decode_decode");
	TCase *tc = tcase_create("dispatch");
	TCase *robust = tcase_create("robustness");

	tcase_add_test(tc, test_unknown_ip_version_is_rejected);
	tcase_add_test(tc, test_empty_buffer_is_rejected);
	tcase_add_test(tc, test_decode_resets_previous_decode_fields);
	tcase_add_test(tc, test_decode_keeps_capture_fields);
	tcase_add_test(tc, test_every_sample_packet_decodes_without_events);
	suite_add_tcase(s, tc);

	tcase_set_timeout(robust, 60);
	tcase_add_test(robust, test_every_prefix_of_sample_packets_stays_in_bounds);
	tcase_add_test(robust, test_random_buffers_stay_in_bounds);
	tcase_add_test(robust, test_mutated_sample_packets_stay_in_bounds);
	suite_add_tcase(s, robust);
	return s;
}
