/* Unit tests of the detection engine core: the header sticky buffers on
 * decoded packets, fast pattern selection across buffers, per-buffer
 * prefilters, the transaction interface with a fake tx source, and the
 * differential test (grouped engine against a linear scan of every rule,
 * random rules and packets, Hyperscan and Aho-Corasick). */
#include "core/base.h"

#include <sys/socket.h>

#include <check.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/diag.h"
#include "core/packet.h"
#include "decode/decode.h"
#include "detect/buffer.h"
#include "detect/engine.h"
#include "detect/tx.h"
#include "rules/ruleset.h"

#include "harness.h"

static uint8_t	raw[256];

static struct packet ipv4(uint8_t, const uint8_t *, size_t,
		    const uint8_t *, size_t);
static struct packet ipv6_hbh_icmpv6(void);
static bool	hit(const char *, const struct packet *);
static char	*analysis(void);
static Suite	*engine_suite(void);

/* Decodes an IPv4 packet: 20-byte header plus opts, then l4 (and for
 * TCP/UDP/ICMP whatever follows in l4). */
static struct packet
ipv4(uint8_t proto, const uint8_t *opts, size_t optlen, const uint8_t *l4,
    size_t l4len)
{
	struct packet p;
	size_t hl = 20 + optlen, tot = hl + l4len;

	ck_assert_uint_le(tot, sizeof(raw));
	memset(raw, 0, sizeof(raw));
	raw[0] = (uint8_t)(0x40 | (hl / 4));
	raw[2] = (uint8_t)(tot >> 8);
	raw[3] = (uint8_t)tot;
	raw[8] = 64;
	raw[9] = proto;
	memcpy(raw + 12, "\x0a\x00\x00\x01\x0a\x00\x00\x02", 8);
	if (optlen > 0)
		memcpy(raw + 20, opts, optlen);
	if (l4len > 0)
		memcpy(raw + hl, l4, l4len);
	memset(&p, 0, sizeof(p));
	p.data = raw;
	p.len = p.wire_len = (uint32_t)tot;
	ck_assert_int_eq(decode_packet(&p), 0);
	return p;
}

/* IPv6 with an 8-byte hop-by-hop header, then an ICMPv6 echo request. */
static struct packet
ipv6_hbh_icmpv6(void)
{
	static const uint8_t hbh[8] = { 58, 0, 1, 4, 0, 0, 0, 0 };
	static const uint8_t echo[12] = { 128, 0, 0, 0, 0, 7, 0, 1,
	    'p', 'i', 'n', 'g' };
	struct packet p;

	memset(raw, 0, sizeof(raw));
	raw[0] = 0x60;
	raw[5] = sizeof(hbh) + sizeof(echo);
	raw[6] = 0;	/* hop-by-hop */
	raw[7] = 64;
	raw[8] = 0x20; raw[9] = 0x01; raw[11] = 0x02; raw[23] = 1;
	raw[24] = 0x20; raw[25] = 0x01; raw[27] = 0x02; raw[39] = 2;
	memcpy(raw + 40, hbh, sizeof(hbh));
	memcpy(raw + 48, echo, sizeof(echo));
	memset(&p, 0, sizeof(p));
	p.data = raw;
	p.len = p.wire_len = 40 + sizeof(hbh) + sizeof(echo);
	ck_assert_int_eq(decode_packet(&p), 0);
	return p;
}

static bool
hit(const char *rule, const struct packet *p)
{
	harness_engine(rule);
	detect_packet(harness_dt, p, &harness_res);
	return harness_res.nalerts == 1;
}

/* The engine analysis of harness_de, as a string (caller frees). */
static char *
analysis(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	ck_assert_ptr_nonnull(f);
	ck_assert_int_eq(detect_engine_analysis(harness_de, f), 0);
	ck_assert_int_eq(fclose(f), 0);
	return buf;
}

