/* lib/capture/pcap: captures are written into a temporary directory by
 * each test (libpcap's pcap_dump for pcap, by hand for pcapng), then read
 * back through the module API. */
#include "core/base.h"

#include <sys/stat.h>
#include <arpa/inet.h>
#include <limits.h>
#include <stdio.h>
#include <unistd.h>

#include <check.h>
#include <pcap/pcap.h>

#include "capture/pcap.h"
#include "decode/decode.h"

#define TS_SEC		1700000000
#define TS_USEC		123456
#define IPV4_TCP_LEN	44	/* 20 IPv4 + 20 TCP + "GET " */
#define IPV6_UDP_LEN	52	/* 40 IPv6 + 8 UDP + 4 payload */
#define ETH_LEN		14
#define MAX_RECS	8

struct rec {
	uint8_t		 b[256];
	uint32_t	 caplen;
	uint32_t	 len;		/* original length; 0 = caplen */
};

static char tmpdir[PATH_MAX - 16];	/* room for "/t.pcap" in cap_path */
static char cap_path[PATH_MAX];
static char err[512];
static struct rec recs[MAX_RECS];
static size_t nrecs;
/* records next_ip passed over: not IP, or cut short (an event) */
static unsigned skipped_n, truncated_n;

static void	dir_setup(void);
static void	dir_teardown(void);
static void	setup(void);
static void	put(struct rec *r, const void *b, size_t n);
static void	put16(struct rec *r, uint16_t v);
static uint16_t	cksum(const uint8_t *b, size_t n, uint32_t sum);
static struct rec *rec_new(void);
static void	eth(struct rec *r, uint16_t type);
static void	vlan_tag(struct rec *r, uint16_t vid, uint16_t type);
static void	sll(struct rec *r, uint16_t proto);
static void	sll2(struct rec *r, uint16_t proto);
static void	null_host(struct rec *r, uint32_t af);
static void	null_swapped(struct rec *r, uint32_t af);
static void	loop_hdr(struct rec *r, uint32_t af);
static void	ipv4_tcp(struct rec *r);
static void	ipv6_udp(struct rec *r);
static void	arp(struct rec *r);
static void	write_pcap_prec(int dlt, u_int precision);
static void	write_pcap(int dlt);
static void	write_pcapng(void);
static off_t	file_size(void);
static struct capture_pcap *open_ok(void);
static int	next_ip(struct capture_pcap *, struct packet *);

/* Unchecked fixture: runs in the parent once per test case, so the
 * directory goes away even when a forked test fails. */
static void
dir_setup(void)
{
	const char *t = getenv("TMPDIR");

	snprintf(tmpdir, sizeof(tmpdir), "%s/check_pcap.XXXXXX",
	    t != NULL && *t != '\0' ? t : "/tmp");
	ck_assert_ptr_nonnull(mkdtemp(tmpdir));
	snprintf(cap_path, sizeof(cap_path), "%s/t.pcap", tmpdir);
}

static void
dir_teardown(void)
{
	unlink(cap_path);
	rmdir(tmpdir);
}

/* Every test starts with no records and no capture file. */
static void
setup(void)
{
	unlink(cap_path);
	memset(recs, 0, sizeof(recs));
	nrecs = 0;
	err[0] = '\0';
	skipped_n = truncated_n = 0;
}

static void
put(struct rec *r, const void *b, size_t n)
{
	ck_assert_uint_le(r->caplen + n, sizeof(r->b));
	memcpy(r->b + r->caplen, b, n);
	r->caplen += n;
}

static void
put16(struct rec *r, uint16_t v)
{
	uint8_t b[2] = { v >> 8, v & 0xff };

	put(r, b, 2);
}