static const uint8_t tcp_mss[24] = {
	0x04, 0x00, 0x00, 0x50, 0, 0, 0, 1, 0, 0, 0, 0,
	0x60, 0x02, 0x20, 0x00, 0, 0, 0, 0, 0x02, 0x04, 0x05, 0xb4,
};

/* --- header buffers --- */

START_TEST(test_ipv4_hdr_holds_the_options)
{
	static const uint8_t ra[4] = { 0x94, 0x04, 0x00, 0x00 };
	struct packet p = ipv4(IPPROTO_TCP, ra, sizeof(ra), tcp_mss,
	    sizeof(tcp_mss));

	ck_assert(hit("alert ip any any -> any any (ipv4.hdr; "
	    "content:\"|94 04 00 00|\"; offset:20; depth:4; sid:1;)", &p));
	harness_teardown();
	harness_setup();
	ck_assert(!hit("alert ip any any -> any any (ipv4.hdr; isdataat:24; "
	    "content:\"|45|\"; depth:1; sid:1;)", &p));
}
END_TEST

START_TEST(test_tcp_hdr_holds_the_options)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));

	ck_assert(hit("alert tcp any any -> any any (tcp.hdr; "
	    "content:\"|02 04|\"; offset:20; byte_test:2,=,1460,0,relative; "
	    "sid:1;)", &p));
}
END_TEST

START_TEST(test_udp_hdr_is_eight_bytes)
{
	static const uint8_t udp[12] = { 0x30, 0x39, 0x00, 0x35, 0x00, 12,
	    0, 0, 'd', 'a', 't', 'a' };
	struct packet p = ipv4(IPPROTO_UDP, NULL, 0, udp, sizeof(udp));

	ck_assert(hit("alert udp any any -> any any (udp.hdr; "
	    "content:\"|00 35|\"; offset:2; depth:2; sid:1;)", &p));
	harness_teardown();
	harness_setup();
	ck_assert(!hit("alert udp any any -> any any (udp.hdr; "
	    "content:\"data\"; sid:1;)", &p));
}
END_TEST

START_TEST(test_icmpv4_timestamp_header_has_the_timestamps)
{
	uint8_t ts[20] = { 13, 0, 0, 0, 0, 1, 0, 1 };
	struct packet p;

	memset(ts + 8, 0x11, 12);
	p = ipv4(IPPROTO_ICMP, NULL, 0, ts, sizeof(ts));
	ck_assert(hit("alert icmp any any -> any any (icmpv4.hdr; "
	    "content:\"|11 11 11 11|\"; offset:16; depth:4; sid:1;)", &p));
}
END_TEST

START_TEST(test_icmpv4_echo_header_is_eight_bytes)
{
	static const uint8_t echo[12] = { 8, 0, 0, 0, 0, 1, 0, 1,
	    'a', 'b', 'c', 'd' };
	struct packet p = ipv4(IPPROTO_ICMP, NULL, 0, echo, sizeof(echo));

	ck_assert(!hit("alert icmp any any -> any any (icmpv4.hdr; "
	    "content:\"abcd\"; sid:1;)", &p));
}
END_TEST

START_TEST(test_ipv6_hdr_holds_the_extension_headers)
{
	struct packet p = ipv6_hbh_icmpv6();

	ck_assert(hit("alert ip any any -> any any (ipv6.hdr; "
	    "content:\"|3a 00 01 04|\"; offset:40; depth:4; sid:1;)", &p));
	harness_teardown();
	harness_setup();
	ck_assert(hit("alert icmpv6 any any -> any any (icmpv6.hdr; "
	    "content:\"|80 00|\"; depth:2; content:\"|00 07 00 01|\"; "
	    "distance:2; within:4; isdataat:!1,relative; sid:1;)", &p));
}
END_TEST

START_TEST(test_ipv4_hdr_rule_does_not_match_ipv6)
{
	struct packet p = ipv6_hbh_icmpv6();

	ck_assert(!hit("alert ip any any -> any any (ipv4.hdr; "
	    "content:\"|60|\"; depth:1; sid:1;)", &p));
}
END_TEST

START_TEST(test_icmpv4_hdr_needs_a_rule_for_icmp)
{
	struct ruleset *rs = rules_ruleset_new();

	ck_assert_int_eq(rules_load_string(rs, "t.rules",
	    "alert tcp any any -> any any (icmpv4.hdr; content:\"a\"; "
	    "sid:1;)\n", NULL, &harness_dl), 0);
	ck_assert_uint_gt(harness_dl.errors, 0);
	rules_ruleset_free(rs);
}
END_TEST

/* --- fast pattern selection and per-buffer prefilters --- */

START_TEST(test_pkt_data_pattern_wins_over_a_longer_header_pattern)
{
	char *a;

	harness_engine("alert tcp any any -> any any (content:\"GET\"; "
	    "tcp.hdr; content:\"|00 50 00 00 00 01|\"; sid:1;)");
	a = analysis();
	ck_assert_ptr_nonnull(strstr(a, "fast pattern: \"GET\" buffer "
	    "pkt_data length 3"));
	free(a);
}
END_TEST

START_TEST(test_header_only_rule_prefilters_on_its_header)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));
	struct detect_stats st;
	char *a;

	harness_engine("alert tcp any any -> any any (tcp.hdr; "
	    "content:\"|02 04 05 b4|\"; sid:1;)\n"
	    "alert tcp any any -> any any (tcp.hdr; content:\"|02 04 05 b5|\"; "
	    "sid:2;)");
	a = analysis();
	ck_assert_ptr_nonnull(strstr(a, "buffer tcp.hdr length 4"));
	ck_assert_ptr_nonnull(strstr(a, "prefilter tcp.hdr: 2 patterns, "
	    "2 rules"));
	free(a);
	detect_packet(harness_dt, &p, &harness_res);
	detect_thread_stats(harness_dt, &st);
	ck_assert_uint_eq(harness_res.nalerts, 1);
	ck_assert_uint_eq(harness_res.alerts[0].sid, 1);
	ck_assert_uint_eq(st.candidates, 1);
}
END_TEST

START_TEST(test_rule_is_no_candidate_when_its_pattern_buffer_is_absent)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));
	struct detect_stats st;

	harness_engine("alert tcp any any -> any any (content:\"abc\"; "
	    "sid:1;)");
	detect_packet(harness_dt, &p, &harness_res);
	detect_thread_stats(harness_dt, &st);
	ck_assert_uint_eq(st.prefilter_scans, 0);
	ck_assert_uint_eq(st.rules_checked, 0);
}
END_TEST

START_TEST(test_analysis_warns_about_rules_without_fast_pattern)
{
	char *a;

	harness_engine("alert tcp any any -> any 80 (flags:S; sid:7;)\n"
	    "alert tcp any any -> any any (content:\"ab\"; sid:8;)");
	a = analysis();
	ck_assert_ptr_nonnull(strstr(a, "sid 7 rev 0 gid 1"));
	ck_assert_ptr_nonnull(strstr(a, "warning: no content"));
	ck_assert_ptr_nonnull(strstr(a, "warning: fast pattern of 2 "
	    "byte(s)"));
	ck_assert_ptr_nonnull(strstr(a, "tcp to_server ports 80-80: group"));
	ck_assert_ptr_nonnull(strstr(a, "== summary"));
	free(a);
}
END_TEST