/* Internet checksum of b, continuing from sum. */
static uint16_t
cksum(const uint8_t *b, size_t n, uint32_t sum)
{
	size_t i;

	for (i = 0; i + 1 < n; i += 2)
		sum += (uint32_t)b[i] << 8 | b[i + 1];
	if (n & 1)
		sum += (uint32_t)b[n - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

static struct rec *
rec_new(void)
{
	ck_assert_uint_lt(nrecs, MAX_RECS);
	return &recs[nrecs++];
}

static void
eth(struct rec *r, uint16_t type)
{
	static const uint8_t macs[12] = {
		0x02, 0, 0, 0, 0, 0x02,		/* destination */
		0x02, 0, 0, 0, 0, 0x01,		/* source */
	};

	put(r, macs, sizeof(macs));
	put16(r, type);
}

/* One 802.1Q/802.1ad tag: TCI, then the type that follows it. */
static void
vlan_tag(struct rec *r, uint16_t vid, uint16_t type)
{
	put16(r, vid);
	put16(r, type);
}

static void
sll(struct rec *r, uint16_t proto)
{
	static const uint8_t hdr[14] = {
		0, 0,				/* packet type: to us */
		0, 1,				/* ARPHRD_ETHER */
		0, 6,				/* address length */
		0x02, 0, 0, 0, 0, 0x01, 0, 0,	/* address, padded to 8 */
	};

	put(r, hdr, sizeof(hdr));
	put16(r, proto);
}

static void
sll2(struct rec *r, uint16_t proto)
{
	static const uint8_t rest[18] = {
		0, 0,				/* reserved */
		0, 0, 0, 2,			/* interface index */
		0, 1,				/* ARPHRD_ETHER */
		0,				/* packet type */
		6,				/* address length */
		0x02, 0, 0, 0, 0, 0x01, 0, 0,	/* address, padded to 8 */
	};

	put16(r, proto);
	put(r, rest, sizeof(rest));
}

static void
null_host(struct rec *r, uint32_t af)
{
	put(r, &af, 4);
}

/* As written by a capturing host of the other byte order. */
static void
null_swapped(struct rec *r, uint32_t af)
{
	uint32_t v = __builtin_bswap32(af);

	put(r, &v, 4);
}

static void
loop_hdr(struct rec *r, uint32_t af)
{
	uint32_t v = htonl(af);

	put(r, &v, 4);
}

/* 198.18.0.1:49152 -> 198.19.0.2:80, PSH|ACK, payload "GET ". */
static void
ipv4_tcp(struct rec *r)
{
	uint8_t p[IPV4_TCP_LEN] = {
		0x45, 0x00, 0, IPV4_TCP_LEN,	/* version, IHL, length */
		0x12, 0x34, 0x40, 0x00,		/* id, DF */
		64, 6, 0, 0,			/* TTL, TCP, checksum */
		198, 18, 0, 1,
		198, 19, 0, 2,
		0xc0, 0x00, 0x00, 80,		/* ports */
		0, 0, 0, 1,			/* seq */
		0, 0, 0, 2,			/* ack */
		0x50, 0x18, 0xff, 0xff,		/* offset, PSH|ACK, window */
		0, 0, 0, 0,			/* checksum, urgent */
		'G', 'E', 'T', ' ',
	};
	uint8_t pseudo[12] = { 198, 18, 0, 1, 198, 19, 0, 2, 0, 6, 0, 24 };
	uint16_t c;

	c = cksum(p, 20, 0);
	p[10] = c >> 8;
	p[11] = c & 0xff;
	c = cksum(p + 20, 24, (uint32_t)(uint16_t)~cksum(pseudo, 12, 0));
	p[36] = c >> 8;
	p[37] = c & 0xff;
	put(r, p, sizeof(p));
}

/* [2001:2::1]:5353 -> [2001:2::2]:53, payload "quel". */
static void
ipv6_udp(struct rec *r)
{
	uint8_t p[IPV6_UDP_LEN] = {
		0x60, 0, 0, 0,			/* version, class, label */
		0, 12, 17, 64,			/* payload length, UDP, hops */
		0x20, 0x01, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1,
		0x20, 0x01, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2,
		0x14, 0xe9, 0, 53, 0, 12, 0, 0,	/* ports, length, checksum */
		'q', 'u', 'e', 'l',
	};
	uint8_t pseudo[8] = { 0, 0, 0, 12, 0, 0, 0, 17 };
	uint32_t sum;
	uint16_t c;

	sum = (uint16_t)~cksum(p + 8, 32, 0);
	sum += (uint16_t)~cksum(pseudo, 8, 0);
	c = cksum(p + 40, 12, sum);
	p[46] = c >> 8;
	p[47] = c & 0xff;
	put(r, p, sizeof(p));
}

/* Ethernet ARP request, who-has 198.19.0.2. */
static void
arp(struct rec *r)
{
	static const uint8_t p[28] = {
		0, 1, 0x08, 0x00, 6, 4, 0, 1,
		0x02, 0, 0, 0, 0, 0x01, 198, 18, 0, 1,
		0, 0, 0, 0, 0, 0, 198, 19, 0, 2,
	};

	eth(r, 0x0806);
	put(r, p, sizeof(p));
}

/* Writes recs[] to cap_path; record i is stamped TS_SEC + i seconds and
 * TS_USEC + i microseconds (or nanoseconds for a nanosecond file). */
static void
write_pcap_prec(int dlt, u_int precision)
{
	pcap_t *pc = pcap_open_dead_with_tstamp_precision(dlt, 65535,
	    precision);
	pcap_dumper_t *d;
	size_t i;

	ck_assert_ptr_nonnull(pc);
	d = pcap_dump_open(pc, cap_path);
	ck_assert_msg(d != NULL, "%s", pcap_geterr(pc));
	for (i = 0; i < nrecs; i++) {
		struct pcap_pkthdr h = {
			.ts = { .tv_sec = TS_SEC + (time_t)i,
			    .tv_usec = TS_USEC + (suseconds_t)i },
			.caplen = recs[i].caplen,
			.len = recs[i].len != 0 ? recs[i].len : recs[i].caplen,
		};

		pcap_dump((u_char *)d, &h, recs[i].b);
	}
	pcap_dump_close(d);
	pcap_close(pc);
}

static void
write_pcap(int dlt)
{
	write_pcap_prec(dlt, PCAP_TSTAMP_PRECISION_MICRO);
}

/* pcapng by hand, host byte order: a section header, one Ethernet
 * interface (default microsecond resolution), an enhanced packet block
 * per record. */
static void
write_pcapng(void)
{
	/* 16-bit fields are stored through memcpy to stay host order */
	uint32_t shb[7] = { 0x0a0d0d0a, 28, 0x1a2b3c4d, 0,
	    0xffffffff, 0xffffffff, 28 };	/* section length -1 */
	uint32_t idb[5] = { 0x00000001, 20, 0, 65535, 20 };
	const uint16_t version[2] = { 1, 0 };
	const uint16_t link[2] = { DLT_EN10MB, 0 };
	FILE *fp = fopen(cap_path, "wb");
	size_t i;

	ck_assert_ptr_nonnull(fp);
	memcpy(&shb[3], version, 4);
	memcpy(&idb[2], link, 4);
	ck_assert_uint_eq(fwrite(shb, sizeof(shb), 1, fp), 1);
	ck_assert_uint_eq(fwrite(idb, sizeof(idb), 1, fp), 1);
	for (i = 0; i < nrecs; i++) {
		uint64_t us = (uint64_t)(TS_SEC + i) * 1000000 + TS_USEC + i;
		uint32_t padded = (recs[i].caplen + 3) & ~3u;
		uint32_t total = 32 + padded;
		uint32_t epb[7] = {
			0x00000006, total, 0,		/* interface 0 */
			(uint32_t)(us >> 32), (uint32_t)us,
			recs[i].caplen, recs[i].caplen,
		};
		uint8_t pad[4] = { 0 };

		ck_assert_uint_eq(fwrite(epb, sizeof(epb), 1, fp), 1);
		ck_assert_uint_eq(fwrite(recs[i].b, recs[i].caplen, 1, fp), 1);
		ck_assert_uint_eq(fwrite(pad, padded - recs[i].caplen, 1, fp),
		    padded != recs[i].caplen);
		ck_assert_uint_eq(fwrite(&total, 4, 1, fp), 1);
	}
	ck_assert_int_eq(fclose(fp), 0);
}

static off_t
file_size(void)
{
	struct stat st;

	ck_assert_int_eq(stat(cap_path, &st), 0);
	return st.st_size;
}

static struct capture_pcap *
open_ok(void)
{
	struct capture_pcap *cp = capture_pcap_open(cap_path, err,
	    sizeof(err));

	ck_assert_msg(cp != NULL, "%s", err);
	return cp;
}

/* The reader hands out whole records; the decoder removes the link
 * layer (lib/decode/link.c). The next record that decodes as IP, seen
 * as the tests below look at it: data at the IP header, lengths from
 * there. Records that do not decode are counted as skipped (not IP, no
 * event) or truncated (an event says it is cut short). */
static int
next_ip(struct capture_pcap *cp, struct packet *p)
{
	int rc;

	while ((rc = capture_pcap_next(cp, p, err, sizeof(err))) == 1) {
		uint32_t off;

		if (decode_packet(p) == -1) {
			if (decode_event_any(p->events))
				truncated_n++;
			else
				skipped_n++;
			continue;
		}
		off = (uint32_t)(p->l3 - p->data);
		p->data = p->l3;
		p->len -= off;
		p->wire_len -= off;
		return 1;
	}
	return rc;
}

/* ---- Ethernet ---- */

START_TEST(test_ethernet_ipv4_packet_starts_at_ip_header)
{
	struct capture_pcap *cp;
	struct packet p;

	eth(rec_new(), 0x0800);
	ipv4_tcp(&recs[0]);
	write_pcap(DLT_EN10MB);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p), 1);
	ck_assert_uint_eq(p.data[0] >> 4, 4);
	ck_assert_uint_eq(p.len, IPV4_TCP_LEN);
	ck_assert_uint_eq(p.wire_len, IPV4_TCP_LEN);
	ck_assert_mem_eq(p.data, recs[0].b + ETH_LEN, IPV4_TCP_LEN);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_ethernet_ipv6_packet_starts_at_ip_header)
{
	struct capture_pcap *cp;
	struct packet p;

	eth(rec_new(), 0x86dd);
	ipv6_udp(&recs[0]);
	write_pcap(DLT_EN10MB);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p), 1);
	ck_assert_uint_eq(p.data[0] >> 4, 6);
	ck_assert_uint_eq(p.len, IPV6_UDP_LEN);
	ck_assert_uint_eq(p.wire_len, IPV6_UDP_LEN);
	ck_assert_mem_eq(p.data, recs[0].b + ETH_LEN, IPV6_UDP_LEN);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_records_keep_their_timestamps_in_order)
{
	struct capture_pcap *cp;
	struct packet p1, p2;

	eth(rec_new(), 0x0800);
	ipv4_tcp(&recs[0]);
	eth(rec_new(), 0x86dd);
	ipv6_udp(&recs[1]);
	write_pcap(DLT_EN10MB);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p1), 1);
	ck_assert_int_eq(p1.ts.tv_sec, TS_SEC);
	ck_assert_int_eq(p1.ts.tv_nsec, TS_USEC * 1000L);
	ck_assert_int_eq(next_ip(cp, &p2), 1);
	ck_assert_int_eq(p2.ts.tv_sec, TS_SEC + 1);
	ck_assert_int_eq(p2.ts.tv_nsec, (TS_USEC + 1) * 1000L);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_nanosecond_capture_keeps_nanoseconds)
{
	struct capture_pcap *cp;
	struct packet p;

	eth(rec_new(), 0x0800);
	ipv4_tcp(&recs[0]);
	write_pcap_prec(DLT_EN10MB, PCAP_TSTAMP_PRECISION_NANO);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p), 1);
	ck_assert_int_eq(p.ts.tv_sec, TS_SEC);
	ck_assert_int_eq(p.ts.tv_nsec, TS_USEC);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_snapped_record_has_wire_len_beyond_len)
{
	struct capture_pcap *cp;
	struct packet p;

	eth(rec_new(), 0x0800);
	ipv4_tcp(&recs[0]);
	recs[0].caplen = ETH_LEN + 30;
	recs[0].len = ETH_LEN + IPV4_TCP_LEN;
	write_pcap(DLT_EN10MB);
	cp = open_ok();
	ck_assert_int_eq(capture_pcap_next(cp, &p, err, sizeof(err)), 1);
	ck_assert_uint_eq(p.len, ETH_LEN + 30);
	ck_assert_uint_eq(p.wire_len, ETH_LEN + IPV4_TCP_LEN);
	/* As Suricata's: a datagram cut by the snap length is not IPv4 */
	ck_assert_int_eq(decode_packet(&p), -1);
	ck_assert(decode_event_has(p.events, DECODE_EV_IPV4_TRUNC_PKT));
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_ethernet_padding_stays_in_len)
{
	static const uint8_t pad[10];
	struct capture_pcap *cp;
	struct packet p;

	eth(rec_new(), 0x0800);
	ipv4_tcp(&recs[0]);
	put(&recs[0], pad, sizeof(pad));
	write_pcap(DLT_EN10MB);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p), 1);
	ck_assert_uint_eq(p.len, IPV4_TCP_LEN + sizeof(pad));
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_vlan_tag_is_stripped)
{
	struct capture_pcap *cp;
	struct packet p;

	eth(rec_new(), 0x8100);
	vlan_tag(&recs[0], 100, 0x0800);
	ipv4_tcp(&recs[0]);
	write_pcap(DLT_EN10MB);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p), 1);
	ck_assert_uint_eq(p.data[0], 0x45);
	ck_assert_uint_eq(p.len, IPV4_TCP_LEN);
	ck_assert_uint_eq(p.wire_len, IPV4_TCP_LEN);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_qinq_tags_are_stripped)
{
	struct capture_pcap *cp;
	struct packet p;

	eth(rec_new(), 0x88a8);
	vlan_tag(&recs[0], 10, 0x8100);
	vlan_tag(&recs[0], 20, 0x86dd);
	ipv6_udp(&recs[0]);
	write_pcap(DLT_EN10MB);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p), 1);
	ck_assert_uint_eq(p.data[0], 0x60);
	ck_assert_uint_eq(p.len, IPV6_UDP_LEN);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_old_qinq_ethertype_is_stripped)
{
	struct capture_pcap *cp;
	struct packet p;

	eth(rec_new(), 0x9100);
	vlan_tag(&recs[0], 10, 0x8100);
	vlan_tag(&recs[0], 20, 0x0800);
	ipv4_tcp(&recs[0]);
	write_pcap(DLT_EN10MB);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p), 1);
	ck_assert_uint_eq(p.data[0], 0x45);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_five_stacked_vlan_tags_are_too_many_layers)
{
	struct capture_pcap_stats st;
	struct capture_pcap *cp;
	struct packet p;

	eth(rec_new(), 0x8100);
	vlan_tag(&recs[0], 1, 0x8100);
	vlan_tag(&recs[0], 2, 0x8100);
	vlan_tag(&recs[0], 3, 0x8100);
	vlan_tag(&recs[0], 4, 0x8100);
	vlan_tag(&recs[0], 5, 0x0800);
	ipv4_tcp(&recs[0]);
	write_pcap(DLT_EN10MB);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p), 0);
	capture_pcap_stats(cp, &st);
	ck_assert_uint_eq(truncated_n, 1);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_arp_is_skipped_and_counted)
{
	struct capture_pcap_stats st;
	struct capture_pcap *cp;
	struct packet p;

	arp(rec_new());
	eth(rec_new(), 0x0800);
	ipv4_tcp(&recs[1]);
	write_pcap(DLT_EN10MB);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p), 1);
	ck_assert_uint_eq(p.data[0], 0x45);
	ck_assert_int_eq(p.ts.tv_sec, TS_SEC + 1);
	capture_pcap_stats(cp, &st);
	ck_assert_uint_eq(st.packets, 2);
	ck_assert_uint_eq(skipped_n, 1);
	ck_assert_uint_eq(truncated_n, 0);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_record_shorter_than_ethernet_header_is_truncated)
{
	struct capture_pcap_stats st;
	struct capture_pcap *cp;
	struct packet p;

	eth(rec_new(), 0x0800);
	recs[0].caplen = 10;
	recs[0].len = ETH_LEN + IPV4_TCP_LEN;
	eth(rec_new(), 0x86dd);
	ipv6_udp(&recs[1]);
	write_pcap(DLT_EN10MB);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p), 1);
	ck_assert_uint_eq(p.data[0], 0x60);
	capture_pcap_stats(cp, &st);
	ck_assert_uint_eq(st.packets, 2);
	ck_assert_uint_eq(truncated_n, 1);
	ck_assert_uint_eq(skipped_n, 0);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_record_cut_inside_vlan_tag_is_truncated)
{
	struct capture_pcap_stats st;
	struct capture_pcap *cp;
	struct packet p;

	eth(rec_new(), 0x8100);
	put16(&recs[0], 100);
	write_pcap(DLT_EN10MB);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p), 0);
	capture_pcap_stats(cp, &st);
	ck_assert_uint_eq(truncated_n, 1);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_returned_packet_decodes_as_tcp)
{
	struct capture_pcap *cp;
	struct packet p;

	eth(rec_new(), 0x8100);
	vlan_tag(&recs[0], 7, 0x0800);
	ipv4_tcp(&recs[0]);
	write_pcap(DLT_EN10MB);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p), 1);
	ck_assert_uint_eq(p.vlan_n, 1);
	ck_assert_uint_eq(p.vlan[0], 7);
	ck_assert_uint_eq(p.proto, 6);
	ck_assert_uint_eq(p.sport, 49152);
	ck_assert_uint_eq(p.dport, 80);
	ck_assert_uint_eq(p.payload_len, 4);
	capture_pcap_close(cp);
}
END_TEST