START_TEST(test_profile_bounds_the_port_groups)
{
	struct detect_engine_opts o;
	struct detect_engine_info info[2];
	struct ruleset *rs;
	char rules[64 * 80] = "";

	for (int i = 0; i < 60; i++) {
		char line[80];

		snprintf(line, sizeof(line), "alert tcp any any -> any %d "
		    "(content:\"p%d\"; sid:%d;)\n", 1000 + i, i, i + 1);
		strcat(rules, line);
	}
	for (int k = 0; k < 2; k++) {
		struct detect_engine *de;

		detect_engine_opts_default(&o);
		detect_engine_opts_profile(&o, k == 0 ? DETECT_PROFILE_LOW :
		    DETECT_PROFILE_HIGH, 0, 0);
		rs = rules_ruleset_new();
		ck_assert_int_eq(rules_load_string(rs, "t.rules", rules, NULL,
		    &harness_dl), 0);
		de = detect_engine_build_opts(rs, &o, &harness_dl);
		ck_assert_ptr_nonnull(de);
		detect_engine_info(de, &info[k]);
		detect_engine_free(de);
	}
	/* low: 25 to the server (24 ports and the rest); high: all 60 */
	ck_assert_uint_lt(info[0].groups, info[1].groups);
	ck_assert_uint_le(info[0].groups, 25 + 5 * 2);
	ck_assert_uint_ge(info[1].groups, 61);
}
END_TEST

/* --- transactions through a fake tx source --- */

struct fake_tx {
	uint64_t	 id;
	int		 progress;
	const char	*data;
	void		*slot;
};

struct fake_state {
	struct fake_tx	 tx[4];
	uint64_t	 n;
};

#define FAKE_ALPROTO	9

static int	fake_buffer_id;

static bool
fake_get(void *tx, uint8_t dir, const uint8_t **buf, uint32_t *len)
{
	struct fake_tx *t = tx;

	if (dir != DETECT_TX_TOSERVER || t->data == NULL)
		return false;
	*buf = (const uint8_t *)t->data;
	*len = (uint32_t)strlen(t->data);
	return true;
}

static uint64_t
fake_count(void *state)
{
	return ((struct fake_state *)state)->n;
}

static void *
fake_tx_get(void *state, uint64_t i)
{
	return &((struct fake_state *)state)->tx[i];
}

static uint64_t
fake_id(void *state, void *tx)
{
	return ((struct fake_tx *)tx)->id;
}

static int
fake_progress(void *tx, uint8_t dir)
{
	return ((struct fake_tx *)tx)->progress;
}

static void **
fake_slot(void *ctx, void *tx)
{
	return &((struct fake_tx *)tx)->slot;
}

static struct fake_state fs;
static struct detect_tx_source src;

static void
tx_setup(void)
{
	static const struct detect_buffer b = {
		.name = "test.tx", .scope = DETECT_BUFFER_SCOPE_TX,
		.dirs = DETECT_BUFFER_TOSERVER, .fp_priority = 2,
		.alproto = FAKE_ALPROTO, .progress = { 2, 2 },
		.get_tx = fake_get,
	};

	harness_setup();
	fake_buffer_id = detect_buffer_register(&b);
	ck_assert_int_ge(fake_buffer_id, DETECT_BUFFER_MAX);
	memset(&fs, 0, sizeof(fs));
	memset(&src, 0, sizeof(src));
	src.state = &fs;
	src.alproto = FAKE_ALPROTO;
	src.tx_count = fake_count;
	src.tx_get = fake_tx_get;
	src.tx_id = fake_id;
	src.progress = fake_progress;
	src.complete[0] = src.complete[1] = 3;
	src.detect_slot = fake_slot;
}

static void
tx_teardown(void)
{
	for (int i = 0; i < 4; i++)
		detect_tx_state_free(fs.tx[i].slot);
	harness_teardown();
}

static const char tx_rule[] = "alert tcp any any -> any any (test.tx; "
    "content:\"evil\"; sid:1;)";

START_TEST(test_tx_rule_alerts_once_per_transaction)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));

	harness_engine(tx_rule);
	fs.n = 2;
	fs.tx[0] = (struct fake_tx){ .id = 4, .progress = 3, .data = "an evil" };
	fs.tx[1] = (struct fake_tx){ .id = 5, .progress = 2, .data = "evil" };
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 2);
	ck_assert(harness_res.alerts[0].has_tx);
	ck_assert_uint_eq(harness_res.alerts[0].tx_id, 4);
	ck_assert_uint_eq(harness_res.alerts[1].tx_id, 5);
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 0);
}
END_TEST

START_TEST(test_tx_rule_waits_for_the_buffer_progress)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));

	harness_engine("alert tcp any any -> any any (test.tx; "
	    "content:!\"good\"; sid:1;)");
	fs.n = 1;
	fs.tx[0] = (struct fake_tx){ .id = 1, .progress = 1, .data = "ev" };
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 0);
	fs.tx[0].progress = 2;
	fs.tx[0].data = "evil";
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 1);
}
END_TEST

START_TEST(test_tx_rule_needs_its_app_protocol)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));

	harness_engine(tx_rule);
	fs.n = 1;
	fs.tx[0] = (struct fake_tx){ .id = 1, .progress = 3, .data = "evil" };
	src.alproto = FAKE_ALPROTO + 1;
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 0);
	detect_packet(harness_dt, &p, &harness_res);
	ck_assert_uint_eq(harness_res.nalerts, 0);
}
END_TEST

START_TEST(test_finished_tx_is_not_inspected_again)
{
	struct packet p = ipv4(IPPROTO_TCP, NULL, 0, tcp_mss,
	    sizeof(tcp_mss));
	struct detect_stats st;

	harness_engine(tx_rule);
	fs.n = 1;
	fs.tx[0] = (struct fake_tx){ .id = 1, .progress = 3, .data = "good" };
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	detect_packet_tx(harness_dt, &p, &src, &harness_res);
	detect_thread_stats(harness_dt, &st);
	ck_assert_uint_eq(st.txs_inspected, 1);
	ck_assert_uint_eq(harness_res.nalerts, 0);
}
END_TEST

START_TEST(test_legacy_modifier_moves_the_content_into_a_buffer)
{
	struct ruleset *rs = rules_ruleset_new();
	struct rule **rules;
	size_t n;

	ck_assert_int_eq(rules_load_string(rs, "t.rules",
	    "alert tcp any any -> any any (content:\"a\"; content:\"b\"; "
	    "sid:1;)\n", NULL, &harness_dl), 0);
	rules_ruleset_take(rs, &rules, &n);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(detect_buffer_move_last_content(rules[0],
	    (enum detect_buffer_id)fake_buffer_id), 0);
	ck_assert_uint_eq(rules[0]->matches[rules[0]->nmatches - 1].buffer,
	    fake_buffer_id);
	ck_assert_uint_eq(rules[0]->matches[0].buffer, DETECT_BUFFER_PAYLOAD);
	rules_rule_free(rules[0]);
	free(rules);
	rules_ruleset_free(rs);
}
END_TEST

/* --- differential: grouped engine against a linear scan --- */

static uint64_t rng = 0x9e3779b97f4a7c15ull;

static uint32_t
rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)(rng % n);
}

static const char alpha[] = "abcAB\x01";

static void
rnd_word(char *out, size_t len)
{
	for (size_t i = 0; i < len; i++)
		out[i] = alpha[rnd(sizeof(alpha) - 2)];
	out[len] = '\0';
}

static const char *const protos[] = { "tcp", "udp", "icmp", "ip" };
static const char *const ports[] = { "any", "80", "[80,443]", "1000:1010",
    "!80", "53", "443" };

/* Random rules over few ports and a small alphabet, so that groups,
 * prefilters and matches all happen. */