/* ---- raw IP ---- */

START_TEST(test_raw_link_returns_ipv4_and_ipv6_records)
{
	struct capture_pcap *cp;
	struct packet p1, p2;

	ipv4_tcp(rec_new());
	ipv6_udp(rec_new());
	write_pcap(DLT_RAW);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p1), 1);
	ck_assert_uint_eq(p1.data[0] >> 4, 4);
	ck_assert_uint_eq(p1.len, IPV4_TCP_LEN);
	ck_assert_uint_eq(p1.wire_len, IPV4_TCP_LEN);
	ck_assert_int_eq(next_ip(cp, &p2), 1);
	ck_assert_uint_eq(p2.data[0] >> 4, 6);
	ck_assert_uint_eq(p2.len, IPV6_UDP_LEN);
	ck_assert_int_eq(p2.ts.tv_sec, TS_SEC + 1);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_raw_link_reports_dlt_raw)
{
	struct capture_pcap *cp;

	ipv4_tcp(rec_new());
	write_pcap(DLT_RAW);
	cp = open_ok();
	ck_assert_int_eq(capture_pcap_linktype(cp), DLT_RAW);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_ipv4_link_returns_ipv4_record)
{
	struct capture_pcap *cp;
	struct packet p;

	ipv4_tcp(rec_new());
	ipv4_tcp(rec_new());
	write_pcap(DLT_IPV4);
	cp = open_ok();
	ck_assert_int_eq(capture_pcap_linktype(cp), DLT_IPV4);
	ck_assert_int_eq(next_ip(cp, &p), 1);
	ck_assert_uint_eq(p.data[0] >> 4, 4);
	ck_assert_uint_eq(p.len, IPV4_TCP_LEN);
	ck_assert_uint_eq(p.wire_len, IPV4_TCP_LEN);
	ck_assert_int_eq(p.ts.tv_nsec, TS_USEC * 1000L);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_ipv6_link_returns_ipv6_record)
{
	struct capture_pcap *cp;
	struct packet p;

	ipv6_udp(rec_new());
	ipv6_udp(rec_new());
	write_pcap(DLT_IPV6);
	cp = open_ok();
	ck_assert_int_eq(capture_pcap_linktype(cp), DLT_IPV6);
	ck_assert_int_eq(next_ip(cp, &p), 1);
	ck_assert_uint_eq(p.data[0] >> 4, 6);
	ck_assert_uint_eq(p.len, IPV6_UDP_LEN);
	ck_assert_uint_eq(p.wire_len, IPV6_UDP_LEN);
	capture_pcap_close(cp);
}
END_TEST