static char *
rnd_rules(unsigned n)
{
	size_t cap = (size_t)n * 200, len = 0;
	char *s = malloc(cap);

	ck_assert_ptr_nonnull(s);
	for (unsigned i = 0; i < n; i++) {
		char w1[8], w2[8], opts[160] = "";
		const char *proto = protos[rnd(4)];

		rnd_word(w1, 2 + rnd(3));
		rnd_word(w2, 1 + rnd(3));
		switch (rnd(6)) {
		case 0:
			snprintf(opts, sizeof(opts), "content:\"%s\"; "
			    "nocase;", w1);
			break;
		case 1:
			snprintf(opts, sizeof(opts), "content:\"%s\"; "
			    "content:\"%s\"; distance:0;", w1, w2);
			break;
		case 2:
			snprintf(opts, sizeof(opts), "content:!\"%s\";", w1);
			break;
		case 3:
			snprintf(opts, sizeof(opts), "ipv4.hdr; "
			    "content:\"|40|\"; offset:8; depth:1; "
			    "pkt_data; content:\"%s\";", w2);
			break;
		case 4:
			snprintf(opts, sizeof(opts), "dsize:>%u;", rnd(20));
			break;
		default:
			snprintf(opts, sizeof(opts), "content:\"%s\"; "
			    "fast_pattern; content:\"%s\";", w2, w1);
			break;
		}
		len += (size_t)snprintf(s + len, cap - len, "alert %s any %s "
		    "%s %s any %s (%s sid:%u;)\n", proto,
		    rnd(3) == 0 ? ports[rnd(7)] : "any",
		    rnd(5) == 0 ? "<>" : "->", "", ports[rnd(7)], opts, i + 1);
	}
	return s;
}

static struct detect_engine *
build(const char *rules, const char *mpm, bool linear)
{
	struct detect_engine_opts o;
	struct ruleset *rs = rules_ruleset_new();
	struct detect_engine *de;

	detect_engine_opts_default(&o);
	o.mpm = mpm;
	o.linear = linear;
	detect_engine_opts_profile(&o, DETECT_PROFILE_CUSTOM, 3, 4);
	ck_assert_int_eq(rules_load_string(rs, "t.rules", rules, NULL,
	    &harness_dl), 0);
	de = detect_engine_build_opts(rs, &o, &harness_dl);
	ck_assert_ptr_nonnull(de);
	return de;
}

static struct packet
rnd_packet(uint8_t *payload, size_t cap)
{
	static const uint8_t proto[3] = { IPPROTO_TCP, IPPROTO_UDP,
	    IPPROTO_ICMP };
	static const uint16_t pp[6] = { 80, 443, 53, 1005, 22, 8080 };
	uint8_t l4[200];
	size_t plen = rnd(60), hl;
	uint8_t pr = proto[rnd(3)];
	uint16_t sport = pp[rnd(6)], dport = pp[rnd(6)];
	struct packet p;

	memset(l4, 0, sizeof(l4));
	hl = pr == IPPROTO_TCP ? 20 : 8;
	if (pr == IPPROTO_TCP)
		l4[12] = 0x50;
	if (pr == IPPROTO_ICMP)
		l4[0] = 8;
	else {
		l4[0] = (uint8_t)(sport >> 8);
		l4[1] = (uint8_t)sport;
		l4[2] = (uint8_t)(dport >> 8);
		l4[3] = (uint8_t)dport;
	}
	if (pr == IPPROTO_UDP) {
		l4[4] = (uint8_t)((8 + plen) >> 8);
		l4[5] = (uint8_t)(8 + plen);
	}
	for (size_t i = 0; i < plen && hl + i < cap; i++)
		l4[hl + i] = (uint8_t)alpha[rnd(sizeof(alpha) - 1)];
	(void)payload;
	p = ipv4(pr, NULL, 0, l4, hl + plen);
	p.flow_flags = rnd(2) ? PKT_FLOW_TO_SERVER : PKT_FLOW_TO_CLIENT;
	return p;
}