/* ---- Linux cooked ---- */

START_TEST(test_linux_cooked_v1_header_is_stripped)
{
	struct capture_pcap *cp;
	struct packet p1, p2;

	sll(rec_new(), 0x0800);
	ipv4_tcp(&recs[0]);
	sll(rec_new(), 0x86dd);
	ipv6_udp(&recs[1]);
	write_pcap(DLT_LINUX_SLL);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p1), 1);
	ck_assert_uint_eq(p1.data[0] >> 4, 4);
	ck_assert_uint_eq(p1.len, IPV4_TCP_LEN);
	ck_assert_uint_eq(p1.wire_len, IPV4_TCP_LEN);
	ck_assert_int_eq(next_ip(cp, &p2), 1);
	ck_assert_uint_eq(p2.data[0] >> 4, 6);
	ck_assert_uint_eq(p2.len, IPV6_UDP_LEN);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_linux_cooked_v2_header_is_stripped)
{
	struct capture_pcap *cp;
	struct packet p1, p2;

	sll2(rec_new(), 0x0800);
	ipv4_tcp(&recs[0]);
	sll2(rec_new(), 0x86dd);
	ipv6_udp(&recs[1]);
	write_pcap(DLT_LINUX_SLL2);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p1), 1);
	ck_assert_uint_eq(p1.data[0] >> 4, 4);
	ck_assert_uint_eq(p1.len, IPV4_TCP_LEN);
	ck_assert_int_eq(next_ip(cp, &p2), 1);
	ck_assert_uint_eq(p2.data[0] >> 4, 6);
	ck_assert_uint_eq(p2.len, IPV6_UDP_LEN);
	ck_assert_uint_eq(p2.wire_len, IPV6_UDP_LEN);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_linux_cooked_non_ip_protocol_is_skipped)
{
	struct capture_pcap_stats st;
	struct capture_pcap *cp;
	struct packet p;

	sll(rec_new(), 0x0806);
	put(&recs[0], "arp-ish", 7);
	write_pcap(DLT_LINUX_SLL);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p), 0);
	capture_pcap_stats(cp, &st);
	ck_assert_uint_eq(skipped_n, 1);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_short_linux_cooked_v2_record_is_truncated)
{
	struct capture_pcap_stats st;
	struct capture_pcap *cp;
	struct packet p;

	sll2(rec_new(), 0x0800);
	recs[0].caplen = 19;
	write_pcap(DLT_LINUX_SLL2);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p), 0);
	capture_pcap_stats(cp, &st);
	ck_assert_uint_eq(truncated_n, 1);
	capture_pcap_close(cp);
}
END_TEST

/* ---- BSD loopback ---- */

START_TEST(test_null_link_host_order_family_is_stripped)
{
	struct capture_pcap *cp;
	struct packet p1, p2;

	null_host(rec_new(), 2);
	ipv4_tcp(&recs[0]);
	null_host(rec_new(), 10);
	ipv6_udp(&recs[1]);
	write_pcap(DLT_NULL);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p1), 1);
	ck_assert_uint_eq(p1.data[0] >> 4, 4);
	ck_assert_uint_eq(p1.len, IPV4_TCP_LEN);
	ck_assert_uint_eq(p1.wire_len, IPV4_TCP_LEN);
	ck_assert_int_eq(next_ip(cp, &p2), 1);
	ck_assert_uint_eq(p2.data[0] >> 4, 6);
	ck_assert_uint_eq(p2.len, IPV6_UDP_LEN);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_null_link_family_from_other_byte_order_is_read)
{
	struct capture_pcap *cp;
	struct packet p1, p2;

	null_swapped(rec_new(), 2);
	ipv4_tcp(&recs[0]);
	null_swapped(rec_new(), 30);
	ipv6_udp(&recs[1]);
	write_pcap(DLT_NULL);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p1), 1);
	ck_assert_uint_eq(p1.data[0] >> 4, 4);
	ck_assert_int_eq(next_ip(cp, &p2), 1);
	ck_assert_uint_eq(p2.data[0] >> 4, 6);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_null_link_accepts_every_os_ipv6_family)
{
	struct capture_pcap_stats st;
	struct capture_pcap *cp;
	struct packet p;

	null_host(rec_new(), 10);
	ipv6_udp(&recs[0]);
	null_host(rec_new(), 24);
	ipv6_udp(&recs[1]);
	null_host(rec_new(), 28);
	ipv6_udp(&recs[2]);
	null_host(rec_new(), 30);
	ipv6_udp(&recs[3]);
	write_pcap(DLT_NULL);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p), 1);
	ck_assert_int_eq(next_ip(cp, &p), 1);
	ck_assert_int_eq(next_ip(cp, &p), 1);
	ck_assert_int_eq(next_ip(cp, &p), 1);
	ck_assert_uint_eq(p.data[0] >> 4, 6);
	ck_assert_int_eq(next_ip(cp, &p), 0);
	capture_pcap_stats(cp, &st);
	ck_assert_uint_eq(skipped_n, 0);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_null_link_unknown_family_is_skipped)
{
	struct capture_pcap_stats st;
	struct capture_pcap *cp;
	struct packet p;

	null_host(rec_new(), 7);
	ipv4_tcp(&recs[0]);
	write_pcap(DLT_NULL);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p), 0);
	capture_pcap_stats(cp, &st);
	ck_assert_uint_eq(truncated_n, 1	/* ltnull.unsupported_type */);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_loop_link_network_order_family_is_stripped)
{
	struct capture_pcap *cp;
	struct packet p1, p2;

	loop_hdr(rec_new(), 2);
	ipv4_tcp(&recs[0]);
	loop_hdr(rec_new(), 24);
	ipv6_udp(&recs[1]);
	write_pcap(DLT_LOOP);
	cp = open_ok();
	ck_assert_int_eq(capture_pcap_linktype(cp), DLT_LOOP);
	ck_assert_int_eq(next_ip(cp, &p1), 1);
	ck_assert_uint_eq(p1.data[0] >> 4, 4);
	ck_assert_uint_eq(p1.len, IPV4_TCP_LEN);
	ck_assert_int_eq(next_ip(cp, &p2), 1);
	ck_assert_uint_eq(p2.data[0] >> 4, 6);
	ck_assert_uint_eq(p2.wire_len, IPV6_UDP_LEN);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_short_loop_record_is_truncated)
{
	struct capture_pcap_stats st;
	struct capture_pcap *cp;
	struct packet p;

	loop_hdr(rec_new(), 2);
	recs[0].caplen = 3;
	write_pcap(DLT_LOOP);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p), 0);
	capture_pcap_stats(cp, &st);
	ck_assert_uint_eq(truncated_n, 1);
	capture_pcap_close(cp);
}
END_TEST