static int
u32_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static void
differential(const char *mpm)
{
	char *rules = rnd_rules(400);
	struct detect_engine *grouped = build(rules, mpm, false);
	struct detect_engine *linear = build(rules, mpm, true);
	struct detect_thread *tg = detect_thread_new(grouped);
	struct detect_thread *tl = detect_thread_new(linear);
	struct detect_result rg, rl;
	struct detect_engine_info info;
	uint8_t payload[200];
	unsigned alerts = 0;

	ck_assert_ptr_nonnull(tg);
	ck_assert_ptr_nonnull(tl);
	detect_engine_info(grouped, &info);
	ck_assert_uint_gt(info.groups, 4);
	for (int i = 0; i < 3000; i++) {
		struct packet p = rnd_packet(payload, sizeof(payload));
		uint32_t a[DETECT_MAX_ALERTS], b[DETECT_MAX_ALERTS];

		detect_packet(tg, &p, &rg);
		detect_packet(tl, &p, &rl);
		ck_assert_uint_eq(rg.nalerts, rl.nalerts);
		ck_assert_uint_eq(rg.alerts_dropped, rl.alerts_dropped);
		for (uint32_t k = 0; k < rg.nalerts; k++) {
			a[k] = rg.alerts[k].sid;
			b[k] = rl.alerts[k].sid;
		}
		qsort(a, rg.nalerts, sizeof(*a), u32_cmp);
		qsort(b, rl.nalerts, sizeof(*b), u32_cmp);
		for (uint32_t k = 0; k < rg.nalerts; k++)
			ck_assert_uint_eq(a[k], b[k]);
		alerts += rg.nalerts;
	}
	/* the comparison saw matches, not only silence */
	ck_assert_uint_gt(alerts, 500);
	detect_thread_free(tg);
	detect_thread_free(tl);
	detect_engine_free(grouped);
	detect_engine_free(linear);
	free(rules);
}

START_TEST(test_grouped_engine_agrees_with_a_linear_scan_ac)
{
	differential("ac");
}
END_TEST

START_TEST(test_grouped_engine_agrees_with_a_linear_scan_auto)
{
	/* Hyperscan where built in and usable, else Aho-Corasick again */
	differential("auto");
}
END_TEST

static Suite *
engine_suite(void)
{
	Suite *s = suite_create("engine");
	TCase *b = tcase_create("buffers");
	TCase *pf = tcase_create("prefilter");
	TCase *tx = tcase_create("tx");
	TCase *d = tcase_create("differential");

	tcase_add_checked_fixture(b, harness_setup, harness_teardown);
	tcase_add_test(b, test_ipv4_hdr_holds_the_options);
	tcase_add_test(b, test_tcp_hdr_holds_the_options);
	tcase_add_test(b, test_udp_hdr_is_eight_bytes);
	tcase_add_test(b, test_icmpv4_timestamp_header_has_the_timestamps);
	tcase_add_test(b, test_icmpv4_echo_header_is_eight_bytes);
	tcase_add_test(b, test_ipv6_hdr_holds_the_extension_headers);
	tcase_add_test(b, test_ipv4_hdr_rule_does_not_match_ipv6);
	tcase_add_test(b, test_icmpv4_hdr_needs_a_rule_for_icmp);
	suite_add_tcase(s, b);

	tcase_add_checked_fixture(pf, harness_setup, harness_teardown);
	tcase_add_test(pf, test_pkt_data_pattern_wins_over_a_longer_header_pattern);
	tcase_add_test(pf, test_header_only_rule_prefilters_on_its_header);
	tcase_add_test(pf, test_rule_is_no_candidate_when_its_pattern_buffer_is_absent);
	tcase_add_test(pf, test_analysis_warns_about_rules_without_fast_pattern);
	tcase_add_test(pf, test_profile_bounds_the_port_groups);
	suite_add_tcase(s, pf);

	tcase_add_checked_fixture(tx, tx_setup, tx_teardown);
	tcase_add_test(tx, test_tx_rule_alerts_once_per_transaction);
	tcase_add_test(tx, test_tx_rule_waits_for_the_buffer_progress);
	tcase_add_test(tx, test_tx_rule_needs_its_app_protocol);
	tcase_add_test(tx, test_finished_tx_is_not_inspected_again);
	tcase_add_test(tx, test_legacy_modifier_moves_the_content_into_a_buffer);
	suite_add_tcase(s, tx);

	tcase_add_checked_fixture(d, harness_setup, harness_teardown);
	tcase_set_timeout(d, 120);
	tcase_add_test(d, test_grouped_engine_agrees_with_a_linear_scan_ac);
	tcase_add_test(d, test_grouped_engine_agrees_with_a_linear_scan_auto);
	suite_add_tcase(s, d);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(engine_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