/* ---- pcapng ---- */

START_TEST(test_pcapng_file_is_read)
{
	struct capture_pcap *cp;
	struct packet p1, p2;

	eth(rec_new(), 0x0800);
	ipv4_tcp(&recs[0]);
	eth(rec_new(), 0x86dd);
	ipv6_udp(&recs[1]);
	write_pcapng();
	cp = open_ok();
	ck_assert_int_eq(capture_pcap_linktype(cp), DLT_EN10MB);
	ck_assert_int_eq(next_ip(cp, &p1), 1);
	ck_assert_uint_eq(p1.data[0] >> 4, 4);
	ck_assert_uint_eq(p1.len, IPV4_TCP_LEN);
	ck_assert_uint_eq(p1.wire_len, IPV4_TCP_LEN);
	ck_assert_int_eq(p1.ts.tv_sec, TS_SEC);
	ck_assert_int_eq(p1.ts.tv_nsec, TS_USEC * 1000L);
	ck_assert_int_eq(next_ip(cp, &p2), 1);
	ck_assert_uint_eq(p2.data[0] >> 4, 6);
	ck_assert_uint_eq(p2.len, IPV6_UDP_LEN);
	ck_assert_int_eq(p2.ts.tv_sec, TS_SEC + 1);
	ck_assert_int_eq(next_ip(cp, &p2), 0);
	capture_pcap_close(cp);
}
END_TEST

/* ---- end of file, errors, stats ---- */

START_TEST(test_end_of_file_returns_zero_and_stays_there)
{
	struct capture_pcap *cp;
	struct packet p;

	ipv4_tcp(rec_new());
	write_pcap(DLT_RAW);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p), 1);
	ck_assert_int_eq(next_ip(cp, &p), 0);
	ck_assert_ptr_null(p.data);
	ck_assert_int_eq(next_ip(cp, &p), 0);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_packet_is_zeroed_before_it_is_filled)
{
	struct capture_pcap *cp;
	struct packet p;

	ipv4_tcp(rec_new());
	write_pcap(DLT_RAW);
	memset(&p, 0xa5, sizeof(p));
	cp = open_ok();
	ck_assert_int_eq(capture_pcap_next(cp, &p, err, sizeof(err)), 1);
	ck_assert_uint_eq(p.queue, 0);
	ck_assert_uint_eq(p.ip_version, 0);
	ck_assert_uint_eq(p.events[0], 0);
	ck_assert_ptr_null(p.l4);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_stats_count_records_and_captured_bytes)
{
	struct capture_pcap_stats st;
	struct capture_pcap *cp;
	struct packet p;

	eth(rec_new(), 0x0800);
	ipv4_tcp(&recs[0]);
	arp(rec_new());
	eth(rec_new(), 0x0800);
	recs[2].caplen = 6;
	write_pcap(DLT_EN10MB);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p), 1);
	ck_assert_int_eq(next_ip(cp, &p), 0);
	capture_pcap_stats(cp, &st);
	ck_assert_uint_eq(st.packets, 3);
	ck_assert_uint_eq(st.bytes, recs[0].caplen + recs[1].caplen + 6);
	ck_assert_uint_eq(skipped_n, 1);
	ck_assert_uint_eq(truncated_n, 1);
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_cut_last_record_yields_earlier_packets_then_error)
{
	struct capture_pcap *cp;
	struct packet p;

	eth(rec_new(), 0x0800);
	ipv4_tcp(&recs[0]);
	eth(rec_new(), 0x86dd);
	ipv6_udp(&recs[1]);
	eth(rec_new(), 0x0800);
	ipv4_tcp(&recs[2]);
	write_pcap(DLT_EN10MB);
	ck_assert_int_eq(truncate(cap_path,
	    file_size() - (16 + recs[2].caplen) / 2), 0);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p), 1);
	ck_assert_int_eq(next_ip(cp, &p), 1);
	ck_assert_int_eq(next_ip(cp, &p), -1);
	ck_assert_ptr_nonnull(strstr(err, cap_path));
	ck_assert_ptr_nonnull(strstr(err, ": packet 3: truncated record ("));
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_cut_record_header_is_an_error)
{
	struct capture_pcap *cp;
	struct packet p;

	ipv4_tcp(rec_new());
	ipv6_udp(rec_new());
	write_pcap(DLT_RAW);
	ck_assert_int_eq(truncate(cap_path,
	    file_size() - recs[1].caplen - 8), 0);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p), 1);
	ck_assert_int_eq(next_ip(cp, &p), -1);
	ck_assert_ptr_nonnull(strstr(err, ": packet 2: truncated record ("));
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_error_repeats_on_later_calls)
{
	struct capture_pcap *cp;
	struct packet p;

	ipv4_tcp(rec_new());
	write_pcap(DLT_RAW);
	ck_assert_int_eq(truncate(cap_path, file_size() - 10), 0);
	cp = open_ok();
	ck_assert_int_eq(next_ip(cp, &p), -1);
	err[0] = '\0';
	ck_assert_int_eq(next_ip(cp, &p), -1);
	ck_assert_ptr_nonnull(strstr(err, ": packet 1: truncated record ("));
	capture_pcap_close(cp);
}
END_TEST

START_TEST(test_missing_file_error_names_file)
{
	ck_assert_ptr_null(capture_pcap_open("/nonexistent/quell.pcap", err,
	    sizeof(err)));
	ck_assert_str_eq(err,
	    "/nonexistent/quell.pcap: cannot open: No such file or directory");
}
END_TEST

START_TEST(test_unsupported_link_type_is_named)
{
	static const uint8_t frame[24];

	put(rec_new(), frame, sizeof(frame));
	write_pcap(DLT_IEEE802_11);
	ck_assert_ptr_null(capture_pcap_open(cap_path, err, sizeof(err)));
	ck_assert_ptr_nonnull(strstr(err, cap_path));
	ck_assert_ptr_nonnull(strstr(err,
	    ": unsupported link type IEEE802_11 (105)"));
}
END_TEST

START_TEST(test_text_file_is_not_a_capture)
{
	FILE *fp = fopen(cap_path, "w");

	ck_assert_ptr_nonnull(fp);
	fputs("GET / HTTP/1.1\r\nHost: example.com\r\n\r\n", fp);
	ck_assert_int_eq(fclose(fp), 0);
	ck_assert_ptr_null(capture_pcap_open(cap_path, err, sizeof(err)));
	ck_assert_ptr_nonnull(strstr(err, cap_path));
	ck_assert_ptr_nonnull(strstr(err, ": not a readable pcap or pcapng "
	    "capture: "));
}
END_TEST

START_TEST(test_close_accepts_null)
{
	capture_pcap_close(NULL);
}
END_TEST

static Suite *
capture_pcap_suite(void)
{
	Suite *s = suite_create("capture_pcap");
	TCase *tc;

	tc = tcase_create("ethernet");
	tcase_add_unchecked_fixture(tc, dir_setup, dir_teardown);
	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_ethernet_ipv4_packet_starts_at_ip_header);
	tcase_add_test(tc, test_ethernet_ipv6_packet_starts_at_ip_header);
	tcase_add_test(tc, test_records_keep_their_timestamps_in_order);
	tcase_add_test(tc, test_nanosecond_capture_keeps_nanoseconds);
	tcase_add_test(tc, test_snapped_record_has_wire_len_beyond_len);
	tcase_add_test(tc, test_ethernet_padding_stays_in_len);
	tcase_add_test(tc, test_vlan_tag_is_stripped);
	tcase_add_test(tc, test_qinq_tags_are_stripped);
	tcase_add_test(tc, test_old_qinq_ethertype_is_stripped);
	tcase_add_test(tc, test_five_stacked_vlan_tags_are_too_many_layers);
	tcase_add_test(tc, test_arp_is_skipped_and_counted);
	tcase_add_test(tc, test_record_shorter_than_ethernet_header_is_truncated);
	tcase_add_test(tc, test_record_cut_inside_vlan_tag_is_truncated);
	tcase_add_test(tc, test_returned_packet_decodes_as_tcp);
	suite_add_tcase(s, tc);

	tc = tcase_create("raw");
	tcase_add_unchecked_fixture(tc, dir_setup, dir_teardown);
	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_raw_link_returns_ipv4_and_ipv6_records);
	tcase_add_test(tc, test_raw_link_reports_dlt_raw);
	tcase_add_test(tc, test_ipv4_link_returns_ipv4_record);
	tcase_add_test(tc, test_ipv6_link_returns_ipv6_record);
	suite_add_tcase(s, tc);

	tc = tcase_create("cooked");
	tcase_add_unchecked_fixture(tc, dir_setup, dir_teardown);
	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_linux_cooked_v1_header_is_stripped);
	tcase_add_test(tc, test_linux_cooked_v2_header_is_stripped);
	tcase_add_test(tc, test_linux_cooked_non_ip_protocol_is_skipped);
	tcase_add_test(tc, test_short_linux_cooked_v2_record_is_truncated);
	suite_add_tcase(s, tc);

	tc = tcase_create("loopback");
	tcase_add_unchecked_fixture(tc, dir_setup, dir_teardown);
	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_null_link_host_order_family_is_stripped);
	tcase_add_test(tc, test_null_link_family_from_other_byte_order_is_read);
	tcase_add_test(tc, test_null_link_accepts_every_os_ipv6_family);
	tcase_add_test(tc, test_null_link_unknown_family_is_skipped);
	tcase_add_test(tc, test_loop_link_network_order_family_is_stripped);
	tcase_add_test(tc, test_short_loop_record_is_truncated);
	suite_add_tcase(s, tc);

	tc = tcase_create("pcapng");
	tcase_add_unchecked_fixture(tc, dir_setup, dir_teardown);
	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_pcapng_file_is_read);
	suite_add_tcase(s, tc);

	tc = tcase_create("errors");
	tcase_add_unchecked_fixture(tc, dir_setup, dir_teardown);
	tcase_add_checked_fixture(tc, setup, NULL);
	tcase_add_test(tc, test_end_of_file_returns_zero_and_stays_there);
	tcase_add_test(tc, test_packet_is_zeroed_before_it_is_filled);
	tcase_add_test(tc, test_stats_count_records_and_captured_bytes);
	tcase_add_test(tc, test_cut_last_record_yields_earlier_packets_then_error);
	tcase_add_test(tc, test_cut_record_header_is_an_error);
	tcase_add_test(tc, test_error_repeats_on_later_calls);
	tcase_add_test(tc, test_missing_file_error_names_file);
	tcase_add_test(tc, test_unsupported_link_type_is_named);
	tcase_add_test(tc, test_text_file_is_not_a_capture);
	tcase_add_test(tc, test_close_accepts_null);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner *sr = srunner_create(capture_pcap_suite());
	int failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
